import { bigint, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Screening's latest-values table (issue 15): one row per company with financials, holding for every
 * numeric statement and metric field its latest value (`values`: field -> number) and where that value
 * comes from (`periods`: field -> [period, report_period]). Rebuilt for a company in the same
 * transaction as its statements (loaders/screen.ts), so /v1/screen reads one row per company instead of
 * every statement version.
 */
export const screenLatest = pgTable('screen_latest', {
  companyId: text('company_id').primaryKey(),
  cik: bigint('cik', { mode: 'number' }).notNull(),
  currency: text('currency'),
  values: jsonb('values').notNull(),
  periods: jsonb('periods').notNull(),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ScreenLatestInsert = typeof screenLatest.$inferInsert;
