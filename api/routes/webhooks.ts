import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { datasetDecl } from '../../lib/datasets.ts';
import type { Database } from '../../lib/db.ts';
import { EVENT_TYPES, eventType, planForType } from '../../lib/webhooks/event-types.ts';
import { newDeliveryId, newSubscriptionId } from '../../lib/webhooks/ids.ts';
import { matches } from '../../lib/webhooks/match.ts';
import type { WebhookSettings } from '../../lib/webhooks/settings.ts';
import { generateSecret } from '../../lib/webhooks/signing.ts';
import { resolveTarget, UnsafeUrlError } from '../../lib/webhooks/url-safety.ts';
import type { SubscriptionFilters } from '../../schema/webhooks.ts';
import { ApiError, planRequired } from '../platform/errors.ts';
import * as p from '../platform/params.ts';
import { PLAN_TITLE, type Plan, planAllows } from '../platform/plans.ts';
import { type AnyRoute, asAnyRoute, defineRoute, type RouteContext } from '../platform/route.ts';

/**
 * Webhook subscriptions (spec part 6; docs/webhooks.md): `/v1/events/subscriptions` (every event type) and
 * `/v1/news/subscriptions` (news types only, with channel and region filters). Account-scoped: a key sees
 * only its account's subscriptions (another account's id is a 404, never a 403, so ids cannot be probed).
 * Management is free (no credit): deliveries are the product, and a receiver must be able to fix itself.
 */
type Family = 'events' | 'news';

const ACCESS = { minPlan: 'free' as const, creditCost: 0, title: 'Webhook subscriptions' };
const TAGS = ['Webhooks'];
const SUB_ID_EXAMPLE = 'whsub_3f9a0c1d2e4b5a6978c0d1e2';
const DELIVERY_ID_EXAMPLE = 'whdel_0a1b2c3d4e5f60718293a4b5';

const list = (max: number, item: z.ZodString) => z.array(item).min(1).max(max);
const token = z.string().min(1).max(40);

function filtersSchema(family: Family) {
  const common = {
    tickers: list(100, token).optional().describe('Only events about these tickers (or company_ids)'),
    company_ids: list(100, z.string().min(1).max(64))
      .optional()
      .describe('Only events about these cmp_ ids (or tickers)'),
    min_impact: z
      .number()
      .int()
      .min(0)
      .max(100)
      .optional()
      .describe('News: only articles or events whose impact score is at least this (0-100)'),
    channels: list(20, token).optional().describe('News: only these channels (e.g. press_release)'),
    regions: list(20, token).optional().describe('News: only these regions (e.g. US)'),
  };
  if (family === 'news') return z.object(common).strict();
  return z
    .object({
      ...common,
      forms: list(50, token).optional().describe('Filings: only these forms (e.g. 8-K, 10-K)'),
      families: list(20, token).optional().describe('8-K events: only these families (e.g. earnings)'),
    })
    .strict();
}

function typesSchema(family: Family) {
  const allowed = EVENT_TYPES.filter((t) => family === 'events' || t.news).map((t) => t.type);
  return z
    .array(z.string().min(1).max(80))
    .min(1)
    .max(20)
    .describe(`Event types to receive (GET /v1/events/types lists them): ${allowed.join(', ')}`);
}

const urlSchema = z.string().min(8).max(2000).describe('HTTPS endpoint that receives a POST per event');

function createBody(family: Family) {
  return z
    .object({
      url: urlSchema,
      types: typesSchema(family),
      filters: filtersSchema(family).optional(),
      description: z.string().max(500).optional(),
    })
    .strict();
}

function patchBody(family: Family) {
  return z
    .object({
      url: urlSchema.optional(),
      types: typesSchema(family).optional(),
      filters: filtersSchema(family).optional().describe('Replaces the whole filter set'),
      description: z.string().max(500).nullable().optional(),
      status: z
        .enum(['enabled', 'disabled'])
        .optional()
        .describe('enabled re-enables a disabled subscription: it resumes where it stopped'),
    })
    .strict()
    .refine((b) => Object.keys(b).length > 0, { message: 'give at least one property to change' });
}

