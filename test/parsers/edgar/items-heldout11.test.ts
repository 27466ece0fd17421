import { describe, expect, it } from 'vitest';
import { heldoutItems } from '../../../cli/quality/items-heldout.ts';
import { dropPageFurniture } from '../../../parsers/edgar/items/text.ts';

// Held-out set 11 (issue 28, eleventh pass; fixtures/edgar-items/heldout/README.md). Every word asserted here was
// read off the document (the HTML with its tags).
describe('filing items: held-out set 11', () => {
  it("drops Alphabet's dotted folio and its 'Table of Contents | Alphabet Inc.' running header (10-K, 2025)", () => {
    const r = heldoutItems('GOOGL_10-K_2025-02-05_Items9C-14_EXCERPT.html', '2025-02-05', '10-K');
    expect(Object.keys(r)).toEqual(['Item-9C', 'Item-10', 'Item-11', 'Item-12', 'Item-13', 'Item-14']);
    // "91." and the header row sit between Item 9C's one sentence and the PART III heading
    expect(r['Item-9C']).toBe(
      'ITEM 9C. DISCLOSURE REGARDING FOREIGN JURISDICTIONS THAT PREVENT INSPECTIONS Not applicable.',
    );
    // "92." and the header row again, then PART IV
    expect(r['Item-14']).toBe(
      'ITEM 14. PRINCIPAL ACCOUNTANT FEES AND SERVICES The information required by this item will be included under the caption "Independent Registered Public Accounting Firm" in the 2025 Proxy Statement and is incorporated herein by reference.',
    );
    expect(r['Item-10']).toMatch(/filed as an exhibit to this Annual Report on Form 10-K\.$/);
  });

  it('keeps a dotted number that titles a note, and an index table header row, whatever their count', () => {
    const blocks = [
      'Index to Consolidated Financial Statements | Page',
      'Consolidated Statements of Operations | 28',
      '1.',
      'BASIS OF PRESENTATION',
      'The statements are unaudited.',
      'Index to Consolidated Financial Statements | Page',
      'Table of Contents | Page',
      'Table of Contents | Page',
    ];
    expect(dropPageFurniture(blocks)).toEqual(blocks);
    // the same dotted number before a running navigation header printed on two pages is a folio
    const paged = ['Not applicable.', '91.', 'Table of Contents | Alphabet Inc.', 'PART III', 'None.', '92.'];
    expect(dropPageFurniture([...paged, 'Table of Contents | Alphabet Inc.', 'PART IV'])).toEqual([
      'Not applicable.',
      'PART III',
      'None.',
      'PART IV',
    ]);
  });

  it("ends Chevron's Part II Items 2, 5 and 6 at the folio, page break and 'Table of Contents' link (10-Q, 2023)", () => {
    const r = heldoutItems('CVX_10-Q_2023-08-03_PartII-Items2-6_TAIL-EXCERPT.html', '2023-08-03', '10-Q');
    expect(Object.keys(r)).toEqual(['Part-II-Item-2', 'Part-II-Item-5', 'Part-II-Item-6']);
    expect(r['Part-II-Item-5']).toMatch(
      /^Item 5\. Other Information Rule 10b5-1 Plan Elections A\. Nigel Hearne/,
    );
    expect(r['Part-II-Item-5']).toMatch(
      /and Chevron's policies regarding transactions in Chevron securities\.$/,
    );
    expect(r['Part-II-Item-6']).toMatch(/\* Filed herewith\. \*\* Furnished herewith\.$/);
  });
});
