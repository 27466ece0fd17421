import type { Database } from '../../lib/db.ts';

/**
 * A digest of every table's content, to say "identical to a clean run". Left out, because they differ
 * between two correct runs: columns of a timestamp type (when a row was fetched or loaded), columns filled
 * from a sequence or identity and the event log's `sequence` (the order concurrent loads happened to
 * commit in; the event ids, derived from what each event describes, are compared), and the bookkeeping of
 * how a partition got there (`attempts`, `error`, `last_error`: a retried partition has attempts 2).
 * Everything else, in every table, is compared row for row (md5 of the rows sorted by their text).
 */
const VOLATILE = new Set(['attempts', 'error', 'last_error', 'duration_ms', 'events.sequence']);

export interface TableDigest {
  table: string;
  rows: number;
  md5: string;
}

export async function tableDigests(
  database: Database,
  opts: { skip?: string[] } = {},
): Promise<TableDigest[]> {
  const cols = await database.query<{ table_name: string; column_name: string; keep: boolean }>(
    `select c.table_name, c.column_name,
            not (c.data_type like 'timestamp%' or coalesce(c.column_default, '') like 'nextval(%'
                 or c.is_identity = 'YES') as keep
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const c of cols) {
    if (!byTable.has(c.table_name)) byTable.set(c.table_name, []);
    if (c.keep && !VOLATILE.has(c.column_name) && !VOLATILE.has(`${c.table_name}.${c.column_name}`))
      byTable.get(c.table_name)!.push(c.column_name);
  }
  const out: TableDigest[] = [];
  for (const [table, keep] of [...byTable].sort(([a], [b]) => a.localeCompare(b))) {
    if (opts.skip?.includes(table)) continue;
    const row = keep.length ? `row(${keep.map((c) => `t."${c}"`).join(', ')})::text` : `''`;
    const [r] = await database.query<{ rows: string | number; md5: string | null }>(
      `select count(*) as rows, md5(coalesce(string_agg(r, E'\\n' order by r collate "C"), '')) as md5
         from (select ${row} as r from "${table}" t) x`,
    );
    out.push({ table, rows: Number(r!.rows), md5: r!.md5 ?? '' });
  }
  return out;
}

/** The tables whose digests differ (or exist on one side only), for a report. */
export function digestDiff(a: TableDigest[], b: TableDigest[]): string[] {
  const mb = new Map(b.map((d) => [d.table, d]));
  const out: string[] = [];
  for (const d of a) {
    const o = mb.get(d.table);
    if (!o) out.push(`${d.table}: missing on the right`);
    else if (o.md5 !== d.md5) out.push(`${d.table}: ${d.rows} rows (${d.md5}) vs ${o.rows} rows (${o.md5})`);
    mb.delete(d.table);
  }
  for (const t of mb.keys()) out.push(`${t}: missing on the left`);
  return out;
}
