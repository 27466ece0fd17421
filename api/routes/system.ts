import { pendingReason, readDatasetStates } from '../../lib/dataset-inputs.ts';
import { DATASETS, type StatusFamily } from '../../lib/datasets.ts';
import { embedderHandle } from '../../lib/embeddings.ts';
import { liveFilingsStatus } from '../../lib/live-status.ts';
import { ApiError } from '../platform/errors.ts';
import * as p from '../platform/params.ts';
import { asAnyRoute, defineRoute } from '../platform/route.ts';
import type { UsageRecorder } from '../platform/usage.ts';

/** Liveness, readiness, service status (spec 4.9) and usage (4.4). */
const SERVICE = 'findata';

export const health = defineRoute({
  path: '/v1/health',
  summary: 'Liveness',
  description: '200 while the process is up.',
  tags: ['Service status'],
  envelope: 'raw',
  access: 'public',
  response: {
    schema: {
      type: 'object',
      required: ['status', 'service', 'timestamp'],
      properties: {
        status: { const: 'ok' },
        service: { type: 'string' },
        timestamp: { type: 'string', format: 'date-time' },
      },
    },
    example: { status: 'ok', service: SERVICE, timestamp: '2026-01-31T12:00:00.000Z' },
  },
  handler: async () => ({
    status: 200,
    body: { status: 'ok', service: SERVICE, timestamp: new Date().toISOString() },
  }),
});

/** Extra readiness checks (the API's Redis when REDIS_URL is set): each resolves when healthy. */
export type ReadinessChecks = Record<string, () => Promise<void>>;

/** The retrieval embedder's state as /v1/ready and /v1/_status report it. */
const EMBEDDER_SCHEMA = {
  type: 'object',
  description:
    "Retrieval's sentence embedder. It never makes the service not ready: while it is not `ready`, POST /v1/retrieve answers from full text (null scores).",
  required: ['state', 'model', 'attempts', 'reason', 'since'],
  properties: {
    state: {
      enum: ['not_started', 'initializing', 'ready', 'failed'],
      description:
        '`not_started` until the first retrieval or the start of `etl start`/`etl serve`; `initializing` while it loads or waits to retry (with backoff); `failed` once every attempt failed (tried again by a retrieval a minute later)',
    },
    model: { type: 'string' },
    attempts: { type: 'integer', description: 'attempts of the current (or last) initialisation' },
    reason: { type: ['string', 'null'], description: "the last attempt's error" },
    since: { type: 'string', format: 'date-time', description: 'when the state last changed' },
  },
} as const;
const EMBEDDER_EXAMPLE = {
  state: 'ready',
  model: 'universal-sentence-encoder-lite@energetic-ai',
  attempts: 1,
  reason: null,
  since: '2026-01-31T11:59:58.000Z',
};

export const ready = readyRoute({});

export function readyRoute(checks: ReadinessChecks) {
  return defineRoute({
    path: '/v1/ready',
    summary: 'Readiness',
    description:
      "200 `ready` when configuration, database and (with REDIS_URL) Redis are usable; 503 `not_ready` otherwise (temporary: retry). `checks` names the failing part. Also answers HEAD (load balancers). `checks.embedder` and `embedder` report the retrieval embedder's state; it never makes the service not ready (retrieval answers from full text meanwhile).",
    tags: ['Service status'],
    envelope: 'raw',
    access: 'public',
    response: {
      schema: {
        type: 'object',
        required: ['status', 'checks', 'embedder', 'timestamp'],
        properties: {
          status: { enum: ['ready', 'not_ready'] },
          checks: {
            type: 'object',
            properties: {
              config: { enum: ['ok', 'fail'] },
              database: { enum: ['ok', 'fail'] },
              redis: { enum: ['ok', 'fail'], description: 'present when REDIS_URL is set' },
              embedder: {
                enum: ['not_started', 'initializing', 'ready', 'failed'],
                description: 'informative: not part of the status',
              },
            },
          },
          embedder: EMBEDDER_SCHEMA,
          timestamp: { type: 'string', format: 'date-time' },
        },
      },
      example: {
        status: 'ready',
        checks: { config: 'ok', database: 'ok', embedder: 'ready' },
        embedder: EMBEDDER_EXAMPLE,
        timestamp: '2026-01-31T12:00:00.000Z',
      },
      description: 'Ready (the same body with status not_ready comes with 503)',
    },
    handler: async ({ database, log }) => {
      let db: 'ok' | 'fail' = 'ok';
      try {
        await database.query('select 1');
      } catch (err) {
        log.warn({ err }, 'readiness: database check failed');
        db = 'fail';
      }
      const extra: Record<string, 'ok' | 'fail'> = {};
      for (const [name, check] of Object.entries(checks)) {
        extra[name] = await check().then(
          () => 'ok' as const,
          (err: Error) => {
            log.warn({ err: err.message }, `readiness: ${name} check failed`);
            return 'fail' as const;
          },
        );
      }
      const ok = db === 'ok' && Object.values(extra).every((v) => v === 'ok');
      const embedder = embedderHandle().status();
      return {
        status: ok ? 200 : 503,
        body: {
          status: ok ? 'ready' : 'not_ready',
          checks: { config: 'ok', database: db, ...extra, embedder: embedder.state },
          embedder,
          timestamp: new Date().toISOString(),
        },
      };
    },
  });
}

