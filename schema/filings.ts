import { bigint, date, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** SEC filing index (spec 2.3): one row per accession and filer (a filing can name several filers). */
export const filings = pgTable(
  'filings',
  {
    accessionNumber: text('accession_number').notNull(),
    cik: bigint('cik', { mode: 'number' }).notNull(),
    /** Canonical type of spec 2.3 (10-K405 and 10-KSB -> 10-K, ...); `form` keeps the type as filed. */
    filingType: text('filing_type').notNull(),
    form: text('form').notNull(),
    companyName: text('company_name'),
    reportDate: date('report_date', { mode: 'string' }),
    filingDate: date('filing_date', { mode: 'string' }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    primaryDocument: text('primary_document'),
    items: text('items'),
    url: text('url').notNull(),
    source: text('source').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accessionNumber, t.cik] }),
    index('filings_cik_date').on(t.cik, t.filingDate),
    /** A filer's filings of some types, newest first (GET /v1/filings?filing_type=): one range per type. */
    index('filings_cik_type_date').on(t.cik, t.filingType, t.filingDate),
    index('filings_type').on(t.filingType),
  ],
);

export type FilingInsert = typeof filings.$inferInsert;
