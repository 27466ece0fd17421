import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';

/**
 * Per-bucket request pacing, in two steps. `reserve` hands out start slots spaced `1000 / rps` ms apart (a
 * GCRA with no burst), which keeps waiters in arrival order. A reserved slot is only a wake-up time, though:
 * timers fire late when the event loop stalls, and overdue timers fire together. So after waking, `start`
 * admits the request only once `spacing` has passed since the bucket's last *actual* start (and any pause
 * has ended), waiting again otherwise. No one-second window ever holds more than `rps` real starts, whatever
 * the process's load. The spacing carries 5% headroom: the upstream measures arrivals, not our starts, and
 * network jitter must not push an 11th request into someone's 1-second window (the SEC answers that with a
 * 10-minute block).
 */
export interface RateLimiter {
  /** Resolves when the caller may start one request on `bucket`. */
  /**
   * Resolves when the caller may start, with the start time on the limiter's own clock (ms: this process's
   * performance.now() in memory, the Redis server's clock when shared), which is what the spacing holds on.
   */
  acquire(bucket: string): Promise<number>;
  /** Holds every later start on `bucket` for `ms` from now (the upstream asked everyone to back off). */
  pause(bucket: string, ms: number): Promise<void>;
  close(): Promise<void>;
}

/** Requests per second by bucket; `default` applies to buckets not listed. */
export type RateLimits = Record<string, number>;

export const SEC_BUCKET = 'sec';
export const DEFAULT_BUCKET_RPS = 5;
const HEADROOM = 1.05;

/**
 * SEC fair access is 10 requests/s per user across every sec.gov host and machine, so www, data and efts
 * share one bucket; any other host is its own bucket.
 */
export function bucketForHost(host: string): string {
  const name = host.toLowerCase().replace(/:\d+$/, '');
  return name === 'sec.gov' || name.endsWith('.sec.gov') ? SEC_BUCKET : name;
}

/**
 * Live upstreams get their fair-access ceilings. Against the offline mirror (our own loopback server standing
 * in for every host) the same limiter runs with MIRROR_MAX_RPS, so a demo backfill is not paced like the SEC.
 */
export function limitsFromConfig(config: {
  SEC_MAX_RPS: number;
  UPSTREAM?: 'fixtures' | 'live';
  MIRROR_MAX_RPS?: number;
}): RateLimits {
  if (config.UPSTREAM === 'fixtures' && config.MIRROR_MAX_RPS) {
    return { [SEC_BUCKET]: config.MIRROR_MAX_RPS, default: config.MIRROR_MAX_RPS };
  }
  return { [SEC_BUCKET]: config.SEC_MAX_RPS, default: DEFAULT_BUCKET_RPS };
}

function spacingMs(limits: RateLimits, bucket: string): number {
  const rps = limits[bucket] ?? limits['default'] ?? DEFAULT_BUCKET_RPS;
  if (!(rps > 0)) throw new RangeError(`rate limit for bucket ${bucket} must be positive, got ${rps}`);
  return (1000 / rps) * HEADROOM;
}

const sleep = (ms: number) =>
  ms > 0 ? new Promise<void>((r) => setTimeout(r, Math.ceil(ms))) : Promise.resolve();

class LimiterClosedError extends Error {
  override name = 'LimiterClosedError';
}

/** One process only: the embedded default. */
export function createMemoryLimiter(limits: RateLimits): RateLimiter {
  const buckets = new Map<string, { next: number; last: number; hold: number }>();
  const state = (bucket: string) => {
    let b = buckets.get(bucket);
    if (!b) {
      b = { next: 0, last: Number.NEGATIVE_INFINITY, hold: 0 };
      buckets.set(bucket, b);
    }
    return b;
  };
  let closed = false;
  return {
    async acquire(bucket) {
      if (closed) throw new LimiterClosedError('rate limiter is closed');
      const spacing = spacingMs(limits, bucket);
      const b = state(bucket);
      const now = performance.now();
      const slot = Math.max(now, b.next, b.hold);
      b.next = slot + spacing;
      await sleep(slot - now);
      // Check and record in one synchronous step: two waiters woken in the same tick cannot both pass.
      for (;;) {
        const wait = Math.max(b.last + spacing, b.hold) - performance.now();
        if (wait <= 0) break;
        await sleep(wait);
      }
      b.last = performance.now();
      return b.last;
    },
    async pause(bucket, ms) {
      const b = state(bucket);
      b.hold = Math.max(b.hold, performance.now() + ms);
    },
    async close() {
      closed = true;
    },
  };
}

