/**
 * API platform overhead. Run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- api`.
 * In one run, against a fresh database on that server seeded with SEC's real ticker file (~9,400 tickers),
 * Apple's real submissions (filing index) and Alphabet's real companyfacts (statements), it
 * measures three routes:
 * - `companies`: `GET /v1/companies?ticker=<T>` over eight tickers (envelope A: cursor, coverage);
 * - `filings`: `GET /v1/filings?ticker=AAPL[&filing_type=10-K]` (envelope B, rate-limited);
 * - `statements`: `GET /v1/financials/income-statements?ticker=GOOGL&period=<annual|quarterly>` (envelope B).
 * For each: `platform`, the whole platform (key auth, plan gate, validation, rate limit, atomic credit charge +
 * ledger row, the route's queries, coverage, envelope, usage event, request id, metrics, log line), and
 * `bare`, a bare fastify handler running the same SQL (the route's own query code) on its own pool.
 * Both servers run in one child process; the load generator (keep-alive HTTP, fixed concurrency) runs here.
 * Rounds alternate bare/platform so drift hits both. Per route `ratio` = platform rps / bare rps (medians of
 * the rounds), with both p99s and `p99_ratio`; top-level `ratio` and `p99_ratio` are the worst route's.
 * Goal (issue 26): ratio >= 0.9 and p99_ratio <= 1.1 at 16 concurrent clients. The filings and statements
 * routes are rate-limited per key (600/min on the fund plan): the platform's limiter runs on a clock where a
 * minute lasts 60 ms, so every request pays its check (in-memory counters: no REDIS_URL) and none is refused.
 * Prints one JSON object on stdout. Knobs: BENCH_CONCURRENCY (16), BENCH_ROUND_MS (4000), BENCH_ROUNDS (3),
 * BENCH_ROUTES (comma list of companies, filings, statements); BENCH_PROF=1 adds one profiled round per side
 * and route (not counted) and writes its CPU profile to /tmp/benchprof/<route>-<bare|platform>.cpuprofile.
 * Per route, `cpu_us_platform` / `cpu_us_bare` / `cpu_ratio`: the server process's CPU time (user + system)
 * per request served, medians of the rounds; it moves far less with the machine's load than the rps ratio.
 * Then, per route, BENCH_CPU_ROUNDS (3) rounds alternating bare / platform of exactly BENCH_CPU_REQUESTS (5,000)
 * requests each (the same request sequence on both sides, 16 in flight): the server's CPU time and the bytes its
 * JS heap allocated over the same request count, per request (`cpu_us_per_req`, `bare_cpu_us_per_req`,
 * `cpu_extra_us_per_req`, `cpu_req_ratio`; `alloc_bytes_per_req`, `bare_alloc_bytes_per_req`, `alloc_ratio`;
 * medians of the rounds, and `cpu_pair_ratios`: each pair's platform / bare). Top level: the worst route's
 * `cpu_req_ratio`. BENCH_CPU_ROUNDS=0 skips it.
 * The same fixed-count rounds measure the database's side (a host shared with other jobs moves wall times, not
 * these): the CPU time of the Postgres backends connected to the bench database (/proc/<pid>/schedstat; both
 * servers' pools, read 1.3 s after each round so its last usage batch and hold settles are in it) per request,
 * `db_cpu_us_per_req` / `bare_db_cpu_us_per_req` / `db_cpu_extra_us_per_req` / `db_cpu_ratio` (medians;
 * `db_cpu_pair_ratios` each pair's); `statements_per_req` / `bare_statements_per_req`: the statements the server
 * sent per request, the platform's own by name (findata_*), every other as `route`; `ledger_rows_per_req` and
 * `usage_rows_per_req`: the rows credit_ledger and usage_events gained per request. Top level: the worst
 * route's `db_cpu_ratio`. Not counted: Postgres's shared processes (WAL writer, checkpointer, autovacuum).
 */
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import type { CustomTypesConfig } from 'pg';
import { type BenchReady, forkApiBench } from './api-bench-child.ts';
import { ONLY, ROUTES, type RouteName } from './api-routes.ts';
import { benchDatabase } from './bench-database.ts';
import { median, type Req, type RoundResult, round, sendFixedFresh, summary } from './http-load.ts';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 4_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PROF_DIR = '/tmp/benchprof';
const CPU_ROUNDS = Number(process.env.BENCH_CPU_ROUNDS ?? 3);
const CPU_REQUESTS = Number(process.env.BENCH_CPU_REQUESTS ?? 5_000);

