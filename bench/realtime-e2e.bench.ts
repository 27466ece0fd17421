/**
 * `npm run bench -- realtime` (end to end, issue 24): the whole live path on Postgres, in one process.
 * - The offline mirror replays EDGAR's latest-filings feed (one captured filing released every
 *   BENCH_LIVE_RELEASE_MS, re-stamped with its release time as EDGAR's acceptance), the live feed is polled
 *   every BENCH_LIVE_POLL_MS (the scheduler's FILINGS_LIVE_POLL_SECONDS, 10 s by default) through the real
 *   job, each new filing becomes a /v1/filings row and a `filing.published` event in the same commit, and
 *   the webhook dispatcher delivers it to a loopback receiver (one subscription to every filing).
 *   Per filing: acceptance -> commit (the poll's wait plus fetch, parse, load), commit -> webhook received,
 *   and acceptance -> received, p50 / p95 / max (goal: p95 < 60 s at a 10 s poll).
 * - 1,000 concurrent SSE clients on GET /v1/events/stream (each with its own stream token): memory per
 *   client (RSS of this process, which holds both ends, before and after they connect, over 1,000) and
 *   commit -> client p99 over every (event, client) pair.
 * Prints one JSON object.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAccount, createApiKey } from '../api/platform/accounts.ts';
import { buildApp } from '../api/server.ts';
import { startMirror } from '../jobs/http/mirror.ts';
import { refresh } from '../jobs/refresh.ts';
import { createRuntime } from '../jobs/runtime/index.ts';
import { createServices } from '../jobs/services.ts';
import { loadConfig } from '../lib/config.ts';
import { createLogger } from '../lib/logger.ts';
import { startWebhooks } from '../lib/webhooks/service.ts';
import { syncDatasetRegistry } from '../loaders/coverage.ts';
import { withBenchDatabase } from './db.ts';

const POLL_MS = Number(process.env.BENCH_LIVE_POLL_MS ?? 10_000);
const RELEASE_MS = Number(process.env.BENCH_LIVE_RELEASE_MS ?? 1_000);
const DURATION_MS = Number(process.env.BENCH_LIVE_DURATION_MS ?? 150_000);
const SSE_CLIENTS = Number(process.env.BENCH_SSE_CLIENTS ?? 1000);

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 10) / 10;
};
const stats = (xs: number[]) => ({ n: xs.length, p50: pct(xs, 50), p95: pct(xs, 95), max: pct(xs, 100) });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// the webhook receiver: per event, when it arrived and what the body said
const received: { acceptedAt: number; publishedAt: number; at: number }[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const at = Date.now();
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (body.type === 'filing.published' && body.accepted_at)
      received.push({
        acceptedAt: Date.parse(body.accepted_at),
        publishedAt: Date.parse(body.published_at),
        at,
      });
    res.writeHead(200).end('ok');
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const hook = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;

const result = await withBenchDatabase(process.env.DATABASE_URL!, async (database) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-live-'));
  const mirror = await startMirror({ live: { intervalMs: RELEASE_MS, preload: 0 } });
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    MIRROR_URL: mirror.url,
    SEC_CIKS: '320193',
    CURSOR_SECRET: 'bench-cursor-secret-0123456789',
    WEBHOOKS_ALLOW_PRIVATE: '1',
    WEBHOOKS_POLL_MS: '200',
    EVENTS_MAX_AGE_DAYS: '7',
  });
  const logger = createLogger('silent');
  await syncDatasetRegistry(database);
  const services = await createServices(config, logger, { database });
  const runtime = await createRuntime(services);
  await runtime.startWorkers();
  const dispatcher = await startWebhooks({ config, database, logger, redis: null });
  const app = await buildApp({ database, config, logger });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const api = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const account = await createAccount(database, { name: 'bench', plan: 'fund', credits: 1_000_000 });
  const { key } = await createApiKey(database, { accountId: account.id, name: 'bench' });
  const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const sub = await fetch(`${api}/v1/events/subscriptions`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ url: hook, types: ['filing.published'] }),
  });
  if (sub.status !== 201) throw new Error(`subscription: ${sub.status} ${await sub.text()}`);

  // 1,000 SSE clients, each on its own token
  const rssBefore = process.memoryUsage().rss;
  const sseLatencies: number[] = [];
  const clients: { destroy(): void }[] = [];
  for (let i = 0; i < SSE_CLIENTS; i++) {
    const t = await fetch(`${api}/v1/events/stream-token?types=filing.published`, { headers: auth });
    const token = ((await t.json()) as { data: { token: string } }).data.token;
    await new Promise<void>((resolve, reject) => {
      const req = request(`${api}/v1/events/stream?token=${encodeURIComponent(token)}`, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream ${res.statusCode}`));
        let buf = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buf += chunk;
          let end = buf.indexOf('\n\n');
          while (end !== -1) {
            const frame = buf.slice(0, end);
            buf = buf.slice(end + 2);
            const data = frame
              .split('\n')
              .filter((l) => l.startsWith('data:'))
              .map((l) => l.slice(5).trim())
              .join('');
            if (data.startsWith('{')) {
              const e = JSON.parse(data);
              if (e.published_at) sseLatencies.push(Date.now() - Date.parse(e.published_at));
            }
            end = buf.indexOf('\n\n');
          }
        });
        resolve();
      });
      req.on('error', reject);
      req.end();
      clients.push(req);
    });
  }
  await sleep(1000);
  const rssAfter = process.memoryUsage().rss;

  // the live path: the scheduler's polls for DURATION_MS while the replay releases filings
  const started = Date.now();
  let polls = 0;
  while (Date.now() - started < DURATION_MS) {
    const t0 = Date.now();
    await refresh(services, runtime, 'filings_live');
    polls++;
    await sleep(Math.max(0, POLL_MS - (Date.now() - t0)));
  }
  await sleep(5000); // the last deliveries
  const [counted] = await database.query<{ n: number }>(
    `select count(distinct accession_number)::int as n from filings where source = 'live'`,
  );
  const [published] = await database.query<{ n: number; delivered: number }>(
    `select (select count(*)::int from events where type = 'filing.published') as n,
            (select count(*)::int from webhook_deliveries where status = 'delivered') as delivered`,
  );

  for (const c of clients) c.destroy();
  await dispatcher.close();
  await app.close();
  await runtime.close();
  await services.close();
  await mirror.close();
  rmSync(dataDir, { recursive: true, force: true });
  return {
    polls,
    live_filings: counted?.n ?? 0,
    events: published?.n ?? 0,
    delivered: published?.delivered ?? 0,
    webhooks: received.length,
    rssBefore,
    rssAfter,
    sseLatencies,
  };
});
receiver.close();

const secs = (f: (r: (typeof received)[number]) => number) => received.map((r) => f(r) / 1000);
process.stdout.write(
  `${JSON.stringify({
    name: 'realtime-e2e',
    poll_ms: POLL_MS,
    release_ms: RELEASE_MS,
    duration_ms: DURATION_MS,
    polls: result.polls,
    live_filings_loaded: result.live_filings,
    filing_events: result.events,
    deliveries_recorded: result.delivered,
    webhooks_received: result.webhooks,
    accepted_to_published_s: stats(secs((r) => r.publishedAt - r.acceptedAt)),
    published_to_webhook_s: stats(secs((r) => r.at - r.publishedAt)),
    accepted_to_webhook_s: stats(secs((r) => r.at - r.acceptedAt)),
    goal_p95_s: 60,
    sse: {
      clients: SSE_CLIENTS,
      rss_per_client_kb: Math.round((result.rssAfter - result.rssBefore) / SSE_CLIENTS / 1024),
      deliveries: result.sseLatencies.length,
      published_to_client_ms: {
        p50: pct(result.sseLatencies, 50),
        p99: pct(result.sseLatencies, 99),
        max: pct(result.sseLatencies, 100),
      },
    },
  })}\n`,
);
