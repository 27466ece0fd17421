import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PartitionFetcher } from '../../jobs/fetcher.ts';
import { backfill, statusSweep } from '../../jobs/refresh.ts';
import { twFinancialsJob } from '../../jobs/taiwan/financials.job.ts';
import { T13SA150_URL, t13sa150Form } from '../../jobs/taiwan/foreign-ownership.job.ts';
import type { Database } from '../../lib/db.ts';
import { companyIdForCik } from '../../lib/ids.ts';
import { loadKrFinancials, loadTwFinancials } from '../../loaders/asia.ts';
import { parseDartFinancials } from '../../parsers/korea/financials.ts';
import { parseIncomeStatementPage } from '../../parsers/taiwan/statement-page.ts';
import { krFinancials } from '../../schema/asia.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';
import { createTestServices } from '../helpers/services.ts';

const TSMC = companyIdForCik('1046179');
const ASIA = [
  'tw_companies',
  'kr_companies',
  'jp_companies',
  'tw_monthly_revenue',
  'tw_financials',
  'tw_foreign_ownership',
  'kr_financials',
  'kr_sections',
  'disclosures',
];

describe(`Taiwan, Korea and disclosures: jobs through the mirror, routes over HTTP (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let database: Database;
  let env: Awaited<ReturnType<typeof createTestServices>>;
  const runs: Record<string, Awaited<ReturnType<typeof backfill>>> = {};
  let api: RunningApi;
  let key: string;
  const get = async (path: string) => {
    const r = await api.get(path, { key });
    return { status: r.status, body: (await r.json()) as any };
  };

  beforeAll(async () => {
    database = await createApiTestDatabase();
    env = await createTestServices(database);
    await backfill(env.services, env.runtime, 'companies', { cik: '1046179' });
    for (const d of ASIA) runs[d] = await backfill(env.services, env.runtime, d, {});
    // coverage's available_from is the sweep's: the earliest period each dataset's rows hold
    await statusSweep(env.services);
    api = await startApi(database, { logLevel: 'warn' });
    ({ key } = await accountWithKey(database, 'fund', 100_000));
  }, 180_000);

  afterAll(async () => {
    await api?.close();
    await env?.close();
    await database?.close();
  });

  it('every partition is done or not_found (a report the mirror lacks), none failed', () => {
    for (const d of ASIA) expect(runs[d]?.failures, d).toEqual([]);
  });

  it('TSMC is one company: its SEC CIK id carries 2330.TW, its local code, UBN and the ISIN from MI_QFIIS', async () => {
    const ids = await database.query<{ id_type: string; id_value: string }>(
      `select id_type, id_value from company_identifiers where company_id = $1 order by id_type, id_value`,
      [TSMC],
    );
    expect(ids).toEqual(
      expect.arrayContaining([
        { id_type: 'ISIN', id_value: 'TW0002330008' },
        { id_type: 'LOCAL_CODE', id_value: '2330' },
        { id_type: 'TICKER', id_value: '2330.TW' },
        { id_type: 'TW_UBN', id_value: '22099131' },
      ]),
    );
    const [company] = await database.query<{ cik: string }>(
      `select cik from companies where company_id = $1`,
      [TSMC],
    );
    expect(company?.cik).toBe('0001046179');
    const [listing] = await database.query<{ exchange: string; market: string }>(
      `select exchange, market from company_listings where symbol = '2330.TW'`,
    );
    expect(listing).toEqual({ exchange: 'TWSE', market: 'TW' });
    const [samsung] = await database.query<{ company_id: string }>(
      `select company_id from company_identifiers where id_type = 'DART_CORP' and id_value = '00126380'`,
    );
    expect(samsung?.company_id).toMatch(/^cmp_/);
  });

  it('loads the rows the routes serve', async () => {
    const months = await database.query<{ data_ym: string; revenue: string }>(
      `select data_ym, revenue from tw_monthly_revenue where local_security_code = '2330' order by data_ym`,
    );
    expect(months).toEqual([
      { data_ym: '2023-01', revenue: '200050544' },
      { data_ym: '2025-07', revenue: '323165707' },
    ]);
    const [fin] = await database.query<{ revenue_q: string; quarter_basis: string }>(
      `select revenue_q, quarter_basis from tw_financials where local_security_code = '2330' and year = 2023 and season = 1`,
    );
    expect(fin).toEqual({ revenue_q: '508632973', quarter_basis: 'reported' });
    const [kr] = await database.query<{ n: number }>(
      `select count(*)::int as n from kr_financials where corp_code = '00126380' and fs_div = 'CFS'`,
    );
    expect(kr?.n).toBe(176);
    const sections = await database.query<{ section: string; n: number }>(
      `select section, count(*)::int as n from kr_report_sections group by section order by section`,
    );
    expect(sections).toEqual([
      { section: 'debt', n: 6 },
      { section: 'investments', n: 1 },
      { section: 'ownership', n: 2 },
      { section: 'share_structure', n: 1 },
      { section: 'shareholders', n: 2 },
    ]);
    const disc = await database.query<{ market: string; n: number }>(
      `select market, count(*)::int as n from disclosures group by market order by market`,
    );
    expect(disc).toEqual([
      { market: 'japan', n: 8 },
      { market: 'korea', n: 10 },
    ]);
  });

  it("live partitions: per season both summaries and every registry company's balance sheet; a refresh skips the loaded ones", async () => {
    const { ctx } = env.services.deps(new Date('2014-12-01T00:00:00Z'));
    const [{ n }] = (await database.query<{ n: number }>(
      `select count(*)::int as n from company_listings where market = 'TW'`,
    )) as [{ n: number }];
    const all = await twFinancialsJob.partitions(ctx, { from: '2014-07' });
    expect(all.slice(0, 2)).toEqual(['twse:2014Q3', 'tpex:2014Q3']);
    expect(all).toHaveLength(2 + n);
    expect(all).toEqual(expect.arrayContaining(['balance:twse:2330:2014Q3', 'balance:tpex:6488:2014Q3']));
    const live = { ...ctx, config: { ...ctx.config, UPSTREAM: 'live' as const } };
    const refresh = await twFinancialsJob.latestPartitions(live);
    // TSMC's 2014 Q3 balance sheet is loaded (the demo): the refresh does not ask for it again
    expect(refresh).toHaveLength(2 + n - 1);
    expect(refresh).not.toContain('balance:twse:2330:2014Q3');
    expect(refresh).toContain('balance:tpex:6488:2014Q3');
  });

  it('the fetcher keys a POST by its body: a fresh copy of one day is reused, another day is fetched', async () => {
    const deps = env.services.deps();
    const fetcher = new PartitionFetcher(deps.http, deps.archive, database, 'tw_foreign_ownership', 'probe');
    const mirror = env.services.mirror!;
    const before = mirror.requests.length;
    const day = await fetcher.post(T13SA150_URL, t13sa150Form('2023-01-30'), { maxAgeMs: 3_600_000 });
    expect(mirror.requests.length).toBe(before); // the backfill archived it minutes ago
    expect(day.url).toBe(`${T13SA150_URL}@POST?years=2023&months=01&days=30&bcode=&step=2`);
    expect(day.bytes.length).toBe(482473);
    const holiday = await fetcher.post(T13SA150_URL, t13sa150Form('2023-01-01'), { maxAgeMs: 3_600_000 });
    expect(mirror.requests.length).toBe(before + 1);
    expect(mirror.requests.at(-1)?.path).toBe('/mops.twse.com.tw/server-java/t13sa150_otc');
    expect(holiday.bytes.length).toBe(154);
  });

  describe('Taiwan routes', () => {
    const TW = '/v1/companies/{id}/tw/monthly-revenue';
    it('TSMC answers under 2330.TW, 2330, its ISIN, its cmp_ id and its US ticker, with the same rows', async () => {
      const bodies = [];
      for (const id of ['2330.TW', '2330', 'TW0002330008', TSMC, 'TSM', '2330.tw']) {
        const r = await get(TW.replace('{id}', id));
        expect(r.status, id).toBe(200);
        bodies.push(r.body.data);
      }
      for (const b of bodies) expect(b).toEqual(bodies[0]);
      expect(bodies[0].map((x: any) => [x.data_ym, x.revenue])).toEqual([
        ['2025-07', 323165707],
        ['2023-01', 200050544],
      ]);
      expect(bodies[0][1]).toMatchObject({
        company_id: TSMC,
        local_security_code: '2330',
        mom_pct: 3.88,
        yoy_pct: 16.18,
        note: null,
      });
    });

    it('monthly revenue: month range, cursor paging, bounds', async () => {
      const r = await get('/v1/companies/2330/tw/monthly-revenue?month_gte=2023-01&month_lte=2023-12');
      expect(r.body.data.map((x: any) => x.data_ym)).toEqual(['2023-01']);
      const p1 = await get('/v1/companies/2330/tw/monthly-revenue?limit=1');
      expect(p1.body.data).toHaveLength(1);
      expect(p1.body.next_cursor).toEqual(expect.any(String));
      const p2 = await get(
        `/v1/companies/2330/tw/monthly-revenue?limit=1&cursor=${encodeURIComponent(p1.body.next_cursor)}`,
      );
      expect(p2.body.data[0].data_ym).toBe('2023-01');
      expect(p2.body.next_cursor).toBeNull();
      // coverage names the earliest month the rows hold, not the window's start (2013-01)
      expect(p1.body.coverage).toMatchObject({ available_from: '2023-01', update_frequency: 'monthly' });
      for (const bad of ['limit=0', 'limit=1001', 'month_gte=2023-13', 'cursor=abc', 'foo=1'])
        expect((await get(`/v1/companies/2330/tw/monthly-revenue?${bad}`)).status, bad).toBe(400);
    });

    it('financials: 2023 Q1 cumulative = quarter, reported; filters and bounds', async () => {
      const r = await get('/v1/companies/2330.TW/tw/financials?statement=income&year=2023&season=1');
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual([
        expect.objectContaining({
          period_key: '2023Q1',
          period_end: '2023-03-31',
          revenue_ytd: 508632973,
          revenue_q: 508632973,
          net_income_ytd: 206949036,
          eps_basic_ytd: 7.98,
          quarter_basis: 'reported',
        }),
      ]);
      expect((await get('/v1/companies/2330/tw/financials?season=2')).body.data).toEqual([]);
      expect((await get('/v1/companies/2330/tw/financials?season=5')).status).toBe(400);
      expect((await get('/v1/companies/2330/tw/financials?statement=cash_flow')).status).toBe(400);
      expect((await get('/v1/companies/2330/tw/financials?limit=1001')).status).toBe(400);
    });

    it('foreign ownership: held % and limit % apart', async () => {
      const r = await get(
        '/v1/companies/TW0002330008/tw/foreign-ownership?date_gte=2023-01-01&date_lte=2023-12-31',
      );
      expect(r.body.data).toEqual([
        expect.objectContaining({
          snapshot_date: '2023-01-30',
          issued_shares: 25930380458,
          foreign_held_shares: 18601100403,
          foreign_held_pct: 71.73,
          foreign_limit_pct: 100,
        }),
      ]);
    });

    it('foreign ownership of an OTC company: the TPEx table, fetched by a form POST', async () => {
      const r = await get('/v1/companies/6488.TWO/tw/foreign-ownership');
      expect(r.status).toBe(200);
      // 環球晶's row of the 112/01/30 page, read by hand: 435,237,000 issued, 112,106,271 held, 25.75 / 100.00
      expect(r.body.data).toEqual([
        {
          company_id: expect.stringMatching(/^cmp_/),
          local_security_code: '6488',
          snapshot_date: '2023-01-30',
          market: 'tpex',
          company_name: '環球晶',
          issued_shares: 435237000,
          foreign_held_shares: 112106271,
          foreign_held_pct: 25.75,
          foreign_limit_pct: 100,
        },
      ]);
      // the document is archived under its identity: one URL, the date in the form body
      const docs = await database.query<{ url: string; partition_key: string }>(
        `select url, partition_key from raw_documents where dataset_id = 'tw_foreign_ownership' order by partition_key`,
      );
      expect(docs).toContainEqual({
        url: 'https://mops.twse.com.tw/server-java/t13sa150_otc@POST?years=2023&months=01&days=30&bcode=&step=2',
        partition_key: 'tpex:2023-01-30',
      });
      expect(r.body.coverage.available_from).toBe('2023-01-30');
    });

    it("financials: the balance sheet at the season's end (t164sb01, Big5), totals read by hand", async () => {
      const r = await get('/v1/companies/2330.TW/tw/financials?statement=balance');
      expect(r.status).toBe(200);
      // 資產總額 1,349,994,840 / 負債總額 393,436,589 in the 2014年09月30日 column (thousand TWD)
      expect(r.body.data).toEqual([
        expect.objectContaining({
          statement: 'balance',
          market: 'twse',
          year: 2014,
          season: 3,
          period_key: '2014Q3',
          period_end: '2014-09-30',
          total_assets: 1349994840,
          total_liabilities: 393436589,
          total_equity: 956558251,
          revenue_ytd: null,
          quarter_basis: null,
        }),
      ]);
      expect(r.body.data[0].total_assets - r.body.data[0].total_liabilities).toBe(
        r.body.data[0].total_equity,
      );
      // the earliest season loaded is this balance sheet's, not the declared window's 2024-03-31
      expect(r.body.coverage).toMatchObject({ available_from: '2014-09-30', update_frequency: 'quarterly' });
    });

    it('404 names the accepted forms; a company without a Taiwan listing is a clear 404', async () => {
      const r = await get('/v1/companies/9999.TW/tw/monthly-revenue');
      expect(r.status).toBe(404);
      expect(r.body.error.message).toMatch(/Taiwan security code/);
      const s = await get('/v1/companies/005930.KS/tw/monthly-revenue');
      expect(s.status).toBe(404);
      expect(s.body.error.message).toMatch(/no Taiwan listing/);
    });
  });

  describe('Korea routes', () => {
    it('financials: year required, one basis, account_id and amounts as filed', async () => {
      const none = await get('/v1/companies/005930.KS/kr/financials');
      expect(none.status).toBe(400);
      expect(none.body.error.message).toMatch(/year is required/);
      const r = await get(
        '/v1/companies/00126380/kr/financials?year=2023&report_period=annual&statement=income',
      );
      expect(r.status).toBe(200);
      expect(r.body.data).toHaveLength(18);
      expect(r.body.data.find((x: any) => x.account_id === 'ifrs-full_Revenue')).toMatchObject({
        amount: '258935494000000',
        fs_div: 'CFS',
        reprt_code: '11011',
        account_nm: '영업수익',
      });
      const all = await get('/v1/companies/005930.KS/kr/financials?year=2023&limit=1000');
      expect(all.body.data).toHaveLength(176);
      expect(new Set(all.body.data.map((x: any) => x.fs_div))).toEqual(new Set(['CFS']));
      expect((await get('/v1/companies/005930.KS/kr/financials?year=2023&basis=separate')).body.data).toEqual(
        [],
      );
      expect((await get('/v1/companies/005930.KS/kr/financials?year=2023&report_period=q2')).status).toBe(
        400,
      );
      expect((await get('/v1/companies/005930.KS/kr/financials?year=1999')).status).toBe(400);
      // one of the 3,880 listed corp codes is loaded: the rolling backfill is in progress
      expect(all.body.coverage).toMatchObject({
        available_from: '2023',
        history_status: 'backfill_in_progress',
      });
    });

    it('financials: the balance sheet (BS) is loaded and served, amounts as filed', async () => {
      const r = await get('/v1/companies/005930.KS/kr/financials?year=2023&statement=balance_sheet');
      expect(r.status).toBe(200);
      expect(r.body.data).toHaveLength(52);
      const line = (id: string) => r.body.data.find((x: { account_id: string }) => x.account_id === id);
      // 자산총계 / 부채총계 / 자본총계 of 제 55 기 (FY2023) and 제 54 기, read from the CFS body
      expect(line('ifrs-full_Assets')).toMatchObject({
        sj_div: 'BS',
        account_nm: '자산총계',
        amount: '455905980000000',
        amount_prior_period: '448424507000000',
      });
      expect(line('ifrs-full_Liabilities')?.amount).toBe('92228115000000');
      expect(line('ifrs-full_Equity')?.amount).toBe('363677865000000');
      expect(new Set(r.body.data.map((x: { sj_div: string }) => x.sj_div))).toEqual(new Set(['BS']));
    });

    it('financials: a q1 separate-basis report is stored and served one field per period, none dropped', async () => {
      // Samsung E&A 2024 Q1 (11013, OFS), the real excerpt of fixtures/korea (LABELS-quarterly.tsv)
      const file = 'fnlttSinglAcntAll_00126308_2024_11013_OFS_EXCERPT-from-js-comment.json';
      const { rows } = parseDartFinancials(
        readFileSync(new URL(`../../fixtures/korea/${file}`, import.meta.url)),
        { url: file, fetchedAt: '2026-01-01T00:00:00Z' },
        { fsDiv: 'OFS' },
      );
      await database.db.transaction((tx) => loadKrFinancials(tx, rows));
      try {
        const r = await get(
          '/v1/companies/00126308/kr/financials?year=2024&report_period=q1&basis=separate&statement=income',
        );
        expect(r.status).toBe(200);
        expect(r.body.data).toHaveLength(4);
        expect(r.body.data.find((x: any) => x.account_id === 'ifrs-full_Revenue')).toMatchObject({
          fs_div: 'OFS',
          reprt_code: '11013',
          amount: '1616620853650',
          amount_cumulative: '1616620853650',
          amount_prior_year_period: '1630861029151',
          amount_prior_year_cumulative: '1630861029151',
          amount_prior_period: null,
        });
        const bs = await get(
          '/v1/companies/00126308/kr/financials?year=2024&basis=separate&statement=balance_sheet',
        );
        expect(bs.body.data.find((x: any) => x.account_id === 'ifrs-full_Assets')).toMatchObject({
          amount: '5197143963010',
          amount_prior_period: '5111061616312',
          amount_prior_year_period: null,
        });
        // the consolidated basis of that report was not loaded: nothing, never the separate rows
        expect((await get('/v1/companies/00126308/kr/financials?year=2024')).body.data).toEqual([]);
      } finally {
        await database.db.delete(krFinancials).where(eq(krFinancials.corpCode, '00126308'));
      }
    });

    it('sections: kinds, subtotal flags, values as filed; ownership by date', async () => {
      const sh = await get('/v1/companies/005930.KS/kr/shareholders?kind=major&year=2023');
      expect(sh.body.data).toEqual([
        expect.objectContaining({
          kind: 'major',
          label: '삼성생명보험㈜',
          is_subtotal: false,
          as_of_date: '2023-12-31',
        }),
      ]);
      expect(sh.body.data[0].fields.trmend_posesn_stock_co).toBe('508,157,148');
      expect(sh.body.coverage).toMatchObject({
        available_from: '2023',
        history_status: 'backfill_in_progress',
      });
      const debt = await get('/v1/companies/005930.KS/kr/debt');
      expect(debt.body.data.map((x: any) => x.kind).sort()).toEqual([
        'contingent_capital',
        'corp_bond_balance',
        'corp_bond_issue',
        'cp',
        'hybrid_capital',
        'short_term_bond',
      ]);
      const own = await get('/v1/companies/005930.KS/kr/ownership?date_gte=2024-05-25');
      expect(own.body.data.map((x: any) => x.kind)).toEqual(['insider']);
      expect((await get('/v1/companies/005930.KS/kr/ownership?kind=major')).status).toBe(400);
      expect(
        (await get('/v1/companies/005930.KS/kr/investments?kind=other_corporation')).body.data[0].fields
          .trmend_blce_qota_rt,
      ).toBe('23.7');
      // Samsung's FY2023 treasury-stock table is empty (OpenDART's one list item is '-' throughout): no rows
      expect((await get('/v1/companies/005930.KS/kr/share-structure?kind=treasury')).body.data).toHaveLength(
        0,
      );
      // Its share totals (stockTotqySttus, the same FY2023 report): 5,969,782,550 common shares issued and outstanding
      const total = (await get('/v1/companies/005930.KS/kr/share-structure?kind=total')).body.data;
      expect(total.map((x: any) => [x.label, x.fields.distb_stock_co])).toEqual([
        ['보통주', '5,969,782,550'],
      ]);
    });
  });

  describe('disclosures', () => {
    it('Samsung: Korea searched, coverage keyed by market, null fields omitted', async () => {
      const r = await get('/v1/companies/005930.KS/disclosures');
      expect(r.status).toBe(200);
      expect(r.body.markets_searched).toEqual(['korea']);
      expect(Object.keys(r.body.coverage).sort()).toEqual(['japan', 'korea', 'taiwan']);
      expect(r.body.coverage.korea.available_from).toBe('2024-10-31');
      expect(r.body.data).toHaveLength(10);
      expect(r.body.data[0]).toEqual({
        market: 'korea',
        source_id: '20241101000042',
        date: '2024-11-01',
        company_name: '삼성전자',
        local_code: '005930',
        title: '임원ㆍ주요주주특정증권등소유상황보고서',
        filing_url: 'https://dart.fss.or.kr/dsaf001/main.do?rcpNo=20241101000042',
        description_chars: 19,
      });
    });

    it('markets_searched: empty when the company lists nowhere, or when category (Japan only) excludes its markets', async () => {
      const cat = await get('/v1/companies/005930.KS/disclosures?category=earnings_flash');
      expect(cat.body).toMatchObject({ data: [], markets_searched: [], next_cursor: null });
      const tsmc = await get(`/v1/companies/${TSMC}/disclosures`);
      expect(tsmc.body.markets_searched).toEqual(['taiwan']);
      expect(tsmc.body.data).toEqual([]);
      expect((await get('/v1/companies/005930.KS/disclosures?market=japan')).body.markets_searched).toEqual(
        [],
      );
      expect((await get('/v1/companies/005930.KS/disclosures?limit=201')).status).toBe(400);
      const p = await get('/v1/companies/005930.KS/disclosures?limit=4');
      expect(p.body.data).toHaveLength(4);
      const p2 = await get(
        `/v1/companies/005930.KS/disclosures?limit=200&cursor=${encodeURIComponent(p.body.next_cursor)}`,
      );
      expect(p2.body.data).toHaveLength(6);
    });
  });

  it('Japan: a listed company from the EDINET code list finds its TDnet rows by category', async () => {
    const r = await get(
      '/v1/companies/5987.T/disclosures?market=japan&category=stock_options&date_gte=2026-10-01&date_lte=2026-10-31&include_text=false',
    );
    expect(r.status).toBe(200);
    expect(r.body.markets_searched).toEqual(['japan']);
    expect(r.body.data).toEqual([
      expect.objectContaining({
        market: 'japan',
        local_code: '59870',
        company_name: 'オーネックス',
        date: '2026-10-07',
        category: 'stock_options',
      }),
    ]);
    expect(r.body.data[0].title).toMatch(/^第三者割当による新株式の失権/);
    expect(r.body.data[0]).not.toHaveProperty('xbrl_url');
  });

  describe('registry filters', () => {
    it('isin, local_security_code (both suffixes), corp_code, country', async () => {
      const ids = async (q: string) =>
        ((await get(`/v1/companies?${q}`)).body.data as any[]).map((c) => c.company_id);
      expect(await ids('isin=TW0002330008')).toEqual([TSMC]);
      expect(await ids('local_security_code=2330')).toEqual([TSMC]);
      expect((await get('/v1/companies?local_security_code=6488')).body.data[0]).toMatchObject({
        primary_ticker: '6488.TWO',
        country: 'TW',
        currency: 'TWD',
      });
      // TSMC, merged from the SEC (TSM) and TWSE (2330.TW): its record agrees with its /listings rows
      const listings = (await get(`/v1/companies/${TSMC}/listings`)).body.data as {
        symbol: string;
        valid_to: string | null;
      }[];
      const active = listings.filter((l) => l.valid_to === null);
      // the mirror's SEC side gives the entity (submissions), TWSE the listing
      expect(active.map((l) => l.symbol)).toContain('2330.TW');
      const record = (await get(`/v1/companies/${TSMC}`)).body.data;
      expect(record).toMatchObject({ n_listings: active.length, country: 'TW' });
      expect(await ids('isin=TW0002330008&country=TW')).toEqual([TSMC]);
      const samsung = await ids('corp_code=00126380');
      expect(samsung).toHaveLength(1);
      expect((await get('/v1/companies?country=KR&limit=1000')).body.data.length).toBeGreaterThan(900);
    });
  });

  // last: it adds 2014 rows for 2330
  it('the loader derives a quarter when the previous season arrives late, and keeps null until then', async () => {
    const page = readFileSync(
      new URL('../../fixtures/taiwan/t164sb01_2330_2014Q3_BIG5.html', import.meta.url),
    );
    const [filed] = parseIncomeStatementPage(
      page,
      { url: 'p', fetchedAt: '2026-01-01T00:00:00Z' },
      { code: '2330' },
    ).rows;
    if (!filed) throw new Error('no row');
    // as the season summary files it: cumulative only
    const nineMonths = {
      ...filed,
      revenueQ: null,
      operatingIncomeQ: null,
      netIncomeQ: null,
      epsBasicQ: null,
      quarterBasis: null,
    };
    await database.db.transaction((tx) => loadTwFinancials(tx, [nineMonths]));
    const q = async () =>
      (await get('/v1/companies/2330/tw/financials?statement=income&year=2014&season=3')).body
        .data[0] as Record<string, unknown>;
    expect(await q()).toMatchObject({ revenue_ytd: 540285390, revenue_q: null, quarter_basis: null });
    // H1 as the same page implies it (9M 540,285,390 - filed Q3 209,049,734), arriving afterwards
    const half = {
      ...nineMonths,
      season: 2,
      periodEnd: '2014-06-30',
      revenueYtd: '331235656',
      operatingIncomeYtd: null,
      netIncomeYtd: null,
      epsBasicYtd: null,
    };
    await database.db.transaction((tx) => loadTwFinancials(tx, [half]));
    expect(await q()).toMatchObject({
      revenue_q: 209049734,
      operating_income_q: null,
      quarter_basis: 'derived',
    });
  });
});
