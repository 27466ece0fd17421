import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../lib/db.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';

import {
  APPLE_ID,
  BERKSHIRE_ID,
  GLOBALWAFERS_ID,
  META_ID,
  SAMSUNG_ID,
  seedRegistry,
  TSMC_TW_ID,
} from '../helpers/registry.ts';
import { TEST_ROUTES } from '../helpers/test-routes.ts';

// Spec 4.1 (company registry) and 4.0.1 (company identifiers on /v1/companies/{company_id}/... routes).
let database: Database;
let api: RunningApi;
let key: string;

beforeAll(async () => {
  database = await createApiTestDatabase();
  await seedRegistry(database, 300);
  api = await startApi(database, { routes: TEST_ROUTES, logLevel: 'warn' });
  ({ key } = await accountWithKey(database, 'fund', 100_000));
});

afterAll(async () => {
  await api?.close();
  await database?.close();
});

const get = (path: string) => api.get(path, { key });
const ids = async (path: string) => {
  const r = await get(path);
  expect(r.status, path).toBe(200);
  return ((await r.json()).data as { company_id: string }[]).map((c) => c.company_id);
};

describe('GET /v1/companies', () => {
  it('requires at least one filter', async () => {
    const r = await get('/v1/companies');
    expect(r.status).toBe(400);
    expect((await r.json()).error.message).toMatch(/At least one filter is required/);
    expect((await get('/v1/companies?limit=10')).status).toBe(400);
  });

  it('finds by ticker, case-insensitively, in both share-class spellings', async () => {
    expect(await ids('/v1/companies?ticker=AAPL')).toEqual([APPLE_ID]);
    expect(await ids('/v1/companies?ticker=aapl')).toEqual([APPLE_ID]);
    expect(await ids('/v1/companies?ticker=BRK-B')).toEqual([BERKSHIRE_ID]);
    expect(await ids('/v1/companies?ticker=BRK.B')).toEqual([BERKSHIRE_ID]);
    expect(await ids('/v1/companies?ticker=BRK-A')).toEqual([BERKSHIRE_ID]);
    expect(await ids('/v1/companies?ticker=ZZZZZZ')).toEqual([]);
  });

  it('matches former tickers', async () => {
    expect(await ids('/v1/companies?ticker=FB')).toEqual([META_ID]);
  });

  it('finds by CIK in any padding', async () => {
    for (const cik of ['320193', '0000320193', '00320193']) {
      expect(await ids(`/v1/companies?cik=${cik}`)).toEqual([APPLE_ID]);
    }
    expect((await get('/v1/companies?cik=AAPL')).status).toBe(400);
    expect((await get('/v1/companies?cik=12345678901')).status).toBe(400);
  });

  it('finds by ISIN, local security code (both Taiwan suffixes) and DART corp code', async () => {
    expect(await ids('/v1/companies?isin=US0378331005')).toEqual([APPLE_ID]);
    expect(await ids('/v1/companies?isin=us0378331005')).toEqual([APPLE_ID]);
    expect(await ids('/v1/companies?local_security_code=2330')).toEqual([TSMC_TW_ID]);
    expect(await ids('/v1/companies?local_security_code=6488')).toEqual([GLOBALWAFERS_ID]);
    expect(await ids('/v1/companies?corp_code=00126380')).toEqual([SAMSUNG_ID]);
    expect((await get('/v1/companies?corp_code=126380')).status).toBe(400);
    expect((await get('/v1/companies?isin=US037833100')).status).toBe(400);
  });

  it('filters by country case-insensitively and combines filters with AND', async () => {
    const tw = await ids('/v1/companies?country=tw');
    expect(tw.sort()).toEqual([GLOBALWAFERS_ID, TSMC_TW_ID].sort());
    expect(await ids('/v1/companies?country=TW')).toEqual(await ids('/v1/companies?country=tw'));
    expect(await ids('/v1/companies?country=US&ticker=AAPL')).toEqual([APPLE_ID]);
    expect(await ids('/v1/companies?country=TW&ticker=AAPL')).toEqual([]);
    expect((await get('/v1/companies?country=United%20States')).status).toBe(400);
  });

  it('q is an exact (case-insensitive) substring of the name, min 2 characters, not fuzzy', async () => {
    const r = await (await get('/v1/companies?q=platforms')).json();
    expect(r.data.map((c: { company_name: string }) => c.company_name)).toContain('Meta Platforms, Inc.');
    for (const c of r.data) expect(c.company_name.toLowerCase()).toContain('platforms');
    expect(await ids('/v1/companies?q=Aple')).toEqual([]);
    expect(await ids('/v1/companies?q=%25%25')).toEqual([]); // no LIKE wildcards
    expect(await ids('/v1/companies?q=__')).toEqual([]);
    const one = await get('/v1/companies?q=a');
    expect(one.status).toBe(400);
    expect((await one.json()).error.message).toMatch(/at least 2 characters/);
  });
});

