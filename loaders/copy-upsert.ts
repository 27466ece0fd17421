import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Transaction as PGliteTransaction } from '@electric-sql/pglite';
import { getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { LoadResult } from '../jobs/types.ts';
import type { Tx } from '../lib/db.ts';
import { addCounts, arrayLiteral, arrayType, ident, toDb, upsertPlan, upsertRows } from './upsert.ts';

/** Below this many rows the staging table costs more than it saves: upsertRows' unnest path. */
const COPY_MIN_ROWS = 5_000;
/** A COPY straight into the table (no staging table) pays off from a few hundred rows. */
const COPY_INSERT_MIN_ROWS = 200;
/** Keys of a batch probed before it is COPYed straight into the table (copyUpsertRows). */
const PROBE_KEYS = 256;
/** Rows per string handed to the COPY stream (one write per chunk, not per row). */
const ROWS_PER_WRITE = 2_000;

/**
 * upsertRows for bulk loads (filing index rows, daily prices, 13F holdings): the rows are COPYed (text
 * format) into a temporary staging table holding only the upserted columns (no WAL, no index, dropped at
 * commit), then one `INSERT ... SELECT ... ON CONFLICT` writes them with upsertRows' semantics (only rows
 * whose values changed are updated; inserted/updated counted in the database). COPY parses rows far cheaper
 * than a statement's array parameters (bench/loader.bench.ts measures both against a bare COPY of the same
 * rows). On Postgres the text goes through the transaction's connection as `COPY ... FROM STDIN`; on PGlite
 * as `COPY ... FROM '/dev/blob'` with the text handed over as a Blob (PGlite's own COPY input). A handle
 * outside a transaction, and small batches, take upsertRows' unnest path.
 *
 * New rows (a backfill's common case): when the batch's keys are not in the table yet, the upsert would
 * insert every row and update none, so the rows are COPYed straight into the table under a savepoint
 * instead, with no staging table and no second pass. A probe of PROBE_KEYS keys spread over the batch (one
 * statement) decides whether to try: any hit, and the batch goes to the staging table at once. A key the
 * probe did not sample, or that a concurrent load added since, fails that COPY on the primary key: the
 * savepoint is rolled back and the batch takes the staging path, so the result is always the upsert's (the
 * probe only decides which path is tried first; a miss costs one wasted COPY, never a wrong row).
 */
export async function copyUpsertRows<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: T['$inferInsert'][],
  conflictColumns: PgColumn[],
  updateColumns?: PgColumn[],
): Promise<LoadResult> {
  const copy = copyTarget(tx);
  if (!copy || rows.length < COPY_MIN_ROWS)
    return upsertRows(tx, table, rows, conflictColumns, updateColumns);
  const plan = upsertPlan(table, rows, conflictColumns, updateColumns);
  if (!(await anyKeyExists(tx, table, sample(plan.rows, PROBE_KEYS), plan.columns, conflictColumns))) {
    const cols = plan.columns.map(([, c]) => `"${c.name}"`).join(', ');
    await tx.execute(sql`savepoint copy_new_rows`);
    try {
      await copy(`"${getTableName(table)}" (${cols})`, copyText(plan.rows, plan.columns));
      await tx.execute(sql`release savepoint copy_new_rows`);
      return { inserted: plan.rows.length, updated: 0 };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      await tx.execute(sql`rollback to savepoint copy_new_rows`);
    }
  }
  const stage = ident(`stage_${getTableName(table)}`);
  await tx.execute(sql`drop table if exists pg_temp.${stage}`);
  await tx.execute(
    sql`create temp table ${stage} on commit drop as select ${plan.colList} from ${ident(getTableName(table))} with no data`,
  );
  await copy(`pg_temp."stage_${getTableName(table)}"`, copyText(plan.rows, plan.columns));
  const result: LoadResult = { inserted: 0, updated: 0 };
  addCounts(result, await tx.execute(plan.statement(sql`select * from pg_temp.${stage}`)));
  return result;
}

/**
 * copyUpsertRows for rows the caller knows are new (it deleted their key range in the same transaction: one
 * fund report's positions): on Postgres a plain `COPY table (columns) FROM STDIN` straight into the table, no
 * staging table and no conflict check; elsewhere, and for small batches, upsertRows. A duplicate key
 * still fails loudly (the primary key holds), so the shortcut cannot silently double a row.
 */
export async function copyInsertRows<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: T['$inferInsert'][],
  conflictColumns: PgColumn[],
): Promise<LoadResult> {
  const copy = copyTarget(tx);
  if (!copy || rows.length < COPY_INSERT_MIN_ROWS) return upsertRows(tx, table, rows, conflictColumns);
  const plan = upsertPlan(table, rows, conflictColumns);
  const cols = plan.columns.map(([, c]) => `"${c.name}"`).join(', ');
  await copy(`"${getTableName(table)}" (${cols})`, copyText(plan.rows, plan.columns));
  return { inserted: plan.rows.length, updated: 0 };
}

