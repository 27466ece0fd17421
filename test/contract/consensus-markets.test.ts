import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_EXAMPLE, ESTIMATE_EXAMPLE, HISTORY_EXAMPLE } from '../../api/routes/consensus-schemas.ts';
import { MARKET_EXAMPLE } from '../../api/routes/prediction-markets.ts';
import { backfill } from '../../jobs/refresh.ts';
import type { Database } from '../../lib/db.ts';
import { companyIdForCik } from '../../lib/ids.ts';
import { loadPredictionMarkets } from '../../loaders/prediction-markets.ts';
import { parsePolymarketMarkets } from '../../parsers/markets/polymarket.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';
import { seedRegistry } from '../helpers/registry.ts';
import { createTestServices } from '../helpers/services.ts';

// Issue 25 (consensus, calendar, prediction markets) over real HTTP: the jobs fetch the recorded Yahoo and
// Polymarket bodies from the offline mirror at their live addresses, load them, and the routes serve them.
let database: Database;
let api: RunningApi;
let env: Awaited<ReturnType<typeof createTestServices>>;
let fund: string;
let pro: string;
const APPLE = companyIdForCik('0000320193');
const SALESFORCE = companyIdForCik('0001108524');

beforeAll(async () => {
  database = await createApiTestDatabase();
  await seedRegistry(database, 50); // Apple, Alibaba and Salesforce are among SEC's first 50 tickers
  env = await createTestServices(database);
  const runs = [
    await env.runtime.runPartitions('filings', ['cik:0000320193']),
    await env.runtime.runPartitions(
      'consensus',
      ['AAPL', 'CRM', 'BABA', 'BFLY', 'OCDO.L', 'BTC-USD'].map((s) => `symbol:${s}`),
    ),
    await backfill(env.services, env.runtime, 'prediction_markets', {}),
  ];
  for (const r of runs) expect(r.failures).toEqual([]);
  api = await startApi(database, { logLevel: 'warn' });
  fund = (await accountWithKey(database, 'fund', 100_000)).key;
  pro = (await accountWithKey(database, 'professional', 100)).key;
}, 180_000);

afterAll(async () => {
  await api?.close();
  await env?.close();
  await database?.close();
});

