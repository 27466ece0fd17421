/**
 * Funds (Form N-PORT) throughput. Run: `npm run bench -- funds` (Postgres at DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres, a throwaway database; then an in-memory PGlite).
 * `BENCH_TARGETS` = `postgres,pglite` (default) or one of them; `BENCH_NPORT_FILINGS` (default 300) and
 * `BENCH_NPORT_FILINGS_PGLITE` (default 60) set the size.
 *
 * Scale-up of the real files: filings cycling the captured NPORT-P documents (the 1,685-position Goldman Sachs
 * Bond Fund, every tenth the 55-position Dupree fund), each rewritten to its own series id and registrant CIK
 * (only identifiers change; every position is the real one).
 * - parse: parsers/edgar/nport.ts over the Goldman document, positions/s on one core; floor = fast-xml-parser
 *   (the project's general XML dependency) building a tree of the same bytes (`ratio` = parse / floor).
 * - per_filing: the pipeline's per-partition path on the first filings (nportJob.parse + loadFundReport, one
 *   transaction per filing), end to end (parse + load), positions/s.
 * - batched: `etl backfill fund_holdings --bulk`'s path on the rest (parseNportPartition, then
 *   loadNportBatch per ~50,000 positions: one set-based load, coverage rows, events, one transaction), parse
 *   and load timed apart (one after the other, no overlap), end to end = parse + load (the identifier
 *   rewrite excluded); `batched_load_ratio_vs_baseline` = the load alone / the bare load of the same rows.
 * - pipelined: the bulk backfill as built on as many further filings: parsed on the worker thread
 *   (NportParseThread, 8 documents ahead) while the main thread loads the previous batch (loadNportBatch);
 *   wall clock end to end, the scale-up rewrite (on the main thread, standing in for the fetch) included, the
 *   thread's start (`thread_start_ms`, paid once per run) apart; `pipelined_vs_batched` = its rate / the
 *   batched (serial) end-to-end rate of the same run.
 * - baseline: a bare load of the same rows in the same run: on Postgres a plain `COPY fund_holdings FROM
 *   STDIN` in transactions of the same size (copyInsertRows: no parse, no links, no passes); on PGlite, which
 *   has no COPY stream through its handle, the bare unnest insert of the same rows (its own bulk path).
 *   `ratio` = batched / baseline.
 * - projection: a month of N-PORT (10,000,000 positions) at the batched and at the pipelined end-to-end
 *   rates, against the 30-minute goal (~5,556 positions/s).
 * - route: `/v1/companies/{id}/fund-holders` over real HTTP on the loaded tables, sequential requests for the
 *   company with the most fund positions (its bonds sit in every filing), p50/p99 ms (Postgres only).
 * The registry is SEC's captured ticker file; the CUSIP issuer codes of the Goldman positions are linked to
 * registry companies (bench-only links, one company per code) so link resolution runs as it would.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { XMLParser } from 'fast-xml-parser';
import { nportJob } from '../jobs/edgar/nport.job.ts';
import {
  loadNportBatch,
  NPORT_BATCH_FILINGS,
  NPORT_BATCH_POSITIONS,
  type NportParsed,
  parseNportPartition,
} from '../jobs/edgar/nport-batch.ts';
import { NportParseThread } from '../jobs/edgar/nport-parse-pool.ts';
import type { RawDocument } from '../jobs/types.ts';
import { type Database, openDatabase } from '../lib/db.ts';
import { copyInsertRows } from '../loaders/copy-upsert.ts';
import { type FundReportRows, loadFundReport } from '../loaders/funds.ts';
import { parseNport } from '../parsers/edgar/nport.ts';
import { fundHoldings } from '../schema/funds.ts';
import { listenBenchApp, seedTickerRegistry } from './api-server.ts';
import { withBenchDatabase } from './db.ts';
import { repeatFor } from './timing.ts';

const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const FILINGS = Number(process.env.BENCH_NPORT_FILINGS ?? 300);
const MONTH_POSITIONS = 10_000_000;
const GOAL_S = 30 * 60;
const DIR =
  'fixtures/upstream/raw.githubusercontent.com/dgunning/edgartools/ca5a70094da7fc34890161dae9c256bb1f4c3d26/data';
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

const goldman = readFileSync(`${DIR}/nport/samples/NPORT Sample 7.xml`, 'utf8');
const dupree = readFileSync(`${DIR}/NPORT.Dupree.xml`, 'utf8');

// --- parse, one core ---
const goldmanPositions = parseNport(goldman, 'goldman').positions.length;
const p = repeatFor(() => parseNport(goldman, 'goldman'), 3_000, 3);
const floorParser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: false, parseTagValue: false });
const f = repeatFor(() => floorParser.parse(goldman), 3_000, 3);
const parsePerS = (goldmanPositions * p.iterations * 1000) / p.elapsed;
const floorPerS = (goldmanPositions * f.iterations * 1000) / f.elapsed;

/** Filing i: a real document under its own series id and registrant CIK. */
function scaled(i: number): string {
  const src = i % 10 === 9 ? dupree : goldman;
  const series = `S${String(900_000_000 + i).padStart(9, '0')}`;
  const cik = String(9_000_000 + i).padStart(10, '0');
  return src
    .replace(/<seriesId>S\d{9}<\/seriesId>/g, `<seriesId>${series}</seriesId>`)
    .replace(/<(regCik|cik)>\d{10}<\/(regCik|cik)>/g, `<$1>${cik}</$2>`);
}

