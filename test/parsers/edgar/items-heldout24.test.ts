import { describe, expect, it } from 'vitest';
import { heldoutItems, passOf } from '../../../cli/quality/items-heldout.ts';

// Held-out set 24 (issue 28, twenty-fourth pass; fixtures/edgar-items/heldout/README.md): GenCorp's FY2011 10-K Part
// III, WaterBridge's 2025 8-K and four 10-Q tails (Microsoft 2007 and 2009, Intel 2005, Apple 2009), labelled before
// the splitter ran on them (first read 17 of 17, no rule written). Every word asserted here was read off the excerpts
// (tag-stripped reading; &#146;/&#8217; read as an apostrophe, &#147;/&#148; and &#8220;/&#8221; as double quotes,
// no-break spaces as spaces).

describe('filing items: held-out set 24', () => {
  it('counts the twenty-fourth pass as its own set in the quality report', () => {
    expect(passOf('twenty-fourth pass; GenCorp Inc. 10-K ...')).toBe('twenty-fourth pass');
    expect(passOf('twenty-fourth pass batch 2; Microsoft 10-Q ...')).toBe('twenty-fourth pass');
  });

  it("ends GenCorp's Item 12 on its plan table's last footnote across a page break, before Item 13", () => {
    const r = heldoutItems('GENCORP_10-K_FY2011-11_Items9B-14_EXCERPT.html', '2011-11-30', '10-K');
    expect(Object.keys(r)).toEqual([
      'Item-9B',
      'Item-10',
      'Item-11',
      'Item-12',
      'Item-13',
      'Item-14',
      'Item-15',
    ]);
    expect(r['Item-9B']).toBe('Item 9B. Other Information None.');
    const item12 = r['Item-12'] ?? '';
    expect(
      item12.startsWith(
        'Item 12. Security Ownership of Certain Beneficial Owners and Management and Related Stockholder Matters The information under the headings',
      ),
    ).toBe(true);
    expect(item12).toContain('Equity Compensation Plan Information');
    expect(item12).toContain('2,135,573');
    // footnote (1) runs over folio 130 and the page break: "... may receive more than 150,000 shares in any fiscal year"
    expect(item12).toContain('150,000 shares in any');
    expect(
      item12.endsWith(
        'to prevent the application of future deferrals to the Company common stock investment program.',
      ),
    ).toBe(true);
    expect(item12).not.toContain('Item 13');
    const item14 = r['Item-14'] ?? '';
    expect(
      item14.startsWith('Item 14. Principal Accountant Fees and Services The information in our 2012 Proxy'),
    ).toBe(true);
    expect(item14.endsWith('is incorporated herein by reference.')).toBe(true);
    expect(item14).not.toContain('PART IV');
  });

  it("runs WaterBridge's only item, Item 5.02, to the signature page and no further", () => {
    const r = heldoutItems('WATERBRIDGE_8-K_2025-12-15_Item5.02_EXCERPT.html', '2025-12-15', '8-K');
    expect(Object.keys(r)).toEqual(['Item-5.02']);
    const item = r['Item-5.02'] ?? '';
    expect(
      item.startsWith('Item 5.02 Departure of Directors or Certain Officers; Election of Directors;'),
    ).toBe(true);
    expect(item).toContain('appointed Janet Carrig to serve on the Board');
    expect(
      item.endsWith(
        'that would require disclosure under Item 404(a) of Regulation S-K under the Securities Act of 1933, as amended.',
      ),
    ).toBe(true);
    expect(item).not.toContain('SIGNATURES');
    expect(item).not.toContain('McNeely');
  });

  it("keeps Apple's 2009 Item 6 over the page holding only its XBRL footnote, and ends it before SIGNATURE", () => {
    const r = heldoutItems('AAPL_10-Q_2009-07-22_PartII-Items2-6_TAIL-EXCERPT.html', '2009-07-22', '10-Q');
    expect(Object.keys(r)).toEqual([
      'Part-II-Item-2',
      'Part-II-Item-3',
      'Part-II-Item-4',
      'Part-II-Item-5',
      'Part-II-Item-6',
    ]);
    expect(r['Part-II-Item-5']).toBe('Item 5. Other Information None.');
    const item6 = r['Part-II-Item-6'] ?? '';
    expect(item6.startsWith('Item 6. Exhibits (a) Index to Exhibits')).toBe(true);
    expect(item6).toContain('Furnished herewith.');
    expect(item6).toContain('Pursuant to applicable securities laws and regulations');
    expect(item6.endsWith('are deemed not filed and otherwise are not subject to liability.')).toBe(true);
    expect(item6).not.toContain('SIGNATURE');
    expect(item6).not.toContain('Oppenheimer');
  });

  it("ends Microsoft's 2007 Item 2 at its page and Intel's 2005 Item 6 on the trademark legend", () => {
    const m = heldoutItems('MSFT_10-Q_2007-10-25_PartII-Items2-6_TAIL-EXCERPT.html', '2007-10-25', '10-Q');
    expect(Object.keys(m)).toEqual(['Part-II-Item-2', 'Part-II-Item-6']);
    expect(
      m['Part-II-Item-2']?.endsWith(
        'The transactions occurred in open market purchases and pursuant to a trading plan under Rule 10b5-1.',
      ),
    ).toBe(true);
    expect(m['Part-II-Item-6']?.endsWith('Items 3, 4, and 5 are not applicable and have been omitted.')).toBe(
      true,
    );
    expect(m['Part-II-Item-6']).not.toContain('Brod');
    const i = heldoutItems('INTC_10-Q_2005-05-10_PartII-Item6_TAIL-EXCERPT.html', '2005-05-10', '10-Q');
    expect(Object.keys(i)).toEqual(['Part-II-Item-6']);
    expect(
      i['Part-II-Item-6']?.startsWith('ITEM 6. EXHIBITS 10.1** Named Executive Officer Compensation.'),
    ).toBe(true);
    expect(
      i['Part-II-Item-6']?.endsWith('Other names and brands may be claimed as the property of others.'),
    ).toBe(true);
    expect(i['Part-II-Item-6']).not.toContain('Bryant');
  });

  it("reads Microsoft's bare-numbered proposals 2.-7. inside Item 4, not as Items 2-7", () => {
    const r = heldoutItems('MSFT_10-Q_2009-01-22_PartII-Items4-6_TAIL-EXCERPT.html', '2009-01-22', '10-Q');
    expect(Object.keys(r)).toEqual(['Part-II-Item-4', 'Part-II-Item-6']);
    const item4 = r['Part-II-Item-4'] ?? '';
    expect(
      item4.startsWith(
        'Item 4. Submission of Matters to a Vote of Security Holders The Annual Meeting of Shareholders was held on November 19, 2008.',
      ),
    ).toBe(true);
    expect(item4).toContain(
      '3. To approve amendments to the 1999 Stock Option Plan for Non-Employee Directors.',
    );
    expect(item4).toContain(
      '6. Shareholder proposal to establish Board of Directors Committee on Human Rights.',
    );
    expect(item4.endsWith('Broker non-vote 1,367,298,238')).toBe(true);
    expect(r['Part-II-Item-6']?.endsWith('Items 3 and 5 are not applicable and have been omitted.')).toBe(
      true,
    );
  });
});
