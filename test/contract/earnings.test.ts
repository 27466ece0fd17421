import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfill } from '../../jobs/refresh.ts';
import type { Database } from '../../lib/db.ts';
import { EVENT_TYPE_BY_NAME } from '../../lib/events/catalog.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';
import { indexFiling } from '../helpers/db.ts';
import { seedRegistry } from '../helpers/registry.ts';
import { createTestServices } from '../helpers/services.ts';

// Issue 25: the earnings-releases job through the offline mirror (fixtures/upstream/EARNINGS-FIXTURES.md),
// then the routes. Values were read by hand from the releases: Apple Q1 FY2024 (primary 8-K -> linked
// EX-99.1), Adobe Q1 FY2023 (full .txt submission, target tables), Apple Q1 FY2011 (filing detail page -> its
// EX-99.1 `dex991.htm`: the demo's release, point guidance "about $22 billion" and "about $4.90").
const FILINGS = [
  {
    accession: '0000320193-24-000005',
    cik: 320193,
    filingDate: '2024-02-01',
    primaryDocument: 'aapl-20240201.htm',
    accepted: '2024-02-01T21:30:33Z',
  },
  {
    accession: '0000796343-23-000044',
    cik: 796343,
    filingDate: '2023-03-15',
    primaryDocument: null,
    accepted: '2023-03-15T20:05:08Z',
  },
  {
    accession: '0001193125-11-009392',
    cik: 320193,
    filingDate: '2011-01-18',
    primaryDocument: 'd8k.htm',
    accepted: '2011-01-18T21:30:27Z', // "Accepted 2011-01-18 16:30:27" (EDGAR: US Eastern)
  },
];

let database: Database;
let env: Awaited<ReturnType<typeof createTestServices>>;
let api: RunningApi;
let key: string;
let freeKey: string;

beforeAll(async () => {
  database = await createApiTestDatabase();
  await seedRegistry(database, 400);
  env = await createTestServices(database);
  for (const f of FILINGS) {
    await indexFiling(database, { ...f, type: '8-K', reportDate: f.filingDate });
    await database.query(
      `update filings set items = '2.02,9.01', accepted_at = $2 where accession_number = $1`,
      [f.accession, f.accepted],
    );
  }
  for (const cik of ['320193', '796343']) {
    const r = await backfill(env.services, env.runtime, 'earnings_releases', { cik });
    expect(r.failures).toEqual([]);
  }
  api = await startApi(database, { logLevel: 'warn' });
  ({ key } = await accountWithKey(database, 'fund', 100));
  ({ key: freeKey } = await accountWithKey(database, 'free', 100));
}, 90_000);

afterAll(async () => {
  await api?.close();
  await env?.close();
  await database?.close();
});

const get = async (path: string, k = key) => {
  const r = await api.get(path, { key: k });
  return {
    status: r.status,
    body: (await r.json()) as { data: Record<string, unknown>[]; [k: string]: unknown },
  };
};

