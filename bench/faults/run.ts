import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import pg from 'pg';
import { createAccount, createApiKey } from '../../api/platform/accounts.ts';
import { buildApp } from '../../api/server.ts';
import { backfill } from '../../jobs/refresh.ts';
import { createRuntime } from '../../jobs/runtime/index.ts';
import type { JobRuntime } from '../../jobs/runtime/types.ts';
import { createServices, type Services } from '../../jobs/services.ts';
import { loadConfig } from '../../lib/config.ts';
import { type Database, openDatabase } from '../../lib/db.ts';
import { createLogger } from '../../lib/logger.ts';
import { syncDatasetRegistry } from '../../loaders/coverage.ts';
import { digestDiff, tableDigests } from './digest.ts';
import { fuzz } from './fuzz.ts';
import { type Probe, startProbe } from './probe.ts';
import { startPrivatePostgres, startPrivateRedis } from './services.ts';
import { killHard, spawnWorker, stopGracefully, type WorkerProc } from './workers.ts';

/**
 * `npm run faults -- <fault>`: the full-size fault runs of issue 26 section 3 (docs/faults.md). Each prints
 * one JSON report on stdout (progress on stderr) and exits 1 when the platform did not hold. The CI-sized
 * versions are test/faults/*.test.ts and test/contract/redis-down.test.ts.
 */
/** The API's own tables (the keys and credits of the load it served): not part of a backfill's result. */
const API_TABLES = ['accounts', 'api_keys', 'credit_ledger', 'usage_events'];
const log = (msg: string) => process.stderr.write(`[faults] ${msg}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Window {
  dataset: string[];
  from?: string;
  to?: string;
}

/** A new database on the server of `adminUrl`, migrated; dropped by `drop()`. */
async function freshDatabase(adminUrl: string, label: string) {
  const name = `h_faults_${label}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const database = await openDatabase({ databaseUrl: url, poolSize: 20 });
  await database.migrate();
  await syncDatasetRegistry(database);
  return {
    database,
    url,
    async drop() {
      await database.close().catch(() => undefined);
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

async function jobServices(
  database: Database,
  env: Record<string, string | undefined>,
  opts: { workers?: boolean; prefix?: string } = {},
): Promise<{ services: Services; runtime: JobRuntime; close(): Promise<void> }> {
  const ownDir = env.DATA_DIR ? null : mkdtempSync(join(tmpdir(), 'findata-faults-data-'));
  const config = loadConfig({
    ...(ownDir ? { DATA_DIR: ownDir } : {}),
    LOG_LEVEL: 'warn',
    MIRROR_LIVE_INTERVAL_MS: '0',
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => /^(MIRROR_URL|UPSTREAM|SEC_)/.test(k))),
    ...env,
  });
  const services = await createServices(config, createLogger('warn', process.stderr), { database });
  const runtime = await createRuntime(services, {
    prefix: opts.prefix ?? `faults${randomBytes(3).toString('hex')}`,
  });
  if (opts.workers !== false) await runtime.startWorkers();
  return {
    services,
    runtime,
    async close() {
      await runtime.close();
      await services.close();
      if (ownDir) rmSync(ownDir, { recursive: true, force: true });
    },
  };
}

async function runBackfills(
  services: Services,
  runtime: JobRuntime,
  w: Window,
  onProgress?: (done: number) => void,
) {
  const out = { partitions: 0, failures: [] as { partition: string; message: string }[] };
  let done = 0;
  for (const d of w.dataset) {
    const r = await backfill(services, runtime, d, { from: w.from, to: w.to }, (p) => {
      done++;
      onProgress?.(done);
      if (p.failed) log(`${d}: ${p.lastError?.partition} failed: ${p.lastError?.message}`);
    });
    out.partitions += r.reports.length;
    out.failures.push(...r.failures);
  }
  return out;
}

async function cleanDigests(adminUrl: string, w: Window) {
  const db = await freshDatabase(adminUrl, 'clean');
  const env = await jobServices(db.database, {});
  const t = Date.now();
  const r = await runBackfills(env.services, env.runtime, w);
  await env.close();
  const digests = await tableDigests(db.database, { skip: API_TABLES });
  await db.drop();
  log(`clean run: ${r.partitions} partitions, ${r.failures.length} failed, ${Date.now() - t} ms`);
  return { digests, seconds: (Date.now() - t) / 1000, failures: r.failures.length };
}

function windowOf(o: { dataset: string; from?: string; to?: string }): Window {
  return {
    dataset: o.dataset.split(','),
    ...(o.from ? { from: o.from } : {}),
    ...(o.to ? { to: o.to } : {}),
  };
}

async function startApiOn(database: Database, secret: string) {
  const config = loadConfig({ NODE_ENV: 'production', CURSOR_SECRET: secret, LOG_LEVEL: 'fatal' });
  const app = await buildApp({ database, config, logger: createLogger('fatal') });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const a = app.server.address();
  return { app, url: `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}` };
}

async function fundKeys(database: Database, n: number): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < n; i++) {
    const account = await createAccount(database, {
      name: `faults ${i}`,
      plan: 'fund',
      credits: 100_000_000,
    });
    keys.push((await createApiKey(database, { accountId: account.id, name: 'faults' })).key);
  }
  return keys;
}

