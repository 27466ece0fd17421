import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../lib/db.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';
import { type OwnRedis, startOwnRedis } from '../helpers/redis-server.ts';
import { seedRegistry } from '../helpers/registry.ts';
import { TEST_ROUTES } from '../helpers/test-routes.ts';

// Issue 8, fault 2: with Redis unreachable the rate-limited routes answered nothing (120 s and counting)
// while /v1/ready said ready. A private redis-server is killed and restarted; the shared one is never touched.
let database: Database;
let api: RunningApi;
let redis: OwnRedis;
let key: string;

beforeAll(async () => {
  redis = await startOwnRedis();
  database = await createApiTestDatabase();
  await seedRegistry(database, 20);
  api = await startApi(database, { routes: TEST_ROUTES, env: { REDIS_URL: redis.url } });
  ({ key } = await accountWithKey(database, 'fund', 1_000));
}, 30_000);

afterAll(async () => {
  await api?.close();
  await redis?.stop();
  await database?.close();
});

async function timed(path: string, init: { key?: string } = {}) {
  const t = performance.now();
  const r = await api.get(path, { ...init, signal: AbortSignal.timeout(10_000) });
  return { r, ms: performance.now() - t, body: await r.json() };
}

async function eventually(cond: () => Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await cond()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

describe('Redis down (fault 2)', () => {
  it('is ready with checks.redis ok while Redis answers', async () => {
    expect(await eventually(async () => (await api.get('/v1/ready')).status === 200, 5_000)).toBe(true);
    const { body } = await timed('/v1/ready');
    expect(body.checks).toEqual({ config: 'ok', database: 'ok', redis: 'ok', embedder: 'not_started' });
    expect((await timed('/v1/filings?ticker=AAPL', { key })).r.status).not.toBe(503);
  });

  it('answers the rate-limited routes with a fast 503 + Retry-After in their family shape, and /v1/ready 503', async () => {
    await redis.stop();
    // flat family (statement routes)
    const flat = await timed('/v1/filings?ticker=AAPL', { key });
    expect(flat.r.status).toBe(503);
    expect(flat.r.headers.get('retry-after')).toBe('5');
    expect(flat.body).toEqual({
      error: 'Service Unavailable',
      message: 'The service is temporarily unavailable. Please retry shortly.',
    });
    expect(flat.ms).toBeLessThan(3_000);
    // standard family (a rate-limited envelope-C route)
    const std = await fetch(`${api.url}/v1/test/retrieve`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'revenue' }),
      signal: AbortSignal.timeout(10_000),
    });
    expect(std.status).toBe(503);
    expect(std.headers.get('retry-after')).toBe('5');
    const sb = (await std.json()) as { success: boolean; error: { statusCode: number } };
    expect(sb.success).toBe(false);
    expect(sb.error.statusCode).toBe(503);
    // routes without rate limits keep working
    expect((await timed('/v1/companies?ticker=AAPL', { key })).r.status).toBe(200);
    const ready = await timed('/v1/ready');
    expect(ready.r.status).toBe(503);
    expect(ready.body.status).toBe('not_ready');
    expect(ready.body.checks).toEqual({
      config: 'ok',
      database: 'ok',
      redis: 'fail',
      embedder: 'not_started',
    });
    expect(ready.ms).toBeLessThan(3_000);
  }, 20_000);

  it('recovers by itself when Redis is back on the same port', async () => {
    await redis.start();
    expect(await eventually(async () => (await api.get('/v1/ready')).status === 200, 8_000)).toBe(true);
    const r = await timed('/v1/filings?ticker=AAPL', { key });
    expect(r.r.status).not.toBe(503);
    expect((await timed('/v1/ready')).body.checks.redis).toBe('ok');
  }, 20_000);
});
