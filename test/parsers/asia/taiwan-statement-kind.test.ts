/**
 * MOPS single-company statement pages by the statement their `<h2>` title names (issue 28): a cash-flow page
 * (t164sb05, 合併現金流量表) holds nothing `/tw/financials` serves and is left with that reason instead of a
 * "no income statement" warning; a balance-sheet page (t164sb03) gives its balance row with no warning.
 * Figures read by hand from the pages.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ASIA_PARSERS } from '../../../cli/commands/parse-asia.ts';

type Out = { rows: Record<string, unknown>[]; warnings: string[]; not_served?: string };
const read = (file: string) =>
  ASIA_PARSERS['tw-financials']!.run(
    readFileSync(new URL(`../../../fixtures/taiwan/${file}`, import.meta.url)),
    { kind: '2330' },
    { url: `fixtures/taiwan/${file}`, fetchedAt: '2026-01-01T00:00:00Z' },
  ) as Out;

describe('MOPS single-company statement pages by title', () => {
  it('t164sb05 合併現金流量表: not served, no rows, no warning', () => {
    const out = read('t164sb05_2330_ROC104Q1_2015Q1.html');
    expect(out.rows).toEqual([]);
    expect(out.warnings).toEqual([]);
    expect(out.not_served).toMatch(/^a 合併現金流量表 page: \/tw\/financials serves income and balance/);
  });
  it('t164sb03 合併資產負債表: the balance row, no "no income statement" warning', () => {
    const out = read('t164sb03_2330_ROC104Q1_2015Q1.html');
    expect(out.warnings).toEqual([]);
    expect(out.not_served).toBeUndefined();
    expect(out.rows).toHaveLength(1);
    expect(out.rows[0]).toMatchObject({
      statement: 'balance',
      period_end: '2015-03-31',
      total_assets: '1556895055', // 資產總計 1,556,895,055
      total_liabilities: '432979302', // 負債總計 432,979,302
    });
  });
});
