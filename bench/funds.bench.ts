/**
 * Funds (Form N-PORT) throughput. Run: `npm run bench -- funds` (real Postgres at DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres; a throwaway database).
 *
 * Scale-up of the real files: BENCH_NPORT_FILINGS filings (default 60) cycling the captured NPORT-P
 * documents (the 1,685-position Goldman Sachs Bond Fund and the 55-position Dupree fund), each rewritten to
 * its own series id and registrant CIK (only identifiers change; every position is the real one).
 * - parse: parsers/edgar/nport.ts over the Goldman document, positions/s on one core; floor = fast-xml-parser
 *   (the project's general XML dependency) building a tree of the same bytes (`ratio` = parse / floor).
 * - load: parse + loadFundReport per filing in its own transaction, as the pipeline runs it (report row,
 *   COPY of the positions, registry links, amendment pass, fund row), positions/s; baseline = the same rows
 *   through a bare COPY into fund_holdings (copyInsertRows: no parse, no links, no passes).
 * - projection: a month of N-PORT (10,000,000 positions) serial on one core and pipelined over 2 cores
 *   (parse on one, load on the other: the slower of the two), against the 30-minute goal.
 * - route: `/v1/companies/{id}/fund-holders` over real HTTP on the loaded tables, sequential requests for the
 *   company with the most fund positions (its bonds sit in every filing), p50/p99 ms.
 * The registry is SEC's captured ticker file; the CUSIP issuer codes of the Goldman positions are linked to
 * registry companies (bench-only links, one company per code) so link resolution runs as it would.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { XMLParser } from 'fast-xml-parser';
import { copyInsertRows } from '../loaders/copy-upsert.ts';
import { loadFundReport } from '../loaders/funds.ts';
import { parseNport } from '../parsers/edgar/nport.ts';
import { fundHoldings } from '../schema/funds.ts';
import { listenBenchApp, seedTickerRegistry } from './api-server.ts';
import { withBenchDatabase } from './db.ts';
import { repeatFor } from './timing.ts';

const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const FILINGS = Number(process.env.BENCH_NPORT_FILINGS ?? 60);
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

const out = await withBenchDatabase(base, async (database) => {
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
  let positions = 0;
  let parseMs = 0;
  const t0 = performance.now();
  for (let i = 0; i < FILINGS; i++) {
    const text = scaled(i);
    const a = performance.now();
    const doc = parseNport(text, `bench-${i}`);
    parseMs += performance.now() - a;
    positions += doc.positions.length;
    await database.db.transaction((tx) =>
      loadFundReport(tx, {
        doc,
        accessionNumber: `9999999999-26-${String(i).padStart(6, '0')}`,
        filingDate: '2026-01-30',
        sourceUrl: `bench:${i}`,
        sha256: null,
        fetchedAt: '2026-01-30T00:00:00Z',
      }),
    );
  }
  const totalMs = performance.now() - t0;
  const loadMs = totalMs - parseMs;

  // baseline: the last Goldman filing's rows, bare COPY upsert under fresh accessions
  const rows = await database.query<Record<string, unknown>>(
    `select * from fund_holdings where accession_number = $1`,
    [`9999999999-26-${String(0).padStart(6, '0')}`],
  );
  const camel = rows.map((r) =>
    Object.fromEntries(
      Object.entries(r).map(([k, v]) => [k.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase()), v]),
    ),
  );
  const BASE_COPIES = Math.min(FILINGS, 20);
  const b0 = performance.now();
  for (let i = 0; i < BASE_COPIES; i++) {
    const acc = `8888888888-26-${String(i).padStart(6, '0')}`;
    await database.db.transaction((tx) =>
      copyInsertRows(
        tx,
        fundHoldings,
        camel.map((r) => ({ ...r, accessionNumber: acc })) as (typeof fundHoldings.$inferInsert)[],
        [fundHoldings.accessionNumber, fundHoldings.ordinal],
      ),
    );
  }
  const baselinePerS = (rows.length * BASE_COPIES * 1000) / (performance.now() - b0);
  await database.query(`delete from fund_holdings where accession_number like '8888888888-%'`);

  // route p99
  const [top] = await database.query<{ company_id: string; n: number }>(
    `select company_id, count(*)::int as n from fund_holdings where company_id is not null
      group by company_id order by count(*) desc limit 1`,
  );
  const [size] = await database.query<{ n: number }>('select count(*)::int as n from fund_holdings');
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
  const loadPerS = (positions * 1000) / loadMs;
  const serialPerS = (positions * 1000) / totalMs;
  return {
    filings: FILINGS,
    positions,
    load_positions_per_s: round(loadPerS, 0),
    load_baseline_bare_copy_positions_per_s: round(baselinePerS, 0),
    load_ratio_vs_baseline: round(loadPerS / baselinePerS, 2),
    month_serial_minutes: round(MONTH_POSITIONS / serialPerS / 60, 1),
    month_pipelined_2_cores_minutes: round(MONTH_POSITIONS / Math.min(parsePerS, loadPerS) / 60, 1),
    goal_minutes: GOAL_S / 60,
    fund_holders_route: {
      table_positions: size!.n,
      company_positions: top!.n,
      requests: lat.length,
      p50_ms: round(lat[Math.floor(lat.length * 0.5)]!, 1),
      p99_ms: round(lat[Math.floor(lat.length * 0.99)]!, 1),
    },
  };
});

process.stdout.write(
  `${JSON.stringify({
    name: 'funds',
    parse: {
      document_positions: goldmanPositions,
      positions_per_s: round(parsePerS, 0),
      floor_fast_xml_parser_positions_per_s: round(floorPerS, 0),
      ratio_vs_floor: round(parsePerS / floorPerS, 2),
    },
    ...out,
  })}\n`,
);
