import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALUE_FIELDS } from '../../api/routes/financials.ts';
import { companyFactsJob } from '../../jobs/edgar/company-facts.job.ts';
import { financialsJob } from '../../jobs/edgar/financials.job.ts';
import type { DatasetJob, RawDocument } from '../../jobs/types.ts';
import type { Database } from '../../lib/db.ts';
import { upsertRows } from '../../loaders/upsert.ts';
import { parseInstance } from '../../parsers/xbrl/instance.ts';
import { FIELDS_BY_STATEMENT } from '../../parsers/xbrl/mapping.ts';
import { METRIC_FIELDS } from '../../parsers/xbrl/metrics.ts';
import { buildSegments } from '../../parsers/xbrl/segments.ts';
import { financialSegments } from '../../schema/financials.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';
import { seedRegistry } from '../helpers/registry.ts';

// @test-slow 15 (its rough wall seconds alone: vitest.config.ts starts the slow files first)
// Spec 4.3 (statements, metrics, segments, company facts), 2.5 (rows), 7.2 (flat errors), part 1 (credits),
// plus our `as_of` extension. Data: the real jobs' parse + load over the captured SEC files.
let database: Database;
let api: RunningApi;
let key: string;
let accountId: string;

const doc = (url: string, body: string | Buffer): RawDocument => {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
  return {
    url,
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    fetchedAt: '2026-01-30T08:15:00.000Z',
    contentType: 'application/json',
  };
};
const fixture = (path: string) => readFileSync(`fixtures/upstream/${path}`);

async function runJob(job: DatasetJob, partition: string, docs: RawDocument[]) {
  const { rows } = await job.parse(docs, partition);
  await database.db.transaction((tx) => job.load(tx, rows, partition));
}

beforeAll(async () => {
  database = await createApiTestDatabase();
  await seedRegistry(database, 400); // GOOGL, TSM and MRVL are among SEC's first 400 tickers
  for (const cik of ['0001652044', '0001835632', '0001046179']) {
    const path = `data.sec.gov/api/xbrl/companyfacts/CIK${cik}.json`;
    await runJob(financialsJob as DatasetJob, `cik:${cik}`, [doc(`https://${path}`, fixture(path))]);
  }
  for (const cik of ['0000320193', '0000940418']) {
    const path = `data.sec.gov/submissions/CIK${cik}.json`;
    await runJob(companyFactsJob as DatasetJob, `cik:${cik}`, [doc(`https://${path}`, fixture(path))]);
  }
  // Microsoft is in the registry, but this stand-in submissions JSON lists no filing at all.
  const empty = JSON.stringify({ cik: '789019', filings: { recent: { form: [] }, files: [] } });
  await runJob(companyFactsJob as DatasetJob, 'cik:0000789019', [
    doc('https://data.sec.gov/submissions/CIK0000789019.json', empty),
  ]);
  // CARBO Ceramics FY2017 segments from its 10-K instance (no filing index lists it offline: loaded directly;
  // the segments job itself is tested in test/integration/financial-segments.test.ts).
  const crr = 'www.sec.gov/Archives/edgar/data/1009672/000156459018004771/crr-20171231.xml';
  const [seg] = buildSegments(parseInstance(fixture(crr).toString('utf8')), {
    ticker: 'CRR',
    period: 'annual',
    accession_number: '0001564590-18-004771',
    filing_url: 'https://www.sec.gov/Archives/edgar/data/1009672/000156459018004771/',
  }).rows;
  await database.db.transaction((tx) =>
    upsertRows(
      tx,
      financialSegments,
      [
        {
          cik: 1009672,
          period: 'annual',
          reportPeriod: seg!.report_period,
          accessionNumber: seg!.accession_number,
          knownFrom: '2018-02-28',
          ticker: 'CRR',
          fiscalPeriod: 'FY',
          currency: seg!.currency,
          filingUrl: seg!.filing_url,
          incomeStatement: seg!.income_statement,
          fetchedAt: new Date(),
        },
      ],
      [
        financialSegments.cik,
        financialSegments.period,
        financialSegments.reportPeriod,
        financialSegments.accessionNumber,
      ],
    ),
  );
  api = await startApi(database, { logLevel: 'warn' });
  ({ key, accountId } = await accountWithKey(database, 'fund', 10_000));
}, 60_000);

