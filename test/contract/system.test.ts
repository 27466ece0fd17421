import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../api/platform/accounts.ts';
import type { Database } from '../../lib/db.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';

import { seedRegistry } from '../helpers/registry.ts';
import { TEST_ROUTES } from '../helpers/test-routes.ts';

// Spec 4.9 (status, health, readiness), 4.4 usage, and the OpenAPI document / reference page.
let database: Database;
let api: RunningApi;

beforeAll(async () => {
  database = await createApiTestDatabase();
  await seedRegistry(database, 20);
  api = await startApi(database, { routes: TEST_ROUTES, logLevel: 'warn' });
});

afterAll(async () => {
  await api?.close();
  await database?.close();
});

describe('GET /v1/_status', () => {
  it('is flat and reads the datasets table, including last_sweep_at written by the sweep', async () => {
    const { key } = await accountWithKey(database, 'free', 0);
    const empty = await (await api.get('/v1/_status', { key })).json();
    expect(empty).toEqual({
      coverage: 'none',
      coverage_pct: null,
      last_sweep_at: null,
      families: ['filings', 'financials', 'financial-metrics', 'company-facts', 'ownership'].map(
        (family) => ({
          family,
          available: false,
          pending: true,
          last_refreshed_at: null,
          note: expect.any(String),
        }),
      ),
      // nothing asked for the retrieval embedder in this process
      embedder: {
        state: 'not_started',
        model: 'universal-sentence-encoder-lite@energetic-ai',
        attempts: 0,
        reason: null,
        since: expect.any(String),
      },
      // filing latency (docs/filings-live.md): no poll yet, no filing accepted in the last hour
      live_filings: { last_poll_at: null, lag_seconds: { p50: null, p95: null, filings: 0 } },
      generated_at: expect.any(String),
    });
    await database.query(
      `insert into datasets (id, family, title, min_plan, credit_cost, update_frequency, history_status, pending,
                             last_refreshed_at, last_sweep_at, coverage_pct)
       values ('filings', 'filings', 'US filing index', 'free', 1, 'daily', 'backfill_in_progress', true,
               '2026-01-30T10:00:00Z', '2026-01-30T11:00:00Z', '0.25')`,
    );
    const body = await (await api.get('/v1/_status', { key })).json();
    expect(body.coverage).toBe('subset');
    expect(body.coverage_pct).toBe(0.25);
    expect(body.last_sweep_at).toBe('2026-01-30T11:00:00.000Z');
    expect(body.families[0]).toEqual({
      family: 'filings',
      available: true,
      pending: true,
      last_refreshed_at: '2026-01-30T10:00:00.000Z',
      note: 'backfill in progress',
    });
  });

  it('ignores unknown query parameters (statement-family rules) and costs nothing', async () => {
    const { key, accountId } = await accountWithKey(database, 'free', 3);
    expect((await api.get('/v1/_status?verbose=1', { key })).status).toBe(200);
    const [row] = await database.query<{ credits: string }>('select credits from accounts where id = $1', [
      accountId,
    ]);
    expect(Number(row!.credits)).toBe(3);
  });
});

describe('GET /v1/usage', () => {
  it('totals and splits by 12-character key identifier, scoped to the calling account, for free', async () => {
    const { key, accountId } = await accountWithKey(database, 'free', 50);
    const second = await createApiKey(database, { accountId, name: 'second' });
    const stranger = await accountWithKey(database, 'free', 50);
    for (let i = 0; i < 3; i++) await api.get('/v1/companies?ticker=AAPL', { key });
    await api.get('/v1/companies?ticker=AAPL', { key: second.key });
    await api.get('/v1/companies', { key: second.key }); // a 400 is still a request made
    await api.get('/v1/companies?ticker=AAPL', { key: stranger.key });
    await api.get('/v1/test/retrieve', {
      key,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":"capex"}',
    });
    const r = await api.get('/v1/usage', { key: second.key });
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(body.totals).toEqual({ requests: 6, chunksReturned: 2 });
    expect(body.byKey).toEqual([
      { prefix: key.slice(0, 12), requests: 4 },
      { prefix: second.key.slice(0, 12), requests: 2 },
    ]);
    expect(body.period.from).toMatch(/^\d{4}-\d{2}-01T00:00:00\.000Z$/);
    expect(body.meta.requestId).toBe(r.headers.get('x-request-id'));
    const [row] = await database.query<{ credits: string }>('select credits from accounts where id = $1', [
      accountId,
    ]);
    expect(Number(row!.credits)).toBe(45);
  });

  it('honours from/to and refuses an inverted period', async () => {
    const { key } = await accountWithKey(database, 'free', 5);
    await api.get('/v1/companies?ticker=AAPL', { key });
    const past = await (await api.get('/v1/usage?from=2020-01-01&to=2020-12-31T23:59:59Z', { key })).json();
    expect(past.totals.requests).toBe(0);
    expect(past.period).toEqual({ from: '2020-01-01T00:00:00.000Z', to: '2020-12-31T23:59:59.000Z' });
    const inverted = await api.get('/v1/usage?from=2026-02-01&to=2026-01-01', { key });
    expect(inverted.status).toBe(400);
    // A zone offset that carries the last day of year 9999 into year 10000 is a 400, not a database error.
    const far = await api.get(`/v1/usage?to=${encodeURIComponent('9999-12-31T23:59:59-23:59')}`, { key });
    expect(far.status).toBe(400);
    expect((await far.json()).error.message).toMatch(
      /^Invalid query parameter 'to': must fall within the years/,
    );
  });
});

