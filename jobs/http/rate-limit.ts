import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';

/**
 * Per-bucket request pacing. Each bucket hands out start slots spaced `1000 / rps` ms apart (a GCRA with no
 * burst), so no one-second window ever holds more than `rps` starts. The spacing carries 5% headroom: the
 * upstream measures arrivals, not our starts, and network jitter must not push an 11th request into
 * someone's 1-second window (the SEC answers that with a 10-minute block).
 */
export interface RateLimiter {
  /** Resolves when the caller may start one request on `bucket`. */
  acquire(bucket: string): Promise<void>;
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
  const nextSlot = new Map<string, number>();
  let closed = false;
  return {
    async acquire(bucket) {
      if (closed) throw new LimiterClosedError('rate limiter is closed');
      const now = performance.now();
      const slot = Math.max(now, nextSlot.get(bucket) ?? 0);
      nextSlot.set(bucket, slot + spacingMs(limits, bucket));
      await sleep(slot - now);
    },
    async pause(bucket, ms) {
      const until = performance.now() + ms;
      if ((nextSlot.get(bucket) ?? 0) < until) nextSlot.set(bucket, until);
    },
    async close() {
      closed = true;
    },
  };
}

/**
 * Reserves the next start slot atomically and returns how long to sleep before it, on the Redis clock so
 * machines with skewed clocks still share one schedule. The key holds the bucket's next free slot (ms).
 */
const SLOT_SCRIPT = `
if redis.replicate_commands then redis.replicate_commands() end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local nextSlot = tonumber(redis.call('GET', KEYS[1])) or 0
local amount = tonumber(ARGV[1])
if ARGV[2] == 'pause' then
  local untilMs = now + amount
  if untilMs > nextSlot then
    redis.call('SET', KEYS[1], string.format('%.3f', untilMs), 'PX', math.ceil(untilMs - now) + 1000)
  end
  return '0'
end
local slot = math.max(now, nextSlot)
local after = slot + amount
redis.call('SET', KEYS[1], string.format('%.3f', after), 'PX', math.ceil(after - now) + 1000)
return string.format('%.3f', slot - now)
`;
const SLOT_SCRIPT_SHA = createHash('sha1').update(SLOT_SCRIPT).digest('hex');

export interface RedisLimiterOptions {
  /** Prefix of the Redis keys (`<prefix>ratelimit:<bucket>`); tests pass a unique one. */
  keyPrefix?: string;
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
  let closed = false;

  async function run(bucket: string, amount: number, mode: 'acquire' | 'pause'): Promise<number> {
    const key = `${prefix}ratelimit:${bucket}`;
    const args = [key, amount.toFixed(3), mode] as const;
    let reply: unknown;
    try {
      reply = await client.evalsha(SLOT_SCRIPT_SHA, 1, ...args);
    } catch (err) {
      if (!String((err as Error)?.message).startsWith('NOSCRIPT')) throw err;
      reply = await client.eval(SLOT_SCRIPT, 1, ...args);
    }
    return Number(reply);
  }

  return {
    async acquire(bucket) {
      if (closed) throw new LimiterClosedError('rate limiter is closed');
      await sleep(await run(bucket, spacingMs(limits, bucket), 'acquire'));
    },
    async pause(bucket, ms) {
      await run(bucket, ms, 'pause');
    },
    async close() {
      closed = true;
      if (owned) await client.quit();
    },
  };
}