const rotateBody = z
  .object({
    grace_seconds: z
      .number()
      .int()
      .min(0)
      .max(7 * 86_400)
      .optional()
      .describe('How long the previous secret keeps signing (default 24 h; 0 ends it now)'),
  })
  .strict()
  .optional();

const testBody = z
  .object({ type: z.string().min(1).max(80).optional().describe("Default: the subscription's first type") })
  .strict()
  .optional();

const recoverBody = z
  .object({
    since: z.iso.datetime({ offset: true }).describe('Start of the window (published_at, inclusive)'),
    until: z.iso.datetime({ offset: true }).describe('End of the window (published_at, exclusive)'),
  })
  .strict();

/** Most events one recover call may re-send (ask for a smaller window above it). */
const RECOVER_MAX_EVENTS = 10_000;

interface SubscriptionRow {
  id: string;
  family: string;
  url: string;
  types: string[];
  filters: SubscriptionFilters;
  description: string | null;
  status: string;
  disabled_reason: string | null;
  disabled_at: Date | string | null;
  previous_secret_expires_at: Date | string | null;
  cursor: string | number;
  failing_since: Date | string | null;
  last_success_at: Date | string | null;
  last_failure_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function present(r: SubscriptionRow) {
  const grace = r.previous_secret_expires_at && new Date(r.previous_secret_expires_at).getTime() > Date.now();
  return {
    id: r.id,
    url: r.url,
    types: r.types,
    filters: r.filters,
    description: r.description,
    status: r.status,
    disabled_reason: r.disabled_reason,
    disabled_at: iso(r.disabled_at),
    previous_secret_expires_at: grace ? iso(r.previous_secret_expires_at) : null,
    cursor: Number(r.cursor),
    failing_since: iso(r.failing_since),
    last_success_at: iso(r.last_success_at),
    last_failure_at: iso(r.last_failure_at),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

const SUB_COLUMNS = `id, family, url, types, filters, description, status, disabled_reason, disabled_at,
  previous_secret_expires_at, "cursor", failing_since, last_success_at, last_failure_at, created_at, updated_at`;

const subscriptionSchema = {
  type: 'object',
  required: ['id', 'url', 'types', 'filters', 'status', 'cursor', 'created_at'],
  properties: {
    id: { type: 'string', description: 'whsub_ id' },
    url: { type: 'string' },
    types: { type: 'array', items: { type: 'string' } },
    filters: { type: 'object', additionalProperties: true },
    description: { type: ['string', 'null'] },
    status: { type: 'string', enum: ['enabled', 'disabled'] },
    disabled_reason: {
      type: ['string', 'null'],
      description: 'Why it was disabled (410 Gone, failing for days, by you)',
    },
    disabled_at: { type: ['string', 'null'], format: 'date-time' },
    previous_secret_expires_at: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'During a rotation: until when the previous secret also signs',
    },
    cursor: { type: 'integer', description: 'Event-log sequence up to which events were matched for it' },
    failing_since: { type: ['string', 'null'], format: 'date-time' },
    last_success_at: { type: ['string', 'null'], format: 'date-time' },
    last_failure_at: { type: ['string', 'null'], format: 'date-time' },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
};

const subscriptionExample = {
  id: SUB_ID_EXAMPLE,
  url: 'https://hooks.example.com/findata',
  types: ['filing.published', '8k_event.published'],
  filters: { tickers: ['AAPL', 'MSFT'], forms: ['8-K', '10-Q'] },
  description: 'portfolio filings',
  status: 'enabled',
  disabled_reason: null,
  disabled_at: null,
  previous_secret_expires_at: null,
  cursor: 1042,
  failing_since: null,
  last_success_at: '2026-01-31T12:00:03.000Z',
  last_failure_at: null,
  created_at: '2026-01-30T09:00:00.000Z',
  updated_at: '2026-01-30T09:00:00.000Z',
};

const attemptSchema = {
  type: 'object',
  properties: {
    attempt: { type: 'integer' },
    started_at: { type: 'string', format: 'date-time' },
    status_code: { type: ['integer', 'null'] },
    latency_ms: { type: 'integer' },
    response_excerpt: { type: ['string', 'null'], description: 'First bytes (at most 1 KiB) of the answer' },
    error: { type: ['string', 'null'] },
    outcome: { type: 'string', enum: ['success', 'retry', 'failed', 'disabled'] },
    next_retry_at: { type: ['string', 'null'], format: 'date-time' },
  },
};

const deliverySchema = {
  type: 'object',
  properties: {
    id: { type: 'string', description: 'whdel_ id' },
    event_id: { type: 'string', description: 'The webhook-id header: the same on retries and redeliveries' },
    sequence: { type: ['integer', 'null'] },
    type: { type: 'string' },
    origin: { type: 'string', enum: ['event', 'test', 'redeliver', 'recover'] },
    status: { type: 'string', enum: ['pending', 'delivered', 'failed', 'paused', 'skipped'] },
    attempts: { type: 'integer' },
    next_attempt_at: { type: ['string', 'null'], format: 'date-time' },
    last_status_code: { type: ['integer', 'null'] },
    last_error: { type: ['string', 'null'] },
    created_at: { type: 'string', format: 'date-time' },
    finished_at: { type: ['string', 'null'], format: 'date-time' },
    attempt_log: { type: 'array', items: attemptSchema },
  },
};

const deliveryExample = {
  id: DELIVERY_ID_EXAMPLE,
  event_id: 'evt_5d41402abc4b2a76b9719d911017c592',
  sequence: 1042,
  type: 'filing.published',
  origin: 'event',
  status: 'delivered',
  attempts: 2,
  next_attempt_at: null,
  last_status_code: 200,
  last_error: null,
  created_at: '2026-01-31T12:00:01.000Z',
  finished_at: '2026-01-31T12:00:07.000Z',
  attempt_log: [
    {
      attempt: 1,
      started_at: '2026-01-31T12:00:01.100Z',
      status_code: 503,
      latency_ms: 41,
      response_excerpt: 'busy',
      error: null,
      outcome: 'retry',
      next_retry_at: '2026-01-31T12:00:06.100Z',
    },
    {
      attempt: 2,
      started_at: '2026-01-31T12:00:06.200Z',
      status_code: 200,
      latency_ms: 12,
      response_excerpt: 'ok',
      error: null,
      outcome: 'success',
      next_retry_at: null,
    },
  ],
};

const meta = { type: 'object', properties: { requestId: { type: 'string' } } };
const wrap = (data: object, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  required: ['data', 'meta'],
  properties: { data, ...extra, meta },
});
const secretProp = {
  secret: {
    type: 'string',
    description:
      'The signing secret (whsec_ + base64 of 32 random bytes). Shown only in this answer: store it now.',
  },
};
const SECRET_EXAMPLE = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw2+0bW2g0L6k=';

function q(database: Database) {
  return <T>(sql: string, params: unknown[] = []) => database.query<T>(sql, params);
}

async function loadOwned(ctx: RouteContext<unknown>, family: Family): Promise<SubscriptionRow> {
  const id = ctx.path.subscription_id!;
  const [row] = await q(ctx.database)<SubscriptionRow>(
    `select ${SUB_COLUMNS} from webhook_subscriptions where id = $1 and account_id = $2 and family = $3`,
    [id, ctx.account!.accountId, family],
  );
  if (!row)
    throw new ApiError(
      404,
      `No webhook subscription ${id} on this account (list them with GET ${familyPath(family)})`,
    );
  return row;
}

const familyPath = (f: Family) => `/v1/${f}/subscriptions`;

function checkTypes(family: Family, types: readonly string[], plan: Plan) {
  for (const t of types) {
    const info = eventType(t);
    if (!info) throw new ApiError(400, `Unknown event type '${t}'; GET /v1/events/types lists the types`);
    if (family === 'news' && !info.news)
      throw new ApiError(
        400,
        `'${t}' is not a news event type; news subscriptions take ${EVENT_TYPES.filter((x) => x.news)
          .map((x) => x.type)
          .join(', ')} (use /v1/events/subscriptions for the others)`,
      );
    const need = planForType(t);
    if (!planAllows(plan, need))
      throw planRequired(datasetDecl(info.dataset).title, PLAN_TITLE[need], PLAN_TITLE[plan]);
  }
}

async function checkUrl(url: string, settings: WebhookSettings) {
  try {
    await resolveTarget(url, settings.allowPrivate);
  } catch (err) {
    if (err instanceof UnsafeUrlError) throw new ApiError(400, `Invalid url: ${err.message}`);
    throw err;
  }
}

const notify = (database: Database) => database.query(`select pg_notify('webhooks', '')`);

const subIdParam = {
  subscription_id: p.string({
    description: 'Subscription id (whsub_...)',
    example: SUB_ID_EXAMPLE,
    max: 40,
    pattern: /^whsub_[0-9a-f]{24}$/,
    patternHint: 'must be a subscription id such as whsub_3f9a0c1d2e4b5a6978c0d1e2',
  }),
};

function familyRoutes(family: Family, settings: WebhookSettings): AnyRoute[] {
  const base = familyPath(family);
  const what = family === 'news' ? 'news webhook subscription' : 'event webhook subscription';
  const routes = [
    defineRoute({
      method: 'POST',
      path: base,
      mutating: true,
      successStatus: 201,
      summary: `Create a ${what}`,
      description:
        (family === 'news'
          ? 'Receives news_article.published / news_event.published events, narrowed by tickers, channels, regions and min_impact. '
          : 'Receives the named event types, narrowed by tickers/company_ids, forms, 8-K families and the news filters. ') +
        `Each event is POSTed as JSON, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature). The answer carries the signing secret, **once**. The url must be https and resolve to a public address. At most ${settings.maxSubscriptions} subscriptions per account. Unknown body properties are refused (400). Free.`,
      tags: TAGS,
      envelope: 'C',
      access: ACCESS,
      body: createBody(family),
      response: {
        schema: wrap(subscriptionSchema, secretProp),
        example: { data: subscriptionExample, secret: SECRET_EXAMPLE, meta: { requestId: 'req_example' } },
      },
      handler: async (ctx) => {
        const body = ctx.body as z.infer<ReturnType<typeof createBody>>;
        const account = ctx.account!;
        checkTypes(family, body.types, account.plan);
        await checkUrl(body.url, settings);
        const [{ n }] = (await q(ctx.database)<{ n: number }>(
          'select count(*)::int as n from webhook_subscriptions where account_id = $1',
          [account.accountId],
        )) as [{ n: number }];
        if (n >= settings.maxSubscriptions)
          throw new ApiError(
            409,
            `This account has ${n} webhook subscriptions, the most allowed on this server (WEBHOOKS_MAX_SUBSCRIPTIONS=${settings.maxSubscriptions}); delete one first`,
          );
        const secret = generateSecret();
        const [row] = await q(ctx.database)<SubscriptionRow>(
          `insert into webhook_subscriptions (id, account_id, family, url, types, filters, description, status, secret, "cursor")
           values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, 'enabled', $8,
                   (select "last" from event_counter where name = 'events'))
           returning ${SUB_COLUMNS}`,
          [
            newSubscriptionId(),
            account.accountId,
            family,
            body.url,
            JSON.stringify([...new Set(body.types)]),
            JSON.stringify(body.filters ?? {}),
            body.description ?? null,
            settings.box.seal(secret),
          ],
        );
        return { payload: { data: present(row!), secret }, meta: { requestId: ctx.requestId } };
      },
    }),
    defineRoute({
      path: base,
      summary: `List the account's ${what}s`,
      description: 'Newest first. Secrets are never listed. Free.',
      tags: TAGS,
      envelope: 'C',
      access: ACCESS,
      response: {
        schema: wrap({ type: 'array', items: subscriptionSchema }),
        example: { data: [subscriptionExample], meta: { requestId: 'req_example' } },
      },
      handler: async (ctx) => {
        const rows = await q(ctx.database)<SubscriptionRow>(
          `select ${SUB_COLUMNS} from webhook_subscriptions where account_id = $1 and family = $2
            order by created_at desc, id`,
          [ctx.account!.accountId, family],
        );
        return { payload: { data: rows.map(present) }, meta: { requestId: ctx.requestId } };
      },
    }),
    defineRoute({
      path: `${base}/:subscription_id`,
      summary: `Get a ${what}`,
      description: "One of the account's subscriptions (another account's id is a 404). Free.",
      tags: TAGS,
      envelope: 'C',
      access: ACCESS,
      pathParams: subIdParam,
      notFound: `No webhook subscription ${SUB_ID_EXAMPLE} on this account`,
      response: {
        schema: wrap(subscriptionSchema),
        example: { data: subscriptionExample, meta: { requestId: 'req_example' } },
      },
      handler: async (ctx) => ({
        payload: { data: present(await loadOwned(ctx, family)) },
        meta: { requestId: ctx.requestId },
      }),
    }),
    defineRoute({
      method: 'PATCH',
      path: `${base}/:subscription_id`,
      mutating: true,
      summary: `Update or re-enable a ${what}`,
      description:
        'Changes url, types, filters (replaced as a whole), description or status. `status: "enabled"` re-enables a disabled subscription (410 Gone, failing for days, or by you): it resumes from its cursor, so the events it missed while disabled are delivered, and its paused deliveries are retried. Free.',
      tags: TAGS,
      envelope: 'C',
      access: ACCESS,
      pathParams: subIdParam,
      body: patchBody(family),
      notFound: `No webhook subscription ${SUB_ID_EXAMPLE} on this account`,
      response: {
        schema: wrap(subscriptionSchema),
        example: { data: subscriptionExample, meta: { requestId: 'req_example' } },
      },
      handler: async (ctx) => {
        const body = ctx.body as z.infer<ReturnType<typeof patchBody>>;
        const row = await loadOwned(ctx, family);
        if (body.types) checkTypes(family, body.types, ctx.account!.plan);
        if (body.url) await checkUrl(body.url, settings);
        const enabling = body.status === 'enabled' && row.status !== 'enabled';
        const disabling = body.status === 'disabled' && row.status !== 'disabled';
        const [updated] = await q(ctx.database)<SubscriptionRow>(
          `update webhook_subscriptions set
             url = coalesce($2, url),
             types = coalesce($3::jsonb, types),
             filters = coalesce($4::jsonb, filters),
             description = case when $5::boolean then $6 else description end,
             status = coalesce($7, status),
             disabled_reason = case when $8::boolean then null when $9::boolean then 'disabled by the account' else disabled_reason end,
             disabled_at = case when $8::boolean then null when $9::boolean then now() else disabled_at end,
             failing_since = case when $8::boolean then null else failing_since end,
             updated_at = now()
           where id = $1 returning ${SUB_COLUMNS}`,
          [
            row.id,
            body.url ?? null,
            body.types ? JSON.stringify([...new Set(body.types)]) : null,
            body.filters ? JSON.stringify(body.filters) : null,
            body.description !== undefined,
            body.description ?? null,
            body.status ?? null,
            enabling,
            disabling,
          ],
        );
        if (enabling) {
          await ctx.database.query(
            `update webhook_deliveries set status = 'pending', next_attempt_at = now()
              where subscription_id = $1 and status = 'paused'`,
            [row.id],
          );
          await notify(ctx.database);
        }
        return { payload: { data: present(updated!) }, meta: { requestId: ctx.requestId } };
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: `${base}/:subscription_id`,
      mutating: true,
      summary: `Delete a ${what}`,
      description: 'Deletes it with its delivery log; nothing more is sent to it. Free.',
      tags: TAGS,
      envelope: 'C',
      access: ACCESS,
      pathParams: subIdParam,
      notFound: `No webhook subscription ${SUB_ID_EXAMPLE} on this account`,
      response: {
        schema: wrap({
          type: 'object',
          properties: { id: { type: 'string' }, deleted: { type: 'boolean' } },
        }),
        example: { data: { id: SUB_ID_EXAMPLE, deleted: true }, meta: { requestId: 'req_example' } },
      },
      handler: async (ctx) => {
        const row = await loadOwned(ctx, family);
        await ctx.database.query('delete from webhook_subscriptions where id = $1', [row.id]);
        return { payload: { data: { id: row.id, deleted: true } }, meta: { requestId: ctx.requestId } };
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${base}/:subscription_id/rotate-secret`,
      mutating: true,
      summary: `Rotate the signing secret of a ${what}`,
      description: `Answers a new secret (once). Until \`previous_secret_expires_at\` (default ${Math.round(settings.rotationGraceMs / 3_600_000)} h, or \`grace_seconds\`) every delivery carries two signatures, one per secret, space-separated in webhook-signature, so the receiver can switch without losing a delivery. Free.`,
      tags: TAGS,
      envelope: 'C',
      access: ACCESS,
      pathParams: subIdParam,
      body: rotateBody,
      notFound: `No webhook subscription ${SUB_ID_EXAMPLE} on this account`,
      response: {
        schema: wrap(subscriptionSchema, secretProp),
        example: {
          data: { ...subscriptionExample, previous_secret_expires_at: '2026-02-01T12:00:00.000Z' },
          secret: SECRET_EXAMPLE,
          meta: { requestId: 'req_example' },
        },
      },
      handler: async (ctx) => {
        const body = (ctx.body ?? {}) as { grace_seconds?: number };
        const row = await loadOwned(ctx, family);
        const graceMs =
          body.grace_seconds !== undefined ? body.grace_seconds * 1000 : settings.rotationGraceMs;
        const secret = generateSecret();
        const [updated] = await q(ctx.database)<SubscriptionRow>(
          `update webhook_subscriptions set previous_secret = secret, secret = $2,
                  previous_secret_expires_at = now() + ($3::int * interval '1 millisecond'), updated_at = now()
            where id = $1 returning ${SUB_COLUMNS}`,
          [row.id, settings.box.seal(secret), graceMs],
        );
        return { payload: { data: present(updated!), secret }, meta: { requestId: ctx.requestId } };
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${base}/:subscription_id/test`,
      mutating: true,
      successStatus: 202,
      summary: `Send a test event to a ${what}`,
      description:
        "Queues the catalog's example of an event type (a fresh webhook-id, `sequence` 0), signed like any delivery; follow it in .../deliveries. Free.",
      tags: TAGS,
      envelope: 'C',
      access: ACCESS,
      pathParams: subIdParam,
      body: testBody,
      notFound: `No webhook subscription ${SUB_ID_EXAMPLE} on this account`,
      response: {
        schema: wrap(deliverySchema),
        example: {
          data: { ...deliveryExample, origin: 'test', status: 'pending', attempts: 0, attempt_log: [] },
          meta: { requestId: 'req_example' },
        },
      },
      handler: async (ctx) => {
        const body = (ctx.body ?? {}) as { type?: string };
        const row = await loadOwned(ctx, family);
        const type = body.type ?? row.types[0]!;
        checkTypes(family, [type], ctx.account!.plan);
        const example = eventType(type)!.example;
        const id = `evt_test_${randomBytes(12).toString('hex')}`;
        const payload = { ...example, id, sequence: 0, published_at: new Date().toISOString() };
        const delivery = await insertDelivery(
          ctx.database,
          row.id,
          { id, sequence: null, type, payload },
          'test',
        );
        return { payload: { data: delivery }, meta: { requestId: ctx.requestId } };
      },
    }),
    defineRoute({
      path: `${base}/:subscription_id/deliveries`,
      summary: `Deliveries of a ${what}`,
      description:
        'Newest first, each with every attempt: status code, latency, the first bytes of the answer, the error and the next retry. Free.',
      tags: TAGS,
      envelope: 'C',
      access: ACCESS,
      pathParams: subIdParam,
      page: { default: 50, max: 200 },
      query: {
        status: p.oneOf(['pending', 'delivered', 'failed', 'paused', 'skipped'] as const, {
          description: 'Only deliveries in this state',
          examples: { 'failed ones': 'failed' },
        }),
      },
      notFound: `No webhook subscription ${SUB_ID_EXAMPLE} on this account`,
      response: {
        schema: wrap({ type: 'array', items: deliverySchema }),
        example: { data: [deliveryExample], meta: { requestId: 'req_example' } },
      },
      handler: async (ctx) => {
        const row = await loadOwned(ctx, family);
        const rows = await listDeliveries(ctx.database, row.id, ctx.page.limit, ctx.query.status ?? null);
        return { payload: { data: rows }, meta: { requestId: ctx.requestId } };
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${base}/:subscription_id/deliveries/:delivery_id/redeliver`,
      mutating: true,
      successStatus: 202,
      summary: `Redeliver one delivery of a ${what}`,
      description:
        'Queues the same event again as a new delivery (same webhook-id, so a receiver that already has it can drop it). Free.',
      tags: TAGS,
      envelope: 'C',
      access: ACCESS,
      pathParams: {
        ...subIdParam,
        delivery_id: p.string({
          description: 'Delivery id (whdel_...)',
          example: DELIVERY_ID_EXAMPLE,
          max: 40,
          pattern: /^whdel_[0-9a-f]{24}$/,
          patternHint: 'must be a delivery id such as whdel_0a1b2c3d4e5f60718293a4b5',
        }),
      },
      notFound: `No delivery ${DELIVERY_ID_EXAMPLE} of this subscription`,
      response: {
        schema: wrap(deliverySchema),
        example: {
          data: { ...deliveryExample, origin: 'redeliver', status: 'pending', attempts: 0, attempt_log: [] },
          meta: { requestId: 'req_example' },
        },
      },
      handler: async (ctx) => {
        const row = await loadOwned(ctx, family);
        const delivery = await redeliver(ctx.database, row.id, ctx.path.delivery_id!);
        if (!delivery)
          throw new ApiError(404, `No delivery ${ctx.path.delivery_id} of subscription ${row.id}`);
        return { payload: { data: delivery }, meta: { requestId: ctx.requestId } };
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${base}/:subscription_id/recover`,
      mutating: true,
      successStatus: 202,
      summary: `Re-send every matching event of a time window to a ${what}`,
      description: `Queues a delivery of every event published in [since, until) that matches the subscription's types and filters today (at most ${RECOVER_MAX_EVENTS} events per call), with their original webhook-ids. For a receiver back from an outage. Free.`,
      tags: TAGS,
      envelope: 'C',
      access: ACCESS,
      pathParams: subIdParam,
      body: recoverBody,
      notFound: `No webhook subscription ${SUB_ID_EXAMPLE} on this account`,
      response: {
        schema: wrap({
          type: 'object',
          properties: {
            since: { type: 'string' },
            until: { type: 'string' },
            events_in_window: { type: 'integer' },
            deliveries_queued: { type: 'integer' },
          },
        }),
        example: {
          data: {
            since: '2026-01-31T00:00:00.000Z',
            until: '2026-01-31T12:00:00.000Z',
            events_in_window: 120,
            deliveries_queued: 7,
          },
          meta: { requestId: 'req_example' },
        },
      },
      handler: async (ctx) => {
        const body = ctx.body as z.infer<typeof recoverBody>;
        const since = new Date(body.since).toISOString();
        const until = new Date(body.until).toISOString();
        if (since >= until) throw new ApiError(400, "Invalid window: 'since' must be before 'until'");
        const row = await loadOwned(ctx, family);
        const r = await recover(ctx.database, row, since, until);
        return { payload: { data: { since, until, ...r } }, meta: { requestId: ctx.requestId } };
      },
    }),
  ];
  return routes.map((r) => asAnyRoute(r as never));
}

/** Every webhook subscription route of both families. */
export function webhookRoutes(settings: WebhookSettings): AnyRoute[] {
  return [...familyRoutes('events', settings), ...familyRoutes('news', settings)];
}

interface DeliveryOut {
  id: string;
  event_id: string;
  sequence: string | number | null;
  type: string;
  origin: string;
  status: string;
  attempts: number;
  next_attempt_at: Date | string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
}

const DELIVERY_COLUMNS =
  'id, event_id, sequence, type, origin, status, attempts, next_attempt_at, last_status_code, last_error, created_at, finished_at';

function presentDelivery(d: DeliveryOut, attempts: Record<string, unknown>[]) {
  return {
    id: d.id,
    event_id: d.event_id,
    sequence: d.sequence === null ? null : Number(d.sequence),
    type: d.type,
    origin: d.origin,
    status: d.status,
    attempts: d.attempts,
    next_attempt_at: iso(d.next_attempt_at),
    last_status_code: d.last_status_code,
    last_error: d.last_error,
    created_at: iso(d.created_at),
    finished_at: iso(d.finished_at),
    attempt_log: attempts,
  };
}

/** A subscription's deliveries, newest first, with their attempts (shared by the route and `etl`). */
export async function listDeliveries(
  database: Database,
  subscriptionId: string,
  limit: number,
  status: string | null,
) {
  const rows = await database.query<DeliveryOut>(
    `select ${DELIVERY_COLUMNS} from webhook_deliveries where subscription_id = $1 and ($2::text is null or status = $2)
      order by created_at desc, id desc limit $3`,
    [subscriptionId, status, limit],
  );
  if (rows.length === 0) return [];
  const attempts = await database.query<{
    delivery_id: string;
    attempt: number;
    started_at: Date | string;
    status_code: number | null;
    latency_ms: number;
    response_excerpt: string | null;
    error: string | null;
    outcome: string;
    next_retry_at: Date | string | null;
  }>(
    `select * from webhook_attempts where delivery_id in (select jsonb_array_elements_text($1::jsonb))
      order by delivery_id, attempt`,
    [JSON.stringify(rows.map((r) => r.id))],
  );
  const by = new Map<string, Record<string, unknown>[]>();
  for (const a of attempts) {
    const list = by.get(a.delivery_id) ?? [];
    list.push({
      attempt: a.attempt,
      started_at: iso(a.started_at),
      status_code: a.status_code,
      latency_ms: a.latency_ms,
      response_excerpt: a.response_excerpt,
      error: a.error,
      outcome: a.outcome,
      next_retry_at: iso(a.next_retry_at),
    });
    by.set(a.delivery_id, list);
  }
  return rows.map((r) => presentDelivery(r, by.get(r.id) ?? []));
}

async function insertDelivery(
  database: Database,
  subscriptionId: string,
  e: { id: string; sequence: number | string | null; type: string; payload: unknown },
  origin: 'test' | 'redeliver' | 'recover',
) {
  const [row] = await database.query<DeliveryOut>(
    `insert into webhook_deliveries (id, subscription_id, event_id, sequence, type, origin, payload, status, next_attempt_at)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, 'pending', now()) returning ${DELIVERY_COLUMNS}`,
    [
      newDeliveryId(),
      subscriptionId,
      e.id,
      e.sequence,
      e.type,
      origin,
      e.payload === null ? null : JSON.stringify(e.payload),
    ],
  );
  await notify(database);
  return presentDelivery(row!, []);
}

/** A new delivery of the same event (and payload, for a test) as an earlier one; null if there is none. */
export async function redeliver(database: Database, subscriptionId: string, deliveryId: string) {
  const [d] = await database.query<{
    event_id: string;
    sequence: string | null;
    type: string;
    payload: unknown;
  }>(
    'select event_id, sequence, type, payload from webhook_deliveries where id = $1 and subscription_id = $2',
    [deliveryId, subscriptionId],
  );
  if (!d) return null;
  return insertDelivery(
    database,
    subscriptionId,
    { id: d.event_id, sequence: d.sequence, type: d.type, payload: d.payload },
    'redeliver',
  );
}

/** Queues every event of [since, until) (published_at) that matches the subscription. */
export async function recover(
  database: Database,
  sub: { id: string; types: string[]; filters: SubscriptionFilters },
  since: string,
  until: string,
) {
  const events = await database.query<{
    id: string;
    sequence: string;
    type: string;
    company_id: string | null;
    ticker: string | null;
    data: Record<string, unknown>;
  }>(
    `select id, sequence, type, company_id, ticker, data from events
      where published_at >= $1 and published_at < $2
        and type in (select jsonb_array_elements_text($3::jsonb))
      order by sequence limit ${RECOVER_MAX_EVENTS + 1}`,
    [since, until, JSON.stringify(sub.types)],
  );
  if (events.length > RECOVER_MAX_EVENTS)
    throw new ApiError(
      400,
      `The window holds more than ${RECOVER_MAX_EVENTS} events of these types; recover a smaller window`,
    );
  const chosen = events.filter((e) => matches(sub.types, sub.filters ?? {}, e));
  if (chosen.length) {
    await database.query(
      `insert into webhook_deliveries (id, subscription_id, event_id, sequence, type, origin, status, next_attempt_at)
       select r.id, $1, r.event, r.seq, r.type, 'recover', 'pending', now()
         from jsonb_to_recordset($2::jsonb) as r(id text, event text, seq bigint, type text)`,
      [
        sub.id,
        JSON.stringify(
          chosen.map((e) => ({ id: newDeliveryId(), event: e.id, seq: Number(e.sequence), type: e.type })),
        ),
      ],
    );
    await notify(database);
  }
  return { events_in_window: events.length, deliveries_queued: chosen.length };
}
