import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../lib/db.ts';
import { ParseError } from '../../lib/errors.ts';
import { loadProxyStatement } from '../../loaders/proxy-statements.ts';
import { parseProxyStatement } from '../../parsers/edgar/def14a.ts';
import { createTestDatabase } from '../helpers/db.ts';

/**
 * Plain-text beneficial-ownership tables (issue 28). Every expected value is read by hand from the document.
 * On main each of these files is refused ("no HTML tables (plain text)"), so every test here fails there.
 */
const read = (f: string) => readFileSync(`fixtures/ownership/${f}`, 'utf8');
const KSB = 'held-out-proxy-2/24HOLDINGS_10-KSB_FY2007_0000930413-08-001093_Item11-plain-text_fulltext.txt';
const MXR = 'held-out-proxy/MXR_DEF14A_2009_0001009244-09-000013_ownership-table_transcribed_EXCERPT.txt';
const LGF =
  'held-out-proxy/LGF_DEF14A_2020_0001104659-20-022153_5pct-holders-two-classes_transcribed_EXCERPT.txt';
const view = (f: string) =>
  parseProxyStatement(read(f), f).proxy_ownership.map((r) => [
    r.owner_name,
    r.security_class,
    r.shares_owned,
    r.percent,
    r.percent_source,
    r.owner_kind,
  ]);

describe('plain-text beneficial-ownership tables', () => {
  it('24Holdings 10-KSB (EDGAR fixed-width text): wrapped header, escaped rule, figures on the last line of an address block', () => {
    // Item 11: R&R's figures stand on its 4th line ("Attention: Thomas Pinou, CFO  698,696  56.1%"); the TOC line
    // for Item 11 and Item 9's table of directors' ages are not ownership tables
    expect(view(KSB)).toEqual([
      ['R&R Biotech Partners, LLC', 'COMMON STOCK', 698696, 56.1, 'as_printed', 'major_holder'],
      ['Moyo Partners, LLC', 'COMMON STOCK', 174674, 14, 'as_printed', 'major_holder'],
      ['Arnold P. Kling', 'COMMON STOCK', 294674, 23.7, 'as_printed', 'insider'],
      ['Kirk M. Warshaw', 'COMMON STOCK', 80000, 6.4, 'as_printed', 'insider'],
      [
        'All Directors and Officers (2 persons) as a group',
        'COMMON STOCK',
        374674,
        30.1,
        'as_printed',
        'insider_group',
      ],
    ]);
    expect(parseProxyStatement(read(KSB)).warnings).toEqual([
      'plain text: the Summary Compensation Table is not read from a text proxy',
    ]);
  });

  it('Mexican Restaurants ("|"-ruled text, one cell a line): * with % apart, address lines under a name, group members by the sum', () => {
    const rows = view(MXR);
    expect(rows).toHaveLength(12);
    expect(rows[1]).toEqual(['Cara Denver, The D3 Family Funds', null, 1210456, 37, 'as_printed', 'insider']);
    expect(rows[2]).toEqual([
      'Cross River Capital Management LLC',
      null,
      334747,
      10.3,
      'as_printed',
      'major_holder',
    ]);
    expect(rows[5]).toEqual(['Joseph J. Fitzsimmons', null, 24676, null, 'less_than_1_percent', 'insider']);
    expect(rows[11]).toEqual([
      'All executive officers and directors as a group (ten persons)',
      null,
      2275840,
      64,
      'as_printed',
      'insider_group',
    ]);
  });

  it('Lions Gate ("|"-ruled rows): two classes side by side, footnote digits glued to names, 0 / 0%', () => {
    expect(view(LGF)).toEqual([
      ['Mark H. Rachesky, M.D.', 'Class A Voting Shares', 18328019, 21.9, 'as_printed', 'major_holder'],
      ['Mark H. Rachesky, M.D.', 'Class B Non-Voting Shares', 15149133, 11.1, 'as_printed', 'major_holder'],
      ['Vanguard Group, Inc.', 'Class A Voting Shares', 5221836, 6.2, 'as_printed', 'major_holder'],
      ['Vanguard Group, Inc.', 'Class B Non-Voting Shares', 9354338, 6.9, 'as_printed', 'major_holder'],
      ['FMR LLC', 'Class A Voting Shares', 2981824, 3.6, 'as_printed', 'major_holder'],
      ['FMR LLC', 'Class B Non-Voting Shares', 8363040, 6.1, 'as_printed', 'major_holder'],
      ['Shapiro Capital Management LLC', 'Class A Voting Shares', 0, 0, 'as_printed', 'major_holder'],
      [
        'Shapiro Capital Management LLC',
        'Class B Non-Voting Shares',
        14441085,
        10.6,
        'as_printed',
        'major_holder',
      ],
    ]);
  });

  it('a table whose figures cannot be placed under its columns is refused whole, never half read', () => {
    // 24Holdings' table with a third figure added to Kling's line: two figures fall under one column
    const text = read(KSB).replace(
      'New York, NY 10019                                  294,674           23.7%',
      'New York, NY 10019                                  294,674           23.7%   12.5%',
    );
    expect(text).not.toBe(read(KSB));
    expect(() => parseProxyStatement(text)).toThrow(ParseError);
    expect(() => parseProxyStatement(text)).toThrow(
      /plain-text ownership table: two figures under one column/,
    );
  });
});

describe(`plain-text ownership rows load like the HTML reader's (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('the 24Holdings rows reach proxy_ownership in printed order', async () => {
    const statement = parseProxyStatement(read(KSB));
    await db.db.transaction((tx) =>
      loadProxyStatement(tx, {
        statement,
        sourceId: '0000930413-08-001093',
        cik: 1025315,
        filingDate: '2008-03-31',
        url: 'https://www.sec.gov/Archives/edgar/data/1025315/000093041308001093/0000930413-08-001093.txt',
        sha256: null,
        fetchedAt: '2026-12-01T00:00:00Z',
      }),
    );
    const rows = await db.query<{ owner_name: string; shares_owned: number; owner_kind: string }>(
      'select owner_name, shares_owned::float8 as shares_owned, owner_kind from proxy_ownership where cik = 1025315 order by ordinal',
    );
    expect(rows.map((r) => [r.owner_name, r.shares_owned, r.owner_kind])).toEqual([
      ['R&R Biotech Partners, LLC', 698696, 'major_holder'],
      ['Moyo Partners, LLC', 174674, 'major_holder'],
      ['Arnold P. Kling', 294674, 'insider'],
      ['Kirk M. Warshaw', 80000, 'insider'],
      ['All Directors and Officers (2 persons) as a group', 374674, 'insider_group'],
    ]);
  });
});
