import type { IncomingHttpHeaders } from 'node:http';
import type { Database } from '../../lib/db.ts';
import { ApiError, FLAT_DEFAULT_MESSAGE } from './errors.ts';
import { isWellFormedKey, keyId, keyMatchesHash } from './keys.ts';
import { isPlan, type Plan } from './plans.ts';

/**
 * Key authentication. A key is looked up by its 12-character identifier (public information), then its
 * SHA-256 is compared with the stored hash in constant time. Lookups are cached for KEY_CACHE_TTL_MS, which
 * is the bound on how long a revoked key (or a plan change) can take to be noticed.
 */
export interface KeyPrincipal {
  accountId: string;
  keyPrefix: string;
  plan: Plan;
}

interface CachedKey {
  /** The stored SHA-256, decoded once. */
  hash: Buffer;
  accountId: string;
  plan: Plan;
  revoked: boolean;
  expiresAt: number;
  /** The principal this key authenticates as (one object per cache entry, not one per request). */
  principal: KeyPrincipal;
}

/** `Authorization: Bearer <key>` (preferred) or `X-API-Key: <key>`; null when neither is present. */
export function presentedKey(headers: IncomingHttpHeaders): string | null {
  const auth = headers.authorization;
  const bearer = typeof auth === 'string' ? /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(auth) : null;
  if (bearer) return bearer[1]!;
  // An Authorization header of another scheme (a proxy's Basic credentials) does not hide X-API-Key.
  const x = headers['x-api-key'];
  if (typeof x === 'string') return x.trim();
  return typeof auth === 'string' && auth.length > 0 ? '' : null;
}

/** How long an unknown key identifier is remembered as unknown (a key created since works after this). */
export const NEGATIVE_CACHE_MS = 5_000;
/** Database look-ups of identifiers in neither cache, per second; beyond it: 503 + Retry-After: 1, unread. */
export const MISS_LOOKUPS_PER_SECOND = 50;

export class KeyAuthenticator {
  private readonly cache = new Map<string, CachedKey>();
  /**
   * Unknown identifiers and until when they stay unknown: a flood of random keys costs one query per
   * identifier per NEGATIVE_CACHE_MS (there are only 65,536 identifiers), and at most
   * MISS_LOOKUPS_PER_SECOND queries in any second.
   */
  private readonly unknown = new Map<string, number>();
  private readonly inflight = new Map<string, Promise<CachedKey | null>>();
  /**
   * Keys whose SHA-256 matched their entry, by the whole key: a key seen again while its entry is fresh is
   * not hashed again (~9k instructions a request: the digest, its Buffer and the constant-time compare,
   * bench/api-instructions.ts). Only keys that matched are kept; a wrong secret is hashed every time, as
   * before. The entry carries the revocation and the expiry read from the database, so a revoked key is
   * refused, and a key whose entry expired is looked up again, exactly as without this map. Map look-ups
   * compare the presented string only with a key of the same string hash, so they reveal nothing of a
   * stored key's characters. Bounded like the cache (oldest first out).
   */
  private readonly verified = new Map<string, CachedKey>();
  private missWindow = 0;
  private missCount = 0;
  /** Database look-ups made (tests and metrics read it). */
  lookups = 0;

  constructor(
    private readonly database: Database,
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /**
   * authenticate() without a promise when the answer needs no database look-up: the key's principal, or
   * null for a missing, malformed or revoked key or a wrong secret; undefined when authenticate() must look
   * the key up (not cached, expired, or remembered as unknown).
   */
  cached(key: string | null): KeyPrincipal | null | undefined {
    if (!key) return null;
    const seen = this.verified.get(key);
    if (seen !== undefined && seen.expiresAt > Date.now()) return seen.revoked ? null : seen.principal;
    if (!isWellFormedKey(key)) return null;
    const entry = this.cache.get(keyId(key));
    if (!entry || entry.expiresAt <= Date.now()) return undefined;
    if (!this.matches(key, entry) || entry.revoked) return null;
    return entry.principal;
  }

  /** The key's SHA-256 equals the entry's stored hash (remembered for the entry's lifetime when it does). */
  private matches(key: string, entry: CachedKey): boolean {
    if (this.verified.get(key) === entry) return true;
    if (!keyMatchesHash(key, entry.hash)) return false;
    if (this.ttlMs > 0) {
      if (this.verified.size >= this.maxEntries) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(key, entry);
    }
    return true;
  }

  /** The key's account, or null for a missing, malformed, unknown or revoked key. */
  async authenticate(key: string | null): Promise<KeyPrincipal | null> {
    if (!key || !isWellFormedKey(key)) return null;
    const prefix = keyId(key);
    // Concurrent requests with one uncached key share a single look-up (and count as one miss).
    let pending = this.inflight.get(prefix);
    if (!pending) {
      pending = this.lookup(prefix).finally(() => this.inflight.delete(prefix));
      this.inflight.set(prefix, pending);
    }
    const entry = await pending;
    if (!entry || !this.matches(key, entry) || entry.revoked) return null;
    return entry.principal;
  }

  private async lookup(prefix: string): Promise<CachedKey | null> {
    const now = Date.now();
    const hit = this.cache.get(prefix);
    if (hit && hit.expiresAt > now) return hit;
    if (this.ttlMs > 0) {
      if ((this.unknown.get(prefix) ?? 0) > now) return null;
      const second = Math.floor(now / 1000);
      if (second !== this.missWindow) {
        this.missWindow = second;
        this.missCount = 0;
      }
      // Beyond the budget: a retryable 503, not a 401 (the key may be real and simply not cached yet).
      if (!hit && ++this.missCount > MISS_LOOKUPS_PER_SECOND) {
        throw new ApiError(503, FLAT_DEFAULT_MESSAGE[503]!, { 'retry-after': '1' });
      }
    }
    this.lookups++;
    const [row] = await this.database.query<{
      key_hash: string;
      revoked: boolean;
      account_id: string;
      plan: string;
    }>(
      `select k.key_hash, k.revoked_at is not null as revoked, a.id as account_id, a.plan
         from api_keys k join accounts a on a.id = k.account_id where k.prefix = $1`,
      [prefix],
    );
    if (!row) {
      this.cache.delete(prefix);
      if (this.ttlMs > 0) {
        if (this.unknown.size >= this.maxEntries) this.unknown.delete(this.unknown.keys().next().value!);
        this.unknown.set(prefix, now + Math.min(this.ttlMs, NEGATIVE_CACHE_MS));
      }
      return null;
    }
    this.unknown.delete(prefix);
    const plan = isPlan(row.plan) ? row.plan : 'free';
    const entry: CachedKey = {
      hash: Buffer.from(row.key_hash, 'hex'),
      accountId: row.account_id,
      plan,
      revoked: row.revoked,
      expiresAt: now + this.ttlMs,
      principal: Object.freeze({ accountId: row.account_id, keyPrefix: prefix, plan }),
    };
    if (this.ttlMs > 0) {
      if (this.cache.size >= this.maxEntries) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(prefix, entry);
    }
    return entry;
  }
}