async function server(): Promise<void> {
  const { mkdirSync } = await import('node:fs');
  const { Session } = await import('node:inspector/promises');
  const profiler = new Session();
  if (process.env.BENCH_PROF) {
    profiler.connect();
    mkdirSync(PROF_DIR, { recursive: true });
  }
  const { default: Fastify } = await import('fastify');
  const { default: pg } = await import('pg');
  const { companySearchSql } = await import('../api/routes/companies.ts');
  const { listFilings } = await import('../api/routes/filings.ts');
  const { incomeStatements } = await import('../api/routes/financials.ts');
  const { openDatabase } = await import('../lib/db.ts');
  const { listenBenchApp, seedApiBench } = await import('./api-server.ts');

  const url = process.env.BENCH_DB_URL!;
  // BENCH_COUNT=1 (api-syscalls.ts): the statements sent to Postgres (pg's Client.query, by statement name or
  // the text's first words) and the Redis commands, counted for the 'counts' message
  const counted = process.env.BENCH_COUNT ? countQueries(pg) : null;
  // every statement pg's clients send, by kind (the platform's own by name, the rest as `route`), for the
  // 'stmts' message: the fixed-count rounds' statements per request
  const statements = countStatements(pg);
  // BENCH_TRACE=1 (api-tail.ts): the platform's own statements (credits, usage) and every GC, each with its
  // wall-clock start and end, for the 'trace' message: what was running while a slow request was served
  const traced = process.env.BENCH_TRACE ? traceEvents(pg) : null;
  // and V8's garbage collections on the main thread: how many of each kind, and their pause in µs
  if (counted) {
    const { PerformanceObserver, constants } = await import('node:perf_hooks');
    const kinds: Record<number, string> = {
      [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
      [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
      [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking',
      [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
    };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const kind = kinds[(e as unknown as { detail: { kind: number } }).detail.kind] ?? 'other';
        counted.set(`gc ${kind}`, (counted.get(`gc ${kind}`) ?? 0) + 1);
        counted.set(`gc ${kind} µs`, (counted.get(`gc ${kind} µs`) ?? 0) + Math.round(e.duration * 1000));
      }
    }).observe({ entryTypes: ['gc'] });
  }
  const database = await openDatabase({ databaseUrl: url, poolSize: 10 });
  // BENCH_SEEDED=1: the database was seeded by the caller (api-instructions.ts seeds it outside valgrind)
  if (!process.env.BENCH_SEEDED) await seedApiBench(database);
  // The rate limiter runs on a clock where a minute lasts 60 ms: every request pays its check, none is refused.
  // BENCH_TIME_SCALE (api-instructions.ts, under valgrind): the platform's timers and the limiter's clock
  // slowed by that factor, so their work is amortised over as many requests as at full speed.
  const timeScale = Number(process.env.BENCH_TIME_SCALE ?? 1);
  const {
    app: platform,
    port: platformPort,
    key,
  } = await listenBenchApp(database, {
    now: () => (Date.now() * 1000) / timeScale,
    timeScale,
    // BENCH_REDIS_URL: the rate limiter's counters on that Redis (the API's own client, as in production)
    ...(process.env.BENCH_REDIS_URL ? { redis: await benchRedis(process.env.BENCH_REDIS_URL, counted) } : {}),
  });

  // the bare side: its own pool, the routes' own query code, no platform
  const bareDb = await openDatabase({ databaseUrl: url, poolSize: 10 });
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 0 });
  // Connections stay open through the run (pg's pools close one idle for 10 s): on a loaded host a round
  // outlasted that, the other side's connections ended mid-round (their CPU lost to the database figures)
  // and came back in the next, paying a backend's start and its statements' first parse again.
  for (const d of [database, bareDb])
    (
      d.db as unknown as { $client: { options: { idleTimeoutMillis: number } } }
    ).$client.options.idleTimeoutMillis = 0;
  // pg's own parsers, but a date as the server's text, as the route's driver reads it: the same rows as the
  // route's, so the same `data` JSON (with pg's default a date became a Date, parsed and then serialized as
  // an ISO timestamp: ~24k instructions a request the route does not do, and different bytes)
  const dateAsText = (v: string) => v;
  const bareTypes = {
    getTypeParser: (id: number, format?: 'text' | 'binary') =>
      id === pg.types.builtins.DATE ? dateAsText : pg.types.getTypeParser(id, format as 'text'),
  } as CustomTypesConfig;
  const bare = Fastify({ logger: false });
  bare.get('/v1/companies', async (req) => {
    const ticker = String((req.query as { ticker?: string }).ticker ?? '');
    // exactly the route's statement: its name, text and parameters (built once per shape, as the route does)
    const q = companySearchSql(database.db, { ticker }, { limit: 100, fetch: 101, after: null });
    const r = await pool.query({ name: q.name, text: q.text, values: q.values, types: bareTypes });
    return { data: r.rows };
  });
  const page = (limit: number) => ({ limit, fetch: limit + 1, after: null });
  const ctx = (query: Record<string, unknown>, limit: number) =>
    ({ database: bareDb, db: bareDb.db, query, page: page(limit) }) as never;
  bare.get('/v1/filings', async (req) => {
    const { ticker, filing_type } = req.query as { ticker: string; filing_type?: string };
    return listFilings.handler(ctx({ ticker, ...(filing_type ? { filing_type: [filing_type] } : {}) }, 10));
  });
  bare.get('/v1/financials/income-statements', async (req) => {
    const { ticker, period } = req.query as { ticker: string; period: string };
    return incomeStatements.handler(ctx({ ticker, period }, 4));
  });
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const barePort = (bare.server.address() as { port: number }).port;
  process.send!({ platform: platformPort, bare: barePort, key } satisfies BenchReady);
  process.on('message', async (m) => {
    // The parent reads this process's CPU time around each round (CPU µs per request served).
    // api-instructions.ts: a full garbage collection before each counted round (node runs with --expose-gc)
    if (m === 'gc') {
      (globalThis as { gc?: () => void }).gc?.();
      process.send!({ gc: true });
      return;
    }
    if (m === 'trace') {
      process.send!({ trace: traced?.splice(0) ?? [] });
      return;
    }
    if (m === 'counts') {
      process.send!({ counts: counted ? Object.fromEntries(counted) : {} });
      return;
    }
    if (m === 'stmts') {
      process.send!({ stmts: Object.fromEntries(statements) });
      return;
    }
    if (m === 'cpu') {
      const u = process.cpuUsage();
      process.send!({ cpu: u.user + u.system });
      return;
    }
    // api-alloc.ts: bytes allocated on the JS heap between 'alloc start' and 'alloc stop' (the heap's growth
    // plus what every GC in between freed, v8.GCProfiler) with the GCs' count and time by kind; with
    // `sample`, V8's sampling heap profiler keeps every sampled allocation, collected or not, by stack.
    if (typeof m === 'object' && m !== null && 'alloc' in m) {
      const { alloc, sample } = m as { alloc: 'start' | 'stop'; sample?: number };
      process.send!({ alloc: await allocCount(alloc, sample) });
      return;
    }
    // BENCH_PROF: the parent profiles the last round of each side of each route (node:inspector).
    if (typeof m === 'object' && m !== null && 'prof' in m) {
      const { prof, file } = m as { prof: 'start' | 'stop'; file?: string };
      if (prof === 'start') {
        await profiler.post('Profiler.enable');
        // BENCH_PROF_INTERVAL_US: the sampling interval (V8's default, 1 ms, gives ~4,000 samples a round)
        if (process.env.BENCH_PROF_INTERVAL_US)
          await profiler.post('Profiler.setSamplingInterval', {
            interval: Number(process.env.BENCH_PROF_INTERVAL_US),
          });
        await profiler.post('Profiler.start');
      } else {
        const { profile } = (await profiler.post('Profiler.stop')) as { profile: unknown };
        writeFileSync(file!, JSON.stringify(profile));
      }
      process.send!({ cpu: 0 });
      return;
    }
    await platform.close();
    await bare.close();
    await pool.end();
    await bareDb.close();
    await database.close();
    process.exit(0);
  });
}

