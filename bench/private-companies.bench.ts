/**
 * Form D throughput. Run: `npm run bench -- private-companies` (real Postgres at DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres; a throwaway database).
 *
 * Parse (pure, one core): the nine real Form D documents the mirror serves, in rotation (bare XML, .txt
 * with and without a PEM envelope, SGML .nc); floor = fast-xml-parser over the same XML parts, measured in
 * the same run (`ratio` = parse / floor).
 * Load (real Postgres, the real loader, one transaction per filing as the pipeline runs it):
 * BENCH_FORM_D_FILINGS filings (default 1,500) cycling the nine parsed filings, each under its own CIK and
 * accession (a scale-up: every filing is a new issuer and a new offering, the loader's dearest case);
 * baseline = the same rows through a bare one-row upsert into private_offering_filings per transaction
 * (no offering key lookup, no issuer rebuild).
 * Projection: the mirror's real daily index of 2020-01-03 lists 247 Form D / D/A filings; a day's parse +
 * load time at the measured rates (download excluded: SEC's 10 requests/s makes 247 documents ~25 s).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { XMLParser } from 'fast-xml-parser';
import { FORM_D_FIXTURES } from '../cli/quality/funds-form-d.ts';
import { loadFormDFilings } from '../loaders/private-companies.ts';
import { upsertRows } from '../loaders/upsert.ts';
import { type FormDFiling, parseFormD } from '../parsers/edgar/form-d.ts';
import { unwrapFormD } from '../parsers/edgar/form-d-container.ts';
import { privateOfferingFilings } from '../schema/private-companies.ts';
import { withBenchDatabase } from './db.ts';
import { repeatFor } from './timing.ts';

const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const N = Number(process.env.BENCH_FORM_D_FILINGS ?? 1_500);
const DAY_FILINGS = 247;
const TARGET_MS = 2_000;
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

function measure(run: () => unknown): { ms_per_op: number; ops_per_s: number; iterations: number } {
  const { iterations, elapsed } = repeatFor(run, TARGET_MS, 3);
  return {
    ms_per_op: round(elapsed / iterations, 3),
    ops_per_s: round((iterations * 1000) / elapsed, 1),
    iterations,
  };
}

const texts = FORM_D_FIXTURES.map((f) => readFileSync(f, 'utf8'));
const xmls = texts.map((t, i) => unwrapFormD(t, FORM_D_FIXTURES[i]!).xml);
const ctx = { url: 'bench', fetchedAt: '2026-11-29T00:00:00Z' };
const raw = new XMLParser({ ignoreAttributes: false, parseTagValue: false });
let i = 0;
const parse = measure(() => parseFormD(texts[i++ % texts.length]!, ctx));
let j = 0;
const floor = measure(() => raw.parse(xmls[j++ % xmls.length]!));

const parsed = texts.map((t) => parseFormD(t, ctx).filing);
/** Filing n: the nth real filing under a CIK and accession of its own (a new issuer, a new offering). */
function scaled(n: number): FormDFiling {
  const f = parsed[n % parsed.length]!;
  const cik = 9_000_000 + n;
  const accession = `${String(cik).padStart(10, '0')}-26-${String(n).padStart(6, '0')}`;
  return { ...f, cik, filingId: accession, accessionNumber: accession, fileNumber: `021-${900000 + n}` };
}

const load = await withBenchDatabase(base, async (database) => {
  const t0 = performance.now();
  for (let n = 0; n < N; n++) await database.db.transaction((tx) => loadFormDFilings(tx, [scaled(n)]));
  const loaderMs = performance.now() - t0;
  await database.query('truncate private_offering_filings, private_companies');
  const t1 = performance.now();
  for (let n = 0; n < N; n++) {
    const f = scaled(n);
    await database.db.transaction((tx) =>
      upsertRows(
        tx,
        privateOfferingFilings,
        [{ ...f, offeringKey: `file:${f.fileNumber}` }],
        [privateOfferingFilings.filingId],
      ),
    );
  }
  const baselineMs = performance.now() - t1;
  return {
    filings: N,
    filings_per_s: round((N * 1000) / loaderMs, 1),
    baseline_filings_per_s: round((N * 1000) / baselineMs, 1),
    ratio_vs_baseline: round(loaderMs / baselineMs),
  };
});

const dayMs = DAY_FILINGS * (parse.ms_per_op + 1000 / load.filings_per_s);
process.stdout.write(
  `${JSON.stringify({
    name: 'private-companies',
    parse: {
      documents: texts.length,
      ...parse,
      floor_fast_xml_parser: floor,
      ratio: round(parse.ms_per_op / floor.ms_per_op),
    },
    load,
    projection: { day_filings: DAY_FILINGS, day_parse_and_load_s: round(dayMs / 1000, 1) },
  })}\n`,
);
