import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fold, heldoutItems, scoreHeldout } from '../../../cli/quality/items-heldout.ts';
import { splitFilingFile, splitItems } from '../../../parsers/edgar/items/index.ts';

// The four boundary rules of issue 28, each on a filing laid out the way the failing filings were (HTML
// paragraphs; the headings' and signature paragraphs' wording is the forms' own). First and last words of
// every item are read off the document below.
const html = (lines: string[]) => `<html><body>${lines.map((l) => `<p>${l}</p>`).join('')}</body></html>`;
const items = (lines: string[], form: '10-K' | '10-Q' = '10-K') =>
  Object.fromEntries(
    splitItems({ html: html(lines), form }).items.map((i) => [i.number, i.text.replace(/\s+/g, ' ').trim()]),
  );

const TEN_K = [
  'PART I',
  'ITEM 1. BUSINESS',
  'We make widgets in Ohio and sell them across the country to many customers of all kinds.',
  'ITEM 1A. RISK FACTORS',
  'Widgets may fall out of fashion and our sales could decline significantly as a result.',
  '2. PROPERTIES',
  'We own a plant in Ohio where all our widgets are made by our employees.',
  '3. LEGAL PROCEEDINGS',
  'We are not party to any material legal proceedings.',
  'ITEM 4. MINE SAFETY DISCLOSURES',
  'Not applicable.',
  'PART II',
  'ITEM 5. MARKET FOR REGISTRANT’S COMMON EQUITY, RELATED STOCKHOLDER MATTERS AND ISSUER PURCHASES OF EQUITY SECURITIES',
  'Our common stock trades on the Nasdaq Global Market under the symbol WDGT.',
  '6. [RESERVED]',
  'ITEM 7. MANAGEMENT’S DISCUSSION AND ANALYSIS OF FINANCIAL CONDITION AND RESULTS OF OPERATIONS',
  'Sales rose because more customers bought widgets during the year.',
  'PART III',
  'ITEMS 10., 11., 12. AND 13.',
  'The information called for by Items 10, 11, 12 and 13 is incorporated by reference to our proxy statement.',
  'ITEM 14. PRINCIPAL ACCOUNTANT FEES AND SERVICES',
  'Incorporated by reference to the proxy statement.',
  'PART IV',
  'ITEM 15. EXHIBITS AND FINANCIAL STATEMENT SCHEDULES',
  '3.1 Articles of incorporation of the company as amended to date.',
  'S I G N A T U R E S',
  'Pursuant to the requirements of Section 13 or 15(d) of the Securities Exchange Act of 1934, Widget Co. has duly caused this report to be signed on its behalf by the undersigned, thereunto duly authorized.',
];

