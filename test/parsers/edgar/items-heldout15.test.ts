import { describe, expect, it } from 'vitest';
import { heldoutItems } from '../../../cli/quality/items-heldout.ts';

// Held-out set 15 (issue 28, fifteenth pass; fixtures/edgar-items/heldout/README.md): five whole documents and one
// excerpt whose items end on the classes the issue names: headings stacked over one sentence that answers them all,
// and items whose end runs into the signature page. Every word asserted here was read off the documents.
const UP = '../../upstream/www.sec.gov/Archives/edgar/data';

describe('filing items: held-out set 15', () => {
  it("serves Medicis' stacked Items 10-13 with the one sentence that answers them, and ends Item 14 before the power of attorney (10-K, 1999)", () => {
    const r = heldoutItems(
      `${UP}/cik-unknown/000095015399001234/MEDICIS_10-K_FY1999-06_0000950153-99-001234.html`,
      '1999-09-28',
      '10-K',
    );
    const sentence =
      "The information called for by Items 10, 11, 12 and 13 are incorporated by reference to the Company's definitive Proxy Statement for the 1999 Annual Meeting of Shareholders to be filed pursuant to Regulation 14A.";
    expect(r['Item-10']).toBe(`Item 10: Directors and Executive Officers of the Registrant ${sentence}`);
    expect(r['Item-11']).toBe(`Item 11: Executive Compensation ${sentence}`);
    expect(r['Item-12']).toBe(
      `Item 12: Security Ownership of Certain Beneficial Owners and Management ${sentence}`,
    );
    expect(r['Item-13']).toBe(`Item 13: Certain Relationships and Related Transactions ${sentence}`);
    expect(r['Item-9']).toBe(
      'Item 9: Changes in and Disagreements with Accountants on Accounting and Financial Disclosure None.',
    );
    // folio 26, then POWER OF ATTORNEY and its paragraph, then SIGNATURES: none of them is Item 14's
    expect(r['Item-14']).toMatch(
      /^Item 14: Exhibits, Financial Statement Schedules and Reports on Form 8-K Item 14\(a\)\(1\): Financial Statements/,
    );
    expect(r['Item-14']).toMatch(/repurchase up to \$75 million of the Company's common stock\.$/);
    expect(r['Item-14']).not.toContain('KNOW ALL MEN');
  });

  it("ends PFBI's Item 9.01 on its exhibit line where the signature paragraph follows without a heading (8-K, 2021)", () => {
    const r = heldoutItems(
      `${UP}/887919/000088791921000012/PFBI_8-K_2021-03-29_0000887919-21-000012_Item8.01.html`,
      '2021-03-30',
      '8-K',
    );
    expect(Object.keys(r)).toEqual(['Item-8.01', 'Item-9.01']);
    expect(r['Item-9.01']).toBe(
      'Item 9.01. Financial Statements and Exhibits (c) Exhibit 99.1 – Joint Press Release dated March 29, 2021 captioned "Peoples Bancorp, Inc. and Premier Financial Bancorp, Inc. Announce Definitive Merger Agreement".',
    );
    expect(r['Item-8.01']).toMatch(/^Item 8\.01\. Other Events On March 29, 2021, Premier Financial Bancorp/);
    expect(r['Item-8.01']).toMatch(/regarding the proposed merger when it becomes available\.$/);
  });

  it("reads Apple's typed 8-K of 2000: Items 5 and 7, not the 'Not Applicable' line, Item 7 before SIGNATURE", () => {
    const r = heldoutItems(`${UP}/320193/000091205700002128/0000912057-00-002128.txt`, '2000-01-24', '8-K');
    expect(Object.keys(r)).toEqual(['Item-5', 'Item-7']);
    expect(r['Item-5']).toBe(
      'Item 5. OTHER EVENTS. (i) Reference is made to the press release issued to the public by the registrant on January 19, 2000, the text of which is attached hereto as an exhibit, for a description of the events reported pursuant to this Form 8-K.',
    );
    expect(r['Item-7']).toBe(
      'Item 7. FINANCIAL STATEMENTS, PRO FORMA FINANCIAL INFORMATION AND EXHIBITS. (c) Exhibits 99.1. Text of press release dated January 19, 2000.',
    );
  });

  it("ends GAINSCO's one-sentence Part III items at the next heading and Item 15 before SIGNATURES (10-K, 2010)", () => {
    const r = heldoutItems(
      `${UP}/cik-unknown/000119312510073212/GAINSCO_10-K_FY2009_0001193125-10-073212.html`,
      '2010-03-31',
      '10-K',
    );
    expect(r['Item-12']).toBe(
      'ITEM 12. SECURITY OWNERSHIP OF CERTAIN BENEFICIAL OWNERS AND MANAGEMENT AND RELATED STOCKHOLDER MATTERS The information required by this Item 12 will be supplied by a Schedule 14A filing or an amendment to this Report, to be filed with the SEC no later than April 30, 2010.',
    );
    expect(r['Item-9B']).toBe('ITEM 9B. OTHER INFORMATION None.');
    expect(r['Item-15']).toMatch(
      /^ITEM 15\. EXHIBITS AND FINANCIAL STATEMENT SCHEDULES \(a\) Documents filed/,
    );
    expect(r['Item-15']).toMatch(/3\. See the Exhibit Index beginning on page 65\.$/);
  });

  it("ends Apple's 1994 Item 13 before its padded page and Item 14 on the auditors' report before SIGNATURES (10-K)", () => {
    const r = heldoutItems(`${UP}/320193/000032019394000016/0000320193-94-000016.txt`, '1994-12-13', '10-K');
    expect(r['Item-12']).toBe(
      'Item 12. Security Ownership of Certain Beneficial Owners and Management Information regarding security ownership of certain beneficial owners and management is set forth in the Proxy Statement under the heading "Information About Apple Computer, Inc. - Security Ownership of Certain Beneficial Owners and Management", which information is hereby incorporated by reference.',
    );
    expect(r['Item-13']).toMatch(
      /Interlocks and Insider Participation", which information is hereby incorporated by reference\.$/,
    );
    expect(r['Item-14']).toMatch(
      /s\/ Ernst & Young LLP Ernst & Young LLP San Jose, California December 8, 1994$/,
    );
  });

  it("ends the Commonwealth fund's Item 14 at PART IV and Item 15 on its exhibit footnote before SIGNATURES (10-K, 2016)", () => {
    const r = heldoutItems('CIGF5_10-K_2016-03-30_Items14-15_EXCERPT.html', '2016-03-30', '10-K');
    expect(Object.keys(r)).toEqual(['Item-14', 'Item-15']);
    expect(r['Item-14']).toMatch(
      /^ITEM 14: PRINCIPAL ACCOUNTANT FEES AND SERVICES AUDIT FEES The aggregate fees/,
    );
    expect(r['Item-14']).toMatch(
      /There were no other fees approved by the Board of Directors of the General Partner or paid by the Partnership, during 2015 or 2014 other than fees related to audit or tax compliance services\.$/,
    );
    expect(r['Item-15']).toMatch(
      /^ITEM 15: EXHIBITS, FINANCIAL STATEMENT SCHEDULES AND REPORTS ON FORM 10-K \(a\) \(1\) Financial Statements/,
    );
    expect(r['Item-15']).toMatch(
      /\*Incorporated by reference from the Partnership's Registration Statement on Form S-1 \(Registration No\. 333-26933\)$/,
    );
  });

  it("ends Roanoke's Item 13 before the running 'PART III' / '(con'd.)' header atop the next page (10-K, 2003)", () => {
    const r = heldoutItems('ROANOKE-ELECTRIC-STEEL_10-K_FY2003_Items9-14_EXCERPT.html', '2003-12-31', '10-K');
    expect(Object.keys(r)).toEqual([
      'Item-9',
      'Item-9A',
      'Item-10',
      'Item-11',
      'Item-12',
      'Item-13',
      'Item-14',
    ]);
    // folio 16 and the page break, then "PART III" and "(con’d.)" centred on two lines, then ITEM 14
    expect(r['Item-13']).toBe('ITEM 13. CERTAIN RELATIONSHIPS AND RELATED TRANSACTIONS None.');
    expect(r['Item-14']).toBe(
      'ITEM 14. PRINCIPAL ACCOUNTING FEES AND SERVICES The specific information required by this item, concerning the principal accounting fees paid by the Registrant and the Audit Committee\'s pre-approval policies and procedures, is incorporated by reference to the information under the heading "Audit Committee and Other Audit Matters" in the Proxy Statement dated December 29, 2003, as filed with the Commission.',
    );
    expect(r['Item-12']).toMatch(/in the 2003 Annual Report to Stockholders\.$/);
  });
});
