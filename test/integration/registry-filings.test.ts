import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companiesJob } from '../../jobs/edgar/companies.job.ts';
import { runPartition } from '../../jobs/pipeline.ts';
import { backfill } from '../../jobs/refresh.ts';
import type { DatasetJob } from '../../jobs/types.ts';
import type { Database } from '../../lib/db.ts';
import { companyIdForCik } from '../../lib/ids.ts';
import { SUPPORTED_FILING_TYPES } from '../../parsers/edgar/form-types.ts';
import { createTestDatabase, tableFingerprint } from '../helpers/db.ts';
import { createTestServices } from '../helpers/services.ts';

// @test-slow 30 (its rough wall seconds alone: vitest.config.ts starts the slow files first)
/** Row count and an order-independent content hash of a table, provenance timestamps left out. */

const TABLES = {
  companies: 'company_id',
  company_identifiers: 'company_id, id_type, id_value',
  company_listings: 'company_id, symbol, exchange',
  company_events: 'company_id, event_type, event_date, detail',
  filings: 'accession_number, cik',
};

async function snapshot(database: Database) {
  const out: Record<string, { n: number; h: string }> = {};
  for (const [t, o] of Object.entries(TABLES)) out[t] = await tableFingerprint(database, t, o);
  return out;
}

describe(`registry and filing index end to end (${process.env.REDIS_URL ? 'BullMQ' : 'in-process'}, ${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let database: Database;
  let env: Awaited<ReturnType<typeof createTestServices>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    env = await createTestServices(database);
    for (const d of ['companies', 'filings']) {
      const r = await backfill(env.services, env.runtime, d, {});
      expect(r.failures).toEqual([]);
    }
  }, 120_000);

  afterAll(async () => {
    await env?.close();
    await database?.close();
  });

  it('loads one company per CIK in the ticker files, plus the demo CIKs that only have submissions', async () => {
    const ex = JSON.parse(
      readFileSync('fixtures/upstream/www.sec.gov/files/company_tickers_exchange.json', 'utf8'),
    );
    const plain = JSON.parse(
      readFileSync('fixtures/upstream/www.sec.gov/files/company_tickers.json', 'utf8'),
    );
    const ciks = new Set<number>([
      ...ex.data.map((r: [number]) => r[0]),
      ...Object.values(plain).map((v) => (v as { cik_str: number }).cik_str),
    ]);
    // Siemens, Buffett, AND-VEST and the special-characters entity have no ticker.
    for (const extra of [940418, 315090, 1800903, 350001]) expect(ciks.has(extra)).toBe(false);
    const [{ n }] = (await database.query<{ n: number }>('select count(*)::int as n from companies')) as [
      { n: number },
    ];
    expect(n).toBe(ciks.size + 4);
  });

  it('builds Apple from the ticker file and its submissions JSON', async () => {
    const [apple] = await database.query<Record<string, unknown>>(
      "select * from companies where cik = '0000320193'",
    );
    expect(apple).toMatchObject({
      company_id: companyIdForCik(320193),
      company_name: 'Apple Inc.',
      primary_ticker: 'AAPL',
      primary_exchange: 'NASDAQ',
      country: 'US',
      sic_code: '3571',
      fiscal_year_end: '0930',
      location: 'CUPERTINO, CA',
    });
    const events = await database.query<{ detail: string; event_date: unknown }>(
      `select detail, event_date::text as event_date from company_events where company_id = $1 order by event_date`,
      [companyIdForCik(320193)],
    );
    expect(events.map((e) => e.detail)).toContain('formerly APPLE COMPUTER INC');
    expect(events.find((e) => e.detail === 'formerly APPLE INC')?.event_date).toBe('2019-08-05');
  });

  it("serves a foreign filer's country from its submissions (Siemens: address countryCode 2M, Germany)", async () => {
    const [siemens] = await database.query<{ company_name: string; country: string | null }>(
      "select company_name, country from companies where cik = '0000940418'",
    );
    expect(siemens).toEqual({ company_name: 'SIEMENS AG', country: 'DE' });
  });

  it('keeps every FNMA ticker as an identifier of one company', async () => {
    const rows = await database.query<{ id_value: string }>(
      `select id_value from company_identifiers where company_id = $1 and id_type = 'TICKER' order by id_value`,
      [companyIdForCik(310522)],
    );
    expect(rows.length).toBe(16);
    expect(rows.map((r) => r.id_value)).toContain('FNMAS');
  });

  it('indexes Apple filings from submissions with report date, primary document and canonical type', async () => {
    const [f] = await database.query<Record<string, unknown>>(
      `select cik, filing_type, form, report_date::text as report_date, filing_date::text as filing_date, primary_document, url
         from filings where accession_number = '0000320193-22-000108'`,
    );
    expect(f).toEqual({
      cik: expect.anything(),
      filing_type: '10-K',
      form: '10-K',
      report_date: '2022-09-24',
      filing_date: '2022-10-28',
      primary_document: 'aapl-20220924.htm',
      url: 'https://www.sec.gov/Archives/edgar/data/320193/000032019322000108/',
    });
    expect(Number(f!.cik)).toBe(320193);
  });

  it('keeps only the filing types of spec 2.3 from the quarterly index', async () => {
    const forms = await database.query<{ filing_type: string }>(
      `select distinct filing_type from filings order by 1`,
    );
    const allowed: readonly string[] = SUPPORTED_FILING_TYPES;
    for (const f of forms) expect(allowed).toContain(f.filing_type);
    const [q] = await database.query<{ n: number }>(
      `select count(*)::int as n from filings where source = 'full-index'`,
    );
    expect(q!.n).toBeGreaterThan(0);
  });

  it('records coverage and partitions: 404s as not_found, history complete after the full window', async () => {
    const [ds] = await database.query<Record<string, unknown>>(`select * from datasets where id = 'filings'`);
    expect(ds).toMatchObject({ history_status: 'complete', pending: false, last_error: null });
    const [{ n }] = (await database.query<{ n: number }>('select count(*)::int as n from filings')) as [
      { n: number },
    ];
    expect(Number(ds!.row_count)).toBe(n);
    const [nf] = await database.query<{ n: number }>(
      `select count(*)::int as n from dataset_partitions where dataset_id = 'filings' and status = 'not_found' and partition_key = 'q:2010Q1'`,
    );
    expect(nf!.n).toBe(1);
  });

  it('leaves every table identical when the whole backfill runs again', async () => {
    const before = await snapshot(database);
    for (const d of ['companies', 'filings']) {
      const r = await backfill(env.services, env.runtime, d, { force: true });
      expect(r.failures).toEqual([]);
      expect(r.reports.reduce((n, x) => n + x.inserted + x.updated, 0)).toBe(0);
    }
    expect(await snapshot(database)).toEqual(before);
  }, 120_000);

  it('skips finished partitions on resume', async () => {
    const r = await backfill(env.services, env.runtime, 'filings', {});
    expect(r.reports).toEqual([]);
    expect(r.skipped).toBeGreaterThan(100);
  });

  it('rolls back a load that fails mid-transaction: no partial rows, coverage unchanged', async () => {
    await database.query(`delete from company_events where company_id = $1`, [companyIdForCik(320193)]);
    const before = await snapshot(database);
    const [coverageBefore] = await database.query(`select * from datasets where id = 'companies'`);
    const [partBefore] = await database.query(
      `select * from dataset_partitions where dataset_id = 'companies' and partition_key = 'cik:0000320193'`,
    );
    const broken: DatasetJob = {
      ...(companiesJob as DatasetJob),
      async load(tx, rows, key) {
        await companiesJob.load(tx, rows as never, key);
        throw new Error('disk full (simulated, after the rows were written)');
      },
    };
    await expect(runPartition(broken, 'cik:0000320193', env.services.deps())).rejects.toThrow('disk full');
    expect(await snapshot(database)).toEqual(before);
    const [coverageAfter] = await database.query(`select * from datasets where id = 'companies'`);
    expect(coverageAfter).toEqual(coverageBefore);
    const [partAfter] = await database.query<Record<string, unknown>>(
      `select * from dataset_partitions where dataset_id = 'companies' and partition_key = 'cik:0000320193'`,
    );
    expect(partAfter!.status).toBe((partBefore as Record<string, unknown>).status);
  });
});