afterAll(async () => {
  await api?.close();
  await database?.close();
});

const get = (path: string) => api.get(path, { key });
async function ok(path: string) {
  const r = await get(path);
  expect(r.status, path).toBe(200);
  return r.json();
}
const periods = (rows: { report_period: string }[]) => rows.map((r) => r.report_period);
const credits = async () =>
  Number(
    (await database.query<{ credits: string }>('select credits from accounts where id = $1', [accountId]))[0]!
      .credits,
  );

const ROUTES = [
  ['/v1/financials/income-statements', 'income_statements'],
  ['/v1/financials/balance-sheets', 'balance_sheets'],
  ['/v1/financials/cash-flow-statements', 'cash_flow_statements'],
  ['/v1/financial-metrics', 'financial_metrics'],
] as const;

const HEAD = [
  'ticker',
  'cik',
  'report_period',
  'period',
  'fiscal_period',
  'currency',
  'accounting_standard',
  'accession_number',
  'filing_url',
];

describe('statement routes: validation (flat 400 bodies)', () => {
  it('requires ticker or cik, and period with no default, on every statement route', async () => {
    for (const path of ['/v1/financials', ...ROUTES.map((r) => r[0])]) {
      let r = await get(`${path}?period=annual`);
      expect(r.status, path).toBe(400);
      expect(await r.json()).toEqual({ error: 'Bad Request', message: 'ticker or cik is required' });
      r = await get(`${path}?ticker=GOOGL`);
      expect(r.status, path).toBe(400);
      const body = await r.json();
      expect(Object.keys(body)).toEqual(['error', 'message']);
      expect(body.message).toMatch(/^Missing required query parameter 'period'/);
    }
  });

  it('refuses a bad period, limit, cik or date, and ignores unknown parameters', async () => {
    for (const q of [
      'ticker=GOOGL&period=monthly',
      'ticker=GOOGL&period=annual&limit=0',
      'ticker=GOOGL&period=annual&limit=x',
      'cik=GOOGL&period=annual',
      'ticker=GOOGL&period=annual&report_period=2024-13-01',
      'ticker=GOOGL&period=annual&as_of=yesterday',
    ]) {
      const r = await get(`/v1/financials/income-statements?${q}`);
      expect(r.status, q).toBe(400);
      expect((await r.json()).error).toBe('Bad Request');
    }
    const body = await ok('/v1/financials/income-statements?ticker=GOOGL&period=annual&foo=bar');
    expect(body.income_statements).toHaveLength(4);
  });

  it('answers 404 with a flat body for a ticker nobody has', async () => {
    const r = await get('/v1/financials/income-statements?ticker=ZZZZZQ&period=annual');
    expect(r.status).toBe(404);
    const body = await r.json();
    expect(body.error).toBe('Not Found');
    expect(body.message).toMatch(/ZZZZZQ/);
  });
});

