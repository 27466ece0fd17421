import { readFileSync, truncateSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backfillFeed,
  FEED_DATASETS,
  feedDays,
  feedDayUrl,
  ownershipIndexRows,
  partiesOf,
} from '../../jobs/edgar/feed-backfill.ts';
import { filingItemsJob } from '../../jobs/edgar/filing-items.job.ts';
import { reparsePartition } from '../../jobs/pipeline.ts';
import { backfill } from '../../jobs/refresh.ts';
import type { Database } from '../../lib/db.ts';
import { parseSubmissionHeader } from '../../parsers/edgar/filing-document.ts';
import { createTestDatabase, itemTablesFingerprint } from '../helpers/db.ts';
import { createTestServices } from '../helpers/services.ts';

// The Feed route end to end through the offline mirror: the day archives it serves at EDGAR's Feed addresses
// were packed from real dissemination `.nc` files (fixtures/edgar-feed/MANIFEST.tsv): 2025-01-08 holds Acorn
// Energy's 8-K (0001493152-25-001317) and a 2seventy bio Form 4 (0001562180-25-000280), 2025-01-22 Acorn Creek's
// 13F-HR (0001951757-25-000093). Every other day is a 404 there, as a holiday is on EDGAR.
const ACFN = '0001493152-25-001317';
const TSVT = '0001562180-25-000280';
const ACORN = '0001951757-25-000093';
// the universe: Acorn Energy (the 8-K's filer) and 2seventy bio (the Form 4's issuer)
const ENV = { SEC_CIKS: '880984,1860782' };

