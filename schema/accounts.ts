import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const accounts = pgTable('accounts', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  plan: text('plan').notNull(), // free | professional | fund
  credits: bigint('credits', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const apiKeys = pgTable(
  'api_keys',
  {
    prefix: text('prefix').primaryKey(), // first 12 characters, shown in usage reports
    accountId: text('account_id').notNull(),
    keyHash: text('key_hash').notNull().unique(), // sha256 hex of the full key
    name: text('name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_account').on(t.accountId)],
);

/** Every balance change; sum(delta) per account equals its balance. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: text('account_id').notNull(),
    keyPrefix: text('key_prefix'),
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(), // grant | charge | refund
    requestId: text('request_id'),
    route: text('route'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_ledger_account').on(t.accountId, t.createdAt)],
);

/** One row per authenticated request, for /v1/usage. */
export const usageEvents = pgTable(
  'usage_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: text('account_id').notNull(),
    keyPrefix: text('key_prefix').notNull(),
    route: text('route').notNull(),
    status: integer('status').notNull(),
    chunksReturned: integer('chunks_returned').notNull().default(0),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('usage_events_account').on(t.accountId, t.createdAt)],
);