describe('GET /v1/ready', () => {
  it('answers 503 not_ready when the database check fails', async () => {
    const broken = { ...database, query: async () => Promise.reject(new Error('connection refused')) };
    const failing = await startApi(
      {
        ...broken,
        query: (async (sql: string, params?: unknown[]) =>
          sql === 'select 1' ? broken.query() : database.query(sql, params)) as Database['query'],
      },
      { logLevel: 'silent' },
    );
    try {
      const r = await failing.get('/v1/ready');
      expect(r.status).toBe(503);
      expect(await r.json()).toEqual({
        status: 'not_ready',
        // with REDIS_URL set (the Postgres + BullMQ pass) readiness also reports the API's Redis
        checks: {
          config: 'ok',
          database: 'fail',
          ...(process.env.REDIS_URL ? { redis: 'ok' } : {}),
          embedder: 'not_started',
        },
        embedder: expect.objectContaining({ state: 'not_started' }),
        timestamp: expect.any(String),
      });
      expect((await failing.get('/v1/health')).status).toBe(200);
    } finally {
      await failing.close();
    }
  });
});

describe('OpenAPI and reference page', () => {
  it('gives every parameter of every route an example, and every data route a 400 and a 401', async () => {
    const doc = await (await api.get('/v1/openapi.json')).json();
    const missing: string[] = [];
    for (const [path, item] of Object.entries(doc.paths) as [string, Record<string, Op>][]) {
      if (path.startsWith('/v1/test/')) continue;
      for (const [method, op] of Object.entries(item)) {
        for (const p of op.parameters ?? []) {
          // Pre-filled (`example`, or the first of `examples`) or named alternatives listed in the
          // description; a cursor has none on purpose (a sample cursor is only ever a 400).
          const documented =
            p.example !== undefined ||
            p.examples !== undefined ||
            /Example: `/.test(p.description ?? '') ||
            p.name === 'cursor';
          if (!documented && p.in === 'query') missing.push(`${method} ${path} ${p.name}`);
        }
        if (!['/v1/health', '/v1/ready'].includes(path)) {
          expect(Object.keys(op.responses), path).toEqual(expect.arrayContaining(['400', '401']));
          // 200, or the 201/202 of a create or a queued action (webhook subscriptions)
          expect(
            Object.keys(op.responses).some((s) => /^2\d\d$/.test(s)),
            path,
          ).toBe(true);
        }
      }
    }
    expect(missing, missing.join('\n')).toEqual([]);
  });

  it('serves an OpenAPI 3.1 document generated from the declarations', async () => {
    const r = await api.get('/v1/openapi.json');
    expect(r.status).toBe(200);
    const doc = await r.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/v1/health',
      '/v1/ready',
      '/v1/_status',
      '/v1/usage',
      '/v1/companies',
      '/v1/companies/{company_id}',
      '/v1/companies/{company_id}/identifiers',
      '/v1/companies/{company_id}/listings',
      '/v1/companies/{company_id}/events',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    const search = doc.paths['/v1/companies'].get;
    const names = search.parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual([
      'ticker',
      'cik',
      'isin',
      'local_security_code',
      'corp_code',
      'country',
      'q',
      'limit',
      'cursor',
    ]);
    const limit = search.parameters.find((p: { name: string }) => p.name === 'limit');
    expect(limit.schema).toEqual({ type: 'integer', minimum: 1, maximum: 1000 });
    expect(Object.keys(search.responses).sort()).toEqual(['200', '400', '401', '402', '500', '503']);
    expect(
      search.responses['401'].content['application/json'].examples.unauthorized.value.error.message,
    ).toBe('Invalid or missing API key');
    expect(search.responses['200'].content['application/json'].example.data[0].cik).toBe('0000320193');
    expect(search.security).toEqual([{ bearerAuth: [] }, { apiKeyHeader: [] }]);
    expect(doc.paths['/v1/health'].get.security).toEqual([]);
    // statement-family routes document the flat body and the 402 rate limit
    const stmt = doc.paths['/v1/test/statements'].get;
    expect(stmt.responses['401'].content['application/json'].examples.unauthorized.value).toEqual({
      error: 'Unauthorized',
      message: 'Invalid API key provided',
    });
    expect(Object.keys(stmt.responses['402'].content['application/json'].examples)).toEqual([
      'credits',
      'rate_limit',
    ]);
    expect(doc.paths['/v1/test/retrieve'].post.responses['429']).toBeDefined();
    expect(
      doc.paths['/v1/test/retrieve'].post.requestBody.content['application/json'].schema.additionalProperties,
    ).toBe(false);
    expect(doc.paths['/v1/companies/{company_id}/identifiers'].get.responses['404']).toBeDefined();
  });

  it('serves a browsable API reference at /docs', async () => {
    const r = await fetch(`${api.url}/docs`, { redirect: 'follow' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/text\/html/);
    expect(await r.text()).toMatch(/swagger/i);
    const spec = await (await fetch(`${api.url}/docs/json`)).json();
    expect((spec as { openapi: string }).openapi).toBe('3.1.0');
  });
});

interface Op {
  parameters?: { name: string; in: string; example?: unknown; examples?: unknown; description?: string }[];
  responses: Record<string, unknown>;
}
