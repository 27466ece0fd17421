import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filingItemsJob } from '../../jobs/edgar/filing-items.job.ts';
import { filingsJob } from '../../jobs/edgar/filings.job.ts';
import { documentsJob, EMBED_PARTITION, FILING_ITEMS_PARTITION } from '../../jobs/retrieval/documents.job.ts';
import { TRANSCRIPT_URLS } from '../../jobs/retrieval/sources.ts';
import type { DatasetJob, RawDocument } from '../../jobs/types.ts';
import { loadConfig } from '../../lib/config.ts';
import type { Database } from '../../lib/db.ts';
import { createLogger } from '../../lib/logger.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';
import { seedRegistry } from '../helpers/registry.ts';

// @test-slow 25 (its rough wall seconds alone: vitest.config.ts starts the slow files first)
// Spec 4.4, 2.6, 8.1, 8.2 over real HTTP. Data: the real documents job's parse + load over the six
// transcripts the mirror serves and the items of Apple's 10-Q for March 2000 (filing-items job). Apple's Q1
// FY2023 call (98 chunks, the one whose ranking the tests read) is loaded first and embedded with the offline
// model by the job's `embed` partition after its load (as the pipeline runs it: after the load transaction
// committed); one answer is asked before that step, while every vector is pending. The other documents are
// loaded after the embedding step and stay pending, as a backfill leaves them until the next `embed` run:
// full-text search finds them (null distance). Embedding all 751 chunks with the offline model took about
// 75 s of CPU per pass for no assertion (test/db/retrieval-embedding.test.ts covers the step over a whole
// call with a hashing embedder).
let database: Database;
let api: RunningApi;
let fund: { key: string; accountId: string };
let free: { key: string; accountId: string };
let beforeEmbedding: { status: number; body: { chunks: { text: string; score: number | null }[] } };
/** Chunks still without a vector right after the embedding step, and how many it embedded. */
let afterEmbedding: { pending: number; embedded: number };
const AAPL_2023 = TRANSCRIPT_URLS.find((u) => u.includes('symbol=AAPL&year=2023'))!;

