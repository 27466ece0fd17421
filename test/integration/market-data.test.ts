import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companiesJob } from '../../jobs/edgar/companies.job.ts';
import { settlementDates } from '../../jobs/market/finra-calendar.ts';
import { runPartition } from '../../jobs/pipeline.ts';
import { backfill } from '../../jobs/refresh.ts';
import type { Database } from '../../lib/db.ts';
import { companyIdForCik } from '../../lib/ids.ts';
import { loadListingPrices } from '../../loaders/market-data.ts';
import { createTestDatabase, indexFiling } from '../helpers/db.ts';
import { createTestServices } from '../helpers/services.ts';

const TSMC = '0001046179';
const APPLE_ID = companyIdForCik('0000320193');
const TSMC_ID = companyIdForCik(TSMC);

describe(`market data end to end through the mirror (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let database: Database;
  let env: Awaited<ReturnType<typeof createTestServices>>;
  const runs: Record<string, Awaited<ReturnType<typeof backfill>>> = {};

  beforeAll(async () => {
    database = await createTestDatabase();
    env = await createTestServices(database);
    await runPartition(companiesJob, 'tickers', env.services.deps());
    // Two 10-K/10-Q the mirror holds at their EDGAR paths but no captured index lists (Apple's submissions
    // end in 2023; none is captured for Alphabet): their filing-index rows are written as submissions JSON
    // would, from the documents (form, period, filing date: Apple's signature "May 2, 2025", Alphabet's
    // filing date 2024-01-31 as its companyfacts gives it for accession 0001652044-24-000022). The shares
    // job then reads their cover pages through the mirror, since companyfacts has no count for them.
    await indexFiling(database, {
      accession: '0000320193-25-000057',
      cik: 320193,
      type: '10-Q',
      reportDate: '2025-03-29',
      filingDate: '2025-05-02',
      primaryDocument: 'aapl-20250329.htm',
    });
    await indexFiling(database, {
      accession: '0001652044-24-000022',
      cik: 1652044,
      type: '10-K',
      reportDate: '2023-12-31',
      filingDate: '2024-01-31',
      primaryDocument: 'goog-20231231.htm',
    });
    for (const d of ['financials', 'shares_outstanding', 'market_data', 'benchmarks', 'short_interest'])
      runs[d] = await backfill(
        env.services,
        env.runtime,
        d,
        d === 'short_interest' ? { from: '2026-04-01' } : {},
      );
  }, 120_000);

  afterAll(async () => {
    await env?.close();
    await database?.close();
  });

  const one = async <T>(q: string, p: unknown[] = []) => (await database.query<T>(q, p))[0];

  it('every demo symbol the mirror holds is loaded; the rest are not_found, nothing failed', () => {
    for (const d of Object.keys(runs)) expect(runs[d]!.failures, d).toEqual([]);
    const done = runs.market_data!.reports.filter((r) => r.status === 'done').map((r) => r.partition);
    expect(done.sort()).toEqual(
      [
        'symbol:2330.TW',
        'symbol:AAPL',
        'symbol:ADBE',
        'symbol:GOOGL',
        'symbol:NFLX',
        'symbol:TSCO.L',
        'symbol:TSM',
      ].sort(),
    );
  });

  it('prices: traded close and adj_close from the chart, joined to the registry company', async () => {
    expect(
      await one(
        `select company_id, market, currency, close, adj_close, volume::float8 as volume, source from price_bars where symbol = 'AAPL' and date = '2025-07-14'`,
      ),
    ).toEqual({
      company_id: APPLE_ID,
      market: 'US',
      currency: 'USD',
      close: 208.62,
      adj_close: 208.3835,
      volume: 38840100,
      source: expect.stringMatching(
        /^https:\/\/query2\.finance\.yahoo\.com\/v8\/finance\/chart\/AAPL\?interval=1d&period1=1752451200&/,
      ),
    });
    expect(
      await one(`select kind, amount from price_events where symbol = 'AAPL' and date = '2025-08-11'`),
    ).toEqual({
      kind: 'dividend',
      amount: 0.26,
    });
  });

  it('a home listing the SEC registry does not list joins through its issuer; pence stays pence; no registry company -> null', async () => {
    expect(
      await one(
        `select company_id, market, currency, close from price_bars where symbol = '2330.TW' and date = '2025-07-14'`,
      ),
    ).toEqual({
      company_id: TSMC_ID,
      market: 'TW',
      currency: 'TWD',
      close: 1095,
    });
    expect(
      await one(
        `select company_id, currency, close from price_bars where symbol = 'TSCO.L' and date = '2026-06-10'`,
      ),
    ).toEqual({
      company_id: null,
      currency: 'GBp',
      close: 464.7,
    });
  });

  it('adjusted-only sources (stooq, yfinance download) store adj_close and no traded close', async () => {
    expect(
      await one(`select close, adj_close from price_bars where symbol = 'NFLX' and date = '2025-07-14'`),
    ).toEqual({
      close: null,
      adj_close: 126.195,
    });
    expect(
      await one(
        `select close, adj_close, company_id from price_bars where symbol = 'TSM' and date = '2025-07-14'`,
      ),
    ).toEqual({
      close: null,
      adj_close: 228.67,
      company_id: TSMC_ID,
    });
  });

  it('market cap = traded close x the shares outstanding filed by that date, in the home listing only', async () => {
    // 1,095 TWD x 25,932,733,242 shares (TSMC 20-F for 2024, filed 2025-04-17)
    expect(
      await one(
        `select company_id, currency, market_cap::text as market_cap, shares::float8 as shares, shares_as_of::text as shares_as_of from market_caps where symbol = '2330.TW' and date = '2025-07-14'`,
      ),
    ).toEqual({
      company_id: TSMC_ID,
      currency: 'TWD',
      market_cap: '28396342899990.00',
      shares: 25932733242,
      shares_as_of: '2024-12-31',
    });
    // before the 2025-06-12 ex-date the file is dividend-adjusted: no traded close, no market cap
    expect(
      await one(
        `select count(*)::int as n from market_caps where symbol = '2330.TW' and date < '2025-06-12'`,
      ),
    ).toEqual({ n: 0 });
    // the ADR (and every adjusted-only or unknown listing) has none
    expect(await database.query(`select distinct symbol from market_caps order by 1`)).toEqual([
      { symbol: '2330.TW' },
      { symbol: 'AAPL' },
    ]);
  });

  it("a cover-page count (Apple's 10-Q) prices the listing from its filing date on", async () => {
    expect(
      await database.query(
        `select date::text as date, market_cap::text as market_cap, shares::float8 as shares, shares_as_of::text as shares_as_of, share_class
           from market_caps where symbol = 'AAPL' and date in ('2025-05-01', '2025-05-02', '2025-07-14') order by date`,
      ),
    ).toEqual([
      // 205.35 x 14,935,826,000; the 10-Q was filed on 2025-05-02, so 2025-05-01 has no count yet
      {
        date: '2025-05-02',
        market_cap: '3067071869100.00',
        shares: 14935826000,
        shares_as_of: '2025-04-18',
        share_class: null,
      },
      // 208.62 x 14,935,826,000
      {
        date: '2025-07-14',
        market_cap: '3115912020120.00',
        shares: 14935826000,
        shares_as_of: '2025-04-18',
        share_class: null,
      },
    ]);
    expect(
      await one(
        `select market_cap::text as market_cap, market_cap_currency, as_of_date::text as as_of_date from companies where company_id = $1`,
        [APPLE_ID],
      ),
    ).toEqual({ market_cap: '4028192272200.00', market_cap_currency: 'USD', as_of_date: '2025-10-29' }); // 269.70 x the count
  });

  it("Alphabet's counts per class of stock, each linked to its listing by the filing's trading symbol", async () => {
    expect(
      await database.query(
        `select share_class, symbol, shares::float8 as shares, end_date::text as end_date, filed::text as filed, form
           from shares_outstanding where cik = '0001652044' order by seq`,
      ),
    ).toEqual([
      {
        share_class: 'us-gaap:CommonClassAMember',
        symbol: 'GOOGL',
        shares: 5893000000,
        end_date: '2024-01-23',
        filed: '2024-01-31',
        form: '10-K',
      },
      {
        share_class: 'us-gaap:CommonClassBMember',
        symbol: null,
        shares: 869000000,
        end_date: '2024-01-23',
        filed: '2024-01-31',
        form: '10-K',
      },
      {
        share_class: 'goog:CapitalClassCMember',
        symbol: 'GOOG',
        shares: 5671000000,
        end_date: '2024-01-23',
        filed: '2024-01-31',
        form: '10-K',
      },
    ]);
    // stooq's GOOGL history is adjusted only: no traded close, no market cap. A synthetic close of 100 on
    // 2024-02-01 for each listing (no captured file has Alphabet's traded closes) shows the rule: each
    // listing is priced with its own class's count; class B has no listing and no price of its own.
    const ALPHABET_ID = companyIdForCik('0001652044');
    for (const symbol of ['GOOGL', 'GOOG'])
      await database.db.transaction((tx) =>
        loadListingPrices(
          tx,
          symbol,
          null,
          [
            {
              symbol,
              date: '2024-02-01',
              market: 'US',
              currency: 'USD',
              open: null,
              high: null,
              low: null,
              close: 100,
              adjClose: null,
              volume: null,
              source: 'test: synthetic close',
              fetchedAt: new Date(),
            },
          ],
          [],
        ),
      );
    expect(
      await database.query(
        `select symbol, company_id, market_cap::text as market_cap, share_class from market_caps where date = '2024-02-01' order by symbol`,
      ),
    ).toEqual([
      {
        symbol: 'GOOG',
        company_id: ALPHABET_ID,
        market_cap: '567100000000.00',
        share_class: 'goog:CapitalClassCMember',
      },
      {
        symbol: 'GOOGL',
        company_id: ALPHABET_ID,
        market_cap: '589300000000.00',
        share_class: 'us-gaap:CommonClassAMember',
      },
    ]);
    // the company-level market cap needs every class priced: class B never is, so the registry keeps null
    expect(
      await one(`select market_cap, market_cap_currency from companies where company_id = $1`, [ALPHABET_ID]),
    ).toEqual({ market_cap: null, market_cap_currency: null });
  });

  it("the registry's market-cap fields come from the newest market-cap row", async () => {
    expect(
      await one(
        `select market_cap::text as market_cap, market_cap_currency, as_of_date::text as as_of_date from companies where company_id = $1`,
        [TSMC_ID],
      ),
    ).toEqual({ market_cap: '30600625225560.00', market_cap_currency: 'TWD', as_of_date: '2025-08-11' });
  });

  it('benchmarks: the registry seed and series with close_major (USX / 100)', async () => {
    expect(await one(`select count(*)::int as n from benchmarks where currency = 'USX'`)).toEqual({ n: 12 });
    expect(
      await one(
        `select close, currency, close_major, currency_major from benchmark_bars where symbol = 'ZC=F' and date = '2025-09-08'`,
      ),
    ).toEqual({
      close: 403,
      currency: 'USX',
      close_major: 4.03,
      currency_major: 'USD',
    });
    const done = runs.benchmarks!.reports.filter((r) => r.status === 'done').length;
    expect(done).toBe(12); // the registry partition and the 11 series the mirror holds
  });

  it('short interest: the settlement the mirror holds, joined to the registry; the others not_found', async () => {
    expect(runs.short_interest!.reports.map((r) => [r.partition, r.status]).sort()).toEqual([
      ['settlement:2026-04-15', 'not_found'],
      ['settlement:2026-04-30', 'done'],
      ...settlementDates('2026-05-01', new Date()).map((d) => [`settlement:${d}`, 'not_found']),
    ]);
    expect(
      await one(
        `select company_id, current_short_position::float8 as current_short_position, days_to_cover::text as days_to_cover from short_interest where symbol = 'AAPL'`,
      ),
    ).toEqual({ company_id: APPLE_ID, current_short_position: 134675274, days_to_cover: '2.93' });
  });

  it('valuation metrics stay null where no price exists at the period end (TSMC FY2024)', async () => {
    const m = await one<{ v: Record<string, unknown> }>(
      `select "values" as v from financial_statements where cik = 1046179 and statement = 'metrics' and period = 'annual' and report_period = '2024-12-31' order by known_from desc limit 1`,
    );
    expect(m!.v.enterprise_value).toBeNull();
    expect(m!.v.price_to_book_ratio).toBeNull();
    expect(m!.v.gross_margin).not.toBeNull();
  });

  it('with a traded close at the period end, the eight valuation metrics switch on (point-in-time shares)', async () => {
    // TWSE's traded close of 2330.TW on 2024-12-31 was 1,075 TWD; the captured yfinance file only has it
    // dividend-adjusted (1065.49), so the bar is entered here, through the same loader a job uses.
    await database.db.transaction((tx) =>
      loadListingPrices(
        tx,
        '2330.TW',
        TSMC,
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
            source: 'test: TWSE close of 2024-12-31',
            fetchedAt: new Date(),
          },
        ],
        [],
      ),
    );
    // the count known on 2024-12-31 is the 2023 20-F's (the 2024 one was filed on 2025-04-17)
    expect(
      await one(
        `select market_cap::text as market_cap, shares::float8 as shares, shares_as_of::text as shares_as_of from market_caps where symbol = '2330.TW' and date = '2024-12-31'`,
      ),
    ).toEqual({ market_cap: '27876976316400.00', shares: 25932070992, shares_as_of: '2023-12-31' });
    const cap = 27_876_976_316_400;
    const latest = async (statement: string) =>
      (await one<{ v: Record<string, number | null> }>(
        `select "values" as v from financial_statements where cik = 1046179 and statement = $1 and period = 'annual' and report_period = '2024-12-31' order by known_from desc limit 1`,
        [statement],
      ))!.v;
    const [m, income, balance, cash] = [
      await latest('metrics'),
      await latest('income'),
      await latest('balance'),
      await latest('cash_flow'),
    ];
    expect(m.price_to_book_ratio).toBeCloseTo(cap / balance.shareholders_equity!, 10);
    expect(m.price_to_sales_ratio).toBeCloseTo(cap / income.revenue!, 10);
    expect(m.price_to_earnings_ratio).toBeCloseTo(cap / income.net_income!, 10);
    const ev = cap + balance.total_debt! - balance.cash_and_equivalents!;
    expect(m.enterprise_value).toBeCloseTo(ev, 0);
    expect(m.enterprise_value_to_revenue_ratio).toBeCloseTo(ev / income.revenue!, 10);
    expect(m.free_cash_flow_yield).toBeCloseTo(cash.free_cash_flow! / cap, 10);
    expect(m.peg_ratio).toBeCloseTo(cap / income.net_income! / (m.earnings_growth! * 100), 10);
    // roughly 8x book and 24x earnings: TSMC's real multiples at the end of 2024
    expect(m.price_to_book_ratio).toBeGreaterThan(5);
    expect(m.price_to_earnings_ratio).toBeGreaterThan(20);
    // quarterly rows never get a valuation
    expect(
      await one(
        `select count(*)::int as n from financial_statements where statement = 'metrics' and period = 'quarterly' and "values"->>'enterprise_value' is not null`,
      ),
    ).toEqual({ n: 0 });
  });
});

describe('FINRA calendar', () => {
  it('the 15th and month end, moved back to a business day; published about 8 business days later', () => {
    expect(settlementDates('2017-12-01', new Date('2018-02-13T00:00:00Z'))).toEqual([
      '2017-12-15',
      '2017-12-29', // Dec 31 2017 is a Sunday
      '2018-01-12', // Jan 15 2018 is Martin Luther King day
      '2018-01-31',
    ]);
    expect(settlementDates('2026-04-01', new Date('2026-05-12T00:00:00Z'))).toEqual([
      '2026-04-15',
      '2026-04-30',
    ]);
    expect(settlementDates('2026-04-01', new Date('2026-05-11T00:00:00Z'))).toEqual(['2026-04-15']);
  });
});
