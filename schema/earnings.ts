import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Earnings press releases (8-K Item 2.02, EX-99.1): one row per filing read, with what the parse found about
 * the release itself. `status`: `ok` (an earnings release), `guidance_only` (a release that only gives or
 * withdraws guidance: guidance rows, no figures), `not_earnings` (the exhibit is another release), `no_release`
 * (no exhibit and no release in the 8-K body), `unparseable` (ParseError; warning kept).
 */
export const earningsReleases = pgTable(
  'earnings_releases',
  {
    accessionNumber: text('accession_number').primaryKey(),
    cik: bigint('cik', { mode: 'number' }).notNull(),
    form: text('form').notNull(),
    filingDate: date('filing_date', { mode: 'string' }).notNull(),
    /** The 8-K's acceptance time (the index's), the moment the release became public on EDGAR. */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
    status: text('status').notNull(),
    exhibitUrl: text('exhibit_url'),
    documentType: text('document_type'),
    fiscalYear: integer('fiscal_year'),
    fiscalPeriod: text('fiscal_period'),
    periodEnd: date('period_end', { mode: 'string' }),
    fiscalYearSource: text('fiscal_year_source'),
    periodEvidence: jsonb('period_evidence'),
    currency: text('currency'),
    currencyEvidence: text('currency_evidence'),
    warnings: jsonb('warnings').notNull().default([]),
    unassigned: jsonb('unassigned').notNull().default([]),
    parserVersion: text('parser_version').notNull(),
    sha256: text('sha256'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('earnings_releases_cik').on(t.cik, t.filingDate)],
);

/** One row per figure a release states for a period: metric x basis (GAAP, non-GAAP, unspecified). */
export const earningsFigures = pgTable(
  'earnings_figures',
  {
    accessionNumber: text('accession_number').notNull(),
    fiscalYear: integer('fiscal_year'),
    fiscalPeriod: text('fiscal_period').notNull(),
    metric: text('metric').notNull(),
    basis: text('basis').notNull(),
    label: text('label').notNull(),
    value: doublePrecision('value').notNull(),
    unit: text('unit').notNull(),
    scale: text('scale').notNull(),
    asPrinted: text('as_printed').notNull(),
    scaleEvidence: text('scale_evidence').notNull(),
    evidence: jsonb('evidence').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accessionNumber, t.fiscalPeriod, t.metric, t.basis] })],
);

/** Company measures (KPIs) a release states, in release order. */
export const earningsMeasures = pgTable(
  'earnings_measures',
  {
    accessionNumber: text('accession_number').notNull(),
    ordinal: integer('ordinal').notNull(),
    name: text('name').notNull(),
    measure: text('measure'),
    fiscalYear: integer('fiscal_year'),
    fiscalPeriod: text('fiscal_period'),
    period: text('period').notNull(),
    value: doublePrecision('value').notNull(),
    unit: text('unit').notNull(),
    scale: text('scale').notNull(),
    asPrinted: text('as_printed').notNull(),
    evidence: jsonb('evidence').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accessionNumber, t.ordinal] })],
);

/** Forward statements, one row per metric, basis and target period a release gives, in release order. */
export const earningsGuidance = pgTable(
  'earnings_guidance',
  {
    accessionNumber: text('accession_number').notNull(),
    ordinal: integer('ordinal').notNull(),
    metric: text('metric').notNull(),
    label: text('label').notNull(),
    basis: text('basis').notNull(),
    targetFiscalYear: integer('target_fiscal_year'),
    targetFiscalPeriod: text('target_fiscal_period'),
    low: doublePrecision('low'),
    high: doublePrecision('high'),
    point: doublePrecision('point'),
    textValue: text('text_value'),
    relative: boolean('relative').notNull(),
    unit: text('unit').notNull(),
    currency: text('currency'),
    scale: text('scale').notNull(),
    asPrinted: text('as_printed').notNull(),
    status: text('status'),
    evidence: jsonb('evidence').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accessionNumber, t.ordinal] })],
);

export type EarningsReleaseInsert = typeof earningsReleases.$inferInsert;
export type EarningsFigureInsert = typeof earningsFigures.$inferInsert;
export type EarningsMeasureInsert = typeof earningsMeasures.$inferInsert;
export type EarningsGuidanceInsert = typeof earningsGuidance.$inferInsert;
