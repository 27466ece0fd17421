import { type AnyColumn, and, eq, gt, gte, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../lib/db.ts';
import type { CursorKey } from './cursors.ts';
import { ApiError, MALFORMED_CURSOR } from './errors.ts';

/** Helpers for query functions: keyset conditions for cursor paging and the `_gte/_lte/_gt/_lt` filters. */
export interface KeysetColumn {
  column: AnyColumn;
  desc?: boolean;
}

/**
 * `WHERE` condition for the rows strictly after `after` in the order given by `keys` (the last key must be
 * unique). Handles mixed directions; null sort values are not supported in keyset columns.
 *
 * The OR of branches is what is exact, but Postgres cannot start an index scan from it: a page deep into a
 * table would walk the index from its first row and filter every row before the cursor. So the first sort
 * column is also bounded on its own (`k0 >= v0`, `<=` descending), which every branch implies: the scan of
 * an index that leads with that column starts at the cursor, and a deep page costs what the first does.
 */
export function keysetAfter(keys: readonly KeysetColumn[], after: CursorKey | null): SQL | undefined {
  if (!after) return undefined;
  if (after.length !== keys.length || after.some((v) => v === null))
    throw new ApiError(400, MALFORMED_CURSOR);
  const branches: SQL[] = [];
  for (let i = 0; i < keys.length; i++) {
    const parts: SQL[] = [];
    for (let j = 0; j < i; j++) parts.push(eq(keys[j]!.column, after[j]));
    const k = keys[i]!;
    parts.push(k.desc ? lt(k.column, after[i]) : gt(k.column, after[i]));
    branches.push(and(...parts)!);
  }
  const k0 = keys[0]!;
  return and(k0.desc ? lte(k0.column, after[0]) : gte(k0.column, after[0]), or(...branches));
}

/** The ORDER BY matching keysetAfter. */
export function keysetOrder(keys: readonly KeysetColumn[]): SQL[] {
  return keys.map((k) => (k.desc ? sql`${k.column} desc` : sql`${k.column} asc`));
}

/** Inclusive `_gte`/`_lte` and exclusive `_gt`/`_lt` conditions for one filter family. */
export function rangeConditions(column: AnyColumn, query: Record<string, unknown>, name: string): SQL[] {
  const out: SQL[] = [];
  const v = (suffix: string) => query[`${name}_${suffix}`];
  if (v('gte') !== undefined) out.push(gte(column, v('gte')));
  if (v('lte') !== undefined) out.push(lte(column, v('lte')));
  if (v('gt') !== undefined) out.push(gt(column, v('gt')));
  if (v('lt') !== undefined) out.push(lt(column, v('lt')));
  return out;
}

interface NamedQueryClient {
  query(q: { name: string; text: string; values: unknown[] }): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * Runs a hot statement as a named prepared statement on Postgres (drizzle's documented `$client` is the
 * pg pool), so each connection parses and plans it once; PGlite runs it as a plain query.
 */
export async function hotQuery(
  database: Database,
  name: string,
  text: string,
  values: unknown[],
): Promise<Record<string, unknown>[]> {
  const client = (database.db as unknown as { $client?: NamedQueryClient }).$client;
  if (database.kind === 'postgres' && typeof client?.query === 'function') {
    const params = values.map((v) => (Array.isArray(v) ? (arrayLiteral(v) ?? v) : v));
    return (await client.query({ name, text, values: params })).rows;
  }
  return database.query(text, values);
}

/**
 * A flat array of strings or numbers as Postgres's array literal: the same text pg's driver makes of it
 * (utils.js arrayString: every element quoted, `\` and `"` escaped by two regex replaces per element), without
 * the regular expressions for an element that holds neither (every id, route and key prefix of the usage and
 * credit statements: ~10k instructions per request on the companies route, bench/api-instructions.ts).
 * Undefined for anything else (null, nested arrays, other types), which is left to the driver.
 *
 * Only strings are searched for the two characters (a number's text holds neither), and a string that is the
 * previous element again is not searched twice: the batched statements' columns repeat their account, key
 * prefix, route and reason from row to row. (Joining with the array's own `join` and searching all the strings
 * at once was measured no cheaper: `join` costs as much per element as the adds.)
 */
export function arrayLiteral(values: readonly unknown[]): string | undefined {
  const strings = stringsLiteral(values);
  if (strings !== undefined) return strings;
  const numbers = numbersLiteral(values);
  if (numbers !== undefined) return numbers;
  let out = '{';
  let previous: string | undefined;
  let written = '';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    let s: string;
    if (typeof v === 'string') {
      if (v === previous) s = written;
      else {
        s = v.includes('\\') || v.includes('"') ? v.replace(/\\/g, '\\\\').replace(/"/g, '\\"') : v;
        previous = v;
        written = s;
      }
    } else if (typeof v === 'number') s = v.toString();
    else return undefined;
    out += i === 0 ? `"${s}"` : `,"${s}"`;
  }
  return `${out}}`;
}

/**
 * arrayLiteral of a non-empty array of numbers only, by the array's own `join`: each element's text is its
 * `toString()` (what the element loop writes), quoted, in one native call (the hold settle's `deltas`, one
 * element per request the hold served). Undefined for anything else.
 */
function numbersLiteral(values: readonly unknown[]): string | undefined {
  if (values.length === 0) return undefined;
  for (let i = 0; i < values.length; i++) if (typeof values[i] !== 'number') return undefined;
  return `{"${values.join('","')}"}`;
}

/** A backslash that is not JSON's escape of `"` or `\` (`\n`, `\u0001`, `\ud800`...). */
const OTHER_ESCAPE = /\\[^"\\]/;

/**
 * arrayLiteral of an array of strings only, by JSON.stringify: one flat string made natively, where the
 * element loop makes two or three strings per element (~60-100 bytes of garbage each; the usage, hold-settle
 * and charge statements send one element per request in each of their columns: bench/api-alloc.ts). JSON
 * writes a string as the array literal does (quoted, `"` and `\` escaped by a backslash) unless it holds a
 * control character or a lone surrogate, which JSON escapes and the literal keeps as they are: then
 * undefined, and the loop writes it. Undefined as well for an array with anything but strings.
 */
function stringsLiteral(values: readonly unknown[]): string | undefined {
  for (let i = 0; i < values.length; i++) if (typeof values[i] !== 'string') return undefined;
  const json = JSON.stringify(values);
  if (json.includes('\\') && OTHER_ESCAPE.test(json)) return undefined;
  return `{${json.slice(1, -1)}}`;
}
