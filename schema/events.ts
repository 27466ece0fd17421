import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The event log (spec part 6: the source of every push): append-only, written by the loaders in the same
 * transaction as the rows an event describes (an outbox), so a rolled-back load emits nothing and a
 * committed one cannot miss its event. `id` is deterministic from what the event describes (type + natural
 * key), so a re-ingest, a reparse or a replay keeps the id and is not appended twice. `sequence` is
 * gap-free and monotonic per database, in commit order: the resume point of every consumer.
 */
export const events = pgTable(
  'events',
  {
    id: text('id').primaryKey(),
    sequence: bigint('sequence', { mode: 'number' }).notNull().unique('events_sequence_key'),
    type: text('type').notNull(),
    /** The fact's own time (a filing's date, a trade's date, an article's publication time). */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** Upstream's time for it, where it states one (EDGAR's acceptance time). */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** When this platform first saw the fact (the fetch of the document that holds it). */
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull(),
    /** When the event was appended, in the transaction that commits it (just before the commit). */
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    companyId: text('company_id'),
    ticker: text('ticker'),
    /** Thin-plus payload: ids, the key fields and `links.self`, the route that serves the whole row. */
    data: jsonb('data').notNull(),
  },
  (t) => [
    index('events_type_sequence').on(t.type, t.sequence),
    index('events_company_sequence').on(t.companyId, t.sequence),
    index('events_ticker_sequence').on(t.ticker, t.sequence),
    index('events_published_at').on(t.publishedAt),
  ],
);

/**
 * The event log's counter: one row, locked by the appending transaction until it commits, so sequences
 * are handed out in commit order without gaps (a Postgres SEQUENCE leaves gaps on rollback and can commit
 * out of order, which would make a consumer's resume point skip an event).
 */
export const eventCounter = pgTable('event_counter', {
  name: text('name').primaryKey(),
  last: bigint('last', { mode: 'number' }).notNull(),
});

export type EventRow = typeof events.$inferSelect;
