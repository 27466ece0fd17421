import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cellStreamRows } from '../../../cli/quality/page-store.ts';
import { otherFormOwnership } from '../../../parsers/form-20f/index.ts';
import { form20fBlocks } from '../../../parsers/form-20f/items.ts';

// Set 6 (issue 28, sixth pass): beneficial-ownership tables of foreign private issuers in other forms,
// transcribed from the search tool's page store (fixtures/form-20f/other-forms/, MANIFEST.tsv). Every figure
// below is read by hand from the excerpt (LABELS-other-forms.tsv, committed before the parser ran on them).
const file = (name: string) => new URL(`../../../fixtures/form-20f/other-forms/${name}`, import.meta.url);
const MOATABLE = 'MOATABLE_SC-TO-I-A_2025-09_0001104659-25-089613_ex99-a1i_page-store-EXCERPT.txt';
const PROSPECTUS = 'CIK1499543_424B5_2022_0001104659-22-077864_capedge-page-store-EXCERPT.txt';
// the page store's one-cell-after-each-"|" rendering turned back into rows (cli/quality/page-store.ts)
const text = (name: string) => {
  const raw = readFileSync(file(name), 'utf8');
  return cellStreamRows(raw) ?? raw;
};
const rows = (name: string) =>
  otherFormOwnership(text(name)).rows.map((o) => [o.holder_name, o.shares, o.ownership_pct, o.voting_pct]);

describe('beneficial-ownership tables of other forms (set 6)', () => {
  it('a transcription of the page store (each cell after a "|") reads as rows: a cell of words starts a row, the values after it are its cells', () => {
    const blocks = form20fBlocks(text(MOATABLE));
    expect(blocks).toContain(
      'Joseph Chen(1) | 273,617,566 | 41.9% | 170,258,970 | 100.0% | 53.9% | 83.9% | 5,971,701 | 41.8%',
    );
    expect(blocks).toContain('Percentage of aggregate voting power**');
    expect(blocks).toContain('5% Shareholder:');
    // capedge's rendering (one row a line) is not a cell stream
    expect(cellStreamRows(readFileSync(file(PROSPECTUS), 'utf8'))).toBeNull();
  });

  it('Moatable (dual class): the as-converted total is ownership_pct, the voting-power column voting_pct, shares the sum of Class A and Class B', () => {
    expect(rows(MOATABLE)).toEqual([
      // Class A 273,617,566 (41.9% of class) + Class B 170,258,970 (100.0% of class); 53.9% as converted
      ['Joseph Chen', '443876536', '53.9', '83.9'],
      // Class A 71,814,827 (11.0% of class), Class B "—"
      ['James Jian Liu', '71814827', '8.7', '3.0'],
      ['Cosmic Giant International Ltd', '93358710', '11.3', '4.0'],
    ]);
    // Scott Stone (all "—"), Grant Moon ("*") and the group total are not holders of 5%
    expect(otherFormOwnership(text(MOATABLE)).warnings.join(' ')).toMatch(
      /2 of the holder table's 5 rows left out/,
    );
  });

  it('424B5 page (CIK 1499543): a bare number under "% of ..." is a percentage; the first voting column is the holding before the offering', () => {
    expect(rows(PROSPECTUS)).toEqual([
      ['Investment funds affiliated with Sequoia Capital China', '1650000', '5.5', '3.0'],
      ['Quan Investors Co., Ltd.', '1639872', '5.5', '3.0'],
      ['Tiger Pacific Master Fund LP', '1514732', '5.0', '2.8'],
    ]);
  });
});
