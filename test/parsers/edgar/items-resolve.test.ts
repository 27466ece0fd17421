import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type SplitResult, splitFilingFile, splitItems } from '../../../parsers/edgar/items/index.ts';
import { pageRefs } from '../../../parsers/edgar/items/pointers.ts';
import { CORPUS, goldenSummary, readFixture } from './items-corpus.ts';

const resolved = new Map<string, SplitResult>();
function split(name: string): SplitResult {
  let r = resolved.get(name);
  if (!r) {
    const file = CORPUS.find((c) => c.name === name)!;
    r = splitFilingFile(readFixture(file.path), { form: file.form, resolve: true });
    resolved.set(name, r);
  }
  return r;
}
const item = (name: string, code: string) => split(name).items.find((i) => i.number === code)!;

describe('resolve=true golden summaries (pointer documents)', () => {
  for (const name of ['10k-mrk-1995', '10k-ibm-1997', '10k-tgt-2002', '10k-ge-1993', '10k-wfc-2024']) {
    it(name, async () => {
      await expect(`${JSON.stringify(goldenSummary(split(name)), null, 2)}\n`).toMatchFileSnapshot(
        `../../../fixtures/golden/items/resolved-${name}.json`,
      );
    });
  }
});

describe('incorporation by reference', () => {
  it('expands MRK 1995 Item 7 from printed pages 28-37 of the included EX-13', () => {
    const mdna = item('10k-mrk-1995', 'Item-7');
    expect(mdna.text_mode).toBe('resolved');
    expect(mdna.resolved).toEqual({
      source: 'annual_report_exhibit',
      resolved_from: 'EX-13 pages 28-37',
      text_chars: expect.any(Number),
      truncated: false,
    });
    expect(mdna.resolved!.text_chars).toBeGreaterThan(50_000);
    // The literal pointer stays first, then the exhibit's own text.
    expect(mdna.text).toMatch(
      /incorporated by reference to pages 28 through 37 of the Company's 1995 Annual Report to stockholders\.\nFINANCIAL REVIEW\n/,
    );
  });

  it('expands IBM 1997 Items 7 and 7A from the EX-13 and keeps Item 7 literal without resolve', () => {
    expect(item('10k-ibm-1997', 'Item-7').resolved?.resolved_from).toBe('EX-13 pages 40-49');
    const market = item('10k-ibm-1997', 'Item-7A');
    expect(market.resolved?.resolved_from).toBe('EX-13 page 46');
    expect(market.text).toContain('Market Risk');
    const file = CORPUS.find((c) => c.name === '10k-ibm-1997')!;
    const literal = splitFilingFile(readFixture(file.path), { form: '10-K' });
    const mdna = literal.items.find((i) => i.number === 'Item-7')!;
    expect(mdna.text_mode).toBe('literal');
    expect(mdna.text.split('\n').at(-1)).toBe(
      "Refer to pages 40 through 49 of IBM's 1997 Annual Report to Stockholders which are incorporated herein by reference.",
    );
  });

  it('says so and stays literal when the annual report is not in the filing (TGT 2002)', () => {
    const r = split('10k-tgt-2002');
    expect(item('10k-tgt-2002', 'Item-7').text_mode).toBe('literal');
    expect(r.warnings).toContain(
      'Item-7: incorporated by reference from the annual report (EX-13), which is not in the filing; kept literal',
    );
  });

  it('does not resolve GE 1993 Item 8 ("See index under item 14") to Item 14, a page index of an absent report', () => {
    // Item 14 only lists the annual-report pages the statements are on (the report is not in the filing):
    // appending it added 7k characters and no statement.
    const statements = item('10k-ge-1993', 'Item-8');
    expect(statements.text_mode).toBe('literal');
    expect(statements.text).toBe(
      'Item 8. Financial Statements and Supplementary Data\nSee index under item 14.',
    );
    expect(split('10k-ge-1993').warnings).toContain(
      'Item-8: points to Item-14, which only indexes pages of a document that is not in the filing; kept literal',
    );
  });

  it('resolves a pointer to a numbered note of Item 8 to that note only (GOOG 2023, SJM 2024 Item 3)', () => {
    const edgar = 'fixtures/upstream/www.sec.gov/Archives/edgar/data';
    const item3 = (path: string) =>
      splitFilingFile(readFileSync(`${edgar}/${path}`), { form: '10-K', resolve: true }).items.find(
        (i) => i.number === 'Item-3',
      )!;
    // "see Legal Matters in Note 10 of the Notes to Consolidated Financial Statements included in Part II, Item 8"
    const goog = item3('1652044/000165204424000022/goog-20231231.htm');
    expect(goog.resolved?.resolved_from).toBe('Item-8 Note 10');
    expect(goog.text).toContain('\nNote 10. Commitments and Contingencies\nCommitments\n');
    expect(goog.text).toContain('Legal Matters');
    expect(goog.text).not.toContain('Note 11. Stockholders');
    expect(goog.text).not.toContain('Note 9. Goodwill');
    // "incorporated herein by reference to Note 16: Contingencies in Part II, Item 8"
    const sjm = item3('91419/000009141924000054/sjm-20240430.htm');
    expect(sjm.resolved?.resolved_from).toBe('Item-8 Note 16');
    expect(sjm.text).toMatch(
      /\nNote 16: Contingencies\nWe, like other food manufacturers, are from time to time/,
    );
    expect(sjm.text.length).toBeLessThan(8_000); // Item 8 is 158,112 characters
  });

  it('leaves proxy-statement pointers literal with a warning', () => {
    expect(item('10k-mrk-1995', 'Item-11').text_mode).toBe('literal');
    expect(split('10k-mrk-1995').warnings).toContain(
      'Item-11: incorporated by reference from the proxy statement, which is not part of the filing; kept literal',
    );
  });

  it('accepts an annual report passed in directly and cuts it by printed page', () => {
    const r = splitItems({
      text: 'ITEM 7. MD&A\n\nIncorporated by reference to page 12 of the Annual Report to Shareholders.\n',
      form: '10-K',
      resolve: true,
      annualReport: {
        text: 'Intro\n\n11\n<PAGE>\nRevenue grew 4% on strong demand.\n\n12\n<PAGE>\nOther\n\n13\n',
        url: 'ex13.txt',
      },
    });
    expect(r.items[0]!.text).toBe(
      'ITEM 7. MD&A\nIncorporated by reference to page 12 of the Annual Report to Shareholders.\nRevenue grew 4% on strong demand.',
    );
    expect(r.items[0]!.resolved).toEqual({
      source: 'annual_report_exhibit',
      resolved_from: 'ex13.txt page 12',
      text_chars: 33,
      truncated: false,
    });
  });

  it('reads page lists and ranges in annual-report sentences only', () => {
    expect(
      pageRefs('are incorporated by reference to pages 38 through 49 and page 50 of the Annual Report.'),
    ).toEqual([38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50]);
    expect(pageRefs('Refer to pages 5 through 7 of the Proxy Statement.')).toEqual([]);
    expect(pageRefs('Refer to pages 78 and 79 of the 1997 Annual Report to Stockholders.')).toEqual([78, 79]);
  });
});

