import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRICE_EXAMPLE,
  SERIES_EXAMPLE,
  SHORT_INTEREST_EXAMPLE,
} from '../../api/routes/market-data-schemas.ts';
import { financialsJob } from '../../jobs/edgar/financials.job.ts';
import { benchmarksJob } from '../../jobs/market/benchmarks.job.ts';
import { pricesJob } from '../../jobs/market/prices.job.ts';
import { sharesOutstandingJob } from '../../jobs/market/shares-outstanding.job.ts';
import { shortInterestJob } from '../../jobs/market/short-interest.job.ts';
import type { DatasetJob, RawDocument } from '../../jobs/types.ts';
import type { Database } from '../../lib/db.ts';
import { companyIdForCik } from '../../lib/ids.ts';
import { loadListingPrices } from '../../loaders/market-data.ts';
import { LISTING_PROVIDERS } from '../../parsers/prices/providers.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';
import { indexFiling } from '../helpers/db.ts';
import { seedRegistry } from '../helpers/registry.ts';

// Spec 4.5 over real HTTP: the four market-data routes on rows loaded by the jobs' own parse + load.
let database: Database;
let api: RunningApi;
let key: string;

const doc = (url: string, path: string): RawDocument => {
  const bytes = readFileSync(`fixtures/upstream/${path}`);
  return {
    url,
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    fetchedAt: '2026-11-20T22:30:00.000Z',
    contentType: null,
  };
};
async function run(job: DatasetJob, partition: string, docs: RawDocument[]) {
  const { rows } = await job.parse(docs, partition);
  await database.db.transaction((tx) => job.load(tx, rows, partition));
}
const [chart, csv] = LISTING_PROVIDERS;
const TSMC_ID = companyIdForCik('0001046179');
const APPLE_ID = companyIdForCik('0000320193');

beforeAll(async () => {
  database = await createApiTestDatabase();
  await seedRegistry(database, 50); // AAPL, GOOGL and TSM are among SEC's first 50 tickers
  const facts = 'data.sec.gov/api/xbrl/companyfacts/CIK0001046179.json';
  await run(sharesOutstandingJob as DatasetJob, 'cik:0001046179', [doc(`https://${facts}`, facts)]);
  await run(financialsJob as DatasetJob, 'cik:0001046179', [doc(`https://${facts}`, facts)]);
  for (const s of ['AAPL', 'TSCO.L'])
    await run(pricesJob as DatasetJob, `symbol:${s}`, [
      doc(chart!.url(s), `query2.finance.yahoo.com/v8/finance/chart/${s}`),
    ]);
  for (const s of ['2330.TW', 'TSM'])
    await run(pricesJob as DatasetJob, `symbol:${s}`, [
      doc(csv!.url(s), `query1.finance.yahoo.com/v7/finance/download/${s}`),
    ]);
  await run(benchmarksJob as DatasetJob, 'registry', []);
  for (const s of ['ZC=F', 'GC=F', '^GSPC'])
    await run(benchmarksJob as DatasetJob, `symbol:${s}`, [
      doc(csv!.url(s), `query1.finance.yahoo.com/v7/finance/download/${s}`),
    ]);
  const finra = 'cdn.finra.org/equity/otcmarket/biweekly/shrt20260430.csv';
  await run(shortInterestJob as DatasetJob, 'settlement:2026-04-30', [doc(`https://${finra}`, finra)]);
  api = await startApi(database, { logLevel: 'warn' });
  ({ key } = await accountWithKey(database, 'professional', 10_000));
}, 60_000);

afterAll(async () => {
  await api?.close();
  await database?.close();
});

