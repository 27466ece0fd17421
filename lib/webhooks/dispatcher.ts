import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { isPlan, planAllows } from '../../api/platform/plans.ts';
import type { SubscriptionFilters } from '../../schema/webhooks.ts';
import type { Database } from '../db.ts';
import type { Logger } from '../logger.ts';
import { planForType } from './event-types.ts';
import { newDeliveryId } from './ids.ts';
import { matches } from './match.ts';
import type { DeliveryJob, DeliveryQueue } from './queue.ts';
import { send } from './send.ts';
import { MAX_ATTEMPTS, retryAfterMs, retryDelayMs, type WebhookSettings } from './settings.ts';
import { signatureHeader } from './signing.ts';
import { resolveTarget, UnsafeUrlError } from './url-safety.ts';

/** Events matched per dispatcher pass, and subscriptions locked per pass. */
const EVENT_BATCH = 1_000;
const SUBSCRIPTION_BATCH = 2_000;
const SWEEP_BATCH = 2_000;

interface SubRow {
  id: string;
  types: string[];
  filters: SubscriptionFilters;
  cursor: string | number;
}

interface EventRow {
  id: string;
  sequence: string | number;
  type: string;
  occurred_at: Date | string;
  accepted_at: Date | string | null;
  detected_at: Date | string;
  published_at: Date | string;
  company_id: string | null;
  ticker: string | null;
  data: Record<string, unknown>;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** The body every delivery carries: the event as the log holds it (the same object GET /v1/events serves). */
export function eventPayload(e: EventRow) {
  return {
    id: e.id,
    type: e.type,
    sequence: Number(e.sequence),
    occurred_at: iso(e.occurred_at),
    accepted_at: iso(e.accepted_at),
    detected_at: iso(e.detected_at),
    published_at: iso(e.published_at),
    company_id: e.company_id,
    ticker: e.ticker,
    data: e.data,
  };
}

export interface AttemptOutcome {
  outcome: 'success' | 'retry' | 'failed' | 'disabled' | 'skipped' | 'stale' | 'paused';
  statusCode?: number | null;
}

/**
 * The webhook dispatcher (docs/webhooks.md):
 * - match: reads the event log after each enabled subscription's cursor and records one delivery per
 *   matching event and subscription, moving the cursors in the same transaction (subscriptions locked with
 *   SKIP LOCKED, so several workers share the work without matching an event twice);
 * - sweep: (re-)adds every due pending delivery to the queue (idempotent by job id), which covers a crash
 *   between the match's commit and its enqueue, a job lost with Redis, and deliveries the API recorded
 *   (tests, redeliveries, recoveries);
 * - attempt: one HTTP attempt of a delivery, its outcome written to Postgres (the truth), the next attempt
 *   queued with its delay.
 * Postgres LISTEN (channel `events`, `webhooks`) wakes it at once; otherwise it polls every WEBHOOKS_POLL_MS.
 */
export class WebhookDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private listener: pg.Client | null = null;

  constructor(
    private readonly database: Database,
    private readonly settings: WebhookSettings,
    private readonly queue: DeliveryQueue,
    private readonly log: Logger,
    private readonly opts: { databaseUrl?: string | undefined; consume?: boolean } = {},
  ) {}

  async start(): Promise<void> {
    if (this.opts.consume !== false) this.queue.start((job) => this.attempt(job).then(() => undefined));
    if (this.opts.databaseUrl) {
      try {
        const client = new pg.Client({ connectionString: this.opts.databaseUrl });
        client.on('error', () => {}); // the poll keeps running; LISTEN only makes it faster
        await client.connect();
        await client.query('listen events');
        await client.query('listen webhooks');
        client.on('notification', () => this.wake());
        this.listener = client;
      } catch (err) {
        this.log.warn({ err: (err as Error).message }, 'webhooks: LISTEN failed; polling only');
      }
    }
    const loop = () => {
      if (this.closed) return;
      this.wake();
      this.timer = setTimeout(loop, this.settings.pollMs);
    };
    loop();
  }

