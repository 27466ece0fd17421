/**
 * `npm run rehearse`: the whole job at a fraction of its size, on real Postgres and Redis with N `etl worker`
 * processes, against the offline mirror serving the generated upstream (generate.ts). For the baseline
 * fraction (1%) and the rehearsal fraction, in the same run: each family's backfill (wall time, rows/s,
 * documents/s, upstream requests and their live hours, peak RSS per process), table and index sizes, then
 * every route family's p50/p99 at 16 and 64 clients with EXPLAIN (ANALYZE, BUFFERS) of its statements, and
 * the p99 ratio rehearsal/baseline. Writes `<out>/rehearse.json` and `<out>/rehearse.md`.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startMirror } from '../../jobs/http/mirror.ts';
import { round, warmAgent } from '../http-load.ts';
import { type GenerateResult, generate } from './generate.ts';
import { distinctGroups, pooled, type Round, spreadSample } from './stats.ts';

const HELP = `npm run rehearse -- [options]

The whole job at a fraction of its size (docs/scale.md). Needs DATABASE_URL (a Postgres server; databases
<prefix>_<fraction> are created on it and dropped first) and REDIS_URL (a database index the run may flush,
e.g. redis://127.0.0.1:6379/11).

  --factor <f>        rehearsal fraction of the whole job (default 0.05; 1 = full size)
  --baseline <f>      the small fraction routes are compared with (default 0.01; 0 = none)
  --workers <n>       etl worker processes (default 4)
  --families <list>   comma list of companies,filings,financials,filing_items,ownership_index,
                      insider_trades,institutional_holdings,short_interest,market_data,news (default all)
  --s3                the raw archive on an S3-compatible server (s3rver, started on loopback): every
                      worker and the backfill share it through ARCHIVE_URL, as on several machines
  --seed <n>          generator seed (default 1)
  --clients <list>    concurrent clients of the load test (default 16,64)
  --round-ms <ms>     load-test time of one round (default 3000); each round's connections are opened and
                      used once before its clock starts
  --repeats <n>       rounds per fraction, route and client count, the fractions interleaved and their
                      order reversed every round; p50/p99 are of all the rounds' requests pooled (default 6)
  --routes <regex>    load-test only the routes whose name matches (default all of the loaded families)
  --out <dir>         results folder (default bench/results/rehearse)
  --db-prefix <name>  database name prefix (default rehearse)
  --keep              keep the databases afterwards
  --reuse             skip generation and backfill: load-test the databases a --keep run left (and keep them)
  --help

Environment: REHEARSE_LOG_LEVEL (default warn) is the workers' and backfills' LOG_LEVEL in <out>/logs;
PARTITION_STALL_MS and JOB_LOCK_MS (default 120000 here) are passed to every etl process.
`;

// in the order they run: each reads what the ones before it loaded (the registry, the filing index, items)
const FAMILY_TABLES: Record<string, string[]> = {
  companies: ['companies', 'company_identifiers'],
  filings: ['filings'],
  financials: ['financial_statements'],
  filing_items: ['filing_documents', 'filing_items', 'filing_exhibits'],
  ownership_index: ['ownership_index'],
  insider_trades: ['ownership_filings', 'insider_trades'],
  institutional_holdings: ['thirteen_f_filings', 'thirteen_f_holdings'],
  short_interest: ['short_interest'],
  market_data: ['price_bars', 'market_caps'],
  news: ['news_articles', 'news_company_rows'],
};
/** Families whose request count does not grow with the factor: one file per settlement, one per feed. */
const FIXED_REQUESTS = new Set(['short_interest', 'news']);
/** Extra `etl backfill` arguments: news reads every stored 8-K press release, not only the news window's. */
const FAMILY_ARGS: Record<string, string[]> = { news: ['--from', '1993-01-01'] };
// live upstream: SEC asks for at most 10 requests/s
const LIVE_RPS = 10;
// the bulk alternatives, sizes as SEC publishes them (docs/scale.md gives the basis)
const BULK = {
  companies: { source: 'submissions.zip (nightly, ~1.5 GB)', requests: 1, gb: 1.5 },
  filings: { source: 'submissions.zip + quarterly indexes', requests: 1 + 136, gb: 1.5 + 136 * 0.03 },
  financials: { source: 'companyfacts.zip (nightly, ~1.2 GB)', requests: 1, gb: 1.2 },
  // EDGAR's daily Feed archives: one tar.gz per filing day with every submission of the day (sizes: SEC's
  // Feed listing, a few GB a recent day; docs/scale.md gives the basis of each figure)
  filing_items: { source: 'daily Feed tar.gz since 1993 (~8,300 days)', requests: 8300, gb: 8300 * 1.5 },
  ownership_index: { source: 'submissions.zip (nightly, ~1.5 GB)', requests: 1, gb: 1.5 },
  insider_trades: { source: 'daily Feed tar.gz, 2 years (~500 days)', requests: 500, gb: 500 * 3 },
  institutional_holdings: {
    source: 'daily Feed tar.gz of 9 filing windows (~90 days)',
    requests: 90,
    gb: 90 * 3,
  },
} as Record<string, { source: string; requests: number; gb: number }>;

