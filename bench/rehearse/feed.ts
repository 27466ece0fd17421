import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import {
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  realpath,
  rm,
  symlink,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  backfillFeed,
  FEED_DATASETS,
  type FeedDayResult,
  feedDayKey,
  feedDayUrl,
  feedTaskName,
  filingRows,
} from '../../jobs/edgar/feed-backfill.ts';
import { startMirror } from '../../jobs/http/mirror.ts';
import { backfill } from '../../jobs/refresh.ts';
import { createRuntime } from '../../jobs/runtime/index.ts';
import { createServices } from '../../jobs/services.ts';
import { loadConfig } from '../../lib/config.ts';
import { type Database, openDatabase } from '../../lib/db.ts';
import { padCik } from '../../lib/ids.ts';
import { createLogger } from '../../lib/logger.ts';
import { syncDatasetRegistry } from '../../loaders/coverage.ts';
import { loadFilings } from '../../loaders/filings.ts';
import { parseSubmissionHeader } from '../../parsers/edgar/filing-document.ts';
import { createTestDatabase } from '../../test/helpers/db.ts';
import { deleteKeys } from '../../test/helpers/services.ts';
import { generate } from './generate.ts';

/**
 * The Feed route against the per-filing route on the same generated submissions (`npm run rehearse -- ...`
 * sizes the whole job; this measures the two routes for filing_items, insider_trades and
 * institutional_holdings only):
 *
 *   node --import tsx bench/rehearse/feed.ts --factor 0.0005 [--out DIR] [--keep]
 *
 * 1. generate.ts writes the per-filing submissions (`<accession>.txt`, captured submissions rewritten) for
 *    the three families at the factor;
 * 2. they are packed, per filing date, into day archives at EDGAR's Feed addresses with the system tar
 *    (members `<accession>.nc`: SEC's real members are in the dissemination dialect; these keep the
 *    generated full-text dialect, which the route's header reader and the parsers read alike);
 * 3. both routes run on fresh databases (PGlite, or Postgres with DATABASE_URL) through the offline mirror
 *    and the real HTTP client (SEC_MAX_RPS applies): the per-filing route with `backfill` of each dataset
 *    over index rows seeded from the same headers (filings, ownership_index), the Feed route with
 *    `backfillFeed` over the days. Prints documents/s of each and writes `<out>/feed.json`.
 *
 * The Feed route's fan-out (issue 26): `--routes feed --workers 0,4` runs only the Feed route, once
 * in-process and once on BullMQ with 4 `etl worker` processes (REDIS_URL: the default queue prefix's keys are deleted first,
 * and DATABASE_URL: a database `feedbench_<pid>_<n>` per run, dropped after), each over the generated days as
 * one list of `feed:YYYYMMDD` partitions (runtime.runPartitions on the `feed` queue, as `etl backfill --feed`
 * queues them, without the range's days that have no archive here). It reports days/s and documents/s, the
 * per-day cost fitted as `ms = a + b * submissions` over the in-process days, and the CPU seconds of this
 * process, the workers and the run's Postgres backends. `--pack N` packs the submissions of N consecutive
 * generated filing days into the first one's archive (denser days, as real ones are: thousands a day).
 */

const { values: o } = parseArgs({
  options: {
    factor: { type: 'string', default: '0.0005' },
    seed: { type: 'string', default: '1' },
    out: { type: 'string' },
    keep: { type: 'boolean', default: false },
    routes: { type: 'string', default: 'per-filing,feed' },
    workers: { type: 'string', default: '0' },
    pack: { type: 'string', default: '1' },
    fanout: { type: 'boolean', default: false },
  },
});
const routes = new Set(o.routes!.split(','));
const workerCounts = o.workers!.split(',').map(Number);
const pack = Math.max(1, Number(o.pack));
const factor = Number(o.factor);
const out = o.out ?? (await mkdtemp(path.join(tmpdir(), 'rehearse-feed-')));
const root = path.join(out, 'upstream');
const families = ['filing_items', 'insider_trades', 'institutional_holdings'];

const t0 = performance.now();
const gen = await generate({ factor, seed: Number(o.seed), out: root, families });
process.stderr.write(`generated ${JSON.stringify(gen.documents)} in ${gen.seconds}s\n`);

