import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import yazl from 'yazl';
import { backfillFinancialsBulk } from '../jobs/edgar/financials-bulk.ts';
import { createServices } from '../jobs/services.ts';
import { loadConfig } from '../lib/config.ts';
import type { Database } from '../lib/db.ts';
import { createLogger } from '../lib/logger.ts';
import { loadFinancialStatements } from '../loaders/financials.ts';
import { parseCompanyFacts } from '../parsers/xbrl/companyfacts.ts';
import { financialStatementRows, metricVersions } from '../parsers/xbrl/financials.ts';
import { prepareFacts } from '../parsers/xbrl/prepare.ts';
import { statementVersions } from '../parsers/xbrl/versions.ts';
import type { FinancialStatementInsert } from '../schema/financials.ts';
import { withBenchDatabase } from './db.ts';

const TARGET_MS = Number(process.env.BENCH_TARGET_MS ?? 2_000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const LOAD_ROUNDS = Number(process.env.BENCH_LOAD_ROUNDS ?? 5);
const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DIR = new URL('../fixtures/upstream/data.sec.gov/api/xbrl/companyfacts/', import.meta.url);
const FILES = [
  'CIK0001652044.json',
  'CIK0001835632.json',
  'CIK0001046179.json',
  'CIK0001997711_RESERIALIZED.json',
];
const FETCHED_AT = '2026-01-01T00:00:00.000Z';

/** Mean wall ms per run, repeated for at least `minMs` (at least 3 runs). */
function time(run: () => unknown, minMs = TARGET_MS): number {
  return timeWithCpu(run, minMs).wall;
}

function timeWithCpu(run: () => unknown, minMs: number): { wall: number; cpu: number } {
  let iterations = 0;
  const cpu = process.cpuUsage();
  const start = performance.now();
  let elapsed = 0;
  do {
    run();
    iterations++;
    elapsed = performance.now() - start;
  } while ((elapsed < minMs || iterations < 3) && iterations < 1000);
  const used = process.cpuUsage(cpu);
  return { wall: elapsed / iterations, cpu: (used.user + used.system) / 1000 / iterations };
}

const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
const perS = (ms: number) => round(1000 / ms);

interface Company {
  file: string;
  bytes: number;
  cik: number;
  rows: FinancialStatementInsert[];
  parse: Record<string, number>;
  load?: { fresh_ms: number; unchanged_ms: number };
}

const texts = new Map(FILES.map((f) => [f, readFileSync(new URL(f, DIR), 'utf8')]));

function parsePhase(file: string): Company {
  const text = texts.get(file)!;
  const doc = parseCompanyFacts(text);
  const prepared = prepareFacts(doc.facts);
  const versions = statementVersions(prepared, { ticker: '', cik: doc.cik });
  const slice = TARGET_MS / 4;
  const total = timeWithCpu(() => financialStatementRows(text, { fetchedAt: FETCHED_AT }), TARGET_MS);
  const parse = {
    total_ms: total.wall,
    total_cpu_ms: total.cpu,
    facts_ms: time(() => parseCompanyFacts(text), slice),
    prepare_ms: time(() => prepareFacts(doc.facts), slice),
    versions_ms: time(() => statementVersions(prepared, { ticker: '', cik: doc.cik }), slice),
    metrics_ms: time(() => metricVersions(versions), slice),
  };
  const { rows } = financialStatementRows(text, { fetchedAt: FETCHED_AT });
  return { file, bytes: statSync(new URL(file, DIR)).size, cik: doc.cik, rows, parse };
}

const withDatabase = <T>(fn: (database: Database) => Promise<T>) => withBenchDatabase(base, fn);

async function loadPhase(database: Database, companies: Company[]): Promise<void> {
  const fresh = new Map<number, number[]>();
  const unchanged = new Map<number, number[]>();
  const load = async (c: Company, into: Map<number, number[]>) => {
    const t = performance.now();
    const r = await database.db.transaction((tx) => loadFinancialStatements(tx, c.cik, c.rows));
    into.set(c.cik, [...(into.get(c.cik) ?? []), performance.now() - t]);
    return r;
  };
  for (let i = 0; i < LOAD_ROUNDS; i++) {
    await database.query('TRUNCATE financial_statements');
    for (const c of companies) await load(c, fresh);
    for (const c of companies) {
      const r = await load(c, unchanged);
      if (r.inserted + r.updated !== 0) throw new Error(`re-load of ${c.file} wrote rows`);
    }
  }
  // median of the rounds: the first round also pays for connection set-up and cold caches
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const c of companies)
    c.load = { fresh_ms: median(fresh.get(c.cik)!), unchanged_ms: median(unchanged.get(c.cik)!) };
}

