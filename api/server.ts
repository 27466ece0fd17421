import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../lib/config.ts';
import type { Database } from '../lib/db.ts';
import type { Logger } from '../lib/logger.ts';
import { registerMcpEndpoint } from './mcp/http.ts';
import { mcpTools } from './mcp/tools.ts';
import { KeyAuthenticator } from './platform/auth.ts';
import { CompanyResolver } from './platform/company-resolution.ts';
import { CoverageReader } from './platform/coverage.ts';
import { CreditMeter } from './platform/credits.ts';
import { CursorCodec, loadCursorSecret } from './platform/cursors.ts';
import { errorBody } from './platform/errors.ts';
import { scrubUrl } from './platform/keys.ts';
import { openApiDocument } from './platform/openapi.ts';
import { type Platform, registerRoute } from './platform/pipeline.ts';
import {
  MemoryRateLimitStore,
  RateLimiter,
  type RateLimitStore,
  RedisRateLimitStore,
} from './platform/rate-limit.ts';
import { pathOf, sendError } from './platform/respond-error.ts';
import type { AnyRoute } from './platform/route.ts';
import { UsageRecorder } from './platform/usage.ts';
import { DATASET_ROUTES } from './routes/index.ts';
import { systemRoutes } from './routes/system.ts';

export interface BuildAppOptions {
  database: Database;
  config: Config;
  logger: Logger;
  /** A shared Redis client for rate-limit counters; otherwise one is opened from REDIS_URL when set. */
  redis?: Redis;
  /** Extra routes (tests, and families registered by the caller). */
  routes?: readonly AnyRoute[];
  /** Counter store shared between instances when there is no Redis (tests running two instances). */
  rateLimitStore?: RateLimitStore;
  /** Clock for rate-limit windows (tests pin it so a window cannot roll over mid-test). */
  now?: () => number;
  coverageTtlMs?: number;
  usageFlushMs?: number;
}

const REQUEST_ID = /^[\x20-\x7e]{1,200}$/;

/** The /v1 API: every declared route behind the platform, plus docs at /docs and /v1/openapi.json. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { database, config } = opts;
  const log = opts.logger;
  const app = Fastify({
    loggerInstance: log as unknown as FastifyBaseLogger,
    // One line per request is written by the onResponse hook below (with the key id, never the key).
    logController: new LogController({ disableRequestLogging: true }),
    exposeHeadRoutes: false,
    bodyLimit: 1_048_576,
    routerOptions: { maxParamLength: 200 },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    frameworkErrors: (err, req, reply) => {
      reply.header('x-request-id', req.id);
      void sendError(req, reply, Object.assign(err, { statusCode: 400 }), 'standard', log);
    },
  });

  let ownedRedis: Redis | null = null;
  let store = opts.rateLimitStore;
  if (!store) {
    const redis =
      opts.redis ?? (config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }) : null);
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
    credits: new CreditMeter(database),
  };
  const routes = [...systemRoutes(usage), ...DATASET_ROUTES, ...(opts.routes ?? [])];

  app.decorateRequest('keyId', null);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  app.addHook('onResponse', async (req, reply) => {
    if (!log.isLevelEnabled('info')) return;
    req.log.info(
      {
        method: req.method,
        url: scrubUrl(req.url),
        route: req.routeOptions?.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        keyId: req.keyId,
      },
      'request',
    );
  });
  app.addHook('onClose', async () => {
    await usage.flush();
    if (ownedRedis) await ownedRedis.quit().catch(() => undefined);
  });

  const origins = new Set(
    config.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  await app.register(cors, {
    // Server-to-server API: only the listed origins get CORS headers, so browsers block every other page.
    origin: (origin, cb) => cb(null, origin !== undefined && origins.has(origin)),
    methods: ['GET', 'POST'],
    allowedHeaders: ['Authorization', 'X-API-Key', 'X-Request-ID', 'Content-Type'],
    exposedHeaders: ['X-Request-ID', 'Retry-After'],
    maxAge: 600,
  });

  const document = openApiDocument(routes, config.PUBLIC_BASE_URL);
  await app.register(swagger, { mode: 'static', specification: { document } as never });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
  app.get('/v1/openapi.json', async () => document);

  for (const route of routes) registerRoute(app, route, platform);
  // The MCP door: one tool per keyed route above, answered by that route (api/mcp/).
  registerMcpEndpoint(app, mcpTools(routes), platform.auth);

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
