import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerCheck, setPlan } from '../../api/platform/accounts.ts';
import { MemoryRateLimitStore } from '../../api/platform/rate-limit.ts';
import type { Database } from '../../lib/db.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';

import { seedRegistry } from '../helpers/registry.ts';
import { queryRuns, TEST_ROUTES } from '../helpers/test-routes.ts';

// @test-slow 12 (its rough wall seconds alone: vitest.config.ts starts the slow files first)
// Spec part 1 (plans and metering), 7.3 (402 kinds), 8.1 (rate limits). Two API instances share the
// database, and Redis when REDIS_URL is set (otherwise one in-memory counter store, as one process would).
let database: Database;
let a: RunningApi;
let b: RunningApi;
let redis: Redis | null = null;
// Both instances read one pinned clock, mid-minute, so a rate-limit window cannot roll over mid-test.
const pinned =
  (Math.floor(Date.now() / 60_000) + 1) * 60_000 + 30_000 + Math.floor(Math.random() * 1e6) * 60_000;
const now = () => pinned;

beforeAll(async () => {
  database = await createApiTestDatabase();
  await seedRegistry(database, 50);
  const store = process.env.REDIS_URL ? undefined : new MemoryRateLimitStore();
  if (process.env.REDIS_URL) redis = new Redis(process.env.REDIS_URL);
  const opts = { routes: TEST_ROUTES, now, ...(store ? { rateLimitStore: store } : {}), logLevel: 'warn' };
  [a, b] = await Promise.all([startApi(database, opts), startApi(database, opts)]);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await redis?.quit();
  await database?.close();
});

const balance = async (accountId: string) =>
  Number(
    (await database.query<{ credits: string }>('select credits from accounts where id = $1', [accountId]))[0]!
      .credits,
  );

describe('plans', () => {
  it('refuses a dataset above the plan with 402 naming the dataset and the tier (flat body on the statement family)', async () => {
    const { key, accountId } = await accountWithKey(database, 'free', 10);
    const r = await a.get('/v1/test/holdings', { key });
    expect(r.status).toBe(402);
    const body = await r.json();
    expect(body).toEqual({ error: 'Payment Required', message: expect.any(String) });
    expect(body.message).toContain('13F holdings');
    expect(body.message).toContain('Professional');
    expect(await balance(accountId)).toBe(10); // not charged
  });

  it('uses the standard body on envelope C routes, and each higher plan includes the lower ones', async () => {
    const { key, accountId } = await accountWithKey(database, 'professional', 10);
    const r = await a.get('/v1/test/screen', { key });
    expect(r.status).toBe(402);
    const body = await r.json();
    expect(body.success).toBe(false);
    expect(body.error).toMatchObject({ statusCode: 402, error: 'Payment Required', path: '/v1/test/screen' });
    expect(body.error.message).toMatch(/Screening.*Fund/);
    expect((await a.get('/v1/test/holdings', { key })).status).toBe(200);
    expect((await a.get('/v1/companies?ticker=AAPL', { key })).status).toBe(200);
    await setPlan(database, accountId, 'fund');
  });
});

