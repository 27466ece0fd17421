import { describe, expect, it } from 'vitest';
import {
  type FilingItem,
  ITEM_TYPES,
  type SplitResult,
  splitFilingFile,
  splitItems,
} from '../../../parsers/edgar/items/index.ts';
import { CORPUS, goldenSummary, readFixture } from './items-corpus.ts';

const results = new Map<string, SplitResult>();
function split(name: string): SplitResult {
  let r = results.get(name);
  if (!r) {
    const file = CORPUS.find((c) => c.name === name)!;
    r = splitFilingFile(readFixture(file.path), { form: file.form });
    results.set(name, r);
  }
  return r;
}
function item(name: string, code: string): FilingItem {
  const found = split(name).items.find((i) => i.number === code);
  if (!found) throw new Error(`${name}: no ${code}`);
  return found;
}
const codes = (name: string) => split(name).items.map((i) => i.number);
/** The item's first line after its heading (the heading may wrap over two blocks in 1990s text). */
const firstBodyLine = (i: FilingItem, skip = 1) => i.text.split('\n')[skip]!;

describe('splitFilingFile golden summaries (every 10-K / 10-Q / 8-K fixture)', () => {
  for (const file of CORPUS) {
    it(file.name, async () => {
      await expect(`${JSON.stringify(goldenSummary(split(file.name)), null, 2)}\n`).toMatchFileSnapshot(
        `../../../fixtures/golden/items/${file.name}.json`,
      );
    });
  }
});