describe('filing items: boundaries', () => {
  it('takes bare headings ("3. LEGAL PROCEEDINGS") in a filing that uses "Item" for the others', () => {
    const r = items(TEN_K);
    expect(r['Item-2']).toBe(
      '2. PROPERTIES We own a plant in Ohio where all our widgets are made by our employees.',
    );
    expect(r['Item-3']).toBe('3. LEGAL PROCEEDINGS We are not party to any material legal proceedings.');
    expect(r['Item-1A']).toMatch(/decline significantly as a result\.$/);
  });

  it('ends an item at the next bare heading, not at the next "Item" heading', () => {
    const r = items(TEN_K);
    expect(r['Item-5']).toMatch(/^ITEM 5\. MARKET FOR .* under the symbol WDGT\.$/);
    expect(r['Item-6']).toBe('6. [RESERVED]');
  });

  it('keeps every item of a combined heading whose numbers carry their own periods', () => {
    const r = items(TEN_K);
    for (const n of ['10', '11', '12', '13'])
      expect(r[`Item-${n}`]).toBe(
        'ITEMS 10., 11., 12. AND 13. The information called for by Items 10, 11, 12 and 13 is incorporated by reference to our proxy statement.',
      );
  });

  it('keeps the later items of a combined heading that follows a heading of its first item', () => {
    const r = items([
      'PART III',
      'ITEM 10. DIRECTORS, EXECUTIVE OFFICERS AND CORPORATE GOVERNANCE',
      'We have adopted a code of ethics that applies to our principal executive officer and to all employees.',
      'ITEMS 10, 11, 12, 13 AND 14',
      'The other information required by these items is incorporated by reference to our proxy statement.',
      'ITEM 15. EXHIBITS AND FINANCIAL STATEMENT SCHEDULES',
      '3.1 Articles of incorporation.',
      'SIGNATURES',
    ]);
    expect(r['Item-10']).toMatch(/^ITEM 10\. DIRECTORS.*to all employees\.$/);
    for (const n of ['11', '12', '13', '14'])
      expect(r[`Item-${n}`]).toMatch(/^ITEMS 10, 11, 12, 13 AND 14 The other.*proxy statement\.$/);
    expect(r['Item-15']).toBe(
      'ITEM 15. EXHIBITS AND FINANCIAL STATEMENT SCHEDULES 3.1 Articles of incorporation.',
    );
  });

  it('ends the last item at a spaced SIGNATURES heading or a signature paragraph naming the registrant', () => {
    expect(items(TEN_K)['Item-15']).toBe(
      'ITEM 15. EXHIBITS AND FINANCIAL STATEMENT SCHEDULES 3.1 Articles of incorporation of the company as amended to date.',
    );
    const q = items(
      [
        'PART II — OTHER INFORMATION',
        'Item 1. Legal Proceedings',
        'None.',
        'Item 5. Other Information',
        'During the quarter no director adopted a trading arrangement.',
        'Item 6. Exhibits',
        '31.1 Certification of the Chief Executive Officer.',
        'In accordance with Section 13 or 15(d) of the Exchange Act, the registrant caused this report to be signed on its behalf by the undersigned, thereunto duly authorized.',
        'WIDGET CO.',
      ],
      '10-Q',
    );
    expect(q['Part-II-Item-5']).toBe(
      'Item 5. Other Information During the quarter no director adopted a trading arrangement.',
    );
    expect(q['Part-II-Item-6']).toBe('Item 6. Exhibits 31.1 Certification of the Chief Executive Officer.');
  });

  it('never takes a numbered note ("3. ASSETS HELD FOR SALE") for a bare item heading', () => {
    const r = items([
      'ITEM 8. FINANCIAL STATEMENTS AND SUPPLEMENTARY DATA',
      '1. BUSINESS AND SIGNIFICANT ACCOUNTING POLICIES',
      'The company makes widgets.',
      '3. ASSETS AND LIABILITIES HELD FOR SALE',
      'None were held at year end.',
      'ITEM 9. CHANGES IN AND DISAGREEMENTS WITH ACCOUNTANTS ON ACCOUNTING AND FINANCIAL DISCLOSURE',
      'None.',
    ]);
    expect(Object.keys(r)).toEqual(['Item-8', 'Item-9']);
    expect(r['Item-8']).toMatch(/None were held at year end\.$/);
  });
});

// Real 8-Ks of the held-out set (fixtures/edgar-items/heldout/, README there): first and last words read by
// hand from each document before the splitter ran on it.
const heldout = (file: string, filingDate: string, form: '8-K' | '10-K' | '10-Q' = '8-K') =>
  heldoutItems(file, filingDate, form);

describe('filing items: real 8-Ks nobody tuned to', () => {
  it("reads plain text in a converter's <html><body><div> wrapper line by line (aaiPharma 2001)", () => {
    const r = heldout('AAIPHARMA_8-K_2001-03-30_Item5-7.html', '2001-03-29');
    expect(Object.keys(r)).toEqual(['Item-5', 'Item-7']);
    expect(r['Item-5']).toMatch(/^Item 5\. Other Events\. On March 28, 2001, aaiPharma Inc\./);
    expect(r['Item-5']).toMatch(
      /is attached hereto as Exhibit 99\.2 and is incorporated by reference herein\.$/,
    );
    // the item ends before the signatures: the folios "2" and "3" are all that lies between
    expect(r['Item-7']).toMatch(/^Item 7\. Financial Statements and Exhibits\./);
    expect(r['Item-7']).toMatch(/Exhibit 99\.2 -- Company Product and Technology Pipeline( \d)*$/);
    expect(r['Item-7']).not.toMatch(/SIGNATURES/);
  });

  it('gives stacked 8-K headings the narrative under them (1st Financial 2008: Items 1.01 and 2.03)', () => {
    const r = heldout('1ST-FINANCIAL_8-K_2008-06-26_Item1.01-2.03-9.01.html', '2008-06-26');
    expect(Object.keys(r)).toEqual(['Item-1.01', 'Item-2.03', 'Item-9.01']);
    expect(r['Item-1.01']).toMatch(
      /^Item 1\.01 Entry into a Material Definitive Agreement On June 25, 2008, 1st Financial Services Corporation/,
    );
    expect(r['Item-1.01']).toMatch(/are set forth in Exhibits 10\.1, 10\.2, 10\.3, and 10\.4\.$/);
    expect(r['Item-2.03']).toMatch(
      /^Item 2\.03 Creation of a Direct Financial Obligation .* 10\.3, and 10\.4\.$/,
    );
    expect(r['Item-9.01']).toMatch(
      /^Item 9\.01\. Financial Statements and Exhibits Exhibits\. The following/,
    );
    expect(r['Item-9.01']).toMatch(/for the benefit of Branch Banking and Trust Company$/);
  });

  it('gets every hand-labelled item of the held-out set right', () => {
    const r = scoreHeldout();
    // Set 9's Merck 1996 Item 4 runs on through the unnumbered "EXECUTIVE OFFICERS OF THE REGISTRANT" caption to
    // PART II: by the project's convention that caption stays inside the item before it, as the corpus' expected
    // sections keep it (docs/filing-items.md, ninth pass); its label says so.
    expect(r.misses).toEqual([]);
    expect(r.right).toBe(r.labels);
    expect(r.labels).toBeGreaterThanOrEqual(506);
  });
});

