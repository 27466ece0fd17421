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
 * Registered funds and ETFs from Form N-PORT (NPORT-P, NPORT-P/A): the fund (one per series), its share
 * classes, each monthly report and each report's positions as filed (docs/funds.md).
 */

/** One row per fund: a registrant's series (`fnd_<series id>`), or the registrant itself when it has none. */
export const funds = pgTable(
  'funds',
  {
    /** `fnd_S000012000` (series id), or `fnd_R0000311101` (registrant CIK) for a fund filed without a series. */
    fundId: text('fund_id').primaryKey(),
    seriesId: text('series_id'),
    seriesName: text('series_name'),
    seriesLei: text('series_lei'),
    regCik: bigint('reg_cik', { mode: 'number' }).notNull(),
    regName: text('reg_name'),
    regLei: text('reg_lei'),
    regFileNumber: text('reg_file_number'),
    /** The newest report in force (the latest report date; an amendment replaces the report it amends). */
    latestAccession: text('latest_accession').notNull(),
    latestReportDate: date('latest_report_date', { mode: 'string' }).notNull(),
    netAssets: doublePrecision('net_assets'),
    totalAssets: doublePrecision('total_assets'),
    isFinalFiling: boolean('is_final_filing'),
    reports: integer('reports').notNull(),
  },
  (t) => [
    index('funds_series').on(t.seriesId),
    index('funds_reg_cik').on(t.regCik),
    index('funds_name').on(t.seriesName),
    index('funds_latest_accession').on(t.latestAccession),
  ],
);

/** Share classes of a fund (the N-PORT header's class ids); `ticker` when a ticker source names one. */
export const fundClasses = pgTable(
  'fund_classes',
  {
    classId: text('class_id').primaryKey(),
    fundId: text('fund_id').notNull(),
    ticker: text('ticker'),
    /** The report that last listed the class. */
    accessionNumber: text('accession_number').notNull(),
  },
  (t) => [index('fund_classes_fund').on(t.fundId), index('fund_classes_ticker').on(t.ticker)],
);

/** One row per N-PORT filing read. */
export const fundReports = pgTable(
  'fund_reports',
  {
    accessionNumber: text('accession_number').primaryKey(),
    fundId: text('fund_id').notNull(),
    submissionType: text('submission_type').notNull(),
    /** `repPdDate`: the date the holdings are as of. */
    reportDate: date('report_date', { mode: 'string' }).notNull(),
    /** `repPdEnd`: the fund's fiscal year end. */
    fiscalYearEnd: date('fiscal_year_end', { mode: 'string' }),
    /** From the filing index; null for a document read without one (demo captures). */
    filingDate: date('filing_date', { mode: 'string' }),
    isFinalFiling: boolean('is_final_filing'),
    totalAssets: doublePrecision('total_assets'),
    totalLiabilities: doublePrecision('total_liabilities'),
    netAssets: doublePrecision('net_assets'),
    classReturns: jsonb('class_returns').notNull().default([]),
    positions: integer('positions').notNull(),
    /** The accession of the filing (a later NPORT-P/A, or a later NPORT-P) that replaces this report. */
    supersededBy: text('superseded_by'),
    warnings: jsonb('warnings').notNull().default([]),
    sourceUrl: text('source_url').notNull(),
    sha256: text('sha256'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('fund_reports_fund').on(t.fundId, t.reportDate)],
);

/** Every position of a report, as filed (`formData/invstOrSecs/invstOrSec`). */
export const fundHoldings = pgTable(
  'fund_holdings',
  {
    accessionNumber: text('accession_number').notNull(),
    ordinal: integer('ordinal').notNull(),
    fundId: text('fund_id').notNull(),
    reportDate: date('report_date', { mode: 'string' }).notNull(),
    name: text('name'),
    title: text('title'),
    lei: text('lei'),
    cusip: text('cusip'),
    isin: text('isin'),
    ticker: text('ticker'),
    otherIds: jsonb('other_ids'),
    balance: doublePrecision('balance'),
    units: text('units'),
    unitsDesc: text('units_desc'),
    currency: text('currency'),
    /** Units of `currency` per 1 USD, as filed; null for USD positions. */
    exchangeRate: doublePrecision('exchange_rate'),
    valueUsd: doublePrecision('value_usd'),
    /** `pctVal` as filed: percent of net assets (1.23 = 1.23 %). */
    pctOfNetAssets: doublePrecision('pct_of_net_assets'),
    payoffProfile: text('payoff_profile'),
    assetCategory: text('asset_category'),
    assetCategoryDesc: text('asset_category_desc'),
    issuerCategory: text('issuer_category'),
    issuerCategoryDesc: text('issuer_category_desc'),
    country: text('country'),
    isRestricted: boolean('is_restricted'),
    fairValueLevel: text('fair_value_level'),
    isLoanedByFund: boolean('is_loaned_by_fund'),
    debt: jsonb('debt'),
    derivative: jsonb('derivative'),
    /** The registry company an identifier resolved to, and which identifier did (evidence). */
    companyId: text('company_id'),
    linkSource: text('link_source'),
    linkValue: text('link_value'),
  },
  (t) => [
    primaryKey({ columns: [t.accessionNumber, t.ordinal] }),
    index('fund_holdings_company').on(t.companyId),
    index('fund_holdings_cusip').on(t.cusip),
  ],
);
