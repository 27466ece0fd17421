/**
 * Earnings calendar and consensus routes (issue 25). Run:
 * `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/consensus-markets.bench.ts`.
 * On a fresh database of that server: SEC's real ticker file as the registry (~9,400 companies), a synthetic
 * filing index of BENCH_QUARTERS quarters per company (an 8-K with Items 2.02/9.01 each quarter, plus two other
 * 8-Ks: 3x the rows; every company reports on the same day of the quarter, the worst week for the date view),
 * and one provider next-date row per company (no consensus rows: the consensus route's figure is its empty
 * path). Then p50/p99 over BENCH_REQUESTS sequential keep-alive requests through the whole platform:
 * - `/v1/calendar/earnings?date_gte=D&date_lte=D+6` (a random week: the analyst's view),
 * - `/v1/calendar/earnings?ticker=T` (a random company's history, first page),
 * - `/v1/companies/T/consensus` (a random company's estimates),
 * and the same SQL run directly (no HTTP, auth, credits, envelope) as the baseline: `ratio` = route p50 /
 * direct p50 for the week view. Prints one JSON object on stdout.
 */
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../lib/db.ts';
import { syncDatasetRegistry } from '../loaders/coverage.ts';
import { listenBenchApp, seedTickerRegistry } from './api-server.ts';
import { throwawayDatabase } from './db.ts';

const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const QUARTERS = Number(process.env.BENCH_QUARTERS ?? 40);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
};
const round = (x: number) => Number(x.toFixed(2));

async function main() {
  const db = await throwawayDatabase(base, 'bench_cal');
  const database = await openDatabase({ databaseUrl: db.url });
  try {
    await database.migrate();
    await syncDatasetRegistry(database);
    await seedTickerRegistry(database);
    // the filing index: per company and quarter, an Item 2.02 8-K at 16:05 New York and two other 8-Ks
    await database.query(
      `insert into filings (accession_number, cik, filing_type, form, filing_date, accepted_at, items, url, source, fetched_at)
       select lpad(c.cik, 10, '0') || '-' || q || '-' || k, c.cik::bigint, '8-K', '8-K',
              (date '2015-01-20' + q * 91 + k)::date,
              ((date '2015-01-20' + q * 91 + k)::timestamp + time '21:05') at time zone 'UTC',
              case k when 0 then '2.02,9.01' when 1 then '5.02' else '8.01,9.01' end,
              'https://www.sec.gov/Archives/edgar/data/' || c.cik::bigint || '/', 'bench', now()
         from companies c, generate_series(0, ${QUARTERS - 1}) q, generate_series(0, 2) k
        where c.cik is not null`,
    );
    await database.query(
      `insert into earnings_calendar (symbol, provider, company_id, date, date_end, starts_at, time_of_day, confirmed, source, fetched_at)
       select c.primary_ticker, 'yahoo', c.company_id, date '2026-01-20' + (abs(hashtext(c.company_id)) % 60), null, null,
              'unknown', false, 'bench', now()
         from companies c where c.primary_ticker is not null`,
    );
    // as autovacuum would after a load: the planner needs the new rows' statistics
    await database.query('analyze filings');
    await database.query('analyze earnings_calendar');
    await database.query('analyze companies');
    const [{ n } = { n: 0 }] = await database.query<{ n: number }>('select count(*)::int as n from filings');
    const tickers = (
      await database.query<{ t: string }>(
        'select primary_ticker as t from companies where primary_ticker is not null',
      )
    ).map((r) => r.t);
    const { app, port, key } = await listenBenchApp(database);
    const url = `http://127.0.0.1:${port}`;
    const headers = { authorization: `Bearer ${key}` };
    const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
    const week = () => {
      const d = new Date(Date.UTC(2015, 0, 20) + Math.floor(Math.random() * QUARTERS * 91) * 86_400_000);
      const e = new Date(d.getTime() + 6 * 86_400_000);
      return [d.toISOString().slice(0, 10), e.toISOString().slice(0, 10)] as const;
    };
    const time = async (path: () => string) => {
      const lat: number[] = [];
      for (let i = 0; i < REQUESTS + 20; i++) {
        const t = performance.now();
        const r = await fetch(`${url}${path()}`, { headers });
        await r.json();
        if (r.status !== 200) throw new Error(`bad answer ${r.status}`);
        if (i >= 20) lat.push(performance.now() - t);
      }
      return lat;
    };
    const weekLat = await time(() => {
      const [a, b] = week();
      return `/v1/calendar/earnings?date_gte=${a}&date_lte=${b}`;
    });
    const tickerLat = await time(() => `/v1/calendar/earnings?ticker=${encodeURIComponent(pick(tickers))}`);
    const consensusLat = await time(() => `/v1/companies/${encodeURIComponent(pick(tickers))}/consensus`);
    await app.close();
    // the baseline: the week view's SQL alone
    const { earningsCalendarSql } = await import('../api/routes/consensus.ts');
    const direct: number[] = [];
    for (let i = 0; i < REQUESTS + 20; i++) {
      const [a, b] = week();
      const t = performance.now();
      // the statement the route sends for a week (bounds pushed to both sources)
      const sql = earningsCalendarSql(
        {
          past: ` and f.accepted_at >= ($1::date::timestamp at time zone 'America/New_York') and f.accepted_at < (($2::date + 1)::timestamp at time zone 'America/New_York')`,
          upcoming: ' and coalesce(y.date_end, y.date) >= $1::date and y.date <= $2::date',
          where: 'date >= $1::date and date <= $2::date',
        },
        '$3',
      );
      await database.query(sql, [a, b, 101]);
      if (i >= 20) direct.push(performance.now() - t);
    }
    process.stdout.write(
      `${JSON.stringify({
        name: 'consensus-markets',
        database: 'postgres',
        results: [
          { filings: n, companies: tickers.length, quarters: QUARTERS },
          {
            route: '/v1/calendar/earnings?date_gte&date_lte (a week)',
            requests: REQUESTS,
            p50_ms: round(quantile(weekLat, 0.5)),
            p99_ms: round(quantile(weekLat, 0.99)),
            direct_sql_p50_ms: round(quantile(direct, 0.5)),
          },
          {
            route: '/v1/calendar/earnings?ticker',
            p50_ms: round(quantile(tickerLat, 0.5)),
            p99_ms: round(quantile(tickerLat, 0.99)),
          },
          {
            route: '/v1/companies/{ticker}/consensus',
            p50_ms: round(quantile(consensusLat, 0.5)),
            p99_ms: round(quantile(consensusLat, 0.99)),
          },
        ],
        ratio: round(quantile(weekLat, 0.5) / quantile(direct, 0.5)),
        goal: 'route p99 under 100 ms on the index of every listed company',
      })}\n`,
    );
  } finally {
    await database.close();
    await db.drop();
  }
}

await main();
