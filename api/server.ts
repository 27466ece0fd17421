import type { Server } from 'node:http';
import fastifyCors from '@fastify/cors';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../lib/config.ts';
import type { Database } from '../lib/db.ts';
import { EventWaker } from '../lib/events/waker.ts';
import type { Logger } from '../lib/logger.ts';
import { webhookSettings } from '../lib/webhooks/settings.ts';
import { registerDocs } from './docs.ts';
import { directDispatch } from './mcp/dispatch.ts';
import { registerMcpEndpoint } from './mcp/http.ts';
import { mcpTools } from './mcp/tools.ts';
import { registerOperatorRoutes } from './operator.ts';
import { KeyAuthenticator } from './platform/auth.ts';
import { clientErrorHandler } from './platform/client-errors.ts';
import { CompanyResolver } from './platform/company-resolution.ts';
import { CoverageReader } from './platform/coverage.ts';
import { CreditMeter, releaseExpiredHolds } from './platform/credits.ts';
import { CursorCodec, loadCursorSecret } from './platform/cursors.ts';
import { errorBody } from './platform/errors.ts';
import { InFlight } from './platform/in-flight.ts';
import { openApiDocument } from './platform/openapi.ts';
import { type Platform, registerRoute } from './platform/pipeline.ts';
import {
  MemoryRateLimitStore,
  RateLimiter,
  type RateLimitStore,
  RedisRateLimitStore,
} from './platform/rate-limit.ts';
import { refusedReason, requestIdFor } from './platform/request-id.ts';
import { observeRequest, requestLoggerRoot } from './platform/request-log.ts';
import { pathOf, sendError } from './platform/respond-error.ts';
import type { AnyRoute } from './platform/route.ts';
import { UsageRecorder } from './platform/usage.ts';
import { registerEventStream, STREAM_OPENAPI, STREAM_PATH } from './routes/events-stream.ts';
import { DATASET_ROUTES } from './routes/index.ts';
import { type ReadinessChecks, systemRoutes } from './routes/system.ts';
import { webhookRoutes } from './routes/webhooks.ts';

export interface BuildAppOptions {
  database: Database;
  config: Config;
  logger: Logger;
  /**
   * A Redis client for rate-limit counters; otherwise the API opens its own from REDIS_URL (apiRedis: fails
   * fast). Never hand it the workers' connection: theirs waits for Redis forever, by design.
   */
  redis?: Redis;
  /** Extra routes (tests, and families registered by the caller). */
  routes?: readonly AnyRoute[];
  /** Counter store shared between instances when there is no Redis (tests running two instances). */
  rateLimitStore?: RateLimitStore;
  /** Clock for rate-limit windows (tests pin it so a window cannot roll over mid-test). */
  now?: () => number;
  coverageTtlMs?: number;
  usageFlushMs?: number;
  /** Operator credentials besides OPERATOR_TOKEN (the local token of `etl start`), and the queue prefix. */
  operator?: {
    tokens?: string[];
    queuePrefix?: string;
    /** The in-process runtime's queue depth (`etl start` without Redis), for /admin/status. */
    queueDepth?: () => Promise<Record<string, number>>;
  };
}

/** How long close() waits for the requests in flight to be answered (then for their pipelines to end). */
const CLOSE_WAIT_MS = 10_000;

/** Awaits a step of close(), with a warning naming it if it is still running after CLOSE_WAIT_MS. */
async function slowStepWarned(log: Logger, step: string, running: Promise<void>): Promise<void> {
  const timer = setTimeout(
    () => log.warn({ step, waitedMs: CLOSE_WAIT_MS }, 'close: step still running'),
    CLOSE_WAIT_MS,
  );
  timer.unref();
  try {
    await running;
  } finally {
    clearTimeout(timer);
  }
}

