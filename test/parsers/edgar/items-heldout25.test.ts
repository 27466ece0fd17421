import { describe, expect, it } from 'vitest';
import { heldoutItems, passOf } from '../../../cli/quality/items-heldout.ts';

// Held-out set 25 (issue 28, twenty-fifth pass; fixtures/edgar-items/heldout/README.md): markup traps of inline-XBRL
// filings (Oracle's 2024 10-Q tail with SIGNATURES split over two spans, Synovus's 2023 8-K with its item headings in
// table cells, AEON Biopharma's 2023 10-Q with zero-width-space paragraphs before every heading), labelled before the
// splitter ran on them (first read 12 of 12, no rule written). Every word asserted here was read off the excerpts
// (tag-stripped reading; &#8217; read as an apostrophe, &#8220;/&#8221; as double quotes, no-break spaces as spaces).

describe('filing items: held-out set 25', () => {
  it('counts the twenty-fifth pass as its own set in the quality report', () => {
    expect(passOf('twenty-fifth pass; Oracle Corporation 10-Q ...')).toBe('twenty-fifth pass');
  });

  it("ends Oracle's Item 6 at its footnotes, before the SIGNATURES heading split into SIGNAT and URES", () => {
    const r = heldoutItems('ORCL_10-Q_2024-09-10_PartII-Item6_TAIL-EXCERPT.html', '2024-09-10', '10-Q');
    expect(Object.keys(r)).toEqual(['Part-II-Item-6']);
    const item = r['Part-II-Item-6'] ?? '';
    expect(item.startsWith('Item 6. Exhibits')).toBe(true);
    expect(item).toContain('Amended and Restated Bylaws of Oracle Corporation');
    expect(item).toContain('$5,630,000,000 Term Loan Credit Agreement dated as of June 10, 2024');
    expect(item).toContain('Filed herewith.');
    expect(item).not.toContain('SIGNAT');
    expect(item).not.toContain('Safra A. Catz');
    expect(item).not.toContain('Pursuant to the requirements of the Securities Exchange Act');
  });

  it("reads Synovus's item headings out of table cells and keeps Item 9.01's exhibit rows in Item 9.01", () => {
    const r = heldoutItems('SYNOVUS_8-K_2023-09-18_Item8.01-9.01_EXCERPT.html', '2023-09-18', '8-K');
    expect(Object.keys(r)).toEqual(['Item-8.01', 'Item-9.01']);
    const item801 = r['Item-8.01'] ?? '';
    expect(item801.startsWith('Item 8.01 Other Events Synovus Financial Corp. ("Synovus") expects')).toBe(
      true,
    );
    expect(
      item801.endsWith(
        'as they were fully reserved in the allowance for credit losses at the end of the second quarter.',
      ),
    ).toBe(true);
    expect(r['Item-9.01']).toBe(
      'Item 9.01 Financial Statements and Exhibits (d) Exhibits Exhibit No. Description 104 Cover Page Interactive Data File (embedded within the Inline XBRL document)',
    );
  });

  it("splits AEON's Part I Items 3-4 and Part II Items 1-6 whose headings follow zero-width-space paragraphs", () => {
    const r = heldoutItems(
      'AEON_10-Q_2023-11-13_PartI-Item3-PartII-Item6_EXCERPT.html',
      '2023-11-13',
      '10-Q',
    );
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
    const item4 = r['Part-I-Item-4'] ?? '';
    // the sentence cut by folio 58 and the page break: "... pursuant to which Merger" | "Sub merged with and into Old AEON"
    expect(item4).toContain('pursuant to which Merger');
    expect(item4).toContain('Sub merged with and into Old AEON');
    expect(item4.endsWith('materially affect our internal control over financial reporting.')).toBe(true);
    expect(item4).not.toContain('OTHER INFORMATION');
    expect(
      r['Part-II-Item-1']?.endsWith("The Company has yet to file a response to Odeon's complaint."),
    ).toBe(true);
    expect(r['Part-II-Item-3']).toBe('Item 3. Defaults Upon Senior Securities None.');
    expect(r['Part-II-Item-4']).toBe('Item 4. Mine Safety Disclosures Not applicable.');
    expect(r['Part-II-Item-5']?.endsWith('(in each case, as defined in Item 408 of Regulation S-K).')).toBe(
      true,
    );
    expect(r['Part-II-Item-6']).toBe('Item 6. Exhibits See Exhibit Index.');
  });
});