interface FamilyResult {
  family: string;
  wall_s: number;
  backfill_s: number;
  exit: number | null;
  partitions: number;
  rows: number;
  rows_per_s: number;
  documents: number;
  documents_per_s: number;
  upstream_requests: number;
  upstream_bytes: number;
  live_hours_at_10rps: number;
  live_hours_at_100pct: number;
  bulk: { source: string; requests: number; gb: number; hours_at_10MBps: number } | null;
  peak_rss_mb: Record<string, number>;
  summary: string;
}

interface RouteResult {
  route: string;
  family: string;
  path: string;
  clients: Record<
    string,
    {
      rps: number;
      /** Of every request of every round pooled (stats.ts). */
      p50: number;
      p99: number;
      errors: number;
      requests?: number;
      /** Each round's own p99, in the order run. */
      rounds?: number[];
      /** The earlier statistic, for comparison: the median of the rounds' own p99s. */
      p99_round_median?: number;
    }
  >;
  explain: { sql: string; plan: string; seq_scans: string[]; ms: number }[];
}

interface ScaleResult {
  factor: number;
  database: string;
  generated: Omit<GenerateResult, 'ciks' | 'tickers'> & { ciks: number };
  families: FamilyResult[];
  tables: { table: string; rows: number; table_mb: number; index_mb: number; total_mb: number }[];
  database_mb: number;
  /** The shared S3 archive (--s3): its object count and bytes at the end of the backfill. */
  archive?: { url: string; endpoint: string; objects: number; bytes: number } | null;
  routes: RouteResult[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function peakRssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

/** Resets a process's VmHWM to its current RSS (Linux: `echo 5 > /proc/<pid>/clear_refs`). */
function resetPeakRss(pid: number | undefined) {
  if (!pid) return;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // not Linux, or not ours: the peak stays cumulative
  }
}

function dbUrl(base: string, name: string) {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

const ETL = path.resolve('bin/etl.js');

/**
 * An S3-compatible server (s3rver) on loopback holding the raw archive: the backfill and every worker get
 * ARCHIVE_URL/ARCHIVE_ENDPOINT and credentials, so the fleet shares one archive as on several machines.
 */
async function startS3(dir: string) {
  const { default: S3rver } = await import('s3rver');
  const { rm } = await import('node:fs/promises');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'rehearse-raw', configs: [] }],
  });
  const { port } = await server.run();
  const env = {
    ARCHIVE_URL: 's3://rehearse-raw/raw',
    ARCHIVE_ENDPOINT: `http://127.0.0.1:${port}`,
    ARCHIVE_ACCESS_KEY_ID: 'S3RVER',
    ARCHIVE_SECRET_ACCESS_KEY: 'S3RVER',
  };
  return {
    env,
    /** Stops the server; the archive's object count and bytes (s3rver keeps each object as a file). */
    async close() {
      await server.close();
      const { execFileSync } = await import('node:child_process');
      const du = execFileSync('du', ['-sb', dir]).toString().split('\t')[0];
      const objects = Number(
        execFileSync('sh', ['-c', `find "${dir}" -type f -name '*._S3rver_object' | wc -l`])
          .toString()
          .trim(),
      );
      return { url: env.ARCHIVE_URL, endpoint: env.ARCHIVE_ENDPOINT, objects, bytes: Number(du) };
    },
  };
}

/**
 * An `etl` process. Its log lines (stdout, LOG_LEVEL=warn: a stalled or failed partition names its step) go
 * to `log` when given, so a run's failures can be read afterwards; stderr is piped for the summary line.
 */
function etl(args: string[], env: NodeJS.ProcessEnv, log?: string): ChildProcess {
  let fd: number | 'ignore' = 'ignore';
  if (log) {
    mkdirSync(path.dirname(log), { recursive: true });
    fd = openSync(log, 'a');
  }
  const child = spawn(process.execPath, [ETL, ...args], { env, stdio: ['ignore', fd, 'pipe'] });
  if (typeof fd === 'number') closeSync(fd); // the child holds its own copy
  return child;
}

async function waitExit(p: ChildProcess): Promise<number | null> {
  if (p.exitCode !== null) return p.exitCode;
  return new Promise((r) => p.once('exit', (code) => r(code)));
}

/** Routes of every family the rehearsal loads; `t` is one of the largest companies, `c` an index-only filer. */
interface Probe {
  tickers: string[];
  ciks: string[];
  /** (ticker, year) of loaded 10-Ks, 13F filers, for the items and holdings routes. */
  items: { ticker: string; year: number }[];
  holders: string[];
}

