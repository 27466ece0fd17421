import type { IncomingHttpHeaders } from 'node:http';
import type { Database } from '../../lib/db.ts';
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
  hash: string;
  accountId: string;
  plan: Plan;
  revoked: boolean;
  expiresAt: number;
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

export class KeyAuthenticator {
  private readonly cache = new Map<string, CachedKey>();

  constructor(
    private readonly database: Database,
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** The key's account, or null for a missing, malformed, unknown or revoked key. */
  async authenticate(key: string | null): Promise<KeyPrincipal | null> {
    if (!key || !isWellFormedKey(key)) return null;
    const prefix = keyId(key);
    const entry = await this.lookup(prefix);
    if (!entry || !keyMatchesHash(key, entry.hash) || entry.revoked) return null;
    return { accountId: entry.accountId, keyPrefix: prefix, plan: entry.plan };
  }

  private async lookup(prefix: string): Promise<CachedKey | null> {
    const now = Date.now();
    const hit = this.cache.get(prefix);
    if (hit && hit.expiresAt > now) return hit;
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
      return null;
    }
    const entry: CachedKey = {
      hash: row.key_hash,
      accountId: row.account_id,
      plan: isPlan(row.plan) ? row.plan : 'free',
      revoked: row.revoked,
      expiresAt: now + this.ttlMs,
    };
    if (this.ttlMs > 0) {
      if (this.cache.size >= this.maxEntries) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(prefix, entry);
    }
    return entry;
  }
}
