import { describe, expect, it } from 'vitest';
import { heldoutItems } from '../../../cli/quality/items-heldout.ts';

// Held-out set 10 (issue 28, tenth pass; fixtures/edgar-items/heldout/README.md): seven real 8-Ks, 2004-2024.
// Every word asserted here was read off the document (the typed text, or the HTML with its tags).
const heldout = (file: string, filingDate: string, form: '8-K' | '10-K' | '10-Q' = '8-K') =>
  heldoutItems(file, filingDate, form);

describe('filing items: held-out set 10', () => {
  it("ends Item 2.02 before the section title 'SECTION 9. ... EXHIBITS.' that closes with a period (FedEx, 2023)", () => {
    const r = heldout('FDX_8-K_2023-03-16_Item2.02-9.01.htm', '2023-03-16');
    expect(Object.keys(r)).toEqual(['Item-2.02', 'Item-9.01']);
    // the EXPLANATORY NOTE above 'SECTION 2. FINANCIAL INFORMATION.' names Item 2.02 but is no part of it
    expect(r['Item-2.02']).toBe(
      "Item 2.02. Results of Operations and Financial Condition. Attached as Exhibit 99.1 and incorporated herein by reference is a copy of FedEx Corporation's press release, dated March 16, 2023, announcing its financial results for the fiscal quarter ended February 28, 2023.",
    );
    expect(r['Item-9.01']).toMatch(/^Item 9\.01\. Financial Statements and Exhibits\. \(d\) Exhibits\./);
    expect(r['Item-9.01']).toMatch(/embedded within the Inline XBRL document\)\.$/);
    expect(r['Item-9.01']).not.toMatch(/SIGNATURES|EXHIBIT INDEX/);
  });

  it('keeps the exhibits item printed before the event item, each ending before the next (Apple, HTML 2004)', () => {
    const r = heldout('AAPL_8-K_2004-07-14_Item7-12.htm', '2004-07-14');
    expect(Object.keys(r)).toEqual(['Item-7', 'Item-12']);
    expect(r['Item-7']).toMatch(/^Item 7\. Financial Statements and Exhibits \(c\) Exhibits/);
    expect(r['Item-7']).toMatch(/99\.2 Data sheet issued by Apple Computer, Inc\. dated July 14, 2004\.$/);
    // "Item" and "12." on two source lines are one heading; the folio "2", SIGNATURE and EXHIBIT INDEX follow
    expect(r['Item-12']).toMatch(
      /^Item 12\. Results of Operations and Financial Condition On July 14, 2004, Apple/,
    );
    expect(r['Item-12']).toMatch(
      /except as shall be expressly set forth by specific reference in such a filing\.$/,
    );
  });

  it('reads the body, not the linked table of contents that names both items (SanDisk, HTML 2010)', () => {
    const r = heldout('SNDK_8-K_2010-01-28_Item2.02-9.01.htm', '2010-01-28');
    expect(Object.keys(r)).toEqual(['Item-2.02', 'Item-9.01']);
    expect(r['Item-2.02']).toMatch(
      /^Item 2\.02 Results of Operations and Financial Condition On January 28, 2010, SanDisk Corporation/,
    );
    expect(r['Item-2.02']).toMatch(
      /Sections 11 and 12\(a\)\(2\) of the Securities Act of 1933, as amended\.$/,
    );
    expect(r['Item-9.01']).toMatch(
      /Release of SanDisk Corporation dated January 28, 2010 to report its financial results for its fourth quarter and fiscal year ended January 3, 2010\.$/,
    );
  });

  it('ends Item 9.01 at its exhibit list in typed 8-Ks whose release or transcripts follow (Asta 2004, Horizon 2006)', () => {
    const asta = heldout('ASFI_8-K_2004-11-26_Item2.02-9.01.txt', '2004-11-26');
    expect(asta['Item-2.02']).toMatch(
      /^ITEM 2\.02\. RESULTS OF OPERATIONS AND FINANCIAL CONDITION\. On November 23, 2004/,
    );
    expect(asta['Item-9.01']).toBe(
      'Item 9.01 Financial Statements and Exhibits. (c) Exhibits 99.1 Press release dated November 23, 2004. 99.2 Transcript of November 23, 2004 webcast.',
    );
    const horizon = heldout('HRZB_8-K_2006-01-19_Item2.02-9.01.txt', '2006-01-19');
    expect(horizon['Item-9.01']).toMatch(/^Item 9\.01 Financial Statements and Exhibits/);
    expect(horizon['Item-9.01']).toMatch(
      /99\.1 Press Release of Horizon Financial Corp\. dated January 19, 2006\.$/,
    );
  });

  it('ends Item 9.01 before the signature, also when laid out as a table (Apple 2011 and 2024)', () => {
    const y2011 = heldout('AAPL_8-K_2011-01-18_Item2.02-9.01.htm', '2011-01-18');
    expect(y2011['Item-9.01']).toMatch(/^Item 9\.01 Financial Statements and Exhibits\. \(d\) Exhibits\./);
    expect(y2011['Item-9.01']).toMatch(/99\.2 Data sheet issued by Apple Inc\. on January 18, 2011\.$/);
    const y2024 = heldout('AAPL_8-K_2024-02-01_Item2.02-9.01.htm', '2024-02-01');
    expect(y2024['Item-9.01']).toMatch(
      /104 Inline XBRL for the cover page of this Current Report on Form 8-K\.$/,
    );
  });

  it('keeps an unnumbered executive-officers section in the item before it and ends Item 14 at SIGNATURES (Textron 2002, IBM 1998)', () => {
    const textron = heldout('TXT_10-K405_2002-03-14_Items1-14_DOCUMENT.txt', '2002-03-14', '10-K');
    expect(Object.keys(textron)).toHaveLength(15);
    expect(textron['Item-4']).toMatch(
      /^ITEM 4\. SUBMISSION OF MATTERS TO A VOTE OF SECURITY HOLDERS No matters were submitted/,
    );
    expect(textron['Item-4']).toMatch(/EXECUTIVE OFFICERS OF THE REGISTRANT/);
    expect(textron['Item-4']).toMatch(/since 2000; Partner, Williams & Connolly, since 1992\.$/);
    expect(textron['Item-9']).toBe(
      'ITEM 9. CHANGES IN AND DISAGREEMENTS WITH ACCOUNTANTS ON ACCOUNTING AND FINANCIAL DISCLOSURE None.',
    );
    // the heading misnames the form ("REPORTS ON FORM 10-K"); the 'ITEM 14(a)' index after SIGNATURES is not read
    expect(textron['Item-14']).toMatch(
      /^ITEM 14\. EXHIBITS, FINANCIAL STATEMENT SCHEDULES, AND REPORTS ON FORM 10-K/,
    );
    expect(textron['Item-14']).toMatch(/sale of its Automotive Trim business on revised terms\.$/);
    const ibm = heldout('IBM_10-K405_1998-03-30_Items1-14_SUBMISSION.txt', '1998-03-30', '10-K');
    expect(ibm['Item-2']).toMatch(/EXECUTIVE OFFICERS OF THE REGISTRANT \(AT MARCH 27, 1998\):/);
    expect(ibm['Item-2']).toMatch(/and manager, foreign exchange at RJR Nabisco, Inc\.$/);
    expect(ibm['Item-3']).toBe(
      'ITEM 3. LEGAL PROCEEDINGS: Refer to note M "Contingencies" on page 61 of IBM\'s 1997 Annual Report to Stockholders which is incorporated herein by reference.',
    );
    expect(ibm['Item-14']).toMatch(/No financial statements were filed with the Form 8-K\.$/);
  });

  it('reads Part II Items 1 and 4 apart from Part I items of the same numbers (Apple 10-Q, typed, 2000)', () => {
    const r = heldout('AAPL_10-Q_2000-05-11_PartI-PartII_SUBMISSION.txt', '2000-05-11', '10-Q');
    expect(Object.keys(r)).toEqual([
      'Part-I-Item-1',
      'Part-I-Item-2',
      'Part-I-Item-3',
      'Part-II-Item-1',
      'Part-II-Item-4',
      'Part-II-Item-6',
    ]);
    expect(r['Part-I-Item-1']).toMatch(/have not been adjusted to give effect to this stock split\.$/);
    expect(r['Part-I-Item-3']).toMatch(/since the date of the 1999 Form 10-K\.$/);
    expect(r['Part-I-Item-3']).not.toMatch(/PART II/);
    expect(r['Part-II-Item-1']).toMatch(
      /^ITEM 1\. LEGAL PROCEEDINGS The Company is subject to various legal proceedings/,
    );
    expect(r['Part-II-Item-6']).toMatch(/during the preceding two and a half years\.$/);
  });
});