describe('statement routes: rows', () => {
  it('serves GOOGL FY2024 as hand-checked, with exactly the spec 2.5 head and value fields in order', async () => {
    const { income_statements: rows } = await ok(
      '/v1/financials/income-statements?ticker=GOOGL&period=annual',
    );
    expect(periods(rows)).toEqual(['2025-12-31', '2024-12-31', '2023-12-31', '2022-12-31']);
    const fy24 = rows[1];
    expect(Object.keys(fy24)).toEqual([...HEAD, 'calendar_date', ...FIELDS_BY_STATEMENT.income]);
    expect(fy24).toMatchObject({
      ticker: 'GOOGL',
      cik: 1652044,
      report_period: '2024-12-31',
      period: 'annual',
      fiscal_period: 'FY',
      currency: 'USD',
      accounting_standard: 'us_gaap',
      accession_number: '0001652044-25-000014',
      filing_url: 'https://www.sec.gov/Archives/edgar/data/1652044/000165204425000014/',
      calendar_date: '2024-12-31',
      revenue: 350_018_000_000,
      net_income: 100_118_000_000,
      earnings_per_share_diluted: 8.04,
    });
    const bs = (await ok('/v1/financials/balance-sheets?ticker=GOOGL&period=annual&limit=1')).balance_sheets;
    expect(Object.keys(bs[0])).toEqual([...HEAD, ...FIELDS_BY_STATEMENT.balance]);
    const cf = (await ok('/v1/financials/cash-flow-statements?ticker=GOOGL&period=annual&limit=1'))
      .cash_flow_statements;
    expect(Object.keys(cf[0])).toEqual([...HEAD, ...FIELDS_BY_STATEMENT.cash_flow]);
  });

  it('keeps the declared field lists equal to the parsers (the API does not import them)', () => {
    expect(VALUE_FIELDS).toEqual({
      income: FIELDS_BY_STATEMENT.income,
      balance: FIELDS_BY_STATEMENT.balance,
      cash_flow: FIELDS_BY_STATEMENT.cash_flow,
      metrics: [...METRIC_FIELDS],
    });
  });

  it('accepts the CIK in any padding, and ticker spellings resolve to the same rows', async () => {
    const want = await ok('/v1/financials/income-statements?ticker=GOOGL&period=annual');
    for (const q of ['cik=1652044', 'cik=0001652044', 'cik=001652044', 'ticker=googl', 'ticker=GOOG']) {
      expect(await ok(`/v1/financials/income-statements?${q}&period=annual`), q).toEqual(want);
    }
  });

  it('returns `limit` rows per statement (default 4), newest first', async () => {
    for (const [path, key] of ROUTES) {
      const rows = (await ok(`${path}?ticker=GOOGL&period=quarterly`))[key];
      expect(rows, path).toHaveLength(4);
      const sorted = [...periods(rows)].sort().reverse();
      expect(periods(rows)).toEqual(sorted);
      expect((await ok(`${path}?ticker=GOOGL&period=annual&limit=2`))[key]).toHaveLength(2);
      expect((await ok(`${path}?ticker=GOOGL&period=annual&limit=1000`))[key].length).toBeGreaterThan(8);
    }
    const all = (await ok('/v1/financials?ticker=GOOGL&period=ttm&limit=3')).financials;
    expect(Object.keys(all)).toEqual(['income_statements', 'balance_sheets', 'cash_flow_statements']);
    for (const rows of Object.values(all) as { period: string }[][]) {
      expect(rows).toHaveLength(3);
      expect(rows.every((r) => r.period === 'ttm')).toBe(true);
    }
  });

  it('quarterly rows are Q1-Q3 only', async () => {
    const rows = (await ok('/v1/financials/income-statements?ticker=GOOGL&period=quarterly&limit=40'))
      .income_statements as { fiscal_period: string }[];
    expect(new Set(rows.map((r) => r.fiscal_period))).toEqual(new Set(['Q1', 'Q2', 'Q3']));
  });

  it('filters on report_period exactly and with _gte/_lte (inclusive) and _gt/_lt (exclusive)', async () => {
    const q = '/v1/financials/income-statements?ticker=GOOGL&period=annual&limit=100';
    expect(periods((await ok(`${q}&report_period=2022-12-31`)).income_statements)).toEqual(['2022-12-31']);
    expect(periods((await ok(`${q}&report_period=2022-12-30`)).income_statements)).toEqual([]);
    expect(
      periods((await ok(`${q}&report_period_gte=2021-12-31&report_period_lte=2023-12-31`)).income_statements),
    ).toEqual(['2023-12-31', '2022-12-31', '2021-12-31']);
    expect(
      periods((await ok(`${q}&report_period_gt=2021-12-31&report_period_lt=2023-12-31`)).income_statements),
    ).toEqual(['2022-12-31']);
  });

  it('as_of serves the figures known on a date: FY2021 EPS before and after the 20:1 split restatement', async () => {
    const q = '/v1/financials/income-statements?ticker=GOOGL&period=annual&report_period=2021-12-31';
    const eps = async (extra: string) =>
      (await ok(`${q}${extra}`)).income_statements.map(
        (r: { earnings_per_share_diluted: number }) => r.earnings_per_share_diluted,
      );
    expect(await eps('&as_of=2022-12-31')).toEqual([112.2]);
    expect(await eps('&as_of=2023-02-03')).toEqual([5.61]);
    expect(await eps('')).toEqual([5.61]);
    expect(await eps('&as_of=2022-02-01')).toEqual([]); // before the FY2021 10-K was filed
    const latest = await ok('/v1/financials/income-statements?ticker=GOOGL&period=annual&as_of=2024-06-30');
    expect(latest.income_statements[0].report_period).toBe('2023-12-31');
  });

  it('serves 20-F filers annual only: TSM quarterly and ttm are empty, annual in TWD under IFRS', async () => {
    for (const period of ['quarterly', 'ttm']) {
      expect((await ok(`/v1/financials?ticker=TSM&period=${period}`)).financials).toEqual({
        income_statements: [],
        balance_sheets: [],
        cash_flow_statements: [],
      });
      expect((await ok(`/v1/financial-metrics?ticker=TSM&period=${period}`)).financial_metrics).toEqual([]);
    }
    const [row] = (await ok('/v1/financials/income-statements?ticker=TSM&period=annual&limit=1'))
      .income_statements;
    expect(row).toMatchObject({ ticker: 'TSM', cik: 1046179, currency: 'TWD', accounting_standard: 'ifrs' });
  });

  it('an unknown CIK is an empty result, not an error', async () => {
    expect((await ok('/v1/financials/income-statements?cik=1&period=annual')).income_statements).toEqual([]);
  });
});

