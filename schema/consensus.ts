import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Analyst consensus per listing symbol as a provider publishes it (docs/consensus-and-markets.md). One row per
 * snapshot day (`as_of`), period code (`0q`, `+1q`, `0y`, `+1y`, `+5y`, `-5y`: the provider's, on the
 * company's fiscal calendar) and metric (`eps`, `revenue`, `eps_growth`). `basis` is the estimate's
 * accounting basis decided per provider from evidence (`adjusted` for Yahoo's EPS, `reported` for
 * revenue); `basis_evidence` says why. An estimate with no analysts is stored as nulls, never as 0.
 */
export const consensusEstimates = pgTable(
  'consensus_estimates',
  {
    symbol: text('symbol').notNull(),
    provider: text('provider').notNull(),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    periodCode: text('period_code').notNull(),
    metric: text('metric').notNull(),
    companyId: text('company_id'),
    periodType: text('period_type').notNull(),
    periodEnd: date('period_end', { mode: 'string' }),
    currency: text('currency'),
    basis: text('basis').notNull(),
    basisEvidence: text('basis_evidence').notNull(),
    avg: doublePrecision('avg'),
    low: doublePrecision('low'),
    high: doublePrecision('high'),
    yearAgo: doublePrecision('year_ago'),
    growth: doublePrecision('growth'),
    analysts: integer('analysts'),
    trend7dAgo: doublePrecision('trend_7d_ago'),
    trend30dAgo: doublePrecision('trend_30d_ago'),
    trend60dAgo: doublePrecision('trend_60d_ago'),
    trend90dAgo: doublePrecision('trend_90d_ago'),
    revisionsUp7d: integer('revisions_up_7d'),
    revisionsUp30d: integer('revisions_up_30d'),
    revisionsDown7d: integer('revisions_down_7d'),
    revisionsDown30d: integer('revisions_down_30d'),
    source: text('source').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.symbol, t.provider, t.asOf, t.periodCode, t.metric] }),
    index('consensus_estimates_company').on(t.companyId, t.asOf),
  ],
);

/**
 * Actual vs estimate per fiscal quarter as the provider reports it. `surprise` is ours, computed only when the
 * actual's basis equals the estimate's; otherwise null with `surprise_reason`. The provider's own surprise
 * percent is kept beside it (`provider_surprise_percent`, a ratio).
 */
export const consensusHistory = pgTable(
  'consensus_history',
  {
    symbol: text('symbol').notNull(),
    provider: text('provider').notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    companyId: text('company_id'),
    currency: text('currency'),
    epsActual: doublePrecision('eps_actual'),
    actualBasis: text('actual_basis').notNull(),
    epsEstimate: doublePrecision('eps_estimate'),
    estimateBasis: text('estimate_basis').notNull(),
    basisEvidence: text('basis_evidence').notNull(),
    surprise: doublePrecision('surprise'),
    surprisePercent: doublePrecision('surprise_percent'),
    surpriseReason: text('surprise_reason'),
    providerSurprisePercent: doublePrecision('provider_surprise_percent'),
    source: text('source').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.symbol, t.provider, t.periodEnd] }),
    index('consensus_history_company').on(t.companyId, t.periodEnd),
  ],
);

/**
 * The provider's next earnings date per symbol (latest snapshot only: a newer one replaces it). Past dates are
 * not stored here: the calendar route reads them from the 8-K Item 2.02 rows of `filings`.
 * `date_end` is set when the provider gives an estimated window (two dates).
 */
export const earningsCalendar = pgTable(
  'earnings_calendar',
  {
    symbol: text('symbol').notNull(),
    provider: text('provider').notNull(),
    companyId: text('company_id'),
    date: date('date', { mode: 'string' }).notNull(),
    dateEnd: date('date_end', { mode: 'string' }),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    timeOfDay: text('time_of_day').notNull(),
    confirmed: boolean('confirmed').notNull(),
    callAt: timestamp('call_at', { withTimezone: true }),
    epsAvg: doublePrecision('eps_avg'),
    epsLow: doublePrecision('eps_low'),
    epsHigh: doublePrecision('eps_high'),
    revenueAvg: doublePrecision('revenue_avg'),
    revenueLow: doublePrecision('revenue_low'),
    revenueHigh: doublePrecision('revenue_high'),
    source: text('source').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.provider] }), index('earnings_calendar_date').on(t.date)],
);

export type ConsensusEstimateInsert = typeof consensusEstimates.$inferInsert;
export type ConsensusHistoryInsert = typeof consensusHistory.$inferInsert;
export type EarningsCalendarInsert = typeof earningsCalendar.$inferInsert;