describe('earnings releases job -> mirror -> routes', () => {
  it('records each Item 2.02 filing as a release read, with the document it was read from', async () => {
    const rows = await database.query<{
      accession_number: string;
      status: string;
      exhibit_url: string | null;
      warnings: string[];
    }>(
      'select accession_number, status, exhibit_url, warnings from earnings_releases order by accession_number',
    );
    expect(rows.map((r) => [r.accession_number, r.status])).toEqual([
      ['0000320193-24-000005', 'ok'],
      ['0000796343-23-000044', 'ok'],
      ['0001193125-11-009392', 'ok'],
    ]);
    expect(rows[0]!.exhibit_url).toBe(
      'https://www.sec.gov/Archives/edgar/data/320193/000032019324000005/a8-kex991q1202412302023.htm',
    );
    // the detail page lists dex991.htm (EX-99.1) and dex992.htm (EX-99.2, not captured: skipped)
    expect(rows[2]!.exhibit_url).toBe(
      'https://www.sec.gov/Archives/edgar/data/320193/000119312511009392/dex991.htm',
    );
  });

  it('GET /earnings: Apple Q1 FY2024 with its GAAP figures, scale and evidence', async () => {
    const { status, body } = await get('/v1/companies/AAPL/earnings?fiscal_year=2024');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(1);
    const q = body.data[0]!;
    expect(q).toMatchObject({
      accession_number: '0000320193-24-000005',
      announced_at: '2024-02-01T21:30:33.000Z',
      fiscal_year: 2024,
      fiscal_period: 'Q1',
      period_end: '2023-12-30',
      currency: 'USD',
    });
    const figures = q.figures as Record<string, unknown>[];
    expect(figures.find((f) => f.metric === 'revenue')).toMatchObject({
      basis: 'gaap',
      value: 119_575_000_000,
      scale: 'millions',
      as_printed: '119,575',
      evidence: { kind: 'table_row', text: 'Total net sales (1) | 119,575 | 117,154' },
      reconciled: null,
    });
    expect(figures.find((f) => f.metric === 'eps_diluted')).toMatchObject({
      value: 2.18,
      unit: 'currency_per_share',
    });
  });

  it('GET /guidance: Adobe’s target tables, both bases, the raised annual EPS range and the next quarter', async () => {
    const { status, body } = await get('/v1/companies/ADBE/guidance?metric=eps_diluted');
    expect(status).toBe(200);
    expect(
      body.data.map((g) => [g.basis, g.target_fiscal_period, g.target_fiscal_year, g.low, g.high, g.status]),
    ).toEqual([
      ['gaap', 'FY', 2023, 10.85, 11.15, 'raised'],
      ['non_gaap', 'FY', 2023, 15.3, 15.6, 'raised'],
      ['gaap', 'Q2', 2023, 2.65, 2.7, null],
      ['non_gaap', 'Q2', 2023, 3.75, 3.8, null],
    ]);
    const revenue = await get('/v1/companies/ADBE/guidance?metric=revenue');
    expect(revenue.body.data.map((g) => [g.target_fiscal_period, g.low, g.high, g.unit])).toEqual([
      ['Q2', 4_750_000_000, 4_780_000_000, 'currency'],
    ]);
    // Apple's 2024 release gives no guidance
    expect((await get('/v1/companies/AAPL/guidance?filed_at_gte=2024-01-01')).body.data).toEqual([]);
  });

  it('GET /guidance/changes: a first statement is initiated; the worded "raised" beside it is flagged', async () => {
    const { body } = await get('/v1/companies/ADBE/guidance/changes?metric=eps_diluted');
    expect(body.data[0]).toMatchObject({
      basis: 'gaap',
      target_fiscal_period: 'FY',
      previous: null,
      current: { low: 10.85, high: 11.15 },
      change: 'initiated',
      worded_status: 'raised',
      disagrees: true,
    });
  });

  it('Apple Q1 FY2011 through its detail page (the demo release): figures, units sold, point guidance', async () => {
    const e = await get('/v1/companies/AAPL/earnings?fiscal_year=2011');
    expect(e.body.data.map((r) => [r.fiscal_period, r.period_end, r.announced_at])).toEqual([
      ['Q1', '2010-12-25', '2011-01-18T21:30:27.000Z'],
    ]);
    const figures = e.body.data[0]!.figures as Record<string, unknown>[];
    // "Net sales $ 26,741" and "Diluted $ 6.43" (statement of operations, in millions except per share)
    expect(figures.find((f) => f.metric === 'revenue')).toMatchObject({
      value: 26_741_000_000,
      basis: 'gaap',
    });
    expect(figures.find((f) => f.metric === 'eps_diluted')).toMatchObject({ value: 6.43, basis: 'gaap' });
    // "Apple sold 4.13 million Macs during the quarter"
    const m = await get('/v1/companies/AAPL/measures?measure=units_sold&fiscal_year=2011');
    expect(m.body.data.map((r) => [r.name, r.value])).toEqual([['Macs sold', 4_130_000]]);
    // "Looking ahead to the second fiscal quarter of 2011, we expect revenue of about $22 billion and we
    // expect diluted earnings per share of about $4.90."
    const g = await get('/v1/companies/AAPL/guidance?target_fiscal_year=2011');
    expect(g.body.data.map((r) => [r.metric, r.target_fiscal_period, r.point, r.low, r.high])).toEqual([
      ['revenue', 'Q2', 22_000_000_000, null, null],
      ['eps_diluted', 'Q2', 4.9, null, null],
    ]);
    const c = await get('/v1/companies/AAPL/guidance/changes?metric=eps_diluted');
    expect(c.body.data.map((r) => [r.change, r.previous, r.worded_status])).toEqual([
      ['initiated', null, null],
    ]);
  });

  it('GET /measures: ARR is not its "net new" increment', async () => {
    const { body } = await get('/v1/companies/ADBE/measures?measure=arr');
    expect(body.data.map((m) => [m.name, m.value])).toEqual([['ARR', 13_670_000_000]]);
    const net = await get('/v1/companies/ADBE/measures?measure=net_new_arr');
    expect(net.body.data.map((m) => m.value)).toEqual([410_000_000]);
  });

  it('GET /measures: a KPI with its sentence', async () => {
    const { body } = await get('/v1/companies/ADBE/measures?measure=remaining_performance_obligations');
    expect(body.data[0]).toMatchObject({
      name: 'Remaining Performance Obligations',
      value: 15_210_000_000,
      unit: 'currency',
      evidence: { kind: 'sentence' },
    });
  });

  it('fiscal_period=H1 / H2 are accepted filters (h-earn33); a code outside the enum still answers the 400 body', async () => {
    // None of the loaded releases (Apple, Adobe: US quarters and years) reports a half year.
    for (const code of ['H1', 'H2']) {
      const r = await get(`/v1/companies/AAPL/earnings?fiscal_period=${code}`);
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual([]);
    }
    const bad = await get('/v1/companies/AAPL/earnings?fiscal_period=H3');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, error: { statusCode: 400 } });
    expect(String((bad.body.error as { message: string }).message)).toMatch(/fiscal_period/);
  });

  it('strict parameters, Fund plan, cursor pages', async () => {
    expect((await get('/v1/companies/AAPL/earnings?fiscal_period=Q5')).status).toBe(400);
    expect((await get('/v1/companies/AAPL/earnings?unknown=1')).status).toBe(400);
    expect((await get('/v1/companies/AAPL/earnings', freeKey)).status).toBe(402);
    const first = await get('/v1/companies/ADBE/guidance?limit=2');
    expect(first.body.data).toHaveLength(2);
    const cursor = first.body as { next_cursor?: string; pagination?: { next_cursor?: string } };
    const next = cursor.next_cursor ?? cursor.pagination?.next_cursor;
    expect(next).toBeTruthy();
    const second = await get(`/v1/companies/ADBE/guidance?limit=2&cursor=${encodeURIComponent(next!)}`);
    expect(second.body.data[0]).not.toEqual(first.body.data[0]);
  });
});