/** The /v1 API: every declared route behind the platform, plus docs at /docs and /v1/openapi.json. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { database, config } = opts;
  const log = opts.logger;
  const origins = new Set(
    config.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  const cors = corsOptions(origins);
  const accessLog = new AccessLog(log, origins, cors.exposedHeaders.join(', '));
  const app = Fastify({
    // req.log (a RequestLogger) makes its pino child, bound to the request id, only when something logs
    // through it; fastify's default child-logger factory makes it (see requestLoggerRoot).
    loggerInstance: requestLoggerRoot(log) as unknown as FastifyBaseLogger,
    // The request id and CORS headers of every request, and one line per request with the key id (never the
    // key) and the request metrics: AccessLog below.
    logController: accessLog,
    // HEAD is answered on the public GET routes (health, readiness: load balancers), see registerRoute.
    exposeHeadRoutes: false,
    clientErrorHandler,
    bodyLimit: 1_048_576,
    routerOptions: { maxParamLength: 200 },
    genReqId: requestIdFor,
    frameworkErrors: (err, req, reply) => {
      reply.header('x-request-id', req.id);
      void sendError(req, reply, Object.assign(err, { statusCode: 400 }), 'standard', log);
    },
  });

  let ownedRedis: Redis | null = null;
  let store = opts.rateLimitStore;
  if (!store) {
    const redis = opts.redis ?? (config.REDIS_URL ? apiRedis(config.REDIS_URL, log) : null);
    if (redis && !opts.redis) ownedRedis = redis;
    store = redis ? new RedisRateLimitStore(redis) : new MemoryRateLimitStore();
    if (!redis && config.DATABASE_URL) {
      // On the embedded default one process serves everything; on Postgres several API instances may.
      log.warn(
        'rate-limit counters are per process (REDIS_URL is not set): with more than one API instance each key gets that many times its per-minute limit; set REDIS_URL to share them',
      );
    }
  }

  const usage = new UsageRecorder(database, log, opts.usageFlushMs ?? 1_000);
  const platform: Platform = {
    database,
    log,
    auth: new KeyAuthenticator(database, config.KEY_CACHE_TTL_MS),
    limiter: new RateLimiter(store, opts.now),
    cursors: new CursorCodec(await loadCursorSecret(database, config.CURSOR_SECRET)),
    coverage: new CoverageReader(database, opts.coverageTtlMs ?? 5_000),
    companies: new CompanyResolver(database),
    usage,
    requests: new InFlight(),
    credits: new CreditMeter(
      database,
      256,
      {
        holdMs: config.CREDIT_HOLD_MS,
        idleGraceMs: config.CREDIT_IDLE_GRACE_MS,
      },
      log,
    ),
  };
  // Holds of an instance that died are released whole (credits.ts); every instance sweeps at start (the
  // last week) and once a minute (the last hour).
  const sweepHolds = (withinS: number) =>
    releaseExpiredHolds(database, undefined, withinS).catch((err) =>
      log.warn({ err }, 'expired credit holds sweep failed'),
    );
  await sweepHolds(7 * 86_400);
  const holdSweeper = setInterval(() => void sweepHolds(3_600), 60_000);
  holdSweeper.unref();
  const redisForChecks = opts.redis ?? ownedRedis;
  const readiness: ReadinessChecks = redisForChecks
    ? { redis: () => redisForChecks.ping().then(() => undefined) }
    : {};
  const routes = [
    ...systemRoutes(usage, readiness),
    ...DATASET_ROUTES,
    // webhook subscriptions need the server's webhook settings (private URLs, caps, rotation grace)
    ...webhookRoutes(webhookSettings(config)),
    ...(opts.routes ?? []),
  ];

  app.decorateRequest('keyId', null);
  app.decorateRequest('routeUrl', null);
  app.decorate('creditMeter', platform.credits);
  // close(): the server stops listening; a request in flight is answered and its connection then closed
  // (AccessLog.requestCompleted), where it used to stay open for the keep-alive timeout (72 s) and close()
  // waited for it; connections still open after CLOSE_WAIT_MS are closed with a warning. Then the pipeline's
  // requests still running (a client that hung up mid-query has no connection to wait for) are waited for, up
  // to CLOSE_WAIT_MS, so their charges, refunds and usage events come before the holds' settle and the last
  // usage batch.
  let connectionsDeadline: NodeJS.Timeout | null = null;
  app.addHook('preClose', (done) => {
    accessLog.closing = app.server;
    connectionsDeadline = setTimeout(() => {
      app.server.getConnections((_err, open) => {
        log.warn(
          { connections: open, requests: platform.requests.count, waitedMs: CLOSE_WAIT_MS },
          'close: connections still open; closing them',
        );
        app.server.closeAllConnections();
      });
    }, CLOSE_WAIT_MS);
    connectionsDeadline.unref();
    done();
  });
  app.addHook('onClose', async () => {
    if (connectionsDeadline) clearTimeout(connectionsDeadline);
    clearInterval(holdSweeper);
    if (!(await platform.requests.drained(CLOSE_WAIT_MS)))
      log.warn(
        { requests: platform.requests.count, waitedMs: CLOSE_WAIT_MS },
        'close: requests still running; settling credits and usage without them',
      );
    await slowStepWarned(log, 'credit holds settle', platform.credits.close());
    await slowStepWarned(log, 'usage flush', usage.flush());
    if (ownedRedis) await ownedRedis.quit().catch(() => undefined);
  });

  // The plugin in a context of its own: its hook runs for its `OPTIONS *` route (the preflights) only; every
  // other request gets its CORS headers from AccessLog's incomingRequest.
  await app.register(async (preflights) => {
    await preflights.register(fastifyCors, cors);
  });

  const document = openApiDocument(routes, config.PUBLIC_BASE_URL);
  // the live event stream is not a declared route (token instead of key, hijacked reply): documented here
  (document.paths as Record<string, unknown>)[STREAM_PATH] = STREAM_OPENAPI;
  registerDocs(app, document, { docExpansion: 'list', deepLinking: true });
  app.get('/v1/openapi.json', async () => document);
  // A small index where a newcomer lands first, instead of a 404.
  const index = {
    service: 'findata',
    docs: '/docs',
    openapi: '/v1/openapi.json',
    health: '/v1/health',
    api: '/v1',
    auth: 'Authorization: Bearer <key> or X-API-Key: <key>; `etl start` prints a demo key, `etl keys create` makes more',
  };
  app.get('/', async () => index);
  app.get('/v1', async () => index);

  const entries = new Map(routes.map((route) => [route, registerRoute(app, route, platform)] as const));
  await registerOperatorRoutes(app, {
    tokens: [...(config.OPERATOR_TOKEN ? [config.OPERATOR_TOKEN] : []), ...(opts.operator?.tokens ?? [])],
    redisUrl: config.REDIS_URL,
    ...(opts.operator?.queuePrefix ? { queuePrefix: opts.operator.queuePrefix } : {}),
    ...(opts.operator?.queueDepth ? { queueDepth: opts.operator.queueDepth } : {}),
    database,
    log,
  });
  // The live event stream (Server-Sent Events), woken by LISTEN 'events' with a poll as a safety net
  const waker = new EventWaker(database, log);
  app.addHook('onClose', () => waker.close());
  registerEventStream(app, { database, config, log, waker });
  // The MCP door: one tool per keyed route above, answered by that route's pipeline (api/mcp/).
  await registerMcpEndpoint(app, mcpTools(routes), directDispatch(entries, log), platform.auth);

  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send(
      errorBody('standard', 404, `Route ${req.method} ${pathOf(req)} not found`, {
        path: pathOf(req),
        requestId: req.id,
      }),
    );
  });
  app.setErrorHandler((err, req, reply) =>
    sendError(req, reply, err, req.routeOptions?.config?.family ?? 'standard', log),
  );

  return app;
}

/**
 * What the API does at the start and the end of every routed request, as fastify's log controller (its
 * per-request log lines are off, `disableRequestLogging`).
 *
 * `incomingRequest`, which fastify calls for every routed request (the 404 handler's too) right after it makes
 * the request and its reply and before any onRequest hook, writes the request id and CORS headers. A global
 * onRequest hook did this before: fastify runs hooks through a runner that makes three closures per request
 * (bench/api-alloc.ts), and with no global hook left the declared routes run none. It writes what
 * @fastify/cors's own hook wrote with corsOptions (an origin function: `Vary: Origin` always; for a listed
 * origin the origin itself and the exposed headers), in the same order, for every request but a preflight
 * (OPTIONS, answered by the plugin). Fastify also calls it for the two framework errors (a bad URL, a too
 * long parameter: frameworkErrors), whose requests it makes without route parameters and which ran no hook:
 * they are left as they were (frameworkErrors writes their request id).
 *
 * `requestCompleted`, which fastify calls once a response is finished (or its socket failed), after any
 * onResponse hooks, counts the request and writes its access line (observeRequest). An onResponse hook did this
 * before; fastify calls `requestCompleted` for every routed request anyway (its response listeners are set up
 * whenever the server has a logger), so the hook's work moved here at no cost.
 */
