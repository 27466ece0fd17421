import { describe, expect, it } from 'vitest';
import { heldoutItems } from '../../../cli/quality/items-heldout.ts';

// Held-out set 18 (issue 28, eighteenth pass; fixtures/edgar-items/heldout/README.md): excerpts of 2002-2008 10-Qs and
// 10-Ks from jimlindstrom/sec_edgar, labelled before the splitter ran on them. Every word asserted here was read off
// Microsoft's FY2003 10-K excerpt (tag-stripped reading; &#147;/&#148; read as quotes, &amp; as &). Its page 42 opens
// on the running header "Part IV, Item 15", then the centred "PART IV", then the heading "ITEM 15."

const msft2003 = () => heldoutItems('MSFT_10-K_2003-09-04_Items9-15_EXCERPT.html', '2003-09-04', '10-K');

describe('filing items: held-out set 18', () => {
  it("starts Microsoft's Item 15 at its heading, not at the running header 'Part IV, Item 15' above it (10-K, FY2003)", () => {
    const r = msft2003();
    expect(Object.keys(r)).toEqual([
      'Item-9',
      'Item-9A',
      'Item-10',
      'Item-11',
      'Item-12',
      'Item-13',
      'Item-14',
      'Item-15',
    ]);
    const item15 = r['Item-15'] ?? '';
    expect(
      item15.startsWith(
        'ITEM 15. Exhibits, Financial Statement Schedules, and Reports on Form 8-K (a) Financial Statements and Schedules The financial statements are set forth under Item 8 of this Annual Report on Form 10-K.',
      ),
    ).toBe(true);
    // footnote (7) of the exhibit table, then folio 42, a page break and SIGNATURES
    expect(
      item15.endsWith('(7) Incorporated by reference to Registration Statement 333-102240 on Form S-8.'),
    ).toBe(true);
    // page 41's one-line running header "Part II, Item 9, 9A, Part III, Item 10, 11, 12, 13, 14" heads no item
    expect(r['Item-9']).toBe(
      'ITEM 9. Changes in and Disagreements with Accountants on Accounting and Financial Disclosures None.',
    );
  });

  it("ends Microsoft's Item 14 before page 42's running header 'Part IV, Item 15' (10-K, FY2003)", () => {
    expect(msft2003()['Item-14']).toBe(
      'ITEM 14. Principal Accounting Fees and Services Information concerning principal accountant fees and services appears in the proxy statement under the heading "Fees Paid to Deloitte & Touche LLP" and is incorporated herein by reference.',
    );
  });
});
