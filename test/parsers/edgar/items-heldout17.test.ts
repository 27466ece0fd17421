import { describe, expect, it } from 'vitest';
import { heldoutItems } from '../../../cli/quality/items-heldout.ts';

// Held-out set 17 (issue 28, seventeenth pass; fixtures/edgar-items/heldout/README.md): two excerpts of real filings
// that no set or fixture held, labelled before the splitter ran on them. Every word asserted here was read off the
// excerpts (tag-stripped reading of the copies; &#146; read as an apostrophe, &#147;/&#148; as quotes).

describe('filing items: held-out set 17', () => {
  it("starts Microsoft's Item 14 at its heading, not at the running header 'Part IV' / 'Item 14' above it (10-K, FY2002)", () => {
    const r = heldoutItems('MSFT_10-K_2002-09-05_Items9-14_EXCERPT.html', '2002-09-05', '10-K');
    // the running header of page 40, "Part III" / "Item 10, 11, 12, 13", heads none of them
    expect(Object.keys(r)).toEqual(['Item-9', 'Item-10', 'Item-11', 'Item-12', 'Item-13', 'Item-14']);
    expect(r['Item-9']).toBe(
      'ITEM 9. CHANGES IN AND DISAGREEMENTS WITH ACCOUNTANTS ON ACCOUNTING AND FINANCIAL DISCLOSURES None.',
    );
    expect(r['Item-10']).toMatch(
      /^ITEM 10\. DIRECTORS OF THE REGISTRANT Information with respect to Directors/,
    );
    expect(r['Item-13']).toBe(
      'ITEM 13. CERTAIN RELATIONSHIPS AND RELATED TRANSACTIONS The information set forth under the captions "Certain Relationships and Related Transactions" of the Proxy Statement is incorporated herein by reference.',
    );
    // page 41 opens "Part IV" / "Item 14", then "PART IV", then the heading: the item is the heading's
    const item14 = r['Item-14'] ?? '';
    expect(
      item14.startsWith(
        'ITEM 14. EXHIBITS, FINANCIAL STATEMENT SCHEDULES, AND REPORTS ON FORM 8-K (a) Financial Statements and Schedules The financial statements are set forth under Item 8 of this report on Form 10-K.',
      ),
    ).toBe(true);
    expect(item14).toContain(
      '10.10 Resignation Agreement between Richard Belluzzo and Microsoft Corporation',
    );
    // footnote (7), then folio 41, a page break and SIGNATURES
    expect(
      item14.endsWith(
        '(7) Incorporated by reference to Annual Report on Form 10-K For The Fiscal Year Ended June 30, 2000.',
      ),
    ).toBe(true);
    expect(item14).not.toContain('SIGNATURES');
  });

  it("reads Deere's Part I Items 3-4 and Part II Items 1-6, the 8-K table's 'Item' column inside Item 6 (10-Q, Q1 FY2004)", () => {
    const r = heldoutItems(
      'DEERE_10-Q_2004-02-27_PartI-Item3-PartII_TAIL-EXCERPT.html',
      '2004-02-27',
      '10-Q',
    );
    expect(Object.keys(r)).toEqual([
      'Part-I-Item-3',
      'Part-I-Item-4',
      'Part-II-Item-1',
      'Part-II-Item-2',
      'Part-II-Item-3',
      'Part-II-Item-4',
      'Part-II-Item-5',
      'Part-II-Item-6',
    ]);
    expect(r['Part-I-Item-3']).toBe(
      "Item 3. QUANTITATIVE AND QUALITATIVE DISCLOSURES ABOUT MARKET RISK See the Company's most recent annual report filed on Form 10-K (Item 7A). There has been no material change in this information.",
    );
    // folio 25 and the centred "PART II. OTHER INFORMATION" line belong to no item
    expect(r['Part-I-Item-4']).toMatch(/required by Rule 13a-15\(b\) or 15d-15\(b\) of the Act\.$/);
    expect(r['Part-II-Item-1']).toBe(
      'Item 1. Legal Proceedings See Note 11 to the Interim Financial Statements.',
    );
    expect(r['Part-II-Item-3']).toBe('Item 3. Defaults Upon Senior Securities None');
    expect(r['Part-II-Item-5']).toBe('Item 5. Other Information None');
    const item6 = r['Part-II-Item-6'] ?? '';
    expect(item6).toContain(
      '(b) Reports on Form 8-K Date of Report Item Financial Statements November 5, 2003 5 None November 17, 2003 9 None',
    );
    // the table's last row, then folio 26, SIGNATURES and an INDEX TO EXHIBITS numbered 2, 3, 4.1 ... 32
    expect(item6.endsWith('December 15, 2003 5 None January 6, 2004 9 None')).toBe(true);
    expect(item6).not.toContain('SIGNATURES');
    expect(item6).not.toContain('INDEX TO EXHIBITS');
  });
});
