import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentsJob } from '../../jobs/retrieval/documents.job.ts';
import { TRANSCRIPT_URLS } from '../../jobs/retrieval/sources.ts';
import type { DatasetJob, RawDocument } from '../../jobs/types.ts';
import type { Database } from '../../lib/db.ts';
import { type Embedder, EmbedderHandle, embedderHandle, remoteEmbedder } from '../../lib/embeddings.ts';
import { EMBEDDING_DIMENSIONS } from '../../schema/retrieval.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';
import { seedRegistry } from '../helpers/registry.ts';

// The service started with an embedder that cannot initialise: the configured embeddings endpoint (a real
// HTTP server on loopback) answers 500 to every request, so every attempt of the initialisation fails. The
// Apple Q1 FY2023 call is indexed by the real documents job (its chunks wait for vectors). Retrieval must
// keep answering from full text; /v1/ready and /v1/_status say why the embedder is not there.
let database: Database;
let api: RunningApi;
let endpoint: Server;
let endpointCalls = 0;
let fund: { key: string; accountId: string };

const AAPL_2023 = TRANSCRIPT_URLS.find((u) => /symbol=AAPL&year=2023/.test(u))!;
const doc = (url: string): RawDocument => {
  const bytes = readFileSync(`fixtures/upstream/${url.replace(/^https:\/\//, '')}`);
  return {
    url,
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    fetchedAt: '2026-01-30T08:15:00.000Z',
    contentType: null,
  };
};

beforeAll(async () => {
  endpoint = createServer((_req, res) => {
    endpointCalls++;
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end('{"error":"model not loaded"}');
  });
  await new Promise<void>((r) => endpoint.listen(0, '127.0.0.1', r));
  const port = (endpoint.address() as AddressInfo).port;
  // read by the process's embedder handle when it is first asked for (this file's process only)
  process.env.EMBEDDINGS_URL = `http://127.0.0.1:${port}/v1`;
  process.env.EMBEDDINGS_MODEL = 'text-embedding-3-small';
  database = await createApiTestDatabase();
  await seedRegistry(database, 400);
  const { rows } = await documentsJob.parse([doc(AAPL_2023)], `tr:${AAPL_2023}`);
  await database.db.transaction((tx) => (documentsJob as DatasetJob).load(tx, rows, `tr:${AAPL_2023}`));
  api = await startApi(database, { logLevel: 'warn' });
  fund = await accountWithKey(database, 'fund', 10_000);
}, 120_000);

afterAll(async () => {
  await api?.close();
  await database?.close();
  await new Promise((r) => endpoint?.close(r));
  delete process.env.EMBEDDINGS_URL;
  delete process.env.EMBEDDINGS_MODEL;
});

