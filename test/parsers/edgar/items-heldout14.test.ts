import { describe, expect, it } from 'vitest';
import { heldoutItems } from '../../../cli/quality/items-heldout.ts';

// Held-out set 14 (issue 28, fourteenth pass; fixtures/edgar-items/heldout/README.md). Every word asserted here was
// read off the excerpt (the HTML with its tags).
const EIX = 'EIX_10-Q_2025-10-28_PartI-Item4-PartII_EXCERPT.html';

describe('filing items: held-out set 14', () => {
  it("reads Edison's 10-Q items headed by their titles alone: no Item, no number, no PART II line (2025)", () => {
    const r = heldoutItems(EIX, '2025-10-28', '10-Q');
    // Items 1A, 3 and 4 of Part II are not printed; OTHER INFORMATION is Item 5, not the Part II caption
    expect(Object.keys(r)).toEqual([
      'Part-I-Item-4',
      'Part-II-Item-1',
      'Part-II-Item-2',
      'Part-II-Item-5',
      'Part-II-Item-6',
    ]);
    expect(r['Part-I-Item-4']).toMatch(
      /^CONTROLS AND PROCEDURES Disclosure Controls and Procedures The management/,
    );
    expect(r['Part-I-Item-4']).toMatch(
      /Jointly Owned Utility Plant .* "Notes to Consolidated Financial Statements—Note 2\. Property, Plant and Equipment" in the 2024 Form 10-K\.$/,
    );
    expect(r['Part-II-Item-1']).toMatch(
      /^LEGAL PROCEEDINGS 2017\/2018 Wildfire\/Mudslide Events The lawsuits/,
    );
    // the item runs over folio 70 and the next page's Table of Contents link to its Eaton Fire subheading
    expect(r['Part-II-Item-1']).toContain('Eaton Fire In January 2025, several wind-driven wildfires');
    expect(r['Part-II-Item-1']).toMatch(/exclusive of interest and costs, of less than \$1 million\.$/);
    expect(r['Part-II-Item-2']).toMatch(
      /^UNREGISTERED SALES OF EQUITY SECURITIES AND USE OF PROCEEDS Purchases of Equity Securities by Edison International/,
    );
    expect(r['Part-II-Item-2']).toMatch(/repurchase program disclosed in the 2024 10-K \.$/);
    expect(r['Part-II-Item-5']).toBe(
      'OTHER INFORMATION Trading Plans During the quarter ended September 30, 2025, no director or Section 16 officer adopted or terminated any Rule 10b5-1 trading arrangements or non-Rule 10b5-1 trading arrangements (in each case, as defined in Item 408(a) of Regulation S-K).',
    );
    expect(r['Part-II-Item-6']).toMatch(
      /^EXHIBITS Exhibit Number Description 10\.1\*\* Edison International/,
    );
    expect(r['Part-II-Item-6']).toMatch(
      /if mailed to the requesting party, the cost of first-class postage\.$/,
    );
    for (const text of Object.values(r)) expect(text).not.toContain('SIGNATURES');
  });
});
