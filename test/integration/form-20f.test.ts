import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form20fJob } from '../../jobs/form-20f/form-20f.job.ts';
import { reparsePartition } from '../../jobs/pipeline.ts';
import { backfill } from '../../jobs/refresh.ts';
import type { DatasetJob } from '../../jobs/types.ts';
import type { Database } from '../../lib/db.ts';
import { accountWithKey, type RunningApi, startApi } from '../helpers/api.ts';
import { createTestDatabase, indexFiling } from '../helpers/db.ts';
import { createTestServices } from '../helpers/services.ts';

// Two real sources reach the 20-F tables through the mirror:
// - TSM's companyfacts (data.sec.gov, CIK 1046179): its 20-F accessions with their undimensioned IFRS facts.
// - Loncor Resources' FY2015 20-F (CIK 1472619), an HTML primary document without XBRL. No captured index
//   file lists it, so the test writes its filing-index row the way submissions JSON would, from the document
//   itself (Form 20-F, fiscal year ended 2015-12-31, signed "Date: March 30, 2016"); the mirror serves it
//   under its fixture name (the original file name is not known). Everything after that is the real path.
const LONCOR_ACC = '0001062993-16-008650';
const TSM_FY2024 = '0001193125-25-083423';

describe(`Form 20-F end to end (${process.env.REDIS_URL ? 'BullMQ' : 'in-process'}, ${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let database: Database;
  let env: Awaited<ReturnType<typeof createTestServices>>;
  let run: Awaited<ReturnType<typeof backfill>>;
  let api: RunningApi;
  let key: string;
  let freeKey: string;
  const get = (path: string, k = key) => api.get(path, { key: k });

  beforeAll(async () => {
    database = await createTestDatabase();
    env = await createTestServices(database);
    // the whole registry: TSM and Loncor come from the ticker files (their submissions are not captured)
    const companies = await backfill(env.services, env.runtime, 'companies', {});
    expect(companies.failures).toEqual([]);
    const apple = await backfill(env.services, env.runtime, 'filings', { cik: '320193' });
    expect(apple.failures).toEqual([]);
    await indexFiling(database, {
      accession: LONCOR_ACC,
      cik: 1472619,
      type: '20-F',
      reportDate: '2015-12-31',
      filingDate: '2016-03-30',
      primaryDocument: 'LONCOR_20-F_FY2015_0001062993-16-008650.html',
    });
    run = await backfill(env.services, env.runtime, 'form_20f', { cik: '1046179,1472619' });
    api = await startApi(database, { logLevel: 'warn' });
    ({ key } = await accountWithKey(database, 'professional', 1000));
    ({ key: freeKey } = await accountWithKey(database, 'free', 100));
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await env?.close();
    await database?.close();
  });

  it('runs the companyfacts partitions and the indexed 20-F; a company without companyfacts is not_found', async () => {
    expect(run.failures).toEqual([]);
    const status = Object.fromEntries(run.reports.map((r) => [r.partition, r.status]));
    expect(status).toEqual({
      'cik:0001046179': 'done',
      'cik:0001472619': 'not_found',
      [`acc:${LONCOR_ACC}`]: 'done',
    });
    const rows = await database.query<{ source: string; n: number }>(
      'select source, count(*)::int as n from form_20f_filings group by source order by source',
    );
    expect(rows).toEqual([
      { source: 'companyfacts', n: 8 },
      { source: 'filing', n: 1 },
    ]);
  });

  it('companyfacts partitions only for companies the index shows filing 20-Fs or does not know', async () => {
    const keys = await form20fJob.partitions(env.services.deps().ctx, { cik: '320193,1046179,1472619' });
    // Apple: hundreds of indexed filings, no 20-F -> skipped; TSM: unknown to the index; Loncor: a 20-F
    expect(keys).toEqual(['cik:0001046179', 'cik:0001472619', `acc:${LONCOR_ACC}`]);
  });

  it('profile: the newest 20-F, TWD and IFRS for TSM; the cover page for Loncor', async () => {
    const tsm = await get('/v1/companies/TSM/20f/profile');
    expect(tsm.status).toBe(200);
    const body = await tsm.json();
    expect(body.data).toMatchObject({
      cik: '0001046179',
      ticker: 'TSM',
      form: '20-F',
      accession: TSM_FY2024,
      filing_date: '2025-04-17',
      period_end: '2024-12-31',
      accounting_standard: 'ifrs',
      reporting_currency: 'TWD',
      shares_outstanding: [{ class: 'common shares', shares: '25932733242', as_of: '2024-12-31' }],
      source: 'companyfacts',
      filings_on_record: 8,
    });
    expect(body.coverage.available_from).toBe('2014-12-01');
    const loncor = (await (await get('/v1/companies/LONCF/20f/profile')).json()).data;
    expect(loncor).toMatchObject({
      accession: LONCOR_ACC,
      registrant_name: 'LONCOR RESOURCES INC.',
      incorporation: 'Ontario',
      incorporation_country: 'CA',
      accounting_standard: 'ifrs',
      auditor: 'BDO Canada LLP',
      source: 'filing',
      document_format: 'html',
    });
  });

  it('ownership: Item 7.A holders of the indexed 20-F', async () => {
    const r = await get(`/v1/companies/0001472619/20f/ownership?accession=${LONCOR_ACC.replace(/-/g, '')}`);
    expect(r.status).toBe(200);
    const { data, next_cursor } = await r.json();
    expect(next_cursor).toBeNull();
    expect(data.map((d: Record<string, unknown>) => [d.holder_name, d.shares, d.ownership_pct])).toEqual([
      ['Arnold T. Kondrat', '74300818', '49.1'],
      ['Newmont Canada FN Holdings ULC', '14550000', '9.61'],
    ]);
    expect(data[0]).toMatchObject({ id: `${LONCOR_ACC}-0`, cik: '0001472619', filing_date: '2016-03-30' });
  });

  it('xbrl-facts: raw facts by tag and period, paged with a cursor; no filter is a 400', async () => {
    const first = await (
      await get('/v1/companies/TSM/20f/xbrl-facts?tag=ifrs-full:Revenue&period_end=2024-12-31&limit=1')
    ).json();
    expect(first.data).toHaveLength(1);
    expect(first.next_cursor).not.toBeNull();
    const second = await (
      await get(
        `/v1/companies/TSM/20f/xbrl-facts?tag=ifrs-full:Revenue&period_end=2024-12-31&limit=1&cursor=${first.next_cursor}`,
      )
    ).json();
    const both = [...first.data, ...second.data];
    expect(both.map((f: Record<string, unknown>) => [f.unit, f.value]).sort()).toEqual([
      ['TWD', '2894307700000'],
      ['USD', '88268000000'], // the convenience translation filed beside the TWD figure,
    ]);
    expect(both[0]).toMatchObject({
      taxonomy: 'ifrs-full',
      accession: TSM_FY2024,
      decimals: null,
      source: 'companyfacts',
    });
    const bad = await get('/v1/companies/TSM/20f/xbrl-facts');
    expect(bad.status).toBe(400);
    const err = await bad.json();
    expect(err).toMatchObject({
      success: false,
      error: { statusCode: 400, message: 'At least one of tag, accession, period_end is required' },
    });
  });

  it('notes: the numbered notes of a 20-F without XBRL, filtered by title, text opt-in', async () => {
    const r = await get('/v1/companies/LONCF/20f/notes?title=segment');
    expect(r.status).toBe(200);
    const { data } = await r.json();
    expect(data).toEqual([
      {
        company_id: expect.stringMatching(/^cmp_/),
        id: `${LONCOR_ACC}-9`,
        cik: '0001472619',
        accession: LONCOR_ACC,
        filing_date: '2016-03-30',
        note_tag: null,
        note_title: '10. SEGMENTED REPORTING',
        text_chars: 660,
      },
    ]);
    const all = await (await get('/v1/companies/LONCF/20f/notes?include_text=true&limit=5')).json();
    expect(all.data.map((n: { note_title: string }) => n.note_title)[0]).toBe('1. CORPORATE INFORMATION');
    expect(all.data[0].text).toMatch(
      /^Loncor Resources Inc\. \(the "Company"\) is a corporation governed by the Ontario/,
    );
    const next = await (
      await get(`/v1/companies/LONCF/20f/notes?include_text=true&limit=5&cursor=${all.next_cursor}`)
    ).json();
    expect(next.data[0].note_title).toBe('6. RELATED PARTY TRANSACTIONS');
  });

  it('notes and segments: empty for TSM, whose 20-Fs are known only from companyfacts', async () => {
    for (const path of ['notes?include_text=true', 'segments?dimension=geographic']) {
      const r = await get(`/v1/companies/TSM/20f/${path}`);
      expect(r.status, path).toBe(200);
      expect((await r.json()).data, path).toEqual([]);
    }
  });

  it('errors: unknown company 404, Free plan 402, limit above 1000 and an unknown parameter 400', async () => {
    expect((await get('/v1/companies/NOSUCHCO/20f/profile')).status).toBe(404);
    expect((await get('/v1/companies/AAPL/20f/profile')).status).toBe(404);
    expect((await get('/v1/companies/TSM/20f/profile', freeKey)).status).toBe(402);
    expect((await get('/v1/companies/TSM/20f/ownership?limit=1001')).status).toBe(400);
    expect((await get('/v1/companies/TSM/20f/segments?year=1989')).status).toBe(400);
    expect((await get('/v1/companies/TSM/20f/notes?title=a')).status).toBe(400);
    expect((await get('/v1/companies/TSM/20f/notes?foo=1')).status).toBe(400);
  });

  it('re-parse from the raw archive gives the same rows', async () => {
    const count = async () =>
      (
        await database.query<{ n: number }>(
          'select (select count(*) from form_20f_facts) + (select count(*) from form_20f_ownership) as n',
        )
      )[0]!.n;
    const before = Number(await count());
    for (const k of [`acc:${LONCOR_ACC}`, 'cik:0001046179']) {
      const report = await reparsePartition(form20fJob as DatasetJob, k, env.services.deps());
      expect(report.status, k).toBe('done');
    }
    expect(Number(await count())).toBe(before);
  });
});