describe('/v1/financial-metrics', () => {
  it('computes the 38 metrics from the statements; valuation metrics are null without market data', async () => {
    const q = '/v1/financial-metrics?ticker=GOOGL&period=annual&report_period=2024-12-31';
    const [m] = (await ok(q)).financial_metrics;
    expect(Object.keys(m)).toEqual([...HEAD, ...METRIC_FIELDS]);
    expect(m.report_period).toBe('2024-12-31');
    expect(m.gross_margin).toBeCloseTo(203_712 / 350_018, 6);
    expect(m.earnings_per_share).toBe(8.04);
    for (const f of ['enterprise_value', 'price_to_earnings_ratio', 'peg_ratio', 'free_cash_flow_yield'])
      expect(m[f]).toBeNull();
  });
});

describe('segments', () => {
  it('serves one row per period with the three payloads; balance and cash-flow variants are always empty', async () => {
    const body = await ok('/v1/financials/segments?cik=1009672');
    expect(body.segmented_financials).toHaveLength(1);
    const row = body.segmented_financials[0];
    expect(Object.keys(row)).toEqual([
      'ticker',
      'report_period',
      'fiscal_period',
      'period',
      'currency',
      'accession_number',
      'filing_url',
      'income_statement',
      'balance_sheet',
      'cash_flow_statement',
    ]);
    expect(row).toMatchObject({
      ticker: 'CRR',
      report_period: '2017-12-31',
      period: 'annual',
      balance_sheet: {},
    });
    expect(row.income_statement.revenue.segment).toEqual([
      { label: 'Oilfield Technologies and Services', value: 165_557_000 },
      { label: 'Environmental Products and Services', value: 23_199_000 },
    ]);
    const inc = await ok('/v1/financials/income-statements/segments?cik=0001009672&period=annual');
    expect(inc.income_statement_segments[0].income_statement).toEqual(row.income_statement);
    expect((await ok('/v1/financials/segments?cik=1009672&period=quarterly')).segmented_financials).toEqual(
      [],
    );
    expect(await ok('/v1/financials/balance-sheets/segments?cik=1009672')).toEqual({
      balance_sheet_segments: [],
    });
    expect(await ok('/v1/financials/cash-flow-statements/segments?ticker=GOOGL')).toEqual({
      cash_flow_statement_segments: [],
    });
    expect((await get('/v1/financials/segments?cik=1009672&period=ttm')).status).toBe(400);
    expect((await get('/v1/financials/segments')).status).toBe(400);
  });
});