interface GcHeap {
  heapStatistics: { usedHeapSize: number };
  heapSpaceStatistics: { spaceName: string; spaceUsedSize: number }[];
}
let gcProfiler: import('node:v8').GCProfiler | null = null;
let usedAtStart = 0;
let sampling: import('node:inspector/promises').Session | null = null;

/** api-alloc.ts's counter: start, or stop and report the bytes allocated, the GCs and the heap samples. */
async function allocCount(op: 'start' | 'stop', sample?: number): Promise<unknown> {
  const v8 = await import('node:v8');
  if (op === 'start') {
    if (sample) {
      const { Session } = await import('node:inspector/promises');
      sampling = new Session();
      sampling.connect();
      await sampling.post('HeapProfiler.enable');
      await sampling.post('HeapProfiler.startSampling', {
        samplingInterval: sample,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
    }
    gcProfiler = new v8.GCProfiler();
    usedAtStart = v8.getHeapStatistics().used_heap_size;
    gcProfiler.start();
    return {};
  }
  const usedAtEnd = v8.getHeapStatistics().used_heap_size;
  const data = gcProfiler!.stop() as unknown as {
    statistics: {
      gcType: string;
      cost: number;
      beforeGC: GcHeap;
      afterGC: GcHeap;
    }[];
  };
  let freed = 0;
  // what scavenges moved out of the young generation (old space growth across them): the garbage that lived
  // too long to die young, which the old generation's marking and sweeping pay for later
  let promoted = 0;
  const oldSpace = (h: GcHeap) =>
    h.heapSpaceStatistics
      .filter((x) => x.spaceName === 'old_space' || x.spaceName === 'lo_space')
      .reduce((a, x) => a + x.spaceUsedSize, 0);
  const gcs: Record<string, { count: number; us: number }> = {};
  for (const g of data.statistics) {
    freed += g.beforeGC.heapStatistics.usedHeapSize - g.afterGC.heapStatistics.usedHeapSize;
    if (g.gcType === 'Scavenge') promoted += oldSpace(g.afterGC) - oldSpace(g.beforeGC);
    const k = gcs[g.gcType] ?? { count: 0, us: 0 };
    gcs[g.gcType] = k;
    k.count++;
    k.us += g.cost;
  }
  let profile: unknown = null;
  if (sampling) {
    profile = ((await sampling.post('HeapProfiler.stopSampling')) as { profile: unknown }).profile;
    await sampling.post('HeapProfiler.disable');
    sampling.disconnect();
    sampling = null;
  }
  return { allocated: usedAtEnd - usedAtStart + freed, promoted, gcs, profile };
}

/** A platform statement or a GC: its label, wall-clock start and end (ms since the epoch). */
export type TraceEvent = [label: string, start: number, end: number];

/**
 * Records the credit and usage statements pg's clients send (start to result) and every GC (start, pause)
 * with wall-clock times; the 'trace' message takes what was recorded.
 */
function traceEvents(pg: typeof import('pg').default): TraceEvent[] {
  const events: TraceEvent[] = [];
  const wall = () => performance.timeOrigin + performance.now();
  // the pool's query (a pool's client.query gets a callback, not a promise)
  const proto = pg.Pool.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const query = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0] as string | { name?: string; text?: string };
    const text = typeof q === 'string' ? q : (q.name ?? q.text ?? '');
    const label = text.startsWith('findata_')
      ? text === 'findata_reserve_batch'
        ? reserveKind((q as { values: unknown[] }).values)
        : text
      : /^\s*insert into usage/i.test(text)
        ? 'usage insert'
        : null;
    const r = query.apply(this, args);
    if (label !== null && r && typeof (r as Promise<unknown>).then === 'function') {
      const start = wall();
      void (r as Promise<unknown>).then(
        () => events.push([label, start, wall()]),
        () => events.push([label, start, wall()]),
      );
    }
    return r;
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as unknown as { detail: { kind: number } }).detail.kind;
      const start = performance.timeOrigin + e.startTime;
      events.push([kind === 1 ? 'gc scavenge' : `gc kind ${kind}`, start, start + e.duration]);
    }
  }).observe({ entryTypes: ['gc'] });
  return events;
}

