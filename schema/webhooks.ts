import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** A subscription's filters (all optional; each one given narrows what it receives). */
export interface SubscriptionFilters {
  tickers?: string[];
  company_ids?: string[];
  forms?: string[];
  families?: string[];
  min_impact?: number;
  channels?: string[];
  regions?: string[];
}

/**
 * Webhook subscriptions (spec part 6, docs/webhooks.md). One account owns each; `family` is the route that
 * made it (`events` or `news`), so each route family sees only its own.
 *
 * The signing secret is stored because HMAC signing needs the secret itself (a hash could verify a secret
 * but not sign with it). It is stored encrypted (AES-256-GCM, `enc1:`) when WEBHOOKS_ENCRYPTION_KEY is set,
 * else as-is (`raw1:`): see lib/webhooks/signing.ts. It is answered once, at create and at rotation, and
 * never logged. During a rotation `previous_secret` also signs until `previous_secret_expires_at`.
 *
 * `cursor` is this subscription's delivery cursor: the event log's sequence up to which the dispatcher has
 * matched events for it (created at the log's head, so a new subscription starts with the next event). A
 * disabled subscription's cursor stays where it stopped; re-enabling it delivers what it missed.
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    family: text('family').notNull(), // events | news
    url: text('url').notNull(),
    types: jsonb('types').$type<string[]>().notNull(),
    filters: jsonb('filters').$type<SubscriptionFilters>().notNull(),
    description: text('description'),
    status: text('status').notNull(), // enabled | disabled
    disabledReason: text('disabled_reason'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    cursor: bigint('cursor', { mode: 'number' }).notNull(),
    /** First failed attempt since the last success: the auto-disable clock (WEBHOOKS_DISABLE_AFTER_MS). */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_subscriptions_account').on(t.accountId, t.family, t.createdAt),
    index('webhook_subscriptions_status_cursor').on(t.status, t.cursor),
  ],
);

/**
 * One message to send to one subscription: an event matched by the dispatcher (`origin` event, at most one
 * per subscription and event), or a test, a redelivery or a recovery (new rows for the same event, so the
 * receiver sees the same `webhook-id`). Postgres holds the delivery's state; the queue only carries its id
 * and attempt number, so a lost or duplicated job never loses or doubles a delivery's outcome.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    /** The event's sequence (null for a test message, which is not in the log). */
    sequence: bigint('sequence', { mode: 'number' }),
    type: text('type').notNull(),
    origin: text('origin').notNull(), // event | test | redeliver | recover
    /** The whole payload, for a test message only (events are read from the log at send time). */
    payload: jsonb('payload'),
    status: text('status').notNull(), // pending | delivered | failed | paused | skipped
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_once')
      .on(t.subscriptionId, t.eventId)
      .where(sql`${t.origin} = 'event'`),
    index('webhook_deliveries_due').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_subscription').on(t.subscriptionId, t.createdAt),
  ],
);

/** Every attempt of a delivery: what the receiver answered, how long it took, and what happens next. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    latencyMs: integer('latency_ms').notNull(),
    /** The first bytes (at most 1 KiB) of the receiver's answer. */
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
    /** success | retry | failed (retries exhausted) | disabled (410 or auto-disable) */
    outcome: text('outcome').notNull(),
    nextRetryAt: timestamp('next_retry_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.attempt] })],
);

export type WebhookSubscriptionRow = typeof webhookSubscriptions.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
