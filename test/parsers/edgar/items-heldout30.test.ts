import { describe, expect, it } from 'vitest';
import { heldoutItems, passOf } from '../../../cli/quality/items-heldout.ts';
import { dropPageFurniture } from '../../../parsers/edgar/items/text.ts';

// Held-out set 30 (issue 28, thirtieth pass; docs/filing-items.md): 22 real filings of HE-1234/research-and-valuation
// as the repository cached their text. First reads: batch 1 22 of 23 by the scorer (21 read by hand: Amazon.com's
// 8-K of 2025-11-20 started both items in its table of contents), batch 3 7 of 8 (Alphabet's Item 9.01 lost the
// "104" of its cover page exhibit), batch 6 1 of 2 (Micron's Item 5 ran into an exhibit index with no Item 6 heading).
// Every word asserted here was read off the files.

describe('filing items: held-out set 30', () => {
  it('counts the thirtieth pass as its own set in the quality report', () => {
    expect(passOf('thirtieth pass (set 30) batch 1; AEP 8-K ...')).toBe('thirtieth pass');
  });

  it("reads a two-row table of contents followed by its page rows as one (Amazon.com's 8-K of 2025-11-20)", () => {
    // "ITEM 8.01. OTHER EVENTS. | 3" / "ITEM 9.01. ... | 4" / "SIGNATURES | 5" with ten "EXHIBIT n" rows
    const r = heldoutItems('AMZN_8-K_2025-11-20_Item8.01-9.01.txt', '2025-11-20', '8-K');
    expect(Object.keys(r)).toEqual(['Item-8.01', 'Item-9.01']);
    expect(
      r['Item-8.01']?.startsWith('ITEM 8.01. OTHER EVENTS. On November 20, 2025, Amazon.com, Inc.'),
    ).toBe(true);
    expect(
      r['Item-8.01']?.endsWith(
        'Exhibit 4.5, Exhibit 4.6, and Exhibit 4.7, respectively, and incorporated herein by reference.',
      ),
    ).toBe(true);
    expect(r['Item-9.01']?.startsWith('ITEM 9.01. FINANCIAL STATEMENTS AND EXHIBITS. (d) Exhibits.')).toBe(
      true,
    );
    expect(
      r['Item-9.01']?.endsWith(
        '104 The cover page from this Current Report on Form 8-K, formatted in Inline XBRL (included as Exhibit 101).',
      ),
    ).toBe(true);
  });

  it('keeps a two-row table of contents whose rows are dense as before (Amazon.com 2026-04-09, 2026-06-10)', () => {
    const a = heldoutItems('AMZN_8-K_2026-04-09_Item7.01-9.01.txt', '2026-04-09', '8-K');
    expect(a['Item-7.01']?.startsWith('ITEM 7.01. REGULATION FD DISCLOSURE. The Company')).toBe(true);
    const b = heldoutItems('AMZN_8-K_2026-06-10_Item1.01-2.03-9.01.txt', '2026-06-10', '8-K');
    expect(Object.keys(b)).toEqual(['Item-1.01', 'Item-2.03', 'Item-9.01']);
    expect(b['Item-2.03']).toBe(
      'ITEM 2.03 CREATION OF A DIRECT FINANCIAL OBLIGATION OR AN OBLIGATION UNDER AN OFF-BALANCE SHEET ARRANGEMENT OF A REGISTRANT. The information set forth in Item 1.01 of this Current Report on Form 8-K is hereby incorporated by reference into this Item 2.03.',
    );
  });

  it('keeps "104" before "Cover Page Interactive Data File" as the exhibit number, not a folio (Alphabet 2026-06-04)', () => {
    const r = heldoutItems('GOOGL_8-K_2026-06-04_Item1.01-7.01-8.01-9.01.txt', '2026-06-04', '8-K');
    expect(Object.keys(r)).toEqual(['Item-1.01', 'Item-7.01', 'Item-8.01', 'Item-9.01']);
    expect(
      r['Item-9.01']?.endsWith(
        '99.2 Press Release issued by Alphabet Inc. dated June 2, 2026 104 Cover Page Interactive Data File (formatted as inline XBRL)',
      ),
    ).toBe(true);
    // a bare number elsewhere is still a folio
    expect(
      dropPageFurniture([
        'Item 9.01 Exhibits',
        '104',
        'Cover Page Interactive Data File (formatted as inline XBRL)',
      ]),
    ).toEqual(['Item 9.01 Exhibits', '104', 'Cover Page Interactive Data File (formatted as inline XBRL)']);
    expect(dropPageFurniture(['... the Debentures.', '3', 'SIGNATURES'])).toEqual([
      '... the Debentures.',
      'SIGNATURES',
    ]);
  });

  it('ends an 8-K item with an exhibit line and no Item 9.01 heading at the signature (AEP 2026-01-08)', () => {
    const r = heldoutItems('AEP_8-K_2026-01-08_Item8.01.txt', '2026-01-08', '8-K');
    expect(Object.keys(r)).toEqual(['Item-8.01']);
    expect(
      r['Item-8.01']?.startsWith('Item 8.01.Other Events As previously disclosed, in November 2024'),
    ).toBe(true);
    expect(
      r['Item-8.01']?.endsWith(
        'Should the conditions not be satisfied, AEP will be financially compensated for all capital and costs incurred. 104 Cover Page Interactive Data File - The cover page iXBRL tags are embedded within the inline XBRL document.',
      ),
    ).toBe(true);
  });

  it("splits a small filer's 10-Q tail: Part II Items 1, 1A, 2, 5, 6 after Part I Items 3-4 (Applied Optoelectronics)", () => {
    const r = heldoutItems('AAOI_10-Q_2026-08-06_PartI-Item3-PartII_TAIL-EXCERPT.txt', '2026-08-06', '10-Q');
    expect(Object.keys(r)).toEqual([
      'Part-I-Item-3',
      'Part-I-Item-4',
      'Part-II-Item-1',
      'Part-II-Item-1A',
      'Part-II-Item-2',
      'Part-II-Item-5',
      'Part-II-Item-6',
    ]);
    expect(r['Part-II-Item-1']).toBe(
      'Item 1. Legal Proceedings Information with respect to legal proceedings can be found in Note 18 to the Condensed Consolidated Financial Statements contained in Part 1, Item 1 of this report.',
    );
    expect(
      r['Part-II-Item-6']?.endsWith(
        '** Filed herewith. † Management contract, compensatory plan or arrangement.',
      ),
    ).toBe(true);
  });

  it("ends a 10-Q's Item 5 at an Index to Exhibits printed with no Item 6 heading (Micron Q3 FY2026)", () => {
    const r = heldoutItems('MU_10-Q_2026-06-24_PartII-Items2-5_TAIL-EXCERPT.txt', '2026-06-24', '10-Q');
    expect(Object.keys(r)).toEqual(['Part-II-Item-2', 'Part-II-Item-5']);
    expect(r['Part-II-Item-5']).toBe(
      'ITEM 5. OTHER INFORMATION Securities Trading Plans of Directors and Executive Officers No directors or officers, as defined in Rule 16a-1(f) of the Exchange Act, adopted and/or terminated a "Rule 10b5-1 trading arrangement" or a "non-Rule 10b5-1 trading arrangement," as defined in Item 408 of Regulation S-K, during the last fiscal quarter. Table of Contents',
    );
    // under the exhibits item itself the index stays that item's text (Applied Optoelectronics' Item 6)
    const a = heldoutItems('AAOI_10-Q_2026-08-06_PartI-Item3-PartII_TAIL-EXCERPT.txt', '2026-08-06', '10-Q');
    expect(
      a['Part-II-Item-6']?.startsWith('Item 6. Exhibits See Exhibit Index. EXHIBIT INDEX Number Description'),
    ).toBe(true);
  });
});