function finish(report: Record<string, unknown>, held: boolean) {
  process.stdout.write(`${JSON.stringify({ ...report, held }, null, 2)}\n`);
  process.exitCode = held ? 0 : 1;
}

const program = new Command('faults')
  .description('Fault runs at size (issue 26 section 3); docs/faults.md says what each measures')
  .showHelpAfterError();

const windowOptions = (c: Command) =>
  c
    .option('--dataset <ids>', 'datasets to backfill, comma-separated, in order', 'filings')
    .option('--from <period>', 'window start (YYYY-MM-DD or YYYYQn)', '2021Q1')
    .option('--to <period>', 'window end', '2021Q4');

program
  .command('fuzz')
  .description(
    'N broken requests over every operation of the served OpenAPI document: 0 5xx, every 4xx in its documented body',
  )
  .option('--count <n>', 'requests', '100000')
  .option('--concurrency <n>', 'clients in flight', '16')
  .option('--seed <n>', 'PRNG seed (a failure is reproduced by its seed)', '1')
  .option(
    '--database-url <url>',
    "serve this database (e.g. the rehearsal's); default: a new one on DATABASE_URL, or in-memory PGlite, backfilled from the fixtures mirror",
  )
  .option('--backfill <ids>', 'datasets to backfill into a new database first', 'companies,filings')
  .action(async (o) => {
    let database: Database;
    let drop = async () => {};
    if (o.databaseUrl) database = await openDatabase({ databaseUrl: o.databaseUrl, poolSize: 20 });
    else if (process.env.DATABASE_URL) {
      const db = await freshDatabase(process.env.DATABASE_URL, 'fuzz');
      database = db.database;
      drop = db.drop;
    } else {
      database = await openDatabase({ dataDir: 'memory://' });
      await database.migrate();
      await syncDatasetRegistry(database);
    }
    if (!o.databaseUrl) {
      const env = await jobServices(database, { REDIS_URL: undefined });
      const r = await runBackfills(env.services, env.runtime, { dataset: String(o.backfill).split(',') });
      await env.close();
      log(`backfilled ${o.backfill}: ${r.partitions} partitions, ${r.failures.length} failed`);
    }
    const secret = randomBytes(24).toString('hex');
    const api = await startApiOn(database, secret);
    const count = Number(o.count);
    const keys = await fundKeys(database, Math.min(200, Math.max(4, Math.ceil(count / 1000))));
    const report = await fuzz({
      baseUrl: api.url,
      keys,
      count,
      concurrency: Number(o.concurrency),
      seed: Number(o.seed),
      cursorSecret: secret,
      skip: (_m, path) => path.endsWith('/stream'),
      onProgress: (d, t) => {
        if (d % 10_000 === 0) log(`${d}/${t}`);
      },
    });
    await api.app.close();
    await (o.databaseUrl ? database.close() : drop().then(() => database.close().catch(() => undefined)));
    finish(
      { fault: 'fuzz', seed: Number(o.seed), ...report },
      report.fiveXx === 0 && report.badErrorBodies === 0,
    );
  });