describe('credits', () => {
  it('costs 1 credit per data call whatever the row count, and nothing on free routes', async () => {
    const { key, accountId } = await accountWithKey(database, 'free', 100);
    expect((await (await a.get('/v1/companies?q=in&limit=1', { key })).json()).data).toHaveLength(1);
    expect(await balance(accountId)).toBe(99);
    expect(
      (await (await a.get('/v1/companies?q=in&limit=1000', { key })).json()).data.length,
    ).toBeGreaterThan(10);
    expect(await balance(accountId)).toBe(98);
    for (const path of ['/v1/usage', '/v1/_status', '/v1/test/statements/tickers', '/v1/health']) {
      expect((await a.get(path, { key })).status).toBe(200);
    }
    expect(await balance(accountId)).toBe(98);
  });

  it('refunds a request that fails after the charge (500 and 404) and the spec refund cases; the ledger explains it', async () => {
    const { key, accountId } = await accountWithKey(database, 'free', 10);
    expect((await a.get('/v1/test/fail?mode=crash', { key })).status).toBe(500);
    expect((await a.get('/v1/test/fail?mode=notfound', { key })).status).toBe(404);
    // a handler that throws before returning its promise, while its charge is in flight: refunded too
    expect((await a.get('/v1/test/fail?mode=sync', { key })).status).toBe(500);
    const unparseable = await a.get('/v1/test/unparseable', { key });
    expect(unparseable.status).toBe(200);
    expect((await unparseable.json()).items_unavailable_reason).toBe('unparseable_document');
    expect(await balance(accountId)).toBe(10);
    const ledger = await ledgerCheck(database, accountId);
    expect(ledger).toEqual({ balance: 10, ledgerSum: 10, charges: 4, refunds: 4, grants: 1 });
    const rows = await database.query<{ reason: string; delta: number; request_id: string | null }>(
      'select reason, delta, request_id from credit_ledger where account_id = $1 order by id',
      [accountId],
    );
    // every charge has its refund, paired by request id
    const charges = rows.filter((r) => r.reason === 'charge').map((r) => r.request_id);
    const refunds = rows.filter((r) => r.reason === 'refund').map((r) => r.request_id);
    expect(refunds.sort()).toEqual(charges.sort());
  });

  it('does not charge requests refused before serving (401, 400, unresolvable company)', async () => {
    const { key, accountId } = await accountWithKey(database, 'free', 10);
    expect((await a.get('/v1/companies', { key })).status).toBe(400);
    expect((await a.get('/v1/companies?ticker=AAPL&nope=1', { key })).status).toBe(400);
    expect((await a.get('/v1/companies/AAPL', { key })).status).toBe(404);
    expect((await a.get('/v1/test/companies/NOSUCHCO/echo', { key })).status).toBe(404);
    expect(await balance(accountId)).toBe(10);
  });

  it('out of credits is a 402 that says so (not retryable), distinct from plan and rate-limit messages', async () => {
    const { key, accountId } = await accountWithKey(database, 'free', 1);
    expect((await a.get('/v1/companies?ticker=AAPL', { key })).status).toBe(200);
    const r = await a.get('/v1/companies?ticker=AAPL', { key });
    expect(r.status).toBe(402);
    const body = await r.json();
    expect(body.error.message).toMatch(/Insufficient credits/);
    expect(body.error.message).not.toMatch(/plan|Rate limit/);
    const flat = await a.get('/v1/test/statements?ticker=AAPL', { key });
    expect(flat.status).toBe(402);
    expect(await flat.json()).toEqual({
      error: 'Payment Required',
      message: expect.stringMatching(/^Insufficient credits/),
    });
    expect(await balance(accountId)).toBe(0);
  });

  it('does not keep running queries for an account that is out of credits', async () => {
    const { key } = await accountWithKey(database, 'free', 1);
    expect((await a.get('/v1/test/counted', { key })).status).toBe(200);
    const before = queryRuns.count;
    for (let i = 0; i < 5; i++) expect((await a.get('/v1/test/counted', { key })).status).toBe(402);
    // the first refusal may have raced its query with the charge; the next ones wait for the charge
    expect(queryRuns.count - before).toBeLessThanOrEqual(1);
  });

  it('200 concurrent requests on 100 credits through two instances: exactly 100 served, 100 refused, balance 0', async () => {
    const { key, accountId } = await accountWithKey(database, 'fund', 100);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        (i % 2 ? a : b).get(`/v1/companies?ticker=${i % 3 ? 'AAPL' : 'MSFT'}`, { key }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);
    expect(statuses.filter((s) => s === 402)).toHaveLength(100);
    const refused = await Promise.all(results.filter((r) => r.status === 402).map((r) => r.json()));
    for (const body of refused) expect(body.error.message).toMatch(/Insufficient credits/);
    await Promise.all(results.filter((r) => r.status === 200).map((r) => r.arrayBuffer()));
    expect(await balance(accountId)).toBe(0);
    const ledger = await ledgerCheck(database, accountId);
    expect(ledger).toEqual({ balance: 0, ledgerSum: 0, charges: 100, refunds: 0, grants: 1 });
  });
});

describe('rate limits', () => {
  it('throttles the 121st statement-family request in a minute on a Professional key, across two instances, with a 402 that names the rate limit, and does not charge it', async () => {
    const { key, accountId } = await accountWithKey(database, 'professional', 1_000);
    const first = await Promise.all(
      Array.from({ length: 120 }, (_, i) => (i % 2 ? a : b).get('/v1/test/statements?ticker=AAPL', { key })),
    );
    expect(first.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    expect(await balance(accountId)).toBe(880);
    const r121 = await b.get('/v1/test/statements?ticker=AAPL', { key });
    expect(r121.status).toBe(402);
    const body = await r121.json();
    expect(body.error).toBe('Payment Required');
    expect(body.message).toMatch(/^Rate limit exceeded: this API key is limited to 120 requests per minute/);
    expect(body.message).not.toMatch(/credits|plan/i);
    expect(r121.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await a.get('/v1/test/statements?ticker=AAPL', { key })).status).toBe(402);
    expect(await balance(accountId)).toBe(880); // throttled requests cost nothing
    // routes outside 8.1 are not throttled, and free discovery lists are not either
    expect((await a.get('/v1/companies?ticker=AAPL', { key })).status).toBe(200);
    expect((await a.get('/v1/test/statements/tickers', { key })).status).toBe(200);
    // the limit is per key: a second key of the same account has its own budget
    const second = await (await import('../../api/platform/accounts.ts')).createApiKey(database, {
      accountId,
    });
    expect((await a.get('/v1/test/statements?ticker=AAPL', { key: second.key })).status).toBe(200);
  });

  it('answers 429 on the retrieval route (standard body) at the Free limit of 20', async () => {
    const { key, accountId } = await accountWithKey(database, 'free', 100);
    const post = (api: RunningApi) =>
      api.get('/v1/test/retrieve', {
        key,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'revenue guidance' }),
      });
    const ok = await Promise.all(Array.from({ length: 20 }, (_, i) => post(i % 2 ? a : b)));
    expect(ok.map((r) => r.status)).toEqual(Array(20).fill(200));
    const r = await post(a);
    expect(r.status).toBe(429);
    const body = await r.json();
    expect(body.error).toMatchObject({
      statusCode: 429,
      error: 'Too Many Requests',
      path: '/v1/test/retrieve',
    });
    expect(body.error.message).toMatch(/limited to 20 requests per minute/);
    expect(await balance(accountId)).toBe(80);
  });

  it('lets a Fund key make 600 requests in the window', async () => {
    const { key } = await accountWithKey(database, 'fund', 1_000);
    let ok = 0;
    for (let batch = 0; batch < 6; batch++) {
      const rs = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          (i % 2 ? a : b).get('/v1/test/statements?ticker=AAPL', { key }),
        ),
      );
      ok += rs.filter((r) => r.status === 200).length;
    }
    expect(ok).toBe(600);
    expect((await a.get('/v1/test/statements?ticker=AAPL', { key })).status).toBe(402);
  });
});
