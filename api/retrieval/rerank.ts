import type { WordVectors } from '../../lib/word-vectors.ts';
import { LEXICON } from './lexicon.ts';
import type { SearchHit } from './search.ts';

/**
 * The precision pass (`rerank=true`): a second scorer over every fused candidate (the vector and full-text
 * top lists together) that reads the text of each chunk:
 *   score = COSINE   x (1 - cosine distance)  (weight 0 since the window: the vector side counts through
 *                      the fused rank)
 *         + SOFT     x the best sentence's IDF-weighted soft share of the query's terms (a query word the
 *                      sentence lacks counts by its nearest sentence word in the English word vectors,
 *                      lib/word-vectors.ts; proximity: the terms of an answer sit in one sentence, not
 *                      spread over a long turn)
 *         + WINDOW   x the same share over the best window of two consecutive sentences (shares)
 *         + SENTENCE x the best sentence's share with exact terms only (weight 0 since the soft share)
 *         + FUSED    / (1 + fused rank / 10)
 * Terms: the query's content words (lower-cased, stop words dropped, light suffix stemming), plus one term
 * per lexicon group (lexicon.ts) a query phrase belongs to, matched by any phrase of the group, at weight
 * EXPANSION. IDF is computed over the candidate pool, so a rare word ("Clarfeld", "NIM") counts more than
 * a common one ("quarter"). A chunk whose vector is pending (null distance) takes the pool's lowest cosine
 * similarity. Ties keep the fused order. Without word vectors the window matches exact terms only.
 * Weights chosen on the dev half of `npm run quality:retrieval` (a grid over COSINE, SOFT, WINDOW, FUSED;
 * a broad plateau of dev recall@10 0.900 needs COSINE at most 0.05 and a window weight of 0.4 to 1.2),
 * held-out looked at after: rerank recall@10 dev 0.867 -> 0.900 (MRR 0.725 -> 0.702), held-out 0.714 ->
 * 0.750 (MRR 0.570 -> 0.591); with the ticker filter dev 0.867 -> 0.900, held-out 0.714 -> 0.786. Before
 * the window (COSINE 0.5, SOFT 1.2): dev 0.867, held-out 0.714. Tried and dropped (docs/retrieval.md): a
 * BM25 term over the whole chunk, also with soft term frequencies; the sentence's coverage of the query
 * in the other direction (its words' nearest query word) and their F1; SIF sentence and chunk vectors
 * (GloVe-rank or corpus word frequencies, first principal component of the pool removed); a pairwise
 * logistic regression over all of these; a bonus for a figure in the sentence of a "how much" question.
 */
export const WEIGHTS: Weights = {
  COSINE: 0,
  SENTENCE: 0,
  FUSED: 0.2,
  EXPANSION: 1,
  SOFT: 0.4,
  WINDOW: 0.8,
  SIMILAR: 0.3,
};
export interface Weights {
  COSINE: number;
  SENTENCE: number;
  FUSED: number;
  EXPANSION: number;
  /** Weight of the best sentence's soft share of the query's terms (shares). */
  SOFT: number;
  /** Weight of the best two-sentence window's soft share (shares). */
  WINDOW: number;
  /** Word-vector cosine below which a word is no match for a query word (sentenceMatches). */
  SIMILAR: number;
}

export const STOP = new Set(
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
  /** A lexicon group's term (else one word of the query). */
  group: boolean;
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
    group: false,
  }));
  const groups = GROUPS.filter((g) => g.some((p) => holds(q, p.stems))).map((g) => ({
    phrases: g.map((p) => p.stems).filter((s) => s.length > 0),
    weight: expansion,
    words: g.map((p) => p.words.filter((w) => !STOP.has(w))).filter((w) => w.length > 0),
    group: true,
  }));
  return [...words, ...groups];
}

const tf = (seq: string[], t: Term) => t.phrases.reduce((n, p) => n + count(seq, p), 0);

const SENTENCE = /[^.!?\n]+(?:[.!?]+|$)/g;

/** Per candidate: cosine similarity, the best sentence's share of the query's terms, and its soft share. */
export interface Features {
  cos: number[];
  sentence: number[];
  soft: number[];
  /** The best two-sentence window's soft share (exact terms only without word vectors). */
  window: number[];
}

export function features(
  query: string,
  hits: SearchHit[],
  expansion: number = WEIGHTS.EXPANSION,
  vectors?: WordVectors,
  similar: number = WEIGHTS.SIMILAR,
): Features {
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
  const sh = shares(sentenceMatches(hits, terms, vectors, similar), idf);
  return {
    cos: hits.map((h) => (h.distance === null ? floor : 1 - h.distance)),
    sentence,
    soft: vectors ? sh.soft : hits.map(() => 0),
    window: sh.window,
  };
}

const rawWords = (text: string) => (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !STOP.has(w));