windowOptions(
  program
    .command('postgres-restart')
    .description(
      'Restart Postgres in the middle of a backfill and of an API load: 503 + Retry-After meanwhile, recovery by itself, the backfill resumes, every table equal to a clean run',
    )
    .option(
      '--shared',
      "restart THIS MACHINE's Postgres (pg_ctlcluster; DATABASE_URL must point at it) instead of a private cluster",
    )
    .option('--down-seconds <n>', 'how long Postgres stays down', '3')
    .option('--clients <n>', 'API load: concurrent clients', '16'),
).action(async (o) => {
  const w = windowOf(o);
  let adminUrl: string;
  let stopPg: () => Promise<void>;
  let startPg: () => Promise<void>;
  let destroy = async () => {};
  if (o.shared) {
    if (!process.env.DATABASE_URL) throw new Error("--shared needs DATABASE_URL (the machine's Postgres)");
    adminUrl = process.env.DATABASE_URL;
    const version = readdirSync('/etc/postgresql')[0]!;
    const ctl = (a: string) =>
      execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', a]);
    stopPg = async () => void ctl('stop');
    startPg = async () => void ctl('start');
  } else {
    const pgs = await startPrivatePostgres();
    adminUrl = pgs.url();
    stopPg = () => pgs.stop('fast');
    startPg = () => pgs.start();
    destroy = () => pgs.destroy();
  }
  const clean = await cleanDigests(adminUrl, w);
  const db = await freshDatabase(adminUrl, 'pgrestart');
  const api = await startApiOn(db.database, randomBytes(16).toString('hex'));
  const [key] = await fundKeys(db.database, 1);
  const probe: Probe = startProbe({
    baseUrl: api.url,
    key: key!,
    clients: Number(o.clients),
    paths: ['/v1/companies?ticker=AAPL', '/v1/filings?ticker=AAPL&limit=5', '/v1/companies?ticker=MSFT'],
  });
  const env = await jobServices(db.database, {});
  let restart: Promise<void> | null = null;
  let downMs = 0;
  const t = Date.now();
  const r = await runBackfills(env.services, env.runtime, w, (done) => {
    if (done >= 2 && !restart)
      restart = (async () => {
        log('stopping Postgres');
        const t0 = Date.now();
        await stopPg();
        await sleep(Number(o.downSeconds) * 1000);
        await startPg();
        downMs = Date.now() - t0;
        log(`Postgres back after ${downMs} ms`);
        probe.markRecoveryStart();
      })();
  });
  await restart;
  const recovered = await probe.recovered(60_000);
  const load = await probe.stop();
  const resumed = await runBackfills(env.services, env.runtime, w);
  await env.close();
  await api.app.close();
  const diff = digestDiff(clean.digests, await tableDigests(db.database, { skip: API_TABLES }));
  await db.drop();
  await destroy();
  finish(
    {
      fault: 'postgres-restart',
      shared: Boolean(o.shared),
      window: w,
      downMs,
      backfill: { partitions: r.partitions, failures: r.failures, seconds: (Date.now() - t) / 1000 },
      cleanSeconds: clean.seconds,
      resumedRunPartitions: resumed.partitions,
      api: load,
      recovered,
      digestDiff: diff,
    },
    restart !== null && r.failures.length === 0 && load.bad.length === 0 && recovered && diff.length === 0,
  );
});

windowOptions(
  program
    .command('redis-restart')
    .description(
      'Kill and restart Redis (append-only, as compose runs it) every few seconds during a BullMQ backfill: no partition lost, every table equal to a clean run',
    )
    .option('--every <s>', 'seconds between Redis kills', '5')
    .option('--kills <n>', 'how many kills at most', '5'),
).action(async (o) => {
  if (!process.env.DATABASE_URL)
    throw new Error('redis-restart needs DATABASE_URL (a Postgres server to create databases on)');
  const w = windowOf(o);
  const redis = await startPrivateRedis({ persist: true });
  const clean = await cleanDigests(process.env.DATABASE_URL, w);
  const db = await freshDatabase(process.env.DATABASE_URL, 'redis');
  const env = await jobServices(db.database, { REDIS_URL: redis.url });
  let kills = 0;
  let running = true;
  const chaos = (async () => {
    while (running && kills < Number(o.kills)) {
      await sleep(Number(o.every) * 1000);
      if (!running) break;
      await redis.stop('SIGKILL');
      kills++;
      log(`Redis killed (${kills})`);
      await sleep(1000);
      await redis.start();
    }
  })();
  const t = Date.now();
  const r = await runBackfills(env.services, env.runtime, w);
  running = false;
  await chaos;
  const again = await runBackfills(env.services, env.runtime, w);
  await env.close();
  const diff = digestDiff(clean.digests, await tableDigests(db.database, { skip: API_TABLES }));
  await db.drop();
  await redis.destroy();
  finish(
    {
      fault: 'redis-restart',
      window: w,
      kills,
      backfill: { partitions: r.partitions, failures: r.failures, seconds: (Date.now() - t) / 1000 },
      secondRunPartitions: again.partitions,
      cleanSeconds: clean.seconds,
      digestDiff: diff,
    },
    r.failures.length === 0 && again.partitions === 0 && diff.length === 0,
  );
});

