import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../lib/db.ts';
import { ApiError, MALFORMED_CURSOR } from './errors.ts';

/**
 * Opaque, tamper-evident cursors: base64url(JSON {r: route, f: filter digest, k: keyset position}) + "." +
 * HMAC-SHA256. A cursor only decodes on the route and filters it was issued for, so paging can never
 * silently restart or jump to another query.
 */
export type CursorKey = readonly (string | number | null)[];

const SETTINGS_KEY = 'cursor_secret';

/** CURSOR_SECRET when set, otherwise a secret generated once and kept in the settings table. */
export async function loadCursorSecret(database: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await database.query('insert into settings (key, value) values ($1, $2) on conflict (key) do nothing', [
    SETTINGS_KEY,
    randomBytes(32).toString('hex'),
  ]);
  const [row] = await database.query<{ value: string }>('select value from settings where key = $1', [
    SETTINGS_KEY,
  ]);
  if (!row) throw new Error('cursor secret missing from settings after insert');
  return row.value;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** A short digest of everything the query was filtered on (path and query, without cursor and limit). */
export function filterDigest(filters: Record<string, unknown>): string {
  return createHash('sha256').update(canonical(filters)).digest('base64url').slice(0, 16);
}

export class CursorCodec {
  private readonly secret: Buffer;

  constructor(secret: string) {
    this.secret = Buffer.from(secret, 'utf8');
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }

  encode(route: string, filters: Record<string, unknown>, key: CursorKey): string {
    const payload = Buffer.from(JSON.stringify({ r: route, f: filterDigest(filters), k: key })).toString(
      'base64url',
    );
    return `${payload}.${this.sign(payload)}`;
  }

  /** The keyset position, or a 400 `Malformed cursor` for anything this service did not issue for this query. */
  decode(cursor: string, route: string, filters: Record<string, unknown>): CursorKey {
    const dot = cursor.indexOf('.');
    if (dot <= 0 || cursor.length > 2048) throw new ApiError(400, MALFORMED_CURSOR);
    const payload = cursor.slice(0, dot);
    const given = Buffer.from(cursor.slice(dot + 1), 'base64url');
    const expected = Buffer.from(this.sign(payload), 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new ApiError(400, MALFORMED_CURSOR);
    let parsed: { r?: unknown; f?: unknown; k?: unknown };
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw new ApiError(400, MALFORMED_CURSOR);
    }
    if (!Array.isArray(parsed.k)) throw new ApiError(400, MALFORMED_CURSOR);
    if (parsed.r !== route || parsed.f !== filterDigest(filters)) {
      throw new ApiError(
        400,
        `${MALFORMED_CURSOR}: this cursor was issued for a different route or different filters; repeat the same filters and pass next_cursor back unchanged`,
      );
    }
    return parsed.k as CursorKey;
  }
}
