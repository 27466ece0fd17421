import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Daily bars per listing symbol (spec 2.7 price rows), in the listing's quote currency exactly as the source
 * spells it (`GBp` = pence). `close` is the traded close, null when the source only gives adjusted prices;
 * `adj_close` is adjusted for splits and dividends as of the fetch. `company_id` is null for a symbol the
 * registry does not know (served when asked for by symbol). `market` is the symbol's market suffix (`US`
 * for a US listing, `TW`, `L`...).
 */
export const priceBars = pgTable(
  'price_bars',
  {
    symbol: text('symbol').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    companyId: text('company_id'),
    market: text('market').notNull(),
    currency: text('currency'),
    open: doublePrecision('open'),
    high: doublePrecision('high'),
    low: doublePrecision('low'),
    close: doublePrecision('close'),
    adjClose: doublePrecision('adj_close'),
    volume: bigint('volume', { mode: 'number' }),
    source: text('source').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.date] }), index('price_bars_company').on(t.companyId, t.date)],
);

/** Dividends and splits from a source's events block (the documentation of every adj_close). */
export const priceEvents = pgTable(
  'price_events',
  {
    symbol: text('symbol').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    amount: doublePrecision('amount'),
    numerator: doublePrecision('numerator'),
    denominator: doublePrecision('denominator'),
    source: text('source').notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.date, t.kind] })],
);

/**
 * `dei:EntityCommonStockSharesOutstanding` as filed, point-in-time: `filed` is when it became known. From
 * companyfacts (undimensioned counts only: `share_class` null) or, for a filer companyfacts has no count for
 * (per-class reporters such as Alphabet), from the cover page of its 10-K/10-Q: one row per class
 * (`share_class` = the StatementClassOfStockAxis member) with `symbol`, the class's dei:TradingSymbol in that
 * filing (null: the class is not listed). `seq` keeps the values of one filing and date apart.
 */
export const sharesOutstanding = pgTable(
  'shares_outstanding',
  {
    cik: text('cik').notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    accession: text('accession').notNull(),
    seq: integer('seq').notNull(),
    filed: date('filed', { mode: 'string' }).notNull(),
    form: text('form').notNull(),
    shares: bigint('shares', { mode: 'number' }).notNull(),
    shareClass: text('share_class'),
    symbol: text('symbol'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.cik, t.endDate, t.accession, t.seq] }),
    index('shares_outstanding_filed').on(t.cik, t.filed),
  ],
);

/**
 * Daily market cap per listing (spec 2.7 market-cap rows): traded close x the shares outstanding known on
 * that date, in the major unit of the quote currency (`GBp` -> `GBP`). Derived from price_bars and
 * shares_outstanding by loaders/market-caps.ts whenever either changes. `share_class` is set when the count
 * is one class's (the listing's, linked by its trading symbol), null when it is the company's.
 */
export const marketCaps = pgTable(
  'market_caps',
  {
    symbol: text('symbol').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    companyId: text('company_id').notNull(),
    currency: text('currency').notNull(),
    marketCap: numeric('market_cap').notNull(),
    shares: bigint('shares', { mode: 'number' }).notNull(),
    sharesAsOf: date('shares_as_of', { mode: 'string' }).notNull(),
    shareClass: text('share_class'),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.date] }), index('market_caps_company').on(t.companyId, t.date)],
);

/** Benchmark registry (spec 2.7): indices and commodities, symbols as the data vendor spells them. */
export const benchmarks = pgTable('benchmarks', {
  symbol: text('symbol').primaryKey(),
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  exchange: text('exchange'),
  currency: text('currency').notNull(),
  /** Ranks first among matches of a name search (the front-month future for `gold`). */
  headline: boolean('headline').notNull().default(false),
});

/** Benchmark daily series (spec 2.7), as the source gives them (weekend rows kept). */
export const benchmarkBars = pgTable(
  'benchmark_bars',
  {
    symbol: text('symbol').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    open: doublePrecision('open'),
    high: doublePrecision('high'),
    low: doublePrecision('low'),
    close: doublePrecision('close').notNull(),
    volume: bigint('volume', { mode: 'number' }),
    closeMajor: doublePrecision('close_major').notNull(),
    currencyMajor: text('currency_major').notNull(),
    source: text('source').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.date] })],
);

/** FINRA equity short interest (spec 2.7), one row per symbol per settlement date. */
export const shortInterest = pgTable(
  'short_interest',
  {
    symbol: text('symbol').notNull(),
    settlementDate: date('settlement_date', { mode: 'string' }).notNull(),
    companyId: text('company_id'),
    issueName: text('issue_name'),
    category: text('category'),
    marketClassCode: text('market_class_code'),
    currentShortPosition: bigint('current_short_position', { mode: 'number' }),
    previousShortPosition: bigint('previous_short_position', { mode: 'number' }),
    changePrevious: bigint('change_previous', { mode: 'number' }),
    changePercent: numeric('change_percent'),
    averageDailyVolume: bigint('average_daily_volume', { mode: 'number' }),
    daysToCover: numeric('days_to_cover'),
    daysToCoverComputed: boolean('days_to_cover_computed').notNull().default(false),
    revisionFlag: text('revision_flag'),
    stockSplitFlag: text('stock_split_flag'),
    source: text('source').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.symbol, t.settlementDate] }),
    index('short_interest_company').on(t.companyId, t.settlementDate),
  ],
);

export type PriceBarInsert = typeof priceBars.$inferInsert;
export type PriceEventInsert = typeof priceEvents.$inferInsert;
export type SharesOutstandingInsert = typeof sharesOutstanding.$inferInsert;
export type BenchmarkInsert = typeof benchmarks.$inferInsert;
export type BenchmarkBarInsert = typeof benchmarkBars.$inferInsert;
export type ShortInterestInsert = typeof shortInterest.$inferInsert;
