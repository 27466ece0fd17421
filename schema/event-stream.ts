import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Tokens of the live event stream (GET /v1/events/stream-token, docs/events.md): short-lived and single-use,
 * scoped to the account's plan and the filters asked for. Only the SHA-256 of a token is stored; a row in the
 * database (not process memory) lets any API instance accept a token another one issued.
 */
export const eventStreamTokens = pgTable('event_stream_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  accountId: text('account_id').notNull(),
  keyPrefix: text('key_prefix').notNull(),
  plan: text('plan').notNull(),
  /** The stream's filters as validated at issue time: types, tickers, company_ids, forms, families. */
  filters: jsonb('filters').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
