import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { LoadResult } from '../jobs/types.ts';
import type { Tx } from '../lib/db.ts';
import { addCounts, ident, toDb, upsertPlan, upsertRows } from './upsert.ts';

/** Below this many rows the staging table costs more than it saves: upsertRows' unnest path. */
const COPY_MIN_ROWS = 5_000;
/** A COPY straight into the table (no staging table) pays off from a few hundred rows. */
const COPY_INSERT_MIN_ROWS = 200;
/** Rows per string handed to the COPY stream (one write per chunk, not per row). */
const ROWS_PER_WRITE = 2_000;

/**
 * upsertRows for bulk loads (daily prices: thousands of symbols x a year): on Postgres the rows are COPYed
 * (text format) into a temporary staging table holding only the upserted columns (no WAL, no index,
 * dropped at commit), then one `INSERT ... SELECT ... ON CONFLICT` writes them with upsertRows' semantics
 * (only rows whose values changed are updated; inserted/updated counted in the database). COPY parses rows
 * far cheaper than a statement's array parameters (bench/market-data.bench.ts measures both against a
 * plain COPY). PGlite, a transaction-less handle, and small batches take upsertRows' unnest path: PGlite
 * has no COPY FROM STDIN stream (its COPY reads a `/dev/blob` passed through its own query options, which
 * drizzle's transaction does not expose), and in-process it has no wire protocol for COPY to save on.
 */
export async function copyUpsertRows<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: T['$inferInsert'][],
  conflictColumns: PgColumn[],
  updateColumns?: PgColumn[],
): Promise<LoadResult> {
  const client = transactionClient(tx);
  if (!client || rows.length < COPY_MIN_ROWS)
    return upsertRows(tx, table, rows, conflictColumns, updateColumns);
  const plan = upsertPlan(table, rows, conflictColumns, updateColumns);
  const stage = ident(`stage_${getTableName(table)}`);
  await tx.execute(sql`drop table if exists pg_temp.${stage}`);
  await tx.execute(
    sql`create temp table ${stage} on commit drop as select ${plan.colList} from ${ident(getTableName(table))} with no data`,
  );
  await pipeline(
    Readable.from(copyText(plan.rows, plan.columns)),
    client.query(copyFrom(`COPY pg_temp."stage_${getTableName(table)}" FROM STDIN`)),
  );
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
  const client = transactionClient(tx);
  if (!client || rows.length < COPY_INSERT_MIN_ROWS) return upsertRows(tx, table, rows, conflictColumns);
  const plan = upsertPlan(table, rows, conflictColumns);
  const cols = plan.columns.map(([, c]) => `"${c.name}"`).join(', ');
  await pipeline(
    Readable.from(copyText(plan.rows, plan.columns)),
    client.query(copyFrom(`COPY "${getTableName(table)}" (${cols}) FROM STDIN`)),
  );
  return { inserted: plan.rows.length, updated: 0 };
}

/** The pg client a node-postgres transaction runs on; null on PGlite or outside a transaction. */
function transactionClient(tx: Tx): pg.Client | null {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Client ? client : null;
}

/** COPY text format: tab-separated, `\N` for null, backslash, tab, newline and carriage return escaped. */
function* copyText(rows: readonly unknown[], columns: [string, PgColumn][]): Generator<string> {
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
