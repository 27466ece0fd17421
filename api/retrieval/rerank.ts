import type { SearchHit } from './search.ts';

/**
 * The precision pass (`rerank=true`): a second scorer over every fused candidate (up to the vector and
 * full-text top lists together) that reads the text itself:
 *   score = (1 - cosine distance)
 *         + TERM_WEIGHT   x IDF-weighted share of the query's content words found in the chunk
 *         + BIGRAM_WEIGHT x share of the query's adjacent content-word pairs found in the chunk
 *         + FUSED_WEIGHT  / (1 + fused rank / 10)
 * Words are lower-cased, stop words dropped, and stemmed by a light suffix rule (first 7 letters after
 * removing -ing/-ed/-es/-s/-ly). IDF is computed over the candidate pool, so a rare word ("Clarfeld",
 * "NIM") counts more than a common one ("quarter"). Ties keep the fused order.
 */
export const TERM_WEIGHT = 0.6;
export const BIGRAM_WEIGHT = 0.3;
export const FUSED_WEIGHT = 0.15;

const STOP = new Set(
  'a an and are as at be been but by can could did do does for from had has have how i in into is it its me my of on or our so than that the their them then there these they this to was we were what when where which who why will with would you your about any many much'.split(
    ' ',
  ),
);

export function stem(w: string): string {
  return w.replace(/(ing|ed|es|s|ly)$/, '').slice(0, 7);
}

export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !STOP.has(w)).map(stem);
}

export function rerankCandidates(query: string, hits: SearchHit[]): SearchHit[] {
  const q = [...new Set(contentWords(query))];
  const qWords = contentWords(query);
  const qPairs = qWords.slice(1).map((w, i) => `${qWords[i]} ${w}`);
  const docs = hits.map((h) => {
    const words = contentWords(h.text);
    return { set: new Set(words), pairs: new Set(words.slice(1).map((w, i) => `${words[i]} ${w}`)) };
  });
  const idf = new Map(
    q.map((w) => [w, Math.log(1 + hits.length / (1 + docs.filter((d) => d.set.has(w)).length))]),
  );
  const idfTotal = [...idf.values()].reduce((a, b) => a + b, 0) || 1;
  return hits
    .map((h, i) => {
      const d = docs[i]!;
      const terms = q.reduce((s, w) => s + (d.set.has(w) ? idf.get(w)! : 0), 0) / idfTotal;
      const bigrams = qPairs.length ? qPairs.filter((p) => d.pairs.has(p)).length / qPairs.length : 0;
      const s = 1 - (h.distance ?? 1) + TERM_WEIGHT * terms + BIGRAM_WEIGHT * bigrams + FUSED_WEIGHT / (1 + i / 10);
      return { h, i, s };
    })
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((e) => e.h);
}