class AccessLog extends LogController {
  /** The HTTP server once close() has begun: a response finished then closes its connection if idle. */
  closing: Server | null = null;

  constructor(
    private readonly access: Logger,
    private readonly origins: ReadonlySet<string>,
    private readonly exposed: string,
  ) {
    super({ disableRequestLogging: true });
  }

  override incomingRequest(req: FastifyRequest, reply: FastifyReply): void {
    if (req.params === null) return;
    reply.header('x-request-id', req.id);
    const refused = refusedReason(req);
    if (refused) reply.header('x-request-id-refused', refused);
    if (req.method !== 'OPTIONS') {
      reply.header('vary', 'Origin');
      const origin = req.headers.origin;
      if (origin !== undefined && this.origins.has(origin)) {
        reply.header('access-control-allow-origin', origin);
        reply.header('access-control-expose-headers', this.exposed);
      }
    }
  }

  override requestCompleted(_error: unknown, req: FastifyRequest, reply: FastifyReply): void {
    try {
      // The root logger with the request id: the line req.log would write, without its child.
      observeRequest(
        this.access,
        {
          method: req.method,
          url: req.url,
          // a declared route's handler sets it (fastify's routeOptions getter builds an object per call)
          route: req.routeUrl ?? req.routeOptions?.url,
          statusCode: reply.statusCode,
          ms: reply.elapsedTime,
          keyId: req.keyId,
        },
        req.id,
      );
    } catch {
      // As from the onResponse hook this replaced, whose error went to fastify's (disabled) request log:
      // a failed metric or log line never fails the response, which is already sent.
    }
    // Closing: the server closed its idle keep-alive connections when it stopped listening, not those with a
    // request in flight; this one's answer is out (Node detached it from its socket on 'finish', before this
    // listener), so its connection is idle now and closes, instead of holding close() for the keep-alive timeout.
    if (this.closing !== null) this.closing.closeIdleConnections();
  }
}

