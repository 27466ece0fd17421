import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PARSERS } from '../../cli/commands/parse.ts';
import { CHILD_TEST_TIMEOUT_MS, ChildDeadline, execBound, execTimedOut } from '../helpers/child-wait.ts';
import { seedEmbeddedDataDir } from '../helpers/db.ts';

// @test-slow 30 (its rough wall seconds alone: vitest.config.ts starts the slow files first)
// @test-scope embedded-only: `etl parse` reads files and opens no database, and `etl import 13f-list` runs on a
// new embedded database (DATABASE_URL removed): neither depends on the pass's backend.

// The operator views of issue 9: `etl parse 13f|form4|def14a <file>` print the rows as the routes serve them.
// Asynchronous on purpose: a synchronous child process blocks the test worker's event loop, and vitest's own
// calls to the worker time out ("Timeout calling onTaskUpdate") when the machine is slow.
// Each spawn waits on the child's exit, bounded by the shared slow-host bound (test/helpers/child-wait.ts) below
// the test's own timeout: a bound hit fails saying which command was awaited, with its stderr tail.
const run = promisify(execFile);
const bounded = <T>(what: string, p: Promise<T>) =>
  p.catch((e) => {
    throw execTimedOut(`${what} (awaited: its exit)`, e) ?? e;
  });
const etl = async (...args: string[]) =>
  JSON.parse(
    (
      await bounded(
        `etl parse ${args.join(' ')}`,
        run(process.execPath, ['bin/etl.js', 'parse', ...args], {
          encoding: 'utf8',
          env: { ...process.env, LOG_LEVEL: 'silent' },
          maxBuffer: 32 * 1024 * 1024,
          ...execBound(new ChildDeadline()),
        }),
      )
    ).stdout,
  );
// What `etl parse <parser> <file>` prints, computed in this process: the command's own parser table
// (`PARSERS`), the same context, and the same JSON round trip. The tests about a parser's output use it; the
// `etl parse` wiring (argument and option parsing, stdout, the exit code and message of a ParseError) keeps
// true spawns: 13f and the plain-text Form 4 below. Each spawn cost 2.5-3 s of CPU to start the CLI.
const parseHere = async (parser: string, file: string, opts: { url?: string } = {}) =>
  JSON.parse(
    JSON.stringify(
      await PARSERS[parser]!.run(readFileSync(file), opts, {
        url: opts.url ?? `file://${file}`,
        fetchedAt: new Date().toISOString(),
      }),
    ),
  );

