import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * ETF issuers' daily holdings files as the issuer publishes them (iShares CSV, SPDR XLSX): one row per file
 * read (fund ticker and as-of date) and one per line of its holdings table, non-equity lines (cash, money
 * market, collateral, futures) included with their kind. docs/funds.md "ETF issuer daily holdings".
 */
export const etfIssuerHoldingFiles = pgTable(
  'etf_issuer_holding_files',
  {
    fundTicker: text('fund_ticker').notNull(),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    issuer: text('issuer').notNull(),
    format: text('format').notNull(),
    fundName: text('fund_name'),
    rows: integer('rows').notNull(),
    warnings: jsonb('warnings').notNull().default([]),
    sourceUrl: text('source_url').notNull(),
    sha256: text('sha256'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.fundTicker, t.asOf] })],
);

export const etfIssuerHoldings = pgTable(
  'etf_issuer_holdings',
  {
    fundTicker: text('fund_ticker').notNull(),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    /** 1-based line of the file's table, the issuer's order (weight descending). */
    ordinal: integer('ordinal').notNull(),
    issuer: text('issuer').notNull(),
    ticker: text('ticker'),
    cusip: text('cusip'),
    isin: text('isin'),
    sedol: text('sedol'),
    name: text('name'),
    sector: text('sector'),
    /** The issuer's asset class text; null when the file has none (SPDR). */
    assetClass: text('asset_class'),
    /** equity, cash, money_market, cash_collateral, future, other. */
    kind: text('kind').notNull(),
    /** Percent of the fund as published (7.12 = 7.12 %). */
    weightPct: numeric('weight_pct'),
    shares: numeric('shares'),
    price: numeric('price'),
    marketValue: numeric('market_value'),
    notional: numeric('notional'),
    currency: text('currency'),
    fxRate: numeric('fx_rate'),
    exchange: text('exchange'),
    location: text('location'),
    accrualDate: date('accrual_date', { mode: 'string' }),
    /** The registry company the CUSIP, ISIN or (equity) ticker resolved to, and which one did (evidence). */
    companyId: text('company_id'),
    linkSource: text('link_source'),
    linkValue: text('link_value'),
  },
  (t) => [
    primaryKey({ columns: [t.fundTicker, t.asOf, t.ordinal] }),
    index('etf_issuer_holdings_company').on(t.companyId),
    index('etf_issuer_holdings_cusip').on(t.cusip),
  ],
);

export type EtfIssuerHoldingInsert = typeof etfIssuerHoldings.$inferInsert;
export type EtfIssuerHoldingFileInsert = typeof etfIssuerHoldingFiles.$inferInsert;
