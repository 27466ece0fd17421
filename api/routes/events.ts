import { createHash, randomBytes } from 'node:crypto';
import {
  EVENT_ENVELOPE_SCHEMA,
  EVENT_TYPE_BY_NAME,
  EVENT_TYPE_NAMES,
  EVENT_TYPES,
  type EventType,
  eventTypeDatasetTitle,
  eventTypePlan,
} from '../../lib/events/catalog.ts';
import { type FeedFilters, readEvents } from '../../lib/events/feed.ts';
import { ApiError, planRequired } from '../platform/errors.ts';
import type { JsonSchema, Param, ParsedQuery } from '../platform/params.ts';
import { PLAN_TITLE, type Plan, planAllows } from '../platform/plans.ts';
import { asAnyRoute, defineRoute } from '../platform/route.ts';
import { FAMILIES } from './8k-families.ts';

/**
 * The event log's routes (docs/events.md): the catalog, the pull feed and the stream token. The stream
 * itself (`GET /v1/events/stream`, Server-Sent Events, no key) is api/routes/events-stream.ts.
 */

/** A list parameter: comma-separated and/or repeated (`types=a,b` or `types=a&types=b`). */
function list(c: {
  name: string;
  description: string;
  example?: string;
  max: number;
  item: (v: string) => string;
  schema?: JsonSchema;
}): Param<string[]> & { repeatable: true; maxItems: number } {
  return {
    description: c.description,
    ...(c.example ? { example: c.example } : {}),
    schema: c.schema ?? { type: 'string' },
    repeatable: true,
    maxItems: c.max,
    parse(raw) {
      const parts = raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      check(parts.length > 0, `Invalid query parameter '${c.name}': must not be empty`);
      return parts.map(c.item);
    },
  };
}

function check(ok: boolean, message: string): void {
  if (!ok) throw new ApiError(400, message);
}

const FAMILY_NAMES = FAMILIES.map((f) => f.family as string);
const TICKER = /^[A-Z0-9][A-Z0-9.\-/^=]{0,19}$/;
const CMP = /^cmp_[a-z0-9]{1,64}$/;
const FORM = /^[A-Z0-9][A-Z0-9 \-/.]{0,19}$/;

/** The filters the feed and the stream token take. */
export const eventFilters = {
  types: list({
    name: 'types',
    description: `Event types, comma-separated or repeated (see /v1/events/types). Default: every type the key's plan allows. One of: ${EVENT_TYPE_NAMES.join(', ')}`,
    example: 'filing.published',
    max: 20,
    item: (v) => {
      if (!EVENT_TYPE_BY_NAME.has(v))
        throw new ApiError(
          400,
          `Invalid query parameter 'types': unknown event type '${v.slice(0, 60)}'; see GET /v1/events/types`,
        );
      return v;
    },
  }),
  tickers: list({
    name: 'tickers',
    description:
      'Only events of these companies, by ticker (comma-separated or repeated; with company_ids: either). Example: `AAPL,MSFT`',
    max: 100,
    item: (v) => {
      const t = v.toUpperCase();
      check(TICKER.test(t), `Invalid query parameter 'tickers': '${v.slice(0, 30)}' is not a ticker`);
      return t;
    },
  }),
  company_ids: list({
    name: 'company_ids',
    description:
      'Only events of these companies, by cmp_ id (comma-separated or repeated; with tickers: either). Example: `cmp_` and the id GET /v1/companies answers',
    max: 100,
    item: (v) => {
      check(CMP.test(v), `Invalid query parameter 'company_ids': '${v.slice(0, 30)}' is not a cmp_ id`);
      return v;
    },
  }),
  forms: list({
    name: 'forms',
    description:
      'Forms (data.form), for the types that take a form filter (filing.published, filing_items.published, 8k_event.published, insider_trade.published, institutional_holdings.published); without `types`, only those types are read. Example: `8-K,10-Q`',
    max: 30,
    item: (v) => {
      const f = v.toUpperCase();
      check(FORM.test(f), `Invalid query parameter 'forms': '${v.slice(0, 30)}' is not a form type`);
      return f;
    },
  }),
  families: list({
    name: 'families',
    description: `8-K event families (data.family) for 8k_event.published; without \`types\`, only that type is read. One of: ${FAMILY_NAMES.join(', ')}. Example: \`${FAMILY_NAMES[0]}\``,
    max: 6,
    item: (v) => {
      check(
        FAMILY_NAMES.includes(v),
        `Invalid query parameter 'families': '${v.slice(0, 30)}' is not one of ${FAMILY_NAMES.join(', ')}; see /v1/8k-events/families`,
      );
      return v;
    },
  }),
};

type RawFilters = {
  types?: string[][];
  tickers?: string[][];
  company_ids?: string[][];
  forms?: string[][];
  families?: string[][];
};
const flat = (v: string[][] | undefined) => (v ? [...new Set(v.flat())] : undefined);

