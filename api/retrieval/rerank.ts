import { LEXICON } from './lexicon.ts';
import type { SearchHit } from './search.ts';

/**
 * The precision pass (`rerank=true`): a second scorer over every fused candidate (the vector and full-text
 * top lists together) that reads the text of each chunk:
 *   score = COSINE   x (1 - cosine distance)
 *         + SENTENCE x the best sentence's IDF-weighted share of the query's terms (proximity: the terms
 *                      of an answer sit in one sentence, not spread over a long turn)
 *         + FUSED    / (1 + fused rank / 10)
 * Terms: the query's content words (lower-cased, stop words dropped, light suffix stemming), plus one term
 * per lexicon group (lexicon.ts) a query phrase belongs to, matched by any phrase of the group, at weight
 * EXPANSION. IDF is computed over the candidate pool, so a rare word ("Clarfeld", "NIM") counts more than
 * a common one ("quarter"). A chunk whose vector is pending (null distance) takes the pool's lowest cosine
 * similarity. Ties keep the fused order. Weights chosen by a grid search on the dev half of `npm run
 * quality:retrieval` (dev recall@10 0.800 -> 0.867); a BM25 term over the whole chunk (k1 1.2, b 0.75)
 * was tried and dropped: every dev optimum gave it weight 0 (long turns win on counts, not on answers).
 */
export const WEIGHTS: Weights = { COSINE: 0.5, SENTENCE: 0.8, FUSED: 0.4, EXPANSION: 1 };
export interface Weights {
  COSINE: number;
  SENTENCE: number;
  FUSED: number;
  EXPANSION: number;
}

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

/** A query term: matched when any of its phrases (content-word stems, in order) occurs in the text. */
export interface Term {
  phrases: string[][];
  weight: number;
  /** The words as written, for the full-text query. */
  words: string[][];
}

const GROUPS = LEXICON.map((g) =>
  g.map((p) => ({ stems: contentWords(p), words: p.toLowerCase().match(/[a-z0-9]+/g) ?? [] })),
);

const holds = (seq: string[], phrase: string[]) => count(seq, phrase) > 0;
function count(seq: string[], phrase: string[]): number {
  if (phrase.length === 0) return 0;
  let n = 0;
  outer: for (let i = 0; i + phrase.length <= seq.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (seq[i + j] !== phrase[j]) continue outer;
    n++;
  }
  return n;
}

/** The query's terms: each content word once, then one term per lexicon group a query phrase belongs to. */
export function queryTerms(query: string, expansion: number = WEIGHTS.EXPANSION): Term[] {
  const q = contentWords(query);
  const raw = (query.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !STOP.has(w));
  const words: Term[] = [...new Set(q)].map((s) => ({
    phrases: [[s]],
    weight: 1,
    words: [[raw[q.indexOf(s)]!]],
  }));
  const groups = GROUPS.filter((g) => g.some((p) => holds(q, p.stems))).map((g) => ({
    phrases: g.map((p) => p.stems).filter((s) => s.length > 0),
    weight: expansion,
    words: g.map((p) => p.words.filter((w) => !STOP.has(w))).filter((w) => w.length > 0),
  }));
  return [...words, ...groups];
}

const tf = (seq: string[], t: Term) => t.phrases.reduce((n, p) => n + count(seq, p), 0);

const SENTENCE = /[^.!?\n]+(?:[.!?]+|$)/g;

/** Per candidate: cosine similarity and the best sentence's share of the query's terms. */
export interface Features {
  cos: number[];
  sentence: number[];
}

export function features(query: string, hits: SearchHit[], expansion: number = WEIGHTS.EXPANSION): Features {
  const terms = queryTerms(query, expansion);
  const docs = hits.map((h) => ({
    words: contentWords(h.text),
    sentences: (h.text.match(SENTENCE) ?? []).map(contentWords),
  }));
  const n = hits.length;
  const idf = terms.map((t) => {
    const df = docs.filter((d) => tf(d.words, t) > 0).length;
    return t.weight * Math.log(1 + (n - df + 0.5) / (df + 0.5));
  });
  const idfTotal = idf.reduce((a, b) => a + b, 0) || 1;
  const sentence = docs.map((d) =>
    Math.max(
      0,
      ...d.sentences.map((s) => terms.reduce((a, t, k) => a + (tf(s, t) > 0 ? idf[k]! : 0), 0) / idfTotal),
    ),
  );
  const sims = hits.flatMap((h) => (h.distance === null ? [] : [1 - h.distance]));
  const floor = sims.length ? Math.min(...sims) : 0;
  return {
    cos: hits.map((h) => (h.distance === null ? floor : 1 - h.distance)),
    sentence,
  };
}

/** Orders candidates (in fused order) by the combined score; ties keep the fused order. */
export function combine<T>(hits: T[], f: Features, w: Weights = WEIGHTS): T[] {
  return hits
    .map((h, i) => ({
      h,
      i,
      s: w.COSINE * f.cos[i]! + w.SENTENCE * f.sentence[i]! + w.FUSED / (1 + i / 10),
    }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((e) => e.h);
}

export function rerankCandidates(query: string, hits: SearchHit[], w: Weights = WEIGHTS): SearchHit[] {
  return combine(hits, features(query, hits, w.EXPANSION), w);
}