const STATUS_FAMILIES: Exclude<StatusFamily, null>[] = [
  'filings',
  'financials',
  'financial-metrics',
  'company-facts',
  'ownership',
];

interface DatasetStatusRow {
  id: string;
  pending: boolean;
  history_status: string;
  last_refreshed_at: Date | string | null;
  last_sweep_at: Date | string | null;
  coverage_pct: string | null;
  last_error: string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const latest = (values: (Date | string | null)[]) =>
  values.reduce<string | null>((acc, v) => {
    const s = iso(v);
    return s !== null && (acc === null || s > acc) ? s : acc;
  }, null);

export const status = defineRoute({
  path: '/v1/_status',
  summary: 'Service status',
  description:
    "Coverage of the statement-family datasets, read from the datasets table. `coverage_pct` is a 0-1 fraction or null (unmeasured, not 0%). `last_sweep_at` is written by the status sweep job. `embedder`: the retrieval embedder's state (as in GET /v1/ready).",
  tags: ['Service status'],
  envelope: 'B',
  access: { minPlan: 'free', creditCost: 0, title: 'Service status' },
  response: {
    schema: {
      type: 'object',
      required: ['coverage', 'coverage_pct', 'last_sweep_at', 'families', 'embedder', 'generated_at'],
      properties: {
        live_filings: {
          type: 'object',
          description:
            "Filing latency: over the filings EDGAR accepted in the last hour, seconds from EDGAR's acceptance to the `filing.published` event (p50, p95, how many), and when the latest-filings feed was last polled.",
          properties: {
            last_poll_at: { type: ['string', 'null'], format: 'date-time' },
            lag_seconds: {
              type: 'object',
              properties: {
                p50: { type: ['number', 'null'] },
                p95: { type: ['number', 'null'] },
                filings: { type: 'integer' },
              },
            },
          },
        },
        coverage: { enum: ['none', 'subset', 'full'] },
        coverage_pct: { type: ['number', 'null'] },
        last_sweep_at: { type: ['string', 'null'], format: 'date-time' },
        families: {
          type: 'array',
          items: {
            type: 'object',
            required: ['family', 'available', 'pending', 'last_refreshed_at', 'note'],
            properties: {
              family: { enum: STATUS_FAMILIES },
              available: { type: 'boolean', description: 'data path live' },
              pending: { type: 'boolean', description: 'still being built or backfilled' },
              last_refreshed_at: { type: ['string', 'null'], format: 'date-time' },
              note: {
                type: 'string',
                description:
                  "what holds the family back: 'last refresh failed: ...', 'waiting for companies (2 partitions failed: ...)' (an input the family's job reads is failing or incomplete), 'backfill in progress', or 'complete'",
              },
            },
          },
        },
        embedder: EMBEDDER_SCHEMA,
        generated_at: { type: 'string', format: 'date-time' },
      },
    },
    example: {
      coverage: 'subset',
      coverage_pct: 0.42,
      last_sweep_at: '2026-01-31T11:00:00.000Z',
      families: [
        {
          family: 'filings',
          available: true,
          pending: true,
          last_refreshed_at: '2026-01-31T10:30:00.000Z',
          note: 'backfill in progress',
        },
      ],
      embedder: EMBEDDER_EXAMPLE,
      generated_at: '2026-01-31T12:00:00.000Z',
    },
  },
  handler: async ({ database }) => {
    const rows = await database.query<DatasetStatusRow>(
      'select id, pending, history_status, last_refreshed_at, last_sweep_at, coverage_pct, last_error from datasets',
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const states = await readDatasetStates(database);
    const families = STATUS_FAMILIES.map((family) => {
      const ids = DATASETS.filter((d) => (d.statusFamily as StatusFamily) === family).map(
        (d) => d.id as string,
      );
      const found = ids.map((id) => byId.get(id)).filter((r): r is DatasetStatusRow => r !== undefined);
      const available = found.some((r) => r.last_refreshed_at !== null);
      const pending = ids.length === 0 || found.length < ids.length || found.some((r) => r.pending);
      const failing = found.find((r) => r.last_error);
      const why = pending ? ids.map((id) => pendingReason(id, states)).find((r) => r !== null) : null;
      const note =
        ids.length === 0
          ? 'not built yet'
          : failing
            ? `last refresh failed: ${failing.last_error!.slice(0, 200)}`
            : why?.startsWith('waiting for')
              ? why
              : !available
                ? 'no data loaded yet'
                : pending
                  ? (why ?? 'backfill in progress')
                  : 'complete';
      return {
        family,
        available,
        pending,
        last_refreshed_at: latest(found.map((r) => r.last_refreshed_at)),
        note,
      };
    });
    const nAvailable = families.filter((f) => f.available).length;
    const coverage =
      nAvailable === 0 ? 'none' : families.every((f) => f.available && !f.pending) ? 'full' : 'subset';
    const pcts = rows
      .map((r) => (r.coverage_pct === null ? Number.NaN : Number(r.coverage_pct)))
      .filter(Number.isFinite);
    const coverage_pct = pcts.length
      ? Math.round((pcts.reduce((a, b) => a + b, 0) / pcts.length) * 10_000) / 10_000
      : null;
    return {
      coverage,
      coverage_pct,
      last_sweep_at: latest(rows.map((r) => r.last_sweep_at)),
      families,
      live_filings: await liveFilingsStatus(database),
      embedder: embedderHandle().status(),
      generated_at: new Date().toISOString(),
    };
  },
});

function startOfMonthUtc(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
}

export function usageRoute(usage: UsageRecorder) {
  return defineRoute({
    path: '/v1/usage',
    summary: 'Usage of the calling account',
    description:
      "Requests made with the account's keys between `from` and `to` (default: start of the current month UTC, and now), in total and per key (12-character key identifier). Free.",
    tags: ['Usage'],
    envelope: 'C',
    access: { minPlan: 'free', creditCost: 0, title: 'Usage' },
    query: {
      from: p.timestamp({
        description: 'Start, ISO-8601 (default: start of the current month, UTC)',
        examples: { 'January 2026': '2026-01-01T00:00:00Z' },
      }),
      to: p.timestamp({
        description: 'End, ISO-8601 (default: now)',
        examples: { 'January 2026': '2026-01-31T23:59:59Z' },
      }),
    },
    response: {
      schema: {
        type: 'object',
        required: ['period', 'totals', 'byKey', 'meta'],
        properties: {
          period: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' } } },
          totals: {
            type: 'object',
            properties: { requests: { type: 'integer' }, chunksReturned: { type: 'integer' } },
          },
          byKey: {
            type: 'array',
            items: {
              type: 'object',
              properties: { prefix: { type: 'string' }, requests: { type: 'integer' } },
            },
          },
          meta: { type: 'object', properties: { requestId: { type: 'string' } } },
        },
      },
      example: {
        period: { from: '2026-01-01T00:00:00.000Z', to: '2026-01-31T12:00:00.000Z' },
        totals: { requests: 1234, chunksReturned: 560 },
        byKey: [{ prefix: 'fd_live_3f9a', requests: 1234 }],
        meta: { requestId: 'req_example' },
      },
    },
    handler: async ({ database, query, account, requestId }) => {
      await usage.flush();
      const to = query.to ?? new Date().toISOString();
      const from = query.from ?? startOfMonthUtc(new Date(to));
      if (from > to) throw new ApiError(400, "Invalid period: 'from' must not be after 'to'");
      const rows = await database.query<{ prefix: string; requests: string; chunks: string }>(
        `select key_prefix as prefix, count(*) as requests, coalesce(sum(chunks_returned), 0) as chunks
           from usage_events where account_id = $1 and created_at >= $2 and created_at <= $3
          group by key_prefix order by count(*) desc, key_prefix`,
        [account!.accountId, from, to],
      );
      const byKey = rows.map((r) => ({ prefix: r.prefix, requests: Number(r.requests) }));
      return {
        payload: {
          period: { from, to },
          totals: {
            requests: byKey.reduce((a, r) => a + r.requests, 0),
            chunksReturned: rows.reduce((a, r) => a + Number(r.chunks), 0),
          },
          byKey,
        },
        meta: { requestId },
      };
    },
  });
}

export function systemRoutes(usage: UsageRecorder, checks: ReadinessChecks = {}) {
  return [
    asAnyRoute(health),
    asAnyRoute(readyRoute(checks)),
    asAnyRoute(status),
    asAnyRoute(usageRoute(usage)),
  ];
}