describe('company facts', () => {
  const APPLE = {
    ticker: 'AAPL',
    name: 'Apple Inc.',
    cik: '0000320193',
    industry: 'Computer Hardware',
    sector: 'Technology',
    category: 'Large accelerated filer',
    exchange: 'Nasdaq',
    is_active: true,
    location: 'CUPERTINO, CA',
    sec_filings_url: 'https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=0000320193',
    sic_code: '3571',
    sic_industry: 'Electronic Computers',
    sic_sector: 'Manufacturing',
  };

  it('serves the 13 fields by ticker or CIK in any padding', async () => {
    for (const q of ['ticker=AAPL', 'cik=320193', 'cik=0000320193']) {
      const body = await ok(`/v1/company/facts?${q}`);
      expect(body).toEqual({ company_facts: APPLE });
      expect(Object.keys(body.company_facts)).toEqual(Object.keys(APPLE));
    }
    const siemens = (await ok('/v1/company/facts?cik=940418')).company_facts;
    expect(siemens).toMatchObject({ ticker: '', is_active: false, location: 'MUNICH, Germany' });
  });

  it('404s (flat body) for a company with no US filing presence, 400 without ticker or cik', async () => {
    for (const q of ['ticker=MSFT', 'cik=789019', 'ticker=ZZZZZQ']) {
      const r = await get(`/v1/company/facts?${q}`);
      expect(r.status, q).toBe(404);
      const body = await r.json();
      expect(Object.keys(body)).toEqual(['error', 'message']);
      expect(body.error).toBe('Not Found');
    }
    const r = await get('/v1/company/facts');
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ error: 'Bad Request', message: 'ticker or cik is required' });
  });

  it('lists tickers and 10-digit CIKs for free; data calls cost one credit, failed ones are refunded', async () => {
    const before = await credits();
    expect(await ok('/v1/company/facts/tickers')).toEqual({ resource: 'company_facts', tickers: ['AAPL'] });
    expect(await ok('/v1/company/facts/ciks')).toEqual({
      resource: 'company_facts',
      ciks: ['0000320193', '0000940418'],
    });
    expect(await credits()).toBe(before);
    await ok('/v1/financials/income-statements?ticker=GOOGL&period=annual');
    expect(await credits()).toBe(before - 1);
    expect((await get('/v1/company/facts?ticker=MSFT')).status).toBe(404);
    expect((await get('/v1/financials?period=annual')).status).toBe(400);
    expect(await credits()).toBe(before - 1);
  });
});

describe('OpenAPI', () => {
  it('documents every statement-family route with a real example', async () => {
    const doc = await (await api.get('/v1/openapi.json')).json();
    for (const path of [
      '/v1/financials',
      '/v1/financials/income-statements',
      '/v1/financials/balance-sheets',
      '/v1/financials/cash-flow-statements',
      '/v1/financial-metrics',
      '/v1/financials/segments',
      '/v1/financials/income-statements/segments',
      '/v1/financials/balance-sheets/segments',
      '/v1/financials/cash-flow-statements/segments',
      '/v1/company/facts',
      '/v1/company/facts/tickers',
      '/v1/company/facts/ciks',
    ])
      expect(doc.paths[path], path).toBeDefined();
    expect(JSON.stringify(doc.paths['/v1/financials/income-statements'])).toContain('350018000000');
  });

  it("documents the unknown-ticker 404 and this route's own limit bounds", async () => {
    const doc = await (await api.get('/v1/openapi.json')).json();
    const responses = doc.paths['/v1/financials/income-statements'].get.responses;
    expect(responses['404'].content['application/json'].examples.not_found.value.message).toMatch(
      /^No company found for ticker 'XYZ'/,
    );
    const validation = responses['400'].content['application/json'].examples.validation.value.message;
    expect(validation).toBe("Invalid query parameter 'limit': must be an integer >= 1");
    // the documented message is the one the route really sends
    const r = await api.get('/v1/financials/income-statements?ticker=GOOGL&period=annual&limit=0', { key });
    expect((await r.json()).message).toBe(validation);
  });
});
