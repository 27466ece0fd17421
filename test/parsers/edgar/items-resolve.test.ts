import { describe, expect, it } from 'vitest';
import { type SplitResult, splitFilingFile, splitItems } from '../../../parsers/edgar/items/index.ts';
import { pageRefs } from '../../../parsers/edgar/items/resolve.ts';
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

  it('expands an in-document pointer from the item it names (GE 1993 "See index under item 14")', () => {
    const statements = item('10k-ge-1993', 'Item-8');
    expect(statements.resolved).toMatchObject({ source: 'in_document', resolved_from: 'Item-14' });
    expect(
      statements.text.startsWith(
        'Item 8. Financial Statements and Supplementary Data\nSee index under item 14.\n',
      ),
    ).toBe(true);
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
