/**
 * `npm run bench -- realtime` (webhook part, issue 24): on a throwaway Postgres database,
 * - deliveries/s of one worker (one dispatcher, WEBHOOKS_CONCURRENCY=16 attempts in flight, in-process queue
 *   and, with REDIS_URL, BullMQ) to a loopback receiver, one subscription and N events; baseline: unsigned
 *   POSTs of the same bodies to the same receiver at the same concurrency, without a database (the ratio is
 *   what the delivery bookkeeping costs);
 * - fan-out of one event to 1,000 subscriptions: time from the event's commit to each receipt (p50, p95, max).
 * Prints one JSON object.
 */
import { randomBytes } from 'node:crypto';
import { createServer, request } from 'node:http';
import { Redis } from 'ioredis';
import { createAccount } from '../api/platform/accounts.ts';
import { loadConfig } from '../lib/config.ts';
import type { Database } from '../lib/db.ts';
import { appendEvents, type NewEvent } from '../lib/events/log.ts';
import { createLogger } from '../lib/logger.ts';
import { WebhookDispatcher } from '../lib/webhooks/dispatcher.ts';
import { newSubscriptionId } from '../lib/webhooks/ids.ts';
import { bullmqDeliveryQueue, type DeliveryQueue, inProcessDeliveryQueue } from '../lib/webhooks/queue.ts';
import { webhookSettings } from '../lib/webhooks/settings.ts';
import { generateSecret } from '../lib/webhooks/signing.ts';
import { withBenchDatabase } from './db.ts';

const N = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 1000);
const FANOUT = 1000;
const CONCURRENCY = 16;
const settings = webhookSettings(
  loadConfig({
    WEBHOOKS_ALLOW_PRIVATE: '1',
    WEBHOOKS_POLL_MS: '50',
    WEBHOOKS_CONCURRENCY: String(CONCURRENCY),
  }),
);

let seen = 0;
const receivedAt = new Map<string, number>();
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    seen++;
    receivedAt.set(String(req.url), performance.now());
    res.writeHead(200).end('ok');
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const port = (receiver.address() as { port: number }).port;
const base = `http://127.0.0.1:${port}`;

const filing = (i: number, tag: string): NewEvent => {
  const accession = `0000320193-${tag}-${String(i).padStart(6, '0')}`;
  return {
    type: 'filing.published',
    key: accession,
    occurredAt: '2024-11-01',
    acceptedAt: '2024-11-01T10:01:36Z',
    detectedAt: '2024-11-01T10:01:50Z',
    companyId: 'cmp_bench',
    ticker: 'AAPL',
    data: {
      accession_number: accession,
      form: '8-K',
      cik: '0000320193',
      company_name: 'Apple Inc.',
      links: { self: '/v1/filings?ticker=AAPL' },
    },
  };
};

async function addSubscriptions(
  database: Database,
  accountId: string,
  n: number,
  path: (i: number) => string,
) {
  const rows = Array.from({ length: n }, (_, i) => ({
    id: newSubscriptionId(),
    url: `${base}${path(i)}`,
    secret: settings.box.seal(generateSecret()),
  }));
  await database.query(
    `insert into webhook_subscriptions (id, account_id, family, url, types, filters, status, secret, "cursor")
     select r.id, $1, 'events', r.url, '["filing.published"]'::jsonb, '{}'::jsonb, 'enabled', r.secret,
            (select "last" from event_counter where name = 'events')
       from jsonb_to_recordset($2::jsonb) as r(id text, url text, secret text)`,
    [accountId, JSON.stringify(rows)],
  );
}