/**
 * The two steps on the Redis clock, so machines with skewed clocks still share one schedule. The bucket's
 * hash holds `next` (the next free reservation), `last` (the last actual start) and `hold` (the end of a
 * pause), all in ms. `reserve` returns how long to sleep before the slot; `start` records the start and
 * returns minus its time when spacing since the last start has passed and no pause holds, else how long to
 * wait (> 0); `pause`
 * extends the hold.
 */
const SLOT_SCRIPT = `
if redis.replicate_commands then redis.replicate_commands() end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local h = redis.call('HMGET', KEYS[1], 'next', 'last', 'hold')
local nextSlot = tonumber(h[1]) or 0
local last = tonumber(h[2]) or 0
local hold = tonumber(h[3]) or 0
local mode = ARGV[1]
local amount = tonumber(ARGV[2])
local result = 0
if mode == 'pause' then
  hold = math.max(hold, now + amount)
elseif mode == 'reserve' then
  local slot = math.max(now, nextSlot, hold)
  nextSlot = slot + amount
  result = slot - now
else
  local allowed = math.max(last + amount, hold)
  if now >= allowed then
    last = now
    result = -now
  else
    result = allowed - now
  end
end
redis.call('HSET', KEYS[1], 'next', string.format('%.3f', nextSlot), 'last', string.format('%.3f', last),
  'hold', string.format('%.3f', hold))
redis.call('PEXPIRE', KEYS[1], math.ceil(math.max(nextSlot, hold, now) - now) + 60000)
return string.format('%.3f', result)
`;
const SLOT_SCRIPT_SHA = createHash('sha1').update(SLOT_SCRIPT).digest('hex');

export interface RedisLimiterOptions {
  /** Prefix of the Redis keys (`<prefix>pacing:<bucket>`); tests pass a unique one. */
  keyPrefix?: string;
  /**
   * How long one pacing command may wait for Redis's answer (ms, default REDIS_LIMITER_TIMEOUT_MS). The
   * services' client retries forever (`maxRetriesPerRequest: null`) and ioredis has no command timeout, so
   * without this a Redis that is down, restarting or not answering held the request, and its partition, until
   * the partition's deadline (10 min): now the attempt fails with the bucket named, and the runtime retries it.
   */
  commandTimeoutMs?: number;
}

/** A pacing command's bound: far above a Redis restart's seconds, far below the partition deadline. */
export const REDIS_LIMITER_TIMEOUT_MS = 30_000;

/** Redis did not answer a pacing command in time: the request is not started. */
export class LimiterTimeoutError extends Error {
  override name = 'LimiterTimeoutError';
}

/** Shared by every process using the same Redis: at most N starts per second per bucket in total. */
export function createRedisLimiter(
  redis: Redis | string,
  limits: RateLimits,
  options: RedisLimiterOptions = {},
): RateLimiter {
  const owned = typeof redis === 'string';
  const client = typeof redis === 'string' ? new Redis(redis, { maxRetriesPerRequest: 3 }) : redis;
  const prefix = options.keyPrefix ?? 'findata:';
  const timeoutMs = options.commandTimeoutMs ?? REDIS_LIMITER_TIMEOUT_MS;
  let closed = false;

  async function script(args: readonly [string, string, string]): Promise<unknown> {
    try {
      return await client.evalsha(SLOT_SCRIPT_SHA, 1, ...args);
    } catch (err) {
      if (!String((err as Error)?.message).startsWith('NOSCRIPT')) throw err;
      return await client.eval(SLOT_SCRIPT, 1, ...args);
    }
  }

  async function run(bucket: string, mode: 'reserve' | 'start' | 'pause', amount: number): Promise<number> {
    const key = `${prefix}pacing:${bucket}`;
    const pending = script([key, mode, amount.toFixed(3)]);
    // The command stays queued in ioredis (it settles whenever Redis answers, or the client closes); only
    // the wait for it is cut off here.
    pending.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new LimiterTimeoutError(
              `rate limiter: Redis did not answer the ${mode} of bucket ${bucket} within ${timeoutMs} ms`,
            ),
          ),
        timeoutMs,
      );
    });
    try {
      return Number(await Promise.race([pending, late]));
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async acquire(bucket) {
      if (closed) throw new LimiterClosedError('rate limiter is closed');
      const spacing = spacingMs(limits, bucket);
      await sleep(await run(bucket, 'reserve', spacing));
      for (;;) {
        if (closed) throw new LimiterClosedError('rate limiter is closed');
        const wait = await run(bucket, 'start', spacing);
        if (wait <= 0) return -wait;
        await sleep(wait);
      }
    },
    async pause(bucket, ms) {
      await run(bucket, 'pause', ms);
    },
    async close() {
      closed = true;
      if (owned) await client.quit();
    },
  };
}
