import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ISSUER_HOLDINGS_SOURCES,
  etfIssuerHoldingsJob,
} from '../../jobs/etf/etf-issuer-holdings.job.ts';
import { type Mirror, startMirror } from '../../jobs/http/mirror.ts';
import type { DatasetJob } from '../../jobs/types.ts';
import type { Database } from '../../lib/db.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';
import { tableFingerprint } from '../helpers/db.ts';
import { APPLE_ID, seedRegistry } from '../helpers/registry.ts';
import { createTestServices } from '../helpers/services.ts';

// @test-slow 20 (its rough wall seconds alone: vitest.config.ts starts the slow files first)
// ETF issuer holdings end to end: the etf_issuer_holdings job fetches the two real issuer files (iShares IVV
// CSV, SPDR SPY XLSX) from the offline mirror on loopback, parses, loads; the route answers over real HTTP.
// Values read by hand from the files (see test/funds/etf-issuer-holdings.test.ts).
const CAPTURES = [
  'raw.githubusercontent.com/martinbel/shiny-python',
  'raw.githubusercontent.com/onlyspx/ohlc-view',
];

let database: Database;
let api: RunningApi;
let mirror: Mirror;
let root: string;
let env: Awaited<ReturnType<typeof createTestServices>>;
let key: string;
let failures: string[];

const get = async (path: string) => {
  const res = await api.get(path, { key });
  return { status: res.status, body: await res.json() };
};
const ok = async (path: string) => {
  const r = await get(path);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};

beforeAll(async () => {
  database = await createApiTestDatabase();
  await seedRegistry(database);
  root = mkdtempSync(join(tmpdir(), 'etf-upstream-'));
  cpSync('fixtures/upstream/_errors', join(root, '_errors'), { recursive: true });
  for (const c of CAPTURES) cpSync(`fixtures/upstream/${c}`, join(root, c), { recursive: true });
  mirror = await startMirror({ root });
  env = await createTestServices(database, { MIRROR_URL: mirror.url });
  const run = await env.runtime.runPartitions('etf_issuer_holdings', ['fund:IVV', 'fund:SPY'], () => {}, {
    refetch: false,
  });
  failures = run.failures.map((f) => `${f.partition}: ${f.message}`);
  api = await startApi(database, { logLevel: 'warn' });
  ({ key } = await accountWithKey(database, 'fund', 1_000));
}, 120_000);