describe('10-K headings and boundaries', () => {
  it('finds all 23 current items of the Apple 2024 10-K in order, starting at the real headings', () => {
    expect(codes('10k-aapl-2024')).toEqual(ITEM_TYPES['10-K'].slice(0, 23).map((t) => t.code));
    expect(firstBodyLine(item('10k-aapl-2024', 'Item-1A'))).toMatch(
      /^The Company’s business, reputation, results of operations, financial condition and stock price can be affected/,
    );
    expect(firstBodyLine(item('10k-aapl-2024', 'Item-7'))).toMatch(
      /^The following discussion should be read in conjunction with the consolidated financial statements/,
    );
  });

  it('never captures the table of contents: Item 1 text is the business section, not TOC rows', () => {
    const business = item('10k-aapl-2024', 'Item-1');
    expect(business.text.startsWith('Item 1. Business\nCompany Background\n')).toBe(true);
    expect(business.text).not.toMatch(/Item 1A\. \| Risk Factors \| 5/);
    expect(business.text.length).toBeGreaterThan(10_000);
    // GAINSCO's TOC rows carry page numbers ("Item 1 | Business | 1"); the body heading is upper case.
    expect(item('10k-gainsco-2009', 'Item-1').text.startsWith('ITEM 1. | BUSINESS\nOUR BUSINESS')).toBe(true);
  });

  it('keeps Item 7A apart from Item 7', () => {
    const mdna = item('10k-aapl-2024', 'Item-7');
    const market = item('10k-aapl-2024', 'Item-7A');
    expect(mdna.text).not.toContain(
      'Quantitative and Qualitative Disclosures About Market Risk\nThe Company is exposed',
    );
    expect(firstBodyLine(market)).toMatch(
      /^The Company is exposed to economic risk from interest rates and foreign exchange/,
    );
    expect(market.name).toBe('Quantitative and Qualitative Disclosures About Market Risk');
    expect(item('10k-tgt-2002', 'Item-7A').text.startsWith('Item 7a. Quantitative')).toBe(true);
  });

  it('reads hyphen headings (`Item 1 - Business`) and colon headings (`Item 1: Business`)', () => {
    expect(codes('10k-reac-2015')).toHaveLength(20);
    expect(item('10k-reac-2015', 'Item-1A').text).toBe('Item 1A - Risk Factors\nNot applicable.');
    expect(item('10k-medicis-1999', 'Item-7').text.startsWith('Item 7: Management’s Discussion')).toBe(true);
  });

  it('names SOX-interim Item 14 by its era title and stops the last item before the echo index', () => {
    const controls = item('10k-intc-2002', 'Item-14');
    expect(controls.name).toBe('Controls and Procedures');
    expect(item('10k-intc-2002', 'Item-15').name).toBe(
      'Exhibits, Financial Statement Schedules, and Reports on Form 8-K',
    );
    const exhibits = item('10k-intc-2002', 'Item-15').text;
    expect(exhibits).not.toContain('ITEM 1. BUSINESS');
    expect(item('10k-tgt-2002', 'Item-15').text).not.toMatch(/Item 1\. Business\.\nItem 2\. Properties\./);
  });

  it('ends the last item at the signature page: power of attorney (MEDICIS), certifications preface (INTC)', () => {
    const medicis = item('10k-medicis-1999', 'Item-14').text;
    expect(medicis).toMatch(
      /authorizing the plan to repurchase up to \$75 million of the Company’s common stock\.$/,
    );
    expect(medicis).not.toContain('POWER OF ATTORNEY');
    const intc = item('10k-intc-2002', 'Item-15').text;
    expect(intc).toMatch(
      /Compensation plans or arrangements in which directors and executive officers are eligible to participate\.$/,
    );
    expect(intc).not.toContain('Signatures and Certifications');
  });

  it('reads `Reserved` items and the pre-2010 Item 4 and Item 6 titles', () => {
    expect(item('10k-aapl-2024', 'Item-6')).toMatchObject({ text: 'Item 6. [Reserved]', name: '[Reserved]' });
    expect(item('10k-gainsco-2009', 'Item-4').name).toBe('(Removed and Reserved)');
    expect(item('10k-aapl-1994', 'Item-4').name).toBe('Submission of Matters to a Vote of Security Holders');
    expect(item('10k-aapl-1994', 'Item-6').name).toBe('Selected Financial Data');
  });

  it('uses Form 10-KSB numbering for a 10-KSB (Item 6 is the plan of operation, Item 8A controls)', () => {
    expect(codes('10k-24holdings-2007-10ksb')).toContain('Item-8A');
    expect(item('10k-24holdings-2007-10ksb', 'Item-6').name).toBe(
      "Management's Discussion and Analysis or Plan of Operation",
    );
    expect(item('10k-24holdings-2007-10ksb', 'Item-7').text.startsWith('ITEM 7. FINANCIAL STATEMENTS')).toBe(
      true,
    );
    expect(split('10k-24holdings-2007-10ksb').warnings[0]).toMatch(/10-KSB numbering/);
  });

  it('keeps an ABS 10-K omitted-item list, in document order, with the omission note', () => {
    expect(codes('10k-carmax-2023-abs').slice(0, 6)).toEqual([
      'Item-1',
      'Item-1A',
      'Item-2',
      'Item-3',
      'Item-1B',
      'Item-4',
    ]);
    expect(item('10k-carmax-2023-abs', 'Item-7').text).toBe(
      "Item 7. | Management's Discussion and Analysis of Financial Condition and Results of Operations.\n" +
        'The following items have been omitted in accordance with General Instruction J to Form 10-K:',
    );
    // Reg AB "Item 1117 of Regulation AB" is not a 10-K item: the General Instruction J caption that
    // introduces the substitute information closes Item 4, which is its answer alone.
    expect(item('10k-carmax-2023-abs', 'Item-4').text).toBe(
      'Item 4. Mine Safety Disclosures.\nNot applicable.',
    );
    expect(
      split('10k-carmax-2023-abs').items.some((i) => i.text.includes('Item 1117 of Regulation AB')),
    ).toBe(false);
  });

  it('gives stacked Part III headings the one sentence written for all of them', () => {
    const sentence =
      'The information called for by Items 10, 11, 12 and 13 are incorporated by reference to the Company’s definitive Proxy Statement';
    for (const code of ['Item-10', 'Item-11', 'Item-12', 'Item-13']) {
      expect(item('10k-medicis-1999', code).text).toContain(sentence);
    }
    expect(item('10k-medicis-1999', 'Item-11').text.startsWith('Item 11: Executive Compensation\n')).toBe(
      true,
    );
  });

  it('files a combined heading under each item it names, with a warning', () => {
    const r = splitItems({
      text: [
        'PART I',
        'ITEM 1. BUSINESS',
        'We make widgets in Ohio and sell them to hardware stores across the Midwest.',
        'ITEMS 2 AND 3. PROPERTIES AND LEGAL PROCEEDINGS',
        'We lease one plant in Dayton. There are no pending legal proceedings against us.',
        'ITEM 4. SUBMISSION OF MATTERS TO A VOTE OF SECURITY HOLDERS',
        'None.',
      ].join('\n\n'),
      form: '10-K',
    });
    expect(r.items.map((i) => i.number)).toEqual(['Item-1', 'Item-2', 'Item-3', 'Item-4']);
    expect(r.items[1]!.text).toBe(r.items[2]!.text);
    expect(r.items[2]!.text).toContain('There are no pending legal proceedings');
    expect(r.warnings).toContain('Item-2: filed under a combined heading shared with other items');
  });

  it('keeps the literal pointer sentence of a pointer document (TGT 2002, IBM 2024) without resolve', () => {
    const mdna = item('10k-tgt-2002', 'Item-7');
    expect(mdna.text_mode).toBe('literal');
    expect(mdna.text).toMatch(
      /^Item 7\. Management's Discussion and Analysis .*\nManagement's Discussion and Analysis, Pages 17-23/,
    );
    expect(item('10k-ibm-2024', 'Item-7').text.split('\n')[1]).toBe(
      'Refer to pages 6 through 42 of IBM’s 2024 Annual Report to Stockholders, which are incorporated herein by reference.',
    );
    expect(item('10k-ibm-2024', 'Item-7').resolved).toBeUndefined();
  });

  it('maps a cross-reference index to its page ranges (GE sample)', () => {
    expect(item('10k-ge-cross-reference-sample', 'Item-1A').text).toBe('Item 1A. | Risk Factors | 26-33');
    expect(item('10k-ge-cross-reference-sample', 'Item-1').text).toBe(
      'Item 1. | Business | 4-7, 9-11, 74-75',
    );
    expect(item('10k-ge-cross-reference-sample', 'Item-2').text).toBe('Item 2. | Properties | 4');
    expect(split('10k-ge-cross-reference-sample').warnings).toEqual([
      'cross-reference index: the items map to pages of the annual report; each text is its index row',
    ]);
  });

  it('returns unparseable_document, never throws, for documents without items', () => {
    expect(split('10k-tsla-2019-trimmed')).toMatchObject({
      items: [],
      items_unavailable_reason: 'unparseable_document',
    });
    expect(split('8k-bke-2024-ex99-not-an-8k').items_unavailable_reason).toBe('unparseable_document');
    expect(splitItems({ html: '', form: '10-K' }).items_unavailable_reason).toBe('unparseable_document');
    expect(splitFilingFile(Buffer.from([0xff, 0xfe, 0x00, 0x01]), { form: '8-K' }).items).toEqual([]);
    expect(
      splitFilingFile('<SEC-DOCUMENT>\n<SEC-HEADER>\n</SEC-HEADER>', { form: '10-K' })
        .items_unavailable_reason,
    ).toBe('unparseable_document');
  });
});

