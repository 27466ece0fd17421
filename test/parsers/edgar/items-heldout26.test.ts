import { describe, expect, it } from 'vitest';
import { heldoutItems, passOf } from '../../../cli/quality/items-heldout.ts';

// Held-out set 26 (issue 28, twenty-sixth pass; fixtures/edgar-items/heldout/README.md): combined item headings and
// a Part III answered by one sentence, in real 10-Ks of edgartools' regression fixtures for combined items (Cheniere
// Energy FY2025, Freeport-McMoRan FY2024, Viper Energy FY2025), labelled before the splitter ran on them (first read
// 12 of 16 on edgar-items/19: Cheniere's Items 10-13 were missing). Every word asserted here was read off the excerpts
// (tag-stripped reading; &#8217; read as an apostrophe, &#8220;/&#8221; as double quotes, no-break spaces as spaces).

const CHENIERE_PART_III =
  "Pursuant to paragraph 3 of General Instruction G to Form 10-K, the information required by Items 10 through 13 of Part III of this Report is incorporated by reference from Cheniere's definitive proxy statement, which is to be filed pursuant to Regulation 14A within 120 days after the end of Cheniere's fiscal year ended December 31, 2025.";

describe('filing items: held-out set 26', () => {
  it('counts the twenty-sixth pass as its own set in the quality report', () => {
    expect(passOf('twenty-sixth pass; Cheniere Energy 10-K ...')).toBe('twenty-sixth pass');
  });

  it("gives each of Cheniere's Items 10, 11, 12 and 13 the PART III sentence that answers them, with no heading of their own", () => {
    const r = heldoutItems('LNG_10-K_2026-02-26_Items9A-14_EXCERPT.html', '2026-02-26', '10-K');
    expect(Object.keys(r)).toEqual([
      'Item-9A',
      'Item-9B',
      'Item-9C',
      'Item-10',
      'Item-11',
      'Item-12',
      'Item-13',
      'Item-14',
    ]);
    for (const code of ['Item-10', 'Item-11', 'Item-12', 'Item-13']) expect(r[code]).toBe(CHENIERE_PART_III);
    expect(r['Item-9C']).toBe(
      'ITEM 9C. DISCLOSURE REGARDING FOREIGN JURISDICTIONS THAT PREVENT INSPECTIONS Not applicable.',
    );
    const item14 = r['Item-14'] ?? '';
    expect(
      item14.startsWith('ITEM 14. PRINCIPAL ACCOUNTANT FEES AND SERVICES Our independent registered'),
    ).toBe(true);
    expect(item14).toContain('KPMG LLP, Houston, Texas, Auditor Firm ID 185.');
    expect(item14).not.toContain('PART IV');
  });

  it("splits Cheniere's combined 'ITEMS 1. AND 2.' heading into Items 1 and 2, both ending before ITEM 1A", () => {
    const r = heldoutItems('LNG_10-K_2026-02-26_Items1-2_SPLICED-EXCERPT.html', '2026-02-26', '10-K');
    expect(Object.keys(r)).toEqual(['Item-1', 'Item-2', 'Item-1A']);
    expect(r['Item-2']).toBe(r['Item-1']);
    const item = r['Item-1'] ?? '';
    expect(
      item.startsWith('ITEMS 1. AND 2. BUSINESS AND PROPERTIES General Cheniere, a Delaware corporation'),
    ).toBe(true);
    expect(item).toContain('shall be deemed incorporated by reference into this Annual Report.');
    expect(item).not.toContain('RISK FACTORS');
  });

  it("starts Viper's combined 'ITEMS 1 and 2.' at its heading, after the Part I preamble, and ends it at ITEM 1A", () => {
    const r = heldoutItems('VNOM_10-K_2026-02-25_Items1-2_SPLICED-EXCERPT.html', '2026-02-25', '10-K');
    expect(Object.keys(r)).toEqual(['Item-1', 'Item-2', 'Item-1A']);
    expect(r['Item-2']).toBe(r['Item-1']);
    const item = r['Item-1'] ?? '';
    expect(item.startsWith('ITEMS 1 and 2. BUSINESS AND PROPERTIES Overview We are a publicly traded')).toBe(
      true,
    );
    expect(item).not.toContain('Viper Energy Partners LP converted');
    expect(item.endsWith('are also made available on its website at www.sec.gov.')).toBe(true);
  });

  it("ends Freeport's Item 12 after the page break that cuts it, at the Item 13 heading", () => {
    const r = heldoutItems('FCX_10-K_2025-02-14_Items11-14_EXCERPT.html', '2025-02-14', '10-K');
    expect(Object.keys(r)).toEqual(['Item-11', 'Item-12', 'Item-13', 'Item-14']);
    const item12 = r['Item-12'] ?? '';
    expect(item12).toContain(
      'Equity compensation plans approved by security holders 12,773,631 a $14.22 15,048,374',
    );
    expect(item12).toContain(
      'Represents securities to be issued under awards assumed in our acquisition of McMoRan',
    );
    expect(
      item12.endsWith(
        'The other information required by this item is incorporated by reference to "Stock Ownership of Directors and Executive Officers" and "Stock Ownership of Certain Beneficial Owners" in our definitive proxy statement to be filed with the SEC, relating to our 2025 annual meeting of stockholders.',
      ),
    ).toBe(true);
    expect(r['Item-14']).toContain('(including fees billed to us by Ernst & Young, PCAOB ID No. 42)');
    expect(r['Item-14']).not.toContain('PART IV');
  });
});
