import { execFileSync } from 'node:child_process';
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
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backfillFeed, FEED_DATASETS, feedDayUrl, filingRows } from '../../jobs/edgar/feed-backfill.ts';
import { startMirror } from '../../jobs/http/mirror.ts';
import { backfill } from '../../jobs/refresh.ts';
import { createRuntime } from '../../jobs/runtime/index.ts';
import { createServices } from '../../jobs/services.ts';
import { loadConfig } from '../../lib/config.ts';
import type { Database } from '../../lib/db.ts';
import { padCik } from '../../lib/ids.ts';
import { createLogger } from '../../lib/logger.ts';
import { syncDatasetRegistry } from '../../loaders/coverage.ts';
import { loadFilings } from '../../loaders/filings.ts';
import { parseSubmissionHeader } from '../../parsers/edgar/filing-document.ts';
import { createTestDatabase } from '../../test/helpers/db.ts';
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
 */

const { values: o } = parseArgs({
  options: {
    factor: { type: 'string', default: '0.0005' },
    seed: { type: 'string', default: '1' },
    out: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
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
  const runtime = createRuntime(services, { prefix: `feedbench${process.pid}` });
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
  submissions: subs.length,
  weekendSubmissions: weekend,
  days: days.length,
  feedBytes,
};
{
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
{
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
await mirror.close();
result.seconds = (performance.now() - t0) / 1000;
await writeFile(path.join(out, 'feed.json'), JSON.stringify(result, null, 2));
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
if (!o.keep) await rm(out, { recursive: true, force: true });
process.exit(0);