const get = (path: string, key = fund) => api.get(path, { key });
const ok = async (path: string) => {
  const r = await get(path);
  const body = await r.json();
  expect(r.status, `${path}: ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
  return body;
};
const error = async (path: string, status: number, key = fund) => {
  const r = await get(path, key);
  const body = await r.json();
  expect(r.status, `${path}: ${JSON.stringify(body).slice(0, 300)}`).toBe(status);
  expect(body.success).toBe(false);
  return body.error.message as string;
};
const today = () => new Date().toISOString().slice(0, 10);
const timeless = (r: Record<string, unknown>) => ({ ...r, as_of: undefined, fetched_at: undefined });

describe('GET /v1/companies/{company_id}/consensus', () => {
  it("estimates: Apple's current quarter, the documented example (avg 1.60796 from 27 analysts), the day's snapshot", async () => {
    const b = await ok('/v1/companies/AAPL/consensus?metric=eps&period_type=quarter');
    expect(b.data.map((r: { period_code: string }) => r.period_code)).toEqual(['0q', '+1q']);
    expect(timeless(b.data[0])).toEqual(timeless(ESTIMATE_EXAMPLE));
    expect(b.data[0].as_of).toBe(today());
    expect(b.coverage).toMatchObject({ update_frequency: 'daily' });
    // any identifier form, the same rows
    expect((await ok('/v1/companies/320193/consensus?metric=eps&period_type=quarter')).data).toEqual(b.data);
  });

  it('every period and metric, paged by cursor without overlap; as_of before the first snapshot is empty', async () => {
    const all = await ok('/v1/companies/AAPL/consensus');
    // 0q, +1q, 0y, +1y: eps and revenue (the recorded file has no +5y/-5y rows)
    expect(all.data).toHaveLength(8);
    const seen: string[] = [];
    let url = '/v1/companies/AAPL/consensus?limit=3';
    for (;;) {
      const b = await ok(url);
      seen.push(
        ...b.data.map((r: { period_code: string; metric: string }) => `${r.period_code}/${r.metric}`),
      );
      if (!b.next_cursor) break;
      url = `/v1/companies/AAPL/consensus?limit=3&cursor=${encodeURIComponent(b.next_cursor)}`;
    }
    expect(seen).toEqual(
      all.data.map((r: { period_code: string; metric: string }) => `${r.period_code}/${r.metric}`),
    );
    expect((await ok('/v1/companies/AAPL/consensus?as_of=2020-01-01')).data).toEqual([]);
  });

  it("history: Salesforce's miss of 0.03585 on the quarter ended 2024-10-31 is the documented example", async () => {
    const b = await ok('/v1/companies/CRM/consensus?series=history&period_end_gte=2024-10-31');
    expect(b.data).toHaveLength(1);
    expect({ ...b.data[0], fetched_at: undefined }).toEqual({ ...HISTORY_EXAMPLE, fetched_at: undefined });
    expect(b.data[0].company_id).toBe(SALESFORCE);
    const all = await ok('/v1/companies/CRM/consensus?series=history');
    expect(all.data.map((r: { period_end: string }) => r.period_end)).toEqual([
      '2024-10-31',
      '2024-07-31',
      '2024-04-30',
      '2024-01-31',
    ]);
  });

  it('a symbol the registry does not know is served by symbol (Ocado, GBP, no analysts on 0q)', async () => {
    const b = await ok('/v1/companies/OCDO.L/consensus?metric=eps');
    expect(b.data.map((r: { period_code: string }) => r.period_code)).toEqual(['0y', '+1y']);
    expect(b.data[0]).toMatchObject({ company_id: null, currency: 'GBP', avg: -0.38265, analysts: 10 });
  });

  it('bad input is a 400 naming the parameter; unknown companies 404; the Fund plan is required', async () => {
    expect(await error('/v1/companies/AAPL/consensus?series=estimate', 400)).toMatch(/series/);
    expect(await error('/v1/companies/AAPL/consensus?ticker=AAPL', 400)).toMatch(/ticker/);
    expect(await error('/v1/companies/AAPL/consensus?series=history&metric=eps', 400)).toMatch(/metric/);
    expect(await error('/v1/companies/AAPL/consensus?period_end_gte=2024-01-01', 400)).toMatch(
      /period_end_gte/,
    );
    expect(await error('/v1/companies/AAPL/consensus?as_of=2025-02-30', 400)).toMatch(/as_of/);
    expect(await error('/v1/companies/AAPL/consensus?limit=501', 400)).toMatch(/limit/);
    expect(await error('/v1/companies/AAPL/consensus?cursor=abc', 400)).toMatch(/cursor/i);
    expect(await error('/v1/companies/ZZZZQ/consensus', 404)).toMatch(/Accepted forms/);
    expect(await error('/v1/companies/AAPL/consensus', 402, pro)).toMatch(/Fund/);
  });
});

describe('GET /v1/calendar/earnings', () => {
  it("past dates are Apple's own 8-K Item 2.02 filings, timed on New York's clock (16:30:21 -> after the close)", async () => {
    const b = await ok('/v1/calendar/earnings?ticker=AAPL&date_gte=2023-08-01&date_lte=2023-08-31');
    expect(b.data).toEqual([
      {
        company_id: APPLE,
        symbol: 'AAPL',
        company_name: 'Apple Inc.',
        date: '2023-08-03',
        date_end: null,
        time_of_day: 'after_market',
        status: 'reported',
        starts_at: '2023-08-03T20:30:21Z',
        call_at: null,
        eps_estimate: null,
        revenue_estimate: null,
        source: 'sec_8k_item_2.02',
        accession_number: '0000320193-23-000075',
        source_url: 'https://www.sec.gov/Archives/edgar/data/320193/000032019323000075/',
      },
    ]);
    const reported = await ok('/v1/calendar/earnings?ticker=AAPL&status=reported&limit=1000');
    // every 8-K with Item 2.02 of the captured submissions file and its page (43 + 39, 2004-10-13 to
    // 2023-08-03), none an amendment
    expect(reported.data.length).toBe(82);
    expect(reported.data[0]).toMatchObject({ date: '2004-10-13', time_of_day: 'after_market' });
  });

  it('upcoming dates from the provider: Salesforce confirmed after the close (the documented example), Apple an estimated window', async () => {
    const b = await ok('/v1/calendar/earnings?date_gte=2025-01-01');
    const bySymbol = new Map(b.data.map((r: { symbol: string }) => [r.symbol, r]));
    expect(bySymbol.get('CRM')).toEqual(CALENDAR_EXAMPLE);
    expect(bySymbol.get('AAPL')).toMatchObject({
      status: 'estimated',
      date: '2025-04-30',
      date_end: '2025-05-05',
      time_of_day: 'unknown',
      starts_at: null,
    });
    expect(bySymbol.get('OCDO.L')).toMatchObject({ company_id: null, time_of_day: 'before_market' });
    expect(b.data.map((r: { date: string }) => r.date)).toEqual(
      [...b.data.map((r: { date: string }) => r.date)].sort(),
    );
    const after = await ok('/v1/calendar/earnings?date_gte=2025-01-01&time_of_day=after_market');
    expect(after.data.map((r: { symbol: string }) => r.symbol)).toEqual(['CRM']);
  });

  it('the cursor walks the whole calendar; bad filters are 400s', async () => {
    const first = await ok('/v1/calendar/earnings?ticker=AAPL&limit=20');
    expect(first.data).toHaveLength(20);
    const second = await ok(
      `/v1/calendar/earnings?ticker=AAPL&limit=20&cursor=${encodeURIComponent(first.next_cursor)}`,
    );
    expect(second.data[0].date > first.data[19].date).toBe(true);
    expect(await error('/v1/calendar/earnings?status=upcoming', 400)).toMatch(/status/);
    expect(await error('/v1/calendar/earnings?date_gte=2025-1-1', 400)).toMatch(/date_gte/);
    expect(await error('/v1/calendar/earnings?q=apple', 400)).toMatch(/q/);
  });
});

describe('GET /v1/prediction-markets and /v1/companies/{company_id}/earnings-markets', () => {
  it('the recorded Polymarket market, its price a probability beside the venue value (the documented example)', async () => {
    const b = await ok('/v1/prediction-markets?q=deport');
    expect(b.data).toHaveLength(1);
    expect({ ...b.data[0], fetched_at: undefined }).toEqual({ ...MARKET_EXAMPLE, fetched_at: undefined });
    expect((await ok('/v1/prediction-markets?status=resolved')).data).toEqual([]);
    expect((await ok('/v1/prediction-markets?provider=kalshi')).data).toEqual([]);
  });

  it('a market naming a company links to it with evidence; an earnings question is an earnings market', async () => {
    // the recorded market's real shape, with hand-written questions (no recorded earnings market exists)
    const real = parsePolymarketMarkets(
      JSON.stringify([
        {
          id: 'hand-1',
          question: 'Will Salesforce (NYSE: CRM) beat EPS estimates for Q4 FY2025?',
          outcomes: '["Yes", "No"]',
          outcomePrices: '["0.62", "0.38"]',
          active: true,
          closed: false,
          endDate: '2025-02-26T21:00:00Z',
        },
        {
          id: 'hand-2',
          question: 'Will Apple stock close above $250 on Friday?',
          outcomes: '["Yes", "No"]',
          outcomePrices: '["0.2", "0.8"]',
          active: true,
          closed: false,
        },
      ]),
      'hand-written',
    ).markets;
    await database.db.transaction((tx) =>
      loadPredictionMarkets(tx, 'polymarket', real, { source: 'hand-written', fetchedAt: new Date() }),
    );
    const crm = await ok('/v1/companies/CRM/earnings-markets');
    expect(crm.data).toHaveLength(1);
    expect(crm.data[0]).toMatchObject({ market_id: 'hand-1', yes_price: 0.62 });
    expect(crm.data[0].companies).toEqual([
      {
        company_id: SALESFORCE,
        ticker: 'CRM',
        method: 'exchange_ticker',
        matched: 'CRM',
        evidence: 'NYSE: CRM',
        earnings_kind: 'eps_beat',
      },
    ]);
    // Apple is named (by its registry name in a stock question) but the market is not about earnings
    expect((await ok('/v1/companies/AAPL/earnings-markets')).data).toEqual([]);
    const apple = await ok('/v1/prediction-markets?ticker=AAPL');
    expect(apple.data[0].companies[0]).toMatchObject({
      company_id: APPLE,
      method: 'name',
      evidence: 'Apple',
    });
    await database.query(`delete from prediction_market_links where market_id like 'hand-%'`);
    await database.query(`delete from prediction_markets where market_id like 'hand-%'`);
  });

  it('params are strict', async () => {
    expect(await error('/v1/prediction-markets?status=live', 400)).toMatch(/status/);
    expect(await error('/v1/prediction-markets?symbol=AAPL', 400)).toMatch(/symbol/);
    expect(await error('/v1/companies/AAPL/earnings-markets?kind=beat', 400)).toMatch(/kind/);
    expect(await error('/v1/companies/AAPL/earnings-markets?q=x', 400)).toMatch(/q/);
    expect(await error('/v1/prediction-markets?ticker=ZZZZQ', 404)).toMatch(/Accepted forms/);
  });
});

describe('status and coverage', () => {
  it('each dataset is a row of the datasets table (/v1/_status reads it) and each route carries its coverage', async () => {
    const rows = await database.query<{ id: string; last_refreshed_at: unknown }>(
      `select id, last_refreshed_at from datasets where id in ('consensus', 'earnings_calendar', 'prediction_markets', 'earnings_markets') order by id`,
    );
    expect(rows.map((r) => r.id)).toEqual([
      'consensus',
      'earnings_calendar',
      'earnings_markets',
      'prediction_markets',
    ]);
    expect(rows.find((r) => r.id === 'consensus')!.last_refreshed_at).not.toBeNull();
    expect((await ok('/v1/calendar/earnings?limit=1')).coverage).toMatchObject({ update_frequency: 'daily' });
    expect((await ok('/v1/prediction-markets?limit=1')).coverage).toMatchObject({
      update_frequency: 'continuous',
    });
    expect((await ok('/v1/companies/CRM/earnings-markets')).coverage).toMatchObject({
      update_frequency: 'continuous',
    });
  });
});
