import type { SearchHit } from './search.ts';

/**
 * The precision pass (`rerank=true`): a second scorer over the fused top candidates that reads the text
 * itself. Score = (1 - cosine distance) + TERM_WEIGHT * share of the query's content words (stemmed by a
 * light suffix rule) found in the chunk + BIGRAM_WEIGHT * share of the query's adjacent word pairs found
 * in order. Ties keep the fused order.
 */
export const TERM_WEIGHT = 0.5;
export const BIGRAM_WEIGHT = 0.3;

const STOP = new Set(
  'a an and are as at be been but by can could did do does for from had has have how i in into is it its me my of on or our so than that the their them then there these they this to was we were what when where which who why will with would you your about any did does management talk say said tell'.split(
    ' ',
  ),
);

export function stem(w: string): string {
  return w.replace(/(ing|ed|es|s|ly)$/, '').slice(0, 7);
}

export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !STOP.has(w)).map(stem);
}

export function rerankScore(query: string, hit: SearchHit): number {
  const q = contentWords(query);
  if (q.length === 0) return 1 - hit.distance;
  const words = contentWords(hit.text);
  const set = new Set(words);
  const uniq = [...new Set(q)];
  const terms = uniq.filter((w) => set.has(w)).length / uniq.length;
  const pairs = new Set(words.slice(1).map((w, i) => `${words[i]} ${w}`));
  const qPairs = q.slice(1).map((w, i) => `${q[i]} ${w}`);
  const bigrams = qPairs.length ? qPairs.filter((p) => pairs.has(p)).length / qPairs.length : 0;
  return 1 - hit.distance + TERM_WEIGHT * terms + BIGRAM_WEIGHT * bigrams;
}

export function rerankCandidates(query: string, hits: SearchHit[]): SearchHit[] {
  return hits
    .map((h, i) => ({ h, i, s: rerankScore(query, h) }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((e) => e.h);
}