afterAll(async () => {
  await api?.close();
  await env?.close();
  await database?.close();
  await mirror?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('etf_issuer_holdings job', () => {
  it('loads both files whole: IVV 507 lines (503 equity), SPY 504 (503 + cash)', async () => {
    expect(failures).toEqual([]);
    const files = await database.query(
      'select fund_ticker, as_of::text as as_of, issuer, format, rows from etf_issuer_holding_files order by 1',
    );
    expect(files).toEqual([
      { fund_ticker: 'IVV', as_of: '2023-04-06', issuer: 'ishares', format: 'ishares-csv', rows: 507 },
      { fund_ticker: 'SPY', as_of: '2024-05-10', issuer: 'spdr', format: 'spdr-xlsx', rows: 504 },
    ]);
    const kinds = await database.query(
      `select fund_ticker, kind, count(*)::int as n from etf_issuer_holdings group by 1, 2 order by 1, 2`,
    );
    expect(kinds).toEqual([
      { fund_ticker: 'IVV', kind: 'cash', n: 1 },
      { fund_ticker: 'IVV', kind: 'cash_collateral', n: 1 },
      { fund_ticker: 'IVV', kind: 'equity', n: 503 },
      { fund_ticker: 'IVV', kind: 'future', n: 1 },
      { fund_ticker: 'IVV', kind: 'money_market', n: 1 },
      { fund_ticker: 'SPY', kind: 'cash', n: 1 },
      { fund_ticker: 'SPY', kind: 'equity', n: 503 },
    ]);
  });

  it('a re-load of the same files changes nothing (no row rewritten: same xmin)', async () => {
    const xmins = async () =>
      database.query(
        `select fund_ticker, md5(string_agg(xmin::text, ',' order by as_of, ordinal)) as x
           from etf_issuer_holdings group by 1 order by 1`,
      );
    const before = await tableFingerprint(database, 'etf_issuer_holdings', 'fund_ticker, as_of, ordinal');
    const beforeXmin = await xmins();
    const job = etfIssuerHoldingsJob as DatasetJob;
    for (const source of DEMO_ISSUER_HOLDINGS_SOURCES) {
      const u = new URL(source.url);
      const bytes = readFileSync(`fixtures/upstream/${u.host}${u.pathname}`);
      const doc = {
        url: source.url,
        bytes,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        fetchedAt: '2026-12-02T00:00:00Z',
        contentType: null,
      };
      const key = `fund:${source.fundTicker}`;
      const parsed = await job.parse([doc], key);
      const r = await database.db.transaction((tx) => job.load(tx, parsed.rows, key));
      expect(r, key).toEqual({ inserted: 0, updated: 0 });
    }
    expect(await tableFingerprint(database, 'etf_issuer_holdings', 'fund_ticker, as_of, ordinal')).toEqual(
      before,
    );
    expect(await xmins()).toEqual(beforeXmin);
  });
});

describe('GET /v1/etf-holdings', () => {
  it("IVV's latest file: AAPL first, exact decimals, weight in percent, linked to Apple by ticker", async () => {
    const page = await ok('/v1/etf-holdings?ticker=ivv&limit=2');
    expect(page.data).toHaveLength(2);
    expect(page.data[0]).toEqual({
      fund_ticker: 'IVV',
      fund_name: 'iShares Core S&P 500 ETF',
      issuer: 'ishares',
      as_of: '2023-04-06',
      ordinal: 1,
      ticker: 'AAPL',
      name: 'APPLE INC',
      cusip: null,
      isin: null,
      sedol: null,
      sector: 'Information Technology',
      asset_class: 'Equity',
      kind: 'equity',
      weight_pct: '7.12',
      shares: '132089986.00',
      price: '164.66',
      market_value: '21749937094.76',
      notional: '21749937094.76',
      currency: 'USD',
      fx_rate: '1.00',
      exchange: 'NASDAQ',
      location: 'United States',
      accrual_date: null,
      company_id: APPLE_ID,
      company_link: { source: 'ticker', value: 'AAPL' },
      source_url:
        'https://raw.githubusercontent.com/martinbel/shiny-python/0290b7a5a29d8b45d4c5c51a3b997d83b22b0ada/IVV_holdings.csv',
    });
    expect(page.data[1].ticker).toBe('MSFT');
    expect(page.coverage).toMatchObject({ update_frequency: 'daily' });
    // the cursor continues in the issuer's order
    const next = await ok(
      `/v1/etf-holdings?ticker=ivv&limit=2&cursor=${encodeURIComponent(page.next_cursor)}`,
    );
    expect(next.data.map((r: { ordinal: number }) => r.ordinal)).toEqual([3, 4]);
  });

  it('the non-equity lines are served, flagged by kind: the future with notional, market value 0.00', async () => {
    const futures = await ok('/v1/etf-holdings?ticker=IVV&kind=future');
    expect(futures.data).toHaveLength(1);
    expect(futures.data[0]).toMatchObject({
      ticker: 'ESM3',
      ordinal: 507,
      market_value: '0.00',
      notional: '911312600.00',
      shares: '4411.00',
      company_id: null,
    });
    expect(futures.next_cursor).toBeNull();
    const cash = await ok('/v1/etf-holdings?ticker=SPY&kind=cash');
    expect(cash.data).toEqual([
      expect.objectContaining({
        name: 'US DOLLAR',
        cusip: '999USDZ92',
        weight_pct: '0.079551',
        company_id: null,
      }),
    ]);
  });

  it("SPY: AAPL's line with its CUSIP as text; BRK.B found under the registry's BRK-B", async () => {
    const spy = await ok('/v1/etf-holdings?ticker=SPY&as_of=2024-05-10&limit=10');
    expect(spy.data[1]).toMatchObject({
      fund_name: 'SPDR® S&P 500® ETF Trust',
      ticker: 'AAPL',
      cusip: '037833100',
      sedol: '2046251',
      weight_pct: '6.053475',
      shares: '170182704',
      asset_class: null,
      kind: 'equity',
      company_id: APPLE_ID,
    });
    const brk = spy.data.find((r: { ticker: string }) => r.ticker === 'BRK.B');
    expect(brk.company_link).toEqual({ source: 'ticker', value: 'BRK-B' });
  });

  it('a day without a file is an empty page; an ETF never loaded is a 404 naming the loaded ones', async () => {
    const empty = await ok('/v1/etf-holdings?ticker=IVV&as_of=2023-04-07');
    expect(empty).toMatchObject({ data: [], next_cursor: null });
    const missing = await get('/v1/etf-holdings?ticker=QQQ');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      success: false,
      error: { statusCode: 404, error: 'Not Found', path: '/v1/etf-holdings' },
    });
    expect(missing.body.error.message).toMatch(/QQQ.*IVV, SPY/);
  });

  it('4xx bodies per the spec: missing ticker, unknown parameter, limit above the cap, foreign cursor', async () => {
    for (const path of [
      '/v1/etf-holdings',
      '/v1/etf-holdings?ticker=IVV&fund=IVV',
      '/v1/etf-holdings?ticker=IVV&limit=1001',
      '/v1/etf-holdings?ticker=IVV&cursor=not-ours',
      '/v1/etf-holdings?ticker=IVV&kind=bond',
    ]) {
      const r = await get(path);
      expect(r.status, path).toBe(400);
      expect(r.body).toMatchObject({ success: false, error: { statusCode: 400, error: 'Bad Request' } });
    }
    expect((await get('/v1/etf-holdings?ticker=IVV&cursor=not-ours')).body.error.message).toMatch(
      /Malformed cursor/,
    );
  });

  it('is a Fund-plan dataset: a Professional key gets 402', async () => {
    const { key: pro } = await accountWithKey(database, 'professional', 10);
    const res = await api.get('/v1/etf-holdings?ticker=IVV', { key: pro });
    expect(res.status).toBe(402);
  });
});
