/**
 * Bulk loads against their floor. Run: `npm run bench -- loader` (Postgres from DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres; PGlite in memory in the same run).
 * Three row families, each a scale-up of real captured files (identifiers rewritten, shapes and values kept):
 * - `filings`: filing index rows of three EDGAR daily index files (master, form, company), through
 *   loaders/filings.ts `loadFilings` (source `submissions`: the upsert that updates);
 * - `prices`: the TSM ADR's year of daily bars for BENCH_SYMBOLS symbols, through the upsert
 *   `loadPriceBars` runs (the bar upsert alone; the market-cap refresh is bench/market-data.bench.ts's);
 * - `13f`: the rows of a real 13F information table (UNKNOWN-FILER, default namespace) repeated under distinct
 *   accession numbers, through loaders/thirteen-f.ts `loadThirteenFHoldings`.
 * For each family and database, rounds alternate (so drift hits both): the loader in one transaction into the
 * emptied table (COPY into a temporary staging table, then one INSERT ... SELECT ... ON CONFLICT ... WHERE
 * ... IS DISTINCT FROM), and a bare `COPY` of the same rows (the same text, built in the timed section too)
 * into the same emptied table (Postgres: FROM STDIN on its own connection; PGlite: FROM '/dev/blob').
 * Per case: best and median rows/s of each and `ratio` = median of the per-round loader/COPY ratios; then a
 * re-load of the same rows (nothing changes, nothing is written). Top-level `ratio` = the lowest case ratio.
 * Goal (issue 26): >= 0.9. Knobs: BENCH_ROWS (100,000 per family on Postgres; PGlite takes BENCH_LITE_ROWS,
 * 50,000), BENCH_ROUNDS (5), BENCH_ONLY (a database kind: postgres | pglite).
 */
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import { getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { LoadResult } from '../jobs/types.ts';
import { type Database, openDatabase, type Tx } from '../lib/db.ts';
import { copyText } from '../loaders/copy-upsert.ts';
import { loadFilings } from '../loaders/filings.ts';
import { loadThirteenFHoldings } from '../loaders/thirteen-f.ts';
import { upsertPlan } from '../loaders/upsert.ts';
import { parsePriceCsv } from '../parsers/prices/csv.ts';
import { filings } from '../schema/filings.ts';
import { type PriceBarInsert, priceBars } from '../schema/market-data.ts';
import { thirteenFHoldings } from '../schema/ownership.ts';
import { throwawayDatabase } from './db.ts';
import { median } from './http-load.ts';
import { filingRows, thirteenFRows } from './loader-rows.ts';

const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const LITE_ROWS = Number(process.env.BENCH_LITE_ROWS ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ONLY = process.env.BENCH_ONLY;

interface Family {
  name: 'filings' | 'prices' | '13f';
  table: PgTable;
  conflict: PgColumn[];
  rows: (n: number) => Record<string, unknown>[];
  load: (tx: Tx, rows: never[]) => Promise<LoadResult>;
}

function priceRows(n: number): PriceBarInsert[] {
  const file = 'fixtures/upstream/query1.finance.yahoo.com/v7/finance/download/TSM';
  const real = parsePriceCsv(readFileSync(file, 'utf8'), { symbol: 'TSM', currency: 'USD' }).bars;
  const fetchedAt = new Date('2026-11-20T22:30:00Z');
  const out: PriceBarInsert[] = [];
  for (let i = 0; out.length < n; i++) {
    const symbol = `S${String(i).padStart(5, '0')}`;
    const k = 1 + i / 10_000; // distinct values per symbol, same shapes
    for (const b of real) {
      if (out.length >= n) break;
      out.push({
        symbol,
        date: b.date,
        companyId: null,
        market: 'US',
        currency: 'USD',
        open: b.open === null ? null : b.open * k,
        high: b.high === null ? null : b.high * k,
        low: b.low === null ? null : b.low * k,
        close: b.close === null ? null : b.close * k,
        adjClose: b.close === null ? null : b.close * k,
        volume: b.volume,
        source: 'https://query1.finance.yahoo.com/v7/finance/download/TSM',
        fetchedAt,
      });
    }
  }
  return out;
}

const FAMILIES: Family[] = [
  {
    name: 'filings',
    table: filings,
    conflict: [filings.accessionNumber, filings.cik],
    rows: filingRows as Family['rows'],
    load: (tx, rows) => loadFilings(tx, rows, 'submissions'),
  },
  {
    name: 'prices',
    table: priceBars,
    conflict: [priceBars.symbol, priceBars.date],
    rows: priceRows as Family['rows'],
    // the bar upsert of loadPriceBars (loaders/market-data.ts), without its market-cap refresh
    load: async (tx, rows) =>
      (await import('../loaders/copy-upsert.ts')).copyUpsertRows(tx, priceBars, rows, [
        priceBars.symbol,
        priceBars.date,
      ]),
  },
  {
    name: '13f',
    table: thirteenFHoldings,
    conflict: [
      thirteenFHoldings.accessionNumber,
      thirteenFHoldings.cusip,
      thirteenFHoldings.titleOfClass,
      thirteenFHoldings.putCall,
    ],
    rows: thirteenFRows as Family['rows'],
    load: (tx, rows) => loadThirteenFHoldings(tx, rows),
  },
];

/** A bare COPY of `rows` into `table` (the loader's columns, the same text format), timed by the caller. */
type BareCopy = (table: PgTable, rows: Record<string, unknown>[], conflict: PgColumn[]) => Promise<void>;

function copyStatement(table: PgTable, rows: Record<string, unknown>[], conflict: PgColumn[]) {
  const plan = upsertPlan(table, rows as never[], conflict);
  const cols = plan.columns.map(([, c]) => `"${c.name}"`).join(', ');
  return { target: `"${getTableName(table)}" (${cols})`, text: () => copyText(plan.rows, plan.columns) };
}

async function postgres(): Promise<{ database: Database; copy: BareCopy; drop(): Promise<void> }> {
  const db = await throwawayDatabase(base);
  const database = await openDatabase({ databaseUrl: db.url });
  await database.migrate();
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  return {
    database,
    copy: async (table, rows, conflict) => {
      const { target, text } = copyStatement(table, rows, conflict);
      await pipeline(Readable.from(text()), client.query(copyFrom(`COPY ${target} FROM STDIN`)));
    },
    async drop() {
      await client.end();
      await database.close();
      await db.drop();
    },
  };
}

async function pglite(): Promise<{ database: Database; copy: BareCopy; drop(): Promise<void> }> {
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return {
    database,
    copy: async (table, rows, conflict) => {
      const { target, text } = copyStatement(table, rows, conflict);
      await client.query(`COPY ${target} FROM '/dev/blob'`, [], { blob: new Blob([...text()]) });
    },
    drop: () => database.close(),
  };
}

async function measure(
  kind: 'postgres' | 'pglite',
  env: { database: Database; copy: BareCopy },
  f: Family,
  n: number,
) {
  const rows = f.rows(n);
  const table = getTableName(f.table);
  const loaderRps: number[] = [];
  const copyRps: number[] = [];
  const ratios: number[] = [];
  let written: LoadResult = { inserted: 0, updated: 0 };
  for (let i = 0; i < ROUNDS; i++) {
    await env.database.query(`TRUNCATE ${table}`);
    let t = performance.now();
    written = await env.database.db.transaction((tx) => f.load(tx, rows as never[]));
    const l = rows.length / ((performance.now() - t) / 1000);
    await env.database.query(`TRUNCATE ${table}`);
    t = performance.now();
    await env.copy(f.table, rows, f.conflict);
    const c = rows.length / ((performance.now() - t) / 1000);
    loaderRps.push(l);
    copyRps.push(c);
    ratios.push(l / c);
  }
  // the re-run case: the same rows again (COPY's rows are in the table), nothing changed, nothing written
  const t = performance.now();
  const again = await env.database.db.transaction((tx) => f.load(tx, rows as never[]));
  const rerun = rows.length / ((performance.now() - t) / 1000);
  const r = (x: number) => Math.round(x);
  return {
    family: f.name,
    database: kind,
    rows: rows.length,
    loaded: written,
    loader_rows_per_s: { best: r(Math.max(...loaderRps)), median: r(median(loaderRps)) },
    copy_rows_per_s: { best: r(Math.max(...copyRps)), median: r(median(copyRps)) },
    rerun_unchanged_rows_per_s: r(rerun),
    rerun_rows_written: again.inserted + again.updated,
    ratios: ratios.map((x) => Number(x.toFixed(3))),
    ratio: Number(median(ratios).toFixed(3)),
  };
}

async function main() {
  const cases: Awaited<ReturnType<typeof measure>>[] = [];
  for (const kind of ['postgres', 'pglite'] as const) {
    if (ONLY && ONLY !== kind) continue;
    const env = kind === 'postgres' ? await postgres() : await pglite();
    try {
      for (const f of FAMILIES) {
        process.stderr.write(`loader: ${kind} ${f.name} ...\n`);
        cases.push(await measure(kind, env, f, kind === 'postgres' ? PG_ROWS : LITE_ROWS));
      }
    } finally {
      await env.drop();
    }
  }
  process.stdout.write(
    `${JSON.stringify({
      name: 'loader',
      rounds: ROUNDS,
      cases,
      ratio: Math.min(...cases.map((c) => c.ratio)),
      goal: '>= 0.9 of a bare COPY of the same rows (each case)',
    })}\n`,
  );
}

await main();
