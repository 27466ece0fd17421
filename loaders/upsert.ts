import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { LoadResult } from '../jobs/types.ts';
import type { Tx } from '../lib/db.ts';

/** Rows per statement: one array parameter per column, so the size is bounded by memory, not by 65k params. */
const ROWS_PER_STATEMENT = 20_000;
/** When a row was fetched is provenance, not content: a re-fetch of identical data changes nothing. */
const PROVENANCE_ONLY = new Set(['fetched_at']);

/**
 * Batch upsert on a natural key: `INSERT ... SELECT FROM unnest(<one array per column>) ON CONFLICT DO
 * UPDATE`, updating only rows whose values actually changed (IS DISTINCT FROM), so a re-run writes
 * nothing and leaves the tables identical. One parameter per column keeps the statement tiny whatever the
 * row count (much faster than multi-row VALUES, and never near Postgres's 65,535-parameter cap).
 * Returns how many rows were inserted and how many changed.
 */
export async function upsertRows<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: T['$inferInsert'][],
  conflictColumns: PgColumn[],
  /** Columns a conflict may change; default all but the key (a partial source must not null the rest). */
  updateColumns?: PgColumn[],
): Promise<LoadResult> {
  if (rows.length === 0) return { inserted: 0, updated: 0 };
  const plan = upsertPlan(table, rows, conflictColumns, updateColumns);
  const result: LoadResult = { inserted: 0, updated: 0 };
  for (let i = 0; i < plan.rows.length; i += ROWS_PER_STATEMENT) {
    const chunk = plan.rows.slice(i, i + ROWS_PER_STATEMENT);
    const arrays = sql.join(
      plan.columns.map(
        ([key, c]) => sql`${sql.param(arrayLiteral(chunk, key, c))}::${sql.raw(arrayType(c))}`,
      ),
      sql`, `,
    );
    addCounts(result, await tx.execute(plan.statement(sql`select * from unnest(${arrays})`)));
  }
  return result;
}

/**
 * What an upsert of `rows` into `table` writes: the columns (identity columns, and defaulted columns no row
 * sets, are left to Postgres), the rows deduplicated on the key, and the counting `INSERT ... ON CONFLICT`
 * statement for a given row source (an `unnest` of arrays, or a staging table: loaders/copy-upsert.ts).
 */
export function upsertPlan<T extends PgTable>(
  table: T,
  rows: T['$inferInsert'][],
  conflictColumns: PgColumn[],
  updateColumns?: PgColumn[],
) {
  const columns = Object.entries(getTableColumns(table) as Record<string, PgColumn>).filter(
    ([key, c]) =>
      !(c as unknown as { generatedIdentity?: unknown }).generatedIdentity &&
      !(c.hasDefault && rows.every((r) => (r as Record<string, unknown>)[key] === undefined)),
  );
  const conflictNames = new Set(conflictColumns.map((c) => c.name));
  const allowed = updateColumns ? new Set(updateColumns.map((c) => c.name)) : null;
  const updatable = columns.filter(
    ([, c]) => !conflictNames.has(c.name) && (!allowed || allowed.has(c.name)),
  );
  const target = sql.join(
    conflictColumns.map((c) => ident(c.name)),
    sql`, `,
  );
  const colList = sql.join(
    columns.map(([, c]) => ident(c.name)),
    sql`, `,
  );
  let onConflict: SQL;
  if (updatable.length === 0) {
    onConflict = sql`do nothing`;
  } else {
    const set = sql.join(
      updatable.map(([, c]) => sql`${ident(c.name)} = excluded.${ident(c.name)}`),
      sql`, `,
    );
    const changed = updatable
      .filter(([, c]) => !PROVENANCE_ONLY.has(c.name))
      .map(([, c]) => sql`t.${ident(c.name)} IS DISTINCT FROM excluded.${ident(c.name)}`);
    onConflict = sql`do update set ${set} where ${changed.length > 0 ? sql.join(changed, sql` OR `) : sql`false`}`;
  }
  return {
    columns,
    colList,
    rows: dedupeByKey(rows, conflictColumns, columns),
    // Counted in the database: one result row per statement instead of one per written row.
    statement: (source: SQL) => sql`with w as (
        insert into ${ident(getTableName(table))} as t (${colList})
        ${source}
        on conflict (${target}) ${onConflict}
        returning (xmax = 0) as inserted)
      select count(*) filter (where inserted)::int as inserted, count(*) filter (where not inserted)::int as updated from w`,
  };
}