/**
 * The filters of a request, checked against the catalog and the plan: a type above the key's plan is a
 * 402 naming its dataset and plan; without `types`, every type the plan allows (narrowed to the types a
 * `forms` / `families` filter applies to, when one is given).
 */
export function resolveFilters(q: RawFilters, plan: Plan): FeedFilters {
  const asked = flat(q.types);
  const forms = flat(q.forms);
  const families = flat(q.families);
  let types: EventType[];
  if (asked) {
    types = asked.map((t) => EVENT_TYPE_BY_NAME.get(t)!);
    for (const t of types) {
      const need = eventTypePlan(t);
      if (!planAllows(plan, need))
        throw planRequired(eventTypeDatasetTitle(t), PLAN_TITLE[need], PLAN_TITLE[plan]);
    }
  } else {
    types = EVENT_TYPES.filter((t) => planAllows(plan, eventTypePlan(t)));
    if (forms) types = types.filter((t) => t.filters.includes('forms'));
    if (families) types = types.filter((t) => t.filters.includes('families'));
    if (types.length === 0) {
      const need = EVENT_TYPES.find((t) => !families || t.filters.includes('families'))!;
      throw planRequired(eventTypeDatasetTitle(need), PLAN_TITLE[eventTypePlan(need)], PLAN_TITLE[plan]);
    }
  }
  for (const [name, values] of [
    ['forms', forms],
    ['families', families],
  ] as const) {
    if (values && !types.some((t) => t.filters.includes(name))) {
      throw new ApiError(
        400,
        `'${name}' applies to ${EVENT_TYPES.filter((t) => t.filters.includes(name))
          .map((t) => t.type)
          .join(', ')}; none of the requested types takes it`,
      );
    }
  }
  return {
    types: types.map((t) => t.type),
    tickers: flat(q.tickers),
    companyIds: flat(q.company_ids),
    forms,
    families,
  };
}

/**
 * `after`: a sequence number, or a `next_cursor` of this feed. A cursor only carries the sequence of the
 * last event of its page (its filters are the request's own), so it is read without its signature: any
 * sequence is a legitimate resume point and a forged one can only ask for what `after=N` asks.
 */
export function parseAfter(raw: string | undefined): number {
  if (raw === undefined) return 0;
  if (/^\d{1,15}$/.test(raw)) return Number(raw);
  const payload = raw.split('.')[0] ?? '';
  try {
    const k = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { k?: unknown }).k;
    if (Array.isArray(k) && Number.isSafeInteger(k[0]) && (k[0] as number) >= 0) return k[0] as number;
  } catch {
    // fall through to the 400
  }
  throw new ApiError(
    400,
    "Invalid query parameter 'after': must be a sequence number (0 or more) or the next_cursor of a previous page",
  );
}

const afterParam: Param<string> = {
  description:
    'Resume point: the events after this sequence number (0, the default, reads from the start of the log), or the `next_cursor` of a previous page. Store the last `sequence` you processed and pass it back: no gap, no duplicate.',
  schema: { type: 'string', pattern: '^[0-9]+$|^[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)?$' },
  example: '0',
  parse: (raw) => {
    parseAfter(raw);
    return raw;
  },
};

const DELIVERED_SCHEMA = EVENT_ENVELOPE_SCHEMA;
const FIRST = EVENT_TYPES[0]!;

export const eventTypesRoute = defineRoute({
  path: '/v1/events/types',
  summary: 'Event catalog',
  description:
    'Every event type: its description, the dataset it comes from and the plan that dataset needs (an event type needs the plan of its dataset), the filters it takes besides tickers and company_ids, the JSON Schema of its `data` and a real example. Free (no credit) on every plan; a key is required.',
  tags: ['Events'],
  envelope: 'A',
  access: { dataset: 'events', creditCost: 0 },
  response: {
    schema: {
      type: 'object',
      required: ['type', 'description', 'dataset', 'min_plan', 'filters', 'route', 'data_schema', 'example'],
      properties: {
        type: { type: 'string' },
        description: { type: 'string' },
        dataset: { type: 'string' },
        min_plan: { type: 'string', enum: ['free', 'professional', 'fund'] },
        filters: { type: 'array', items: { type: 'string', enum: ['forms', 'families'] } },
        route: { type: 'string' },
        data_schema: { type: 'object' },
        example: DELIVERED_SCHEMA,
      },
    },
    example: catalogRow(FIRST),
  },
  handler: async () => EVENT_TYPES.map(catalogRow),
});

function catalogRow(t: EventType) {
  return {
    type: t.type,
    description: t.description,
    dataset: t.dataset,
    min_plan: eventTypePlan(t),
    filters: [...t.filters],
    route: t.route,
    data_schema: t.dataSchema,
    example: t.example,
  };
}

type FeedQuery = ParsedQuery<typeof eventFilters & { after: typeof afterParam }>;