// the generated submissions, by filing day
interface Sub {
  file: string;
  accession: string;
  filed: string;
  header: ReturnType<typeof parseSubmissionHeader>;
}
const subs: Sub[] = [];
async function walk(dir: string): Promise<void> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) await walk(p);
    else if (/^\d{10}-\d{2}-\d{6}\.txt$/.test(e.name) && !e.isSymbolicLink()) {
      const text = await readFile(p, 'latin1');
      const header = parseSubmissionHeader(text);
      if (header.accessionNumber && header.filedAt)
        subs.push({ file: p, accession: header.accessionNumber, filed: header.filedAt, header });
    }
  }
}
await walk(path.join(root, 'www.sec.gov/Archives/edgar/data'));
const weekend = subs.filter((s) => [0, 6].includes(new Date(`${s.filed}T00:00:00Z`).getUTCDay())).length;
const byDay = new Map<string, Sub[]>();
for (const s of subs) byDay.set(s.filed, [...(byDay.get(s.filed) ?? []), s]);
const days = [...byDay.keys()].sort();
if (pack > 1) {
  // N consecutive filing days into the first one's archive (the members keep their own headers and dates)
  for (let i = 0; i < days.length; i += pack) {
    const group = days.slice(i, i + pack);
    byDay.set(
      group[0]!,
      group.flatMap((d) => byDay.get(d)!),
    );
    for (const d of group.slice(1)) byDay.delete(d);
  }
  days.splice(0, days.length, ...[...byDay.keys()].sort());
}
// generate.ts links the captured folders it does not rewrite (the Feed folder among them) to
// fixtures/upstream: the day archives go into a real folder of the generated tree, never through that link
const feedDir = path.join(root, 'www.sec.gov/Archives/edgar/Feed');
if ((await lstat(feedDir).catch(() => null))?.isSymbolicLink()) await unlink(feedDir);
await mkdir(feedDir, { recursive: true });
if (!(await realpath(feedDir)).startsWith(`${await realpath(root)}${path.sep}`))
  throw new Error(`${feedDir} resolves outside the generated tree: refusing to write day archives there`);
const stage = await mkdtemp(path.join(tmpdir(), 'feed-stage-'));
let feedBytes = 0;
for (const day of days) {
  const dir = path.join(stage, day);
  await mkdir(dir);
  const names: string[] = [];
  for (const s of byDay.get(day)!) {
    const name = `${s.accession}.nc`;
    await symlink(s.file, path.join(dir, name));
    names.push(name);
  }
  const rel = new URL(feedDayUrl(day)).pathname.slice(1);
  const target = path.join(root, 'www.sec.gov', rel);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(path.join(dir, '.list'), names.join('\n'));
  execFileSync('tar', ['--format=ustar', '-h', '-czf', target, '-C', dir, '-T', path.join(dir, '.list')]);
  feedBytes += (await readFile(target)).length;
}
await rm(stage, { recursive: true, force: true });
process.stderr.write(
  `${subs.length} submissions packed into ${days.length} day archives (${(feedBytes / 1e6).toFixed(1)} MB)\n`,
);

const mirror = await startMirror({ root });
const ciks = [
  ...new Set(
    subs.flatMap((s) => (s.header.parties ?? []).map((p) => padCik(p.cik)).filter((c): c is string => !!c)),
  ),
];

