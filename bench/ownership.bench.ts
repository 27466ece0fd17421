/**
 * Ownership family throughput. Run: `node --import tsx bench/ownership.bench.ts` (real Postgres at
 * DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a throwaway database).
 *
 * Parse (pure, one core), each with its floor measured in the same run:
 * - 13F: the Acorn Creek 2024Q4 `.nc` submission (77 rows) and the 255-row default-namespace table;
 *   floor = fast-xml-parser over the same information-table XML (`ratio` = parse / floor).
 * - Form 4: the eight real XML Form 4/3 files in rotation; floor = fast-xml-parser over each ownershipDocument.
 * Load (real Postgres, the real loaders, one transaction per filing as the pipeline does):
 * - 13F: BENCH_13F_FILINGS filings (default 120) of 343 rows each (the rows of the four real tables, the
 *   size of an average filing: 3M rows / 8,000 filings = 375), each under its own filer CIK, one period, so
 *   the peer-median unit evidence, the amendment pass and the CUSIP links run as in a real quarter;
 *   baseline = the same rows through a bare batch upsert into thirteen_f_holdings.
 * - Form 4: BENCH_FORM4_FILINGS filings (default 1,500) cycling the real Form 4s under distinct accessions.
 * - Form ADV brochures: pdf.js text, line assembly and the address scan on the real 526-page SEC 13F list PDF
 *   (pages/s); floor = pdf.js's own getTextContent over the same pages.
 * Projections (download excluded: SEC's 10 requests/s makes 8,000 filings ~14 min and 600,000 ~17 h):
 * one 13F quarter (8,000 filings, 3,000,000 rows) and two years of Form 4 (600,000 filings), both serial
 * (parse + load on one core) and pipelined over 2 cores (max of the two).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { XMLParser } from 'fast-xml-parser';
import type { Database } from '../lib/db.ts';
import { loadInsiderFiling } from '../loaders/insider-trades.ts';
import { loadThirteenF } from '../loaders/thirteen-f.ts';
import { upsertRows } from '../loaders/upsert.ts';
import { readBrochure } from '../parsers/advisers/brochure.ts';
import { parseOwnershipFiling } from '../parsers/edgar/form4.ts';
import { sliceXmlRoot } from '../parsers/edgar/ownership-xml.ts';
import { parseThirteenF, type ThirteenFDocument } from '../parsers/edgar/thirteen-f.ts';
import { thirteenFHoldings } from '../schema/ownership.ts';
import { withBenchDatabase } from './db.ts';
import { repeatFor } from './timing.ts';

const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const N13F = Number(process.env.BENCH_13F_FILINGS ?? 120);
const NFORM4 = Number(process.env.BENCH_FORM4_FILINGS ?? 1_500);
const TARGET_MS = 2_000;
const dir = 'fixtures/ownership';
const read = (f: string) => readFileSync(`${dir}/${f}`, 'utf8');
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

function measure(run: () => unknown): { ms_per_op: number; ops_per_s: number; iterations: number } {
  const { iterations, elapsed } = repeatFor(run, TARGET_MS, 3);
  return {
    ms_per_op: round(elapsed / iterations, 3),
    ops_per_s: round((iterations * 1000) / elapsed, 1),
    iterations,
  };
}

const raw = new XMLParser({ removeNSPrefix: true, ignoreAttributes: false, parseTagValue: false });

// --- parse ---
const acorn = read('ACORN-CREEK_13F-HR_2024Q4_0001951757-25-000093_dissemination.nc');
const wide = read('UNKNOWN-FILER_13F-HR_infotable_default-ns.xml');
const acornTable = sliceXmlRoot(acorn.replace(/\r\n?/g, '\n'), 'informationTable')!;
const p13Acorn = measure(() => parseThirteenF(acorn));
const p13Wide = measure(() => parseThirteenF(wide));
const f13Acorn = measure(() => raw.parse(acornTable));
const f13Wide = measure(() => raw.parse(wide));
const rows13 = (77 + 255) / ((p13Acorn.ms_per_op + p13Wide.ms_per_op) / 1000);

const FORM4 = [
  'AAPL_4_2020-10-09_Maestri_primary.xml',
  'AAPL_4_2022-05-04_Adams_0000320193-22-000061_fulltext.txt',
  'AIR_4_2025-01-10_0001127602-25-001055_with-EX-24_fulltext.txt',
  'BETR_4_2024-12-09_0001493152-25-009612_8-reporting-owners_SoftBank_fulltext.txt',
  'SCWO_4_2025-04-30_374Water_derivative.xml',
  'SNOW_4_2022-12-13_Scarpelli_derivative_16-footnotes.xml',
  'TSVT_4_2025-01-06_0001562180-25-000280_dissemination.nc',
  'ZIP_4_2025-03-15_0001617553-25-000024_derivative-RSU_fulltext.txt',
].map(read);
const form4Xml = FORM4.map((t) => sliceXmlRoot(t.replace(/\r\n?/g, '\n'), 'ownershipDocument')!);
let k = 0;
const p4 = measure(() => parseOwnershipFiling(FORM4[k++ % FORM4.length]!));
let j = 0;
const f4 = measure(() => raw.parse(form4Xml[j++ % form4Xml.length]!));

// --- load ---
function quarterFilings(): ThirteenFDocument[] {
  const tables = [
    parseThirteenF(acorn),
    parseThirteenF(wide),
    parseThirteenF(read('ACTIAM_13F-HR_2020Q4_0001619124-21-000002_fulltext.txt')),
    parseThirteenF(read('METLIFE_13F-HR_2021Q4_filed2023_0001140361-23-013281_fulltext.txt')),
  ];
  const rows = tables.flatMap((t) =>
    t.rows.map((r) => ({ ...r, value: t === tables[2] ? r.value * 1000 : r.value })),
  );
  return Array.from({ length: N13F }, (_, i) => ({
    cover: {
      ...tables[0]!.cover,
      filerCik: String(5_000_000 + i),
      filerName: `BENCH FILER ${i}`,
      accessionNumber: `0009${String(i).padStart(6, '0')}-25-000001`,
      tableEntryTotal: rows.length,
      tableValueTotal: rows.reduce((s, r) => s + r.value, 0),
    },
    rows,
    statedUnit: null,
    hasTable: true,
    warnings: [],
  }));
}

async function load13F(database: Database) {
  const docs = quarterFilings();
  const rowsPerFiling = docs[0]!.rows.length;
  let t = performance.now();
  for (const doc of docs) {
    await database.db.transaction((tx) =>
      loadThirteenF(tx, { doc, sha256: null, fetchedAt: '2026-01-30T00:00:00Z' }),
    );
  }
  const fullMs = performance.now() - t;
  const [held] = await database.query<{ n: number }>('select count(*)::int as n from thirteen_f_holdings');
  await database.query('truncate thirteen_f_holdings');
  // baseline: the same holdings rows through a bare batch upsert, one statement per filing
  const baseRows = await database.query<Record<string, unknown>>('select 1');
  void baseRows;
  t = performance.now();
  for (const doc of docs) {
    const c = doc.cover;
    const seen = new Set<string>();
    const rows = doc.rows
      .filter((r) => r.shareType === 'SH' && r.putCall === null)
      .filter((r) => !seen.has(`${r.cusip}|${r.titleOfClass}`) && seen.add(`${r.cusip}|${r.titleOfClass}`))
      .map((r) => ({
        accessionNumber: c.accessionNumber!,
        cusip: r.cusip,
        titleOfClass: r.titleOfClass ?? '',
        nameOfIssuer: r.nameOfIssuer,
        filerCik: Number(c.filerCik),
        filerName: c.filerName,
        reportPeriod: c.reportPeriod!,
        filingDate: c.filingDate!,
        formType: '13F-HR',
        shares: r.shares,
        valueUsd: r.value,
        reportedPrice: r.value / r.shares,
      }));
    await database.db.transaction((tx) =>
      upsertRows(tx, thirteenFHoldings, rows, [
        thirteenFHoldings.accessionNumber,
        thirteenFHoldings.cusip,
        thirteenFHoldings.titleOfClass,
        thirteenFHoldings.putCall,
      ]),
    );
  }
  const baseMs = performance.now() - t;
  const [units] = await database.query<{ methods: Record<string, number> }>(
    `select jsonb_object_agg(m, n) as methods from (select unit_evidence->>'method' as m, count(*)::int as n from thirteen_f_filings group by 1) x`,
  );
  return {
    filings: docs.length,
    rows_per_filing: rowsPerFiling,
    holdings_loaded: held!.n,
    ms: round(fullMs, 0),
    rows_per_s: round((held!.n * 1000) / fullMs, 0),
    filings_per_s: round((docs.length * 1000) / fullMs, 1),
    baseline_bare_upsert_rows_per_s: round((held!.n * 1000) / baseMs, 0),
    ratio_to_baseline: round(fullMs / baseMs, 2),
    unit_methods: units!.methods,
  };
}

async function loadForm4(database: Database) {
  const parsed = FORM4.map((t) => parseOwnershipFiling(t));
  const t = performance.now();
  let trades = 0;
  for (let i = 0; i < NFORM4; i++) {
    const f = parsed[i % parsed.length]!;
    trades += f.insider_trades.length;
    await database.db.transaction((tx) =>
      loadInsiderFiling(tx, {
        filing: f,
        accessionNumber: `0008${String(i).padStart(6, '0')}-25-000001`,
        formType: f.document_type ?? '4',
        filingDate: f.filing_date ?? '2025-01-10',
        sha256: null,
        fetchedAt: '2026-01-30T00:00:00Z',
      }),
    );
  }
  const ms = performance.now() - t;
  return {
    filings: NFORM4,
    trades,
    ms: round(ms, 0),
    filings_per_s: round((NFORM4 * 1000) / ms, 1),
    rows_per_s: round((trades * 1000) / ms, 0),
  };
}

const load = await withBenchDatabase(base, async (database) => ({
  thirteen_f: await load13F(database),
  form4: await loadForm4(database),
}));

const QUARTER = { filings: 8_000, rows: 3_000_000 };
const FORM4_2Y = 600_000;
const parse13s = QUARTER.rows / rows13;
const load13s = QUARTER.rows / load.thirteen_f.rows_per_s;
const parse4s = FORM4_2Y / p4.ops_per_s;
const load4s = FORM4_2Y / load.form4.filings_per_s;
// --- Form ADV Part 2 brochures: pdf.js text layer + line assembly + address scan, on the real 526-page SEC
// PDF (no brochure PDF is among the fixtures); floor = pdf.js's own getTextContent over the same pages ---
const pdfBytes = readFileSync(`${dir}/13f-lists/SEC_13F-securities-list_2018Q3_13flist2018q3.pdf`);
async function pdfFloor(): Promise<number> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(pdfBytes),
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  for (let n = 1; n <= doc.numPages; n++) await (await doc.getPage(n)).getTextContent();
  const pages = doc.numPages;
  await doc.destroy();
  return pages;
}
async function timeAsync(run: () => Promise<unknown>, times: number): Promise<number> {
  await run(); // warm-up
  const t0 = performance.now();
  for (let i = 0; i < times; i++) await run();
  return (performance.now() - t0) / times;
}
const brochureMs = await timeAsync(() => readBrochure(pdfBytes, 1), 3);
const floorMs = await timeAsync(pdfFloor, 3);
const brochure = {
  pages: 526,
  ms_per_document: round(brochureMs, 0),
  pages_per_s: round((526 * 1000) / brochureMs, 0),
  floor_pdfjs_text_content_ms: round(floorMs, 0),
  ratio: round(brochureMs / floorMs),
  // a 30-page brochure, three per firm, for the ~8,000 firms that file 13F under a CRD, on one core
  weekly_8000_firms_x3_brochures_of_30_pages_min: round((8_000 * 3 * 30 * brochureMs) / 526 / 60_000, 1),
};

const results = {
  parse: {
    adviser_brochure_pdf: brochure,
    thirteen_f_acorn_77_rows: {
      ...p13Acorn,
      floor_fast_xml_parser: f13Acorn,
      ratio: round(p13Acorn.ms_per_op / f13Acorn.ms_per_op),
    },
    thirteen_f_table_255_rows: {
      ...p13Wide,
      floor_fast_xml_parser: f13Wide,
      ratio: round(p13Wide.ms_per_op / f13Wide.ms_per_op),
    },
    thirteen_f_rows_per_s: round(rows13, 0),
    form4: {
      ...p4,
      filings_per_s: p4.ops_per_s,
      floor_fast_xml_parser: f4,
      ratio: round(p4.ms_per_op / f4.ms_per_op),
    },
  },
  load,
  projection_excluding_download: {
    thirteen_f_quarter: {
      ...QUARTER,
      parse_min: round(parse13s / 60, 1),
      load_min: round(load13s / 60, 1),
      serial_min: round((parse13s + load13s) / 60, 1),
      two_cores_pipelined_min: round(Math.max(parse13s, load13s) / 60, 1),
      goal_min: 10,
    },
    form4_two_years: {
      filings: FORM4_2Y,
      parse_min: round(parse4s / 60, 1),
      load_min: round(load4s / 60, 1),
      serial_min: round((parse4s + load4s) / 60, 1),
      two_cores_pipelined_min: round(Math.max(parse4s, load4s) / 60, 1),
    },
  },
};
process.stdout.write(`${JSON.stringify({ name: 'ownership', results })}\n`);
