import { bigint, date, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Standardized statement rows as versions (spec 2.5): every distinct version of a row with the filing
 * date from which it was known (`known_from`), so "latest" and "as of a date" are one query:
 * the newest version with known_from <= the cut-off, per report_period.
 * `statement`: income | balance | cash_flow | metrics. `period`: annual | quarterly | ttm.
 * `values` holds the statement's value fields exactly as served (null = not reported, never zero);
 * `derived` lists the fields that were computed rather than reported.
 */
export const financialStatements = pgTable(
  'financial_statements',
  {
    cik: bigint('cik', { mode: 'number' }).notNull(),
    statement: text('statement').notNull(),
    period: text('period').notNull(),
    reportPeriod: date('report_period', { mode: 'string' }).notNull(),
    knownFrom: date('known_from', { mode: 'string' }).notNull(),
    ticker: text('ticker'),
    fiscalPeriod: text('fiscal_period'),
    calendarDate: date('calendar_date', { mode: 'string' }),
    currency: text('currency'),
    accountingStandard: text('accounting_standard'),
    accessionNumber: text('accession_number'),
    filingUrl: text('filing_url'),
    values: jsonb('values').notNull(),
    derived: jsonb('derived').notNull().default([]),
    warnings: jsonb('warnings').notNull().default([]),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.cik, t.statement, t.period, t.reportPeriod, t.knownFrom] })],
);

/** Segment rows (spec 2.5): payload metric -> dimension -> [{label, value}], per filing. */
export const financialSegments = pgTable(
  'financial_segments',
  {
    cik: bigint('cik', { mode: 'number' }).notNull(),
    period: text('period').notNull(),
    reportPeriod: date('report_period', { mode: 'string' }).notNull(),
    accessionNumber: text('accession_number').notNull(),
    knownFrom: date('known_from', { mode: 'string' }).notNull(),
    ticker: text('ticker'),
    fiscalPeriod: text('fiscal_period'),
    currency: text('currency'),
    filingUrl: text('filing_url'),
    incomeStatement: jsonb('income_statement').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.cik, t.period, t.reportPeriod, t.accessionNumber] })],
);

/** Company facts (spec 2.5, 13 fields) from submissions JSON; strings, '' when no source. */
export const companyFacts = pgTable('company_facts', {
  cik: text('cik').primaryKey(),
  facts: jsonb('facts').notNull(),
  sourceUrl: text('source_url').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
});

export type FinancialStatementInsert = typeof financialStatements.$inferInsert;
export type FinancialSegmentInsert = typeof financialSegments.$inferInsert;
export type CompanyFactsInsert = typeof companyFacts.$inferInsert;
