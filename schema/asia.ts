import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Taiwan and Korea datasets and cross-market disclosures (spec 2.9, 4.7). Rows are keyed by the market's own
 * codes (Taiwan security code, DART corp code); routes resolve a company to those codes through the registry.
 */

/** Monthly revenue, parent-company basis, amounts in thousand TWD as published. */
export const twMonthlyRevenue = pgTable(
  'tw_monthly_revenue',
  {
    localSecurityCode: text('local_security_code').notNull(),
    dataYm: text('data_ym').notNull(),
    market: text('market').notNull(),
    companyName: text('company_name').notNull(),
    industry: text('industry'),
    revenue: numeric('revenue'),
    revenuePreviousMonth: numeric('revenue_previous_month'),
    revenueYearAgo: numeric('revenue_year_ago'),
    momPct: numeric('mom_pct'),
    yoyPct: numeric('yoy_pct'),
    revenueYtd: numeric('revenue_ytd'),
    revenueYtdYearAgo: numeric('revenue_ytd_year_ago'),
    revenueYtdYoyPct: numeric('revenue_ytd_yoy_pct'),
    note: text('note'),
    sourceUrl: text('source_url').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.localSecurityCode, t.dataYm] }),
    index('tw_monthly_revenue_ym').on(t.dataYm),
  ],
);

/**
 * Quarterly income and balance rows. Income lines are filed cumulative (`*_ytd`); `*_q` is the single quarter,
 * filed (`quarter_basis` reported) or derived as YTDn - YTDn-1 (derived), null when it cannot be established.
 * Balance rows carry point-in-time totals in the `*_ytd`-free columns.
 */
export const twFinancials = pgTable(
  'tw_financials',
  {
    localSecurityCode: text('local_security_code').notNull(),
    year: integer('year').notNull(),
    season: smallint('season').notNull(),
    statement: text('statement').notNull(),
    companyName: text('company_name'),
    market: text('market'),
    industryClass: text('industry_class'),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    revenueYtd: numeric('revenue_ytd'),
    operatingIncomeYtd: numeric('operating_income_ytd'),
    netIncomeYtd: numeric('net_income_ytd'),
    epsBasicYtd: numeric('eps_basic_ytd'),
    revenueQ: numeric('revenue_q'),
    operatingIncomeQ: numeric('operating_income_q'),
    netIncomeQ: numeric('net_income_q'),
    epsBasicQ: numeric('eps_basic_q'),
    quarterBasis: text('quarter_basis'),
    totalAssets: numeric('total_assets'),
    totalLiabilities: numeric('total_liabilities'),
    totalEquity: numeric('total_equity'),
    reportDate: date('report_date', { mode: 'string' }),
    sourceUrl: text('source_url').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.localSecurityCode, t.year, t.season, t.statement] })],
);

/** Foreign and mainland-China investor holdings per trading day (TWSE MI_QFIIS, TPEx t13sa150). */
export const twForeignOwnership = pgTable(
  'tw_foreign_ownership',
  {
    localSecurityCode: text('local_security_code').notNull(),
    snapshotDate: date('snapshot_date', { mode: 'string' }).notNull(),
    market: text('market').notNull(),
    companyName: text('company_name').notNull(),
    isin: text('isin'),
    issuedShares: numeric('issued_shares'),
    foreignHeldShares: numeric('foreign_held_shares'),
    foreignAvailableShares: numeric('foreign_available_shares'),
    foreignHeldPct: numeric('foreign_held_pct'),
    foreignLimitPct: numeric('foreign_limit_pct'),
    sourceUrl: text('source_url').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.localSecurityCode, t.snapshotDate] }),
    index('tw_foreign_ownership_date').on(t.snapshotDate),
  ],
);

