import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyFactsJob } from '../../jobs/edgar/company-facts.job.ts';
import { financialsJob } from '../../jobs/edgar/financials.job.ts';
import type { DatasetJob, RawDocument } from '../../jobs/types.ts';
import type { Database } from '../../lib/db.ts';
import { companyIdForCik } from '../../lib/ids.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';
import { seedRegistry } from '../helpers/registry.ts';

// Issue 15 screening: /v1/screen (Fund), /v1/screen/facets and /terms (free), standard errors, over the
// real financials job's rows for Alphabet, Marvell and TSMC (captured companyfacts).
let database: Database;
let api: RunningApi;
let key: string;
let accountId: string;

const GOOGL = companyIdForCik('0001652044');
const TSM = companyIdForCik('0001046179');

const doc = (url: string, bytes: Buffer): RawDocument => ({
  url,
  bytes,
  sha256: createHash('sha256').update(bytes).digest('hex'),
  fetchedAt: '2026-01-30T08:15:00.000Z',
  contentType: 'application/json',
});

async function runJob(job: DatasetJob, partition: string, path: string) {
  const { rows } = await job.parse(
    [doc(`https://${path}`, readFileSync(`fixtures/upstream/${path}`))],
    partition,
  );
  await database.db.transaction((tx) => job.load(tx, rows, partition));
}

beforeAll(async () => {
  database = await createApiTestDatabase();
  await seedRegistry(database, 400);
  for (const cik of ['0001652044', '0001835632', '0001046179']) {
    await runJob(
      financialsJob as DatasetJob,
      `cik:${cik}`,
      `data.sec.gov/api/xbrl/companyfacts/CIK${cik}.json`,
    );
  }
  for (const cik of ['0000320193', '0000940418']) {
    await runJob(companyFactsJob as DatasetJob, `cik:${cik}`, `data.sec.gov/submissions/CIK${cik}.json`);
  }
  api = await startApi(database, { logLevel: 'warn' });
  ({ key, accountId } = await accountWithKey(database, 'fund', 100));
});

afterAll(async () => {
  await api?.close();
  await database?.close();
});

const balance = async () =>
  Number(
    (await database.query<{ credits: string }>('select credits from accounts where id = $1', [accountId]))[0]!
      .credits,
  );

const names = (body: { data: { ticker: string }[] }) => body.data.map((r) => r.ticker);