describe('typed tables of 1990s text filings (no <TABLE> tags)', () => {
  it("reads Merck's 1995 quarterly data as rows: label, then one cell per column, wrapped labels joined", () => {
    const lines = item('10k-mrk-1995', 'Item-5').text.split('\n');
    expect(lines).toContain('Sales | $4,556.9 | $4,171.1 | $4,135.7 | $3,817.3');
    expect(lines).toContain('Materials and production costs | 2,125.9 | 1,858.2 | 1,746.0 | 1,726.2');
    expect(lines).toContain('Other income, net | (73.9) | (33.8) | (31.1) | (62.9)');
    expect(lines).toContain('Earnings per common share | $.70 | $.70 | $.69 | $.61');
  });

  it('keeps nil cells and a dot leader followed by one space apart, and leaves headings out of labels', () => {
    const lines = item('10k-mrk-1995', 'Item-8').text.split('\n');
    expect(lines).toContain('6.8% euronotes due 2005 | $498.8 | $--');
    expect(lines).toContain('7.8% notes due 1996 | -- | 249.6');
    expect(lines.some((l) => /^CASH FLOWS FROM OPERATING ACTIVITIES \|/.test(l))).toBe(false);
  });
});

describe('what resolve=true must not expand', () => {
  const resolvedCodes = (name: string) =>
    split(name)
      .items.filter((i) => i.text_mode === 'resolved')
      .map((i) => i.number);

  it('never expands the exhibits item (AAPL 10-Q 2025: its "Incorporated by Reference" column header)', () => {
    const exhibits = item('10q-aapl-2025', 'Part-II-Item-6');
    expect(exhibits.text_mode).toBe('literal');
    expect(exhibits.text.length).toBe(734);
    expect(exhibits.text).not.toContain('CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS');
    expect(resolvedCodes('10q-aapl-2025')).toEqual([]);
  });

  it('keeps a pointer into another filing literal (AAPL 10-Q 2025 Item 3 -> "Part II, Item 7A ... of the 2024 Form 10-K")', () => {
    expect(item('10q-aapl-2025', 'Part-I-Item-3').text_mode).toBe('literal');
    expect(split('10q-aapl-2025').warnings).toEqual([
      'Part-I-Item-3: points to another filing (2024 Form 10-K), which is not part of this one; kept literal',
    ]);
  });

  it('reads the part of a 10-Q reference and never resolves a reference to the 10-K in the 10-Q', () => {
    const tenQ = (pointer: string) =>
      splitItems({
        text: [
          'PART I',
          'ITEM 1. FINANCIAL STATEMENTS',
          'Net sales were $1,945 million and total assets $7,007 million at quarter end, as tabulated below.',
          "ITEM 2. MANAGEMENT'S DISCUSSION AND ANALYSIS OF FINANCIAL CONDITION AND RESULTS OF OPERATIONS",
          'Net sales rose 27% on demand for portable computers, offset in part by lower margins in Europe.',
          'PART II',
          'ITEM 1A. RISK FACTORS',
          pointer,
          'ITEM 2. UNREGISTERED SALES OF EQUITY SECURITIES AND USE OF PROCEEDS',
          'The Company repurchased 2 million shares of its common stock during the quarter for $90 million.',
        ].join('\n\n'),
        form: '10-Q',
        resolve: true,
      });
    const other = tenQ(
      "Refer to Part I, Item 2 of the Company's 2024 Form 10-K, which is incorporated by reference.",
    );
    expect(other.items.find((i) => i.number === 'Part-II-Item-1A')!.text_mode).toBe('literal');
    expect(other.warnings).toEqual([
      'Part-II-Item-1A: points to another filing (2024 Form 10-K), which is not part of this one; kept literal',
    ]);
    const own = tenQ(
      'The risks are discussed in Part I, Item 2 of this report, which is incorporated by reference.',
    );
    expect(own.items.find((i) => i.number === 'Part-II-Item-1A')!.resolved).toEqual({
      source: 'in_document',
      resolved_from: 'Part-I-Item-2',
      text_chars: 189,
      truncated: false,
    });
  });

  it('keeps TXT 2001 Item 8 literal: its statements are in the annual report, not after the signatures', () => {
    // The blocks after the signatures are an index of annual-report pages and the exhibit list.
    expect(item('10k-txt-2001', 'Item-8').text_mode).toBe('literal');
    expect(split('10k-txt-2001').warnings).toContain(
      'Item-8: incorporated by reference from the annual report (EX-13), which is not in the filing; kept literal',
    );
  });

  it('labels TXT 2001 proxy pointers as the proxy statement ("this Annual Report on Form 10-K" is the filing itself)', () => {
    const warnings = split('10k-txt-2001').warnings;
    for (const code of ['Item-10', 'Item-11', 'Item-12', 'Item-13']) {
      expect(warnings).toContain(
        `${code}: incorporated by reference from the proxy statement, which is not part of the filing; kept literal`,
      );
    }
    expect(warnings.filter((w) => w.includes('annual report')).map((w) => w.split(':')[0])).toEqual([
      'Item-5',
      'Item-6',
      'Item-7',
      'Item-7A',
      'Item-8',
    ]);
  });

  it('resolves AAPL 1994 Item 3 to the "Litigation" subsection of Item 8, not all of Item 8', () => {
    const legal = item('10k-aapl-1994', 'Item-3');
    expect(legal.resolved).toEqual({
      source: 'in_document',
      resolved_from: 'Item-8 "Litigation"',
      text_chars: 3741,
      truncated: false,
    });
    expect(legal.text).toMatch(
      /which information is hereby incorporated by reference\.\nLitigation\nApple v\. Microsoft/,
    );
    expect(legal.text).toMatch(/could be materially affected in a particular period\.$/);
    expect(legal.text).not.toContain('Industry Segment and Geographic Information');
  });

  it('expands an item with text of its own only by a precise target: cited pages or a cited subsection', () => {
    // AAPL 1994 Item 5 keeps its own paragraph and gains only the cited Item 8 subsection.
    const aapl = item('10k-aapl-1994', 'Item-5');
    expect(aapl.resolved).toEqual({
      source: 'in_document',
      resolved_from: 'Item-8 "Selected Quarterly Financial Information (Unaudited)"',
      text_chars: 1818,
      truncated: false,
    });
    expect(aapl.text).toMatch(/^Item 5\. Market for the Registrant's Common Equity/);
    expect(aapl.text).toContain(
      'The price range per common share represents the highest and lowest closing prices',
    );
    // IBM 1997 Item 5 incorporates pages 78-79 and (Note V) page 71 of the annual report, both explicitly.
    const ibm = item('10k-ibm-1997', 'Item-5');
    expect(ibm.resolved).toMatchObject({
      source: 'annual_report_exhibit',
      resolved_from: 'EX-13 pages 78-79, 71',
    });
    expect(ibm.text).toContain('There were 622,092 common stockholders of record at March 9, 1998.');
  });

  it('expands an 8-K item that only points to another item of the report (ABVC Item 7.01 -> Item 2.02)', () => {
    expect(item('8k-abvc-2025', 'Item-7.01').resolved).toEqual({
      source: 'in_document',
      resolved_from: 'Item-2.02',
      text_chars: 1660,
      truncated: false,
    });
  });
});
