import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financialSegmentsJob } from '../../jobs/edgar/financial-segments.job.ts';
import { reparsePartition } from '../../jobs/pipeline.ts';
import { backfill } from '../../jobs/refresh.ts';
import type { Database } from '../../lib/db.ts';
import { accountWithKey, type RunningApi, startApi } from '../helpers/api.ts';
import { createTestDatabase, indexFiling } from '../helpers/db.ts';
import { createTestServices } from '../helpers/services.ts';

// Apple's 10-Q for the quarter ended 2025-03-29: the one filing of the demo universe whose XBRL instance the
// mirror holds at its EDGAR path (the inline primary document aapl-20250329.htm). The mirror's submissions
// snapshot ends on 2023-08-08 and no 2025 index file is captured, so no real upstream file indexes it: the
// test writes its filing-index row the way submissions JSON would, from the document itself (10-Q, period
// 2025-03-29, signed "Date: May 2, 2025", primary document aapl-20250329.htm). Everything after that (fetch
// through the mirror, parse, load, API) is the real path. The mirror has no index.json for any filing, so
// the job takes the inline primary-document fallback; every other Apple filing is a 404 there (not_found).
const ACC = '0000320193-25-000057';
const FOLDER = 'https://www.sec.gov/Archives/edgar/data/320193/000032019325000057/';

async function fingerprint(database: Database) {
  const [r] = await database.query<{ n: number; h: string }>(
    `select count(*)::int as n,
            md5(coalesce(string_agg(t::text, '|' order by cik, period, report_period, accession_number), '')) as h
       from (select * from financial_segments) s, lateral (select row_to_json(s)::jsonb - 'fetched_at' as t) x`,
  );
  return r!;
}
const sum = (xs: Array<{ value: number }>) => xs.reduce((a, b) => a + b.value, 0);