function routes(t: string[], c: string[], ids: string[], p: Probe) {
  const pick = <T>(xs: T[], i: number) => xs[i % xs.length]!;
  const extra = [
    {
      family: 'filing_items',
      route: 'GET /v1/filings/items?ticker=&filing_type=10-K&year=',
      make: (i: number) => {
        const x = pick(p.items, i);
        return `/v1/filings/items?ticker=${x.ticker}&filing_type=10-K&year=${x.year}`;
      },
    },
    {
      family: 'insider_trades',
      route: 'GET /v1/insider-trades?ticker=',
      make: (i: number) => `/v1/insider-trades?ticker=${pick(t, i)}&limit=100`,
    },
    {
      family: 'institutional_holdings',
      route: 'GET /v1/institutional-holdings?filer_cik=',
      make: (i: number) => `/v1/institutional-holdings?filer_cik=${pick(p.holders, i)}&limit=100`,
    },
    {
      family: 'short_interest',
      route: 'GET /v1/companies/{ticker}/short-interest',
      make: (i: number) => `/v1/companies/${pick(t, i)}/short-interest?limit=100`,
    },
    {
      family: 'market_data',
      route: 'GET /v1/companies/{ticker}/market-data?series=prices',
      make: (i: number) => `/v1/companies/${pick(t, i)}/market-data?series=prices&date_gte=2025-07-14`,
    },
    {
      family: 'news',
      route: 'GET /v1/companies/{ticker}/news',
      make: (i: number) => `/v1/companies/${pick(t, i)}/news?limit=50`,
    },
  ].filter(
    (r) =>
      (r.family !== 'filing_items' || p.items.length) &&
      (r.family !== 'institutional_holdings' || p.holders.length),
  );
  return [
    ...extra,
    {
      family: 'companies',
      route: 'GET /v1/companies?ticker=',
      make: (i: number) => `/v1/companies?ticker=${pick(t, i)}`,
    },
    {
      family: 'companies',
      route: 'GET /v1/companies/{id}',
      make: (i: number) => `/v1/companies/${pick(ids, i)}`,
    },
    {
      family: 'filings',
      route: 'GET /v1/filings?ticker=',
      make: (i: number) => `/v1/filings?ticker=${pick(t, i)}&limit=100`,
    },
    {
      family: 'filings',
      route: 'GET /v1/filings?ticker=&filing_type=10-K',
      make: (i: number) => `/v1/filings?ticker=${pick(t, i)}&filing_type=10-K&limit=20`,
    },
    {
      family: 'filings',
      route: 'GET /v1/filings?cik= (index-only filer, 1994 onwards)',
      make: (i: number) => `/v1/filings?cik=${pick(c, i)}&filed_at_gte=1994-01-01&limit=100`,
    },
    {
      family: 'financials',
      route: 'GET /v1/financials/income-statements',
      make: (i: number) => `/v1/financials/income-statements?ticker=${pick(t, i)}&period=annual&limit=8`,
    },
    {
      family: 'financials',
      route: 'GET /v1/financial-metrics',
      make: (i: number) => `/v1/financial-metrics?ticker=${pick(t, i)}&period=annual&limit=8`,
    },
  ];
}

const PLATFORM = /\b(api_keys|accounts|credit_|usage_|request_log|plans)\b/;

