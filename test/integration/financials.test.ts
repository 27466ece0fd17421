import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companiesJob } from '../../jobs/edgar/companies.job.ts';
import { runPartition } from '../../jobs/pipeline.ts';
import { backfill, statusSweep } from '../../jobs/refresh.ts';
import type { Database } from '../../lib/db.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { createTestServices } from '../helpers/services.ts';

/** Row count and an order-independent content hash of a table, provenance timestamps left out. */
async function fingerprint(database: Database, table: string, order: string) {
  const [r] = await database.query<{ n: number; h: string }>(
    `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by ${order}), '')) as h
       from (select * from ${table}) s, lateral (select row_to_json(s)::jsonb - 'fetched_at' as t) x`,
  );
  return r!;
}

const snapshot = async (database: Database) => ({
  financial_statements: await fingerprint(
    database,
    'financial_statements',
    'cik, statement, period, report_period, known_from',
  ),
  company_facts: await fingerprint(database, 'company_facts', 'cik'),
});

/** The version of one row that was the answer on `asOf` (the newest known_from <= asOf). */
async function valueAsOf(
  database: Database,
  where: { cik: number; statement: string; period: string; reportPeriod: string },
  field: string,
  asOf = '9999-12-31',
) {
  const [r] = await database.query<{ v: unknown; known_from: string; ticker: string | null }>(
    `select "values"->$5 as v, known_from::text as known_from, ticker from financial_statements
      where cik = $1 and statement = $2 and period = $3 and report_period = $4 and known_from <= $6
      order by known_from desc limit 1`,
    [where.cik, where.statement, where.period, where.reportPeriod, field, asOf],
  );
  return r;
}

const GOOGL = 1652044;

