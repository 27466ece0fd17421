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
 * Ownership and people (spec 2.8): 13F filings and holdings, Forms 3/4/5 and their trades, DEF 14A pay and
 * beneficial ownership. Rows keep the filing they came from; amendments supersede rather than overwrite.
 */

/** One row per 13F-HR / 13F-HR/A: the cover, the unit decision with its evidence, the totals check. */
export const thirteenFFilings = pgTable(
  'thirteen_f_filings',
  {
    accessionNumber: text('accession_number').primaryKey(),
    filerCik: bigint('filer_cik', { mode: 'number' }).notNull(),
    filerName: text('filer_name'),
    reportPeriod: date('report_period', { mode: 'string' }).notNull(),
    filingDate: date('filing_date', { mode: 'string' }).notNull(),
    formType: text('form_type').notNull(),
    /** RESTATEMENT | NEW HOLDINGS on an amendment. */
    amendmentType: text('amendment_type'),
    /** The cover's isAmendment (or a /A form) and amendmentNo, as filed. */
    isAmendment: boolean('is_amendment').notNull().default(false),
    amendmentNo: integer('amendment_no'),
    /** thousands | dollars; null = undecided (no holdings loaded). */
    valueUnit: text('value_unit'),
    unitEvidence: jsonb('unit_evidence').notNull(),
    totals: jsonb('totals').notNull(),
    excluded: jsonb('excluded').notNull(),
    warnings: jsonb('warnings').notNull().default([]),
    /** True when a later original or RESTATEMENT of the same filer and period replaces this filing. */
    superseded: boolean('superseded').notNull().default(false),
    rows: integer('rows').notNull(),
    /** The filing manager's CRD as its own cover page states it (13F covers since 2023 carry it). */
    filerCrd: bigint('filer_crd', { mode: 'number' }),
    /** Portfolio style and firm type with their evidence (parsers/edgar/thirteen-f-style.ts). */
    style: jsonb('style'),
    sha256: text('sha256'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('thirteen_f_filings_filer').on(t.filerCik, t.reportPeriod)],
);

/**
 * Long positions of a 13F filing, one per CUSIP, class and put/call: share positions (`put_call` '') and option
 * positions (`PUT` / `CALL`: the value is the underlying's, never summed with the shares); PRN rows excluded.
 */
export const thirteenFHoldings = pgTable(
  'thirteen_f_holdings',
  {
    accessionNumber: text('accession_number').notNull(),
    cusip: text('cusip').notNull(),
    titleOfClass: text('title_of_class').notNull(),
    /** '' for shares, `PUT` or `CALL` for an option position. */
    putCall: text('put_call').notNull().default(''),
    nameOfIssuer: text('name_of_issuer').notNull(),
    filerCik: bigint('filer_cik', { mode: 'number' }).notNull(),
    filerName: text('filer_name'),
    reportPeriod: date('report_period', { mode: 'string' }).notNull(),
    filingDate: date('filing_date', { mode: 'string' }).notNull(),
    formType: text('form_type').notNull(),
    shares: doublePrecision('shares').notNull(),
    valueUsd: doublePrecision('value_usd').notNull(),
    reportedPrice: doublePrecision('reported_price'),
  },
  (t) => [
    primaryKey({ columns: [t.accessionNumber, t.cusip, t.titleOfClass, t.putCall] }),
    index('thirteen_f_holdings_cusip').on(t.cusip, t.reportPeriod),
    index('thirteen_f_holdings_filer').on(t.filerCik, t.reportPeriod),
  ],
);

/** One row per Form 3/4/5 (amendments included). */
export const ownershipFilings = pgTable(
  'ownership_filings',
  {
    accessionNumber: text('accession_number').primaryKey(),
    issuerCik: bigint('issuer_cik', { mode: 'number' }).notNull(),
    ticker: text('ticker'),
    formType: text('form_type').notNull(),
    periodOfReport: date('period_of_report', { mode: 'string' }),
    filingDate: date('filing_date', { mode: 'string' }).notNull(),
    ownerCik: bigint('owner_cik', { mode: 'number' }),
    dateOfOriginalSubmission: date('date_of_original_submission', { mode: 'string' }),
    /** The 4/A (or 3/A, 5/A) accession that replaces this filing's rows. */
    amendedBy: text('amended_by'),
    noSecuritiesOwned: boolean('no_securities_owned').notNull().default(false),
    reportingOwners: jsonb('reporting_owners').notNull(),
    holdings: jsonb('holdings').notNull().default([]),
    warnings: jsonb('warnings').notNull().default([]),
    sha256: text('sha256'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ownership_filings_issuer').on(t.issuerCik, t.filingDate)],
);

/** One row per transaction of a Form 3/4/5 (non-derivative and derivative tables). */
export const insiderTrades = pgTable(
  'insider_trades',
  {
    accessionNumber: text('accession_number').notNull(),
    ordinal: integer('ordinal').notNull(),
    issuerCik: bigint('issuer_cik', { mode: 'number' }).notNull(),
    ticker: text('ticker'),
    issuer: text('issuer'),
    name: text('name').notNull(),
    title: text('title'),
    isBoardDirector: boolean('is_board_director').notNull(),
    transactionDate: date('transaction_date', { mode: 'string' }),
    transactionType: text('transaction_type'),
    transactionShares: doublePrecision('transaction_shares'),
    transactionPricePerShare: doublePrecision('transaction_price_per_share'),
    transactionValue: doublePrecision('transaction_value'),
    sharesOwnedBefore: doublePrecision('shares_owned_before_transaction'),
    sharesOwnedAfter: doublePrecision('shares_owned_after_transaction'),
    securityTitle: text('security_title'),
    filingDate: date('filing_date', { mode: 'string' }).notNull(),
    formType: text('form_type').notNull(),
    isDerivative: boolean('is_derivative').notNull(),
    acquiredDisposed: text('acquired_disposed'),
    directOrIndirect: text('direct_or_indirect'),
    footnotes: jsonb('footnotes').notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.accessionNumber, t.ordinal] }),
    index('insider_trades_issuer').on(t.issuerCik, t.filingDate),
  ],
);

