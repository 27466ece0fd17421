import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../lib/db.ts';
import { syncDatasetRegistry } from '../../loaders/coverage.ts';
import { loadThirteenF } from '../../loaders/thirteen-f.ts';
import { parseOwnershipFiling } from '../../parsers/edgar/form4.ts';
import { parseThirteenF } from '../../parsers/edgar/thirteen-f.ts';
import { parseThirteenFFiling } from '../../parsers/edgar/thirteen-f-holdings.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';

// held-out set 6 (fixtures/ownership/held-out-6) and Ithaka's real 2013Q1 text submission (held-out set 5)
const CRM =
  'fixtures/ownership/held-out-6/CRAMER-ROSENTHAL-MCGLYNN_13F-HR_2011Q3_text-cover-and-summary_empty-amendment-boxes_EXCERPT-no-table.txt';
const ITHAKA = readFileSync(
  'fixtures/ownership/held-out-5/ITHAKA_13F-HR_2013Q1_0001144204-13-026736_text-table-thousands_unchecked-amendment-boxes_fulltext.txt',
  'utf8',
);

/**
 * Ithaka's filing turned into a text-era 13F-HR/A: no checked text cover is among the stores' real files, so the
 * boxes of this real one are ticked here (`[X]`), the header says 13F-HR/A with a new accession and filing date,
 * and only the table lines of the named issuers are kept. Everything else is the filing as filed.
 */
function ithakaAmendment(acc: string, filed: string, box: 'restatement' | 'new holdings', keep: RegExp) {
  const lines = ITHAKA.replaceAll('0001144204-13-026736', acc)
    .replace('FILED AS OF DATE:\t\t20130507', `FILED AS OF DATE:\t\t${filed}`)
    .replace('CONFORMED SUBMISSION TYPE:\t13F-HR', 'CONFORMED SUBMISSION TYPE:\t13F-HR/A')
    .replace(
      'Check here if Amendment [ ]; Amendment Number:',
      'Check here if Amendment [X]; Amendment Number: 1',
    )
    .replace(
      box === 'restatement' ? '[ ] is a restatement.' : '[ ] adds new holdings entries.',
      box === 'restatement' ? '[X] is a restatement.' : '[X] adds new holdings entries.',
    )
    .split('\n');
  // a table line has its share count before `SH`; keep the named issuers' lines only
  return lines.filter((l) => !/\d\s+(SH|PRN)\s/.test(l) || keep.test(l)).join('\n');
}

describe('held-out set 6: text-era 13F covers', () => {
  it("Cramer Rosenthal McGlynn's 2011Q3 cover alone is a cover page: `[]` boxes are empty, totals as printed", () => {
    const r = parseThirteenFFiling(readFileSync(CRM, 'utf8'), { document: CRM });
    expect(r).toMatchObject({
      filer_name: 'Cramer Rosenthal McGlynn, LLC',
      report_period: '2011-09-30',
      is_amendment: false,
      amendment_no: null,
      amendment_type: null,
      totals: { table_entry_total: 214, table_value_total: 10_635_102, rows_parsed: 0 },
      institutional_holdings: [],
    });
  });

  it('a checked box states the amendment type and number; empty boxes state none (Ithaka, as filed)', () => {
    expect(parseThirteenFFiling(ITHAKA)).toMatchObject({ is_amendment: false, amendment_type: null });
    const restated = parseThirteenFFiling(
      ithakaAmendment('0001144204-13-099991', '20130601', 'restatement', /^Apple Inc\./),
    );
    expect(restated).toMatchObject({
      form_type: '13F-HR/A',
      is_amendment: true,
      amendment_no: 1,
      amendment_type: 'RESTATEMENT',
    });
    expect(restated.institutional_holdings.map((h) => [h.cusip, h.shares, h.value_usd])).toEqual([
      ['037833100', 34796, 15_403_000],
    ]);
    const added = parseThirteenFFiling(
      ithakaAmendment('0001144204-13-099992', '20130601', 'new holdings', /^Google Inc/),
    );
    expect(added).toMatchObject({ amendment_no: 1, amendment_type: 'NEW HOLDINGS' });
  });
});

