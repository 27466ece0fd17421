import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fold, HELDOUT_DIR, heldoutItems, itemMiss, readLabels } from '../../../cli/quality/items-heldout.ts';

// The held-out scorer's start check (issue 28, docs/filing-items.md "Held-out scorer"): an item's found text must
// start at the item's body heading, not at a table of contents row that begins with the same words. Each found
// text here is cut from the real labelled file, folded as the scorer folds, from a printing of the item's heading
// to the label's last words: from the contents row it is what a splitter that started the item in the table of
// contents returns (edgar-items/23 on Amazon.com's 8-K of 2025-11-20, Item 9.01), and the scorer counted it right.

function cut(file: string, item: string, from: 'contents row' | 'body heading') {
  const label = readLabels().find((l) => l.file === file && l.item === item)!;
  const text = fold(readFileSync(join(HELDOUT_DIR, file), 'utf8'));
  const heading = fold(label.first);
  const start = from === 'contents row' ? text.indexOf(heading) : text.lastIndexOf(heading);
  const last = fold(label.last);
  return { label, found: text.slice(start, text.lastIndexOf(last) + last.length) };
}

describe('filing items: the held-out scorer rejects an item started in a table of contents row', () => {
  it("Amazon.com's 8-K of 2025-11-20, Item 9.01 (contents row `ITEM 9.01. FINANCIAL STATEMENTS AND EXHIBITS. | 4`)", () => {
    const row = cut('AMZN_8-K_2025-11-20_Item8.01-9.01.txt', 'Item-9.01', 'contents row');
    expect(
      row.found.startsWith('ITEM 9.01. FINANCIAL STATEMENTS AND EXHIBITS. 4 SIGNATURES 5 EXHIBIT 1.1'),
    ).toBe(true);
    expect(itemMiss(row.found, row.label)).toMatch(/^starts in a contents row/);
    const body = cut('AMZN_8-K_2025-11-20_Item8.01-9.01.txt', 'Item-9.01', 'body heading');
    expect(body.found.startsWith('ITEM 9.01. FINANCIAL STATEMENTS AND EXHIBITS. (d) Exhibits.')).toBe(true);
    expect(itemMiss(body.found, body.label)).toBeNull();
  });

  it("Amazon.com's 8-K of 2026-05-22, Item 5.07 (one contents row, then `SIGNATURES | 5`)", () => {
    const file = '../../8k-events/held-out-17/AMZN_8-K_2026-05-22_0001104659-26-065717_Item5.07_excerpt.txt';
    const row = cut(file, 'Item-5.07', 'contents row');
    expect(
      row.found.startsWith('ITEM 5.07. SUBMISSION OF MATTERS TO A VOTE OF SECURITY HOLDERS. 3 SIGNATURES 5'),
    ).toBe(true);
    expect(itemMiss(row.found, row.label)).toMatch(/^starts in a contents row/);
    const body = cut(file, 'Item-5.07', 'body heading');
    expect(body.found).toMatch(
      /^ITEM 5\.07\. SUBMISSION OF MATTERS TO A VOTE OF SECURITY HOLDERS\. On May 20, 2026,/,
    );
    expect(itemMiss(body.found, body.label)).toBeNull();
  });

  it('the splitter starts that Item 5.07 at its body heading, past the one-row contents table (edgar-items/26)', () => {
    const file = '../../8k-events/held-out-17/AMZN_8-K_2026-05-22_0001104659-26-065717_Item5.07_excerpt.txt';
    const found = heldoutItems(file, '2026-05-22', '8-K')['Item-5.07'];
    expect(found).toMatch(
      /^ITEM 5\.07\. SUBMISSION OF MATTERS TO A VOTE OF SECURITY HOLDERS\. On May 20, 2026, Amazon\.com, Inc\./,
    );
    expect(itemMiss(found, cut(file, 'Item-5.07', 'body heading').label)).toBeNull();
  });
});