describe(`filings, items, Forms 3/4/5 and 13F from EDGAR's daily Feed archives (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let database: Database;
  let env: Awaited<ReturnType<typeof createTestServices>>;
  let run: Awaited<ReturnType<typeof backfillFeed>>;
  let damaged: Awaited<ReturnType<typeof backfillFeed>>;
  let afterDamage: Record<string, number>;
  const q = <T>(sql: string, params: unknown[] = []) => database.query<T>(sql, params);

  beforeAll(async () => {
    database = await createTestDatabase();
    env = await createTestServices(database, ENV);
    // 2025-01-22 arrives damaged first: the real client downloads the whole file, which is then cut to half,
    // as a damaged copy would arrive; the day must load nothing (checked below), and load whole on the rerun
    const http = env.services.http;
    const get = http.get.bind(http);
    http.get = async (url, opts) => {
      const doc = await get(url, opts);
      if (opts?.toFile) truncateSync(opts.toFile, Math.floor((doc.size ?? 0) / 2));
      return doc;
    };
    try {
      damaged = await backfillFeed(env.services, env.runtime, FEED_DATASETS, '2025-01-22');
    } finally {
      http.get = get;
    }
    afterDamage = (
      await q<Record<string, number>>(
        `select (select count(*)::int from filings) as filings, (select count(*)::int from thirteen_f_filings) as thirteen_f,
                (select count(*)::int from raw_documents) as raw,
                (select count(*)::int from dataset_partitions where partition_key like 'acc:%') as partitions`,
      )
    )[0]!;
    run = await backfillFeed(env.services, env.runtime, FEED_DATASETS, '2025-01-07..2025-01-08');
    const r2 = await backfillFeed(env.services, env.runtime, FEED_DATASETS, '2025-01-22');
    expect([...run.failures, ...r2.failures]).toEqual([]);
  }, 60_000);

  afterAll(async () => {
    await env?.close();
    await database?.close();
  });

  it('addresses and days: weekdays only, the quarter folder from the month', () => {
    expect(feedDays('2025-01-03..2025-01-07')).toEqual(['2025-01-03', '2025-01-06', '2025-01-07']);
    expect(feedDayUrl('2025-01-08')).toBe(
      'https://www.sec.gov/Archives/edgar/Feed/2025/QTR1/20250108.nc.tar.gz',
    );
    expect(feedDayUrl('2024-10-01')).toBe(
      'https://www.sec.gov/Archives/edgar/Feed/2024/QTR4/20241001.nc.tar.gz',
    );
    expect(() => feedDays('2025-02-30')).toThrow(/not a calendar date/);
    expect(() => feedDays('2025-01-08..2025-01-07')).toThrow(/from <= to/);
  });

  it('reads each day once: a day without an archive is not_found, the 8-K and the Form 4 day is done', () => {
    expect(run.days.map((d) => [d.day, d.status, d.submissions, d.used])).toEqual([
      ['2025-01-07', 'not_found', 0, 0],
      ['2025-01-08', 'done', 2, 2],
    ]);
  });

  it('writes the filing-index rows from the headers: the 8-K and the 13F-HR (a Form 4 is not an indexed type)', async () => {
    const rows = await q(
      `select accession_number, cik::int as cik, filing_type, form, company_name, report_date::text as report_date,
              filing_date::text as filing_date, items, source from filings order by accession_number`,
    );
    expect(rows).toEqual([
      {
        accession_number: ACFN,
        cik: 880984,
        filing_type: '8-K',
        form: '8-K',
        company_name: 'ACORN ENERGY, INC.',
        report_date: '2025-01-06',
        filing_date: '2025-01-08',
        items: '5.02,9.01',
        source: 'feed',
      },
      {
        accession_number: ACORN,
        cik: 1994827,
        filing_type: '13F-HR',
        form: '13F-HR',
        company_name: 'ACORN CREEK CAPITAL LLC',
        report_date: '2024-12-31',
        filing_date: '2025-01-22',
        items: null,
        source: 'feed',
      },
    ]);
  });

  it('splits the 8-K into its items through the items job, and archives the member for reparse', async () => {
    const items = await q<{ number: string }>(
      `select number from filing_items where accession_number = $1 order by ordinal`,
      [ACFN],
    );
    expect(items.map((i) => i.number)).toEqual(['Item-5.02', 'Item-9.01']);
    const [doc] = await q<{ status: string; document_url: string }>(
      `select status, document_url from filing_documents where accession_number = $1`,
      [ACFN],
    );
    expect(doc).toEqual({
      status: 'ok',
      document_url: `https://www.sec.gov/Archives/edgar/data/880984/000149315225001317/${ACFN}.nc`,
    });
    const raw = await q<{ dataset_id: string; partition_key: string; bytes: number }>(
      `select dataset_id, partition_key, bytes from raw_documents where url like '%.nc' order by dataset_id`,
    );
    expect(raw).toEqual([
      { dataset_id: 'filing_items', partition_key: `acc:${ACFN}`, bytes: 244_796 },
      { dataset_id: 'insider_trades', partition_key: `acc:${TSVT}`, bytes: 7_099 },
      { dataset_id: 'institutional_holdings', partition_key: `acc:${ACORN}`, bytes: 64_574 },
    ]);
  });

  it('`etl reparse` re-reads the archived member offline and gives the same rows', async () => {
    const before = await itemTablesFingerprint(database);
    const r = await reparsePartition(filingItemsJob, `acc:${ACFN}`, env.services.deps());
    expect(r).toMatchObject({ status: 'done', documents: 1 });
    expect(await itemTablesFingerprint(database)).toEqual(before);
  });

  it('loads the Form 4 of a universe issuer: the 106,150-share grant at 0.00', async () => {
    const [t] = await q<Record<string, unknown>>(
      `select transaction_type, transaction_shares::float as shares, transaction_price_per_share::float as price,
              shares_owned_after_transaction::float as after from insider_trades where accession_number = $1 order by ordinal limit 1`,
      [TSVT],
    );
    expect(t).toEqual({ transaction_type: 'A', shares: 106_150, price: 0, after: 253_329 });
  });

  it('indexes the Form 4 in ownership_index under its universe issuer, as submissions JSON lists it', async () => {
    // read from the member: <TYPE>4, <FILING-DATE>20250108, <PERIOD>20250106, issuer CIK 0001860782 (the
    // reporting owner 0002009134 is not in the universe), document 1 `primarydocument.xml`, schemaVersion X0508
    const rows = await q(
      `select accession_number, cik::int as cik, form, filing_date::text as filing_date, report_date::text as report_date,
              primary_document from ownership_index order by accession_number, cik`,
    );
    expect(rows).toEqual([
      {
        accession_number: TSVT,
        cik: 1_860_782,
        form: '4',
        filing_date: '2025-01-08',
        report_date: '2025-01-06',
        primary_document: 'xslF345X05/primarydocument.xml',
      },
    ]);
  });

  it("gives the per-filing route's ownership_index row for the same filing (Apple's Form 4 0000320193-22-000061)", async () => {
    // the per-filing route: the ownership_index job over Apple's submissions JSON (and its older page)
    const r = await backfill(env.services, env.runtime, 'ownership_index', { cik: '320193' });
    expect(r.failures).toEqual([]);
    const [viaSubmissions] = await q(
      `select accession_number, cik::int as cik, form, filing_date::text as filing_date, report_date::text as report_date, primary_document
         from ownership_index where accession_number = '0000320193-22-000061'`,
    );
    // the Feed route's rule on the same filing's submission (the mirror's `.txt`: the same header fields and
    // documents as the `.nc` member the Feed would carry), Apple alone in the universe
    const bytes = readFileSync(
      'fixtures/upstream/www.sec.gov/Archives/edgar/data/320193/000032019322000061/0000320193-22-000061.txt',
    );
    const header = parseSubmissionHeader(bytes.toString('latin1'));
    const [viaFeed] = ownershipIndexRows(
      header,
      '0000320193-22-000061',
      partiesOf(header),
      new Set(['0000320193']),
      bytes,
    );
    expect(viaSubmissions).toEqual({
      accession_number: viaFeed!.accessionNumber,
      cik: viaFeed!.cik,
      form: viaFeed!.form,
      filing_date: viaFeed!.filingDate,
      report_date: viaFeed!.reportDate,
      primary_document: viaFeed!.primaryDocument,
    });
    expect(viaFeed!.primaryDocument).toBe('xslF345X03/wf-form4_165187623819106.xml');
    await q(`delete from ownership_index where cik = 320193`);
  });

  it('loads the 13F-HR of a holder: 77 holdings, AbbVie 2,289 shares at $406,755 filed in dollars', async () => {
    const [f] = await q<{ n: number; unit: string }>(
      `select (select count(*)::int from thirteen_f_holdings where accession_number = $1) as n, value_unit as unit
         from thirteen_f_filings where accession_number = $1`,
      [ACORN],
    );
    expect(f).toEqual({ n: 77, unit: 'dollars' });
    const [abbv] = await q<{ value_usd: number; shares: number }>(
      `select value_usd::float as value_usd, shares::float as shares from thirteen_f_holdings where accession_number = $1 and cusip = '00287Y109'`,
      [ACORN],
    );
    expect(abbv).toEqual({ value_usd: 406_755, shares: 2_289 });
  });

  it('records each day per dataset, and a second run skips the days done without downloading them', async () => {
    const days = await q<{ dataset_id: string; partition_key: string; status: string }>(
      `select dataset_id, partition_key, status from dataset_partitions where partition_key like 'feed:%'
        and dataset_id = 'filing_items' order by partition_key`,
    );
    expect(days.map((d) => [d.partition_key, d.status])).toEqual([
      ['feed:20250107', 'not_found'],
      ['feed:20250108', 'done'],
      ['feed:20250122', 'done'],
    ]);
    const again = await backfillFeed(env.services, env.runtime, FEED_DATASETS, '2025-01-07..2025-01-08');
    expect(again.days.map((d) => d.status)).toEqual(['skipped', 'skipped']);
    expect(again.reports).toEqual([]);
  });

  it('an archive damaged on arrival failed its day as a whole: nothing of it was loaded, the rerun loaded it', () => {
    expect(damaged.days.map((d) => d.status)).toEqual(['failed']);
    expect(damaged.failures).toEqual([
      { partition: 'feed:20250122', message: expect.stringMatching(/corrupt or truncated gzip/) },
    ]);
    expect(afterDamage).toEqual({ filings: 0, thirteen_f: 0, raw: 0, partitions: 0 });
  });

  it('the same 8-K through the per-filing route gives identical filing_documents, items and exhibits rows', async () => {
    const viaFeed = await itemTablesFingerprint(database);
    expect(viaFeed.items.n).toBe(2);
    expect(viaFeed.exhibits.n).toBeGreaterThan(0);
    // The per-filing route on the same database, its items rows and partition removed first: the real items
    // job, fetching through the mirror. The filing's index row names the `.nc` the mirror holds in the
    // filing's folder as its primary document (the `.txt` and the detail page are 404s there), so the job
    // reaches the same submission by its primary-document fallback.
    await q(`delete from filing_exhibits where accession_number = $1`, [ACFN]);
    await q(`delete from filing_items where accession_number = $1`, [ACFN]);
    await q(`delete from filing_documents where accession_number = $1`, [ACFN]);
    await q(`delete from dataset_partitions where dataset_id = 'filing_items' and partition_key = $1`, [
      `acc:${ACFN}`,
    ]);
    await q(`update filings set primary_document = $2 where accession_number = $1`, [ACFN, `${ACFN}.nc`]);
    expect((await itemTablesFingerprint(database)).items.n).toBe(0);
    const r = await backfill(env.services, env.runtime, 'filing_items', { cik: '880984' });
    expect(r.failures).toEqual([]);
    expect(r.reports.map((x) => [x.partition, x.status])).toEqual([[`acc:${ACFN}`, 'done']]);
    expect(await itemTablesFingerprint(database)).toEqual(viaFeed);
  });
});