export const eventFeedRoute = defineRoute({
  path: '/v1/events',
  summary: 'Event feed (pull)',
  description:
    'The event log in sequence order, for consumers that cannot receive webhooks: pass `after` = the last `sequence` you processed (or the `next_cursor` of the previous page) and get the events after it, oldest first. Sequences are gap-free and in commit order, so resuming from the last one you stored never skips or repeats an event; deduplicate on `id` if you store events in more than one place. Filters: types (each needs the plan of its dataset: a type above your plan is a 402), tickers / company_ids, forms, families. An empty page means you are at the end of the log: poll again later, or use the live stream (GET /v1/events/stream-token). No credit; rate limited per key.',
  tags: ['Events'],
  envelope: 'A',
  access: { dataset: 'events' },
  rateLimited: true,
  query: { after: afterParam, ...eventFilters },
  page: { default: 100, max: 1000 },
  cursorKey: (row: { sequence: number }) => [row.sequence],
  response: { schema: DELIVERED_SCHEMA, example: FIRST.example },
  handler: async ({ database, query, page, account }) => {
    const q = query as FeedQuery;
    const filters = resolveFilters(q as RawFilters, account!.plan);
    const after = page.after ? Number(page.after[0]) : parseAfter(q.after);
    return readEvents(database, filters, after, page.fetch);
  },
});

/** A stream token's lifetime: long enough to connect, short enough that a leaked one is useless. */
export const STREAM_TOKEN_TTL_MS = 60_000;

export const hashStreamToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const streamTokenRoute = defineRoute({
  path: '/v1/events/stream-token',
  summary: 'Live stream token',
  description:
    "A token for GET /v1/events/stream?token=... (Server-Sent Events; no key header needed there, so a server-side EventSource works). The token is valid for 60 seconds and for one connection, scoped to this account's plan and the filters given here (same as the pull feed; a type above the plan is a 402 now, not at connect time). Only its SHA-256 is stored. To reconnect, ask for a new token and pass the last `id:` you received as `Last-Event-ID` (or `after=`). No credit.",
  tags: ['Events'],
  envelope: 'A',
  result: 'single',
  access: { dataset: 'events', creditCost: 0 },
  query: eventFilters,
  response: {
    schema: {
      type: 'object',
      required: ['token', 'expires_at', 'stream_url', 'types', 'tickers', 'company_ids', 'forms', 'families'],
      properties: {
        token: { type: 'string', description: 'est_ + 43 characters; shown once' },
        expires_at: { type: 'string', format: 'date-time' },
        stream_url: { type: 'string', description: 'Path and query to open (add after=N to resume)' },
        types: { type: 'array', items: { type: 'string' } },
        tickers: { type: ['array', 'null'], items: { type: 'string' } },
        company_ids: { type: ['array', 'null'], items: { type: 'string' } },
        forms: { type: ['array', 'null'], items: { type: 'string' } },
        families: { type: ['array', 'null'], items: { type: 'string' } },
      },
    },
    example: {
      token: 'est_Qm9vdHN0cmFwLXRva2VuLWV4YW1wbGUtb25seS0xMjM0NTY3',
      expires_at: '2026-11-29T02:01:00.000Z',
      stream_url: '/v1/events/stream?token=est_Qm9vdHN0cmFwLXRva2VuLWV4YW1wbGUtb25seS0xMjM0NTY3',
      types: ['filing.published'],
      tickers: ['AAPL'],
      company_ids: null,
      forms: null,
      families: null,
    },
  },
  handler: async ({ database, query, account }) => {
    const filters = resolveFilters(query as RawFilters, account!.plan);
    const token = `est_${randomBytes(32).toString('base64url')}`;
    const expiresAt = new Date(Date.now() + STREAM_TOKEN_TTL_MS);
    // expired tokens are of no use to anyone: each issue sweeps those an hour past their expiry
    await database.query(`delete from event_stream_tokens where expires_at < now() - interval '1 hour'`);
    await database.query(
      `insert into event_stream_tokens (token_hash, account_id, key_prefix, plan, filters, expires_at)
       values ($1, $2, $3, $4, $5::jsonb, $6)`,
      [
        hashStreamToken(token),
        account!.accountId,
        account!.keyPrefix,
        account!.plan,
        JSON.stringify(filters),
        expiresAt.toISOString(),
      ],
    );
    return {
      token,
      expires_at: expiresAt.toISOString(),
      stream_url: `/v1/events/stream?token=${token}`,
      types: filters.types,
      tickers: filters.tickers ?? null,
      company_ids: filters.companyIds ?? null,
      forms: filters.forms ?? null,
      families: filters.families ?? null,
    };
  },
});

export const eventRoutes = [
  asAnyRoute(eventTypesRoute),
  asAnyRoute(eventFeedRoute),
  asAnyRoute(streamTokenRoute),
];