const get = (path: string, k = key) => api.get(path, { key: k });
const ok = async (path: string) => {
  const r = await get(path);
  const body = await r.json();
  expect(r.status, `${path}: ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
  return body;
};
const error = async (path: string, status: number) => {
  const r = await get(path);
  expect(r.status, path).toBe(status);
  const body = await r.json();
  expect(body.success).toBe(false);
  expect(body.error.statusCode).toBe(status);
  return body.error.message as string;
};

describe('GET /v1/companies/{company_id}/market-data', () => {
  it('prices newest first, 100 per page by default, the documented example is a real row', async () => {
    const b = await ok('/v1/companies/AAPL/market-data');
    expect(b.data).toHaveLength(100);
    expect(b.data[0]).toMatchObject({ symbol: 'AAPL', date: '2025-10-29', close: 269.7, currency: 'USD' });
    expect(b.next_cursor).toEqual(expect.any(String));
    expect(b.coverage).toMatchObject({ available_from: '2025-07-14', update_frequency: 'daily' });
    const day = await ok('/v1/companies/AAPL/market-data?date_gte=2025-07-14&date_lte=2025-07-14');
    expect(day.data).toEqual([PRICE_EXAMPLE]);
  });

  it('the cursor continues where the page ended, without overlap, to the last page', async () => {
    const seen: string[] = [];
    let url = '/v1/companies/AAPL/market-data?limit=50';
    for (;;) {
      const b = await ok(url);
      seen.push(...b.data.map((r: { date: string }) => r.date));
      if (!b.next_cursor) break;
      url = `/v1/companies/AAPL/market-data?limit=50&cursor=${encodeURIComponent(b.next_cursor)}`;
    }
    expect(seen).toHaveLength(127);
    expect(new Set(seen).size).toBe(127);
    expect([...seen].sort().reverse()).toEqual(seen);
    const first = await ok('/v1/companies/AAPL/market-data?limit=5');
    // a cursor is bound to its request: another company's route refuses it
    await error(`/v1/companies/TSM/market-data?limit=5&cursor=${encodeURIComponent(first.next_cursor)}`, 400);
  });

  it('one row per listing per date in its own currency (TSM ADR in USD, 2330.TW in TWD)', async () => {
    const b = await ok('/v1/companies/TSM/market-data?date_gte=2025-07-14&date_lte=2025-07-14');
    expect(b.data).toEqual([
      {
        symbol: '2330.TW',
        company_id: TSMC_ID,
        date: '2025-07-14',
        currency: 'TWD',
        open: 1100,
        high: 1100,
        low: 1085,
        close: 1095,
        adj_close: 1095,
        volume: 25760632,
      },
      {
        symbol: 'TSM',
        company_id: TSMC_ID,
        date: '2025-07-14',
        currency: 'USD',
        open: null,
        high: null,
        low: null,
        close: null,
        adj_close: 228.67,
        volume: 10673500,
      },
    ]);
  });

  it('series=market_cap: close x shares, home listing only, numeric string', async () => {
    const b = await ok('/v1/companies/2330.TW/market-data?series=market_cap&date_lte=2025-07-14&limit=1');
    expect(b.data).toEqual([
      {
        symbol: '2330.TW',
        company_id: TSMC_ID,
        date: '2025-07-14',
        currency: 'TWD',
        market_cap: '28396342899990.00',
      },
    ]);
    const adr = await ok('/v1/companies/TSM/market-data?series=market_cap&limit=1000');
    expect(new Set(adr.data.map((r: { symbol: string }) => r.symbol))).toEqual(new Set(['2330.TW']));
    const registry = await ok(`/v1/companies/${TSMC_ID}`);
    expect(registry.data).toMatchObject({
      market_cap: '30600625225560.00',
      market_cap_currency: 'TWD',
      as_of_date: '2025-08-11',
    });
  });

  it('a symbol the registry does not know is still tried as a symbol: pence stay pence', async () => {
    const b = await ok('/v1/companies/TSCO.L/market-data?limit=1');
    expect(b.data).toEqual([
      {
        symbol: 'TSCO.L',
        company_id: null,
        date: '2026-06-10',
        currency: 'GBp',
        open: 460.4,
        high: 466,
        low: 457.6,
        close: 464.7,
        adj_close: 464.7,
        volume: 5837317,
      },
    ]);
  });

  it('older ranges return nothing (not an error); bad input is a 400; unknown and benchmark symbols are 404s naming the forms', async () => {
    expect((await ok('/v1/companies/AAPL/market-data?date_lte=2020-01-01')).data).toEqual([]);
    expect(await error('/v1/companies/AAPL/market-data?series=volume', 400)).toMatch(/series/);
    expect(await error('/v1/companies/AAPL/market-data?limit=1001', 400)).toMatch(/limit/);
    expect(await error('/v1/companies/AAPL/market-data?date_gte=2025-13-01', 400)).toMatch(/date_gte/);
    expect(await error('/v1/companies/AAPL/market-data?ticker=AAPL', 400)).toMatch(/ticker/);
    expect(await error('/v1/companies/AAPL/market-data?cursor=abc', 400)).toMatch(/Malformed cursor/);
    expect(await error('/v1/companies/ZZZZQ/market-data', 404)).toMatch(/Accepted forms/);
    expect(await error(`/v1/companies/${encodeURIComponent('GC=F')}/market-data`, 404)).toMatch(
      /benchmark symbol.*Accepted forms/,
    );
    expect(await error(`/v1/companies/${encodeURIComponent('^GSPC')}/short-interest`, 404)).toMatch(
      /Accepted forms/,
    );
  });

  it('is a Professional dataset: a Free key gets 402 naming it', async () => {
    const free = await accountWithKey(database, 'free', 100);
    const r = await get('/v1/companies/AAPL/market-data', free.key);
    expect(r.status).toBe(402);
    expect((await r.json()).error.message).toMatch(/Daily prices and market cap.*Professional/);
  });
});

describe('GET /v1/benchmarks and /v1/benchmarks/{symbol}', () => {
  it('q=gold ranks the headline instrument (the gold future) first, before gold-miners indices', async () => {
    const b = await ok('/v1/benchmarks?q=gold');
    expect(b.data.map((r: { symbol: string }) => r.symbol)).toEqual(['GC=F', '^HUI', '^XAU']);
    expect(b.data[0]).toEqual({
      symbol: 'GC=F',
      kind: 'commodity',
      name: 'Gold',
      exchange: 'CMX',
      currency: 'USD',
    });
    expect(b).not.toHaveProperty('next_cursor');
    expect(b.coverage).toMatchObject({ available_from: '2015-01-01' });
  });

  it('an exact symbol ranks first; kind filters; limit 1-500', async () => {
    expect((await ok('/v1/benchmarks?q=zc%3Df')).data[0].symbol).toBe('ZC=F');
    const idx = await ok('/v1/benchmarks?kind=index&limit=500');
    expect(idx.data.every((r: { kind: string }) => r.kind === 'index')).toBe(true);
    expect((await ok('/v1/benchmarks?kind=commodity&limit=3')).data).toHaveLength(3);
    await error('/v1/benchmarks?limit=501', 400);
    await error('/v1/benchmarks?kind=crypto', 400);
  });

  it('the series: USX corn in cents with close_major in dollars, newest first, cursor paging', async () => {
    const day = await ok(
      `/v1/benchmarks/${encodeURIComponent('ZC=F')}?date_gte=2025-09-08&date_lte=2025-09-08`,
    );
    expect(day.data).toEqual([SERIES_EXAMPLE]);
    const page = await ok(`/v1/benchmarks/${encodeURIComponent('^GSPC')}?limit=2`);
    expect(page.data.map((r: { date: string }) => r.date)).toEqual(['2026-03-06', '2026-03-05']);
    expect(page.data[0]).toMatchObject({
      close_major: page.data[0].close,
      currency_major: 'USD',
      kind: 'index',
      name: 'S&P 500',
    });
    const next = await ok(
      `/v1/benchmarks/${encodeURIComponent('^GSPC')}?limit=2&cursor=${encodeURIComponent(page.next_cursor)}`,
    );
    expect(next.data.map((r: { date: string }) => r.date)).toEqual(['2026-03-04', '2026-03-03']);
  });

  it('company identifiers do not work on benchmark routes (404 naming the accepted forms)', async () => {
    expect(await error('/v1/benchmarks/AAPL', 404)).toMatch(
      /benchmark symbol as GET \/v1\/benchmarks lists it/,
    );
  });
});

describe('GET /v1/companies/{company_id}/short-interest', () => {
  it('the 18 fields of spec 2.7 (plus the computed flag); percent fields null without a share count', async () => {
    const b = await ok('/v1/companies/AAPL/short-interest');
    expect(b.data).toEqual([SHORT_INTEREST_EXAMPLE]);
    expect(b.data[0].company_id).toBe(APPLE_ID);
    expect(b.coverage).toMatchObject({ available_from: '2017-12-29', update_frequency: 'semi_monthly' });
    expect((await ok('/v1/companies/AAPL/short-interest?date_lte=2026-04-29')).data).toEqual([]);
  });

  it("float and percent fields from the share count known at the settlement (Apple's 10-Q cover page)", async () => {
    // Apple's 10-Q for the quarter ended 2025-03-29 (filed 2025-05-02; no captured index lists it, so its
    // filing-index row is written as submissions JSON would): "14,935,826,000 shares of common stock were
    // issued and outstanding as of April 18, 2025", 377 days before the 2026-04-30 settlement
    await indexFiling(database, {
      accession: '0000320193-25-000057',
      cik: 320193,
      type: '10-Q',
      reportDate: '2025-03-29',
      filingDate: '2025-05-02',
      primaryDocument: 'aapl-20250329.htm',
    });
    const cover = 'www.sec.gov/Archives/edgar/data/320193/000032019325000057/aapl-20250329.htm';
    await run(sharesOutstandingJob as DatasetJob, 'cik:0000320193', [doc(`https://${cover}`, cover)]);
    const [row] = (await ok('/v1/companies/AAPL/short-interest')).data;
    // 134,675,274 shares short / 14,935,826,000 x 100 = 0.90169...
    expect(row).toEqual({
      ...SHORT_INTEREST_EXAMPLE,
      float_shares: 14_935_826_000,
      float_as_of: '2025-04-18',
      short_percent_float: '0.9017',
      short_percent_outstanding: '0.9017',
    });
  });
});

