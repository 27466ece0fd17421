import { describe, expect, it } from 'vitest';
import { heldoutItems, passOf } from '../../../cli/quality/items-heldout.ts';

// Held-out set 21 (issue 28, twenty-first pass; fixtures/edgar-items/heldout/README.md): Part III excerpts of Deere's
// FY2002 and FY2003 10-Ks, Intel's FY2004, Microsoft's FY2006, Google's FY2008 and Apple's FY2009 10-Ks from
// jimlindstrom/sec_edgar, labelled before the splitter ran on them (first read 38 of 38, no rule written). Every word
// asserted here was read off the excerpts (tag-stripped reading; &#147;/&#148; read as quotes, &#146; as an
// apostrophe, no-break spaces as spaces).

describe('filing items: held-out set 21', () => {
  it('counts the twenty-first pass as its own set in the quality report', () => {
    expect(passOf('twenty-first pass; Deere & Company 10-K ...')).toBe('twenty-first pass');
    expect(passOf('twenty-first pass batch 2; Intel 10-K ...')).toBe('twenty-first pass');
  });

  it("splits Deere's FY2003 Part III (plain <P> headings, Item 12 alone as a two-cell table) item by item", () => {
    const r = heldoutItems('DEERE_10-K_2003-12-22_Items9A-14_EXCERPT.html', '2003-12-22', '10-K');
    expect(Object.keys(r)).toEqual(['Item-9A', 'Item-10', 'Item-11', 'Item-12', 'Item-13', 'Item-14']);
    const item9a = r['Item-9A'] ?? '';
    expect(
      item9a.startsWith("ITEM 9A. CONTROLS AND PROCEDURES The Company's principal executive officer"),
    ).toBe(true);
    expect(item9a).toMatch(/required by Rule 13a-15\(b\) or 15d-15\(b\) of the Act\.( 11)?$/);
    // the bold PART III line over a rule on the next page belongs to no item
    expect(item9a).not.toContain('PART III');
    const item12 = r['Item-12'] ?? '';
    expect(
      item12.startsWith(
        'ITEM 12. SECURITY OWNERSHIP OF CERTAIN BENEFICIAL OWNERS AND MANAGEMENT AND RELATED STOCKHOLDER MATTERS. (a) Securities authorized for issuance under equity compensation plans.',
      ),
    ).toBe(true);
    expect(item12).toMatch(/\(d\) Change in control\. None\.( 12)?$/);
    expect(r['Item-14']).toBe('ITEM 14. PRINCIPAL ACCOUNTANT FEES AND SERVICES Not Applicable.');
  });

  it("keeps Deere's FY2002 Item 9 apart from the PART III line and reads the SOX-interim Item 14 (Controls and Procedures)", () => {
    const r = heldoutItems('DEERE_10-K_2002-12-19_Items7-14_EXCERPT.html', '2002-12-19', '10-K');
    expect(Object.keys(r)).toEqual([
      'Item-7',
      'Item-7A',
      'Item-8',
      'Item-9',
      'Item-10',
      'Item-11',
      'Item-12',
      'Item-13',
      'Item-14',
    ]);
    expect(r['Item-9']).toBe(
      'ITEM 9. CHANGES IN AND DISAGREEMENTS WITH ACCOUNTANTS ON ACCOUNTING AND FINANCIAL DISCLOSURE. Not applicable.',
    );
    // Item 12 runs over folio 12 and a page break: (c) and (d) are on page 13
    expect(r['Item-12']).toContain('(c) Security ownership of management.');
    expect(r['Item-12']?.endsWith('Change in control. None.')).toBe(true);
    expect(
      r['Item-14']?.startsWith(
        'ITEM 14. CONTROLS AND PROCEDURES (a) Evaluation of disclosure controls and procedures.',
      ),
    ).toBe(true);
    expect(r['Item-14']?.endsWith('subsequent to the date of their evaluation.')).toBe(true);
  });

  it("ends Intel's FY2004 Item 14 before PART IV and keeps Item 15's trademark legend", () => {
    const r = heldoutItems('INTC_10-K_2005-02-18_Items9B-15_EXCERPT.html', '2005-02-18', '10-K');
    expect(Object.keys(r)).toEqual([
      'Item-9B',
      'Item-10',
      'Item-11',
      'Item-12',
      'Item-13',
      'Item-14',
      'Item-15',
    ]);
    expect(r['Item-9B']).toBe('ITEM 9B. OTHER INFORMATION None.');
    expect(r['Item-14']).not.toContain('PART IV');
    expect(
      r['Item-15']?.startsWith(
        'ITEM 15. EXHIBITS AND FINANCIAL STATEMENT SCHEDULES 1. Financial Statements:',
      ),
    ).toBe(true);
    expect(r['Item-15']?.endsWith('*Other names and brands may be claimed as the property of others.')).toBe(
      true,
    );
  });

  it("ends Apple's FY2009 Item 15 before SIGNATURES", () => {
    const r = heldoutItems('AAPL_10-K_2009-10-27_Items10-15_EXCERPT.html', '2009-10-27', '10-K');
    expect(Object.keys(r)).toEqual(['Item-10', 'Item-11', 'Item-12', 'Item-13', 'Item-14', 'Item-15']);
    const item15 = r['Item-15'] ?? '';
    expect(item15).toMatch(/that follows the signature page of this report\.( 95)?$/);
    expect(item15).not.toContain('SIGNATURES');
    expect(item15).not.toContain('27th day of October 2009');
  });
});
