import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidates, search } from '../../api/retrieval/search.ts';
import { documentsJob } from '../../jobs/retrieval/documents.job.ts';
import { TRANSCRIPT_URLS } from '../../jobs/retrieval/sources.ts';
import type { DatasetJob } from '../../jobs/types.ts';
import type { Database } from '../../lib/db.ts';
import { type Embedder, normalize } from '../../lib/embeddings.ts';
import { embedPendingChunks, pendingChunkCount } from '../../loaders/retrieval.ts';
import { EMBEDDING_DIMENSIONS } from '../../schema/retrieval.ts';
import { createTestDatabase } from '../helpers/db.ts';

// The embedding step after the load (issue 13): chunks are written without vectors, embedded in batches of
// short transactions, resumable, re-embedded on a model change, never mixed. A bag-of-words hashing
// embedder (a real, deterministic one: each word adds 1 to the dimension its SHA-1 names) keeps this
// fast; the offline model runs in the contract test.
function hashingEmbedder(model: string): Embedder & { calls: number } {
  return {
    model,
    dimensions: EMBEDDING_DIMENSIONS,
    calls: 0,
    async embed(texts) {
      this.calls += texts.length;
      return texts.map((t) => {
        const v = new Array<number>(EMBEDDING_DIMENSIONS).fill(0);
        for (const w of t.toLowerCase().match(/[a-z0-9]+/g) ?? [])
          v[createHash('sha1').update(w).digest().readUInt16BE(0) % EMBEDDING_DIMENSIONS]! += 1;
        return normalize(v);
      });
    },
  };
}

let database: Database;
// The AIG Q1 2021 call (Motley Fool JSON): its CFO names the winter storms' cost
const URL_AIG = TRANSCRIPT_URLS.find((u) => u.includes('AIG_q1_2021'))!;
let chunkCount = 0;

async function loadAig() {
  const bytes = readFileSync(`fixtures/upstream/${URL_AIG.slice('https://'.length)}`);
  const key = `tr:${URL_AIG}`;
  const doc = { url: URL_AIG, bytes, sha256: 'x', fetchedAt: '2026-01-30T08:15:00.000Z', contentType: null };
  const { rows } = await (documentsJob as DatasetJob).parse([doc], key);
  await database.db.transaction((tx) => (documentsJob as DatasetJob).load(tx, rows, key));
}

beforeAll(async () => {
  database = await createTestDatabase();
  await loadAig();
  const [r] = await database.query<{ n: number }>('select count(*)::int as n from retrieval_chunks');
  chunkCount = r!.n;
});

afterAll(async () => {
  await database?.close();
});

const QUERY = 'winter storms catastrophe losses';

describe('embedding after the load', () => {
  it('loads chunks without vectors; full text answers meanwhile (null distance), vector search waits', async () => {
    const a = hashingEmbedder('hash-a');
    expect(chunkCount).toBeGreaterThan(20);
    expect(await pendingChunkCount(database, a.model)).toBe(chunkCount);
    const text = await search(database, a, { query: QUERY, filters: {}, topK: 5, mode: 'rerank' });
    expect(text.length).toBe(5);
    expect(text.every((h) => h.distance === null)).toBe(true);
    expect(text.some((h) => /winter storms/i.test(h.text))).toBe(true);
    expect(await search(database, a, { query: QUERY, filters: {}, topK: 5, mode: 'vector' })).toEqual([]);
  });

  it('embeds in batches that each commit, stops between batches and resumes where it stopped', async () => {
    const a = hashingEmbedder('hash-a');
    const stop = new AbortController();
    const first = await embedPendingChunks(database, a, {
      batch: 16,
      signal: stop.signal,
      onProgress: () => stop.abort(),
    });
    expect(first).toBe(16);
    expect(await pendingChunkCount(database, a.model)).toBe(chunkCount - 16);
    const rest = await embedPendingChunks(database, a, { batch: 16 });
    expect(rest).toBe(chunkCount - 16);
    expect(a.calls).toBe(chunkCount); // nothing embedded twice
    const [m] = await database.query<{ model: string; dims: number; n: number }>(
      `select embedding_model as model, embedding_dimensions as dims, count(*)::int as n
         from retrieval_chunks group by 1, 2`,
    );
    expect(m).toEqual({ model: 'hash-a', dims: 512, n: chunkCount });
    const v = await search(database, a, { query: QUERY, filters: {}, topK: 5, mode: 'vector' });
    expect(v.length).toBe(5);
    expect(v.every((h) => typeof h.distance === 'number')).toBe(true);
  });

  it('keeps the vector of an unchanged chunk on re-index, clears the one whose text changed', async () => {
    const [c] = await database.query<{ id: string }>('select id from retrieval_chunks order by id limit 1');
    await database.query(`update retrieval_chunks set text = text || ' (edited)' where id = $1`, [c!.id]);
    await loadAig();
    const pending = await database.query<{ id: string }>(
      `select id from retrieval_chunks where embedding is null or embedding_model is distinct from 'hash-a'`,
    );
    expect(pending).toEqual([{ id: c!.id }]);
    expect(await embedPendingChunks(database, hashingEmbedder('hash-a'))).toBe(1);
  });

  it('re-embeds every chunk on a model change and never compares vectors of two models', async () => {
    const a = hashingEmbedder('hash-a');
    const b = hashingEmbedder('hash-b');
    expect(await pendingChunkCount(database, b.model)).toBe(chunkCount);
    // model b's query vector is never compared with model a's chunk vectors
    expect(await search(database, b, { query: QUERY, filters: {}, topK: 5, mode: 'vector' })).toEqual([]);
    const hybrid = await search(database, b, { query: QUERY, filters: {}, topK: 5, mode: 'hybrid' });
    expect(hybrid.every((h) => h.distance === null)).toBe(true);
    expect(await embedPendingChunks(database, b, { batch: 40 })).toBe(chunkCount);
    expect(await pendingChunkCount(database, b.model)).toBe(0);
    expect(await search(database, a, { query: QUERY, filters: {}, topK: 5, mode: 'vector' })).toEqual([]);
    expect((await search(database, b, { query: QUERY, filters: {}, topK: 5, mode: 'vector' })).length).toBe(
      5,
    );
  });
});

describe("the rerank's word-vector neighbour list", () => {
  it('adds passages to the rerank pool that only a neighbour of a query word finds; hybrid is unchanged', async () => {
    const embedder = hashingEmbedder('hash-neighbours');
    const query = 'How quickly did business abroad expand?';
    const req = { query, filters: {}, topK: 10 } as const;
    // vectors pending for this model: the pools are full text alone. "business" is in more than 10% of the
    // call's chunks, so it does not match alone; "quickly" and "expand" find three chunks
    const hybrid = await candidates(database, embedder, { ...req, mode: 'hybrid' });
    const without = await candidates(database, embedder, { ...req, mode: 'rerank', expand: { weight: 0 } });
    const rerank = await candidates(database, embedder, { ...req, mode: 'rerank' });
    expect(hybrid.map((h) => h.id)).toEqual(without.map((h) => h.id));
    expect(without).toHaveLength(3);
    // "business" brings "industry" and "companies", "abroad" "overseas" and "elsewhere"
    expect(rerank.length).toBeGreaterThan(10);
    const added = rerank.filter((h) => !without.some((w) => w.id === h.id));
    expect(added.some((h) => /\bindustry\b/i.test(h.text) && !/quick|abroad|expand/i.test(h.text))).toBe(
      true,
    );
    const top = await search(database, embedder, { ...req, mode: 'rerank' });
    expect(top).toHaveLength(10);
  });
});