describe('screening: guidance_revenue_change, guidance_eps_change', () => {
  it('a first statement is no revision: none of the loaded EPS or revenue guidance has an earlier release', async () => {
    // Apple's Q2 FY2011 points and Adobe's FY2023 / Q2 FY2023 targets (two bases, two periods in one release)
    // each open their group: a predecessor from the same release would be a bug, and would show here
    for (const field of ['guidance_eps_change', 'guidance_revenue_change']) {
      const r = await api.get(`/v1/screen?filter=${field}:gte:-1000000&fields=${field}`, { key });
      expect(r.status, field).toBe(200);
      expect((await r.json()).data, field).toEqual([]);
    }
    const all = await database.query<{ n: number }>(
      `select count(*)::int as n from earnings_guidance where metric in ('eps_diluted', 'revenue')`,
    );
    expect(all[0]!.n).toBe(7);
  });
});

describe('events (docs/events.md): earnings.published and guidance.changed', () => {
  type Row = { id: string; type: string; ticker: string | null; data: Record<string, unknown> };
  const events = () =>
    database.query<Row>(
      `select id, type, ticker, data from events where type in ('earnings.published', 'guidance.changed') order by sequence`,
    );

  it('a release load emits its payloads, equal to the catalog examples built from these rows', async () => {
    const all = await events();
    const published = all.filter((e) => e.type === 'earnings.published');
    // one per release read (status ok): Apple 2024, Adobe 2023, Apple 2011
    expect(published.map((e) => e.data.accession_number).sort()).toEqual([
      '0000320193-24-000005',
      '0000796343-23-000044',
      '0001193125-11-009392',
    ]);
    const apple2011 = published.find((e) => e.data.accession_number === '0001193125-11-009392')!;
    expect(apple2011.data).toEqual(EVENT_TYPE_BY_NAME.get('earnings.published')!.example.data);
    expect(apple2011.id).toBe(EVENT_TYPE_BY_NAME.get('earnings.published')!.example.id);
    const changed = all.filter((e) => e.type === 'guidance.changed');
    const adobeFyEps = changed.find(
      (e) =>
        e.ticker === 'ADBE' &&
        e.data.metric === 'eps_diluted' &&
        e.data.basis === 'gaap' &&
        e.data.target_fiscal_period === 'FY',
    );
    expect(adobeFyEps?.data).toEqual(EVENT_TYPE_BY_NAME.get('guidance.changed')!.example.data);
    expect(adobeFyEps?.id).toBe(EVENT_TYPE_BY_NAME.get('guidance.changed')!.example.id);
    // Apple 2011: its two point statements, each a first statement (no earlier release loaded)
    expect(
      changed
        .filter((e) => e.data.accession_number === '0001193125-11-009392')
        .map((e) => [e.data.metric, (e.data.current as { point: number }).point, e.data.change]),
    ).toEqual([
      ['revenue', 22_000_000_000, 'initiated'],
      ['eps_diluted', 4.9, 'initiated'],
    ]);
    // every change row of the route but `maintained` is an event, and no other
    for (const t of ['AAPL', 'ADBE']) {
      const route = (await get(`/v1/companies/${t}/guidance/changes`)).body.data.filter(
        (c) => c.change !== 'maintained',
      );
      expect(changed.filter((e) => e.ticker === t)).toHaveLength(route.length);
    }
  });

  it('a re-run of the same releases emits nothing', async () => {
    const before = (await events()).length;
    const r = await backfill(env.services, env.runtime, 'earnings_releases', { cik: '320193', force: true });
    expect(r.failures).toEqual([]);
    expect((await events()).length).toBe(before);
  });
});