/** A credit reserve statement's kind: a hold's renewal (no request), a charge that also asks a hold, or exact. */
function reserveKind(values: unknown[]): string {
  if (values[1] === '{}' || (Array.isArray(values[1]) && values[1].length === 0)) return 'reserve: renewal';
  return Number(values[5]) > 0 ? 'reserve: charge + hold' : 'reserve: exact charge';
}

type PgQueryArg = string | { name?: string; text?: string };

/** Counts every statement pg's clients send, under the label `label` gives it. */
function countPg(pg: typeof import('pg').default, label: (q: PgQueryArg) => string): Map<string, number> {
  const counts = new Map<string, number>();
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const query = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const l = label(args[0] as PgQueryArg);
    counts.set(l, (counts.get(l) ?? 0) + 1);
    return query.apply(this, args);
  };
  return counts;
}

/** Every statement by statement name or the text's first words. */
function countQueries(pg: typeof import('pg').default): Map<string, number> {
  return countPg(
    pg,
    (q) =>
      `pg ${typeof q === 'string' ? q.slice(0, 40) : (q.name ?? (q.text ?? '').replace(/\s+/g, ' ').slice(0, 40))}`,
  );
}

/**
 * Every statement by kind: the platform's own (named `findata_*`: credits, usage) by name, every other as `route`
 * (a counter increment a statement on both sides, nothing else).
 */
