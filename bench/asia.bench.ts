import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { openDatabase } from '../lib/db.ts';
import { loadKrFinancials, loadTwMonthlyRevenue } from '../loaders/asia.ts';
import { parseDartFinancials } from '../parsers/korea/financials.ts';
import { parseMonthlyRevenueCsv, parseMonthlyRevenuePage } from '../parsers/taiwan/monthly-revenue.ts';
import type { KrFinancialsInsert, TwMonthlyRevenueInsert } from '../schema/asia.ts';
import { throwawayDatabase } from './db.ts';

/**
 * Issue 11: rows/s of the Taiwan monthly-revenue and OpenDART financial-statement loaders on real Postgres
 * (baseline in the same run: COPY of the same monthly-revenue rows), parse rates, and the projected time to
 * backfill all Taiwan monthly revenue since 2013 (about 2,300 companies x 160 months, 320 MOPS pages).
 */
const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ctx = { url: 'bench', fetchedAt: '2026-01-01T00:00:00.000Z' };
const up = 'fixtures/upstream/';
const MONTHS = 24;
const CORPS = 200;

function revenueRows(): { rows: TwMonthlyRevenueInsert[]; parseRowsPerS: number } {
  const files: [Buffer, 'page' | 'csv', 'twse' | 'tpex'][] = [
    [readFileSync(`${up}mops.twse.com.tw/nas/t21/sii/t21sc03_112_1_0.html`), 'page', 'twse'],
    [readFileSync(`${up}mops.twse.com.tw/nas/t21/otc/t21sc03_112_1_0.html`), 'page', 'tpex'],
    [readFileSync(`${up}mopsfin.twse.com.tw/opendata/t187ap05_L.csv`), 'csv', 'twse'],
  ];
  const t = performance.now();
  let parsed = 0;
  const real: TwMonthlyRevenueInsert[] = [];
  for (let i = 0; i < 5; i++) {
    for (const [b, kind, m] of files) {
      const r = kind === 'page' ? parseMonthlyRevenuePage(b, ctx, m) : parseMonthlyRevenueCsv(b, ctx, m);
      parsed += r.rows.length;
      if (i === 0) real.push(...r.rows.filter((x) => kind === 'page' || x.dataYm === '2025-07'));
    }
  }
  const parseRowsPerS = parsed / ((performance.now() - t) / 1000);
  // the real rows of one month, repeated over MONTHS months (same shapes and values, distinct keys)
  const rows: TwMonthlyRevenueInsert[] = [];
  const seen = new Set<string>();
  for (let m = 0; m < MONTHS; m++) {
    const ym = `${2000 + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;
    for (const r of real) {
      const k = `${r.localSecurityCode}|${ym}`;
      if (seen.has(k)) continue;
      seen.add(k);
      rows.push({ ...r, dataYm: ym });
    }
  }
  return { rows, parseRowsPerS };
}

function dartRows(): { rows: KrFinancialsInsert[]; parseRowsPerS: number } {
  const body = readFileSync('fixtures/korea/fnlttSinglAcntAll_00126380_2023_11011_golden.json');
  const t = performance.now();
  let n = 0;
  let one: KrFinancialsInsert[] = [];
  for (let i = 0; i < 50; i++) {
    one = parseDartFinancials(body, ctx, { fsDiv: 'CFS' }).rows;
    n += one.length;
  }
  const parseRowsPerS = n / ((performance.now() - t) / 1000);
  const rows = Array.from({ length: CORPS }, (_, c) =>
    one.map((r) => ({ ...r, corpCode: String(126380 + c).padStart(8, '0') })),
  ).flat();
  return { rows, parseRowsPerS };
}

const csv = (v: unknown) => (v === null || v === undefined ? '\\N' : String(v).replace(/\t/g, ' '));
const best = (xs: number[]) => Math.round(Math.max(...xs));

async function main() {
  const db = await throwawayDatabase(base, 'bench_asia');
  const database = await openDatabase({ databaseUrl: db.url });
  try {
    await database.migrate();
    const rev = revenueRows();
    const dart = dartRows();
    const rounds = 3;
    const revUpsert: number[] = [];
    const revCopy: number[] = [];
    const dartLoad: number[] = [];
    for (let i = 0; i < rounds; i++) {
      await database.query('TRUNCATE tw_monthly_revenue');
      let t = performance.now();
      await database.db.transaction((tx) => loadTwMonthlyRevenue(tx, rev.rows));
      revUpsert.push(rev.rows.length / ((performance.now() - t) / 1000));

      await database.query('TRUNCATE tw_monthly_revenue');
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const cols = [
        'local_security_code',
        'data_ym',
        'market',
        'company_name',
        'industry',
        'revenue',
        'revenue_previous_month',
        'revenue_year_ago',
        'mom_pct',
        'yoy_pct',
        'revenue_ytd',
        'revenue_ytd_year_ago',
        'revenue_ytd_yoy_pct',
        'note',
        'source_url',
        'fetched_at',
      ];
      const lines = rev.rows.map(
        (r) =>
          `${[r.localSecurityCode, r.dataYm, r.market, r.companyName, r.industry, r.revenue, r.revenuePreviousMonth, r.revenueYearAgo, r.momPct, r.yoyPct, r.revenueYtd, r.revenueYtdYearAgo, r.revenueYtdYoyPct, r.note, r.sourceUrl, r.fetchedAt].map(csv).join('\t')}\n`,
      );
      t = performance.now();
      await pipeline(
        Readable.from(lines),
        client.query(copyFrom(`COPY tw_monthly_revenue (${cols.join(',')}) FROM STDIN`)),
      );
      revCopy.push(rev.rows.length / ((performance.now() - t) / 1000));
      await client.end();

      await database.query('TRUNCATE kr_financials');
      t = performance.now();
      await database.db.transaction((tx) => loadKrFinancials(tx, dart.rows));
      dartLoad.push(dart.rows.length / ((performance.now() - t) / 1000));
    }
    // Projection: 2,300 companies x 160 months; 320 MOPS month pages (listed + OTC) fetched at the shared
    // limiter's default 5 requests/s for a host, and at 1 request per 3 s (MOPS answers faster callers with
    // its 查詢過於頻繁 page); parse and load at the measured rates.
    const projectedRows = 2300 * 160;
    const pages = 160 * 2;
    const cpu = projectedRows / rev.parseRowsPerS + projectedRows / best(revUpsert);
    const projection = {
      rows: projectedRows,
      pages,
      seconds_at_5_rps: Math.round(pages / 5 + cpu),
      seconds_at_1_per_3s: Math.round(pages * 3 + cpu),
      parse_and_load_seconds: Number(cpu.toFixed(1)),
    };
    process.stdout.write(
      `${JSON.stringify({
        name: 'asia',
        database: 'postgres',
        results: [
          {
            dataset: 'tw_monthly_revenue',
            rows: rev.rows.length,
            parse_rows_per_s: Math.round(rev.parseRowsPerS),
            load_rows_per_s: best(revUpsert),
            copy_rows_per_s: best(revCopy),
            ratio_to_copy: Number((best(revUpsert) / best(revCopy)).toFixed(3)),
          },
          {
            dataset: 'kr_financials',
            rows: dart.rows.length,
            parse_rows_per_s: Math.round(dart.parseRowsPerS),
            load_rows_per_s: best(dartLoad),
          },
          { projection_tw_monthly_revenue_since_2013: projection },
        ],
        rounds,
      })}\n`,
    );
  } finally {
    await database.close();
    await db.drop();
  }
}

await main();
