import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FULLTEXT_CANDIDATES, fulltextSearch } from '../../api/retrieval/search.ts';
import { QUESTIONS } from '../../cli/quality/retrieval-questions.ts';
import { documentsJob } from '../../jobs/retrieval/documents.job.ts';
import { TRANSCRIPT_URLS } from '../../jobs/retrieval/sources.ts';
import type { DatasetJob } from '../../jobs/types.ts';
import type { Database } from '../../lib/db.ts';
import { EMBEDDING_DIMENSIONS } from '../../schema/retrieval.ts';
import { createTestDatabase } from '../helpers/db.ts';

// The bound on the full-text query's work (issue 13, p99 at 1M chunks): it ranks at most
// FULLTEXT_CANDIDATES rows, matched by the query's rarest parts. On the six real calls (fewer chunks than
// the bound) it must change nothing; with a bound smaller than the index it must rank no more rows than the
// bound, and only rows that hold the rarest words. Full text needs no vectors (distance null).
let database: Database;
let chunkCount = 0;
const qv = new Array<number>(EMBEDDING_DIMENSIONS).fill(0);
const ids = async (query: string, candidates: number | null, limit = 100, tickers?: string[]) =>
  (await fulltextSearch(database, query, qv, tickers ? { tickers } : {}, 'none', limit, candidates)).map(
    (h) => h.id,
  );

beforeAll(async () => {
  database = await createTestDatabase();
  for (const url of TRANSCRIPT_URLS) {
    const bytes = readFileSync(`fixtures/upstream/${url.slice('https://'.length)}`);
    const key = `tr:${url}`;
    const doc = { url, bytes, sha256: 'x', fetchedAt: '2026-01-30T08:15:00.000Z', contentType: null };
    const { rows } = await (documentsJob as DatasetJob).parse([doc], key);
    await database.db.transaction((tx) => (documentsJob as DatasetJob).load(tx, rows, key));
  }
  // the statistics the part estimates read (the embedding step runs ANALYZE in production)
  await database.query('analyze retrieval_chunks');
  const [r] = await database.query<{ n: number }>('select count(*)::int as n from retrieval_chunks');
  chunkCount = r!.n;
});

afterAll(async () => {
  await database?.close();
});

describe('full-text query bounded by its rarest parts', () => {
  it('changes nothing on the six real calls: same top 100 as the unbounded query for every question', async () => {
    expect(chunkCount).toBeGreaterThan(600);
    expect(chunkCount).toBeLessThan(FULLTEXT_CANDIDATES);
    for (const q of QUESTIONS) {
      const unbounded = await ids(q.q, null);
      expect(unbounded.length, q.q).toBeGreaterThan(0);
      expect(await ids(q.q, FULLTEXT_CANDIDATES), q.q).toEqual(unbounded);
    }
    // and with a filter inside the query
    const q = 'What gross margin does AIG expect for catastrophe losses?';
    expect(await ids(q, FULLTEXT_CANDIDATES, 100, ['AIG'])).toEqual(await ids(q, null, 100, ['AIG']));
  });

  it('with a bound below the matches, ranks at most that many rows, all holding the rarest word', async () => {
    // "winter" is in 4 chunks (the AIG call's February 2021 storms), "losses" in 28
    const query = 'winter losses this quarter';
    const count = async (w: string) =>
      (
        await database.query<{ n: number }>(
          `select count(*)::int as n from retrieval_chunks where tsv @@ to_tsquery('english', $1)`,
          [w],
        )
      )[0]!.n;
    expect([await count('winter'), await count('losses')]).toEqual([4, 28]);
    // "this" and "quarter" are in over 10% of the chunks (COMMON_SHARE): they rank but do not match, so
    // the unbounded query ranks the 30 chunks holding winter or losses (two hold both)
    const unbounded = await ids(query, null);
    expect(unbounded.length).toBe(30);
    // bound 20: winter (4 of 665 in the statistics) fits, losses (28) does not
    const bounded = await fulltextSearch(database, query, qv, {}, 'none', 100, 20);
    expect(bounded.length).toBe(4);
    expect(bounded.every((h) => /winter/i.test(h.text))).toBe(true);
    // ranked as the unbounded query ranks them
    expect(bounded.map((h) => h.id)).toEqual(unbounded.filter((id) => bounded.some((h) => h.id === id)));
  });

  it('never leaves the match empty while a word the statistics hold is left', async () => {
    // two words in no chunk come first (the least estimate), then losses (28 chunks): with a bound of 20
    // the made-up words alone would fit and match nothing; losses is taken all the same, 20 rows ranked
    const hits = await fulltextSearch(database, 'zyzzyva quuxification losses', qv, {}, 'none', 100, 20);
    expect(hits.length).toBe(20);
    expect(hits.every((h) => /loss/i.test(h.text))).toBe(true);
  });
});