describe('held-out set 6: Forms 4', () => {
  it("Apple's CFO: a 10b5-1 sale keeps its weighted-average price and carries the plan footnote cited on its title", () => {
    const f =
      'fixtures/ownership/held-out-6/AAPL_4_2025-10-15_Parekh_RSU-settlement-tax-and-four-10b5-1-sales_weighted-average-ranges_transcribed.xml';
    const sale = parseOwnershipFiling(readFileSync(f, 'utf8'), f).insider_trades[2]!;
    expect(sale).toMatchObject({
      transaction_date: '2025-10-16',
      transaction_type: 'S',
      transaction_shares: 500,
      transaction_price_per_share: 245.89,
      shares_owned_after_transaction: 12464,
    });
    // F4 is cited by the price, F3 by the security title: both are the row's
    expect(sale.footnotes).toEqual([
      expect.stringMatching(
        /^This transaction was executed in multiple trades at prices ranging from \$245\.41 to \$246\.36;/,
      ),
      'This transaction was made pursuant to a Rule 10b5-1 trading plan adopted by the reporting person on November 26, 2024.',
    ]);
  });
});

describe(`text-era 13F amendments stored and served (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let database: Database;
  let api: RunningApi;
  let key: string;
  const load = (text: string) =>
    database.db.transaction((tx) =>
      loadThirteenF(tx, { doc: parseThirteenF(text), sha256: null, fetchedAt: '2026-12-02T00:00:00Z' }),
    );
  const served = async () => {
    const res = await api.get('/v1/institutional-holdings?filer_cik=1484043&limit=100', { key });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body.institutional_holdings as { accession_number: string; cusip: string; shares: number }[];
  };
  beforeAll(async () => {
    database = await createApiTestDatabase();
    await load(ITHAKA);
    await syncDatasetRegistry(database);
    await database.query(`update datasets set last_refreshed_at = now() where id = 'institutional_holdings'`);
    api = await startApi(database, { logLevel: 'warn' });
    ({ key } = await accountWithKey(database, 'professional', 1000));
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await database?.close();
  });

  it('a NEW HOLDINGS amendment adds to the report; a later RESTATEMENT replaces both', async () => {
    expect(await served()).toHaveLength(41);
    // filed 2013-06-01 with the new-holdings box checked: Ithaka's 41 positions stay, Google's line is added again
    await load(ithakaAmendment('0001144204-13-099992', '20130601', 'new holdings', /^Google Inc/));
    const added = await served();
    expect(added).toHaveLength(42);
    expect(added.filter((h) => h.cusip === '38259P508').map((h) => [h.accession_number, h.shares])).toEqual(
      expect.arrayContaining([
        ['0001144204-13-026736', 481],
        ['0001144204-13-099992', 481],
      ]),
    );
    // filed 2013-06-15 with the restatement box checked and Apple's line only: it alone is the quarter now
    await load(ithakaAmendment('0001144204-13-099993', '20130615', 'restatement', /^Apple Inc\./));
    expect((await served()).map((h) => [h.accession_number, h.cusip, h.shares])).toEqual([
      ['0001144204-13-099993', '037833100', 34796],
    ]);
    expect(
      await database.query(
        `select accession_number, amendment_type, superseded from thirteen_f_filings order by accession_number`,
      ),
    ).toEqual([
      { accession_number: '0001144204-13-026736', amendment_type: null, superseded: true },
      { accession_number: '0001144204-13-099992', amendment_type: 'NEW HOLDINGS', superseded: true },
      { accession_number: '0001144204-13-099993', amendment_type: 'RESTATEMENT', superseded: false },
    ]);
  });
});
