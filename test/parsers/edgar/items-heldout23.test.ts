import { describe, expect, it } from 'vitest';
import { heldoutItems, passOf } from '../../../cli/quality/items-heldout.ts';

// Held-out set 23 (issue 28, twenty-third pass; fixtures/edgar-items/heldout/README.md): five 10-Q tails of
// jimlindstrom/sec_edgar (Intel 2004 and 2005, Google 2005 and 2009, Microsoft 2009), each from a page break to the
// document's end, labelled before the splitter ran on them (first read 9 of 9, no rule written). Every word asserted
// here was read off the excerpts (tag-stripped reading; &#146; read as an apostrophe, no-break spaces as spaces).

describe('filing items: held-out set 23', () => {
  it('counts the twenty-third pass as its own set in the quality report', () => {
    expect(passOf('twenty-third pass; Intel 10-Q ...')).toBe('twenty-third pass');
  });

  it("reads Intel's 2005 vote tables' numbered proposals as Item 4 text, and ends Item 6 before SIGNATURES", () => {
    const r = heldoutItems('INTC_10-Q_2005-08-05_PartII-Items4-6_TAIL-EXCERPT.html', '2005-08-05', '10-Q');
    expect(Object.keys(r)).toEqual(['Part-II-Item-4', 'Part-II-Item-6']);
    const item4 = r['Part-II-Item-4'] ?? '';
    expect(
      item4.startsWith(
        "ITEM 4. SUBMISSION OF MATTERS TO A VOTE OF SECURITY HOLDERS At Intel Corporation's Annual Stockholders' Meeting on May 18, 2005",
      ),
    ).toBe(true);
    // the rows '3. To approve ...' and '4. To approve ...' are proposals, not Items 3 and 4
    expect(item4).toContain(
      '4. To approve the amendment and extension of the Executive Officer Incentive Plan',
    );
    expect(item4.endsWith('in the absence of instructions from their clients.')).toBe(true);
    const item6 = r['Part-II-Item-6'] ?? '';
    expect(
      item6.startsWith('ITEM 6. EXHIBITS 3.1 Intel Corporation Bylaws as amended on July 19, 2005'),
    ).toBe(true);
    expect(item6.endsWith('Other names and brands may be claimed as the property of others.')).toBe(true);
    expect(item6).not.toContain('SIGNATURES');
    expect(item6).not.toContain('Andy D. Bryant');
  });

  it("carries Google's 2005 Item 4 over a page break and leaves the EXHIBIT INDEX after the signatures out of Item 6", () => {
    const r = heldoutItems('GOOG_10-Q_2005-08-15_PartII-Items4-6_TAIL-EXCERPT.html', '2005-08-15', '10-Q');
    expect(Object.keys(r)).toEqual(['Part-II-Item-4', 'Part-II-Item-6']);
    const item4 = r['Part-II-Item-4'] ?? '';
    expect(item4).toContain('Approval of Amendments to Google');
    expect(item4.endsWith('and 3,541,594 votes abstained. The amendments were approved.')).toBe(true);
    const item6 = r['Part-II-Item-6'] ?? '';
    expect(item6.startsWith('ITEM 6. EXHIBITS')).toBe(true);
    expect(item6.endsWith('Furnished herewith.')).toBe(true);
    expect(item6).not.toContain('EXHIBIT INDEX');
    expect(item6).not.toContain('Eric Schmidt');
  });

  it("keeps Microsoft's bold 'Items 3, 4, and 5 are not applicable' sentence inside Item 6 (no item starts there)", () => {
    const r = heldoutItems('MSFT_10-Q_2009-04-23_PartII-Items2-6_TAIL-EXCERPT.html', '2009-04-23', '10-Q');
    expect(Object.keys(r)).toEqual(['Part-II-Item-2', 'Part-II-Item-6']);
    expect(
      r['Part-II-Item-2']?.endsWith(
        'During the third quarter of fiscal year 2009, we did not repurchase any shares.',
      ),
    ).toBe(true);
    const item6 = r['Part-II-Item-6'] ?? '';
    expect(item6.startsWith('Item 6. Exhibits 15 Letter re: unaudited interim financial information')).toBe(
      true,
    );
    expect(item6.endsWith('Items 3, 4, and 5 are not applicable and have been omitted.')).toBe(true);
  });

  it("splits Intel's 2004 Items 2 and 6 on one page and ends Item 6 on the trademark legend", () => {
    const r = heldoutItems('INTC_10-Q_2004-11-03_PartII-Items2-6_TAIL-EXCERPT.html', '2004-11-03', '10-Q');
    expect(Object.keys(r)).toEqual(['Part-II-Item-2', 'Part-II-Item-6']);
    const item2 = r['Part-II-Item-2'] ?? '';
    expect(item2.endsWith('Earnings Release and Business Update release.')).toBe(true);
    expect(item2).not.toContain('ITEM 6');
    const item6 = r['Part-II-Item-6'] ?? '';
    expect(item6.startsWith('ITEM 6. EXHIBITS 12.1 Statement Setting Forth the Computation of Ratios')).toBe(
      true,
    );
    expect(item6.endsWith('*Other names and brands may be claimed as the property of others.')).toBe(true);
  });

  it("ends Google's 2009 Item 6 on its XBRL footnote, before SIGNATURES and the EXHIBIT INDEX", () => {
    const r = heldoutItems('GOOG_10-Q_2009-11-04_PartII-Item6_TAIL-EXCERPT.html', '2009-11-04', '10-Q');
    expect(Object.keys(r)).toEqual(['Part-II-Item-6']);
    const item6 = r['Part-II-Item-6'] ?? '';
    expect(item6.startsWith('ITEM 6. EXHIBITS Exhibit Number Description 31.01')).toBe(true);
    expect(item6.endsWith('and otherwise is not subject to liability under these sections.')).toBe(true);
    expect(item6).not.toContain('Patrick Pichette');
  });
});
