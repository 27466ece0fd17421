import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filingItemsJob } from '../../jobs/edgar/filing-items.job.ts';
import { reparsePartition } from '../../jobs/pipeline.ts';
import { backfill } from '../../jobs/refresh.ts';
import type { DatasetJob } from '../../jobs/types.ts';
import type { Database } from '../../lib/db.ts';
import { EXHIBIT_TEXT_CAP, ITEMS_PARSER_VERSION } from '../../parsers/edgar/filing-items.ts';
import { createTestDatabase, indexFiling, itemTablesFingerprint } from '../helpers/db.ts';
import { createTestServices } from '../helpers/services.ts';

// Apple's real filings the mirror holds at their EDGAR paths (fixtures/upstream/ITEMS-FIXTURES.md); every
// other 10-K/10-Q/8-K of the demo universe is a 404 there.
const TEN_K_1994 = '0000320193-94-000016';
const TEN_Q_2000 = '0000912057-00-023442';
const EIGHT_K_1999 = '0000320193-99-000010';
const EIGHT_K_2000 = '0000912057-00-002128';
// Tesla's FY2019 10-K as captured TRIMMED (its 10-K body is a stub without item headings). The mirror keeps
// it under its corpus name, so the test indexes it the way submissions JSON would, naming that file as the
// primary document: the job then reaches it through the primary-document fallback.
const TSLA = '0001564590-20-004475';
const TSLA_DOC = 'TSLA_10-K_FY2019_0001564590-20-004475_SGML-minimal-TRIMMED.txt';
const APPLE_WINDOW = { cik: '320193', from: '1994-01-01', to: '2000-06-30' };