describe('10-Q parts', () => {
  it('codes Part I and Part II items apart (no collision of Item 1 / 2 / 3 / 4)', () => {
    expect(codes('10q-aapl-2025')).toEqual(ITEM_TYPES['10-Q'].map((t) => t.code));
    expect(firstBodyLine(item('10q-aapl-2025', 'Part-II-Item-1'))).toBe('Digital Markets Act Investigations');
    expect(item('10q-aapl-2025', 'Part-I-Item-2').name).toBe(
      "Management's Discussion and Analysis of Financial Condition and Results of Operations",
    );
    expect(item('10q-aapl-2025', 'Part-II-Item-2').name).toBe(
      'Unregistered Sales of Equity Securities and Use of Proceeds',
    );
  });

  it('reads a 2000 plain-text 10-Q whose Part II restarts at ITEM 1 without a PART heading match', () => {
    expect(codes('10q-aapl-2000')).toEqual([
      'Part-I-Item-1',
      'Part-I-Item-2',
      'Part-I-Item-3',
      'Part-II-Item-1',
      'Part-II-Item-4',
      'Part-II-Item-6',
    ]);
    expect(firstBodyLine(item('10q-aapl-2000', 'Part-II-Item-1'))).toMatch(
      /^The Company is subject to various legal proceedings and claims which are discussed in the 1999 Form 10-K/,
    );
  });
});