/** Up to `n` of `rows`, evenly spread (first and last included). */
function sample<R>(rows: readonly R[], n: number): R[] {
  if (rows.length <= n) return [...rows];
  const step = (rows.length - 1) / (n - 1);
  return Array.from({ length: n }, (_, i) => rows[Math.round(i * step)]!);
}

/** True when the table holds the key of at least one of `rows` (one statement; stops at the first hit). */
async function anyKeyExists(
  tx: Tx,
  table: PgTable,
  rows: readonly unknown[],
  columns: [string, PgColumn][],
  key: PgColumn[],
): Promise<boolean> {
  const keyColumns = key.map((k) => columns.find(([, c]) => c === k)).filter((c) => c !== undefined);
  // A key column no row sets is filled by its default on insert: a constant default is probed as that value for
  // every row (13F's put_call ''); any other (an expression, or none) cannot be probed, so a hit is assumed.
  const defaulted = key.filter((k) => !columns.some(([, c]) => c === k));
  if (
    keyColumns.length === 0 ||
    defaulted.some((c) => !c.hasDefault || (typeof c.default !== 'string' && typeof c.default !== 'number'))
  )
    return true;
  const arrays = sql.join(
    keyColumns.map(([prop, c]) => sql`${sql.param(arrayLiteral(rows, prop, c))}::${sql.raw(arrayType(c))}`),
    sql`, `,
  );
  const names = keyColumns.map(([, c]) => `"${c.name}"`);
  const on = sql.join(
    [
      ...names.map((n) => sql.raw(`t.${n} = k.${n}`)),
      ...defaulted.map((c) => sql`t.${ident(c.name)} = ${sql.param(c.default)}`),
    ],
    sql` and `,
  );
  const out = await tx.execute(
    sql`select exists (select 1 from unnest(${arrays}) as k(${sql.raw(names.join(', '))}) join ${ident(getTableName(table))} t on ${on}) as hit`,
  );
  const first = (Array.isArray(out) ? out : ((out as { rows?: unknown[] }).rows ?? []))[0] as
    | { hit?: boolean }
    | undefined;
  return first?.hit !== false;
}

/** A unique/primary key violation (SQLSTATE 23505), as node-postgres and PGlite report it. */
const isUniqueViolation = (err: unknown): boolean =>
  (err as { code?: string }).code === '23505' ||
  ((err as { cause?: { code?: string } }).cause?.code ?? '') === '23505';

/** Runs `COPY <target> FROM <the text chunks>` inside the transaction. */
type CopyIn = (target: string, text: Iterable<string>) => Promise<void>;

/**
 * How to COPY on the transaction `tx` runs on: node-postgres' client (`FROM STDIN` stream) or PGlite's
 * transaction (`FROM '/dev/blob'`); null outside a transaction (a pool, or PGlite itself: its temp table
 * would drop at once).
 */
function copyTarget(tx: Tx): CopyIn | null {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (client instanceof pg.Client)
    return (target, text) =>
      pipeline(Readable.from(text), client.query(copyFrom(`COPY ${target} FROM STDIN`)));
  const lite = client as PGliteTransaction | undefined;
  if (lite && typeof lite.query === 'function' && 'rollback' in lite && !('waitReady' in lite))
    return async (target, text) => {
      await lite.query(`COPY ${target} FROM '/dev/blob'`, [], { blob: new Blob([...text]) });
    };
  return null;
}

/** COPY text format: tab-separated, `\N` for null, backslash, tab, newline and carriage return escaped. */
export function* copyText(rows: readonly unknown[], columns: [string, PgColumn][]): Generator<string> {
  let out = '';
  // rows of one load usually share their timestamps (fetched_at): format each distinct one once
  let lastMs = Number.NaN;
  let lastIso = '';
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i] as Record<string, unknown>;
    for (let j = 0; j < columns.length; j++) {
      const [key, c] = columns[j]!;
      const raw = r[key];
      if (raw instanceof Date && raw.getTime() !== lastMs) {
        lastMs = raw.getTime();
        lastIso = raw.toISOString();
      }
      const v =
        typeof raw === 'string' || typeof raw === 'number'
          ? raw
          : raw instanceof Date
            ? lastIso
            : toDb(raw, c);
      const s = v === null ? '\\N' : typeof v === 'string' ? escapeCopy(v) : String(v);
      out += j === 0 ? s : `\t${s}`;
    }
    out += '\n';
    if ((i + 1) % ROWS_PER_WRITE === 0) {
      yield out;
      out = '';
    }
  }
  if (out) yield out;
}

const escapeCopy = (s: string) =>
  /[\\\t\n\r]/.test(s)
    ? s.replace(/[\\\t\n\r]/g, (ch) =>
        ch === '\\' ? '\\\\' : ch === '\t' ? '\\t' : ch === '\n' ? '\\n' : '\\r',
      )
    : s;