describe(`filing items end to end (${process.env.REDIS_URL ? 'BullMQ' : 'in-process'}, ${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let database: Database;
  let env: Awaited<ReturnType<typeof createTestServices>>;
  let firstRun: Awaited<ReturnType<typeof backfill>>;

  const doc = async (acc: string) =>
    (
      await database.query<Record<string, unknown>>(
        `select cik::int as cik, filing_type, form, report_date::text as report_date, filing_date::text as filing_date, year,
                quarter, status, document_url, exhibits, warnings, parser_version
           from filing_documents where accession_number = $1`,
        [acc],
      )
    )[0];
  const items = (acc: string) =>
    database.query<{ number: string; name: string; text: string; resolved_text: string | null }>(
      'select number, name, text, resolved_text from filing_items where accession_number = $1 order by ordinal',
      [acc],
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    env = await createTestServices(database);
    for (const d of ['companies', 'filings']) {
      const r = await backfill(env.services, env.runtime, d, { cik: '320193' });
      expect(r.failures).toEqual([]);
    }
    await indexFiling(database, {
      accession: TSLA,
      cik: 1318605,
      type: '10-K',
      reportDate: '2019-12-31',
      filingDate: '2020-02-13',
      primaryDocument: TSLA_DOC,
    });
    // SEC pacing (10 requests/s, the mirror included) makes Apple's whole index slow: a 1994-2000 window.
    firstRun = await backfill(env.services, env.runtime, 'filing_items', APPLE_WINDOW);
    const tsla = await backfill(env.services, env.runtime, 'filing_items', { cik: '1318605' });
    firstRun.reports.push(...tsla.reports);
    firstRun.failures.push(...tsla.failures);
  }, 60_000);

  afterAll(async () => {
    await env?.close();
    await database?.close();
  });

  it('runs one partition per Apple 10-K, 10-Q and 8-K in the index, newest first; 404s are not_found', async () => {
    expect(firstRun.failures).toEqual([]);
    const [{ n }] = (await database.query<{ n: number }>(
      `select count(distinct accession_number)::int as n from filings
        where (cik = 320193 and filing_date between '1994-01-01' and '2000-06-30' or cik = 1318605)
          and filing_type in ('10-K', '10-Q', '8-K', '10-K/A', '10-Q/A', '8-K/A')`,
    )) as [{ n: number }];
    expect(firstRun.reports.length).toBe(n);
    expect(n).toBe(45);
    const done = firstRun.reports.filter((r) => r.status === 'done').map((r) => r.partition);
    expect(done.sort()).toEqual(
      [TEN_K_1994, TEN_Q_2000, EIGHT_K_1999, EIGHT_K_2000, TSLA].map((a) => `acc:${a}`).sort(),
    );
    const keys = await filingItemsJob.partitions(env.services.deps().ctx, { cik: '320193' });
    expect(keys.length).toBeGreaterThan(300);
    expect(keys.at(-1)).toBe('acc:0000320193-94-000002'); // Apple's oldest indexed 10-Q (1994-01-26)
    const window = await filingItemsJob.partitions(env.services.deps().ctx, {
      cik: '320193',
      from: '1999-09-01',
      to: '2000-05-31',
    });
    expect(window).toContain(`acc:${EIGHT_K_2000}`);
    expect(window).toContain(`acc:${TEN_Q_2000}`);
    expect(window).not.toContain(`acc:${TEN_K_1994}`);
    const [nf] = await database.query<{ n: number }>(
      `select count(*)::int as n from dataset_partitions where dataset_id = 'filing_items' and status = 'not_found'`,
    );
    expect(nf!.n).toBe(n - 5);
  });

  it("splits Apple's 1994 10-K into its 14 items with the exhibit list from the submission", async () => {
    expect(await doc(TEN_K_1994)).toEqual({
      cik: 320193,
      filing_type: '10-K',
      form: '10-K',
      report_date: '1994-09-30',
      filing_date: '1994-12-13',
      year: 1994,
      quarter: 3,
      status: 'ok',
      document_url: `https://www.sec.gov/Archives/edgar/data/320193/000032019394000016/${TEN_K_1994}.txt`,
      exhibits: ['10', '11', '21', '27'].map((number) => ({
        number,
        description: number === '27' ? 'ART. 5 FDS FOR FY94 FORM 10-K' : null,
        url: `https://www.sec.gov/Archives/edgar/data/320193/000032019394000016/${TEN_K_1994}.txt`,
      })),
      warnings: [],
      parser_version: ITEMS_PARSER_VERSION,
    });
    const rows = await items(TEN_K_1994);
    expect(rows.map((r) => r.number)).toEqual([
      ...['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14'].map((n) => `Item-${n}`),
    ]);
    expect(rows[0]!.name).toBe('Business');
    expect(rows[0]!.text).toMatch(
      /^Item 1\. Business\nGeneral\nApple Computer, Inc\. \("Apple" or the "Company"\) was incorporated under/,
    );
    const ex21 = await database.query<{ text: string; truncated: boolean }>(
      `select text, truncated from filing_exhibits where accession_number = $1 and number = '21'`,
      [TEN_K_1994],
    );
    expect(ex21[0]!.text).toMatch(
      /^EXHIBIT 21\nSUBSIDIARIES OF APPLE COMPUTER, INC\*\nJurisdiction of Name Incorporation\nAc Real Properties, Inc\. Delaware/,
    );
    expect(ex21[0]!.truncated).toBe(false);
  });

  it('keys a 10-Q by the calendar quarter of its period and the part of each item', async () => {
    expect(await doc(TEN_Q_2000)).toMatchObject({
      filing_type: '10-Q',
      year: 2000,
      quarter: 2,
      status: 'ok',
    });
    const rows = await items(TEN_Q_2000);
    expect(rows.map((r) => r.number)).toEqual([
      'Part-I-Item-1',
      'Part-I-Item-2',
      'Part-I-Item-3',
      'Part-II-Item-1',
      'Part-II-Item-4',
      'Part-II-Item-6',
    ]);
    expect(rows[3]!.text).toMatch(/^ITEM 1\. LEGAL PROCEEDINGS\nThe Company is subject to various legal/);
    const ex = await database.query<{ number: string }>(
      'select number from filing_exhibits where accession_number = $1 order by number',
      [TEN_Q_2000],
    );
    expect(ex.map((e) => e.number)).toEqual(['10.A49', '10.A51', '27', '3.2']);
  });

  it('reads a pre-2004 8-K (Items 5 and 7) and its EX-99.1 press release text', async () => {
    expect(await doc(EIGHT_K_2000)).toMatchObject({
      filing_type: '8-K',
      report_date: '2000-01-19',
      year: 2000,
      quarter: 1,
    });
    const rows = await items(EIGHT_K_2000);
    expect(rows.map((r) => [r.number, r.name])).toEqual([
      ['Item-5', 'Other Events'],
      ['Item-7', 'Financial Statements, Pro Forma Financial Information and Exhibits'],
    ]);
    expect(rows[0]!.text).toMatch(/^Item 5\. OTHER EVENTS\.\n\(i\) Reference is made to the press release/);
    const [ex] = await database.query<{
      number: string;
      description: string;
      text: string;
      truncated: boolean;
    }>('select number, description, text, truncated from filing_exhibits where accession_number = $1', [
      EIGHT_K_2000,
    ]);
    expect(ex).toMatchObject({ number: '99.1', description: 'EXHIBIT 99.1', truncated: false });
    expect(ex!.text).toMatch(/^Apple Board of Directors Announces CEO Compensation\nCUPERTINO, California/);
    expect(ex!.text.length).toBeLessThan(EXHIBIT_TEXT_CAP);
  });

  it('stores an unsplittable filing as unparseable_document with no items (not a failure)', async () => {
    expect(await doc(TSLA)).toMatchObject({
      cik: 1318605,
      status: 'unparseable_document',
      year: 2019,
      quarter: 4,
      document_url: `https://www.sec.gov/Archives/edgar/data/1318605/000156459020004475/${TSLA_DOC}`,
      warnings: ['no 10-K item headings found'],
    });
    expect(await items(TSLA)).toEqual([]);
    const [p] = await database.query<{ status: string }>(
      `select status from dataset_partitions where dataset_id = 'filing_items' and partition_key = $1`,
      [`acc:${TSLA}`],
    );
    expect(p!.status).toBe('done');
  });

  it('leaves the tables identical on a forced re-run, and a re-parse replaces stale items', async () => {
    const before = await itemTablesFingerprint(database);
    const again = await backfill(env.services, env.runtime, 'filing_items', { ...APPLE_WINDOW, force: true });
    expect(again.failures).toEqual([]);
    expect(again.reports.reduce((n, r) => n + r.inserted + r.updated, 0)).toBe(0);
    expect(await itemTablesFingerprint(database)).toEqual(before);

    const resumed = await backfill(env.services, env.runtime, 'filing_items', APPLE_WINDOW);
    expect(resumed.reports).toEqual([]);

    await database.query(
      `insert into filing_items (accession_number, number, ordinal, name, text) values ($1, 'Item-9.01', 99, 'stale', 'stale')`,
      [EIGHT_K_2000],
    );
    const r = await reparsePartition(
      filingItemsJob as DatasetJob,
      `acc:${EIGHT_K_2000}`,
      env.services.deps(),
    );
    expect(r.updated).toBe(1);
    expect(await itemTablesFingerprint(database)).toEqual(before);
  });

  it('without the .txt, reads the filing detail page: primary document, exhibit list, bodies it can get', async () => {
    // Adobe's 8-K of 2023-03-15: the mirror holds its detail page and primary document (and its .txt, hidden
    // here by a 404 fault); the EX-99.1 body is not captured, so it is listed without text.
    const ADBE = '0000796343-23-000044';
    const folder = 'https://www.sec.gov/Archives/edgar/data/796343/000079634323000044/';
    await indexFiling(database, {
      accession: ADBE,
      cik: 796343,
      type: '8-K',
      reportDate: '2023-03-15',
      filingDate: '2023-03-15',
      primaryDocument: null,
    });
    env.services.mirror!.setFaults([
      { path: `/www.sec.gov/Archives/edgar/data/796343/000079634323000044/${ADBE}.txt`, status: 404 },
    ]);
    try {
      const r = await backfill(env.services, env.runtime, 'filing_items', { cik: '796343' });
      expect(r.failures).toEqual([]);
    } finally {
      env.services.mirror!.clearFaults();
    }
    expect(await doc(ADBE)).toMatchObject({
      cik: 796343,
      form: '8-K',
      status: 'ok',
      document_url: `${folder}adbe-20230315.htm`,
      exhibits: [{ number: '99.1', description: 'EX-99.1', url: `${folder}adbeex991q123.htm` }],
      warnings: expect.arrayContaining(['exhibit bodies not available: EX-99.1']),
    });
    const split = await items(ADBE);
    expect(split.map((i) => i.number)).toEqual(['Item-2.02', 'Item-9.01']);
    expect(split[0]!.text).toMatch(/^Item 2\.02\.? Results of Operations and Financial Condition/i);
    const [ex] = await database.query<{ text: string | null }>(
      'select text from filing_exhibits where accession_number = $1',
      [ADBE],
    );
    expect(ex).toEqual({ text: null });

    // A re-parse reads the archived documents back in fetch order (the detail page first): same rows.
    const before = await itemTablesFingerprint(database);
    const again = await reparsePartition(filingItemsJob as DatasetJob, `acc:${ADBE}`, env.services.deps());
    expect(again.status).toBe('done');
    expect(await itemTablesFingerprint(database)).toEqual(before);
  });
});