async function backfillScale(
  factor: number,
  o: {
    seed: number;
    workers: number;
    families: string[];
    pgBase: string;
    redis: string;
    prefix: string;
    out: string;
    reuse: boolean;
    s3: boolean;
  },
): Promise<{ result: Omit<ScaleResult, 'routes'>; url: string }> {
  const tag = String(factor).replace('.', '_');
  const name = `${o.prefix}_${tag}`;
  if (o.reuse)
    return { url: dbUrl(o.pgBase, name), result: await sizes(factor, name, dbUrl(o.pgBase, name), [], null) };
  const admin = new pg.Client({ connectionString: o.pgBase });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = dbUrl(o.pgBase, name);
  const root = path.join(o.out, `upstream-${tag}`);
  process.stderr.write(`[${factor}] generating upstream in ${root}\n`);
  const gen = await generate({ factor, seed: o.seed, out: root, families: o.families });
  process.stderr.write(
    `[${factor}] ${gen.files} files, ${(gen.bytes / 1e6).toFixed(0)} MB, ${gen.ciks.length} filers, ${gen.indexLines} index lines (${gen.seconds}s)\n`,
  );
  const mirror = await startMirror({ root });
  const s3 = o.s3 ? await startS3(path.join(o.out, `s3-${tag}`)) : null;
  const env: NodeJS.ProcessEnv = {
    ...(s3?.env ?? {}),
    ...process.env,
    DATABASE_URL: url,
    REDIS_URL: o.redis,
    UPSTREAM: 'fixtures',
    MIRROR_URL: mirror.url,
    MIRROR_MAX_RPS: '10000',
    SEC_CIKS: 'all',
    DATA_DIR: path.join(o.out, `data-${tag}`),
    // REHEARSE_LOG_LEVEL=debug keeps every step of every partition (each request, retry and its reason)
    LOG_LEVEL: process.env.REHEARSE_LOG_LEVEL ?? 'warn',
    SCHEDULER: 'off',
    FILINGS_LIVE_POLL_SECONDS: '0',
    MIRROR_LIVE_INTERVAL_MS: '0',
    // a large companyfacts parse blocks a worker's event loop past the default 15 s lock (docs/scale.md)
    JOB_LOCK_MS: process.env.JOB_LOCK_MS ?? '120000',
    // as with UPSTREAM=live: history loaded by a backfill emits no events (fixtures mode emits them all)
    EVENTS_MAX_AGE_DAYS: '7',
  };
  // a clean queue database: the run's Redis index is flushed (never the server's other databases)
  const { Redis } = await import('ioredis');
  const r = new Redis(o.redis);
  await r.flushdb();
  await r.quit();
  const migrate = etl(['migrate'], env);
  if ((await waitExit(migrate)) !== 0) throw new Error('etl migrate failed');

  const logs = path.join(o.out, 'logs');
  const workers = Array.from({ length: o.workers }, (_, i) =>
    etl(['worker'], env, path.join(logs, `${tag}-worker${i + 1}.log`)),
  );
  // a worker's stderr (an uncaught error, a crash) goes to its log too
  for (const [i, w] of workers.entries())
    w.stderr!.on('data', (d) =>
      writeFileSync(path.join(logs, `${tag}-worker${i + 1}.log`), d, { flag: 'a' }),
    );
  await sleep(3000);
  const peaks = new Map<string, number>();
  const families: FamilyResult[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  for (const family of o.families) {
    // each family's own peak: the kernel's high-water mark of every worker is reset (clear_refs 5)
    for (const w of workers) resetPeakRss(w.pid);
    for (const k of [...peaks.keys()]) if (k.startsWith('worker')) peaks.delete(k);
    const before = mirror.requests.length;
    const bytesBefore = 0;
    const t0 = Date.now();
    const bf = etl(
      ['backfill', family, ...(FAMILY_ARGS[family] ?? [])],
      env,
      path.join(logs, `${tag}-backfill-${family}.log`),
    );
    let stderr = '';
    bf.stderr!.on('data', (d) => {
      stderr += d;
    });
    const sampler = setInterval(() => {
      peaks.set('backfill', Math.max(peaks.get('backfill') ?? 0, peakRssMb(bf.pid)));
      for (const [i, w] of workers.entries())
        peaks.set(`worker${i + 1}`, Math.max(peaks.get(`worker${i + 1}`) ?? 0, peakRssMb(w.pid)));
    }, 500);
    const exit = await waitExit(bf);
    clearInterval(sampler);
    const wall = (Date.now() - t0) / 1000;
    const line =
      stderr.split('\n').find((l) => l.startsWith(`${family}:`)) ?? stderr.trim().split('\n').at(-1) ?? '';
    const partitions = Number(/(\d+) partitions loaded/.exec(line)?.[1] ?? 0);
    const rows = Number(/\((\d+) new rows\)/.exec(line)?.[1] ?? 0);
    // the backfill's own time (etl backfill's summary line), without the process's start-up
    const d = / in (?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?:/.exec(line);
    const inner = d ? Number(d[1] ?? 0) * 3600 + Number(d[2] ?? 0) * 60 + Number(d[3] ?? 0) : wall;
    const requests = mirror.requests.length - before;
    const liveHours = requests / LIVE_RPS / 3600;
    const bulk = BULK[family];
    families.push({
      family,
      wall_s: Math.round(wall * 10) / 10,
      backfill_s: inner,
      exit,
      partitions,
      rows,
      rows_per_s: Math.round(rows / Math.max(1, inner)),
      documents: requests,
      documents_per_s: Math.round((requests / Math.max(1, inner)) * 10) / 10,
      upstream_requests: requests,
      upstream_bytes: bytesBefore,
      live_hours_at_10rps: Math.round(liveHours * 100) / 100,
      live_hours_at_100pct: Math.round((liveHours / (FIXED_REQUESTS.has(family) ? 1 : factor)) * 10) / 10,
      bulk: bulk
        ? { ...bulk, hours_at_10MBps: Math.round(((bulk.gb * 1000) / 10 / 3600) * 100) / 100 }
        : null,
      peak_rss_mb: {
        backfill: peakRssMb(bf.pid) || (peaks.get('backfill') ?? 0),
        ...Object.fromEntries(
          workers.map((w, i) => [
            `worker${i + 1}`,
            Math.max(peaks.get(`worker${i + 1}`) ?? 0, peakRssMb(w.pid)),
          ]),
        ),
      },
      summary: line.trim(),
    });
    process.stderr.write(
      `[${factor}] ${family}: ${wall.toFixed(1)} s, ${rows} rows, ${requests} requests | ${line.trim()}\n`,
    );
    if (exit !== 0) process.stderr.write(stderr.split('\n').slice(-15).join('\n'));
  }
  for (const f of families)
    Object.assign(f.peak_rss_mb, { mirror_and_runner: Math.round(process.resourceUsage().maxRSS / 1024) });
  for (const w of workers) w.kill('SIGTERM');
  await Promise.all(workers.map(waitExit));
  await mirror.close();
  await pool.end();
  const archive = s3 ? await s3.close() : null;
  const result = await sizes(factor, name, url, families, gen);
  return { url, result: { ...result, archive } };
}

async function sizes(
  factor: number,
  name: string,
  url: string,
  families: FamilyResult[],
  gen: GenerateResult | null,
): Promise<Omit<ScaleResult, 'routes'>> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  await pool.query('ANALYZE');
  const sizes = await pool.query(
    `select c.relname as table, c.reltuples::bigint as rows,
            pg_table_size(c.oid) as t, pg_indexes_size(c.oid) as i, pg_total_relation_size(c.oid) as total
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r','p') and n.nspname = 'public' and pg_total_relation_size(c.oid) > 100000
      order by pg_total_relation_size(c.oid) desc limit 25`,
  );
  const dbSize = await pool.query('select pg_database_size(current_database()) as b');
  await pool.end();
  const mb = (b: string | number) => Math.round((Number(b) / 1048576) * 10) / 10;
  return {
    factor,
    database: name,
    generated: {
      ...(gen ?? {}),
      ciks: gen?.ciks.length ?? 0,
      tickers: undefined,
    } as unknown as ScaleResult['generated'],
    families,
    tables: sizes.rows.map((x) => ({
      table: x.table,
      rows: Number(x.rows),
      table_mb: mb(x.t),
      index_mb: mb(x.i),
      total_mb: mb(x.total),
    })),
    database_mb: mb(dbSize.rows[0].b),
  };
}

interface RouteServer {
  port: number;
  headers: Record<string, string>;
  auth: (i: number) => Record<string, string>;
  pool: pg.Pool;
  ids: string[];
  big: Map<string, number>;
  ask: <T>(msg: object, reply?: string) => Promise<T>;
  close: () => Promise<void>;
}

/** The API server of one fraction's database (bench/rehearse/server.ts in a child process). */
async function routeServer(url: string, tickers: string[]): Promise<RouteServer> {
  const child = fork(path.resolve('bench/rehearse/server.ts'), [], {
    env: { ...process.env, REHEARSE_DB_URL: url, LOG_LEVEL: 'warn' },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ask = <T>(msg: object, reply?: string) =>
    new Promise<T>((resolve) => {
      const on = (m: { op?: string }) => {
        if (!reply || m.op === reply) {
          child.off('message', on);
          resolve(m as T);
        }
      };
      child.on('message', on);
      if (Object.keys(msg).length) child.send(msg);
    });
  const ready = await ask<{ port: number; keys: string[] }>({});
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const ids = (
    await pool.query(
      `select c.company_id from company_identifiers i join companies c on c.company_id = i.company_id
        where i.id_type = 'TICKER' and i.id_value = any($1)`,
      [tickers],
    )
  ).rows.map((r) => String(r.company_id));
  const big = new Map(
    (await pool.query(`select relname, reltuples from pg_class where relkind in ('r','p')`)).rows.map((r) => [
      r.relname as string,
      Number(r.reltuples),
    ]),
  );
  return {
    port: ready.port,
    headers: { authorization: `Bearer ${ready.keys[0]}` },
    // request i uses key i mod 64 (each its own account): no request meets the per-minute limit
    auth: (i) => ({ authorization: `Bearer ${ready.keys[i % ready.keys.length]}` }),
    pool,
    ids,
    big,
    ask,
    close: async () => {
      await pool.end();
      child.send({ op: 'close' });
      await waitExit(child);
    },
  };
}

/** The statements of one request to `server`, explained with their parameters. */
async function explainRoute(
  server: RouteServer,
  make: (i: number) => string,
): Promise<RouteResult['explain']> {
  await server.ask({ op: 'capture' }, 'capturing');
  await round(server.port, () => ({ path: make(0), headers: server.headers }), 1, { concurrency: 1 });
  const { queries } = await server.ask<{ queries: { text: string; values: unknown[] }[] }>(
    { op: 'dump' },
    'dump',
  );
  const explain: RouteResult['explain'] = [];
  for (const q of queries) {
    if (!/^\s*(select|with)\b/i.test(q.text) || PLATFORM.test(q.text)) continue;
    try {
      const plan = (await server.pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.text}`, q.values)).rows
        .map((x) => x['QUERY PLAN'])
        .join('\n');
      const seq = [...plan.matchAll(/Seq Scan on (\w+)/g)]
        .map((m) => m[1]!)
        .filter((t) => (server.big.get(t) ?? 0) > 10_000);
      const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? 0);
      explain.push({ sql: q.text, plan, seq_scans: [...new Set(seq)], ms });
    } catch (err) {
      explain.push({ sql: q.text, plan: `EXPLAIN failed: ${(err as Error).message}`, seq_scans: [], ms: 0 });
    }
  }
  return explain;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/**
 * Every route on every fraction's database, the fractions interleaved: for each route and client count,
 * `repeats` rounds per fraction, the fractions' order reversed every repeat (A B, B A, A B...), so a change
 * of the host's load during the test falls on every fraction alike. Each round opens its `c` connections
 * and sends one request on each before its clock starts (warmAgent), so no round's tail is its connects.
 * A fraction's figures for a route and client count are of all its rounds' requests pooled (stats.ts);
 * `rounds` keeps each round's p99 in the order run, `p99_round_median` the median of those.
 */
async function loadTest(
  urls: string[],
  clients: number[],
  roundMs: number,
  repeats: number,
  tickers: string[],
  ciks: string[],
  probe: Probe,
  families: string[],
  only: RegExp | null,
): Promise<RouteResult[][]> {
  const servers: RouteServer[] = [];
  for (const url of urls) servers.push(await routeServer(url, tickers));
  const out: RouteResult[][] = urls.map(() => []);
  for (const base of routes(tickers, ciks, servers[0]!.ids.length ? servers[0]!.ids : tickers, probe).filter(
    (x) => families.includes(x.family) && (!only || only.test(x.route)),
  )) {
    const per = servers.map((s) =>
      s === servers[0]
        ? base
        : routes(tickers, ciks, s.ids.length ? s.ids : tickers, probe).find((x) => x.route === base.route)!,
    );
    const explains: RouteResult['explain'][] = [];
    for (let k = 0; k < servers.length; k++) {
      const s = servers[k]!;
      const r = per[k]!;
      explains.push(await explainRoute(s, r.make));
      await round(s.port, (i) => ({ path: r.make(i), headers: s.auth(i) }), 500, { concurrency: 4 }); // warm
    }
    const res: RouteResult['clients'][] = servers.map(() => ({}));
    for (const c of clients) {
      const got: Round[][] = servers.map(() => []);
      for (let rep = 0; rep < repeats; rep++) {
        const order = servers.map((_, k) => k);
        if (rep % 2) order.reverse();
        for (const k of order) {
          const s = servers[k]!;
          const r = per[k]!;
          const make = (i: number) => ({ path: r.make(i), headers: s.auth(i) });
          const agent = await warmAgent(s.port, make, c);
          try {
            const one = await round(s.port, make, roundMs, { concurrency: c, agent, keepLatencies: true });
            got[k]!.push({ latencies: one.latencies!, seconds: one.seconds, errors: one.errors });
          } finally {
            agent.destroy();
          }
        }
      }
      for (let k = 0; k < servers.length; k++) {
        const p = pooled(got[k]!);
        res[k]![String(c)] = {
          rps: p.rps,
          p50: p.p50,
          p99: p.p99,
          errors: p.errors,
          requests: p.requests,
          rounds: p.rounds,
          p99_round_median: Math.round(median(p.rounds) * 100) / 100,
        };
      }
    }
    for (let k = 0; k < servers.length; k++) {
      process.stderr.write(`  [${k}] ${base.route}: ${JSON.stringify(res[k])}\n`);
      out[k]!.push({
        route: base.route,
        family: base.family,
        path: per[k]!.make(0),
        clients: res[k]!,
        explain: explains[k]!,
      });
    }
  }
  for (const s of servers) await s.close();
  return out;
}

function markdown(scales: ScaleResult[], meta: Record<string, unknown>): string {
  const L: string[] = [];
  L.push(`# Rehearsal results`, '', '```', JSON.stringify(meta, null, 1), '```', '');
  for (const s of scales) {
    L.push(
      `## Fraction ${s.factor} (${s.generated.ciks} filers, ${s.generated.indexLines} index lines, database ${s.database_mb} MB)`,
      '',
    );
    if (s.generated.documents)
      L.push(
        `Generated per-filing documents and files: ${Object.entries(s.generated.documents)
          .map(
            ([k, v]) =>
              `${k} ${v.files} files, ${(v.bytes / 1e6).toFixed(1)} MB${v.rows ? `, ${v.rows} rows` : ''}`,
          )
          .join('; ')}`,
        '',
      );
    if (s.archive)
      L.push(
        `Raw archive on S3 (${s.archive.url} at ${s.archive.endpoint}, s3rver): ${s.archive.objects} objects, ${(s.archive.bytes / 1e6).toFixed(1)} MB`,
        '',
      );
    L.push(
      '| family | process s | backfill s | partitions | rows | rows/s | documents | docs/s | live h at 10 req/s | live h at 100% | bulk route | peak RSS MB (backfill / workers) |',
    );
    L.push('|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const f of s.families) {
      const w = Object.entries(f.peak_rss_mb)
        .filter(([k]) => k.startsWith('worker'))
        .map(([, v]) => v);
      L.push(
        `| ${f.family} | ${f.wall_s} | ${f.backfill_s} | ${f.partitions} | ${f.rows} | ${f.rows_per_s} | ${f.documents} | ${f.documents_per_s} | ${f.live_hours_at_10rps} | ${f.live_hours_at_100pct} | ${f.bulk ? `${f.bulk.source}: ${f.bulk.requests} req, ${f.bulk.hours_at_10MBps} h at 10 MB/s` : ''} | ${f.peak_rss_mb.backfill} / ${w.join(', ')} |`,
      );
    }
    L.push('', '| table | rows | table MB | index MB | total MB |', '|---|---|---|---|---|');
    for (const t of s.tables)
      L.push(`| ${t.table} | ${t.rows} | ${t.table_mb} | ${t.index_mb} | ${t.total_mb} |`);
    L.push(
      '',
      '| route | p50 / p99 ms at 16 | p50 / p99 ms at 64 | rps at 16 | seq scans on big tables |',
      '|---|---|---|---|---|',
    );
    for (const r of s.routes) {
      const c16 = r.clients['16'];
      const c64 = r.clients['64'];
      L.push(
        `| ${r.route} | ${c16 ? `${c16.p50} / ${c16.p99}` : ''} | ${c64 ? `${c64.p50} / ${c64.p99}` : ''} | ${c16?.rps ?? ''} | ${[...new Set(r.explain.flatMap((e) => e.seq_scans))].join(', ') || 'none'} |`,
      );
    }
    L.push('');
  }
  if (scales.length === 2) {
    const [a, b] = scales as [ScaleResult, ScaleResult];
    L.push(
      `## p99 at ${b.factor} / p99 at ${a.factor} (goal <= 1.5)`,
      '',
      "Pooled: p99 of every request of every round; in brackets the median of the rounds' own p99s.",
      '',
      '| route | at 16 | at 64 |',
      '|---|---|---|',
    );
    for (const x of ratios(scales))
      L.push(
        `| ${x.route} | ${x.p99_ratio_16 ?? ''} (${x.round_median_ratio_16 ?? ''}) | ${x.p99_ratio_64 ?? ''} (${x.round_median_ratio_64 ?? ''}) |`,
      );
    L.push('');
  }
  const last = scales.at(-1)!;
  L.push(`## EXPLAIN (ANALYZE, BUFFERS) at fraction ${last.factor}`, '');
  for (const r of last.routes) {
    L.push(`### ${r.route}`, '', `\`${r.path}\``, '');
    for (const e of r.explain) L.push('```sql', e.sql, '```', '```', e.plan, '```', '');
  }
  return L.join('\n');
}

export function ratios(scales: ScaleResult[]) {
  if (scales.length < 2) return [];
  const [a, b] = scales as [ScaleResult, ScaleResult];
  return b.routes.map((r) => {
    const base = a.routes.find((x) => x.route === r.route);
    const one = (c: string, stat: 'p99' | 'p99_round_median') => {
      const x = r.clients[c]?.[stat];
      const y = base?.clients[c]?.[stat];
      return x !== undefined && y !== undefined ? Math.round((x / Math.max(0.01, y)) * 100) / 100 : null;
    };
    return {
      route: r.route,
      p99_ratio_16: one('16', 'p99'),
      p99_ratio_64: one('64', 'p99'),
      round_median_ratio_16: one('16', 'p99_round_median'),
      round_median_ratio_64: one('64', 'p99_round_median'),
    };
  });
}

async function main() {
  const { values } = parseArgs({
    options: {
      factor: { type: 'string', default: '0.05' },
      baseline: { type: 'string', default: '0.01' },
      workers: { type: 'string', default: '4' },
      families: { type: 'string', default: Object.keys(FAMILY_TABLES).join(',') },
      s3: { type: 'boolean', default: false },
      seed: { type: 'string', default: '1' },
      clients: { type: 'string', default: '16,64' },
      'round-ms': { type: 'string', default: '3000' },
      repeats: { type: 'string', default: '6' },
      routes: { type: 'string' },
      out: { type: 'string', default: 'bench/results/rehearse' },
      'db-prefix': { type: 'string', default: 'rehearse' },
      keep: { type: 'boolean', default: false },
      reuse: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  const pgBase = process.env.DATABASE_URL;
  const redis = process.env.REDIS_URL;
  if (!pgBase || !redis) {
    process.stderr.write('npm run rehearse needs DATABASE_URL and REDIS_URL (see --help)\n');
    process.exit(2);
  }
  const families = values.families.split(',').map((s) => s.trim());
  for (const f of families) if (!FAMILY_TABLES[f]) throw new Error(`--families: unknown family ${f}`);
  // companies first: the other families read the registry it fills
  families.sort((a, b) => Object.keys(FAMILY_TABLES).indexOf(a) - Object.keys(FAMILY_TABLES).indexOf(b));
  const factor = Number(values.factor);
  const baseline = Number(values.baseline);
  const factors = baseline > 0 && baseline < factor ? [baseline, factor] : [factor];
  const out = path.resolve(values.out);
  await mkdir(out, { recursive: true });
  const o = {
    seed: Number(values.seed),
    workers: Number(values.workers),
    families,
    pgBase,
    redis,
    prefix: values['db-prefix'],
    out,
    reuse: values.reuse,
    s3: values.s3,
  };
  const clients = values.clients.split(',').map(Number);
  const t0 = Date.now();
  const scales: ScaleResult[] = [];
  const urls: string[] = [];
  for (const f of factors) {
    const { result, url } = await backfillScale(f, o);
    scales.push({ ...result, routes: [] });
    urls.push(url);
  }
  // routes: the same companies and index filers on every fraction, each key sample spread over as many
  // companies (filers) as it can: 8 tickers are 8 companies (the most filings first, a company's plain ticker
  // before its share classes), not 8 share classes of one (docs/scale.md, "companies by ticker")
  const probe = new pg.Client({ connectionString: urls[0] });
  await probe.connect();
  const tickerRows = (
    await probe
      .query(
        `select i.company_id, i.id_value from company_identifiers i
           join companies c on c.company_id = i.company_id
           left join (select cik, count(*) as n from filings group by cik) f on f.cik::text = ltrim(c.cik, '0')
          where i.id_type = 'TICKER'
          order by coalesce(f.n, 0) desc, i.company_id, position('-' in i.id_value) > 0,
                   length(i.id_value), i.id_value`,
      )
      .catch(() =>
        probe.query(
          `select company_id, id_value from company_identifiers where id_type = 'TICKER'
            order by company_id, position('-' in id_value) > 0, length(id_value), id_value`,
        ),
      )
      .catch(() => ({ rows: [] as { company_id: string; id_value: string }[] }))
  ).rows as { company_id: string; id_value: string }[];
  const tickerSample = spreadSample(tickerRows, (r) => r.company_id, 8);
  const tickers = tickerSample.map((r) => r.id_value);
  const ciks = (
    await probe
      .query(`select cik from filings where cik > 3000000 group by cik order by count(*) desc limit 8`)
      .catch(() => ({ rows: [] }))
  ).rows.map((r) => String(r.cik));
  // (ticker, year) of 10-Ks: one per company first, then a second year of each, up to 16
  const itemRows = (
    await probe
      .query(
        `select c.company_id, min(i.id_value) as ticker, d.year from filing_documents d
           join companies c on c.cik = d.cik::text or ltrim(c.cik, '0') = d.cik::text
           join company_identifiers i on i.company_id = c.company_id and i.id_type = 'TICKER'
          where d.filing_type = '10-K' and d.year is not null
          group by 1, 3 order by 1, 3 desc`,
      )
      .catch(() => ({ rows: [] }))
  ).rows as { company_id: string; ticker: string; year: number }[];
  const itemSample = spreadSample(itemRows, (r) => r.company_id, 16);
  const items = itemSample.map((r) => ({ ticker: r.ticker, year: Number(r.year) }));
  const holders = (
    await probe
      .query(`select filer_cik from thirteen_f_filings group by 1 order by count(*) desc, 1 limit 8`)
      .catch(() => ({ rows: [] }))
  ).rows.map((r) => String(r.filer_cik));
  await probe.end();
  const p: Probe = { tickers, ciks, items, holders };
  // how many companies (filers) each key sample covers, kept with the results
  const spread = {
    tickers: { keys: tickers.length, companies: distinctGroups(tickerSample, (r) => r.company_id) },
    index_filers: { keys: ciks.length, filers: new Set(ciks).size },
    items: { keys: items.length, companies: distinctGroups(itemSample, (r) => r.company_id) },
    holders: { keys: holders.length, filers: new Set(holders).size },
  };
  process.stderr.write(`route probe: ${JSON.stringify(p)}\nkey spread: ${JSON.stringify(spread)}\n`);
  const repeats = Math.max(1, Number(values.repeats));
  process.stderr.write(`load test: ${factors.join(' / ')} interleaved, ${repeats} rounds each\n`);
  const measured = await loadTest(
    urls,
    clients,
    Number(values['round-ms']),
    repeats,
    tickers.length ? tickers : ['AAPL'],
    ciks.length ? ciks : ['320193'],
    p,
    families,
    values.routes ? new RegExp(values.routes) : null,
  );
  for (let i = 0; i < scales.length; i++) scales[i]!.routes = measured[i]!;
  const meta = {
    bench: 'rehearse',
    machine: {
      cpus: (await import('node:os')).cpus().length,
      memory_gb: Math.round((await import('node:os')).totalmem() / 1e9),
    },
    postgres: await (async () => {
      const c = new pg.Client({ connectionString: pgBase });
      await c.connect();
      const v = (await c.query('show server_version')).rows[0].server_version;
      await c.end();
      return v;
    })(),
    factors,
    workers: o.workers,
    families,
    seed: o.seed,
    clients,
    round_ms: Number(values['round-ms']),
    repeats,
    statistic: 'p50/p99 of all rounds pooled; each round on connections opened before its clock',
    key_spread: spread,
    seconds: Math.round((Date.now() - t0) / 1000),
  };
  const ratio = ratios(scales);
  await writeFile(path.join(out, 'rehearse.json'), JSON.stringify({ ...meta, scales, ratio }, null, 1));
  await writeFile(path.join(out, 'rehearse.md'), markdown(scales, meta));
  process.stdout.write(
    `${JSON.stringify({ ...meta, ratio, families: scales.map((s) => ({ factor: s.factor, families: s.families.map(({ family, wall_s, rows, rows_per_s, upstream_requests, live_hours_at_100pct }) => ({ family, wall_s, rows, rows_per_s, upstream_requests, live_hours_at_100pct })), database_mb: s.database_mb })) })}\n`,
  );
  if (!values.keep && !values.reuse) {
    // a --reuse run measures databases it did not make: they stay
    const c = new pg.Client({ connectionString: pgBase });
    await c.connect();
    for (const s of scales) await c.query(`DROP DATABASE IF EXISTS ${s.database} WITH (FORCE)`);
    await c.end();
  }
}

await main();
