import { describe, expect, it } from 'vitest';
import { heldoutItems } from '../../../cli/quality/items-heldout.ts';

// Held-out set 13 (issue 28, thirteenth pass; fixtures/edgar-items/heldout/README.md): six whole documents of unusual
// layout. Every word asserted here was read off the documents (the HTML with its tags, the typed text with its folios).
describe('filing items: held-out set 13', () => {
  it("splits 24Holdings' typed 10-KSB by the small-business numbering, Item 8A(T) and Item 2 across its folio (2008)", () => {
    const r = heldoutItems(
      '../../upstream/www.sec.gov/Archives/edgar/data/1025315/000093041308001093/0000930413-08-001093.txt',
      '2008-02-20',
      '10-K',
    );
    expect(Object.keys(r)).toEqual([
      'Item-1',
      'Item-2',
      'Item-3',
      'Item-4',
      'Item-5',
      'Item-6',
      'Item-7',
      'Item-8',
      'Item-8A',
      'Item-8B',
      'Item-9',
      'Item-10',
      'Item-11',
      'Item-12',
      'Item-13',
      'Item-14',
    ]);
    // "8" and <PAGE> between "We currently have no policy" and "with respect to investments"
    expect(r['Item-2']).toBe(
      'ITEM 2. PROPERTIES Our principal offices are located at 47 School Avenue, Chatham, New Jersey which are owned by an affiliate of Kirk Warshaw, a director and our chief financial officer and secretary. We occupy our principal offices on a month to month basis for no rent. We do not own or intend to invest in any real property. We currently have no policy with respect to investments or interests in real estate, real estate mortgages or securities of, or interests in, persons primarily engaged in real estate activities.',
    );
    expect(r['Item-3']).toBe(
      'ITEM 3. LEGAL PROCEEDINGS We are not a party to any pending legal proceedings.',
    );
    expect(r['Item-7']).toBe(
      'ITEM 7. FINANCIAL STATEMENTS See the index to the Financial Statements below, beginning on page F-1.',
    );
    expect(r['Item-8A']).toMatch(
      /^ITEM 8A\(T\)\. CONTROLS AND PROCEDURES\. \(a\) EVALUATION OF DISCLOSURE CONTROLS/,
    );
    expect(r['Item-8B']).toBe('ITEM 8B. OTHER INFORMATION None.');
    // the financial statements follow SIGNATURES: none of them is in Item 14
    expect(r['Item-14']).toMatch(/The above services were approved by our Board of Directors\.$/);
  });

  it("reads REAC's 'Item N - Title' headings and keeps the numbered fee rows inside Item 14 (10-K, 2016)", () => {
    const r = heldoutItems(
      '../../upstream/www.sec.gov/Archives/edgar/data/1418302/000157587216000308/10k.htm',
      '2016-03-29',
      '10-K',
    );
    expect(r['Item-1B']).toBe('Item 1B - Unresolved Staff Comments None');
    expect(r['Item-3']).toBe(
      'Item 3 - Legal Proceedings The Company is not a party to any pending legal proceedings, and no such proceedings are known to be contemplated.',
    );
    expect(r['Item-9']).toBe(
      'Item 9 - Changes in and Disagreements with Accountants on Accounting and Financial Disclosure None',
    );
    expect(r['Item-14']).toMatch(
      /^Item 14 - Principal Accountant Fees and Services The Company paid or accrued/,
    );
    expect(r['Item-14']).toContain('3. Tax fees');
    expect(r['Item-14']).toMatch(/full-time, permanent employees\.$/);
  });

  it("takes SGRP's misprinted titles ('Safety Disclosures', 'Principal Accounting Fees') as their items (10-K, 2019)", () => {
    const r = heldoutItems(
      '../../upstream/www.sec.gov/Archives/edgar/data/1714367/000155889119000066/sgrp-20190630_10k.htm',
      '2019-08-28',
      '10-K',
    );
    expect(r['Item-2']).toBe(
      "Item 2. Properties. We currently do not rent any real property or offices. Our current business address is Aloni Noa'kh St. 1, Kiryat Motzkin 26402, Israel.",
    );
    expect(r['Item-4']).toBe('Item 4. Safety Disclosures. Not Applicable');
    expect(r['Item-9B']).toBe('Item 9B. Other Information. None.');
    expect(r['Item-14']).toMatch(
      /^Item 14\. Principal Accounting Fees and Services The aggregate professional fees/,
    );
  });

  it("keeps Target's 'Item X. Executive Officers' in Item 4 and reads the lowercase 'Item 7a.' (10-K, 2003)", () => {
    const r = heldoutItems(
      '../../upstream/www.sec.gov/Archives/edgar/data/27419/000104746903013199/a2105670z10-k.htm',
      '2003-04-14',
      '10-K',
    );
    expect(r['Item-4']).toMatch(
      /^Item 4\. Submission of Matters to a Vote of Security Holders\. Not Applicable\. Item X\. Executive Officers of the Registrant\./,
    );
    expect(r['Item-4']).toMatch(/Marshall Field's from August 1995 to March 1996\.$/);
    expect(r['Item-7A']).toBe(
      "Item 7a. Quantitative and Qualitative Disclosures About Market Risk. The Registrant's operations are not currently subject to market risks of a material nature for interest rates, foreign currency rates, commodity prices or other market price risks.",
    );
    expect(r['Item-9']).toBe(
      'Item 9. Changes in and Disagreements With Accountants on Accounting and Financial Disclosure. Not Applicable.',
    );
    expect(r['Item-13']).toBe('Item 13. Certain Relationships and Related Transactions. Not Applicable.');
    // the PART III paragraph on the proxy statement stands under PART III, before Item 10: no item
    expect(Object.values(r).some((t) => t.includes('Certain information required by Part III'))).toBe(false);
  });

  it("ends Intel's Item 15 before the 'Signatures and Certifications' caption and paragraph (10-K, 2003)", () => {
    const r = heldoutItems(
      '../../upstream/www.sec.gov/Archives/edgar/data/50863/000104746903008257/a2104280z10-k.htm',
      '2003-03-10',
      '10-K',
    );
    expect(r['Item-13']).toBe(
      'ITEM 13. CERTAIN RELATIONSHIPS AND RELATED TRANSACTIONS The information appearing in our 2003 Proxy Statement under the heading "Certain Relationships and Related Transactions" is incorporated by reference.',
    );
    expect(r['Item-14']).toMatch(
      /^ITEM 14\. CONTROLS AND PROCEDURES Quarterly Evaluation of the Company's Disclosure Controls and Internal Controls/,
    );
    expect(r['Item-15']).toMatch(
      /\*\* Compensation plans or arrangements in which directors and executive officers are eligible to participate\.$/,
    );
    expect(
      Object.values(r).some((t) => t.includes('Signatures and Certifications of the Chief Executive')),
    ).toBe(false);
  });

  it("reads ABVC's Item 4.02 and its Item 7.01 sentence that opens with 'Item 2.02' (8-K, 2025)", () => {
    const r = heldoutItems(
      '../../upstream/www.sec.gov/Archives/edgar/data/1173313/000121390025032135/0001213900-25-032135.txt',
      '2025-04-15',
      '8-K',
    );
    expect(Object.keys(r)).toEqual(['Item-2.02', 'Item-4.02', 'Item-7.01', 'Item-9.01']);
    expect(r['Item-4.02']).toMatch(
      /^Item 4\.02 Non-Reliance on Previously Issued Financial Statements or a Related Audit Report or Completed Interim Review\. On April 10, 2025, the Board of Directors/,
    );
    expect(r['Item-7.01']).toBe(
      'Item 7.01 Regulation FD Disclosure. Item 2.02 of this Current Report on Form 8-K is incorporated herein by reference.',
    );
    expect(r['Item-9.01']).toBe(
      'Item 9.01 Exhibits (d) Exhibits Exhibit No. Description 99.1 Press Release 104 Cover Page Interactive Data File, formatted in Inline XBRL',
    );
  });
});