// Real 10-Q and 10-K excerpts of the held-out set (2025 inline-XBRL documents; each excerpt runs from a PART or
// Item heading to the document's end or to the next PART heading, README there). The issue's classes: an
// item's end running into the next item or into the signatures (Items 5, 6 and 12), Part III items in a row.
describe('filing items: real 10-Q and 10-K excerpts nobody tuned to', () => {
  it('ends Part II Item 5 at Item 6 although it runs over a page break (Tesla 10-Q 2025)', () => {
    const r = heldout('TSLA_10-Q_2025-07-24_PartII_TAIL-EXCERPT.html', '2025-07-24', '10-Q');
    expect(Object.keys(r)).toEqual([
      'Part-II-Item-1',
      'Part-II-Item-1A',
      'Part-II-Item-2',
      'Part-II-Item-3',
      'Part-II-Item-4',
      'Part-II-Item-5',
      'Part-II-Item-6',
    ]);
    // the 10b5-1 sentence ends on page 36, the arrangement it announces is on page 37
    expect(r['Part-II-Item-5']).toMatch(/^ITEM 5\. OTHER INFORMATION None of the Company's directors/);
    expect(r['Part-II-Item-5']).toMatch(
      /except as follows:.*James Murdoch, one of our directors, adopted a Rule 10b5-1 trading arrangement/,
    );
    expect(r['Part-II-Item-5']).toMatch(/The arrangement's expiration date is February 27, 2026\.$/);
    expect(r['Part-II-Item-6']).toMatch(/^ITEM 6\. EXHIBITS See Index to Exhibits/);
    expect(r['Part-II-Item-6']).toMatch(/\* Furnished herewith( Table of Contents)?$/);
    expect(r['Part-II-Item-6']).not.toMatch(/SIGNATURES|Vaibhav Taneja/);
  });

  it('ends the last 10-Q item at the signatures, one-line items at the next heading (Union Pacific 10-Q 2025)', () => {
    const r = heldout('UNP_10-Q_2025-07-24_PartII-Item2-6_TAIL-EXCERPT.html', '2025-07-24', '10-Q');
    expect(r['Part-II-Item-3']).toBe('Item 3. Defaults Upon Senior Securities None.');
    expect(r['Part-II-Item-4']).toBe('Item 4. Mine Safety Disclosures Not Applicable.');
    expect(r['Part-II-Item-5']).toBe('Item 5. Other Information None.');
    expect(r['Part-II-Item-6']).toMatch(
      /^Item 6\. Exhibits Exhibit No\. Description Filed with this Statement 31\(a\)/,
    );
    expect(r['Part-II-Item-6']).toMatch(
      /Current Report on Form 8-K dated May 9, 2025\.( Table of Contents)?$/,
    );
    expect(r['Part-II-Item-6']).not.toMatch(/SIGNATURES|duly caused|Carrie J. Powers/);
  });

  it('keeps every Part III item and ends Item 12 at Item 13, Item 14 at PART IV (Amazon 10-K 2025)', () => {
    const r = heldout('AMZN_10-K_2025-02-07_PartIII_EXCERPT.html', '2025-02-07', '10-K');
    expect(Object.keys(r)).toEqual(['Item-10', 'Item-11', 'Item-12', 'Item-13', 'Item-14']);
    expect(r['Item-12']).toBe(
      'Item 12. Security Ownership of Certain Beneficial Owners and Management and Related Shareholder Matters ' +
        'Information required by Item 12 of Part III is included in our Proxy Statement relating to our 2025 ' +
        'Annual Meeting of Shareholders and is incorporated herein by reference.',
    );
    expect(r['Item-14']).toMatch(
      /^Item 14\. Principal Accountant Fees and Services Information required by Item 14/,
    );
    expect(r['Item-14']).not.toMatch(/PART IV/);
  });
});

// Fourth pass (issue 28): real 1996-2024 plain-text filings of the held-out set (Apple's 1997 10-K and 1997-2000
// 10-Qs from sec-edgar/sec-edgar's test data, 8-Ks from edgartools and sec_cover_page_parser), each item's first
// and last words read by hand before the splitter ran on them.
describe('filing items: real plain-text filings nobody tuned to (1996-2024)', () => {
  it('reads "Item - 5.02" (a dash between the word and the number) as an item heading (Liaoning Shuiyun 8-K 2024)', () => {
    const r = heldout('LIAONING-SHUIYUN_8-K_2024-12-20_Item5.02_pre.html', '2024-12-20');
    expect(Object.keys(r)).toEqual(['Item-5.02']);
    expect(r['Item-5.02']).toMatch(
      /^Item - 5\.02 Departure of Directors of Principal Officers; Election of Directors; Appointment/,
    );
    expect(r['Item-5.02']).toMatch(/List of shareholder: Ru Fan$/);
    expect(r['Item-5.02']).not.toMatch(/SIGNATURE|Baobin He/);
  });

  it("ends an 8-K item before the next item's section title ('Section 8—Other Events') (Oracle 8-K 2014)", () => {
    const r = heldout('ORCL_8-K_2014-06-19_Item2.02-8.01-9.01.htm', '2014-06-19');
    expect(Object.keys(r)).toEqual(['Item-2.02', 'Item-8.01', 'Item-9.01']);
    expect(r['Item-2.02']).toBe(
      'Item 2.02 Results of Operations and Financial Condition On June 19, 2014, Oracle Corporation issued a ' +
        'press release announcing financial results for its fiscal fourth quarter and fiscal year ended May 31, ' +
        '2014. A copy of this press release is furnished as Exhibit 99.1 to this report.',
    );
    expect(r['Item-8.01']).toMatch(/^Item 8\.01 Other Events Oracle Corporation announced that its Board/);
    expect(r['Item-8.01']).toMatch(/as of the close of business on July 9, 2014\.$/);
    expect(r['Item-9.01']).toMatch(/^Item 9\.01 Financial Statements and Exhibits \(d\) Exhibits/);
    expect(r['Item-9.01']).toMatch(/99\.1 Press Release dated June 19, 2014$/);
  });

  it('ends Items 4, 5 and 6 of a 1997 10-K at the next heading: PART II, a wrapped heading, ITEM 7 (Apple)', () => {
    const r = heldout('AAPL_10-K_1997-12-05_Items2-6_EXCERPT.txt', '1997-12-05', '10-K');
    expect(Object.keys(r)).toEqual(['Item-2', 'Item-3', 'Item-4', 'Item-5', 'Item-6', 'Item-7']);
    expect(r['Item-4']).toMatch(
      /fourth quarter of the Company's fiscal year ended September 26, 1997\.( 7)?$/,
    );
    expect(r['Item-5']).toMatch(
      /^ITEM 5\. MARKET FOR THE REGISTRANT'S COMMON EQUITY AND RELATED SHAREHOLDER MATTERS The Company's common/,
    );
    expect(r['Item-5']).toMatch(/\(Unaudited\)", which information is hereby incorporated by reference\.$/);
    expect(r['Item-6']).toMatch(
      /^ITEM 6\. SELECTED FINANCIAL DATA The following selected financial information/,
    );
    expect(r['Item-6']).toMatch(/Shareholders' equity\.* \$1,200 \$2,058 \$2,901 \$2,383 \$2,026( 8)?$/);
  });

  it("ends a 1997 10-K's Item 14 before the signatures, after six pages of exhibit tables (Apple)", () => {
    const r = heldout('AAPL_10-K_1997-12-05_Item14_EXCERPT.txt', '1997-12-05', '10-K');
    expect(Object.keys(r)).toEqual(['Item-14']);
    expect(r['Item-14']).toMatch(
      /^ITEM 14\. EXHIBITS, FINANCIAL STATEMENT SCHEDULES, AND REPORTS ON FORM 8-K/,
    );
    expect(r['Item-14']).toMatch(
      /\(d\) FINANCIAL STATEMENT SCHEDULE See Item 14\(a\)\(2\) of this Form 10-K\.( 66)?$/,
    );
    expect(r['Item-14']).not.toMatch(/SIGNATURES|KNOW ALL PERSONS/);
  });

  it('ends Part II Item 5 at Item 6 and Item 6 at the signatures (Apple 10-Q 1998)', () => {
    const r = heldout('AAPL_10-Q_1998-08-10_PartII_EXCERPT.txt', '1998-08-10', '10-Q');
    expect(Object.keys(r)).toEqual(['Part-II-Item-1', 'Part-II-Item-5', 'Part-II-Item-6']);
    expect(r['Part-II-Item-5']).toBe(
      'Item 5. Other Information The Company anticipates holding its annual meeting of shareholders on March ' +
        '24, 1999. Shareholders who intend to present proposals at the next annual meeting of shareholders must ' +
        'send such proposals to the Company for receipt no later than October 14, 1998 in order for such ' +
        'proposals to be considered for inclusion in the proxy statement and form of proxy relating to such meeting.',
    );
    expect(r['Part-II-Item-6']).toMatch(/Number Description 27 Financial Data Schedule\.( 21)?$/);
    expect(r['Part-II-Item-6']).not.toMatch(/SIGNATURES|Anderson/);
  });

  it("sets a left-padded span apart from the heading's number (Netflix 10-Q 2025: 'Item 5.' + padded 'Other Information')", () => {
    const r = heldout('NFLX_10-Q_2025-07-18_PartII-Item5_EXCERPT.html', '2025-07-18', '10-Q');
    expect(r['Part-II-Item-5']).toMatch(
      /^Item 5\. Other Information Rule 10b5-1 Trading Plans There were no/,
    );
    expect(r['Part-II-Item-5']).toMatch(/as defined in Item 408 of Regulation S-K\.$/);
    expect(r['Part-II-Item-6']).toBe('Item 6. Exhibits');
  });

  it("ends an ABS 10-K item at the General Instruction J 'Substitute information' caption (Bridgecrest 2025)", () => {
    const r = heldout('BRIDGECREST-ABS-TRUST_10-K_2025_PartI-II_EXCERPT.htm', '2025-03-31', '10-K');
    expect(r['Item-1B']).toBe('Item 1B. Unresolved Staff Comments. Not Applicable.');
    expect(r['Item-4']).toBe('Item 4. Mine Safety Disclosures. Not Applicable.');
    expect(r['Item-9B']).toBe('Item 9B. Other Information. None.');
    expect(r['Item-9C']).toBe(
      'Item 9C. Disclosure Regarding Foreign Jurisdictions that Prevent Inspections. Not Applicable.',
    );
    expect(Object.values(r).some((t) => t.includes('Item 1117 of Regulation AB'))).toBe(false);
  });
});

// Sixth pass (issue 28): the Southern Company 10-K FY2025, whose PART III opens with two sentences naming Items
// 10-14 and 10-13, then heads Item 10 and Item 14 alone (Items 11-13 have no heading); a Cisco Part III of
// one-line proxy pointers; a shell company's one-line Part I items; an 8-K whose Item 9.01 runs over a page
// break and two subheadings to its exhibit table. Values read off the documents.
describe('filing items: sixth pass, filings nobody tuned to', () => {
  it('gives Items 11-13, named only by the PART III sentences, those sentences (Southern 10-K FY2025)', () => {
    const r = heldout('SOUTHERN-CO_10-K_2026-02-19_PartIII-Items10-13_EXCERPT.htm', '2026-02-19', '10-K');
    expect(Object.keys(r).sort()).toEqual(['Item-10', 'Item-11', 'Item-12', 'Item-13', 'Item-14']);
    const statement =
      'Items 10 (other than the information under "Code of Ethics" below), 11, 12, 13, and 14 for Southern Company are incorporated by reference';
    for (const code of ['Item-11', 'Item-12', 'Item-13']) {
      expect(r[code]!.startsWith(statement)).toBe(true);
      expect(r[code]).toMatch(/Item 14 for each of the Subsidiary Registrants is contained herein\.$/);
      expect(r[code]).not.toMatch(/DIRECTORS, EXECUTIVE OFFICERS/);
    }
    // Item 10 starts on its own heading, not on the sentence that names it first; the folio "III-1" is gone
    expect(r['Item-10']).toMatch(
      /^Item 10\. DIRECTORS, EXECUTIVE OFFICERS AND CORPORATE GOVERNANCE Code of Ethics/,
    );
    expect(r['Item-10']).toMatch(
      /Exhibits 19\(a\)-\(f\) to this Annual Report on Form 10-K\. Table of Contents/,
    );
    expect(r['Item-10']).not.toMatch(/III-1/);
    expect(r['Item-14']).toBe('Item 14. PRINCIPAL ACCOUNTANT FEES AND SERVICES');
  });

  it('ends each one-sentence Part III pointer at the next heading (Cisco 10-K FY2024)', () => {
    const r = heldout('CSCO_10-K_2024-09-05_Items9C-14_EXCERPT.html', '2024-09-05', '10-K');
    expect(r['Item-11']).toBe(
      'Item 11. Executive Compensation The information required by this item is included in our Proxy Statement and is incorporated herein by reference.',
    );
    expect(r['Item-10']).toMatch(/Insider Trading Arrangements and Policies We are committed/);
    expect(r['Item-10']).toMatch(/\(the "Proxy Statement"\) and is incorporated herein by reference\.$/);
    expect(r['Item-14']).toMatch(/^Item 14\. Principal Accountant Fees and Services The information/);
  });

  it("keeps an 8-K's Item 9.01 whole across a page break and two subheadings (Alterola 8-K 2025)", () => {
    const r = heldout('ALTEROLA_8-K_2025-06-30_Item2.01-5.02-7.01-9.01_EXCERPT.html', '2025-06-30');
    expect(Object.keys(r)).toEqual(['Item-2.01', 'Item-5.02', 'Item-7.01', 'Item-9.01']);
    expect(r['Item-9.01']).toMatch(
      /^Item 9\.01 Financial Statements and Exhibits\. \(a\) Financial statements/,
    );
    expect(r['Item-9.01']).toMatch(/Forward Looking Statements Any statements/);
    expect(r['Item-9.01']).toMatch(
      /\(d\) Exhibits\. Exhibit Number Description 2\.1 Share Exchange Agreement/,
    );
    expect(r['Item-9.01']).toMatch(
      /104 Cover Page Interactive Data File \(formatted in Inline XBRL and contained in Exhibit 101\)$/,
    );
    expect(r['Item-7.01']).toMatch(/in the filings of Protagenic under the Securities Act\.( 5)?$/);
  });

  it("ends a shell company's one-line Part I items at the next heading (Sandston 10-K FY2021)", () => {
    const r = heldout('SANDSTON_10-K_2022-03-25_Items1B-4_EXCERPT.htm', '2022-03-25', '10-K');
    expect(r['Item-1B']).toBe('Item 1B. Unresolved Staff Comments. None.');
    expect(r['Item-3']).toBe('Item 3. Legal Proceedings. None.');
    expect(r['Item-4']).toMatch(/^Item 4\. Mine Safety Disclosures\. Not applicable\./);
  });
});

describe('filing items: sixth pass, a PART heading under a running header in one cell', () => {
  it('ends Part I Item 4 at a cell that stacks the running header over "PART II – OTHER INFORMATION" (Dow 10-Q 2023)', () => {
    const r = heldout('DOW_10-Q_2023-07-26_PartI-Item3-PartII-Item1A_EXCERPT.html', '2023-07-26', '10-Q');
    expect(r['Part-I-Item-4']).toMatch(/^ITEM 4\. CONTROLS AND PROCEDURES Evaluation of Disclosure Controls/);
    expect(r['Part-I-Item-4']).toMatch(
      /the Companies' internal control over financial reporting\. Table of Contents$/,
    );
    expect(r['Part-I-Item-4']).not.toMatch(/Dow Inc\. and Subsidiaries|OTHER INFORMATION/);
    expect(r['Part-II-Item-1']).toMatch(
      /^ITEM 1\. LEGAL PROCEEDINGS Asbestos-Related Matters of Union Carbide/,
    );
    expect(r['Part-II-Item-1A']).toBe(
      "ITEM 1A. RISK FACTORS Since December 31, 2022, there have been no material changes to the Company's Risk Factors.",
    );
  });
});

// Seventh pass (README there): a 1995 typed 8-K, a WordPerfect 8-K of 2000, a Workiva 8-K of 2022. First and
// last words read by hand before the splitter ran on them.
describe('filing items: seventh pass, page furniture at an item end', () => {
  it('drops a typed folio with its period ("2.", "3.") at the foot of a page (Cisco 8-K 1995)', () => {
    const r = heldout('CISCO_8-K_1995-12-06_Item2-7_EXCERPT.txt', '1995-12-06');
    expect(Object.keys(r)).toEqual(['Item-2', 'Item-7']);
    expect(r['Item-2']).toMatch(
      /^ITEM 2\. ACQUISITION OR DISPOSITION OF ASSETS\. \(a\) On September 29, 1995/,
    );
    expect(r['Item-2']).toMatch(
      /standard telephone service\. The Registrant intends to continue such business\.$/,
    );
    expect(r['Item-7']).toMatch(
      /^ITEM 7\. FINANCIAL STATEMENTS, PRO FORMA FINANCIAL INFORMATION AND EXHIBITS\. \(a\) Financial Statements/,
    );
    expect(r['Item-7']).toMatch(
      /20\.1 Press Releases of the Registrant dated August 10, 1995 and October 2, 1995\.$/,
    );
  });

  it('keeps a number that ends a wrapped line ("Exhibit 10.D.3-" / "1.") in the text (Apple 10-K 1994)', () => {
    const a = splitFilingFile(
      readFileSync(
        'fixtures/upstream/www.sec.gov/Archives/edgar/data/320193/000032019394000016/0000320193-94-000016.txt',
      ),
      { form: '10-K', filingDate: '1994-12-13' },
    );
    const item14 = fold(a.items.find((i) => i.number === 'Item-14')!.text);
    expect(item14).toContain(
      'First Amendment to Lease Agreement filed as Exhibit 10.D.3- 1. 88K Incorporated',
    );
  });

  it('ends an item before the running header atop the next page and at an unheaded signature paragraph (Rock of Ages 8-K 2000)', () => {
    const r = heldout('ROCK-OF-AGES_8-K_2000-09-27_Items1-8.htm', '2000-09-27');
    expect(Object.keys(r)).toEqual([
      'Item-1',
      'Item-2',
      'Item-3',
      'Item-4',
      'Item-5',
      'Item-6',
      'Item-7',
      'Item-8',
    ]);
    // folio 2, then "ROCK OF AGES CORPORATION" / "FORM 8-K" atop page 2, then ITEM 5
    expect(r['Item-4']).toBe("ITEM 4. CHANGES IN REGISTRANT'S CERTIFYING ACCOUNTANT. None.");
    expect(r['Item-5']).toMatch(/^ITEM 5\. OTHER EVENTS\. On September 26, 2000, the Registrant completed/);
    expect(r['Item-5']).toMatch(
      /The information contained in the press release is incorporated herein by reference\.$/,
    );
    // folio 3, the header again, then "Pursuant to the requirements of the Securities and Exchange Act of 1934 ..."
    expect(r['Item-8']).toBe('ITEM 8. CHANGE IN FISCAL YEAR. Not applicable.');
  });

  it("starts Item 9.01 on its heading when '(d) | Exhibits:' is the exhibit table's first row (Caterpillar 8-K 2022)", () => {
    const r = heldout('CAT_8-K_2022-04-28_Item2.02-7.01-9.01_EXCERPT.htm', '2022-04-28');
    expect(Object.keys(r)).toEqual(['Item-2.02', 'Item-7.01', 'Item-9.01']);
    expect(r['Item-7.01']).toMatch(
      /^Item 7\.01\. Regulation FD Disclosure\. Caterpillar Inc\. is furnishing/,
    );
    expect(r['Item-7.01']).toMatch(
      /in accordance with the provisions of General Instruction B\.2 of Form 8-K\.$/,
    );
    expect(r['Item-9.01']).toMatch(
      /^Item 9\.01\. Financial Statements and Exhibits\. \(d\) Exhibits: The following is furnished as an exhibit/,
    );
    expect(r['Item-9.01']).toMatch(
      /104 The cover page from this Current Report on Form 8-K, formatted in Inline XBRL\.$/,
    );
  });
});

// Eighth pass (README there): a 2004 typed 8-K, an Apple 10-Q excerpt across the Part I / Part II restart of item
// numbers, a Tesla 10-K/A (Part III only). First and last words read by hand before the splitter ran on them.
describe('filing items: eighth pass, filings nobody tuned to', () => {
  it('keeps an exhibits item printed before the event item, and ends the event item before the signatures and the exhibit index (Sears 8-K 2004)', () => {
    const r = heldout('SEARS_8-K_2004-07-22_Item7-12.txt', '2004-07-22');
    expect(Object.keys(r)).toEqual(['Item-7', 'Item-12']);
    expect(r['Item-7']).toBe(
      'Item 7. Financial Statements and Exhibits. (c) Exhibits Exhibit 99 - Press release dated July 22, 2004, furnished pursuant to Item 12',
    );
    expect(r['Item-12']).toMatch(
      /^Item 12\. Results of Operations and Financial Condition\. On July 22, 2004, the Registrant issued a press release/,
    );
    expect(r['Item-12']).toMatch(/Registration Statements No\. 2-80037, .* 333-102114 and 333-113532\.$/);
    expect(r['Item-12']).not.toMatch(/SIGNATURES|EXHIBIT INDEX/);
  });

  it("ends items before a page footer that names the form ('Apple Inc. | Q3 2025 Form 10-Q | 19'), also where it is printed only twice (Apple 10-Q 2025)", () => {
    const r = heldout('AAPL_10-Q_2025-08-01_PartI-Item3-PartII-Item1A_EXCERPT.html', '2025-08-01', '10-Q');
    expect(Object.keys(r)).toEqual([
      'Part-I-Item-3',
      'Part-I-Item-4',
      'Part-II-Item-1',
      'Part-II-Item-1A',
      'Part-II-Item-2',
    ]);
    expect(r['Part-I-Item-3']).toBe(
      "Item 3. Quantitative and Qualitative Disclosures About Market Risk There have been no material changes to the Company's market risk during the first nine months of 2025. For a discussion of the Company's exposure to market risk, refer to the Company's market risk disclosures set forth in Part II, Item 7A, \"Quantitative and Qualitative Disclosures About Market Risk\" of the 2024 Form 10-K.",
    );
    expect(r['Part-I-Item-4']).toMatch(/^Item 4\. Controls and Procedures Evaluation of Disclosure Controls/);
    expect(r['Part-I-Item-4']).toMatch(
      /reasonably likely to materially affect, the Company's internal control over financial reporting\.$/,
    );
    // after Part I Item 4: the footer, a page break, PART II — OTHER INFORMATION, and Item 1 again
    expect(r['Part-II-Item-1']).toMatch(
      /^Item 1\. Legal Proceedings Digital Markets Act Investigations On March 25, 2024, the Commission/,
    );
    expect(r['Part-II-Item-1']).toMatch(
      /for that reporting period could be materially adversely affected\.$/,
    );
    expect(r['Part-II-Item-1A']).toMatch(
      /no material changes to the Company's risk factors since the 2024 Form 10-K\.$/,
    );
  });

  it('splits a 10-K/A that carries Part III only: Item 14 ends at the folio before PART IV (Tesla 10-K/A 2025)', () => {
    const r = heldout('TSLA_10-K-A_2025-04-30_Items13-14_EXCERPT.html', '2025-04-30', '10-K');
    expect(Object.keys(r)).toEqual(['Item-13', 'Item-14', 'Item-15']);
    expect(r['Item-13']).toMatch(
      /^ITEM 13\. CERTAIN RELATIONSHIPS AND RELATED TRANSACTIONS AND DIRECTOR INDEPENDENCE Review of Related Person Transactions/,
    );
    expect(r['Item-13']).toMatch(/by any of Messrs\. Ehrenpreis, Gebbia, Murdoch or Straubel\.$/);
    expect(r['Item-14']).toMatch(
      /^ITEM 14\. PRINCIPAL ACCOUNTANT FEES AND SERVICES Principal Accounting Fees and Services The following table/,
    );
    expect(r['Item-14']).toMatch(/in fiscal 2023 and 2024 were pre-approved by the Audit Committee\.$/);
    expect(r['Item-14']).not.toMatch(/PART IV/);
  });

  it("ends one-line Part I items before the page footer '2025 FORM 10-K 25' and PART II (NIKE 10-K FY2025)", () => {
    const r = heldout('NKE_10-K_2025-07-17_Items2-5_EXCERPT.html', '2025-07-17', '10-K');
    expect(Object.keys(r)).toEqual(['Item-2', 'Item-3', 'Item-4', 'Item-5', 'Item-6']);
    expect(r['Item-2']).toMatch(
      /^ITEM 2\. PROPERTIES The following is a summary of principal properties owned or leased by NIKE:/,
    );
    expect(r['Item-2']).toMatch(/Our leases expire at various dates through the fiscal year 2058\.$/);
    expect(r['Item-3']).toMatch(
      /^ITEM 3\. LEGAL PROCEEDINGS We do not believe there are any material pending legal proceedings/,
    );
    expect(r['Item-4']).toBe('ITEM 4. MINE SAFETY DISCLOSURES Not applicable.');
    expect(r['Item-5']).toMatch(
      /^ITEM 5\. MARKET FOR REGISTRANT'S COMMON EQUITY, RELATED STOCKHOLDER MATTERS AND ISSUER PURCHASES OF EQUITY SECURITIES NIKE's Class B Common Stock/,
    );
    expect(r['Item-5']).toMatch(/regardless of any general incorporation language in such filing\.$/);
    expect(r['Item-6']).toBe('ITEM 6. [RESERVED]');
  });
});
