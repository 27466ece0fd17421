import { createHash } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { companiesJob } from '../../jobs/edgar/companies.job.ts';
import { financialsJob } from '../../jobs/edgar/financials.job.ts';
import { backfillFinancialsBulk } from '../../jobs/edgar/financials-bulk.ts';
import { type Mirror, startMirror } from '../../jobs/http/mirror.ts';
import { reparsePartition, runPartition } from '../../jobs/pipeline.ts';
import { backfill, statusSweep } from '../../jobs/refresh.ts';
import type { RunProgress } from '../../jobs/runtime/types.ts';
import type { Database } from '../../lib/db.ts';
import { createTestDatabase, tableFingerprint } from '../helpers/db.ts';
import { createTestServices } from '../helpers/services.ts';

// @test-slow 20 (its rough wall seconds alone: vitest.config.ts starts the slow files first)
const snapshot = async (database: Database) => ({
  financial_statements: await tableFingerprint(
    database,
    'financial_statements',
    'cik, statement, period, report_period, known_from',
  ),
  company_facts: await tableFingerprint(database, 'company_facts', 'cik'),
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
const FACTS = 'fixtures/upstream/data.sec.gov/api/xbrl/companyfacts';

/** financial_statements of some CIKs, fetched_at left out (it is when each path fetched its document). */
const statementsOf = (database: Database, ciks: number[]) =>
  database.query<{ n: number; h: string }>(
    `select count(*)::int as n, md5(string_agg(t::text, '|' order by cik, statement, period, report_period, known_from)) as h
       from (select * from financial_statements where cik = any($1::bigint[])) s,
            lateral (select row_to_json(s)::jsonb - 'fetched_at' as t) x`,
    [ciks],
  );

/** companyfacts.zip as SEC names its entries, packaged at test time from the real companyfacts fixtures. */
async function companyFactsZip(file: string) {
  const zip = new yazl.ZipFile();
  zip.addFile(`${FACTS}/CIK0001652044.json`, 'CIK0001652044.json');
  zip.addFile(`${FACTS}/CIK0001835632.json`, 'CIK0001835632.json');
  zip.addFile(`${FACTS}/CIK0001046179.json`, 'CIK0001046179.json');
  // LPA's fixture is a re-serialized copy (cik as a padded string); the mirror has no per-CIK copy of it
  zip.addFile(`${FACTS}/CIK0001997711_RESERIALIZED.json`, 'CIK0001997711.json');
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(file));
}

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

  it('stores the row warnings: TSM FY2017 stops balancing when the FY2020 20-F re-tags its equity', async () => {
    const rows = await database.query<{ known_from: string; warnings: string[]; v: number }>(
      `select known_from::text as known_from, warnings, ("values"->>'total_assets')::bigint as v
         from financial_statements where cik = 1046179 and statement = 'balance' and period = 'annual'
          and report_period = '2017-12-31' order by known_from`,
    );
    expect(rows.map((r) => [r.known_from, Number(r.v), r.warnings.length])).toEqual([
      ['2018-04-19', 1_991_732_000_000, 0],
      ['2021-04-16', 1_991_732_000_000, 1],
    ]);
    expect(rows[1]!.warnings[0]).toContain('diff -1245800000');
  });

  describe('--bulk: the same rows from companyfacts.zip (one download through the HTTP client)', () => {
    let root: string;
    let zipMirror: Mirror;
    let bulkDb: Database;
    let tickers: Awaited<ReturnType<typeof createTestServices>>;
    let bulkEnv: Awaited<ReturnType<typeof createTestServices>>;
    let run: Awaited<ReturnType<typeof backfillFinancialsBulk>>;
    const progress: RunProgress[] = [];

    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'findata-zip-'));
      const dir = join(root, 'www.sec.gov/Archives/edgar/daily-index/xbrl');
      mkdirSync(dir, { recursive: true });
      await companyFactsZip(join(dir, 'companyfacts.zip'));
      zipMirror = await startMirror({ root });
      bulkDb = await createTestDatabase();
      tickers = await createTestServices(bulkDb);
      await runPartition(companiesJob, 'tickers', tickers.services.deps());
      // a mirror that serves nothing but the zip: the bulk path makes no per-company request
      bulkEnv = await createTestServices(bulkDb, { MIRROR_URL: zipMirror.url });
      run = await backfillFinancialsBulk(bulkEnv.services, {}, (p) => progress.push({ ...p }));
    }, 60_000);

    afterAll(async () => {
      await bulkEnv?.close();
      await tickers?.close();
      await bulkDb?.close();
      await zipMirror?.close();
      if (root) rmSync(root, { recursive: true, force: true });
    });

    it('loads exactly the rows the per-company path loads, with one request', async () => {
      expect(run.failures).toEqual([]);
      const both = [1046179, 1652044, 1835632];
      const perCompany = await statementsOf(database, both);
      expect(perCompany[0]!.n).toBeGreaterThan(900);
      expect(await statementsOf(bulkDb, both)).toEqual(perCompany);
      expect(zipMirror.requests.map((r) => r.path)).toEqual([
        '/www.sec.gov/Archives/edgar/daily-index/xbrl/companyfacts.zip',
      ]);
      expect(progress.at(-1)).toMatchObject({ done: 4, total: 4, failed: 0 });
    });

    it('records the same partitions (LPA, only in the zip, loads too; the rest is not_found)', async () => {
      const parts = await bulkDb.query<{ partition_key: string; status: string }>(
        `select partition_key, status from dataset_partitions where dataset_id = 'financials' order by 1`,
      );
      const done = parts.filter((p) => p.status === 'done').map((p) => p.partition_key);
      expect(done).toEqual(['cik:0001046179', 'cik:0001652044', 'cik:0001835632', 'cik:0001997711']);
      expect(parts.filter((p) => p.status === 'not_found').length).toBe(6);
      const [lpa] = await bulkDb.query<{ n: number }>(
        `select count(*)::int as n from financial_statements where cik = 1997711 and statement = 'income' and period = 'annual'`,
      );
      expect(lpa!.n).toBeGreaterThan(0);
    });

    it('archives each entry with its exact bytes, so reparse works offline', async () => {
      const [doc] = await bulkDb.query<{ url: string; sha256: string }>(
        `select url, sha256 from raw_documents where dataset_id = 'financials' and partition_key = 'cik:0001652044'`,
      );
      const sha = createHash('sha256')
        .update(readFileSync(`${FACTS}/CIK0001652044.json`))
        .digest('hex');
      expect(doc).toEqual({
        url: 'https://www.sec.gov/Archives/edgar/daily-index/xbrl/companyfacts.zip#CIK0001652044.json',
        sha256: sha,
      });
      const r = await reparsePartition(financialsJob, 'cik:0001652044', bulkEnv.services.deps());
      expect([r.status, r.inserted, r.updated]).toEqual(['done', 0, 0]);
    });

    it('--bulk-file: the same zip read from disk writes nothing new', async () => {
      const before = await statementsOf(bulkDb, [1046179, 1652044, 1835632, 1997711]);
      const file = join(root, 'www.sec.gov/Archives/edgar/daily-index/xbrl/companyfacts.zip');
      const again = await backfillFinancialsBulk(bulkEnv.services, { bulkFile: file });
      expect(again.failures).toEqual([]);
      expect(again.reports.reduce((n, x) => n + x.inserted + x.updated, 0)).toBe(0);
      expect(await statementsOf(bulkDb, [1046179, 1652044, 1835632, 1997711])).toEqual(before);
      expect(zipMirror.requests.length).toBe(1);
    });

    it('retries a download cut off mid-body, then loads the complete file', async () => {
      const path = '/www.sec.gov/Archives/edgar/daily-index/xbrl/companyfacts.zip';
      zipMirror.setFaults([{ path, truncate: 100_000, times: 1 }]);
      const again = await backfillFinancialsBulk(bulkEnv.services, {});
      expect(zipMirror.requests.map((r) => r.path)).toEqual([path, path, path]);
      expect(again.failures).toEqual([]);
      expect(again.reports.filter((r) => r.status === 'done').length).toBe(4);
      expect(again.reports.reduce((n, x) => n + x.inserted + x.updated, 0)).toBe(0);
    });

    it('quarantines an entry that does not parse and loads the others of its batch', async () => {
      // real bytes in a wrong place: SEC's S3 NoSuchKey page packaged as Apple's (a demo CIK) entry
      const file = join(root, 'broken.zip');
      const zip = new yazl.ZipFile();
      zip.addFile('fixtures/upstream/_errors/s3-nosuchkey.xml', 'CIK0000320193.json');
      zip.addFile(`${FACTS}/CIK0001046179.json`, 'CIK0001046179.json');
      zip.end();
      await pipeline(zip.outputStream, createWriteStream(file));
      const r = await backfillFinancialsBulk(bulkEnv.services, { bulkFile: file, cik: '320193,1046179' });
      expect(r.failures).toEqual([
        {
          partition: 'cik:0000320193',
          message: expect.stringContaining('companyfacts body is XML'),
        },
      ]);
      expect(r.reports.map((x) => [x.partition, x.status])).toEqual([['cik:0001046179', 'done']]);
      const [q] = await bulkDb.query<{ url: string; status: string }>(
        `select q.url, p.status from quarantine q join dataset_partitions p
            on p.dataset_id = q.dataset_id and p.partition_key = q.partition_key
          where q.partition_key = 'cik:0000320193'`,
      );
      expect(q).toEqual({
        url: 'https://www.sec.gov/Archives/edgar/daily-index/xbrl/companyfacts.zip#CIK0000320193.json',
        status: 'failed',
      });
    });

    it('loads the share counts of each entry too, so market caps and valuation metrics follow', async () => {
      // TSMC's 20-F cover for 2024 (filed 2025-04-17): 25,932,733,242 shares as of 2024-12-31
      expect(
        await bulkDb.query(
          `select so.shares::float8 as shares, so.filed::text as filed, p.status
             from shares_outstanding so
             join dataset_partitions p on p.dataset_id = 'shares_outstanding' and p.partition_key = 'cik:' || so.cik
            where so.cik = '0001046179' and so.end_date = '2024-12-31'`,
        ),
      ).toEqual([{ shares: 25932733242, filed: '2025-04-17', status: 'done' }]);
      // 2330.TW's traded closes: 1,080 TWD on Monday 2024-12-23 and 1,090 on Friday 2024-12-27. The captured
      // yfinance download has them dividend-adjusted only (1070.4475, 1080.3589), with the factor of every row
      // between the 2024-12-12 and 2025-03-18 ex-dates: 2024-12-31 is 1065.4917 there against its 1,075 TWD
      // traded close (market-data.test.ts). Written straight to the table, so that only the bulk load
      // derives anything from them.
      const bar = (date: string, close: number) =>
        bulkDb.query(
          `insert into price_bars (symbol, date, company_id, market, currency, close, source, fetched_at)
           select '2330.TW', $1, company_id, 'TW', 'TWD', $2, 'test: TWSE close', now() from companies where cik = '0001046179'`,
          [date, close],
        );
      const file = join(root, 'www.sec.gov/Archives/edgar/daily-index/xbrl/companyfacts.zip');
      const bulkMetrics = async () => {
        const r = await backfillFinancialsBulk(bulkEnv.services, { bulkFile: file, cik: '1046179' });
        expect(r.failures).toEqual([]);
        const [m] = await bulkDb.query<{ pb: number | null; equity: number }>(
          `select (m."values"->>'price_to_book_ratio')::float8 as pb, (b."values"->>'shareholders_equity')::float8 as equity
             from financial_statements m join financial_statements b
               on b.cik = m.cik and b.statement = 'balance' and b.period = m.period and b.report_period = m.report_period and b.known_from = m.known_from
            where m.cik = 1046179 and m.statement = 'metrics' and m.period = 'annual' and m.report_period = '2024-12-31'
            order by m.known_from desc limit 1`,
        );
        return m!;
      };
      // the period ends on Tuesday 2024-12-31: a close 8 days before is too old (MAX_GAP_DAYS = 7)
      await bar('2024-12-23', 1080);
      expect((await bulkMetrics()).pb).toBeNull();
      // the nearest earlier close within 7 days (4 days before) values it: 1,090 x 25,932,070,992 (the 2023
      // 20-F's count, the newest filed by 2024-12-27)
      await bar('2024-12-27', 1090);
      const m = await bulkMetrics();
      expect(m.pb).toBeCloseTo((1090 * 25_932_070_992) / m.equity, 10);
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
