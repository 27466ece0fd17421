import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * One row per filing whose document was fetched and split (spec 2.4): the split's outcome, the primary
 * document and the exhibit list. A filing that could not be split has status `unparseable_document` and
 * no items.
 */
export const filingDocuments = pgTable(
  'filing_documents',
  {
    accessionNumber: text('accession_number').primaryKey(),
    cik: bigint('cik', { mode: 'number' }).notNull(),
    filingType: text('filing_type').notNull(),
    form: text('form').notNull(),
    reportDate: date('report_date', { mode: 'string' }),
    filingDate: date('filing_date', { mode: 'string' }).notNull(),
    /** Calendar year and quarter of the period of report (the route's `year` / `quarter`). */
    year: integer('year'),
    quarter: integer('quarter'),
    status: text('status').notNull(), // ok | unparseable_document
    documentUrl: text('document_url').notNull(),
    /** [{number, description, url}] in filing order. */
    exhibits: jsonb('exhibits').notNull().default([]),
    warnings: jsonb('warnings').notNull().default([]),
    parserVersion: text('parser_version').notNull(),
    sha256: text('sha256'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('filing_documents_lookup').on(t.cik, t.filingType, t.year, t.quarter)],
);

/** One row per extracted item. `resolved_text` holds the expansion of an item incorporated by reference. */
export const filingItems = pgTable(
  'filing_items',
  {
    accessionNumber: text('accession_number').notNull(),
    number: text('number').notNull(),
    ordinal: integer('ordinal').notNull(),
    name: text('name').notNull(),
    text: text('text').notNull(),
    resolvedText: text('resolved_text'),
    /** {source, resolved_from?, text_chars, truncated} when resolved_text is set. */
    resolved: jsonb('resolved'),
  },
  (t) => [primaryKey({ columns: [t.accessionNumber, t.number] })],
);

/** Exhibit bodies, capped per exhibit, for `include_exhibit_text`. */
export const filingExhibits = pgTable(
  'filing_exhibits',
  {
    accessionNumber: text('accession_number').notNull(),
    number: text('number').notNull(),
    description: text('description'),
    url: text('url').notNull(),
    text: text('text'),
    truncated: boolean('truncated').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.accessionNumber, t.number, t.url] })],
);

export type FilingDocumentInsert = typeof filingDocuments.$inferInsert;
export type FilingItemInsert = typeof filingItems.$inferInsert;
export type FilingExhibitInsert = typeof filingExhibits.$inferInsert;
