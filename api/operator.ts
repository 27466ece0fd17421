import { timingSafeEqual } from 'node:crypto';
import type { Queue } from 'bullmq';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { DATASETS } from '../lib/datasets.ts';
import type { Database } from '../lib/db.ts';
import type { Logger } from '../lib/logger.ts';
import { operatorStatus } from '../lib/operator-status.ts';
import { WEBHOOK_QUEUE } from '../lib/webhooks/queue.ts';

/**
 * The operator's pages on the API, off unless an operator credential exists (OPERATOR_TOKEN, or the local
 * token `etl start` writes to DATA_DIR/server.json for `etl status`); without one they are plain 404s.
 *
 * - `GET /admin/status`: the per-dataset status `etl status` prints (JSON), with queue depth when on BullMQ.
 * - `/admin/queues`: Bull Board over the BullMQ queues (REDIS_URL): waiting, active, delayed, failed and
 *   completed jobs with their errors and stack traces, retry of failed jobs (one or all), clean, promote.
 *
 * Credential: `Authorization: Bearer <token>`, or HTTP Basic with any user name and the token as password
 * (browsers ask for it on the dashboard). Compared in constant time. Not in the OpenAPI description.
 */
export interface OperatorOptions {
  tokens: string[];
  redisUrl: string | undefined;
  /** BullMQ key prefix of the queues (the runtime's; tests use their own). */
  queuePrefix?: string;
  /** Queue depth of an in-process runtime in this process (no Redis). */
  queueDepth?: () => Promise<Record<string, number>>;
}

export const QUEUE_NAMES = [
  ...new Set([...DATASETS.map((d) => d.source ?? 'internal'), 'internal', WEBHOOK_QUEUE]),
];

function presented(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return null;
  const bearer = /^Bearer[ \t]+(\S+)$/i.exec(h);
  if (bearer) return bearer[1]!;
  const basic = /^Basic[ \t]+([A-Za-z0-9+/=]+)$/i.exec(h);
  if (!basic) return null;
  const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1 ? null : decoded.slice(colon + 1);
}

function matches(given: string, tokens: string[]): boolean {
  const g = Buffer.from(given);
  return tokens.some((t) => {
    const b = Buffer.from(t);
    return b.length === g.length && timingSafeEqual(b, g);
  });
}

export async function registerOperatorRoutes(
  app: FastifyInstance,
  opts: OperatorOptions & { database: Database; log: Logger },
): Promise<void> {
  const tokens = opts.tokens.filter((t) => t.length >= 24);
  if (tokens.length === 0) return;
  let redis: Redis | null = null;
  let queues: Queue[] = [];
  if (opts.redisUrl) {
    // Its own connection: a dashboard read must not wait forever on a Redis that is down.
    redis = new Redis(opts.redisUrl, { maxRetriesPerRequest: 1, commandTimeout: 5_000, lazyConnect: true });
    redis.on('error', () => {}); // reported by /v1/ready and the pages' own errors
    // BullMQ loads only here: an API without Redis (the embedded default, most tests) never needs it
    const { Queue } = await import('bullmq');
    queues = QUEUE_NAMES.map(
      (name) => new Queue(name, { connection: redis!, prefix: opts.queuePrefix ?? 'findata' }),
    );
  }
  app.addHook('onClose', async () => {
    await Promise.all(queues.map((q) => q.close().catch(() => undefined)));
    redis?.disconnect();
  });

  const guard = async (req: FastifyRequest, reply: FastifyReply) => {
    const given = presented(req);
    if (given !== null && matches(given, tokens)) return;
    reply
      .code(401)
      .header('www-authenticate', 'Basic realm="findata operator", charset="UTF-8"')
      .send({ error: 'Unauthorized', message: 'Operator credential required (OPERATOR_TOKEN)' });
    return reply;
  };

  await app.register(async (scope) => {
    scope.addHook('onRequest', guard);
    scope.get('/admin/status', { schema: { hide: true } }, async () => {
      let depth: Record<string, number> | null = opts.queueDepth ? await opts.queueDepth() : null;
      if (queues.length) {
        depth = {};
        for (const q of queues) {
          const c = await q.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
          depth[q.name] = Object.values(c).reduce((a, b) => a + b, 0);
        }
      }
      return operatorStatus(opts.database, queues.length ? 'bullmq' : 'in-process', depth);
    });
    if (queues.length) {
      // loaded only when the dashboard is served (REDIS_URL and a credential): Bull Board's modules cost every
      // API process (and every test file that starts one) import time otherwise
      const [{ createBullBoard }, { BullMQAdapter }, { FastifyAdapter }] = await Promise.all([
        import('@bull-board/api'),
        import('@bull-board/api/bullMQAdapter'),
        import('@bull-board/fastify'),
      ]);
      const adapter = new FastifyAdapter();
      adapter.setBasePath('/admin/queues');
      createBullBoard({
        queues: queues.map((q) => new BullMQAdapter(q)),
        serverAdapter: adapter as never, // the adapter is typed against its own copy of @bull-board/api
        options: { uiConfig: { boardTitle: 'findata queues' } },
      });
      await scope.register(adapter.registerPlugin(), { prefix: '/admin/queues' });
    }
  });
  opts.log.info(
    { dashboard: queues.length ? '/admin/queues' : null, status: '/admin/status' },
    'operator pages enabled',
  );
}
