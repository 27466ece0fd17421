import { describe, expect, it } from 'vitest';
import { heldoutItems } from '../../../cli/quality/items-heldout.ts';
import { splitFilingFile } from '../../../parsers/edgar/items/index.ts';
import { readFixture } from './items-corpus.ts';

// Held-out set 12 (issue 28, twelfth pass; fixtures/edgar-items/heldout/README.md). Every word asserted here was
// read off the documents (the HTML with its tags, the typed text with its folios).
describe('filing items: held-out set 12', () => {
  it("ends an asset-backed 10-K's Item 16 before the form's Section 15(d) supplemental-information caption (2021)", () => {
    const r = heldoutItems('DRIVE-AUTO-2018-5_10-K_2021-03-31_PartII-IV_EXCERPT.html', '2021-03-31', '10-K');
    // the caption and its paragraph ("No annual report, proxy statement, ... has been sent to certificateholders")
    // come between Item 16's "None." and the SIGNATURES page: no item of the form
    expect(r['Item-16']).toBe('Item 16. Form 10-K Summary None.');
    expect(Object.values(r).some((t) => t.includes('No annual report, proxy statement'))).toBe(false);
    expect(r['Item-15']).toMatch(
      /^Item 15\. Exhibits and Financial Statement Schedules \(a\)\(1\) Not Applicable\./,
    );
    expect(r['Item-15']).toMatch(/35\.1 Servicer Compliance Statement \(SC\) \(c\) Not Applicable\.$/);
    expect(r['Item-9B']).toMatch(/^Item 9B\. Other Information Santander Consumer USA Inc\./);
    expect(r['Item-9B']).toMatch(/"Santander Consumer USA Holdings Inc\." and file number 001-36270\.$/);
  });

  it("ends CarMax's ABS 10-K Item 16 at 'None.' before the same caption (2023, the shared mirror's copy)", () => {
    const split = splitFilingFile(readFixture('1779026/000177902623000027/0001779026-23-000027.txt'), {
      form: '10-K',
    });
    const item16 = split.items.find((i) => i.number === 'Item-16');
    expect(item16?.text.replace(/\s+/g, ' ').trim()).toBe('Item 16. Form 10-K Summary. None.');
    expect(split.items.some((i) => /Supplemental Information to be Furnished/i.test(i.text))).toBe(false);
  });

  it("reads BriteSmile's typed Item 3 across its mid-sentence folio and ends Item 4 at PART II (10-K, 2001)", () => {
    const r = heldoutItems('BRITESMILE_10-K_2001_Items2-4_EXCERPT.txt', '2001-04-02', '10-K');
    expect(Object.keys(r)).toEqual(['Item-2', 'Item-3', 'Item-4', 'Item-5']);
    expect(r['Item-3']).toBe(
      "ITEM 3. LEGAL PROCEEDINGS The Company is involved in various other claims and legal actions arising in the ordinary course of business. In the opinion of management, the ultimate disposition of these other matters will not have a material adverse effect on the Company's operations or financial condition.",
    );
    expect(r['Item-4']).toBe(
      'ITEM 4. SUBMISSION OF MATTERS TO A VOTE OF SECURITY HOLDERS No matters were submitted to a vote of security holders during the last quarter of the Transition Period covered by this Report.',
    );
    expect(r['Item-2']).toMatch(/^ITEM 2\. DESCRIPTION OF PROPERTY In November 1999 the Company relocated/);
  });

  it("keeps LG&E and KU's combined-filing note out of the pre-2004 Item 9 and ends it before SIGNATURES (8-K, 2003)", () => {
    const r = heldoutItems('LGE-KU_8-K_2003-03-25_Item9_EXCERPT.html', '2003-03-25', '8-K');
    expect(Object.keys(r)).toEqual(['Item-9']);
    expect(r['Item-9']).toMatch(
      /^Item 9\. Regulation FD Disclosure On March 25, 2003, in connection with the filing/,
    );
    expect(r['Item-9']).toMatch(/as adopted pursuant to § 302 of the Sarbanes-Oxley Act of 2002\.$/);
    expect(r['Item-9']).not.toContain('This combined Form 8-K');
  });

  it("does not start an item where CoreWeave's text names one ('described below in Item 8.01') (8-K, 2026)", () => {
    const r = heldoutItems('CRWV_8-K_2026-04-09_Items7.01-8.01-9.01_EXCERPT.htm', '2026-04-09', '8-K');
    expect(Object.keys(r)).toEqual(['Item-7.01', 'Item-8.01', 'Item-9.01']);
    expect(r['Item-7.01']).toMatch(
      /^Item 7\.01 Regulation FD Disclosure\. On April 9, 2026, CoreWeave, Inc\./,
    );
    expect(r['Item-7.01']).toMatch(/unless expressly incorporated by specific reference in such filings\.$/);
    expect(r['Item-9.01']).toBe(
      'Item 9.01 Financial Statements and Exhibits. (d) Exhibits. Exhibit No. Description 99.1 Press Release issued by CoreWeave, Inc., dated April 9, 2026. 104 Cover Page Interactive Data File (embedded within the Inline XBRL document)',
    );
  });
});