/** One row per proxy statement read (DEF 14A). */
export const proxyFilings = pgTable('proxy_filings', {
  /** The accession number, or `url:<source>` for a document captured without one. */
  sourceId: text('source_id').primaryKey(),
  cik: bigint('cik', { mode: 'number' }).notNull(),
  filingDate: date('filing_date', { mode: 'string' }),
  url: text('url').notNull(),
  compensationRows: integer('compensation_rows').notNull(),
  ownershipRows: integer('ownership_rows').notNull(),
  warnings: jsonb('warnings').notNull().default([]),
  sha256: text('sha256'),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
});

/** Summary Compensation Table rows: one per person and fiscal year, the newest proxy's reading wins. */
export const executiveCompensation = pgTable(
  'executive_compensation',
  {
    id: text('id').primaryKey(),
    cik: bigint('cik', { mode: 'number' }).notNull(),
    sourceId: text('source_id').notNull(),
    filingDate: date('filing_date', { mode: 'string' }),
    personName: text('person_name').notNull(),
    position: text('position'),
    isCeo: boolean('is_ceo').notNull(),
    fiscalYear: integer('fiscal_year').notNull(),
    salary: doublePrecision('salary'),
    bonus: doublePrecision('bonus'),
    stockAward: doublePrecision('stock_award'),
    optionAward: doublePrecision('option_award'),
    nonEquityIncentive: doublePrecision('non_equity_incentive'),
    pension: doublePrecision('pension'),
    other: doublePrecision('other'),
    totalDisclosed: doublePrecision('total_disclosed'),
    totalComputed: doublePrecision('total_computed').notNull(),
    componentGap: boolean('component_gap').notNull(),
  },
  (t) => [index('executive_compensation_company').on(t.cik, t.fiscalYear)],
);

/** Beneficial-ownership rows of each proxy; the route serves the company's latest proxy only. */
export const proxyOwnership = pgTable(
  'proxy_ownership',
  {
    id: text('id').primaryKey(),
    cik: bigint('cik', { mode: 'number' }).notNull(),
    sourceId: text('source_id').notNull(),
    filingDate: date('filing_date', { mode: 'string' }),
    ordinal: integer('ordinal').notNull(),
    ownerName: text('owner_name').notNull(),
    ownerRole: text('owner_role'),
    ownerKind: text('owner_kind').notNull(),
    securityClass: text('security_class'),
    sharesOwned: doublePrecision('shares_owned'),
    percent: doublePrecision('percent'),
    percentSource: text('percent_source').notNull(),
    isGroup: boolean('is_group').notNull(),
    confidence: doublePrecision('confidence').notNull(),
  },
  (t) => [index('proxy_ownership_company').on(t.cik, t.filingDate)],
);

/**
 * Forms 3, 4 and 5 (and amendments) from the universe's submissions JSON: the filing index of the insider
 * forms, which `/v1/filings` does not serve (spec 2.3's types exclude them). Partitions of `insider_trades`.
 */
export const ownershipIndex = pgTable(
  'ownership_index',
  {
    accessionNumber: text('accession_number').notNull(),
    cik: bigint('cik', { mode: 'number' }).notNull(),
    form: text('form').notNull(),
    filingDate: date('filing_date', { mode: 'string' }).notNull(),
    reportDate: date('report_date', { mode: 'string' }),
    primaryDocument: text('primary_document'),
  },
  (t) => [
    primaryKey({ columns: [t.accessionNumber, t.cik] }),
    index('ownership_index_cik').on(t.cik, t.filingDate),
  ],
);