const waitUntil = async (ok: () => boolean, timeoutMs = 600_000) => {
  const until = Date.now() + timeoutMs;
  while (!ok() && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
  if (!ok()) throw new Error('timed out');
};

async function throughput(database: Database, accountId: string, queue: DeliveryQueue, tag: string) {
  await database.query(`update webhook_subscriptions set status = 'disabled'`);
  await addSubscriptions(database, accountId, 1, () => `/one-${tag}`);
  const events = Array.from({ length: N }, (_, i) => filing(i, tag));
  for (let i = 0; i < events.length; i += 500)
    await database.db.transaction((tx) => appendEvents(tx, events.slice(i, i + 500)));
  seen = 0;
  const dispatcher = new WebhookDispatcher(database, settings, queue, createLogger('silent'));
  const t0 = performance.now();
  await dispatcher.start();
  await waitUntil(() => seen >= N);
  const ms = performance.now() - t0;
  await dispatcher.close();
  return { events: N, ms: Math.round(ms), deliveries_per_s: Math.round((N / ms) * 1000) };
}

async function baseline(): Promise<number> {
  const body = JSON.stringify({ id: 'evt_x', type: 'filing.published', data: filing(0, 'b').data });
  let next = 0;
  const t0 = performance.now();
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const req = request(
        `${base}/baseline`,
        { method: 'POST', headers: { 'content-type': 'application/json' } },
        (res) => {
          res.resume();
          res.on('end', resolve);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < N) await one();
    }),
  );
  return Math.round((N / (performance.now() - t0)) * 1000);
}

const result = await withBenchDatabase(process.env.DATABASE_URL!, async (database) => {
  const account = await createAccount(database, { name: 'bench', plan: 'fund', credits: 0 });
  const rawPerS = await baseline();
  const inProcess = await throughput(database, account.id, inProcessDeliveryQueue(CONCURRENCY), 'ip');
  let bull: Awaited<ReturnType<typeof throughput>> | null = null;
  let redis: Redis | null = null;
  if (process.env.REDIS_URL) {
    redis = new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: null });
    bull = await throughput(
      database,
      account.id,
      await bullmqDeliveryQueue(redis, `bwh${randomBytes(4).toString('hex')}`, CONCURRENCY),
      'bq',
    );
  }

  // fan-out: one event, 1,000 subscriptions (each its own path, so each receipt is timed)
  await database.query(`update webhook_subscriptions set status = 'disabled'`);
  await addSubscriptions(database, account.id, FANOUT, (i) => `/fan/${i}`);
  receivedAt.clear();
  seen = 0;
  const queue = redis
    ? await bullmqDeliveryQueue(redis, `bwf${randomBytes(4).toString('hex')}`, CONCURRENCY)
    : inProcessDeliveryQueue(CONCURRENCY);
  const dispatcher = new WebhookDispatcher(database, settings, queue, createLogger('silent'));
  await dispatcher.start();
  await database.db.transaction((tx) => appendEvents(tx, [filing(0, 'fan')]));
  const committed = performance.now();
  await waitUntil(() => seen >= FANOUT);
  await dispatcher.close();
  redis?.disconnect();
  const lat = [...receivedAt.entries()]
    .filter(([k]) => k.startsWith('/fan/'))
    .map(([, t]) => t - committed)
    .sort((a, b) => a - b);
  const pct = (p: number) => Math.round(lat[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))]!);
  return {
    name: 'realtime-webhooks',
    concurrency: CONCURRENCY,
    baseline_unsigned_posts_per_s: rawPerS,
    in_process: {
      ...inProcess,
      ratio_vs_baseline: Number((inProcess.deliveries_per_s / rawPerS).toFixed(3)),
    },
    ...(bull
      ? { bullmq: { ...bull, ratio_vs_baseline: Number((bull.deliveries_per_s / rawPerS).toFixed(3)) } }
      : {}),
    fanout: {
      subscriptions: FANOUT,
      queue: redis ? 'bullmq' : 'in-process',
      commit_to_receipt_ms: { p50: pct(50), p95: pct(95), max: Math.round(lat.at(-1)!) },
      deliveries_per_s: Math.round((FANOUT / lat.at(-1)!) * 1000),
    },
  };
});
receiver.close();
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
