import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filingsJob } from '../../jobs/edgar/filings.job.ts';
import { form20fJob } from '../../jobs/form-20f/form-20f.job.ts';
import { reparsePartition, runPartition } from '../../jobs/pipeline.ts';
import { backfill } from '../../jobs/refresh.ts';
import type { DatasetJob } from '../../jobs/types.ts';
import type { Database } from '../../lib/db.ts';
import { accountWithKey, type RunningApi, startApi } from '../helpers/api.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { createTestServices } from '../helpers/services.ts';

// Real sources reach the 20-F tables through the mirror:
// - TSM's companyfacts (data.sec.gov, CIK 1046179): its 20-F accessions with their undimensioned IFRS facts.
// - Loncor Resources' FY2015 20-F (CIK 1472619), an HTML primary document without XBRL. No captured index
//   file lists it: the demo list (jobs/form-20f/demo-filings.ts) adds its partition against the offline
//   mirror, with the date the document is signed ("Date: March 30, 2016"); the mirror serves it under its
//   fixture name (the original file name is not known). Everything after that is the real path.
// - The daily index of 2020-03-18 (form.20200318.idx), which lists Brookfield Renewable's 20-F/A
//   0001193125-20-077221: discovered as a 20-F/A partition; its documents are not in the mirror.
const LONCOR_ACC = '0001062993-16-008650';
const TSM_FY2024 = '0001193125-25-083423';
const BEP_20FA = '0001193125-20-077221';

describe(`Form 20-F end to end (${process.env.REDIS_URL ? 'BullMQ' : 'in-process'}, ${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let database: Database;
  let env: Awaited<ReturnType<typeof createTestServices>>;
  let run: Awaited<ReturnType<typeof backfill>>;
  let loncor: Awaited<ReturnType<typeof runPartition>>;
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
    const day = await runPartition(filingsJob, 'd:20200318', env.services.deps());
    expect(day.status).toBe('done');
    run = await backfill(env.services, env.runtime, 'form_20f', { cik: '1046179,1472619' });
    loncor = await runPartition(form20fJob, `acc:${LONCOR_ACC}`, env.services.deps());
    api = await startApi(database, { logLevel: 'warn' });
    ({ key } = await accountWithKey(database, 'professional', 1000));
    ({ key: freeKey } = await accountWithKey(database, 'free', 100));
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await env?.close();
    await database?.close();
  });

  it('runs the companyfacts partitions and the demo 20-F; a company without companyfacts is not_found', async () => {
    expect(run.failures).toEqual([]);
    const status = Object.fromEntries(run.reports.map((r) => [r.partition, r.status]));
    expect(status).toEqual({
      'cik:0001046179': 'done',
      'cik:0001472619': 'not_found',
    });
    expect(loncor.status).toBe('done');
    const rows = await database.query<{ source: string; form: string; n: number }>(
      'select source, form, count(*)::int as n from form_20f_filings group by source, form order by source, form',
    );
    expect(rows).toEqual([
      { source: 'companyfacts', form: '20-F', n: 8 },
      { source: 'filing', form: '20-F', n: 1 },
    ]);
  });

  it('lists the demo 20-F only against the mirror with the demo universe, not for a named company', async () => {
    const ctx = env.services.deps().ctx;
    expect(await form20fJob.partitions(ctx, {})).toContain(`acc:${LONCOR_ACC}`);
    expect(await form20fJob.partitions(ctx, { cik: '1472619' })).toEqual(['cik:0001472619']);
    const live = { ...ctx, config: { ...ctx.config, SEC_CIKS: '1472619' } };
    expect(await form20fJob.partitions(live, {})).toEqual(['cik:0001472619']);
  });

  it('companyfacts partitions only for companies the index shows filing 20-Fs or 20-F/As, or does not know', async () => {
    const keys = await form20fJob.partitions(env.services.deps().ctx, { cik: '320193,1046179,1533232' });
    // Apple: hundreds of indexed filings, no 20-F -> skipped; TSM: unknown to the index; Brookfield
    // Renewable: the daily index lists its 20-F/A, which is discovered as a filing partition too
    expect(keys).toEqual(['cik:0001046179', 'cik:0001533232', `acc:${BEP_20FA}`]);
  });

  it('20-F/A: indexed from a real daily index as filing_type and form 20-F/A, not served by /v1/filings', async () => {
    const [row] = await database.query<Record<string, unknown>>(
      `select cik::int as cik, filing_type, form, filing_date::text as filing_date from filings where accession_number = $1`,
      [BEP_20FA],
    );
    expect(row).toEqual({ cik: 1533232, filing_type: '20-F/A', form: '20-F/A', filing_date: '2020-03-18' });
    const listed = await get('/v1/filings?ticker=BEP&limit=50');
    expect(listed.status).toBe(200);
    expect((await listed.json()).filings).toEqual([]); // its only indexed filing is outside spec 2.3's types
    const types = await (await get('/v1/filings/types')).json();
    expect(types.filing_types).not.toContain('20-F/A');
    const ciks = (await (await get('/v1/filings/ciks')).json()).ciks;
    expect(ciks).toContain('0000320193');
    expect(ciks).not.toContain('0001533232');
    expect((await (await get('/v1/filings/tickers')).json()).tickers).not.toContain('BEP');
    const report = await runPartition(form20fJob, `acc:${BEP_20FA}`, env.services.deps());
    expect(report.status).toBe('not_found'); // the mirror holds no document of that filing
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
    expect(body.data.amendments).toEqual([]);
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

  it('ownership: Item 7.A holders of the demo 20-F', async () => {
    const r = await get(`/v1/companies/0001472619/20f/ownership?accession=${LONCOR_ACC.replace(/-/g, '')}`);
    expect(r.status).toBe(200);
    const { data, next_cursor } = await r.json();
    expect(next_cursor).toBeNull();
    expect(data.map((d: Record<string, unknown>) => [d.holder_name, d.shares, d.ownership_pct])).toEqual([
      ['Arnold T. Kondrat', '74300818', '49.1'],
      ['Newmont Canada FN Holdings ULC', '14550000', '9.61'],
    ]);
    expect(data[0]).toMatchObject({
      id: `${LONCOR_ACC}-0`,
      cik: '0001472619',
      form: '20-F',
      filing_date: '2016-03-30',
    });
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
        form: '20-F',
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
