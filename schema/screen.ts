import { bigint, doublePrecision, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import {
  BALANCE_VALUE_FIELDS,
  CASH_FLOW_VALUE_FIELDS,
  INCOME_VALUE_FIELDS,
  METRIC_FIELDS,
} from '../lib/statement-fields.ts';

const STATEMENT_AND_METRIC_FIELDS = [
  ...INCOME_VALUE_FIELDS,
  ...BALANCE_VALUE_FIELDS,
  ...CASH_FLOW_VALUE_FIELDS,
  ...METRIC_FIELDS,
] as const;

/**
 * The numeric fields screening keeps per company: spec 2.5's statement and metric value fields, each
 * once (income, balance, cash flow, metrics order, a repeated name kept where it first stands;
 * api/routes/screen-fields.ts checks at start-up that this list and the API's field lists agree).
 */
export const SCREEN_VALUE_FIELDS: readonly (typeof STATEMENT_AND_METRIC_FIELDS)[number][] = [
  ...new Set(STATEMENT_AND_METRIC_FIELDS),
];

const valueColumns = Object.fromEntries(SCREEN_VALUE_FIELDS.map((f) => [f, doublePrecision(f)])) as {
  [K in (typeof SCREEN_VALUE_FIELDS)[number]]: ReturnType<typeof doublePrecision>;
};

/**
 * Screening's latest-values table (issue 15): one row per company with financials, one float column per
 * field holding its latest value (typed columns, so a filter or sort over 10,000 companies reads plain
 * numbers rather than decompressing a document per row), and `periods` (field -> [period,
 * report_period]) saying where each value comes from, read only for the rows returned. Rebuilt for a
 * company in the same transaction as its statements (loaders/screen.ts).
 */
export const screenLatest = pgTable('screen_latest', {
  companyId: text('company_id').primaryKey(),
  cik: bigint('cik', { mode: 'number' }).notNull(),
  currency: text('currency'),
  ...valueColumns,
  periods: jsonb('periods').notNull(),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ScreenLatestInsert = typeof screenLatest.$inferInsert;