const TEN_Q_2000 = '0000912057-00-023442';
const doc = (url: string): RawDocument => {
  const path = url.replace(/^https:\/\//, '');
  const bytes = readFileSync(`fixtures/upstream/${path}`);
  return {
    url,
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    fetchedAt: '2026-01-30T08:15:00.000Z',
    contentType: null,
  };
};
async function runJob(job: DatasetJob, partition: string, docs: RawDocument[]) {
  const { rows } = await job.parse(docs, partition);
  const loaded = await database.db.transaction((tx) => job.load(tx, rows, partition));
  const ctx = {
    database,
    config: loadConfig({ NODE_ENV: 'test' }),
    logger: createLogger('silent'),
    now: new Date(),
  };
  const after = await job.afterLoad?.(ctx, partition);
  return { loaded, after };
}
const pendingChunks = async () =>
  (
    await database.query<{ n: number }>(
      'select count(*)::int as n from retrieval_chunks where embedding is null',
    )
  )[0]!.n;

beforeAll(async () => {
  database = await createApiTestDatabase();
  await seedRegistry(database, 400);
  await runJob(filingsJob as DatasetJob, 'cik:0000320193', [
    doc('https://data.sec.gov/submissions/CIK0000320193.json'),
    doc('https://data.sec.gov/submissions/CIK0000320193-submissions-001.json'),
  ]);
  await runJob(documentsJob as DatasetJob, `tr:${AAPL_2023}`, [doc(AAPL_2023)]);
  // The per-minute counters use windows aligned to the clock minute: the limiter's clock is pinned inside one
  // window, so the limit test's 21 requests count in the same window however slow the machine (or wherever
  // the minute turns) while they run.
  const pinned = Math.floor(Date.now() / 60_000) * 60_000 + 30_000;
  api = await startApi(database, { logLevel: 'warn', now: () => pinned });
  fund = await accountWithKey(database, 'fund', 10_000);
  free = await accountWithKey(database, 'free', 10_000);
  const r = await post({
    query: 'gross margin between',
    filters: { tickers: ['AAPL'], year: 2023 },
    top_k: 3,
    rerank: true,
  });
  beforeEmbedding = { status: r.status, body: await r.json() };
  const { after } = await runJob(documentsJob as DatasetJob, EMBED_PARTITION, []);
  afterEmbedding = { pending: await pendingChunks(), embedded: after?.updated ?? -1 };
  // the rest of the corpus, loaded after the embedding step: pending, found by full text
  await runJob(filingItemsJob as DatasetJob, `acc:${TEN_Q_2000}`, [
    doc(`https://www.sec.gov/Archives/edgar/data/320193/${TEN_Q_2000.replace(/-/g, '')}/${TEN_Q_2000}.txt`),
  ]);
  for (const url of TRANSCRIPT_URLS)
    if (url !== AAPL_2023) await runJob(documentsJob as DatasetJob, `tr:${url}`, [doc(url)]);
  await runJob(documentsJob as DatasetJob, FILING_ITEMS_PARTITION, []);
}, 600_000);

afterAll(async () => {
  await api?.close();
  await database?.close();
});

const get = (path: string, key = fund.key) => api.get(path, { key });
const post = (body: unknown, key = fund.key) =>
  api.get('/v1/retrieve', {
    key,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
async function ok(path: string) {
  const r = await get(path);
  expect(r.status, path).toBe(200);
  return r.json();
}
async function retrieve(body: unknown, key = fund.key) {
  const r = await post(body, key);
  const j = await r.json();
  expect(r.status, JSON.stringify(j)).toBe(200);
  return j;
}
const balance = async (accountId: string) =>
  Number(
    (await database.query<{ credits: string }>('select credits from accounts where id = $1', [accountId]))[0]!
      .credits,
  );
/** The document text the offsets index: every segment, joined by a blank line. */
async function documentText(id: string) {
  const segs: { content: string; charStart: number; charEnd: number; sequence: number }[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await ok(`/v1/documents/${id}/segments?limit=100&offset=${offset}`);
    segs.push(...page.segments);
    if (segs.length >= page.meta.total) break;
  }
  return { text: segs.map((s) => s.content).join('\n\n'), segs };
}

describe('GET /v1/documents/by-ticker/{ticker}', () => {
  it('lists the company documents newest first: the two Apple calls, then the 10-Q items', async () => {
    const j = await ok('/v1/documents/by-ticker/AAPL');
    expect(j.meta).toMatchObject({ limit: 20, offset: 0 });
    const titles = j.documents.map((d: { documentTitle: string }) => d.documentTitle);
    expect(titles.slice(0, 2)).toEqual(['AAPL Q1 FY2023 earnings call', 'AAPL Q1 FY2022 earnings call']);
    expect(j.documents[0]).toMatchObject({
      documentType: 'transcript',
      ticker: 'AAPL',
      cik: 320193,
      year: 2023,
      quarter: 'Q1',
      filingType: null,
      status: 'indexed',
      segmentCount: 68,
      chunkCount: 98,
      publishedAt: '2023-02-02T17:00:00.000-05:00',
    });
    const items = j.documents.slice(2);
    expect(items.length).toBeGreaterThan(0);
    expect(j.meta.total).toBe(2 + items.length);
    expect(
      items.every((d: { filingType: string; year: number }) => d.filingType === '10-Q' && d.year === 2000),
    ).toBe(true);
  });

  it('filters by fiscal year and quarter, pages with limit/offset, bounds limit to 1-100', async () => {
    const j = await ok('/v1/documents/by-ticker/aapl?year=2022&quarter=Q1');
    expect(j.documents.map((d: { documentTitle: string }) => d.documentTitle)).toEqual([
      'AAPL Q1 FY2022 earnings call',
    ]);
    const second = await ok('/v1/documents/by-ticker/AAPL?limit=1&offset=1');
    expect(second.documents[0].documentTitle).toBe('AAPL Q1 FY2022 earnings call');
    for (const bad of ['limit=0', 'limit=101', 'quarter=Q5', 'year=1999']) {
      const r = await get(`/v1/documents/by-ticker/AAPL?${bad}`);
      expect(r.status, bad).toBe(400);
      expect((await r.json()).error).toBeDefined();
    }
  });

  it('serves the CFG call under the period the call states (Q4 2019), not its file name (Q4 2020)', async () => {
    const j = await ok('/v1/documents/by-ticker/CFG');
    expect(j.documents).toHaveLength(1);
    expect(j.documents[0]).toMatchObject({ year: 2019, quarter: 'Q4' });
    expect(j.documents[0].periodEvidence).toContain('Fourth Quarter and Full Year 2019');
  });

  it('expands a former symbol of the company to its documents', async () => {
    const [row] = await database.query<{ company_id: string }>(
      "select company_id from companies where primary_ticker = 'AAPL'",
    );
    await database.query(
      `insert into company_identifiers (company_id, id_type, id_value, source, confidence, is_current)
       values ($1, 'TICKER', 'APLE', 'test', 'high', 0) on conflict do nothing`,
      [row!.company_id],
    );
    const j = await ok('/v1/documents/by-ticker/APLE');
    expect(j.documents[0].documentTitle).toBe('AAPL Q1 FY2023 earnings call');
  });
});

describe('GET /v1/documents/{id} and /segments', () => {
  it('returns the document; an unknown id is a 404 in the standard body, refunded', async () => {
    const list = await ok('/v1/documents/by-ticker/NVDA');
    const id = list.documents[0].id;
    const j = await ok(`/v1/documents/${id}`);
    expect(j.document).toMatchObject({
      id,
      documentTitle: 'NVDA Q2 FY2025 earnings call',
      year: 2025,
      quarter: 'Q2',
    });
    expect(typeof j.meta.latencyMs).toBe('number');
    const before = await balance(fund.accountId);
    const r = await get('/v1/documents/doc_tr_0000000000000000');
    expect(r.status).toBe(404);
    const body = await r.json();
    expect(body.error.message).toContain('doc_tr_0000000000000000');
    expect(await balance(fund.accountId)).toBe(before);
  });

  it('gives speaker turns in order with offsets that match the document text exactly', async () => {
    const list = await ok('/v1/documents/by-ticker/AAPL?year=2023');
    const id = list.documents[0].id;
    const first = await ok(`/v1/documents/${id}/segments`);
    expect(first.meta.total).toBe(68);
    expect(first.segments).toHaveLength(20);
    expect(first.segments.map((s: { sequence: number }) => s.sequence)).toEqual([...Array(20).keys()]);
    expect(first.segments[0]).toMatchObject({ charStart: 0, charEnd: 304, speakerName: 'Teja Skala' });
    const { text, segs } = await documentText(id);
    expect(segs).toHaveLength(68);
    for (const s of segs) expect(text.slice(s.charStart, s.charEnd)).toBe(s.content);
    expect(
      segs.find((s) => (s as unknown as { speakerName: string }).speakerName === 'Tim Cook'),
    ).toMatchObject({
      speakerTitle: 'CEO',
    });
    expect((await get(`/v1/documents/${id}/segments?limit=101`)).status).toBe(400);
    expect((await get('/v1/documents/doc_tr_0000000000000000/segments')).status).toBe(404);
  });
});

describe('POST /v1/retrieve', () => {
  it('finds the passage with chunk, evidence and offsets that match the document text', async () => {
    const j = await retrieve({
      query: 'What gross margin does Apple expect for the March quarter?',
      filters: { tickers: ['AAPL'], year: 2023, quarter: 'Q1' },
      top_k: 5,
      rerank: true,
    });
    expect(j.meta).toMatchObject({ total: j.chunks.length, periodMismatch: null, topK: 5 });
    expect(typeof j.meta.requestId).toBe('string');
    expect(j.chunks.length).toBe(5);
    const top = j.chunks[0];
    expect(top.source).toMatchObject({
      documentTitle: 'AAPL Q1 FY2023 earnings call',
      ticker: 'AAPL',
      year: 2023,
    });
    expect(j.chunks.some((c: { text: string }) => /gross margin to be between/.test(c.text))).toBe(true);
    const { text } = await documentText(top.source.documentId);
    for (const c of j.chunks) {
      expect(c.score).toBeGreaterThanOrEqual(0);
      expect(c.score).toBeLessThanOrEqual(2);
      expect(text.slice(c.charStart, c.charEnd)).toBe(c.text);
      expect(text.slice(c.evidenceCharStart, c.evidenceCharEnd)).toBe(c.evidenceText);
      expect(c.source.segments).toEqual([]);
    }
  });

  it('answers by full text while vectors are pending, with a null score', async () => {
    expect(beforeEmbedding.status).toBe(200);
    const chunks = beforeEmbedding.body.chunks;
    expect(chunks.length).toBe(3);
    expect(chunks.every((c) => c.score === null)).toBe(true);
    // the precision pass reads the text, so the guidance sentence leads without any vector
    expect(chunks[0]!.text).toMatch(/gross margin to be between 43\.5% and 44\.5%/);
    // the embedding step then embedded every pending chunk: the call's 98
    expect(afterEmbedding).toEqual({ pending: 0, embedded: 98 });
  });

  it('finds the documents loaded after the embedding step by full text, with a null score', async () => {
    expect(await pendingChunks()).toBeGreaterThan(600);
    const j = await retrieve({ query: 'winter storms', filters: { tickers: ['AIG'] }, top_k: 3 });
    expect(j.chunks).toHaveLength(3);
    expect(j.chunks.every((c: { score: number | null }) => c.score === null)).toBe(true);
    expect(j.chunks[0].text).toMatch(/winter storm/i);
  });

  it('clamps top_k to the plan (Free 10, Fund 50)', async () => {
    const q = { query: 'interest rates and net interest margin', top_k: 50 };
    const f = await retrieve(q, free.key);
    expect(f.chunks).toHaveLength(10);
    expect(f.meta.topK).toBe(10);
    const d = await retrieve(q);
    expect(d.chunks).toHaveLength(50);
  });

  it('falls back to the nearest earlier period with periodMismatch', async () => {
    const j = await retrieve({
      query: 'iPhone revenue',
      filters: { tickers: ['AAPL'], year: 2024, quarter: 'Q1' },
    });
    expect(j.meta.periodMismatch).toEqual({
      requested: '2024 Q1',
      served: '2023 Q1',
      message: 'No documents for 2024 Q1; served the nearest earlier period with documents, 2023 Q1.',
    });
    expect(j.chunks.every((c: { source: { year: number } }) => c.source.year === 2023)).toBe(true);
    // the file name's period (Q4 2020) has no CFG call: the Q4 2019 call is served, and said so
    const cfg = await retrieve({
      query: 'deposit costs',
      filters: { tickers: ['CFG'], year: 2020, quarter: 'Q4' },
    });
    expect(cfg.meta.periodMismatch).toMatchObject({ requested: '2020 Q4', served: '2019 Q4' });
    expect(cfg.chunks[0].source.ticker).toBe('CFG');
  });

  it('applies source_types and tickers inside the query', async () => {
    const j = await retrieve({ query: 'net sales', filters: { source_types: ['10-Q'] }, top_k: 10 });
    expect(j.chunks.length).toBeGreaterThan(0);
    expect(j.chunks.every((c: { source: { filingType: string } }) => c.source.filingType === '10-Q')).toBe(
      true,
    );
    const t = await retrieve({ query: 'net sales', filters: { tickers: ['AIG'] }, top_k: 10 });
    expect(t.chunks).toHaveLength(10);
    expect(t.chunks.every((c: { source: { ticker: string } }) => c.source.ticker === 'AIG')).toBe(true);
  });

  it('include_segments gives the chunk segment with its neighbours and offsets', async () => {
    const j = await retrieve({
      query: 'data center revenue growth',
      filters: { tickers: ['AEE'] },
      top_k: 1,
      include_segments: true,
    });
    const c = j.chunks[0];
    const segs = c.source.segments;
    expect(segs.length).toBeGreaterThanOrEqual(2);
    expect(segs.map((s: { id: string }) => s.id)).toContain(c.segmentId);
    const own = segs.find((s: { id: string }) => s.id === c.segmentId);
    expect(own.charStart).toBeLessThanOrEqual(c.charStart);
    expect(own.charEnd).toBeGreaterThanOrEqual(c.charEnd);
  });

  it('refuses bad bodies with 400 in the standard error body', async () => {
    const bad = [
      { query: 'x', unknown: 1 },
      { query: 'x', filters: { ticker: 'AAPL' } },
      { query: '' },
      { query: 'x'.repeat(2001) },
      { query: 'x', top_k: 0 },
      { query: 'x', top_k: 51 },
      { query: 'x', filters: { tickers: Array.from({ length: 26 }, (_, i) => `T${i}`) } },
      { query: 'x', filters: { tickers: ['ABCDEFGHIJK'] } },
      { query: 'x', filters: { year: 1999 } },
      { query: 'x', filters: { quarter: 'Q5' } },
      { query: 'x', filters: { source_types: Array.from({ length: 11 }, () => 'transcript') } },
      { top_k: 3 },
    ];
    for (const b of bad) {
      const r = await post(b);
      expect(r.status, JSON.stringify(b).slice(0, 80)).toBe(400);
      expect((await r.json()).error.message).toBeTruthy();
    }
  });

  it('counts chunks in /v1/usage and answers 429 past the per-minute limit', async () => {
    const limited = await accountWithKey(database, 'free', 1_000);
    let returned = 0;
    for (let i = 0; i < 20; i++) {
      const j = await retrieve({ query: `dividend ${i}`, top_k: 2 }, limited.key);
      returned += j.chunks.length;
    }
    const r = await post({ query: 'dividend' }, limited.key);
    expect(r.status).toBe(429);
    expect((await r.json()).error).toBeDefined();
    expect(await balance(limited.accountId)).toBe(1_000 - 20);
    const u = await (await api.get('/v1/usage', { key: limited.key })).json();
    expect(u.totals.chunksReturned).toBe(returned);
    expect(returned).toBe(40);
  });
});
