import type { Database } from '../db.ts';
import { type DeliveredEvent, EVENT_TYPE_BY_NAME } from './catalog.ts';

/**
 * Reading the log in order: what the pull feed, the live stream and `etl events tail` share. The log is the
 * truth: a consumer holds the last sequence it has and asks for `sequence > last`. Sequences are handed out
 * in commit order without gaps (lib/events/log.ts), so this never skips an event and never repeats one.
 */
export interface FeedFilters {
  /** The event types to read (already checked against the catalog and the plan). */
  types: readonly string[];
  tickers?: readonly string[] | undefined;
  companyIds?: readonly string[] | undefined;
  /** `data.form` in these, for the types that take a form filter (others pass). */
  forms?: readonly string[] | undefined;
  /** `data.family` in these, for the types that take a family filter (others pass). */
  families?: readonly string[] | undefined;
}

interface Row {
  id: string;
  sequence: string | number;
  type: string;
  occurred_at: Date | string;
  accepted_at: Date | string | null;
  detected_at: Date | string;
  published_at: Date | string;
  company_id: string | null;
  ticker: string | null;
  data: Record<string, unknown> | string;
}

const iso = (v: Date | string | null): string | null =>
  v === null ? null : v instanceof Date ? v.toISOString() : new Date(v).toISOString();

/** Events with `sequence > after` matching the filters, in sequence order, at most `limit`. */
export async function readEvents(
  database: Database,
  filters: FeedFilters,
  after: number,
  limit: number,
): Promise<DeliveredEvent[]> {
  const params: unknown[] = [];
  const bind = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = [`e.sequence > ${bind(after)}`, `e.type = any(${bind([...filters.types])}::text[])`];
  const who: string[] = [];
  if (filters.tickers?.length) who.push(`e.ticker = any(${bind([...filters.tickers])}::text[])`);
  if (filters.companyIds?.length) who.push(`e.company_id = any(${bind([...filters.companyIds])}::text[])`);
  if (who.length) where.push(`(${who.join(' or ')})`);
  for (const [filter, field, values] of [
    ['forms', 'form', filters.forms],
    ['families', 'family', filters.families],
  ] as const) {
    if (!values?.length) continue;
    const typed = filters.types.filter((t) => EVENT_TYPE_BY_NAME.get(t)?.filters.includes(filter));
    if (typed.length === 0) continue;
    where.push(
      `(not (e.type = any(${bind(typed)}::text[])) or e.data->>'${field}' = any(${bind([...values])}::text[]))`,
    );
  }
  const rows = await database.query<Row>(
    `select e.id, e.sequence, e.type, e.occurred_at, e.accepted_at, e.detected_at, e.published_at,
            e.company_id, e.ticker, e.data
       from events e where ${where.join(' and ')}
      order by e.sequence limit ${bind(limit)}`,
    params,
  );
  return rows.map((r) => ({
    id: r.id,
    sequence: Number(r.sequence),
    type: r.type,
    occurred_at: iso(r.occurred_at)!,
    accepted_at: iso(r.accepted_at),
    detected_at: iso(r.detected_at)!,
    published_at: iso(r.published_at)!,
    company_id: r.company_id,
    ticker: r.ticker,
    data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data,
  }));
}

/** The newest sequence in the log (0 when it is empty): where a consumer that wants only new events starts. */
export async function lastSequence(database: Database): Promise<number> {
  const [row] = await database.query<{ last: string | number }>(
    `select "last" from event_counter where name = 'events'`,
  );
  return Number(row?.last ?? 0);
}
