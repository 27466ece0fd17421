/**
 * Market data. Run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/market-data.bench.ts`.
 * In one run, on a fresh database of that server:
 * - `load`: daily price bars, a synthetic scale-up of a real file (the TSM ADR's year of yfinance bars,
 *   250 days) to BENCH_SYMBOLS symbols (5,000: 1.25 million rows), loaded through loaders/market-data.ts
 *   `loadPriceBars` (batch upsert + the market-cap refresh of those symbols, each given a company id that
 *   holds no share count, so the refresh query runs but writes nothing) in transactions of
 *   BENCH_SYMBOLS_PER_TX symbols (COPY into a staging table, then one upsert), against a plain `COPY` of the
 *   same rows into the same table, alternating rounds. `ratio` = loader rows/s / COPY rows/s (goal >= 0.8);
 *   `unnest_ratio` = the same upsert fed by array parameters (upsertRows: PGlite's path) / COPY.
 * - `route`: p50/p99 of `GET /v1/companies/{symbol}/market-data?limit=100` through the whole platform
 *   (auth, plan, credits, cursor, envelope) on that data, BENCH_REQUESTS sequential keep-alive requests
 *   over random symbols, first pages and cursor pages.
 * Prints one JSON object on stdout.
 */

import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { openDatabase } from '../lib/db.ts';
import { syncDatasetRegistry } from '../loaders/coverage.ts';
import { loadPriceBars } from '../loaders/market-data.ts';
import { upsertRows } from '../loaders/upsert.ts';
import { parsePriceCsv } from '../parsers/prices/csv.ts';
import { type PriceBarInsert, priceBars } from '../schema/market-data.ts';
import { listenBenchApp } from './api-server.ts';
import { throwawayDatabase } from './db.ts';

const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SYMBOLS = Number(process.env.BENCH_SYMBOLS ?? 5_000);
const PER_TX = Number(process.env.BENCH_SYMBOLS_PER_TX ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000);

function rows(): PriceBarInsert[] {
  const file = 'fixtures/upstream/query1.finance.yahoo.com/v7/finance/download/TSM';
  const real = parsePriceCsv(readFileSync(file, 'utf8'), { symbol: 'TSM', currency: 'USD' }).bars;
  const fetchedAt = new Date('2026-11-20T22:30:00Z');
  const out: PriceBarInsert[] = [];
  for (let i = 0; i < SYMBOLS; i++) {
    const symbol = `S${String(i).padStart(4, '0')}`;
    const k = 1 + i / 10_000; // distinct values per symbol, same shapes
    for (const b of real)
      out.push({
        symbol,
        date: b.date,
        // a company id per symbol, so the market-cap refresh runs for every symbol (no shares: no caps)
        companyId: `cmp_bench${i}`,
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
  return out;
}

const COLS = [
  'symbol',
  'date',
  'company_id',
  'market',
  'currency',
  'open',
  'high',
  'low',
  'close',
  'adj_close',
  'volume',
  'source',
  'fetched_at',
];
const cell = (v: unknown) =>
  v === null || v === undefined ? '\\N' : v instanceof Date ? v.toISOString() : String(v);
const line = (r: PriceBarInsert) =>
  `${[r.symbol, r.date, r.companyId, r.market, r.currency, r.open, r.high, r.low, r.close, r.adjClose, r.volume, r.source, r.fetchedAt].map(cell).join('\t')}\n`;

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

async function main() {
  const db = await throwawayDatabase(base);
  const database = await openDatabase({ databaseUrl: db.url, poolSize: 10 });
  await database.migrate();
  await syncDatasetRegistry(database);
  const data = rows();
  const bySymbolChunks: PriceBarInsert[][] = [];
  const perChunk = PER_TX * (data.length / SYMBOLS);
  for (let i = 0; i < data.length; i += perChunk) bySymbolChunks.push(data.slice(i, i + perChunk));
  try {
    const loader: number[] = [];
    const unnest: number[] = [];
    const copy: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await database.query('TRUNCATE price_bars, market_caps');
      let t = performance.now();
      for (const chunk of bySymbolChunks) await database.db.transaction((tx) => loadPriceBars(tx, chunk));
      loader.push(data.length / ((performance.now() - t) / 1000));

      // the batch upsert without the COPY staging (PGlite's path, and the loader before it)
      await database.query('TRUNCATE price_bars, market_caps');
      t = performance.now();
      for (const chunk of bySymbolChunks)
        await database.db.transaction((tx) =>
          upsertRows(tx, priceBars, chunk, [priceBars.symbol, priceBars.date]),
        );
      unnest.push(data.length / ((performance.now() - t) / 1000));

      await database.query('TRUNCATE price_bars, market_caps');
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      t = performance.now();
      const stream = client.query(copyFrom(`COPY price_bars (${COLS.join(',')}) FROM STDIN`));
      await pipeline(Readable.from(data.map(line)), stream);
      copy.push(data.length / ((performance.now() - t) / 1000));
      await client.end();
    }
    await database.query('analyze');
    const best = (xs: number[]) => Math.round(Math.max(...xs));

    // route latency on the loaded data (COPY's copy, identical rows)
    const { app, port, key } = await listenBenchApp(database);
    const url = `http://127.0.0.1:${port}`;
    const headers = { authorization: `Bearer ${key}` };
    const lat: number[] = [];
    let rowsServed = 0;
    for (let i = 0; i < REQUESTS + 50; i++) {
      const symbol = `S${String(Math.floor(Math.random() * SYMBOLS)).padStart(4, '0')}`;
      const t = performance.now();
      const r = await fetch(`${url}/v1/companies/${symbol}/market-data?limit=100`, { headers });
      const body = (await r.json()) as { data: unknown[]; next_cursor: string | null };
      if (r.status !== 200 || body.data.length !== 100) throw new Error(`bad answer ${r.status}`);
      const next = await fetch(
        `${url}/v1/companies/${symbol}/market-data?limit=100&cursor=${encodeURIComponent(body.next_cursor!)}`,
        { headers },
      );
      await next.json();
      const ms = performance.now() - t;
      if (i >= 50) {
        lat.push(ms / 2);
        rowsServed += body.data.length;
      }
    }
    await app.close();
    const ratio = best(loader) / best(copy);
    process.stdout.write(
      `${JSON.stringify({
        name: 'market-data',
        database: 'postgres',
        results: [
          {
            rows: data.length,
            symbols: SYMBOLS,
            symbols_per_tx: PER_TX,
            loader_rows_per_s: best(loader),
            unnest_upsert_rows_per_s: best(unnest),
            copy_rows_per_s: best(copy),
            rounds: ROUNDS,
          },
          {
            route: '/v1/companies/{symbol}/market-data?limit=100',
            requests: REQUESTS * 2,
            p50_ms: Number(quantile(lat, 0.5).toFixed(2)),
            p99_ms: Number(quantile(lat, 0.99).toFixed(2)),
            rows_per_page: rowsServed / REQUESTS,
          },
        ],
        ratio: Number(ratio.toFixed(3)),
        unnest_ratio: Number((best(unnest) / best(copy)).toFixed(3)),
        goal: '>= 0.8 of COPY',
      })}\n`,
    );
  } finally {
    await database.close();
    await db.drop();
  }
}

await main();
