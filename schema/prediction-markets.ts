import { doublePrecision, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Prediction markets as their venue lists them (Kalshi, Polymarket), latest state only. Prices are
 * probabilities 0-1 (`yes_price`, each outcome's `probability`) with the venue's own value and unit beside
 * them (`yes_price_raw`, `price_unit`: `usd_cents` for Kalshi's integer fields, `usd` for Kalshi's
 * `*_dollars` strings and Polymarket's decimal strings). `status` is normalized (`open`, `closed`,
 * `resolved`), `status_raw` is the venue's.
 */
export const predictionMarkets = pgTable(
  'prediction_markets',
  {
    provider: text('provider').notNull(),
    marketId: text('market_id').notNull(),
    eventId: text('event_id'),
    question: text('question').notNull(),
    description: text('description'),
    category: text('category'),
    status: text('status').notNull(),
    statusRaw: text('status_raw'),
    outcomes: jsonb('outcomes').notNull(),
    yesPrice: doublePrecision('yes_price'),
    yesPriceRaw: text('yes_price_raw'),
    priceUnit: text('price_unit'),
    priceField: text('price_field'),
    volume: doublePrecision('volume'),
    volumeUnit: text('volume_unit'),
    liquidity: doublePrecision('liquidity'),
    openTime: timestamp('open_time', { withTimezone: true }),
    closeTime: timestamp('close_time', { withTimezone: true }),
    resolutionTime: timestamp('resolution_time', { withTimezone: true }),
    outcome: text('outcome'),
    url: text('url'),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    source: text('source').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.marketId] }),
    index('prediction_markets_status').on(t.status, t.closeTime),
  ],
);

/**
 * A market linked to a company it names (a ticker form or a registry name, with the text span as evidence);
 * `earnings_kind` is set when the market is about that company's earnings.
 */
export const predictionMarketLinks = pgTable(
  'prediction_market_links',
  {
    provider: text('provider').notNull(),
    marketId: text('market_id').notNull(),
    companyId: text('company_id').notNull(),
    method: text('method').notNull(),
    matched: text('matched').notNull(),
    evidence: text('evidence').notNull(),
    earningsKind: text('earnings_kind'),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.marketId, t.companyId] }),
    index('prediction_market_links_company').on(t.companyId),
  ],
);

export type PredictionMarketInsert = typeof predictionMarkets.$inferInsert;
export type PredictionMarketLinkInsert = typeof predictionMarketLinks.$inferInsert;