describe('GET /v1/screen', () => {
  it('filters on latest values with ranges, sorts, and says the period of every value (1 credit)', async () => {
    const before = await balance();
    const r = await api.get(
      '/v1/screen?filter=revenue:gte:1000000000&filter=net_margin:gte:0.3&sort=-revenue',
      { key },
    );
    expect(r.status).toBe(200);
    const body = await r.json();
    // Marvell's ttm net margin (0.29) is under 0.3; TSMC's revenue is in TWD (never converted).
    expect(names(body)).toEqual(['TSM', 'GOOGL']);
    const [tsm, googl] = body.data;
    expect(tsm).toMatchObject({ company_id: TSM, cik: '0001046179', exchange: 'NYSE', currency: 'TWD' });
    expect(tsm.values.revenue).toEqual({
      value: 2894307700000,
      period: 'annual',
      report_period: '2024-12-31',
    });
    expect(googl.company_id).toBe(GOOGL);
    expect(googl.values.revenue).toEqual({ value: 422499000000, period: 'ttm', report_period: '2026-03-31' });
    expect(googl.values.net_margin.value).toBeCloseTo(0.379191, 5);
    expect(googl.values.market_cap).toBeNull(); // market data not loaded: null, never zero
    expect(body.next_cursor).toBeNull();
    expect(body.coverage).toMatchObject({ update_frequency: 'daily', history_status: 'current_snapshot' });
    expect(await balance()).toBe(before - 1);
  });

  it('serves the same figure as the statement route latest row', async () => {
    const screen = await (
      await api.get(
        '/v1/screen?filter=exchange:eq:NASDAQ&filter=revenue:gt:0&fields=net_income&sort=ticker',
        { key },
      )
    ).json();
    expect(names(screen)).toEqual(expect.arrayContaining(['GOOGL', 'MRVL']));
    const googl = screen.data.find((x: { ticker: string }) => x.ticker === 'GOOGL');
    const ttm = await (
      await api.get('/v1/financials/income-statements?ticker=GOOGL&period=ttm&limit=1', { key })
    ).json();
    const row = ttm.income_statements[0];
    expect(row.report_period).toBe(googl.values.revenue.report_period);
    expect(googl.values.revenue.value).toBe(row.revenue);
    expect(googl.values.net_income.value).toBe(row.net_income);
  });

  it('pages with a cursor bound to the filters', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let first: string | null = null;
    do {
      const q: string = `/v1/screen?filter=revenue:gte:1&sort=-revenue&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const body = await (await api.get(q, { key })).json();
      seen.push(...names(body));
      cursor = body.next_cursor;
      first ??= cursor;
    } while (cursor && seen.length < 10);
    expect(seen).toEqual(['TSM', 'GOOGL', 'MRVL']);
    const other = await api.get(
      `/v1/screen?filter=revenue:gte:2&sort=-revenue&limit=1&cursor=${encodeURIComponent(first!)}`,
      { key },
    );
    expect(other.status).toBe(400);
    expect((await other.json()).error.message).toMatch(/^Malformed cursor/);
  });

  it('screens on registry sets; companies without financials have null values', async () => {
    const body = await (await api.get('/v1/screen?filter=sector:in:Technology|Energy', { key })).json();
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ ticker: 'AAPL', sector: 'Technology', currency: null });
    expect(body.data[0].values.revenue).toBeNull();
  });

  it('answers bad input with the standard error body, uncharged', async () => {
    const before = await balance();
    const cases: [string, number, RegExp][] = [
      [
        '/v1/screen?revenue_gte=1',
        400,
        /^Unknown query parameter 'revenue_gte'\. This route accepts: filter, sort, fields, limit, cursor$/,
      ],
      [
        '/v1/screen?filter=revenue:gte:lots',
        400,
        /^Invalid query parameter 'filter': revenue:gte needs a number \(got 'lots'\)$/,
      ],
      ['/v1/screen?filter=revenue:in:1|2', 400, /revenue is numeric: its operators are gte, lte, gt, lt, eq/],
      ['/v1/screen?filter=sector:gte:A', 400, /sector is categorical: its operators are eq and in/],
      ['/v1/screen?filter=popularity:gte:1', 400, /unknown field 'popularity': see \/v1\/screen\/facets/],
      ['/v1/screen?filter=revenue>1', 400, /must look like field:op:value/],
      ['/v1/screen?sort=-popularity', 400, /^Unknown sort field 'popularity': see \/v1\/screen\/facets/],
      ['/v1/screen?fields=popularity', 400, /^Unknown field 'popularity'/],
      ['/v1/screen?limit=1001', 400, /limit/],
    ];
    for (const [path, status, message] of cases) {
      const r = await api.get(path, { key });
      expect(r.status).toBe(status);
      const body = await r.json();
      expect(body).toMatchObject({ success: false, error: { statusCode: status, path: '/v1/screen' } });
      expect(body.error.message).toMatch(message);
    }
    expect(await balance()).toBe(before);
    const pro = await accountWithKey(database, 'professional', 5);
    const refused = await api.get('/v1/screen?filter=revenue:gte:1', { key: pro.key });
    expect(refused.status).toBe(402);
    expect((await refused.json()).error.message).toMatch(/Screening dataset requires the Fund plan/);
  });
});

describe('free screening reference', () => {
  it('facets: every field with type, unit and observed range, at no cost, on any plan', async () => {
    const free = await accountWithKey(database, 'free', 5);
    const r = await api.get('/v1/screen/facets', { key: free.key });
    expect(r.status).toBe(200);
    const { data } = await r.json();
    const by = new Map(data.map((f: { field: string }) => [f.field, f]));
    expect(by.get('revenue')).toMatchObject({
      type: 'number',
      unit: 'currency',
      source: 'income',
      operators: ['gte', 'lte', 'gt', 'lt', 'eq'],
      min: 8717100000,
      max: 2894307700000,
      companies: 3,
    });
    expect(by.get('net_margin')).toMatchObject({ unit: 'ratio', source: 'metrics' });
    expect(by.get('earnings_per_share_diluted')).toMatchObject({ unit: 'currency_per_share' });
    expect(by.get('market_cap')).toMatchObject({ source: 'market', min: null, max: null, companies: 0 });
    expect(by.get('sector')).toMatchObject({ type: 'string', operators: ['eq', 'in'], companies: 1 });
    expect(await balance()).toBeGreaterThan(0);
    const [row] = await database.query<{ credits: string }>('select credits from accounts where id = $1', [
      free.accountId,
    ]);
    expect(Number(row!.credits)).toBe(5);
  });

  it('terms: values of a categorical field with counts, paged 1-100', async () => {
    const body = await (await api.get('/v1/screen/terms?field=exchange', { key })).json();
    const values = body.data.map((t: { value: string }) => t.value);
    expect(values).toEqual([...values].sort());
    expect(values).toEqual(expect.arrayContaining(['NASDAQ', 'NYSE']));
    const page = await (await api.get('/v1/screen/terms?field=exchange&limit=1', { key })).json();
    expect(page.data).toHaveLength(1);
    const next = await (
      await api.get(
        `/v1/screen/terms?field=exchange&limit=1&cursor=${encodeURIComponent(page.next_cursor)}`,
        { key },
      )
    ).json();
    expect(next.data[0].value).toBe(values[1]);
    const q = await (await api.get('/v1/screen/terms?field=exchange&q=nas', { key })).json();
    expect(q.data.map((t: { value: string }) => t.value)).toEqual(['NASDAQ']);
    expect((await api.get('/v1/screen/terms?field=exchange&limit=101', { key })).status).toBe(400);
    const missing = await (await api.get('/v1/screen/terms', { key })).json();
    expect(missing.error.message).toMatch(/^Missing required query parameter 'field'/);
  });
});

describe('screen_latest refresh', () => {
  it('follows a new statement version loaded for a company (restatement), and drops removed periods', async () => {
    await database.query(
      `insert into financial_statements (cik, statement, period, report_period, known_from, fiscal_period, currency, "values", fetched_at)
       select cik, statement, period, report_period, '2026-06-01', fiscal_period, currency,
              jsonb_set("values", '{revenue}', '400000000000'), now()
         from financial_statements where cik = 1652044 and statement = 'income' and period = 'ttm' and report_period = '2026-03-31'
        order by known_from desc limit 1`,
    );
    const { refreshScreenLatest } = await import('../../loaders/screen.ts');
    await database.db.transaction((tx) => refreshScreenLatest(tx, 1652044));
    const after = await (
      await api.get('/v1/screen?filter=revenue:gte:1&sort=ticker&filter=exchange:eq:NASDAQ', { key })
    ).json();
    const googl = after.data.find((x: { ticker: string }) => x.ticker === 'GOOGL');
    expect(googl.values.revenue).toEqual({ value: 400000000000, period: 'ttm', report_period: '2026-03-31' });
    // A removal (a newer version without a fiscal period) makes the previous period the latest.
    await database.query(
      `insert into financial_statements (cik, statement, period, report_period, known_from, fiscal_period, currency, "values", fetched_at)
       values (1652044, 'income', 'ttm', '2026-03-31', '2026-07-01', null, 'USD', '{}', now())`,
    );
    await database.db.transaction((tx) => refreshScreenLatest(tx, 1652044));
    const removed = await (
      await api.get('/v1/screen?filter=revenue:gte:1&filter=exchange:eq:NASDAQ&sort=ticker', { key })
    ).json();
    const g2 = removed.data.find((x: { ticker: string }) => x.ticker === 'GOOGL');
    expect(g2.values.revenue.report_period < '2026-03-31').toBe(true);
  });
});
