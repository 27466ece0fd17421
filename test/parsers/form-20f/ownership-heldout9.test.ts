import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse20fFile } from '../../../cli/form-20f.ts';
import { cellStreamRows } from '../../../cli/quality/page-store.ts';
import { otherFormOwnership } from '../../../parsers/form-20f/index.ts';
import { normalizeHeading } from '../../../parsers/form-20f/items.ts';

// Set 9 (issue 28, tenth pass): two tables transcribed from the search tool's page store (MANIFEST.tsv), every
// figure below read by hand from the excerpt (LABELS-item7A.tsv / LABELS-other-forms.tsv, committed before
// the parser ran on them; first read: 0 of 6 holders, 4 false).
const fixture = (path: string) => new URL(`../../../fixtures/form-20f/${path}`, import.meta.url);
const NEXTSOURCE =
  'page-store/NEXTSOURCE_20-F_FY2019-06_0001654954-19-012858_ex99-5_page-store-EXCERPT-item7A.txt';
const LIONSGATE = 'other-forms/LIONSGATE_DEF-14A_2020_0001104659-20-022153_capedge-page-store-EXCERPT.txt';
// the page store's one-cell-after-each-"|" rendering turned back into rows (cli/quality/page-store.ts)
const text = (path: string) => {
  const raw = readFileSync(fixture(path), 'utf8');
  return cellStreamRows(raw) ?? raw;
};
const cols = (o: {
  holder_name: string;
  shares: string | null;
  ownership_pct: string | null;
  voting_pct: string | null;
}) => [o.holder_name, o.shares, o.ownership_pct, o.voting_pct];

describe('Item 7.A held-out set 9', () => {
  it('a 20-F sub-item heading with its letter glued to the number ("Item 7A") opens that item', () => {
    expect(normalizeHeading('Item 7A In addition to the major shareholders')).toBe(
      'Item 7.A In addition to the major shareholders',
    );
    expect(normalizeHeading('ITEM 4A. UNRESOLVED STAFF COMMENTS')).toBe('ITEM 4A. UNRESOLVED STAFF COMMENTS');
  });

  it('NextSource 20-F Exhibit 99.5: the latest year column, a holder over three lines, parenthesized percentages', () => {
    const r = parse20fFile(Buffer.from(text(NEXTSOURCE)), { url: 'nextsource' });
    expect(r.items_found).toEqual(['Item-7']);
    expect(r.ownership.map(cols)).toEqual([
      // 45,714,286(1a) on the name line + 43,516,714(1b) on the address line; '(17.5%)' under October 2019
      ['Goodman & Company, Investment Counsel Inc.', '89231000', '17.5', null],
      ['VR Capital Group Ltd.', '30658713', '5.9', null],
    ]);
    // JP Morgan Chase & Co.: 7.0% in October 2017, 2.2% in October 2019 (the table's date): not a holder
    expect(r.warnings).toContain(
      "Item 7.A: 1 of the holder table's 3 rows left out (below 5%, or a group total)",
    );
  });

  it('Lions Gate DEF 14A: per-class voting / non-voting columns and no total; footnote digits glued to names', () => {
    expect(otherFormOwnership(text(LIONSGATE)).rows.map(cols)).toEqual([
      // Class A 18,328,019 (21.9%) + Class B 15,149,133 (11.1%): no percentage of all shares is printed
      ['Mark H. Rachesky, M.D.', '33477152', null, '21.9'],
      ['Vanguard Group, Inc.', '14576174', null, '6.2'],
      // 3.6% of the voting class, 6.1% of the non-voting class: a holder of more than 5% of a class
      ['FMR LLC', '11344864', null, '3.6'],
      ['Shapiro Capital Management LLC', '14441085', null, '0'],
    ]);
  });
});