/** Median wall ms per company of the bulk path over the fixtures packaged as a companyfacts.zip. */
async function bulkPhase(database: Database, companies: Company[]): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-bulk-'));
  try {
    const file = join(dir, 'companyfacts.zip');
    const zip = new yazl.ZipFile();
    for (const c of companies)
      zip.addFile(fileURLToPath(new URL(c.file, DIR)), `CIK${String(c.cik).padStart(10, '0')}.json`);
    zip.end();
    await pipeline(zip.outputStream, createWriteStream(file));
    const ciks = companies.map((c) => String(c.cik).padStart(10, '0')).join(',');
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', UPSTREAM: 'fixtures', SEC_CIKS: ciks });
    const services = await createServices(config, createLogger('silent'), { database, startMirror: false });
    const times: number[] = [];
    try {
      for (let i = 0; i < LOAD_ROUNDS; i++) {
        await database.query('TRUNCATE financial_statements, raw_documents, dataset_partitions');
        const t = performance.now();
        const r = await backfillFinancialsBulk(services, { bulkFile: file });
        if (r.failures.length > 0) throw new Error(`bulk load failed: ${r.failures[0]!.message}`);
        times.push((performance.now() - t) / companies.length);
      }
    } finally {
      await services.close();
    }
    return [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const load = loadavg()[0]!;
for (let i = 0; i < WARMUP; i++)
  for (const text of texts.values()) financialStatementRows(text, { fetchedAt: FETCHED_AT });
const companies = FILES.map(parsePhase);
const bulkMs = await withDatabase(async (database) => {
  await loadPhase(database, companies);
  return bulkPhase(database, companies);
});

const n = companies.length;
const mean = (f: (c: Company) => number) => companies.reduce((s, c) => s + f(c), 0) / n;
const parseMs = mean((c) => c.parse.total_ms!);
const loadMs = mean((c) => c.load!.fresh_ms);
const project = (msPerCompany: number, workers: number) =>
  round((10_000 * msPerCompany) / 60_000 / workers, 1);
const results = {
  machine: { cpus: cpus().length, model: cpus()[0]?.model ?? '', node: process.version, loadavg_1m: load },
  warmup_passes: WARMUP,
  database: 'postgres',
  companies: Object.fromEntries(
    companies.map((c) => [
      c.file,
      {
        bytes: c.bytes,
        rows: c.rows.length,
        ...Object.fromEntries(Object.entries(c.parse).map(([k, v]) => [`parse_${k}`, round(v)])),
        load_fresh_ms: round(c.load!.fresh_ms),
        load_unchanged_ms: round(c.load!.unchanged_ms),
      },
    ]),
  ),
  rows_per_company: round(
    mean((c) => c.rows.length),
    0,
  ),
  parse_ms_per_company: round(parseMs),
  parse_cpu_ms_per_company: round(mean((c) => c.parse.total_cpu_ms!)),
  load_ms_per_company: round(loadMs),
  parse_companies_per_s: perS(parseMs),
  load_companies_per_s: perS(loadMs),
  load_rows_per_s: round(mean((c) => c.rows.length) / (loadMs / 1000), 0),
  companies_per_s: perS(parseMs + loadMs),
  bulk_ms_per_company: round(bulkMs),
  bulk_companies_per_s: perS(bulkMs),
  projected_10k_filers_min_one_process: project(parseMs + loadMs, 1),
  projected_10k_filers_min_all_cores: project(parseMs + loadMs, cpus().length),
  projected_10k_filers_min_bulk: project(bulkMs, 1),
  goal: '< 30 min for ~10,000 filers',
  peak_rss_mb: round(process.resourceUsage().maxRSS / 1024, 1),
};
process.stdout.write(`${JSON.stringify({ name: 'financials', results })}\n`);
