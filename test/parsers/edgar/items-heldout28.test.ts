import { describe, expect, it } from 'vitest';
import { heldoutItems, passOf } from '../../../cli/quality/items-heldout.ts';

// Held-out set 28 (issue 28, twenty-eighth pass; docs/filing-items.md): 8-K bodies of the 8-K events family's
// excerpts and five mirror filings no label had read, labelled before the splitter ran on them (first read 59 of
// 60 on edgar-items/21). Every word asserted here was read off the files (curly quotes read as straight ones).
const EVENTS = '../../8k-events/';
const MIRROR = '../../upstream/www.sec.gov/Archives/edgar/data/';

describe('filing items: held-out set 28', () => {
  it('counts the twenty-eighth pass as its own set in the quality report', () => {
    expect(passOf('twenty-eighth pass batch 1; 8k-events excerpt ...')).toBe('twenty-eighth pass');
  });

  it("shares Computer Sciences' Item 8.01 narrative with the Item 2.06 heading stacked over it in plain text", () => {
    // "Item 2.06. Material Impairments." on its own line, then "Item 8.01. Other Information." and the narrative
    // on the next lines with no blank line between them: one paragraph, so Item 8.01 is a single block.
    const r = heldoutItems(
      `${EVENTS}held-out-12/CSC_8-K_2011-12-27_0000023082-11-000107_Item2.06-8.01_excerpt.txt`,
      '2011-12-27',
      '8-K',
    );
    expect(Object.keys(r)).toEqual(['Item-2.06', 'Item-8.01']);
    const impairments = r['Item-2.06'] ?? '';
    expect(
      impairments.startsWith('Item 2.06. Material Impairments. Item 8.01. Other Information. Reference'),
    ).toBe(true);
    expect(impairments.endsWith('The disclosures set forth in thi')).toBe(true);
    expect((r['Item-8.01'] ?? '').startsWith('Item 8.01. Other Information. Reference is hereby made')).toBe(
      true,
    );
    expect(impairments.endsWith(r['Item-8.01'] ?? '-')).toBe(true);
  });

  it("keeps Intel's Item 8.01 printed before Item 7.01, each ending where the next heading starts", () => {
    const r = heldoutItems(
      `${EVENTS}held-out-16/INTC_8-K_2026-03-03_0000050863-26-000044_Item8.01-7.01-9.01_excerpt.txt`,
      '2026-03-03',
      '8-K',
    );
    expect(Object.keys(r)).toEqual(['Item-8.01', 'Item-7.01', 'Item-9.01']);
    expect(r['Item-8.01']?.endsWith('the Board size shall be reduced from twelve to eleven directors.')).toBe(
      true,
    );
    expect(r['Item-7.01']?.startsWith('Item 7.01 Regulation FD Disclosure.')).toBe(true);
  });

  it("reads CarMax's ABS 10-K items with text of their own, ending before the Regulation AB substitute items", () => {
    const r = heldoutItems(
      `${MIRROR}1779026/000177902623000027/0001779026-23-000027.txt`,
      '2023-05-26',
      '10-K',
    );
    expect(r['Item-1B']).toBe('Item 1B. Unresolved Staff Comments. None.');
    expect(r['Item-4']).toBe('Item 4. Mine Safety Disclosures. Not applicable.');
    expect(r['Item-16']).toBe('Item 16. Form 10-K Summary. None.');
  });
  it("files Bloom Energy's 10-Q/A Item 6 under Part II though no PART II heading precedes it", () => {
    // an amendment re-filing Part I Item 1 and Item 6 only, em-dash headings ("ITEM 6\u2014EXHIBITS")
    const r = heldoutItems(
      'BE_10-Q-A_2026-07-29_PartI-Item1-Item6_SPLICED-EXCERPT.txt',
      '2026-07-29',
      '10-Q',
    );
    expect(Object.keys(r)).toEqual(['Part-I-Item-1', 'Part-II-Item-6']);
    expect(r['Part-I-Item-1']?.startsWith('ITEM 1\u2014FINANCIAL STATEMENTS Bloom Energy Corporation')).toBe(
      true,
    );
    expect(r['Part-I-Item-1']).not.toContain('Table of Contents');
    expect(r['Part-II-Item-6']?.endsWith('or the Securities Exchange Act of 1934, as amended.')).toBe(true);
  });
});