  /** Runs a pass now (or right after the running one). */
  wake(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          while ((await this.matchOnce()) && !this.closed) {}
          await this.sweepOnce();
        } catch (err) {
          this.log.error({ err: (err as Error).message }, 'webhook dispatch pass failed; retrying');
        }
      } while (this.again && !this.closed);
    })().finally(() => {
      this.running = null;
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await this.queue.close();
    await this.listener?.end().catch(() => undefined);
  }

  /** One matching pass; returns true when there may be more to match. */
  async matchOnce(): Promise<boolean> {
    let jobs: DeliveryJob[] = [];
    let more = false;
    await this.database.db.transaction(async (tx) => {
      const q = async <T>(text: string, params: unknown[] = []) => {
        const r = (await tx.execute(rawSql(text, params))) as unknown;
        return (Array.isArray(r) ? r : ((r as { rows: T[] }).rows ?? [])) as T[];
      };
      const [counter] = await q<{ last: string }>(`select "last" from event_counter where name = 'events'`);
      const head = Number(counter?.last ?? 0);
      const subs = await q<SubRow>(
        `select id, types, filters, "cursor" from webhook_subscriptions
          where status = 'enabled' and "cursor" < $1 order by "cursor", id limit ${SUBSCRIPTION_BATCH}
          for update skip locked`,
        [head],
      );
      if (subs.length === 0) return;
      const from = Math.min(...subs.map((s) => Number(s.cursor)));
      const events = await q<EventRow>(
        `select id, sequence, type, occurred_at, accepted_at, detected_at, published_at, company_id, ticker, data
           from events where sequence > $1 and sequence <= $2 order by sequence limit ${EVENT_BATCH}`,
        [from, head],
      );
      const upTo = events.length === EVENT_BATCH ? Number(events[events.length - 1]!.sequence) : head;
      more = upTo < head || subs.length === SUBSCRIPTION_BATCH;
      const rows: { id: string; sub: string; event: string; seq: number; type: string }[] = [];
      for (const s of subs) {
        const cursor = Number(s.cursor);
        for (const e of events) {
          const seq = Number(e.sequence);
          if (seq <= cursor || seq > upTo) continue;
          if (matches(s.types, s.filters ?? {}, e))
            rows.push({ id: newDeliveryId(), sub: s.id, event: e.id, seq, type: e.type });
        }
      }
      if (rows.length) {
        const inserted = await q<{ id: string }>(
          `insert into webhook_deliveries (id, subscription_id, event_id, sequence, type, origin, status, next_attempt_at)
           select r.id, r.sub, r.event, r.seq, r.type, 'event', 'pending', now()
             from jsonb_to_recordset($1::jsonb) as r(id text, sub text, event text, seq bigint, type text)
           on conflict (subscription_id, event_id) where origin = 'event' do nothing
           returning id`,
          [JSON.stringify(rows)],
        );
        jobs = inserted.map((r) => ({ deliveryId: r.id, attempt: 1 }));
      }
      await q(
        `update webhook_subscriptions set "cursor" = greatest("cursor", $1)
          where id in (select jsonb_array_elements_text($2::jsonb))`,
        [upTo, JSON.stringify(subs.map((s) => s.id))],
      );
    });
    // After the commit: a crash here leaves the deliveries pending, and the next sweep queues them.
    await this.queue.add(jobs);
    return more;
  }

  /** Queues every due pending delivery (idempotent: a queued attempt keeps its job id). */
  async sweepOnce(): Promise<number> {
    const due = await this.database.query<{ id: string; attempts: number }>(
      `select id, attempts from webhook_deliveries
        where status = 'pending' and next_attempt_at <= now() order by next_attempt_at limit ${SWEEP_BATCH}`,
    );
    await this.queue.add(due.map((d) => ({ deliveryId: d.id, attempt: d.attempts + 1 })));
    return due.length;
  }

  /** One HTTP attempt of one delivery; everything it learns is written to Postgres. */
  async attempt(job: DeliveryJob): Promise<AttemptOutcome> {
    const [row] = await this.database.query<{
      id: string;
      status: string;
      attempts: number;
      event_id: string;
      type: string;
      payload: Record<string, unknown> | null;
      subscription_id: string;
      sub_status: string;
      url: string;
      secret: string;
      previous_secret: string | null;
      previous_secret_expires_at: Date | string | null;
      failing_since: Date | string | null;
      plan: string | null;
      e_id: string | null;
      e_sequence: string | number;
      occurred_at: Date | string;
      accepted_at: Date | string | null;
      detected_at: Date | string;
      published_at: Date | string;
      company_id: string | null;
      ticker: string | null;
      data: Record<string, unknown>;
    }>(
      `select d.id, d.status, d.attempts, d.event_id, d.type, d.payload, d.subscription_id,
              s.status as sub_status, s.url, s.secret, s.previous_secret, s.previous_secret_expires_at,
              s.failing_since, a.plan, e.id as e_id, e.sequence as e_sequence, e.occurred_at, e.accepted_at,
              e.detected_at, e.published_at, e.company_id, e.ticker, e.data
         from webhook_deliveries d join webhook_subscriptions s on s.id = d.subscription_id
         left join accounts a on a.id = s.account_id
         left join events e on e.id = d.event_id and d.payload is null
        where d.id = $1`,
      [job.deliveryId],
    );
    // Deleted, already settled, or an older attempt's job: nothing to do (at most one attempt per number).
    if (row?.status !== 'pending' || row.attempts !== job.attempt - 1) return { outcome: 'stale' };
    if (row.sub_status !== 'enabled') {
      await this.database.query(
        `update webhook_deliveries set status = 'paused', next_attempt_at = null where id = $1 and status = 'pending'`,
        [row.id],
      );
      return { outcome: 'paused' };
    }
    const need = planForType(row.type);
    if (!isPlan(row.plan) || !planAllows(row.plan, need)) {
      await this.finish(
        row.id,
        'skipped',
        null,
        `the account's plan does not include ${row.type} (needs ${need})`,
      );
      return { outcome: 'skipped' };
    }
    let payload = row.payload;
    if (!payload) {
      if (!row.e_id) {
        await this.finish(row.id, 'failed', null, 'the event is no longer in the log');
        return { outcome: 'failed' };
      }
      payload = eventPayload({ ...row, id: row.e_id, sequence: row.e_sequence });
    }
    const body = JSON.stringify(payload);
    const secrets = [this.settings.box.open(row.secret)];
    if (
      row.previous_secret &&
      row.previous_secret_expires_at &&
      new Date(row.previous_secret_expires_at).getTime() > Date.now()
    )
      secrets.push(this.settings.box.open(row.previous_secret));
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'webhook-id': row.event_id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(secrets, row.event_id, timestamp, body),
    };
    const startedAt = new Date();
    let result: Awaited<ReturnType<typeof send>>;
    try {
      const target = await resolveTarget(row.url, this.settings.allowPrivate);
      result = await send(target, headers, body, this.settings.timeoutMs);
    } catch (err) {
      if (!(err instanceof UnsafeUrlError)) throw err;
      result = { statusCode: null, latencyMs: 0, excerpt: null, retryAfter: undefined, error: err.message };
    }
    const code = result.statusCode;
    const now = Date.now();
    let outcome: AttemptOutcome['outcome'];
    let nextAt: Date | null = null;
    let disableReason: string | null = null;
    if (code !== null && code >= 200 && code < 300) outcome = 'success';
    else if (code === 410) {
      outcome = 'disabled';
      disableReason = `the endpoint answered 410 Gone on ${startedAt.toISOString()}`;
    } else {
      const since = row.failing_since ? new Date(row.failing_since).getTime() : now;
      const honoured = code === 429 || code === 503 ? retryAfterMs(result.retryAfter, now) : null;
      const delay = honoured ?? retryDelayMs(job.attempt, this.settings.retryScale);
      if (now - since >= this.settings.disableAfterMs) {
        outcome = 'disabled';
        disableReason = `deliveries have failed since ${new Date(since).toISOString()} without a success (last: ${code ?? result.error})`;
      } else if (delay === null || job.attempt >= MAX_ATTEMPTS) outcome = 'failed';
      else {
        outcome = 'retry';
        nextAt = new Date(now + delay);
      }
    }
    const status = {
      success: 'delivered',
      retry: 'pending',
      failed: 'failed',
      disabled: code === 410 ? 'failed' : 'paused',
    }[outcome as 'success' | 'retry' | 'failed' | 'disabled'];
    // One statement (writable CTEs: one round trip, atomic): the attempt, the delivery's new state, and the
    // subscription's health. A success only writes the subscription when it changes something or once a
    // second, so parallel deliveries to one subscription do not queue on its row.
    const subscriptionUpdate =
      outcome === 'success'
        ? `update webhook_subscriptions set failing_since = null, last_success_at = now()
            where id = $10 and (failing_since is not null or last_success_at is null
                                or last_success_at < now() - interval '1 second') and $12::text is null`
        : `update webhook_subscriptions set failing_since = coalesce(failing_since, $3), last_failure_at = now(),
                  status = case when $12::text is null then status else 'disabled' end,
                  disabled_reason = coalesce($12::text, disabled_reason),
                  disabled_at = case when $12::text is null then disabled_at else now() end
            where id = $10`;
    await this.database.query(
      `with attempt as (
         insert into webhook_attempts (delivery_id, attempt, started_at, status_code, latency_ms, response_excerpt,
                                       error, outcome, next_retry_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict do nothing returning 1
       ), delivery as (
         update webhook_deliveries set status = $11, attempts = $2, next_attempt_at = $9, last_status_code = $4,
                last_error = $13, finished_at = case when $11::text in ('delivered', 'failed') then now() else null end
          where id = $1 and attempts = $2 - 1 returning 1
       ), sub as (${subscriptionUpdate} returning 1)
       select (select count(*) from attempt) as a, (select count(*) from delivery) as d, (select count(*) from sub) as s`,
      [
        row.id,
        job.attempt,
        startedAt.toISOString(),
        code,
        result.latencyMs,
        result.excerpt?.replace(/\u0000/g, '') ?? null,
        result.error,
        outcome,
        nextAt?.toISOString() ?? null,
        row.subscription_id,
        status,
        disableReason,
        result.error ?? (code !== null && outcome !== 'success' ? `HTTP ${code}` : null),
      ],
    );
    if (disableReason)
      this.log.warn(
        { subscription: row.subscription_id, reason: disableReason },
        'webhook subscription disabled',
      );
    if (nextAt)
      await this.queue.add([
        { deliveryId: row.id, attempt: job.attempt + 1, delayMs: nextAt.getTime() - now },
      ]);
    return { outcome, statusCode: code };
  }

  private async finish(id: string, status: string, code: number | null, error: string) {
    await this.database.query(
      `update webhook_deliveries set status = $2, last_status_code = $3, last_error = $4, finished_at = now(),
              next_attempt_at = null where id = $1`,
      [id, status, code, error],
    );
  }
}

/** A parameterised statement for tx.execute ($1..$n placeholders bound in order). */
export function rawSql(text: string, params: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [sql.raw(parts[0]!)];
  for (let i = 1; i < parts.length; i += 2) {
    chunks.push(sql`${params[Number(parts[i]) - 1]}`);
    chunks.push(sql.raw(parts[i + 1]!));
  }
  return sql.join(chunks, sql.raw(''));
}