/**
 * Per chunk, per sentence, per query term: how well the sentence matches the term, in [0, 1]. A term the
 * sentence holds (a word, or any phrase of a lexicon group) matches 1. With word vectors
 * (lib/word-vectors.ts), a query word the sentence does not hold matches by its nearest sentence word: a
 * cosine c at or above SIMILAR counts (c - SIMILAR) / (1 - SIMILAR) ("died" finds "death", "overseas"
 * finds "international", "quicker" finds "faster"); without them only held terms match.
 */
function sentenceMatches(
  hits: SearchHit[],
  terms: Term[],
  vectors: WordVectors | undefined,
  similar: number,
): number[][][] {
  const qRows = terms.map((t) => (t.group || !vectors ? -1 : vectors.row(t.words[0]![0]!)));
  // a pool word's best match per query term, computed once per distinct word
  const near = new Map<string, number[]>();
  const nearOf = (w: string): number[] => {
    let m = near.get(w);
    if (!m) {
      const r = vectors ? vectors.row(w) : -1;
      m = qRows.map((q) => {
        if (q < 0 || r < 0) return 0;
        const c = vectors!.similarity(q, r);
        return c < similar ? 0 : Math.min(1, (c - similar) / (1 - similar));
      });
      near.set(w, m);
    }
    return m;
  };
  return hits.map((h) =>
    (h.text.match(SENTENCE) ?? []).map((s) => {
      const raw = rawWords(s);
      const stems = raw.map(stem);
      return terms.map((t, k) => {
        let m = tf(stems, t) > 0 ? 1 : 0;
        if (m === 0 && qRows[k]! >= 0) for (const w of raw) m = Math.max(m, nearOf(w)[k]!);
        return m;
      });
    }),
  );
}

/**
 * From the sentence matches: `soft`, the best sentence's IDF-weighted share of the query's terms, and
 * `window`, the same over the best window of two consecutive sentences (a term counts by its better match
 * in either sentence; a one-sentence chunk's window is its sentence). The window is the rerank's main term
 * (WEIGHTS): an answer often names its subject in one sentence and gives the figure in the next ("...the
 * betas in that space..." / "...retrace that as rates have come down"), which the best single sentence
 * splits.
 */
function shares(matches: number[][][], idf: number[]): { soft: number[]; window: number[] } {
  const idfTotal = idf.reduce((a, b) => a + b, 0) || 1;
  const share = (m: number[]) => m.reduce((a, x, k) => a + idf[k]! * x, 0) / idfTotal;
  return {
    soft: matches.map((ss) => Math.max(0, ...ss.map(share))),
    window: matches.map((ss) =>
      Math.max(
        0,
        ...ss.map((a, i) => {
          const b = ss[i + 1];
          return share(b ? a.map((x, k) => Math.max(x, b[k]!)) : a);
        }),
      ),
    ),
  };
}

/** Orders candidates (in fused order) by the combined score; ties keep the fused order. */
export function combine<T>(hits: T[], f: Features, w: Weights = WEIGHTS): T[] {
  return hits
    .map((h, i) => ({
      h,
      i,
      s:
        w.COSINE * f.cos[i]! +
        w.SENTENCE * f.sentence[i]! +
        w.SOFT * f.soft[i]! +
        w.WINDOW * f.window[i]! +
        w.FUSED / (1 + i / 10),
    }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((e) => e.h);
}

/**
 * One passage, one place in the list: a chunk whose span overlaps a chunk ranked above it (same document
 * and segment; the chunker repeats a chunk's last paragraph or sentence at the start of the next) moves
 * after every chunk that overlaps none above it, in rank order. Overlapping neighbours otherwise take two
 * of the ten places for mostly the same text (41 of the 580 top-10 places of the rerank over the 58
 * questions, no filter). Chosen on the dev half of `npm run quality:retrieval` (rerank recall@10 0.900 =,
 * MRR 0.702 -> 0.705; ticker filter 0.709 -> 0.713), held-out read after: 0.750 =, MRR 0.591 -> 0.592;
 * with the ticker filter recall@10 0.786 -> 0.821. Demoting only an overlap of more than a quarter of the
 * shorter chunk changed nothing.
 */
export function spread<
  T extends { documentId: string; segmentSequence: number; charStart: number; charEnd: number },
>(hits: T[]): T[] {
  const kept: T[] = [];
  const later: T[] = [];
  const spans = new Map<string, [number, number][]>();
  for (const h of hits) {
    const key = `${h.documentId}\u0000${h.segmentSequence}`;
    const seen = spans.get(key) ?? [];
    if (seen.some(([a, b]) => h.charStart < b && h.charEnd > a)) later.push(h);
    else {
      kept.push(h);
      seen.push([h.charStart, h.charEnd]);
      spans.set(key, seen);
    }
  }
  return [...kept, ...later];
}

export function rerankCandidates(
  query: string,
  hits: SearchHit[],
  w: Weights = WEIGHTS,
  vectors?: WordVectors,
): SearchHit[] {
  return combine(hits, features(query, hits, w.EXPANSION, vectors, w.SIMILAR), w);
}
