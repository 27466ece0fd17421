import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db.ts';

/** What a loader hands the event log: the fact, without the log's own `sequence` and `published_at`. */
export interface NewEvent {
  type: string;
  /** The natural key of the fact (an accession number, `cik:accession:item`...): with `type`, its id. */
  key: string;
  occurredAt: Date | string;
  acceptedAt?: Date | string | null;
  detectedAt: Date | string;
  companyId?: string | null;
  ticker?: string | null;
  /** Thin-plus payload: ids, key fields and `links.self`; kept under MAX_EVENT_DATA_BYTES. */
  data: Record<string, unknown>;
}

/** A payload bound: receivers and the stream get ids and links, never whole documents. */
export const MAX_EVENT_DATA_BYTES = 20_000;

/**
 * An event's id is a hash of its type and natural key: the same fact keeps the same id across re-ingests,
 * reparses and replays, so it is appended once and a receiver can deduplicate on `webhook-id` alone.
 */
export function eventId(type: string, key: string): string {
  return `evt_${createHash('sha256').update(`${type}\u0000${key}`).digest('hex').slice(0, 32)}`;
}

/**
 * Appends events in the caller's transaction (the outbox): they commit or roll back with the rows they
 * describe. Ids already in the log are skipped (an event is never appended twice). Call it last in the
 * transaction: it locks the log's counter until the commit, which is what keeps `sequence` gap-free and in
 * commit order (a transaction appending later waits, then sees this one's events).
 * Returns how many events were appended.
 */
export async function appendEvents(tx: Tx, batch: readonly NewEvent[]): Promise<number> {
  if (batch.length === 0) return 0;
  const byId = new Map<string, Record<string, unknown>>();
  for (const e of batch) {
    const id = eventId(e.type, e.key);
    if (byId.has(id)) continue;
    const data = JSON.stringify(e.data);
    if (Buffer.byteLength(data) > MAX_EVENT_DATA_BYTES) {
      throw new Error(
        `event ${e.type} ${e.key}: data is ${Buffer.byteLength(data)} bytes, over the ${MAX_EVENT_DATA_BYTES}-byte bound (send ids and links.self, not the row)`,
      );
    }
    byId.set(id, {
      id,
      ord: byId.size,
      type: e.type,
      occurred_at: iso(e.occurredAt),
      accepted_at: e.acceptedAt ? iso(e.acceptedAt) : null,
      detected_at: iso(e.detectedAt),
      company_id: e.companyId ?? null,
      ticker: e.ticker ?? null,
      data: e.data,
    });
  }
  // The lock first, in its own statement: the next statement's snapshot then sees every event committed
  // by an earlier holder, so none is counted as new twice.
  await tx.execute(sql`select "last" from event_counter where name = 'events' for update`);
  const out = await tx.execute(sql`
    with fresh as (
      select v.*, row_number() over (order by v.ord) as n
      from jsonb_to_recordset(${JSON.stringify([...byId.values()])}::jsonb) as v(
        id text, ord int, type text, occurred_at timestamptz, accepted_at timestamptz,
        detected_at timestamptz, company_id text, ticker text, data jsonb)
      where not exists (select 1 from events e where e.id = v.id)
    ), bump as (
      update event_counter set "last" = "last" + (select count(*) from fresh)
      where name = 'events' returning "last" - (select count(*) from fresh) as base
    ), ins as (
      insert into events (id, sequence, type, occurred_at, accepted_at, detected_at, published_at,
        company_id, ticker, data)
      select f.id, b.base + f.n, f.type, f.occurred_at, f.accepted_at, f.detected_at, clock_timestamp(),
        f.company_id, f.ticker, f.data
      from fresh f cross join bump b
      returning sequence
    )
    select count(*)::int as appended, max(sequence) as last from ins`);
  const row = (Array.isArray(out) ? out : ((out as { rows?: unknown[] }).rows ?? []))[0] as
    | { appended: number; last: string | number | null }
    | undefined;
  const appended = Number(row?.appended ?? 0);
  // Wakes stream and delivery consumers in other processes (delivered at commit, dropped on rollback).
  if (appended > 0) await tx.execute(sql`select pg_notify('events', ${String(row?.last)})`);
  return appended;
}

function iso(v: Date | string): string {
  return v instanceof Date ? v.toISOString() : v;
}
