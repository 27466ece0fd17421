import { describe, expect, it } from 'vitest';
import { heldoutItems } from '../../../cli/quality/items-heldout.ts';

// Held-out set 16 (issue 28, sixteenth pass; fixtures/edgar-items/heldout/README.md): two excerpts of real 10-Ks
// that no set or fixture held, labelled before the splitter ran on them. Every word asserted here was read off the
// excerpts (tag-stripped reading of the copies, no-break spaces read as spaces).

describe('filing items: held-out set 16', () => {
  it("reads Roanoke Electric Steel's Part IV heading typed 'ITEM15&nbsp;.' and ends Item 15 before SIGNATURES (10-K, FY2003)", () => {
    const r = heldoutItems(
      'ROANOKE-ELECTRIC-STEEL_10-K_FY2003_PartIV-Item15_EXCERPT.html',
      '2004-01-20',
      '10-K',
    );
    // "listed in Item 15." inside the auditors' report on the schedule starts no item of its own
    expect(Object.keys(r)).toEqual(['Item-15']);
    const item15 = r['Item-15'] ?? '';
    expect(
      item15.startsWith(
        'ITEM15 . EXHIBITS, FINANCIAL STATEMENT SCHEDULES AND REPORTS ON FORM 8-K (a) The following documents are filed as a part of this report: (1) The following financial statements filed as part of the 2003 Annual Report to Stockholders are incorporated herein by reference: (a) Consolidated Balance Sheets',
      ),
    ).toBe(true);
    expect(item15).toContain(
      'Our audits also included the consolidated financial statement schedule of the Company, listed in Item 15. This consolidated financial statement schedule is the responsibility',
    );
    // the Schedule II table and both pages of the exhibit index belong to the item
    expect(item15).toContain('Bad debts $1,332,848 $286,115');
    expect(item15).toContain(
      '(32.2) Section 1350 Certification of Principal Financial Officer and Chief Accounting Officer 34',
    );
    // the exhibit index's footnote row, then folio 21, a page break and SIGNATURES
    expect(
      item15.endsWith(
        '(b) Reports on Form 8-K. Form 8-K dated September 2, 2003 and filed September 5, 2003, furnishing under Item 12 a news release announcing financial condition and results of operations for the quarter ended July 31, 2003. * Management contract, or compensatory plan or agreement, required to be filed as an Exhibit to this Form 10-K pursuant to Item 15 (c).',
      ),
    ).toBe(true);
    expect(item15).not.toContain('SIGNATURES');
  });

  it("ends Galaxy Next Generation's one-line Part I items at the next heading and Items 5 and 6 at the next item and the folio (10-K, FY2021)", () => {
    const r = heldoutItems(
      'GALAXY-NEXT-GENERATION_10-K_FY2021-06_Items1B-6_EXCERPT.html',
      '2021-09-16',
      '10-K',
    );
    expect(Object.keys(r)).toEqual(['Item-1B', 'Item-2', 'Item-3', 'Item-4', 'Item-5', 'Item-6']);
    expect(r['Item-1B']).toBe('ITEM 1B. UNRESOLVED STAFF COMMENTS. Not applicable.');
    expect(r['Item-3']).toBe(
      'ITEM 3. LEGAL PROCEEDINGS. We are involved in a variety of legal actions relating to various matters during the normal course of business. Although we are unable to predict the ultimate outcome of these legal actions, it is the opinion of management that the disposition of these matters, taken as a whole, will not have a material adverse effect on our financial condition or results of operations.',
    );
    // the centred PART II line after it is no part of Item 4
    expect(r['Item-4']).toBe('ITEM 4. MINE SAFETY DISCLOSURES. Not applicable.');
    expect(r['Item-2']).toMatch(
      /^ITEM 2\. PROPERTIES\. As of June 30, 2021, we maintained the following operating facilities:/,
    );
    expect(r['Item-2']).toMatch(
      /Please refer to refer to Note 6 and 7 in the financial statements on page F-21 and F-22 for more information\.$/,
    );
    expect(r['Item-5']).toMatch(
      /^ITEM 5\. MARKET FOR REGISTRANT'S COMMON EQUITY, RELATED STOCKHOLDER MATTERS AND ISSUER PURCHASES OF EQUITY SECURITIES\. As of June 30, 2021/,
    );
    expect(r['Item-5']).toMatch(
      /The number of record holders of our common stock at June 30, 2021 was 388\.$/,
    );
    // folio -18- and the page break after the sentence are page furniture, not Item 6's
    expect(r['Item-6']).toBe(
      'ITEM 6. SELECTED FINANCIAL DATA The information under this Item is not required to be provided by smaller reporting companies.',
    );
  });
});