describe('registry routes take the literal cmp_ id', () => {
  it('GET /v1/companies/{id} returns {data, coverage}', async () => {
    const body = await (await get(`/v1/companies/${APPLE_ID}`)).json();
    expect(body.data).toMatchObject({ company_id: APPLE_ID, cik: '0000320193', primary_ticker: 'AAPL' });
    expect(body.coverage.update_frequency).toBe('weekly');
  });

  it.each(['AAPL', '320193', '0000320193', 'US0378331005', 'cmp_doesnotexist0000000', 'cmp_'])(
    '404 for %s',
    async (id) => {
      for (const sub of ['', '/identifiers', '/listings', '/events']) {
        const r = await get(`/v1/companies/${id}${sub}`);
        expect(r.status).toBe(404);
        expect((await r.json()).error.message).toMatch(/cmp_ id/);
      }
    },
  );

  it('identifiers include former tickers', async () => {
    const body = await (await get(`/v1/companies/${META_ID}/identifiers`)).json();
    expect(body.next_cursor).toBeNull();
    expect(body.data).toEqual(
      expect.arrayContaining([
        { id_type: 'CIK', id_value: '0001326801', source: 'sec', confidence: 'high', is_current: true },
        { id_type: 'TICKER', id_value: 'META', source: 'sec', confidence: 'high', is_current: true },
        { id_type: 'TICKER', id_value: 'FB', source: 'sec', confidence: 'high', is_current: false },
      ]),
    );
  });

  it('listings come active first', async () => {
    const body = await (await get(`/v1/companies/${META_ID}/listings`)).json();
    expect(body.data.map((l: { symbol: string; valid_to: string | null }) => [l.symbol, l.valid_to])).toEqual(
      [
        ['META', null],
        ['FB', '2022-06-08'],
      ],
    );
  });

  it('events come newest first and report partial history', async () => {
    const body = await (await get(`/v1/companies/${APPLE_ID}/events`)).json();
    expect(body.data.map((e: { event_date: string; ratio: string }) => [e.event_date, e.ratio])).toEqual([
      ['2020-08-31', '4:1'],
      ['2014-06-09', '7:1'],
    ]);
    expect(body.coverage.history_status).toBe('partial');
  });
});

describe('company identifiers on dataset routes (one shared resolver)', () => {
  const resolve = async (id: string, market = '') => {
    const r = await get(`/v1/test/companies/${encodeURIComponent(id)}${market}/echo`);
    return r.status === 200 ? (await r.json()).data[0].companyId : r.status;
  };

  it('accepts cmp_ id, ticker, CIK in any padding and ISIN', async () => {
    for (const id of [APPLE_ID, 'AAPL', 'aapl', '320193', '0000320193', 'US0378331005']) {
      expect(await resolve(id), id).toBe(APPLE_ID);
    }
    expect(await resolve('FB')).toBe(META_ID);
    expect(await resolve('BRK.B')).toBe(BERKSHIRE_ID);
  });

  it('accepts suffixed Taiwan and Korea symbols everywhere, bare local codes only on their market routes', async () => {
    expect(await resolve('2330.TW')).toBe(TSMC_TW_ID);
    expect(await resolve('6488.TWO')).toBe(GLOBALWAFERS_ID);
    expect(await resolve('005930.KS')).toBe(SAMSUNG_ID);
    expect(await resolve('2330', '/tw')).toBe(TSMC_TW_ID);
    expect(await resolve('6488', '/tw')).toBe(GLOBALWAFERS_ID);
    expect(await resolve('00126380', '/kr')).toBe(SAMSUNG_ID);
    // a bare local code is ambiguous elsewhere: there it is read as a CIK (and 2330 is none)
    expect(await resolve('2330')).toBe(404);
    expect(await resolve('00126380')).toBe(404);
  });

  it('404 names the accepted forms for an unresolvable id', async () => {
    const r = await get('/v1/test/companies/NOPE/echo');
    expect(r.status).toBe(404);
    const body = await r.json();
    expect(body.error.message).toMatch(/^No company found for 'NOPE'\. Accepted forms: a cmp_ id, a ticker/);
    expect(body.error.message).toMatch(/CIK.*ISIN.*2330\.TW.*6488\.TWO.*005930\.KS/);
    const tw = await (await get('/v1/test/companies/9999/tw/echo')).json();
    expect(tw.error.message).toMatch(/Taiwan security code/);
    const kr = await (await get('/v1/test/companies/99999999/kr/echo')).json();
    expect(kr.error.message).toMatch(/DART corp code/);
    for (const weird of ['%20', 'a%2Fb', 'x'.repeat(150), '%E2%82%AC', '..']) {
      expect((await get(`/v1/test/companies/${weird}/echo`)).status, weird).toBe(404);
    }
  });
});
