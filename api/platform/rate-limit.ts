import type { Redis } from 'ioredis';

/**
 * Per-key, per-minute request counters (spec 8.1), in fixed windows aligned to the clock minute. The store
 * is shared by every API instance: Redis when configured, otherwise process memory (the embedded default
 * runs one instance; tests that run two in one process hand both the same MemoryRateLimitStore).
 */
export const WINDOW_MS = 60_000;

export interface RateLimitStore {
  /** Counts one request in the window and returns the count including it (at once when it can). */
  hit(bucket: string, windowMs: number): number | Promise<number>;
  close?(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly counts = new Map<string, { n: number; expiresAt: number }>();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  hit(bucket: string, windowMs: number): number {
    const now = this.now();
    if (now - this.lastSweep > windowMs) this.sweep(now);
    const entry = this.counts.get(bucket);
    if (entry && entry.expiresAt > now) {
      entry.n += 1;
      return entry.n;
    }
    this.counts.set(bucket, { n: 1, expiresAt: now + 2 * windowMs });
    return 1;
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [k, v] of this.counts) if (v.expiresAt <= now) this.counts.delete(k);
  }
}

const HIT_SCRIPT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

type WithHit = Redis & { findataRateHit(key: string, expireMs: string): Promise<number> };

export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: WithHit;

  constructor(
    redis: Redis,
    private readonly namespace = 'findata:rl:',
  ) {
    // A defined command is sent as EVALSHA (the script's 40-character digest, not its text, on every request);
    // ioredis loads the script itself when the server answers NOSCRIPT (a restarted or flushed Redis).
    if (!('findataRateHit' in redis))
      redis.defineCommand('findataRateHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.redis = redis as WithHit;
  }

  async hit(bucket: string, windowMs: number): Promise<number> {
    return Number(await this.redis.findataRateHit(this.namespace + bucket, String(2 * windowMs)));
  }
}

export interface RateDecision {
  allowed: boolean;
  count: number;
  limit: number;
  /** Seconds until the current window ends. */
  resetSeconds: number;
}

export class RateLimiter {
  /**
   * The last counter name made, and the key and window it names: a key's requests in one window count into
   * the same name, which is made once instead of joined (and its window number formatted) on every request.
   */
  private lastKey = '';
  private lastWindow = -1;
  private lastBucket = '';

  constructor(
    private readonly store: RateLimitStore,
    private readonly now: () => number = Date.now,
  ) {}

  async check(keyPrefix: string, limit: number): Promise<RateDecision> {
    return this.checkNow(keyPrefix, limit);
  }

  /** check() without a promise when the store answers at once (the in-memory counters). */
  checkNow(keyPrefix: string, limit: number): RateDecision | Promise<RateDecision> {
    const now = this.now();
    const window = Math.floor(now / WINDOW_MS);
    const count = this.store.hit(this.bucket(keyPrefix, window), WINDOW_MS);
    return typeof count === 'number'
      ? decision(count, limit, window, now)
      : count.then((n) => decision(n, limit, window, now));
  }

  /** The counter's name: `<key prefix>:<window number>`. */
  private bucket(keyPrefix: string, window: number): string {
    if (keyPrefix !== this.lastKey || window !== this.lastWindow) {
      this.lastKey = keyPrefix;
      this.lastWindow = window;
      this.lastBucket = `${keyPrefix}:${window}`;
    }
    return this.lastBucket;
  }
}

function decision(count: number, limit: number, window: number, now: number): RateDecision {
  const resetSeconds = Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000));
  return { allowed: count <= limit, count, limit, resetSeconds };
}
