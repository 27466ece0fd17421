/**
 * API platform overhead. Run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/api.bench.ts`.
 * In one run, against a fresh database on that server seeded with SEC's real ticker file (~9,400 tickers),
 * it measures `GET /v1/companies?ticker=<T>`:
 * - `platform`: the whole platform (key auth, plan gate, validation, atomic credit charge + ledger row,
 *   company query, coverage, envelope, usage event, request id, log line), and
 * - `bare`: a bare fastify handler running the same SQL text with the same parameters on its own pool.
 * Both servers run in one child process; the load generator (keep-alive HTTP, fixed concurrency) runs here.
 * Rounds alternate bare/platform so drift hits both. `ratio` = platform rps / bare rps (goal >= 0.7).
 * Prints one JSON object on stdout. Knobs: BENCH_CONCURRENCY (16), BENCH_ROUND_MS (4000), BENCH_ROUNDS (3);
 * BENCH_PROF=1 writes CPU profiles of the server process to /tmp/benchprof.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 4_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TICKERS = ['AAPL', 'MSFT', 'NVDA', 'META', 'BRK-B', 'TSLA', 'V', 'JPM'];

interface Ready {
  platform: number;
  bare: number;
  key: string;
}

async function server(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const { default: pg } = await import('pg');
  const { buildApp } = await import('../api/server.ts');
  const { companySearchQuery } = await import('../api/routes/companies.ts');
  const { createAccount, createApiKey } = await import('../api/platform/accounts.ts');
  const { loadConfig } = await import('../lib/config.ts');
  const { createLogger } = await import('../lib/logger.ts');
  const { openDatabase } = await import('../lib/db.ts');
  const { readFileSync } = await import('node:fs');
  const { parseCompanyTickersExchange } = await import('../parsers/edgar/company-tickers.ts');
  const { registryFromTickers } = await import('../parsers/edgar/registry.ts');
  const { loadRegistry } = await import('../loaders/companies.ts');

  const url = process.env.BENCH_DB_URL!;
  const database = await openDatabase({ databaseUrl: url, poolSize: 10 });
  await database.migrate();
  const file = new URL(
    '../fixtures/upstream/www.sec.gov/files/company_tickers_exchange.json',
    import.meta.url,
  );
  const src = 'https://www.sec.gov/files/company_tickers_exchange.json';
  const parsed = parseCompanyTickersExchange(readFileSync(file, 'utf8'), {
    url: src,
    fetchedAt: '2026-01-30T06:00:00Z',
  });
  const rows = registryFromTickers(parsed.rows, '2026-01-30', src, new Date('2026-01-30T06:00:00Z'));
  await database.db.transaction((tx) => loadRegistry(tx, rows, 'tickers'));
  await database.query('analyze');
  const account = await createAccount(database, { name: 'bench', plan: 'fund', credits: 1_000_000_000 });
  const { key } = await createApiKey(database, { accountId: account.id, name: 'bench' });

  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    CURSOR_SECRET: randomBytes(16).toString('hex'),
  });
  const logger = createLogger('warn');
  const platform = await buildApp({ database, config, logger });
  await platform.listen({ host: '127.0.0.1', port: 0 });

  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const bare = Fastify({ logger: false });
  bare.get('/v1/companies', async (req) => {
    const ticker = String((req.query as { ticker?: string }).ticker ?? '');
    const q = companySearchQuery(database.db, { ticker }, { limit: 100, fetch: 101, after: null }).toSQL();
    const r = await pool.query(q.sql, q.params as unknown[]);
    return { data: r.rows };
  });
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const port = (app: { server: http.Server }) => (app.server.address() as { port: number }).port;
  process.send!({ platform: port(platform), bare: port(bare), key } satisfies Ready);
  process.on('message', async () => {
    await platform.close();
    await bare.close();
    await pool.end();
    await database.close();
    process.exit(0);
  });
}

interface RoundResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
}

async function round(port: number, key: string | null, ms: number): Promise<RoundResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + ms;
  let i = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      const ticker = TICKERS[i++ % TICKERS.length]!;
      const t0 = performance.now();
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: `/v1/companies?ticker=${ticker}`,
          agent,
          headers: key ? { authorization: `Bearer ${key}` } : {},
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) errors++;
            latencies.push(performance.now() - t0);
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) await one();
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    Math.round((latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0) * 100) /
    100;
  return {
    rps: Math.round(latencies.length / seconds),
    p50: pct(0.5),
    p99: pct(0.99),
    errors,
    requests: latencies.length,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    process.stdout.write(`${JSON.stringify({ error: 'DATABASE_URL is required (real Postgres)' })}\n`);
    process.exit(2);
  }
  const { default: pg } = await import('pg');
  const name = `bench_api_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_ROLE: 'server', BENCH_DB_URL: u.toString() },
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/benchprof'] : []),
    ],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      child.once('message', (m) => resolve(m as Ready));
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    await round(ready.bare, null, 1_500);
    await round(ready.platform, ready.key, 1_500);
    const bare: RoundResult[] = [];
    const platform: RoundResult[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      bare.push(await round(ready.bare, null, ROUND_MS));
      platform.push(await round(ready.platform, ready.key, ROUND_MS));
    }
    const summary = (rs: RoundResult[]) => ({
      rps: median(rs.map((x) => x.rps)),
      p50_ms: median(rs.map((x) => x.p50)),
      p99_ms: median(rs.map((x) => x.p99)),
      errors: rs.reduce((a, x) => a + x.errors, 0),
      requests: rs.reduce((a, x) => a + x.requests, 0),
    });
    const b = summary(bare);
    const p = summary(platform);
    process.stdout.write(
      `${JSON.stringify({
        bench: 'api: GET /v1/companies?ticker=',
        postgres: (await admin.query('show server_version')).rows[0].server_version,
        concurrency: CONCURRENCY,
        round_ms: ROUND_MS,
        rounds: ROUNDS,
        platform: p,
        bare: b,
        ratio: Math.round((p.rps / b.rps) * 1000) / 1000,
        goal: 0.7,
      })}\n`,
    );
  } finally {
    child.send('stop');
    await new Promise((r) => child.once('exit', r));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (process.env.BENCH_ROLE === 'server') await server();
else await main();