describe(`financial segments end to end (${process.env.REDIS_URL ? 'BullMQ' : 'in-process'}, ${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let database: Database;
  let env: Awaited<ReturnType<typeof createTestServices>>;
  let run: Awaited<ReturnType<typeof backfill>>;
  let api: RunningApi;
  let key: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    env = await createTestServices(database);
    for (const d of ['companies', 'filings']) {
      const r = await backfill(env.services, env.runtime, d, { cik: '320193' });
      expect(r.failures).toEqual([]);
    }
    await indexFiling(database, {
      accession: ACC,
      cik: 320193,
      type: '10-Q',
      reportDate: '2025-03-29',
      filingDate: '2025-05-02',
      primaryDocument: 'aapl-20250329.htm',
    });
    run = await backfill(env.services, env.runtime, 'financial_segments', { cik: '320193' });
    api = await startApi(database, { logLevel: 'warn' });
    ({ key } = await accountWithKey(database, 'free', 100));
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await env?.close();
    await database?.close();
  });

  it("runs one partition per Apple 10-K/10-Q since 2009; the mirror's 10-Q loads, the rest are not_found", async () => {
    expect(run.failures).toEqual([]);
    const [{ n }] = (await database.query<{ n: number }>(
      `select count(distinct accession_number)::int as n from filings
        where cik = 320193 and filing_date >= '2009-01-01' and filing_type in ('10-K', '10-K/A', '10-Q', '10-Q/A', '20-F')`,
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(40);
    expect(run.reports).toHaveLength(n);
    expect(run.reports.filter((r) => r.status === 'done').map((r) => r.partition)).toEqual([`acc:${ACC}`]);
    const keys = await financialSegmentsJob.partitions(env.services.deps().ctx, { cik: '320193' });
    expect(keys[0]).toBe(`acc:${ACC}`); // newest first
    expect(keys.at(-1)).toBe('acc:0001193125-09-009937'); // Apple's first 10-Q of 2009 (filed 2009-01-23)
    const reasons = await database.query<{ partition_key: string; error: string }>(
      `select partition_key, error from dataset_partitions
        where dataset_id = 'financial_segments' and partition_key in ('acc:0001193125-13-300670', 'acc:0000320193-23-000077')`,
    );
    expect(Object.fromEntries(reasons.map((r) => [r.partition_key, r.error]))).toEqual({
      // before inline XBRL: only an index.json could name the instance
      'acc:0001193125-13-300670':
        'https://www.sec.gov/Archives/edgar/data/320193/000119312513300670/index.json: no index.json, and no inline primary document to use',
      // inline era: the primary document itself is missing from the mirror
      'acc:0000320193-23-000077':
        'upstream has no document at https://www.sec.gov/Archives/edgar/data/320193/000032019323000077/aapl-20230701.htm',
    });
  });

  it('stores the quarter and its comparative as versions known from the filing date', async () => {
    const rows = await database.query<Record<string, unknown>>(
      `select cik::int as cik, ticker, period, report_period::text as report_period, fiscal_period, currency,
              accession_number, known_from::text as known_from, filing_url
         from financial_segments order by report_period desc`,
    );
    const head = {
      cik: 320193,
      ticker: 'AAPL',
      period: 'quarterly',
      fiscal_period: 'Q2',
      currency: 'USD',
      accession_number: ACC,
      known_from: '2025-05-02',
      filing_url: FOLDER,
    };
    expect(rows).toEqual([
      { ...head, report_period: '2025-03-29' },
      { ...head, report_period: '2024-03-30' },
    ]);
  });

  it('serves them on /v1/financials/segments, with as_of', async () => {
    interface Bucket {
      label: string;
      value: number;
    }
    interface Row {
      report_period: string;
      fiscal_period: string;
      accession_number: string;
      income_statement: Record<string, Record<string, Bucket[]>>;
    }
    const get = async (qs: string): Promise<Row[]> => {
      const r = await api.get(`/v1/financials/segments?ticker=AAPL&${qs}`, { key });
      expect(r.status, qs).toBe(200);
      return (await r.json()).segmented_financials;
    };
    const rows = await get('period=quarterly');
    expect(rows.map((r) => [r.report_period, r.fiscal_period, r.accession_number])).toEqual([
      ['2025-03-29', 'Q2', ACC],
      ['2024-03-30', 'Q2', ACC],
    ]);
    const revenue = rows[0]!.income_statement.revenue!;
    expect(revenue.segment![0]).toEqual({ label: 'Americas', value: 40_315_000_000 });
    expect(revenue.product_or_service!.map((b) => b.label)).toEqual([
      'iPhone',
      'Service',
      'Mac',
      'Wearables Home and Accessories',
      'iPad',
    ]);
    expect(sum(revenue.product_or_service!)).toBe(95_359_000_000);
    expect(rows[0]).toMatchObject({ filing_url: FOLDER, balance_sheet: {}, cash_flow_statement: {} });
    expect(await get('period=quarterly&as_of=2025-05-01')).toEqual([]);
    expect(await get('period=quarterly&as_of=2025-05-02')).toHaveLength(2);
    expect(await get('period=annual')).toEqual([]);
  });

  it('is idempotent: a forced re-run and a re-parse from the archive leave the table identical', async () => {
    const before = await fingerprint(database);
    expect(before.n).toBe(2);
    const again = await backfill(env.services, env.runtime, 'financial_segments', {
      cik: '320193',
      from: '2025-01-01',
      force: true,
    });
    expect(again.reports.map((r) => [r.partition, r.status, r.inserted, r.updated])).toEqual([
      [`acc:${ACC}`, 'done', 0, 0],
    ]);
    const r = await reparsePartition(financialSegmentsJob, `acc:${ACC}`, env.services.deps());
    expect([r.rowsParsed, r.inserted, r.updated]).toEqual([2, 0, 0]);
    expect(await fingerprint(database)).toEqual(before);
  });
});
