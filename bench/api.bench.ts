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
import { fileURLToPath } from 'node:url';
import { type Req, type RoundResult, round, summary } from './http-load.ts';

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
  const { companySearchQuery } = await import('../api/routes/companies.ts');
  const { openDatabase } = await import('../lib/db.ts');
  const { listenBenchApp, seedTickerRegistry } = await import('./api-server.ts');

  const url = process.env.BENCH_DB_URL!;
  const database = await openDatabase({ databaseUrl: url, poolSize: 10 });
  await database.migrate();
  await seedTickerRegistry(database);
  await database.query('analyze');
  const { app: platform, port: platformPort, key } = await listenBenchApp(database);

  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const bare = Fastify({ logger: false });
  bare.get('/v1/companies', async (req) => {
    const ticker = String((req.query as { ticker?: string }).ticker ?? '');
    const q = companySearchQuery(database.db, { ticker }, { limit: 100, fetch: 101, after: null }).toSQL();
    const r = await pool.query(q.sql, q.params as unknown[]);
    return { data: r.rows };
  });
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const barePort = (bare.server.address() as { port: number }).port;
  process.send!({ platform: platformPort, bare: barePort, key } satisfies Ready);
  process.on('message', async () => {
    await platform.close();
    await bare.close();
    await pool.end();
    await database.close();
    process.exit(0);
  });
}

const get =
  (key: string | null): Req =>
  (i) => ({
    path: `/v1/companies?ticker=${TICKERS[i % TICKERS.length]}`,
    headers: key ? { authorization: `Bearer ${key}` } : ({} as Record<string, string>),
  });

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
    await round(ready.bare, get(null), 1_500, { concurrency: CONCURRENCY });
    await round(ready.platform, get(ready.key), 1_500, { concurrency: CONCURRENCY });
    const bare: RoundResult[] = [];
    const platform: RoundResult[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      bare.push(await round(ready.bare, get(null), ROUND_MS, { concurrency: CONCURRENCY }));
      platform.push(await round(ready.platform, get(ready.key), ROUND_MS, { concurrency: CONCURRENCY }));
    }
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