/**
 * OpenDART fnlttSinglAcntAll rows, amounts as filed (KRW strings); `fs_div` CFS/OFS never mixed. One row per
 * statement line, one column per period the line is filed for: `amount` (thstrm: the current period; in a
 * quarterly/half report an income line's three months, a balance-sheet line the period-end instant),
 * `amount_cumulative` (thstrm_add: the year to date), `amount_prior_period` (frmtrm: the prior fiscal year, a
 * balance-sheet line's prior year-end), `amount_two_periods_prior` (bfefrmtrm: annual reports, and some
 * third-quarter answers' balance-sheet and equity lines),
 * `amount_prior_year_period` (frmtrm_q: the same period a year earlier, quarterly/half reports) and
 * `amount_prior_year_cumulative` (frmtrm_add: that year to date). A column the report does not file is null.
 */
export const krFinancials = pgTable(
  'kr_financials',
  {
    corpCode: text('corp_code').notNull(),
    bsnsYear: integer('bsns_year').notNull(),
    reprtCode: text('reprt_code').notNull(),
    fsDiv: text('fs_div').notNull(),
    sjDiv: text('sj_div').notNull(),
    lineNo: integer('line_no').notNull(),
    ord: integer('ord'),
    accountId: text('account_id').notNull(),
    accountNm: text('account_nm').notNull(),
    accountDetail: text('account_detail'),
    sjNm: text('sj_nm').notNull(),
    amount: text('amount'),
    amountPriorPeriod: text('amount_prior_period'),
    amountTwoPeriodsPrior: text('amount_two_periods_prior'),
    amountCumulative: text('amount_cumulative'),
    /** A quarterly/half report's prior-year column (`frmtrm_q_amount`): the same period a year earlier. */
    amountPriorYearPeriod: text('amount_prior_year_period'),
    /** A quarterly/half report's prior-year year-to-date figure (`frmtrm_add_amount`, income statements). */
    amountPriorYearCumulative: text('amount_prior_year_cumulative'),
    currency: text('currency').notNull(),
    rceptNo: text('rcept_no').notNull(),
    sourceUrl: text('source_url').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.corpCode, t.bsnsYear, t.reprtCode, t.fsDiv, t.sjDiv, t.lineNo] }),
    index('kr_financials_account').on(t.corpCode, t.accountId),
  ],
);

/** OpenDART report sections (ownership, shareholders, share structure, investments, debt), one row per line. */
export const krReportSections = pgTable(
  'kr_report_sections',
  {
    corpCode: text('corp_code').notNull(),
    section: text('section').notNull(),
    kind: text('kind').notNull(),
    endpoint: text('endpoint').notNull(),
    bsnsYear: integer('bsns_year'),
    reprtCode: text('reprt_code'),
    rceptNo: text('rcept_no').notNull(),
    lineNo: integer('line_no').notNull(),
    label: text('label'),
    asOfDate: date('as_of_date', { mode: 'string' }),
    isSubtotal: boolean('is_subtotal').notNull(),
    fields: jsonb('fields').$type<Record<string, string | null>>().notNull(),
    sourceUrl: text('source_url').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.corpCode, t.endpoint, t.rceptNo, t.lineNo] }),
    index('kr_report_sections_section').on(t.corpCode, t.section, t.kind),
  ],
);

/** Cross-market disclosures (Japan TDnet/EDINET, Taiwan MOPS, Korea DART) in one row shape (spec 2.9). */
export const disclosures = pgTable(
  'disclosures',
  {
    market: text('market').notNull(),
    sourceId: text('source_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    time: text('time'),
    companyName: text('company_name').notNull(),
    localCode: text('local_code'),
    title: text('title').notNull(),
    category: text('category'),
    filingUrl: text('filing_url'),
    xbrlUrl: text('xbrl_url'),
    text: text('text'),
    descriptionChars: integer('description_chars').notNull(),
    source: text('source').notNull(),
    sourceUrl: text('source_url').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.market, t.sourceId] }),
    index('disclosures_code').on(t.market, t.localCode, t.date),
  ],
);

export type TwMonthlyRevenueInsert = typeof twMonthlyRevenue.$inferInsert;
export type TwFinancialsInsert = typeof twFinancials.$inferInsert;
export type TwForeignOwnershipInsert = typeof twForeignOwnership.$inferInsert;
export type KrFinancialsInsert = typeof krFinancials.$inferInsert;
export type KrReportSectionInsert = typeof krReportSections.$inferInsert;
export type DisclosureInsert = typeof disclosures.$inferInsert;
