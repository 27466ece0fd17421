import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryRateLimitStore, RateLimiter, RedisRateLimitStore } from '../../api/platform/rate-limit.ts';

const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL) : null;
afterAll(async () => {
  await redis?.quit();
});

const stores = [
  ['memory', () => new MemoryRateLimitStore()],
  ...(redis
    ? [['redis', () => new RedisRateLimitStore(redis, `test:${randomBytes(4).toString('hex')}:`)] as const]
    : []),
] as const;

describe.each(stores)('rate limiter on the %s store', (_name, makeStore) => {
  it('allows exactly the limit per key per minute window, then refuses, and resets with the next window', async () => {
    let now = Date.UTC(2026, 0, 31, 12, 0, 10);
    const limiter = new RateLimiter(makeStore(), () => now);
    const decisions = await Promise.all(
      Array.from({ length: 121 }, () => limiter.check('fd_live_abcd', 120)),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(120);
    expect(decisions.filter((d) => !d.allowed)).toHaveLength(1);
    expect((await limiter.check('fd_live_abcd', 120)).resetSeconds).toBe(50);
    expect((await limiter.check('fd_live_ffff', 120)).allowed).toBe(true); // per key
    now += 50_000; // next minute
    expect((await limiter.check('fd_live_abcd', 120)).allowed).toBe(true);
  });

  it('two limiters on one store share the count (two API instances)', async () => {
    const store = makeStore();
    const now = () => Date.UTC(2026, 0, 31, 12, 5, 0);
    const [x, y] = [new RateLimiter(store, now), new RateLimiter(store, now)];
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? x : y).check('fd_live_1234', 20)),
    );
    expect(results.filter((d) => d.allowed)).toHaveLength(20);
  });
});

describe('the rate limiter counter names', () => {
  it('names each counter <key prefix>:<minute window>, whatever order keys and windows come in', () => {
    const names: string[] = [];
    const store = { hit: (bucket: string) => names.push(bucket) };
    let now = Date.UTC(2026, 0, 31, 12, 0, 10);
    const limiter = new RateLimiter(store, () => now);
    const w = Math.floor(now / 60_000);
    limiter.checkNow('fd_live_aaaa', 10);
    limiter.checkNow('fd_live_aaaa', 10);
    limiter.checkNow('fd_live_bbbb', 10);
    limiter.checkNow('fd_live_aaaa', 10);
    now += 60_000;
    limiter.checkNow('fd_live_aaaa', 10);
    limiter.checkNow('fd_live_bbbb', 10);
    expect(names).toEqual([
      `fd_live_aaaa:${w}`,
      `fd_live_aaaa:${w}`,
      `fd_live_bbbb:${w}`,
      `fd_live_aaaa:${w}`,
      `fd_live_aaaa:${w + 1}`,
      `fd_live_bbbb:${w + 1}`,
    ]);
  });
});

describe.skipIf(!redis)('the Redis counter store', () => {
  it('sends its script by digest and keeps counting after Redis has forgotten it (SCRIPT FLUSH)', async () => {
    const ns = `test:${randomBytes(4).toString('hex')}:`;
    const store = new RedisRateLimitStore(redis!, ns);
    expect(await store.hit('k:1', 60_000)).toBe(1);
    const sent: string[] = [];
    const monitor = await redis!.monitor();
    monitor.on('monitor', (_t: string, args: string[]) => {
      if (args[3] === `${ns}k:1`) sent.push(String(args[0]).toLowerCase()); // command, script or digest, 1, key
    });
    expect(await store.hit('k:1', 60_000)).toBe(2);
    await redis!.script('FLUSH');
    expect(await store.hit('k:1', 60_000)).toBe(3);
    await new Promise((r) => setTimeout(r, 50));
    monitor.disconnect();
    // the second hit by digest; the third refused (NOSCRIPT) and sent once more with its text
    expect(sent).toEqual(['evalsha', 'evalsha', 'eval']);
  });
});

describe('when the counter store is down', () => {
  it('statement-family routes answer 503 with Retry-After, uncharged', async () => {
    const { createApiTestDatabase, accountWithKey, startApi } = await import('../helpers/api.ts');
    const { TEST_ROUTES } = await import('../helpers/test-routes.ts');
    const database = await createApiTestDatabase();
    const api = await startApi(database, {
      routes: TEST_ROUTES,
      logLevel: 'silent',
      rateLimitStore: { hit: () => Promise.reject(new Error('ECONNREFUSED 127.0.0.1:6379')) },
    });
    try {
      const { key, accountId } = await accountWithKey(database, 'free', 5);
      const r = await api.get('/v1/test/statements?ticker=AAPL', { key });
      expect(r.status).toBe(503);
      expect(r.headers.get('retry-after')).toBe('5');
      expect(await r.json()).toEqual({
        error: 'Service Unavailable',
        message: 'The service is temporarily unavailable. Please retry shortly.',
      });
      const [row] = await database.query<{ credits: string }>('select credits from accounts where id = $1', [
        accountId,
      ]);
      expect(Number(row!.credits)).toBe(5);
    } finally {
      await api.close();
      await database.close();
    }
  });
});