async function seedLinks(database: Database) {
  await seedTickerRegistry(database);
  // bench-only CUSIP links: each issuer code of the Goldman positions -> one registry company
  const codes = [
    ...new Set(parseNport(goldman, 'g').positions.flatMap((x) => (x.cusip ? [x.cusip.slice(0, 6)] : []))),
  ];
  await database.query(
    `insert into company_identifiers (company_id, id_type, id_value, source, confidence)
     select c.company_id, 'CUSIP', k.code || '100', 'bench', 'low'
       from (select code, row_number() over (order by code) as n from unnest($1::text[]) code) k
       join (select company_id, row_number() over (order by company_id) as n from companies) c on c.n = k.n
     on conflict do nothing`,
    [codes],
  );
}

const accessionOf = (i: number) => `9999999999-26-${String(i).padStart(6, '0')}`;

/** Filing i as the fetcher hands it over (its scale-up time reported apart). */
function rawFiling(i: number): RawDocument {
  const bytes = Buffer.from(scaled(i));
  return {
    url: `https://bench.test/${accessionOf(i)}/primary_doc.xml`,
    bytes,
    sha256: null as unknown as string,
    fetchedAt: '2026-01-30T00:00:00.000Z',
    contentType: null,
  };
}

async function run(database: Database, filings: number, withRoute: boolean) {
  await seedLinks(database);
  // --- per filing (the pipeline's partition path) ---
  const perFilingCount = Math.max(2, Math.min(30, Math.floor(filings / 6)));
  let perPositions = 0;
  let perMs = 0;
  for (let i = 0; i < perFilingCount; i++) {
    const doc = rawFiling(i);
    const a = performance.now();
    const parsed = nportJob.parse([doc], `acc:${accessionOf(i)}`) as { rows: FundReportRows };
    await database.db.transaction((tx) =>
      loadFundReport(tx, { ...parsed.rows, filingDate: '2026-01-30', sha256: null }),
    );
    perMs += performance.now() - a;
    perPositions += parsed.rows.doc.positions.length;
  }
  // --- batched (etl backfill fund_holdings --bulk): each batch parsed, then loaded, timed apart ---
  let positions = 0;
  let parseMs = 0;
  let loadMs = 0;
  let batches = 0;
  let batch: NportParsed[] = [];
  let inBatch = 0;
  const flush = async () => {
    const todo = batch;
    batch = [];
    inBatch = 0;
    batches++;
    const l0 = performance.now();
    await database.db.transaction((tx) => loadNportBatch(tx, todo, { maxAgeDays: 0 }));
    loadMs += performance.now() - l0;
  };
  for (let i = perFilingCount; i < filings; i++) {
    const doc = rawFiling(i);
    const p0 = performance.now();
    const p = parseNportPartition(`acc:${accessionOf(i)}`, doc);
    parseMs += performance.now() - p0;
    p.rows = { ...p.rows!, filingDate: '2026-01-30' };
    batch.push(p);
    positions += p.rows.doc.positions.length;
    inBatch += p.rows.doc.positions.length;
    if (inBatch >= NPORT_BATCH_POSITIONS || batch.length >= NPORT_BATCH_FILINGS) await flush();
  }
  if (batch.length > 0) await flush();
  const batchedMs = parseMs + loadMs;

  // --- pipelined (the bulk backfill as built): the next filings, as many as the batched path's, parsed on
  // the worker thread (8 documents ahead) while the main thread loads the previous batch; wall clock (the
  // thread's start apart) ---
  const first = filings;
  const last = filings + (filings - perFilingCount);
  const t0 = performance.now();
  const thread = new NportParseThread();
  // the thread's start (tsx in the worker, ~2-3 s) is timed apart: a month's run pays it once
  await thread.parse('start', { ...rawFiling(9), url: 'https://bench.test/start' });
  const startMs = performance.now() - t0;
  const AHEAD = 8;
  const inflight: Promise<NportParsed>[] = [];
  let next = first;
  let rewriteMs = 0;
  let waitMs = 0;
  let pipePositions = 0;
  let pipeBatches = 0;
  let pipeBatch: NportParsed[] = [];
  let pipeIn = 0;
  let loading: Promise<unknown> = Promise.resolve();
  const post = () => {
    while (inflight.length < AHEAD && next < last) {
      const r0 = performance.now();
      const doc = rawFiling(next); // the scale-up rewrite stands in for the fetch, on the main thread
      rewriteMs += performance.now() - r0;
      inflight.push(thread.parse(`acc:${accessionOf(next)}`, doc));
      next++;
    }
  };
  const pipeFlush = async () => {
    const todo = pipeBatch;
    pipeBatch = [];
    pipeIn = 0;
    pipeBatches++;
    await loading;
    loading = database.db.transaction((tx) => loadNportBatch(tx, todo, { maxAgeDays: 0 }));
  };
  const w0 = performance.now();
  try {
    post();
    while (inflight.length > 0) {
      const a = performance.now();
      const p = await inflight.shift()!;
      waitMs += performance.now() - a;
      post();
      if (p.error) throw p.error;
      p.rows = { ...p.rows!, filingDate: '2026-01-30' };
      pipeBatch.push(p);
      pipePositions += p.rows.doc.positions.length;
      pipeIn += p.rows.doc.positions.length;
      if (pipeIn >= NPORT_BATCH_POSITIONS || pipeBatch.length >= NPORT_BATCH_FILINGS) await pipeFlush();
    }
    if (pipeBatch.length > 0) await pipeFlush();
    await loading;
  } finally {
    await thread.close();
  }
  const pipeMs = performance.now() - w0;
  const pipePerS = (pipePositions * 1000) / pipeMs;

  // --- baseline: the same rows, bare, in transactions of the batch size ---
  const rows = await database.query<Record<string, unknown>>(
    `select * from fund_holdings where accession_number = $1`,
    [accessionOf(perFilingCount)],
  );
  const camel = rows.map((r) =>
    Object.fromEntries(
      Object.entries(r).map(([k, v]) => [k.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase()), v]),
    ),
  ) as (typeof fundHoldings.$inferInsert)[];
  const copies = Math.max(1, Math.round(positions / rows.length));
  const perTx = Math.max(1, Math.floor(NPORT_BATCH_POSITIONS / rows.length));
  let baseRows = 0;
  const b0 = performance.now();
  for (let i = 0; i < copies; i += perTx) {
    const chunk: (typeof fundHoldings.$inferInsert)[] = [];
    for (let j = i; j < Math.min(copies, i + perTx); j++) {
      const acc = `8888888888-26-${String(j).padStart(6, '0')}`;
      for (const r of camel) chunk.push({ ...r, accessionNumber: acc });
    }
    baseRows += chunk.length;
    await database.db.transaction((tx) =>
      copyInsertRows(tx, fundHoldings, chunk, [fundHoldings.accessionNumber, fundHoldings.ordinal]),
    );
  }
  const baseMs = performance.now() - b0;
  await database.query(`delete from fund_holdings where accession_number like '8888888888-%'`);

  const [size] = await database.query<{ n: number }>('select count(*)::int as n from fund_holdings');
  const [reports] = await database.query<{ n: number; superseded: number }>(
    `select count(*)::int as n, count(superseded_by)::int as superseded from fund_reports`,
  );
  const batchedPerS = (positions * 1000) / batchedMs;
  const basePerS = (baseRows * 1000) / baseMs;
  const out: Record<string, unknown> = {
    filings,
    table_positions: size!.n,
    reports: reports!.n,
    per_filing: {
      filings: perFilingCount,
      positions: perPositions,
      positions_per_s: round((perPositions * 1000) / perMs, 0),
    },
    batched: {
      filings: filings - perFilingCount,
      positions,
      batches,
      positions_per_s: round(batchedPerS, 0),
      parse_ms: round(parseMs, 0),
      load_ms: round(loadMs, 0),
      parse_positions_per_s: round((positions * 1000) / parseMs, 0),
      load_positions_per_s: round((positions * 1000) / loadMs, 0),
    },
    pipelined: {
      filings: last - first,
      positions: pipePositions,
      batches: pipeBatches,
      positions_per_s: round(pipePerS, 0),
      wall_ms: round(pipeMs, 0),
      thread_start_ms: round(startMs, 0),
      scale_up_rewrite_ms: round(rewriteMs, 0),
      main_thread_waiting_for_parse_ms: round(waitMs, 0),
    },
    pipelined_vs_batched: round(pipePerS / batchedPerS, 2),
    month_10m_minutes_pipelined: round(MONTH_POSITIONS / pipePerS / 60, 1),
    baseline_bare_positions_per_s: round(basePerS, 0),
    batched_ratio_vs_baseline: round(batchedPerS / basePerS, 2),
    batched_load_ratio_vs_baseline: round((positions * 1000) / loadMs / basePerS, 2),
    batched_vs_per_filing: round(batchedPerS / ((perPositions * 1000) / perMs), 2),
    month_10m_minutes: round(MONTH_POSITIONS / batchedPerS / 60, 1),
    // a projection, not a measurement: the slower of parse and load alone (the pipelined path's ceiling)
    month_10m_minutes_pipelined_projection: round(
      MONTH_POSITIONS / Math.min((positions * 1000) / parseMs, (positions * 1000) / loadMs) / 60,
      1,
    ),
    month_10m_minutes_at_baseline: round(MONTH_POSITIONS / basePerS / 60, 1),
    goal_minutes: GOAL_S / 60,
  };
  if (withRoute) {
    const [top] = await database.query<{ company_id: string; n: number }>(
      `select company_id, count(*)::int as n from fund_holdings where company_id is not null
        group by company_id order by count(*) desc limit 1`,
    );
    const { app, port, key } = await listenBenchApp(database);
    const lat: number[] = [];
    try {
      for (let i = 0; i < 220; i++) {
        const a = performance.now();
        const res = await fetch(`http://127.0.0.1:${port}/v1/companies/${top!.company_id}/fund-holders`, {
          headers: { authorization: `Bearer ${key}` },
        });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`fund-holders answered ${res.status}`);
        if (i >= 20) lat.push(performance.now() - a);
      }
    } finally {
      await app.close();
    }
    lat.sort((x, y) => x - y);
    out.fund_holders_route = {
      table_positions: size!.n,
      company_positions: top!.n,
      requests: lat.length,
      p50_ms: round(lat[Math.floor(lat.length * 0.5)]!, 1),
      p99_ms: round(lat[Math.floor(lat.length * 0.99)]!, 1),
    };
  }
  return out;
}

const TARGETS = (process.env.BENCH_TARGETS ?? 'postgres,pglite').split(',');
const results: Record<string, unknown> = {};
if (TARGETS.includes('postgres')) {
  results.postgres = await withBenchDatabase(base, (database) => run(database, FILINGS, true));
}
if (TARGETS.includes('pglite')) {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await database.migrate();
    results.pglite = await run(database, Number(process.env.BENCH_NPORT_FILINGS_PGLITE ?? 60), false);
  } finally {
    await database.close();
  }
}

process.stdout.write(
  `${JSON.stringify({
    name: 'funds',
    parse: {
      document_positions: goldmanPositions,
      positions_per_s: round(parsePerS, 0),
      floor_fast_xml_parser_positions_per_s: round(floorPerS, 0),
      ratio_vs_floor: round(parsePerS / floorPerS, 2),
    },
    ...results,
  })}\n`,
);