describe('8-K items', () => {
  it('reads Item 2.02 with its real first words (Adobe, .txt and .htm agree)', () => {
    expect(codes('8k-adbe-2023-txt')).toEqual(['Item-2.02', 'Item-9.01']);
    expect(firstBodyLine(item('8k-adbe-2023-txt', 'Item-2.02'))).toMatch(
      /^On March 15, 2023, Adobe Inc\. \(“Adobe”\) issued a press release announcing financial results/,
    );
    expect(item('8k-adbe-2023-htm', 'Item-2.02').text).toBe(item('8k-adbe-2023-txt', 'Item-2.02').text);
  });

  it('uses the pre-2004 numbering: Item 5 Other Events, Item 7 exhibits, not-applicable list skipped', () => {
    expect(codes('8k-aapl-2000')).toEqual(['Item-5', 'Item-7']);
    const events = item('8k-aapl-2000', 'Item-5');
    expect(events.name).toBe('Other Events');
    expect(firstBodyLine(events)).toMatch(
      /^\(i\) Reference is made to the press release issued to the public by the registrant on January 19, 2000/,
    );
    expect(codes('8k-aapl-1999')).toEqual(['Item-5', 'Item-7']);
  });

  it('picks the numbering from filingDate when given', () => {
    const text =
      'Item 5. Other Events\n\nOn May 1 the company moved its headquarters.\n\nItem 7. Exhibits\n\nNone.';
    expect(splitItems({ text, form: '8-K', filingDate: '2004-08-20' }).items[0]!.name).toBe('Other Events');
    expect(splitItems({ text, form: '8-K', filingDate: '2004-08-23' }).items).toEqual([]);
  });

  it('does not take a prose mention (`Item 2.02 of this Current Report ...`) for a heading', () => {
    expect(codes('8k-abvc-2025')).toEqual(['Item-2.02', 'Item-4.02', 'Item-7.01', 'Item-9.01']);
    expect(item('8k-abvc-2025', 'Item-7.01').text).toContain('Item 2.02 of this Current Report on Form 8-K');
  });

  it('ends the last item at the signature, and reads table-cell and (d)-suffixed headings', () => {
    expect(item('8k-pfbi-2021', 'Item-9.01').text).not.toContain('/s/ Brien M. Chase');
    expect(item('8k-bke-2024', 'Item-9.01').text.startsWith('ITEM 9.01(d). Exhibits')).toBe(true);
    expect(item('8k-bcow-2024', 'Item-5.02').text.startsWith('Item 5.02. | Departure of Directors')).toBe(
      true,
    );
    expect(codes('8k-acfn-2025-nc')).toEqual(['Item-5.02', 'Item-9.01']);
  });
});

describe('ITEM_TYPES', () => {
  it('lists codes that never collide, per form', () => {
    for (const form of ['10-K', '10-Q', '8-K'] as const) {
      const list = ITEM_TYPES[form].map((t) => t.code);
      expect(new Set(list).size).toBe(list.length);
    }
    expect(ITEM_TYPES['10-K'].find((t) => t.code === 'Item-1C')?.title).toBe('Cybersecurity');
    expect(ITEM_TYPES['10-K'].find((t) => t.code === 'Item-9C')?.title).toBe(
      'Disclosure Regarding Foreign Jurisdictions that Prevent Inspections',
    );
    expect(ITEM_TYPES['8-K'].find((t) => t.code === 'Item-2.02')?.title).toBe(
      'Results of Operations and Financial Condition',
    );
    expect(ITEM_TYPES['8-K'].find((t) => t.code === 'Item-5')?.title).toBe(
      'Other Events (8-K filed before 2004-08-23)',
    );
  });
});
