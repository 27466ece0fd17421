import { describe, expect, it } from 'vitest';
import { heldoutItems, passOf } from '../../../cli/quality/items-heldout.ts';

// Held-out set 22 (issue 28, twenty-second pass; fixtures/edgar-items/heldout/README.md): Deere's FY2002 and FY2003
// 10-K excerpts (jimlindstrom/sec_edgar) from Item 7 through Item 15, the blank page 15 and the first paragraph of
// the financial section (page 16, a bold MANAGEMENT'S DISCUSSION AND ANALYSIS, the caption Item 7 cites by page).
// Labelled before the splitter ran on them; first read 19 of 21 (both Item 15s ran into the financial section).

const ITEMS = ['Item-7', 'Item-7A', 'Item-8', 'Item-9'];

describe('filing items: held-out set 22', () => {
  it('counts the twenty-second pass as its own set in the quality report', () => {
    expect(passOf('twenty-second pass; Deere & Company 10-K ...')).toBe('twenty-second pass');
  });

  it("ends Deere's FY2003 Item 15 before the blank page and the financial section that Item 7 cites by page", () => {
    const r = heldoutItems('DEERE_10-K_2003-12-22_Items7-15_EXCERPT.html', '2003-12-22', '10-K');
    expect(Object.keys(r)).toEqual([
      ...ITEMS,
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
      item15.startsWith('ITEM 15. EXHIBITS, FINANCIAL STATEMENT SCHEDULES, AND REPORTS ON FORM 8-K.'),
    ).toBe(true);
    expect(item15).toContain('Financial Statement Schedules Omitted');
    expect(item15.endsWith('under which they are required: I, III, IV and V.')).toBe(true);
    expect(item15).not.toContain('INTENTIONALLY LEFT BLANK');
    expect(item15).not.toContain('DISCUSSION AND ANALYSIS');
    // the citing item keeps its pointer whole
    expect(r['Item-7']?.endsWith('"Management\'s Discussion and Analysis" on pages 16 through 23.')).toBe(
      true,
    );
  });

  it("ends Deere's FY2002 Item 15 (<DIV> layout) the same way", () => {
    const r = heldoutItems('DEERE_10-K_2002-12-19_Items7-15_EXCERPT.html', '2002-12-19', '10-K');
    expect(Object.keys(r).slice(0, 4)).toEqual(ITEMS);
    expect(Object.keys(r).at(-1)).toBe('Item-15');
    const item15 = r['Item-15'] ?? '';
    expect(item15).toContain('(b) Reports on Form 8-K');
    expect(item15.endsWith('under which they are required: I, III, IV and V.')).toBe(true);
    expect(item15).not.toContain('RESULTS OF OPERATIONS');
    expect(r['Item-14']?.endsWith('subsequent to the date of their evaluation.')).toBe(true);
  });
});