describe('valuation metrics on /v1/financial-metrics', () => {
  it('switch on where a traded close exists at the period end; as_of still reads what was known', async () => {
    const before = await ok('/v1/financial-metrics?ticker=TSM&period=annual&limit=1');
    expect(before.financial_metrics[0]).toMatchObject({
      report_period: '2024-12-31',
      price_to_book_ratio: null,
      enterprise_value: null,
    });
    // TWSE's traded close of 2330.TW on 2024-12-31 (1,075 TWD), through the loader a job uses
    await database.db.transaction((tx) =>
      loadListingPrices(
        tx,
        '2330.TW',
        '0001046179',
        [
          {
            symbol: '2330.TW',
            date: '2024-12-31',
            market: 'TW',
            currency: 'TWD',
            open: null,
            high: null,
            low: null,
            close: 1075,
            adjClose: null,
            volume: null,
            source: 'test',
            fetchedAt: new Date(),
          },
        ],
        [],
      ),
    );
    const after = (await ok('/v1/financial-metrics?ticker=TSM&period=annual&limit=2')).financial_metrics;
    expect(after[0].report_period).toBe('2024-12-31');
    expect(after[0].price_to_book_ratio).toBeGreaterThan(5);
    // market cap 27.88 trillion TWD (1,075 x 25,932,070,992); TSMC holds more cash than debt: EV below it
    expect(after[0].enterprise_value).toBeLessThan(27_876_976_316_400);
    expect(after[0].enterprise_value).toBeGreaterThan(20_000_000_000_000);
    expect(after[0].gross_margin).toBe(before.financial_metrics[0].gross_margin);
    expect(after[1]).toMatchObject({ report_period: '2023-12-31', enterprise_value: null }); // no price then
    const asOf = (await ok('/v1/financial-metrics?ticker=TSM&period=annual&limit=1&as_of=2025-04-16'))
      .financial_metrics;
    expect(asOf[0].report_period).toBe('2023-12-31'); // the FY2024 20-F was filed on 2025-04-17
  });
});
