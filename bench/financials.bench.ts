/**
 * Throughput of the XBRL -> standardized financials engine. Run: `node --import tsx bench/financials.bench.ts`.
 * Inputs: the four companyfacts fixtures (GOOGL 3.1 MB, MRVL 1.3 MB, TSM 0.9 MB, LPA 0.3 MB). Measures, per
 * company and for the set:
 * - `parse`: JSON text -> flat facts (JSON.parse + parseCompanyFacts);
 * - `statements`: prepareFacts + buildStatements for annual, quarterly and ttm;
 * - `versions`: prepareFacts + statementVersions (every grain, every filing date), what a loader stores.
 * `companies_per_s` is over the fixture mix; `projected_10k_filers_min` = 10,000 / (companies per second of
 * parse + statements + versions) / 60 on one core of this machine. The fixtures are large, long-history
 * filers, so this over-estimates the average filer. Prints one JSON object on stdout.
 */
import { readFileSync, statSync } from 'node:fs';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseCompanyFacts } from '../parsers/xbrl/companyfacts.ts';
import { prepareFacts } from '../parsers/xbrl/prepare.ts';
import { buildStatements } from '../parsers/xbrl/statements.ts';
import { statementVersions } from '../parsers/xbrl/versions.ts';

const TARGET_MS = Number(process.env.BENCH_TARGET_MS ?? 2_000);
const DIR = new URL('../fixtures/upstream/data.sec.gov/api/xbrl/companyfacts/', import.meta.url);
const FILES = [
  'CIK0001652044.json',
  'CIK0001835632.json',
  'CIK0001046179.json',
  'CIK0001997711_RESERIALIZED.json',
];

function time(run: () => unknown, minMs = TARGET_MS): { ms: number; iterations: number } {
  run();
  let iterations = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    run();
    iterations++;
    elapsed = performance.now() - start;
  } while (elapsed < minMs && iterations < 1000);
  return { ms: elapsed / iterations, iterations };
}

const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

const texts = FILES.map((f) => ({
  file: f,
  text: readFileSync(new URL(f, DIR), 'utf8'),
  bytes: statSync(new URL(f, DIR)).size,
}));
const perCompany: Record<string, unknown> = {};
let parseMs = 0;
let statementsMs = 0;
let versionsMs = 0;
let versionRows = 0;
for (const { file, text, bytes } of texts) {
  const doc = parseCompanyFacts(text);
  const opts = { ticker: 'X', cik: doc.cik };
  const parse = time(() => parseCompanyFacts(text), TARGET_MS / 2);
  const statements = time(() => {
    const prepared = prepareFacts(doc.facts);
    for (const period of ['annual', 'quarterly', 'ttm'] as const)
      buildStatements(prepared, { ...opts, period });
  }, TARGET_MS / 2);
  let count = 0;
  const versions = time(() => {
    count = statementVersions(prepareFacts(doc.facts), opts).length;
  }, TARGET_MS / 2);
  parseMs += parse.ms;
  statementsMs += statements.ms;
  versionsMs += versions.ms;
  versionRows += count;
  perCompany[file] = {
    bytes,
    facts: doc.facts.length,
    parse_ms: round(parse.ms),
    statements_ms: round(statements.ms),
    versions_ms: round(versions.ms),
    version_rows: count,
  };
}
const n = texts.length;
const totalPerCompany = (parseMs + statementsMs + versionsMs) / n;
const results = {
  machine: { cpus: cpus().length, model: cpus()[0]?.model ?? '', node: process.version },
  companies: perCompany,
  parse_companies_per_s: round((1000 * n) / parseMs),
  statements_companies_per_s: round((1000 * n) / statementsMs),
  versions_companies_per_s: round((1000 * n) / versionsMs),
  all_companies_per_s: round(1000 / totalPerCompany),
  version_rows_per_company: round(versionRows / n, 0),
  projected_10k_filers_min_one_core: round((10_000 * totalPerCompany) / 60_000, 1),
  projected_10k_filers_min_all_cores: round((10_000 * totalPerCompany) / 60_000 / cpus().length, 1),
  peak_rss_mb: round(process.resourceUsage().maxRSS / 1024, 1),
};
process.stdout.write(`${JSON.stringify({ name: 'financials', results })}\n`);
