import { randomBytes } from 'node:crypto';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../jobs/http/client.ts';
import { type Mirror, startMirror } from '../../jobs/http/mirror.ts';
import {
  bucketForHost,
  createMemoryLimiter,
  createRedisLimiter,
  LimiterTimeoutError,
  type RateLimiter,
} from '../../jobs/http/rate-limit.ts';
import { FIXTURES, fileSha256, maxInWindow, SMALL, silentLogger, testConfig } from './helpers.ts';

// The shipped SEC_MAX_RPS default: 9 starts/s leaves room for network and event-loop jitter, so that what
// the SEC counts (arrivals) stays within its 10 per second.
const LIMITS = { sec: 9, default: 2 };

describe('per-host rate limit, measured at the mirror', () => {
  let mirror: Mirror;
  beforeAll(async () => {
    mirror = await startMirror({ root: FIXTURES });
  });
  afterAll(() => mirror.close());
  beforeEach(() => {
    mirror.requests.length = 0;
  });

  async function fireConcurrently(limiters: RateLimiter[], total: number) {
    // Every start the limiters grant, on their own clock (what the spacing holds on).
    const starts: number[] = [];
    const recording = limiters.map(
      (l): RateLimiter => ({
        acquire: async (bucket) => {
          const at = await l.acquire(bucket);
          starts.push(at);
          return at;
        },
        pause: (bucket, ms) => l.pause(bucket, ms),
        close: () => l.close(),
      }),
    );
    const clients = recording.map((limiter) =>
      createHttpClient({ config: testConfig(), logger: silentLogger, limiter, mirrorUrl: mirror.url }),
    );
    const started = performance.now();
    const docs = await Promise.all(
      Array.from({ length: total }, (_, i) => clients[i % clients.length]!.get(SMALL.url)),
    );
    const elapsed = performance.now() - started;
    const times = mirror.requests.map((r) => r.at);
    return { docs, elapsed, times, starts, jitter: deliveryJitter(starts, times) };
  }

  /**
   * How unevenly the starts reached the mirror: the spread of (k-th arrival - k-th start). On a quiet machine
   * a few ms; on a loaded one the event loop delivers some requests late, so arrivals bunch by at most this
   * much. The arrival check allows exactly that: no more than 10 in any (1 s - jitter) window.
   */
  function deliveryJitter(starts: number[], arrivals: number[]): number {
    const s = [...starts].sort((a, b) => a - b);
    const a = [...arrivals].sort((x, y) => x - y);
    const lags = a.map((t, k) => t - (s[k] ?? t));
    return Math.max(...lags) - Math.min(...lags);
  }

  it('puts every sec.gov host in one bucket', () => {
    expect(bucketForHost('www.sec.gov')).toBe('sec');
    expect(bucketForHost('data.sec.gov')).toBe('sec');
    expect(bucketForHost('EFTS.SEC.GOV')).toBe('sec');
    expect(bucketForHost('www.finra.org')).toBe('www.finra.org');
  });

  it('40 concurrent gets at the default 9 req/s: never more than 10 arrive in any second', async () => {
    const { docs, elapsed, times, starts, jitter } = await fireConcurrently(
      [createMemoryLimiter(LIMITS)],
      40,
    );
    expect(docs.every((d) => d.sha256 === fileSha256(SMALL.file))).toBe(true);
    expect(times).toHaveLength(40);
    expect(maxInWindow(starts)).toBeLessThanOrEqual(9);
    expect(maxInWindow(times, Math.max(1000 - jitter, 500))).toBeLessThanOrEqual(10);
    // 39 gaps of 117 ms: about 4.55 s. More than 7 s would mean the limiter is far too cautious.
    expect(elapsed).toBeGreaterThan(4_300);
    expect(elapsed).toBeLessThan(7_000 + jitter);
    console.info(
      `memory limiter: 40 requests in ${Math.round(elapsed)} ms, max ${maxInWindow(times)} in 1 s`,
    );
  });

  it('keeps real starts spaced when the event loop stalls (no burst of overdue timers)', async () => {
    const { starts, minGap } = await startsAcrossStall(createMemoryLimiter(LIMITS));
    expect(starts).toHaveLength(24);
    expect(maxInWindow(starts)).toBeLessThanOrEqual(9);
    expect(minGap).toBeGreaterThanOrEqual(110);
  });

  it('a pause also holds the callers that reserved a slot before it', async () => {
    expect(await heldAfterPause(createMemoryLimiter(LIMITS))).toBeGreaterThanOrEqual(290);
  });

  it('a pause holds the whole bucket', async () => {
    const limiter = createMemoryLimiter(LIMITS);
    await limiter.acquire('sec');
    await limiter.pause('sec', 300);
    const t0 = performance.now();
    await limiter.acquire('sec');
    expect(performance.now() - t0).toBeGreaterThanOrEqual(290);
  });

  describe.skipIf(!process.env.REDIS_URL)('shared through Redis', () => {
    const keyPrefix = `test:http:${process.pid}:${randomBytes(4).toString('hex')}:`;

    it('two clients with two limiters share the 9 req/s', async () => {
      const url = process.env.REDIS_URL!;
      const limiters = [
        createRedisLimiter(url, LIMITS, { keyPrefix }),
        createRedisLimiter(url, LIMITS, { keyPrefix }),
      ];
      try {
        const { docs, elapsed, times, starts, jitter } = await fireConcurrently(limiters, 40);
        expect(docs).toHaveLength(40);
        expect(times).toHaveLength(40);
        expect(maxInWindow(starts)).toBeLessThanOrEqual(9);
        expect(maxInWindow(times, Math.max(1000 - jitter, 500))).toBeLessThanOrEqual(10);
        expect(elapsed).toBeGreaterThan(4_300);
        expect(elapsed).toBeLessThan(7_000 + jitter);
        console.info(
          `redis limiter: 40 requests in ${Math.round(elapsed)} ms, max ${maxInWindow(times)} in 1 s`,
        );
      } finally {
        await Promise.all(limiters.map((l) => l.close()));
      }
    });

    it('keeps real starts spaced across processes when one stalls', async () => {
      const limiter = createRedisLimiter(process.env.REDIS_URL!, LIMITS, { keyPrefix: `${keyPrefix}stall:` });
      try {
        const { starts, minGap } = await startsAcrossStall(limiter);
        expect(starts).toHaveLength(24);
        expect(maxInWindow(starts)).toBeLessThanOrEqual(9);
        expect(minGap).toBeGreaterThanOrEqual(110);
      } finally {
        await limiter.close();
      }
    });

    it('a pause holds the callers that reserved a slot before it', async () => {
      const limiter = createRedisLimiter(process.env.REDIS_URL!, LIMITS, { keyPrefix: `${keyPrefix}held:` });
      try {
        expect(await heldAfterPause(limiter)).toBeGreaterThanOrEqual(280);
      } finally {
        await limiter.close();
      }
    });

    it('a pause from one process holds the other', async () => {
      const url = process.env.REDIS_URL!;
      const [a, b] = [
        createRedisLimiter(url, LIMITS, { keyPrefix }),
        createRedisLimiter(url, LIMITS, { keyPrefix }),
      ];
      try {
        await a.pause('pause-test', 300);
        const t0 = performance.now();
        await b.acquire('pause-test');
        expect(performance.now() - t0).toBeGreaterThanOrEqual(280);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });
  });

  it('a Redis that never answers fails the acquire after the command bound, instead of holding the request', async () => {
    // a loopback server that accepts the connection and reads every command but never writes a byte back (a
    // Redis that hangs, or a connection whose answers are lost): the services' client retries forever
    // (maxRetriesPerRequest: null) and ioredis has no command timeout of its own
    const sockets = new Set<Socket>();
    const silent = createServer((s) => {
      sockets.add(s);
      s.on('data', () => {});
    });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const client = new Redis(`redis://127.0.0.1:${(silent.address() as AddressInfo).port}`, {
      maxRetriesPerRequest: null,
    });
    try {
      const limiter = createRedisLimiter(client, LIMITS, { commandTimeoutMs: 300 });
      const t0 = performance.now();
      const outcome = await Promise.race([
        limiter.acquire('sec').then(
          () => 'started',
          (err: Error) => err,
        ),
        new Promise((r) => setTimeout(() => r('still waiting after 5 s'), 5_000)),
      ]);
      expect(outcome).toBeInstanceOf(LimiterTimeoutError);
      expect((outcome as Error).message).toMatch(
        /Redis did not answer the reserve of bucket sec within 300 ms/,
      );
      expect(performance.now() - t0).toBeLessThan(3_000);
    } finally {
      client.disconnect();
      for (const s of sockets) s.destroy();
      await new Promise((r) => silent.close(r));
    }
  });
});

/**
 * 24 callers at 9/s; 250 ms in, the event loop is blocked for 700 ms (a long parse, a GC pause). Returns
 * when each caller was let through, on the limiter's own clock (the Redis server's for the shared limiter):
 * when this process sees a reply is a matter of scheduling on a loaded machine, so spacing is asserted on
 * the times the limiter recorded, which are what an upstream would observe as arrivals.
 */
async function startsAcrossStall(limiter: RateLimiter) {
  const starts: number[] = [];
  const all = Promise.all(
    Array.from({ length: 24 }, () => limiter.acquire('sec').then((at) => starts.push(at))),
  );
  await new Promise((r) => setTimeout(r, 250));
  const until = performance.now() + 700;
  while (performance.now() < until) {
    // busy: nothing else runs
  }
  await all;
  const sorted = [...starts].sort((a, b) => a - b);
  const minGap = Math.min(...sorted.slice(1).map((t, i) => t - sorted[i]!));
  return { starts, minGap };
}

/** Three callers reserve slots; after the first starts, the bucket is paused for 300 ms. */
async function heldAfterPause(limiter: RateLimiter): Promise<number> {
  const first = limiter.acquire('sec');
  const rest = [limiter.acquire('sec'), limiter.acquire('sec')];
  await first;
  const t0 = performance.now();
  await limiter.pause('sec', 300);
  await rest[0];
  const held = performance.now() - t0;
  await rest[1];
  return held;
}