const retrieve = (body: unknown) =>
  api.get('/v1/retrieve', {
    key: fund.key,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('a start whose embedder fails', () => {
  it('reports not_started before anything asks for the embedder, without making the service not ready', async () => {
    const r = await api.get('/v1/ready');
    expect(r.status).toBe(200);
    const j = await r.json();
    expect(j.status).toBe('ready');
    expect(j.checks).toMatchObject({ config: 'ok', database: 'ok', embedder: 'not_started' });
    expect(j.embedder).toMatchObject({ state: 'not_started', model: 'text-embedding-3-small', attempts: 0 });
  });

  it('retrieve answers 200 from full text with null scores while the embedder fails, and status reports why', async () => {
    // what `etl serve` / `etl start` do once listening: initialise in the background (4 attempts, backoff)
    await expect(embedderHandle().get()).rejects.toThrow(/embeddings endpoint answered 500/);
    expect(endpointCalls).toBe(4);
    const r = await retrieve({
      query: 'gross margin between',
      filters: { tickers: ['AAPL'], year: 2023, quarter: 'Q1' },
      top_k: 3,
      rerank: true,
    });
    const j = await r.json();
    expect(r.status, JSON.stringify(j)).toBe(200);
    expect(j.chunks).toHaveLength(3);
    expect(j.chunks.every((c: { score: number | null }) => c.score === null)).toBe(true);
    // the guidance sentence of the call (read in the transcript): found by full text alone
    expect(j.chunks[0].text).toMatch(/gross margin to be between 43\.5% and 44\.5%/);
    expect(j.chunks[0].source).toMatchObject({
      documentTitle: 'AAPL Q1 FY2023 earnings call',
      ticker: 'AAPL',
    });
    expect(j.meta.embeddingModel).toBe('text-embedding-3-small');
    expect(j.meta.embedder).toMatch(
      /^failed: embeddings endpoint answered 500: .*model not loaded.*; full text only$/,
    );
    expect(endpointCalls).toBe(4);

    const ready = await (await api.get('/v1/ready')).json();
    expect(ready.status).toBe('ready');
    expect(ready.checks.embedder).toBe('failed');
    expect(ready.embedder).toMatchObject({ state: 'failed', attempts: 4, model: 'text-embedding-3-small' });
    expect(ready.embedder.reason).toMatch(/^embeddings endpoint answered 500/);

    const status = await api.get('/v1/_status', { key: fund.key });
    expect(status.status).toBe(200);
    const s = await status.json();
    expect(s.embedder).toMatchObject({ state: 'failed', attempts: 4 });
    expect(s.embedder.reason).toMatch(/answered 500/);
    expect(embedderHandle().status().state).toBe('failed');
  });

  it('keeps answering (every request, every mode) once failed, without asking the endpoint again', async () => {
    const calls = endpointCalls;
    for (const rerank of [false, true]) {
      const r = await retrieve({
        query: 'iPhone revenue in China',
        top_k: 5,
        rerank,
        include_segments: true,
      });
      const j = await r.json();
      expect(r.status, JSON.stringify(j)).toBe(200);
      expect(j.chunks.length).toBeGreaterThan(0);
      expect(j.chunks.every((c: { score: number | null }) => c.score === null)).toBe(true);
    }
    expect(endpointCalls).toBe(calls);
  });
});

describe('the embedder handle', () => {
  it('awaits and retries a failing initialisation with backoff, reporting initializing with the last reason, then ready', async () => {
    let attempts = 0;
    const working: Embedder = {
      model: 'stub-after-retries',
      dimensions: EMBEDDING_DIMENSIONS,
      embed: async (texts) => texts.map(() => new Array(EMBEDDING_DIMENSIONS).fill(0)),
    };
    const seen: string[] = [];
    const handle = new EmbedderHandle({
      backoffMs: 20,
      load: async () => {
        attempts++;
        seen.push(`${handle.status().state}:${handle.status().reason ?? ''}`);
        if (attempts < 3)
          throw new Error(
            "Backend 'wasm' has not yet been initialized. Make sure to await tf.ready() or await tf.setBackend() before calling other methods",
          );
        return working;
      },
    });
    expect(handle.status().state).toBe('not_started');
    const e = await handle.get();
    expect(e.model).toBe('stub-after-retries');
    expect(seen[0]).toBe('initializing:');
    expect(seen[1]).toMatch(/^initializing:Backend 'wasm' has not yet been initialized/);
    expect(handle.status()).toMatchObject({
      state: 'ready',
      attempts: 3,
      reason: null,
      model: 'stub-after-retries',
    });
    // once ready, the same embedder without another load
    expect(await handle.get()).toBe(e);
    expect(attempts).toBe(3);
  });

  it('a remote endpoint that answers 500 fails after every attempt with the endpoint error as reason', async () => {
    const handle = new EmbedderHandle({
      attempts: 2,
      backoffMs: 1,
      load: async () => {
        const r = remoteEmbedder(process.env.EMBEDDINGS_URL!, 'x');
        await r.embed(['ready']);
        return r;
      },
    });
    await expect(handle.get()).rejects.toThrow(/answered 500/);
    expect(await handle.ifReady(1000)).toBeNull();
    expect(handle.status()).toMatchObject({ state: 'failed', attempts: 2 });
  });
});