function countStatements(pg: typeof import('pg').default): Map<string, number> {
  return countPg(pg, (q) => (typeof q === 'object' && q.name?.startsWith('findata_') ? q.name : 'route'));
}

/** The API's own Redis client (apiRedis), its commands counted into `counts` when given. */
async function benchRedis(url: string, counts: Map<string, number> | null) {
  const { apiRedis } = await import('../api/server.ts');
  const { createLogger } = await import('../lib/logger.ts');
  const redis = apiRedis(url, createLogger('warn'));
  if (counts) {
    const send = redis.sendCommand.bind(redis);
    redis.sendCommand = ((command: { name: string }, ...rest: unknown[]) => {
      counts.set(`redis ${command.name}`, (counts.get(`redis ${command.name}`) ?? 0) + 1);
      return (send as (...a: unknown[]) => unknown)(command, ...rest);
    }) as typeof redis.sendCommand;
  }
  return redis;
}

/** The server process's CPU time so far (user + system, µs). */
const cpuOf = (child: ChildProcess) =>
  new Promise<number>((resolve) => {
    const on = (m: unknown) => {
      if (typeof m === 'object' && m !== null && 'cpu' in m) {
        child.off('message', on);
        resolve((m as { cpu: number }).cpu);
      }
    };
    child.on('message', on);
    child.send('cpu');
  });

/** Sends a profiler command to the server and waits for its acknowledgement. */
const prof = (child: ChildProcess, cmd: { prof: 'start' | 'stop'; file?: string }) =>
  new Promise<void>((resolve) => {
    const on = (m: unknown) => {
      if (typeof m === 'object' && m !== null && 'cpu' in m) {
        child.off('message', on);
        resolve();
      }
    };
    child.on('message', on);
    child.send(cmd);
  });

/**
 * A round with the server's CPU time it cost, per request served (`cpu_us`); with `profile`, the round is
 * also CPU-profiled into that file (the profiler's own cost is then in `cpu_us`).
 */
async function cpuRound(
  child: ChildProcess,
  port: number,
  make: Req,
  profile?: string,
): Promise<RoundResult & { cpu_us: number }> {
  if (profile) await prof(child, { prof: 'start' });
  const before = await cpuOf(child);
  const r = await round(port, make, ROUND_MS, { concurrency: CONCURRENCY });
  const after = await cpuOf(child);
  if (profile) {
    await prof(child, { prof: 'stop', file: profile });
    writeFileSync(`${profile}.json`, JSON.stringify({ ...r, cpu_us: (after - before) / r.requests }));
  }
  return { ...r, cpu_us: Math.round((after - before) / Math.max(1, r.requests)) };
}

/** The server's answer to an `alloc` message (allocCount): bytes allocated on its JS heap since 'start'. */
const allocOf = (child: ChildProcess, op: 'start' | 'stop') =>
  new Promise<number>((resolve) => {
    const on = (m: unknown) => {
      if (typeof m === 'object' && m !== null && 'alloc' in m) {
        child.off('message', on);
        resolve((m as { alloc: { allocated?: number } }).alloc.allocated ?? 0);
      }
    };
    child.on('message', on);
    child.send({ alloc: op });
  });