describe('etl parse (ownership)', () => {
  it(
    '13f: filer, period, unit with its evidence, holdings with ticker null offline',
    async () => {
      const out = await etl(
        '13f',
        'fixtures/ownership/ACTIAM_13F-HR_2020Q4_0001619124-21-000002_fulltext.txt',
      );
      expect(out).toMatchObject({
        filer_cik: '0001619124',
        filer_name: 'ACTIAM N.V.',
        report_period: '2020-12-31',
        filing_date: '2021-02-12',
        accession_number: '0001619124-21-000002',
        value_unit: 'thousands',
        warnings: [],
      });
      expect(out.unit_evidence.method).toBe('filing_date_rule');
      expect(out.institutional_holdings[0]).toMatchObject({
        ticker: null,
        cusip: '037833100',
        value_usd: 230054000,
      });
    },
    CHILD_TEST_TIMEOUT_MS,
  );

  it('form4: issuer, ticker, filing date, trades and holdings', async () => {
    const out = await parseHere(
      'form4',
      'fixtures/ownership/TSVT_4_2025-01-06_0001562180-25-000280_dissemination.nc',
    );
    expect(out).toMatchObject({
      issuer_cik: '0001860782',
      ticker: 'TSVT',
      filing_date: '2025-01-08',
      accession_number: '0001562180-25-000280',
      holdings: [],
    });
    expect(Object.keys(out.insider_trades[0])).toEqual([
      'ticker',
      'issuer',
      'name',
      'title',
      'is_board_director',
      'transaction_date',
      'transaction_type',
      'transaction_shares',
      'transaction_price_per_share',
      'transaction_value',
      'shares_owned_before_transaction',
      'shares_owned_after_transaction',
      'security_title',
      'filing_date',
    ]);
  });

  it(
    'def14a: compensation and ownership rows; a plain-text Form 4 exits 1 with the ParseError',
    async () => {
      const out = await parseHere(
        'def14a',
        'fixtures/ownership/TURN_DEF14A_2020_180-Degree-Capital_0000893739-20-000019_fulltext.txt',
      );
      expect(out.executive_compensation).toEqual([]);
      expect(out.proxy_ownership).toHaveLength(11);
      await expect(
        etl(
          'form4',
          'fixtures/ownership/PRODUCTIVITY-TECH_4_2000-02-29_0001094891-00-000193_PLAINTEXT-preXML.txt',
        ),
      ).rejects.toThrow(/ParseError: no ownershipDocument/);
    },
    CHILD_TEST_TIMEOUT_MS,
  );

  it('adv-feed: one adviser row per firm of a Form ADV bulk file, with the feed date', async () => {
    const out = await parseHere('adv-feed', 'fixtures/ownership/adv/IA_FIRM_SEC_Feed_EXCERPT_assembled.xml');
    expect(out.generated_on).toBe('2026-09-16');
    expect(out.firms).toHaveLength(3);
    expect(out.firms[1]).toMatchObject({ crd: 283882, aum_total: 35557038, adv: { headcount: 4 } });
  });

  it('adv-list: the fund types of a monthly adviser list', async () => {
    const out = await parseHere('adv-list', 'fixtures/ownership/adv/ia-exempt_EXCERPT_assembled.csv');
    expect(out.warnings).toEqual([]);
    expect(out.firms[0]).toMatchObject({
      crd: 309765,
      has_vc_funds: true,
      private_funds: { gross_assets: 484007760 },
    });
  });

  it(
    'brochure: pages and addresses of a PDF (a real SEC PDF that prints none: only a regulator site)',
    async () => {
      const out = await parseHere(
        'brochure',
        'fixtures/ownership/13f-lists/SEC_13F-securities-list_2018Q3_13flist2018q3.pdf',
        {
          url: 'https://files.adviserinfo.sec.gov/IAPD/Content/Common/crd_iapd_Brochure.aspx?BRCHR_VRSN_ID=42',
        },
      );
      expect(out).toEqual({
        version_id: 42,
        pages: 526,
        cover_website: null,
        email_primary: null,
        email_domain_matches_firm: null,
        emails: [],
        warnings: [],
      });
      // a 526-page PDF: two minutes were not enough on a loaded 2-core host (in process): the shared slow-host bound
    },
    CHILD_TEST_TIMEOUT_MS,
  );
});

// The SEC's Official List of Section 13(f) Securities (test/ownership/thirteen-f-list.test.ts reads it in process).
const Q2020 = 'fixtures/ownership/13f-lists/SEC_13F-securities-list_2020Q3_13flist2020q3.pdf';

describe('etl import 13f-list', () => {
  it(
    'import: links CUSIPs into the configured database and says how many',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'list-import-'));
      const deadline = new ChildDeadline();
      await seedEmbeddedDataDir(dataDir); // migrated, empty: the test is about the import, not a first start
      const { DATABASE_URL: _db, REDIS_URL: _redis, ...env } = process.env;
      const { stdout: out } = await bounded(
        'etl import 13f-list',
        run(process.execPath, ['bin/etl.js', 'import', '13f-list', Q2020], {
          encoding: 'utf8',
          env: { ...env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
          ...execBound(deadline),
        }),
      );
      // an empty registry: nothing to link to, every line still read
      expect(out).toMatch(
        /^13f-list 2020Q3: 18298 securities \(Total Count 18298\), \d+ equity lines, 0 CUSIPs newly linked/,
      );
    },
    CHILD_TEST_TIMEOUT_MS,
  );
});
