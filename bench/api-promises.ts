/**
 * Promises made per request by the platform, against a bare fastify handler (issue 26, API hot path): a count,
 * so it does not move with the machine's load the way CPU time does. Both sides answer from a stub handler
 * returning the same fixed row (no query), through `app.inject`, 16 requests in flight, 3,000 per round;
 * the platform side runs the whole pipeline (key, plan, parameters, rate limit on a fast clock, credit
 * charge and hold, envelope, usage, request id, metrics, log) on the `companies` (envelope A) and `filings`
 * (envelope B, rate-limited) declarations. Run: `DATABASE_URL=postgres://... node --import tsx
 * bench/api-promises.ts` (without DATABASE_URL: PGlite in memory). Prints per route the promises per request
 * of each side, one figure per round after a warm-up round (async_hooks counts every promise, including
 * those an `await` makes).
 */
import { createHook } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { createAccount, createApiKey } from '../api/platform/accounts.ts';
import { asAnyRoute, defineRoute } from '../api/platform/route.ts';
import { searchCompanies } from '../api/routes/companies.ts';
import { listFilings } from '../api/routes/filings.ts';
import { buildApp } from '../api/server.ts';
import { loadConfig } from '../lib/config.ts';
import { openDatabase } from '../lib/db.ts';
import { createLogger } from '../lib/logger.ts';

const ROW = {
  company_id: 'cmp_0000320193',
  company_name: 'Apple Inc.',
  country: 'US',
  cik: '0000320193',
  primary_ticker: 'AAPL',
  primary_exchange: 'Nasdaq',
  sector: null,
  industry: null,
  website: null,
  market_cap: null,
  market_cap_currency: null,
  currency: 'USD',
  n_listings: 1,
  as_of_date: '2026-01-30',
};
const rows = [ROW];
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: 'memory://',
  poolSize: 10,
});
await database.migrate();
const stubA = asAnyRoute(
  defineRoute({ ...searchCompanies, path: '/v1/xcompanies', handler: async () => rows.slice() } as never),
);
const stubB = asAnyRoute(
  defineRoute({ ...listFilings, path: '/v1/xfilings', handler: async () => ({ filings: rows }) } as never),
);
const account = await createAccount(database, { name: 'bench', plan: 'fund', credits: 1_000_000_000 });
const { key } = await createApiKey(database, { accountId: account.id, name: 'bench' });
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  CURSOR_SECRET: randomBytes(16).toString('hex'),
  CREDIT_HOLD_MS: '1000',
});
const { Writable } = await import('node:stream');
const sink = new Writable({
  write(_c, _e, cb) {
    cb();
  },
});
const app = await buildApp({
  database,
  config,
  logger: createLogger(config.LOG_LEVEL, sink as never),
  routes: [stubA, stubB],
  now: () => Date.now() * 1000,
});
await app.ready();
const bare = Fastify({ logger: false });
bare.get('/v1/xcompanies', async () => ({ data: rows.slice() }));
bare.get('/v1/xfilings', async () => ({ filings: rows }));
await bare.ready();
let promises = 0;
createHook({
  init(_id, type) {
    if (type === 'PROMISE') promises++;
  },
}).enable();
const N = 3000;
async function run(target: typeof app, url: string, headers: Record<string, string>) {
  let i = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (i++ < N) {
        const r = await target.inject({ method: 'GET', url, headers });
        if (r.statusCode !== 200) throw new Error(`${r.statusCode} ${r.body}`);
      }
    }),
  );
}
for (const [name, url] of [
  ['companies', '/v1/xcompanies?ticker=AAPL'],
  ['filings', '/v1/xfilings?ticker=AAPL'],
]) {
  const out: Record<string, number[]> = { bare: [], platform: [] };
  for (let r = 0; r < 4; r++) {
    for (const side of ['bare', 'platform'] as const) {
      const before = promises;
      await run(
        side === 'bare' ? (bare as never) : app,
        url!,
        side === 'bare' ? {} : { authorization: `Bearer ${key}` },
      );
      if (r > 0) out[side]!.push((promises - before) / N);
    }
  }
  console.log(
    name,
    'promises/request bare',
    out.bare!.map((x) => x.toFixed(2)).join(' '),
    'platform',
    out.platform!.map((x) => x.toFixed(2)).join(' '),
  );
}
await app.close();
await database.close();
process.exit(0);