/**
 * The API's own Redis connection, separate from the workers' blocking ones: a command fails within 2 s when
 * Redis is unreachable (a 2 s command timeout that also bounds the offline queue, and queued commands are
 * dropped after one failed reconnection), so a rate-limited route answers 503 with Retry-After instead of
 * hanging; it reconnects by itself (every 0.1-2 s) when Redis is back.
 */
export function apiRedis(url: string, log: Logger): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    commandTimeout: 2_000,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(100 * times, 2_000),
  });
  let down = false;
  redis.on('error', (err) => {
    if (!down) log.error({ err: err.message }, 'API Redis connection lost; rate-limited routes answer 503');
    down = true;
  });
  redis.on('ready', () => {
    if (down) log.info('API Redis connection restored');
    down = false;
  });
  return redis;
}

/**
 * CORS (spec 5.9). Server-to-server API: only the listed origins get CORS headers, so browsers block every
 * other page. The preflights are @fastify/cors's; the other requests' headers are written by AccessLog's
 * incomingRequest from the same options.
 */
function corsOptions(origins: ReadonlySet<string>) {
  return {
    origin: (origin: string | undefined, cb: (err: Error | null, allow: boolean) => void) =>
      cb(null, origin !== undefined && origins.has(origin)),
    methods: ['GET', 'POST', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'X-API-Key', 'X-Request-ID', 'Content-Type'],
    exposedHeaders: ['X-Request-ID', 'X-Request-ID-Refused', 'Retry-After', 'X-Ignored-Parameters'],
    maxAge: 600,
  };
}