export const ident = (n: string) => sql.raw(`"${n}"`);

/** Adds the counts of one upsert statement's result to `result`. */
export function addCounts(result: LoadResult, out: unknown): void {
  const counts = (
    (Array.isArray(out) ? out : ((out as { rows?: LoadResult[] }).rows ?? [])) as LoadResult[]
  )[0];
  result.inserted += Number(counts?.inserted ?? 0);
  result.updated += Number(counts?.updated ?? 0);
}

export function arrayType(c: PgColumn): string {
  const t = c.getSQLType();
  return `${t}[]`;
}

/** Values as Postgres reads them from an array literal; defaults of omitted columns applied here. */
export function toDb(v: unknown, c: PgColumn): unknown {
  if (v === undefined) {
    const d = c.default;
    return c.hasDefault && (typeof d === 'string' || typeof d === 'number' || typeof d === 'boolean')
      ? d
      : null;
  }
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object' && v !== null) return JSON.stringify(v);
  return v;
}

/**
 * One column of a chunk as a Postgres array literal (`{"a","b",NULL}`), built here in one pass: the driver's
 * generic array serializer was a fifth of a bulk load's time.
 */
export function arrayLiteral(chunk: readonly unknown[], key: string, c: PgColumn): string {
  const parts = new Array<string>(chunk.length);
  // Rows of one load usually share their timestamps (fetched_at): format each distinct one once.
  let lastMs = Number.NaN;
  let lastIso = '';
  for (let i = 0; i < chunk.length; i++) {
    const raw = (chunk[i] as Record<string, unknown>)[key];
    let s: string;
    if (raw instanceof Date) {
      const ms = raw.getTime();
      if (ms !== lastMs) {
        lastMs = ms;
        lastIso = raw.toISOString();
      }
      s = lastIso;
    } else {
      const v = typeof raw === 'string' ? raw : toDb(raw, c);
      if (v === null) {
        parts[i] = 'NULL';
        continue;
      }
      s = typeof v === 'string' ? v : String(v);
    }
    parts[i] =
      s.indexOf('"') === -1 && s.indexOf('\\') === -1 ? `"${s}"` : `"${s.replace(/[\\"]/g, '\\$&')}"`;
  }
  return `{${parts.join(',')}}`;
}

/** ON CONFLICT cannot touch one row twice in a statement: the last occurrence of a key wins. */
function dedupeByKey<R>(rows: R[], key: PgColumn[], columns: [string, PgColumn][]): R[] {
  const props = key.map((k) => columns.find(([, c]) => c === k)?.[0] ?? k.name);
  const seen = new Map<string, R>();
  for (const r of rows) {
    const rec = r as Record<string, unknown>;
    let k = String(rec[props[0]!]);
    for (let i = 1; i < props.length; i++) k += `\u0000${rec[props[i]!]}`;
    seen.set(k, r);
  }
  return seen.size === rows.length ? rows : [...seen.values()];
}

/**
 * Advisory locks held until the transaction ends, one per key: a load that reads rows which other loads of
 * the same keys write (a dataset, a company, a fund) waits for them instead of working from a snapshot that
 * misses their rows. Taken in one order (by the keys' hashes), so two loads locking overlapping sets never
 * deadlock.
 */
export async function lockUntilCommit(tx: Tx, keys: readonly string[]): Promise<void> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return;
  await tx.execute(sql`
    select count(pg_advisory_xact_lock(k)) from (
      select hashtext(key) as k from unnest(${sql.param(unique)}::text[]) as u(key) order by k offset 0) s`);
}