windowOptions(
  program
    .command('kill-workers')
    .description(
      'N `etl worker` processes, one killed with SIGKILL every few seconds and replaced, during a backfill: every table equal to a clean run',
    )
    .option('--workers <n>', 'etl worker processes', '4')
    .option('--every <s>', 'seconds between kills', '5'),
).action(async (o) => {
  if (!process.env.DATABASE_URL)
    throw new Error('kill-workers needs DATABASE_URL (a Postgres server to create databases on)');
  const w = windowOf(o);
  const redis = await startPrivateRedis({ persist: false });
  const clean = await cleanDigests(process.env.DATABASE_URL, w);
  const db = await freshDatabase(process.env.DATABASE_URL, 'kill');
  const env = {
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'findata-faults-kill-')),
    UPSTREAM: process.env.UPSTREAM ?? 'fixtures',
    MIRROR_PORT: '0',
    MIRROR_LIVE_INTERVAL_MS: '0',
    WEBHOOKS_POLL_MS: '60000',
    ...(process.env.MIRROR_URL ? { MIRROR_URL: process.env.MIRROR_URL } : {}),
  };
  let next = 0;
  const workers: WorkerProc[] = [];
  for (let i = 0; i < Number(o.workers); i++) workers.push(spawnWorker(next++, env));
  await Promise.all(workers.map((x) => x.ready));
  const producer = await jobServices(
    db.database,
    { REDIS_URL: redis.url, DATA_DIR: env.DATA_DIR },
    { workers: false, prefix: 'findata' },
  );
  let kills = 0;
  let running = true;
  const chaos = (async () => {
    while (running) {
      await sleep(Number(o.every) * 1000);
      if (!running) break;
      const i = Math.floor(Math.random() * workers.length);
      await killHard(workers[i]!);
      kills++;
      log(`worker ${workers[i]!.id} killed (kill -9, ${kills})`);
      workers[i] = spawnWorker(next++, env);
    }
  })();
  const t = Date.now();
  const r = await runBackfills(producer.services, producer.runtime, w);
  running = false;
  await chaos;
  await producer.close();
  for (const x of workers) await stopGracefully(x, 10_000);
  const diff = digestDiff(clean.digests, await tableDigests(db.database, { skip: API_TABLES }));
  await db.drop();
  await redis.destroy();
  finish(
    {
      fault: 'kill-workers',
      window: w,
      workers: Number(o.workers),
      kills,
      backfill: { partitions: r.partitions, failures: r.failures, seconds: (Date.now() - t) / 1000 },
      cleanSeconds: clean.seconds,
      digestDiff: diff,
    },
    kills > 0 && r.failures.length === 0 && diff.length === 0,
  );
});

windowOptions(
  program
    .command('disk-full')
    .description(
      'The raw archive on a small tmpfs (needs permission to mount: root) filled to half of what the backfill needs: clear failures, no partial load, nothing damaged, the backfill finishes once space is freed',
    )
    .option('--size <mib>', 'tmpfs size in MiB', '64'),
).action(async (o) => {
  const w = windowOf(o);
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('disk-full needs DATABASE_URL (a Postgres server to create databases on)');
  const dir = mkdtempSync(join(tmpdir(), 'findata-faults-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${Number(o.size)}m`, 'tmpfs', dir]);
  try {
    const clean = await cleanDigests(adminUrl, w);
    const db = await freshDatabase(adminUrl, 'disk');
    // first the whole window on the tmpfs to learn what it takes, then again on a half-filled one
    const probeEnv = await jobServices(db.database, { DATA_DIR: dir });
    await runBackfills(probeEnv.services, probeEnv.runtime, w);
    await probeEnv.close();
    const s0 = statfsSync(dir);
    const used = (s0.blocks - s0.bfree) * s0.bsize;
    await db.drop();
    rmSync(join(dir, 'raw'), { recursive: true, force: true });
    const s = statfsSync(dir);
    const filler = join(dir, 'filler');
    writeFileSync(filler, Buffer.alloc(Math.max(0, s.bavail * s.bsize - Math.floor(used / 2))));
    const db2 = await freshDatabase(adminUrl, 'disk2');
    const env = await jobServices(db2.database, { DATA_DIR: dir });
    const full = await runBackfills(env.services, env.runtime, w);
    const clear = full.failures.every((f) => f.message.startsWith('raw archive full:'));
    const partial = await db2.database.query<{ n: number }>(
      `select count(*)::int as n from dataset_partitions where status = 'failed' and rows <> 0`,
    );
    rmSync(filler);
    const after = await runBackfills(env.services, env.runtime, w);
    await env.close();
    const diff = digestDiff(clean.digests, await tableDigests(db2.database, { skip: API_TABLES }));
    await db2.drop();
    finish(
      {
        fault: 'disk-full',
        window: w,
        archiveBytes: used,
        whileFull: {
          partitions: full.partitions,
          failed: full.failures.length,
          firstError: full.failures[0]?.message,
        },
        afterFreeing: { partitions: after.partitions, failed: after.failures.length },
        digestDiff: diff,
      },
      full.failures.length > 0 &&
        clear &&
        partial[0]!.n === 0 &&
        after.failures.length === 0 &&
        diff.length === 0,
    );
  } finally {
    execFileSync('umount', [dir]);
  }
});

await program.parseAsync(process.argv);