/** The server's statements so far, by kind (countStatements). */
const stmtsOf = (child: ChildProcess) =>
  new Promise<Record<string, number>>((resolve) => {
    const on = (m: unknown) => {
      if (typeof m === 'object' && m !== null && 'stmts' in m) {
        child.off('message', on);
        resolve((m as { stmts: Record<string, number> }).stmts);
      }
    };
    child.on('message', on);
    child.send('stmts');
  });

/**
 * The bench database's side of a round: the CPU time (ns, /proc/<pid>/schedstat) of every Postgres backend
 * connected to it (both servers' pools; not this monitor's own), and the rows of the platform's two tables.
 */
interface DbSnapshot {
  cpuNs: Map<number, number>;
  ledger: number;
  usage: number;
}

async function dbSnapshot(mon: import('pg').Client): Promise<DbSnapshot> {
  const { readFileSync } = await import('node:fs');
  const pids = await mon.query<{ pid: number }>(
    `select pid from pg_stat_activity
      where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
  );
  const cpuNs = new Map<number, number>();
  for (const { pid } of pids.rows) {
    try {
      cpuNs.set(pid, Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]));
    } catch {
      // the backend ended between the two reads
    }
  }
  const [n] = (
    await mon.query<{ ledger: string; usage: string }>(
      'select (select count(*) from credit_ledger) as ledger, (select count(*) from usage_events) as usage',
    )
  ).rows;
  return { cpuNs, ledger: Number(n!.ledger), usage: Number(n!.usage) };
}

/** What the database did between two snapshots: backend CPU µs (and backends that ended meanwhile), rows. */
function dbDelta(a: DbSnapshot, b: DbSnapshot) {
  let ns = 0;
  for (const [pid, v] of b.cpuNs) ns += v - (a.cpuNs.get(pid) ?? 0);
  let gone = 0;
  for (const pid of a.cpuNs.keys()) if (!b.cpuNs.has(pid)) gone++;
  return { cpuUs: ns / 1000, gone, ledger: b.ledger - a.ledger, usage: b.usage - a.usage };
}

/**
 * Long enough after a round for its last usage batch (written at most 1 s after its first event) and its
 * credit holds' settles to land, so a round's database work is counted in its own round.
 */
const DB_SETTLE_MS = 1_300;

/**
 * Exactly CPU_REQUESTS requests (CONCURRENCY in flight, connections of their own): the server's CPU time (user +
 * system µs) and JS heap bytes allocated, per request. The same request count and sequence on both sides, so
 * the two sides' figures are for the same work, whatever the host's load did to the round's duration. With
 * `mon`, also the database's side (dbSnapshot), read DB_SETTLE_MS after the round: `db` is the difference
 * with `since` (the snapshot after the previous round), and the statements the server sent.
 */
async function fixedRound(
  child: ChildProcess,
  port: number,
  route: RouteName,
  key: string | null,
  mon: import('pg').Client,
  since: DbSnapshot,
) {
  const stmts0 = await stmtsOf(child);
  await allocOf(child, 'start');
  const before = await cpuOf(child);
  const errors = await sendFixedFresh(port, ROUTES[route], key, CPU_REQUESTS, CONCURRENCY);
  const after = await cpuOf(child);
  const allocated = await allocOf(child, 'stop');
  await new Promise((r) => setTimeout(r, DB_SETTLE_MS));
  const snap = await dbSnapshot(mon);
  const stmts1 = await stmtsOf(child);
  const statements: Record<string, number> = {};
  for (const [k, v] of Object.entries(stmts1)) {
    const d = v - (stmts0[k] ?? 0);
    if (d > 0) statements[k] = d / CPU_REQUESTS;
  }
  return {
    errors,
    cpu_us: (after - before) / CPU_REQUESTS,
    bytes: allocated / CPU_REQUESTS,
    db: dbDelta(since, snap),
    statements,
    snap,
  };
}

/** The fixed-count rounds' figures for one route (see the header). */
async function fixedCount(
  child: ChildProcess,
  ready: BenchReady,
  route: RouteName,
  mon: import('pg').Client,
) {
  const bare: Awaited<ReturnType<typeof fixedRound>>[] = [];
  const platform: Awaited<ReturnType<typeof fixedRound>>[] = [];
  await new Promise((r) => setTimeout(r, DB_SETTLE_MS));
  let snap = await dbSnapshot(mon);
  for (let r = 0; r < CPU_ROUNDS; r++) {
    bare.push(await fixedRound(child, ready.bare, route, null, mon, snap));
    snap = bare.at(-1)!.snap;
    platform.push(await fixedRound(child, ready.platform, route, ready.key, mon, snap));
    snap = platform.at(-1)!.snap;
  }
  const r1 = (x: number) => Math.round(x * 10) / 10;
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  const cpu = median(platform.map((x) => x.cpu_us));
  const bareCpu = median(bare.map((x) => x.cpu_us));
  const bytes = median(platform.map((x) => x.bytes));
  const bareBytes = median(bare.map((x) => x.bytes));
  const dbUs = (x: (typeof bare)[number]) => x.db.cpuUs / CPU_REQUESTS;
  const db = median(platform.map(dbUs));
  const bareDb = median(bare.map(dbUs));
  const perReq = (xs: typeof bare, k: 'ledger' | 'usage') =>
    r3(median(xs.map((x) => x.db[k] / CPU_REQUESTS)));
  const stmts = (xs: typeof bare) => {
    const out: Record<string, number> = {};
    for (const k of new Set(xs.flatMap((x) => Object.keys(x.statements))))
      out[k] = r3(median(xs.map((x) => x.statements[k] ?? 0)));
    return out;
  };
  return {
    fixed_requests: CPU_REQUESTS,
    fixed_rounds: CPU_ROUNDS,
    fixed_errors: [...bare, ...platform].reduce((a, x) => a + x.errors, 0),
    cpu_us_per_req: r1(cpu),
    bare_cpu_us_per_req: r1(bareCpu),
    cpu_extra_us_per_req: r1(cpu - bareCpu),
    cpu_req_ratio: r3(cpu / bareCpu),
    cpu_pair_ratios: platform.map((p, i) => r3(p.cpu_us / bare[i]!.cpu_us)),
    cpu_us_per_req_rounds: platform.map((x) => r1(x.cpu_us)),
    bare_cpu_us_per_req_rounds: bare.map((x) => r1(x.cpu_us)),
    alloc_bytes_per_req: Math.round(bytes),
    bare_alloc_bytes_per_req: Math.round(bareBytes),
    alloc_ratio: r3(bytes / bareBytes),
    // the database's side over the same request count: its backends' CPU per request, the statements the
    // server sent per request (by kind) and the rows the platform's tables gained per request
    db_cpu_us_per_req: r1(db),
    bare_db_cpu_us_per_req: r1(bareDb),
    db_cpu_extra_us_per_req: r1(db - bareDb),
    db_cpu_ratio: r3(db / bareDb),
    db_cpu_pair_ratios: platform.map((p, i) => r3(dbUs(p) / dbUs(bare[i]!))),
    db_cpu_us_per_req_rounds: platform.map((x) => r1(dbUs(x))),
    bare_db_cpu_us_per_req_rounds: bare.map((x) => r1(dbUs(x))),
    db_backends_gone: [...bare, ...platform].reduce((a, x) => a + x.db.gone, 0),
    statements_per_req: stmts(platform),
    bare_statements_per_req: stmts(bare),
    ledger_rows_per_req: perReq(platform, 'ledger'),
    usage_rows_per_req: perReq(platform, 'usage'),
    bare_rows_per_req: r3(median(bare.map((x) => (x.db.ledger + x.db.usage) / CPU_REQUESTS))),
  };
}

const get =
  (route: RouteName, key: string | null): Req =>
  (i) => ({
    path: ROUTES[route](i),
    headers: key ? { authorization: `Bearer ${key}` } : ({} as Record<string, string>),
  });

async function main(): Promise<void> {
  const scratch = await benchDatabase('bench_api');
  const { admin } = scratch;
  const { child, ready: started } = forkApiBench(scratch.url);
  const { default: pgClient } = await import('pg');
  // the fixed-count rounds' database monitor (dbSnapshot): a connection of its own to the bench database
  const mon = new pgClient.Client({ connectionString: scratch.url });
  try {
    const ready = await started;
    await mon.connect();
    const results: Record<string, unknown>[] = [];
    for (const route of ONLY) {
      await round(ready.bare, get(route, null), 1_500, { concurrency: CONCURRENCY });
      await round(ready.platform, get(route, ready.key), 1_500, { concurrency: CONCURRENCY });
      const bare: (RoundResult & { cpu_us: number })[] = [];
      const platform: (RoundResult & { cpu_us: number })[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        // BENCH_PROF: one extra round per side, profiled, not counted in the figures
        const profile = (side: string) =>
          r === ROUNDS - 1 && process.env.BENCH_PROF ? `${PROF_DIR}/${route}-${side}.cpuprofile` : undefined;
        bare.push(await cpuRound(child, ready.bare, get(route, null)));
        platform.push(await cpuRound(child, ready.platform, get(route, ready.key)));
        if (profile('bare')) {
          await cpuRound(child, ready.bare, get(route, null), profile('bare'));
          await cpuRound(child, ready.platform, get(route, ready.key), profile('platform'));
        }
      }
      const b = { ...summary(bare), cpu_us_per_request: median(bare.map((x) => x.cpu_us)) };
      const p = { ...summary(platform), cpu_us_per_request: median(platform.map((x) => x.cpu_us)) };
      results.push({
        route,
        path: ROUTES[route](0),
        platform: p,
        bare: b,
        ratio: Math.round((p.rps / b.rps) * 1000) / 1000,
        p99_platform_ms: p.p99_ms,
        p99_bare_ms: b.p99_ms,
        p99_ratio: Math.round((p.p99_ms / b.p99_ms) * 1000) / 1000,
        // The server process's CPU per request served (user + system, medians of the rounds): far less
        // sensitive to the machine's load than the wall-time ratios above.
        cpu_us_platform: p.cpu_us_per_request,
        cpu_us_bare: b.cpu_us_per_request,
        cpu_ratio: Math.round((p.cpu_us_per_request / b.cpu_us_per_request) * 1000) / 1000,
        // CPU and allocation over the same request count on both sides (fixed-count rounds)
        ...(CPU_ROUNDS > 0 ? await fixedCount(child, ready, route, mon) : {}),
      });
    }
    // How the platform's requests were paid for: charge rows (one per request), and the holds (reserve and
    // release rows) that took the charges off the request path (credits.ts; CREDIT_HOLD_MS=0: none).
    const { default: pg } = await import('pg');
    const benchDb = new pg.Client({ connectionString: scratch.url });
    await benchDb.connect();
    const ledger = Object.fromEntries(
      (
        await benchDb.query<{ reason: string; n: string }>(
          'select reason, count(*) as n from credit_ledger group by reason order by reason',
        )
      ).rows.map((r) => [r.reason, Number(r.n)]),
    );
    await benchDb.end();
    const worst = (
      k: 'ratio' | 'p99_ratio' | 'cpu_req_ratio' | 'db_cpu_ratio',
      pick: (xs: number[]) => number,
    ) => pick(results.map((r) => r[k] as number));
    process.stdout.write(
      `${JSON.stringify({
        name: 'api',
        bench: 'api: platform vs a bare fastify handler running the same SQL',
        postgres: (await admin.query('show server_version')).rows[0].server_version,
        concurrency: CONCURRENCY,
        round_ms: ROUND_MS,
        rounds: ROUNDS,
        routes: results,
        ledger,
        ratio: worst('ratio', (xs) => Math.min(...xs)),
        p99_ratio: worst('p99_ratio', (xs) => Math.max(...xs)),
        ...(CPU_ROUNDS > 0
          ? {
              cpu_req_ratio: worst('cpu_req_ratio', (xs) => Math.max(...xs)),
              db_cpu_ratio: worst('db_cpu_ratio', (xs) => Math.max(...xs)),
            }
          : {}),
        goal: { ratio: '>= 0.9', p99_ratio: '<= 1.1' },
      })}\n`,
    );
  } finally {
    await mon.end().catch(() => undefined);
    child.send('stop');
    await new Promise((r) => child.once('exit', r));
    await scratch.drop();
  }
}

if (process.env.BENCH_ROLE === 'server') await server();
else await main();