describe(`financials and company facts end to end (${process.env.REDIS_URL ? 'BullMQ' : 'in-process'}, ${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let database: Database;
  let env: Awaited<ReturnType<typeof createTestServices>>;
  let first: Awaited<ReturnType<typeof backfill>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    env = await createTestServices(database);
    // The ticker on statement rows comes from the registry: load SEC's ticker snapshot first.
    await runPartition(companiesJob, 'tickers', env.services.deps());
    first = await backfill(env.services, env.runtime, 'financials', {});
    const facts = await backfill(env.services, env.runtime, 'company_facts', {});
    expect(first.failures).toEqual([]);
    expect(facts.failures).toEqual([]);
  }, 60_000);

  afterAll(async () => {
    await env?.close();
    await database?.close();
  });

  it('loads every demo company the mirror has companyfacts for; the others are recorded not_found', async () => {
    const loaded = first.reports.filter((r) => r.status === 'done').map((r) => r.partition);
    expect(loaded.sort()).toEqual(['cik:0001046179', 'cik:0001652044', 'cik:0001835632']);
    const rows = await database.query<{ cik: number; ticker: string; n: number }>(
      `select cik::int as cik, ticker, count(*)::int as n from financial_statements group by 1, 2 order by 1`,
    );
    expect(rows.map((r) => [r.cik, r.ticker])).toEqual([
      [1046179, 'TSM'],
      [1652044, 'GOOGL'],
      [1835632, 'MRVL'],
    ]);
    const [nf] = await database.query<{ n: number }>(
      `select count(*)::int as n from dataset_partitions where dataset_id = 'financials' and status = 'not_found'`,
    );
    expect(nf!.n).toBe(7);
  });

  it('stores hand-checked figures: GOOGL FY2024 revenue and net income, from the FY2024 10-K', async () => {
    const key = { cik: GOOGL, statement: 'income', period: 'annual', reportPeriod: '2024-12-31' };
    const revenue = await valueAsOf(database, key, 'revenue');
    expect(revenue).toEqual({ v: 350_018_000_000, known_from: '2025-02-05', ticker: 'GOOGL' });
    expect((await valueAsOf(database, key, 'net_income'))!.v).toBe(100_118_000_000);
    const [head] = await database.query<Record<string, unknown>>(
      `select fiscal_period, currency, accounting_standard, accession_number, filing_url, calendar_date::text as calendar_date
         from financial_statements where cik = $1 and statement = 'income' and period = 'annual' and report_period = '2024-12-31'`,
      [GOOGL],
    );
    expect(head).toEqual({
      fiscal_period: 'FY',
      currency: 'USD',
      accounting_standard: 'us_gaap',
      accession_number: '0001652044-25-000014',
      filing_url: 'https://www.sec.gov/Archives/edgar/data/1652044/000165204425000014/',
      calendar_date: '2024-12-31',
    });
  });

  it('keeps the pre-split FY2021 EPS as the answer before the restating 10-K, and the restated one after', async () => {
    const key = { cik: GOOGL, statement: 'income', period: 'annual', reportPeriod: '2021-12-31' };
    expect(await valueAsOf(database, key, 'earnings_per_share_diluted', '2022-12-31')).toMatchObject({
      v: 112.2,
      known_from: '2022-02-02',
    });
    expect(await valueAsOf(database, key, 'earnings_per_share_diluted')).toMatchObject({
      v: 5.61,
      known_from: '2023-02-03',
    });
  });

  it('computes metrics versions from the statements (valuation null without market data)', async () => {
    const key = { cik: GOOGL, statement: 'metrics', period: 'annual', reportPeriod: '2024-12-31' };
    const m = await valueAsOf(database, key, 'gross_margin');
    expect(m!.known_from).toBe('2025-02-05');
    expect(m!.v as number).toBeCloseTo(0.582, 3);
    expect((await valueAsOf(database, key, 'price_to_earnings_ratio'))!.v).toBeNull();
    // metrics restate with their inputs: FY2021 EPS growth changes when the 2022 10-K restates EPS
    const eps = { ...key, reportPeriod: '2021-12-31' };
    expect((await valueAsOf(database, eps, 'earnings_per_share', '2022-12-31'))!.v).toBe(112.2);
    expect((await valueAsOf(database, eps, 'earnings_per_share'))!.v).toBe(5.61);
  });

  it('reports financial_metrics with the state of the job that builds it and its own row count', async () => {
    await statusSweep(env.services);
    const rows = await database.query<{
      id: string;
      history_status: string;
      pending: boolean;
      row_count: number;
    }>(
      `select id, history_status, pending, row_count from datasets where id in ('financials', 'financial_metrics') order by id`,
    );
    const [met, fin] = rows as [(typeof rows)[0], (typeof rows)[0]];
    const [{ n }] = (await database.query<{ n: number }>(
      `select count(*)::int as n from financial_statements where statement = 'metrics'`,
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
    expect(Number(met.row_count)).toBe(n);
    expect(met.history_status).toBe(fin.history_status);
    expect(met.history_status).toBe('complete');
    expect(met.pending).toBe(false);
  });

  it('serves 20-F filers annual only: TSM has no quarterly or ttm rows', async () => {
    const rows = await database.query<{ period: string; currency: string; standard: string }>(
      `select distinct period, currency, accounting_standard as standard from financial_statements where cik = 1046179`,
    );
    expect(rows).toEqual([{ period: 'annual', currency: 'TWD', standard: 'ifrs' }]);
  });

  it('loads company facts for the demo CIKs with submissions JSON', async () => {
    const [apple] = await database.query<{ facts: Record<string, unknown> }>(
      `select facts from company_facts where cik = '0000320193'`,
    );
    expect(apple!.facts).toMatchObject({
      ticker: 'AAPL',
      name: 'Apple Inc.',
      cik: '0000320193',
      sic_code: '3571',
      is_active: true,
      location: 'CUPERTINO, CA',
    });
  });

  it('leaves both tables identical when the backfills run again', async () => {
    const before = await snapshot(database);
    for (const d of ['financials', 'company_facts']) {
      const r = await backfill(env.services, env.runtime, d, { force: true });
      expect(r.failures).toEqual([]);
      expect(r.reports.reduce((n, x) => n + x.inserted + x.updated, 0)).toBe(0);
    }
    expect(await snapshot(database)).toEqual(before);
  }, 60_000);
});