async function environment() {
  const database = await createTestDatabase();
  await syncDatasetRegistry(database);
  const config = loadConfig({
    DATA_DIR: await mkdtemp(path.join(tmpdir(), 'rehearse-feed-data-')),
    LOG_LEVEL: 'silent',
    UPSTREAM: 'fixtures',
    MIRROR_URL: mirror.url,
    SEC_CIKS: ciks.join(','),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
  const services = await createServices(config, createLogger('silent'), { database });
  const runtime = await createRuntime(services, { prefix: `feedbench${process.pid}` });
  await runtime.startWorkers();
  const close = async () => {
    await runtime.close();
    await services.close();
    await database.close();
  };
  return { database, services, runtime, close };
}

/** The index rows the per-filing route lists its partitions from, written from the same headers. */
async function seedIndex(database: Database) {
  const rows = subs.flatMap((s) =>
    filingRows(
      s.header,
      s.accession,
      (s.header.parties ?? []).map((p) => ({ ...p, cik: padCik(p.cik)! })),
      new Date().toISOString(),
    ),
  );
  await database.db.transaction((tx) => loadFilings(tx, rows, 'index'));
  for (const s of subs) {
    if (!/^[345](\/A)?$/.test(s.header.form ?? '')) continue;
    const issuer = s.header.parties?.find((p) => p.role === 'ISSUER');
    if (!issuer) continue;
    await database.query(
      `insert into ownership_index (accession_number, cik, form, filing_date) values ($1, $2, $3, $4) on conflict do nothing`,
      [s.accession, Number(issuer.cik), s.header.form, s.filed],
    );
  }
}

const result: Record<string, unknown> = {
  factor,
  pack,
  loadavgStart: loadavg(),
  submissions: subs.length,
  weekendSubmissions: weekend,
  days: days.length,
  feedBytes,
};
if (routes.has('per-filing')) {
  const env = await environment();
  await seedIndex(env.database);
  const started = performance.now();
  const per: Record<string, { partitions: number; failures: number }> = {};
  for (const d of families) {
    const r = await backfill(env.services, env.runtime, d, { from: '1993-01-01' });
    per[d] = { partitions: r.reports.length, failures: r.failures.length };
  }
  const secs = (performance.now() - started) / 1000;
  const docs = Object.values(per).reduce((n, x) => n + x.partitions, 0);
  result.perFiling = { seconds: secs, partitions: per, documentsPerS: docs / secs };
  process.stderr.write(
    `per-filing route: ${docs} partitions in ${secs.toFixed(1)} s (${(docs / secs).toFixed(2)}/s) ${JSON.stringify(per)}\n`,
  );
  await env.close();
}
if (routes.has('feed') && !o.fanout) {
  const env = await environment();
  const started = performance.now();
  // one call per generated filing day: the days between them have no archive here (a 404 each)
  const r = {
    days: [] as Awaited<ReturnType<typeof backfillFeed>>['days'],
    reports: [] as unknown[],
    failures: [] as unknown[],
  };
  for (const day of days) {
    const x = await backfillFeed(env.services, env.runtime, FEED_DATASETS, day);
    r.days.push(...x.days);
    r.reports.push(...x.reports);
    r.failures.push(...x.failures);
  }
  const secs = (performance.now() - started) / 1000;
  const loaded = r.days.filter((d) => d.status === 'done');
  const submissions = loaded.reduce((n, d) => n + d.submissions, 0);
  const dayMs = loaded.map((d) => d.ms).sort((a, b) => a - b);
  result.feed = {
    seconds: secs,
    daysRequested: r.days.length,
    daysLoaded: loaded.length,
    notFound: r.days.filter((d) => d.status === 'not_found').length,
    submissions,
    // one runtime partition per day loaded (the submissions' own `acc:` partitions are inside it)
    dayPartitions: r.reports.length,
    used: loaded.reduce((n, d) => n + d.used, 0),
    failures: r.failures.length,
    documentsPerS: submissions / secs,
    loadedDayMedianMs: dayMs[Math.floor(dayMs.length / 2)] ?? null,
  };
  process.stderr.write(`feed route: ${JSON.stringify(result.feed)}\n`);
  await env.close();
}
if (o.fanout) {
  result.fanout = [];
  for (const n of workerCounts) (result.fanout as unknown[]).push(await fanout(n));
}
await mirror.close();
result.seconds = (performance.now() - t0) / 1000;
await writeFile(path.join(out, 'feed.json'), JSON.stringify(result, null, 2));
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
if (!o.keep) await rm(out, { recursive: true, force: true });
process.exit(0);

/** CPU seconds (user + system) of a process from /proc (Linux), 0 when it is gone. */
function cpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = f.slice(f.lastIndexOf(')') + 2).split(' ');
    return (Number(rest[11]) + Number(rest[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return 0;
  }
}

/**
 * The Feed route over the generated days as one list of day partitions: in-process (`workers` 0) or on
 * BullMQ with `workers` `etl worker` processes, on a fresh Postgres database.
 */
async function fanout(workers: number) {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('--fanout needs DATABASE_URL (Postgres)');
  if (workers > 0 && !process.env.REDIS_URL) throw new Error('--fanout with workers needs REDIS_URL');
  const name = `feedbench_${process.pid}_${workers}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  const url = u.toString();
  const database = await openDatabase({ databaseUrl: url, poolSize: 10 });
  await database.migrate();
  await syncDatasetRegistry(database);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rehearse-feed-fanout-'));
  const env: Record<string, string> = {
    DATABASE_URL: url,
    ...(workers > 0 ? { REDIS_URL: process.env.REDIS_URL! } : {}),
    DATA_DIR: dataDir,
    UPSTREAM: 'fixtures',
    MIRROR_URL: mirror.url,
    MIRROR_MAX_RPS: '10000',
    SEC_CIKS: ciks.join(','),
    LOG_LEVEL: 'warn',
    SCHEDULER: 'off',
    FILINGS_LIVE_POLL_SECONDS: '0',
    MIRROR_LIVE_INTERVAL_MS: '0',
    JOB_LOCK_MS: '120000',
    EVENTS_MAX_AGE_DAYS: '7',
  };
  if (workers > 0) {
    const { Redis } = await import('ioredis');
    const r = new Redis(process.env.REDIS_URL!);
    await deleteKeys(r, 'findata:*'); // the workers' (default) queue prefix starts empty; other keys stay
    await r.quit();
  }
  const config = loadConfig(env);
  const services = await createServices(config, createLogger('silent'), { database });
  const runtime = await createRuntime(services);
  const procs: ChildProcess[] = [];
  if (workers === 0) await runtime.startWorkers();
  else {
    for (let i = 0; i < workers; i++) {
      const child = spawn(process.execPath, [path.resolve('bin/etl.js'), 'worker'], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      child.stderr!.on('data', (d) => process.stderr.write(`[worker ${i + 1}] ${d}`));
      procs.push(child);
    }
    // the workers' start (tsx compiling the code, the database check, the queues) is not the route's cost:
    // wait until every worker is idle (under 0.2 CPU s in 2 s), at most 3 min
    for (let i = 0, prev = procs.map((p) => cpuSeconds(p.pid)); i < 90; i++) {
      await new Promise((r) => setTimeout(r, 2000));
      const now = procs.map((p) => cpuSeconds(p.pid));
      const busy = now.some((c, j) => c - prev[j]! > 0.2 || c < 1);
      prev = now;
      if (!busy && i >= 2) break;
    }
  }
  // the run's Postgres backends and their CPU, sampled while they live (a pool may close idle ones)
  const pgCpu = new Map<number, number>();
  const samplePg = async () => {
    const rows = await database.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database()`,
    );
    for (const r of rows) pgCpu.set(r.pid, Math.max(pgCpu.get(r.pid) ?? 0, cpuSeconds(r.pid)));
  };
  const workerCpu0 = procs.map((p) => cpuSeconds(p.pid));
  const cpu0 = process.cpuUsage();
  const load0 = loadavg();
  const keys = days.map(feedDayKey);
  const started = performance.now();
  const sampler = setInterval(() => void samplePg().catch(() => undefined), 1000);
  const outcome = await runtime.runPartitions(feedTaskName(FEED_DATASETS), keys, () => undefined);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await samplePg();
  const cpu = process.cpuUsage(cpu0);
  const workerCpu = procs.map((p, i) => cpuSeconds(p.pid) - workerCpu0[i]!);
  const reports = outcome.reports as FeedDayResult[];
  const submissions = reports.reduce((n, r) => n + r.submissions, 0);
  const used = reports.reduce((n, r) => n + r.used, 0);
  // the per-day cost: least squares of ms = a + b * submissions over the days loaded
  const pts = reports.filter((r) => r.status === 'done').map((r) => [r.submissions, r.ms] as const);
  const mx = pts.reduce((n, p) => n + p[0], 0) / Math.max(1, pts.length);
  const my = pts.reduce((n, p) => n + p[1], 0) / Math.max(1, pts.length);
  const sxy = pts.reduce((n, p) => n + (p[0] - mx) * (p[1] - my), 0);
  const sxx = pts.reduce((n, p) => n + (p[0] - mx) ** 2, 0);
  const b = sxx > 0 ? sxy / sxx : 0;
  const counts = await database.query<{ t: string; n: number }>(
    `select 'filings' as t, count(*)::int as n from filings union all
     select 'filing_documents', count(*)::int from filing_documents union all
     select 'insider_trades', count(*)::int from insider_trades union all
     select 'thirteen_f_holdings', count(*)::int from thirteen_f_holdings`,
  );
  const r = {
    workers,
    seconds: Math.round(seconds * 10) / 10,
    days: keys.length,
    daysDone: reports.filter((x) => x.status === 'done').length,
    failures: outcome.failures.length + reports.reduce((n, x) => n + x.failures.length, 0),
    submissions,
    used,
    daysPerS: Math.round((keys.length / seconds) * 100) / 100,
    documentsPerS: Math.round((submissions / seconds) * 100) / 100,
    dayMsMedian: pts.map((p) => p[1]).sort((x, y) => x - y)[Math.floor(pts.length / 2)] ?? null,
    dayFit: { msPerDay: Math.round(my - b * mx), msPerSubmission: Math.round(b) },
    cpuSeconds: {
      runner: Math.round(((cpu.user + cpu.system) / 1e6) * 10) / 10,
      workers: workerCpu.map((c) => Math.round(c * 10) / 10),
      postgres: Math.round([...pgCpu.values()].reduce((n, c) => n + c, 0) * 10) / 10,
    },
    loadavg: { start: load0, end: loadavg() },
    rows: Object.fromEntries(counts.map((c) => [c.t, c.n])),
  };
  process.stderr.write(`fan-out ${workers} workers: ${JSON.stringify(r)}\n`);
  for (const p of procs) p.kill('SIGTERM');
  await Promise.all(procs.map((p) => (p.exitCode !== null ? 0 : new Promise((res) => p.once('exit', res)))));
  await runtime.close();
  await services.close();
  await database.close();
  const a2 = new pg.Client({ connectionString: base });
  await a2.connect();
  await a2.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await a2.end();
  await rm(dataDir, { recursive: true, force: true });
  return r;
}
