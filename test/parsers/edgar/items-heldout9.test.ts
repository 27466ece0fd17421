import { describe, expect, it } from 'vitest';
import { heldoutItems } from '../../../cli/quality/items-heldout.ts';

// Held-out set 9 (issue 28, ninth pass; fixtures/edgar-items/heldout/README.md): five real filings, 1996-2024.
// Every first and last word asserted here was read off the document (the typed text, or the HTML with its tags).
const heldout = (file: string, filingDate: string, form: '8-K' | '10-K' | '10-Q') =>
  heldoutItems(file, filingDate, form);

describe('filing items: held-out set 9', () => {
  it("starts Item 1 at its heading, not at the 'PART I' line typed right above it (Merck 10-K405, 1996)", () => {
    const r = heldout('MRK_10-K405_1996-03-20_Items1-14_DOCUMENT.txt', '1996-03-20', '10-K');
    expect(Object.keys(r)).toEqual([
      'Item-1',
      'Item-2',
      'Item-3',
      'Item-4',
      'Item-5',
      'Item-6',
      'Item-7',
      'Item-8',
      'Item-9',
      'Item-10',
      'Item-11',
      'Item-12',
      'Item-13',
      'Item-14',
    ]);
    // "                                     PART I" / "ITEM 1. BUSINESS." with no blank line between them
    expect(r['Item-1']).toMatch(
      /^ITEM 1\. BUSINESS\. Merck & Co\., Inc\. is a leading research-driven pharmaceutical company/,
    );
    expect(r['Item-1']).toMatch(/to page 49 of the Company's 1995 Annual Report to stockholders\.$/);
    // the heading wrapped over two lines is one heading; the item is the pointer under it
    expect(r['Item-5']).toBe(
      "ITEM 5. MARKET FOR THE REGISTRANT'S COMMON EQUITY AND RELATED STOCKHOLDER MATTERS. The information required for this item is incorporated by reference to pages 37 and 51 of the Company's 1995 Annual Report to stockholders.",
    );
    expect(r['Item-9']).toBe(
      'ITEM 9. CHANGES IN AND DISAGREEMENTS WITH ACCOUNTANTS ON ACCOUNTING AND FINANCIAL DISCLOSURE. Not applicable.',
    );
    expect(r['Item-12']).toMatch(/to be held April 23, 1996\.$/);
    expect(r['Item-14']).toMatch(
      /^ITEM 14\. EXHIBITS, FINANCIAL STATEMENT SCHEDULES AND REPORTS ON FORM 8-K\. \(A\)/,
    );
    expect(r['Item-14']).toMatch(
      /the approval by its Board of Directors of a new \$3 billion treasury stock purchase program\.$/,
    );
    expect(r['Item-14']).not.toMatch(/SIGNATURES|GILMARTIN/);
  });

  it('ends Item 14 at SIGNATURES although the annual report pages follow in the same document (GE 10-K, 1994)', () => {
    const r = heldout('GE_10-K_1994-03-11_Items1-14_DOCUMENT.txt', '1994-03-11', '10-K');
    expect(Object.keys(r)).toHaveLength(14);
    expect(r['Item-8']).toBe('Item 8. Financial Statements and Supplementary Data See index under item 14.');
    // the executive officers' table and biographies sit inside Item 10, before its proxy pointer
    expect(r['Item-10']).toMatch(
      /^Item 10\. Directors and Executive Officers of Registrant Executive Officers of the Registrant \(As of March 11, 1994\)/,
    );
    expect(r['Item-10']).toMatch(/Annual Meeting of Share Owners to be held April 27, 1994\.$/);
    expect(r['Item-14']).toMatch(
      /There were no reports on Form 8-K filed by the registrant during the fourth quarter of 1993\.$/,
    );
    expect(r['Item-14']).not.toMatch(/SIGNATURES|duly caused/);
  });

  it('ends Part II Items 5 and 6 at Item 6 and at SIGNATURES in a three-registrant 10-Q (Spire, 2024)', () => {
    const r = heldout('SPIRE_10-Q_2024-02-01_PartI-Item3-PartII_TAIL-EXCERPT.html', '2024-02-01', '10-Q');
    expect(Object.keys(r)).toEqual([
      'Part-I-Item-3',
      'Part-I-Item-4',
      'Part-II-Item-1',
      'Part-II-Item-1A',
      'Part-II-Item-2',
      'Part-II-Item-3',
      'Part-II-Item-4',
      'Part-II-Item-5',
      'Part-II-Item-6',
    ]);
    expect(r['Part-II-Item-3']).toBe('Item 3. Defaults upon Senior Securities None.');
    expect(r['Part-II-Item-4']).toBe('Item 4. Mine Safety Disclosures Not applicable.');
    // "Item <em>5.</em> Other Information" inside the ix:nonNumeric 10b5-1 block; folio 57 and a page break follow
    expect(r['Part-II-Item-5']).toMatch(
      /^Item 5\. Other Information During the quarterly period ended December 31, 2023, no director or officer/,
    );
    expect(r['Part-II-Item-5']).toMatch(/trading arrangement" \(as defined in the Exchange Act\)\.$/);
    expect(r['Part-II-Item-6']).toMatch(/^Item 6\. Exhibits Exhibit No\. Description 31\.1/);
    expect(r['Part-II-Item-6']).toMatch(
      /included in the Interactive Data Files submitted under Exhibit 101\)\.$/,
    );
    expect(r['Part-II-Item-6']).not.toMatch(/SIGNATURES|Rasche/);
  });

  it('reads an Item 7 printed before Item 12 and ends Item 12 before the folio and SIGNATURE (Asta Funding 8-K, 2004)', () => {
    const r = heldout('ASFI_8-K_2004-02-11_Item7-12.txt', '2004-02-11', '8-K');
    expect(Object.keys(r)).toEqual(['Item-7', 'Item-12']);
    expect(r['Item-7']).toBe(
      'Item 7. Financial Statements and Exhibits. (c) Exhibits 99.1 Press release of Asta Funding, Inc. dated February 11, 2004.',
    );
    expect(r['Item-12']).toMatch(/^Item 12\. Results of Operations and Financial Condition The information/);
    expect(r['Item-12']).toMatch(
      /attached hereto as Exhibit 99\.1, which is incorporated herein by reference\.$/,
    );
  });

  it('ends Item 9.01 at SIGNATURES although the press release follows inside the 8-K document (Horizon Financial, 2008)', () => {
    const r = heldout('HRZB_8-K_2008-10-23_Item2.02-9.01.txt', '2008-10-23', '8-K');
    expect(Object.keys(r)).toEqual(['Item-2.02', 'Item-9.01']);
    expect(r['Item-2.02']).toMatch(
      /^Item 2\.02 Results of Operations and Financial Condition On October 23, 2008/,
    );
    expect(r['Item-2.02']).toMatch(
      /attached hereto as Exhibit 99\.1 and incorporated herein by reference\.$/,
    );
    expect(r['Item-9.01']).toMatch(/^Item 9\.01 Financial Statements and Exhibits/);
    expect(r['Item-9.01']).toMatch(
      /99\.1 Press Release of Horizon Financial Corp\. dated October 23, 2008\.$/,
    );
    expect(r['Item-9.01']).not.toMatch(/BELLINGHAM|Jacobson/);
  });

  it('ends Item 9.01 before SIGNATURE and the EXHIBIT INDEX (Nuance 8-K, 2014)', () => {
    const r = heldout('NUAN_8-K_2014-02-10_Item2.02-9.01.htm', '2014-02-10', '8-K');
    expect(Object.keys(r)).toEqual(['Item-2.02', 'Item-9.01']);
    // nine run-in subheadings inside the item ("Amortization of Acquired Intangible Assets.", "Other Expenses.")
    expect(r['Item-2.02']).toContain('Amortization of Acquired Intangible Assets.');
    expect(r['Item-2.02']).toMatch(
      /to evaluate the efficacy of the methodology and information used by management to evaluate and measure such performance\.$/,
    );
    expect(r['Item-9.01']).toMatch(/^ITEM 9\.01 Financial Statements and Exhibits \(d\) ?Exhibits/);
    expect(r['Item-9.01']).toMatch(/99\.2 Supplemental Financial Information$/);
    expect(r['Item-9.01']).not.toMatch(/EXHIBIT INDEX|Beaudoin/);
  });
});
