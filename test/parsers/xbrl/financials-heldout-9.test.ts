import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { right, scoreLabels } from '../../../cli/quality/financials.ts';

/*
 * Financials held-out set 9 (fixtures/financials/held-out-9): TSM fiscal 2020-2021 (ifrs-full in TWD beside USD
 * convenience translations, a 6-K of H1 2021), Marvell fiscal 2024 (53 weeks, a 14-week Q4) and Logistic
 * Properties of the Americas fiscal 2023-2024 (ifrs-full in USD, rental income). The labels were read by hand
 * from the trimmed companyfacts bodies and committed before the engine ran on them; the `currency` column
 * checks the currency of every row that holds an expected value.
 */
const ROOT = fileURLToPath(new URL('../../../fixtures/financials/', import.meta.url));
const TSM = 'TSM_CIK0001046179_FY2020-2021-TRIM.json';
const HEAD = ['file', 'grain', 'report_period', 'fiscal_period', 'field', 'expected', 'as_of', 'currency'];

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A one-off labels.tsv next to a link to the real TSM trim. */
function labelSet(rows: string[][]): string {
  const dir = mkdtempSync(join(tmpdir(), 'labels-currency-'));
  made.push(dir);
  symlinkSync(`${ROOT}held-out-9/${TSM}`, join(dir, TSM));
  writeFileSync(join(dir, 'labels.tsv'), `${[HEAD, ...rows].map((r) => r.join('\t')).join('\n')}\n`);
  return dir;
}

describe('set 9: IFRS in TWD with a half-year 6-K, a 53-week year, an IFRS property company', () => {
  it('every set-9 label is right, each valued one in its currency', () => {
    const results = scoreLabels(`${ROOT}held-out-9`, 'held-out-9');
    expect(results).toHaveLength(41);
    expect(results.filter((r) => !right(r))).toEqual([]);
    const valued = results.filter((r) => r.expected !== null);
    expect(
      valued.every((r) => r.expectedCurrency !== undefined && r.gotCurrency === r.expectedCurrency),
    ).toBe(true);
    expect(new Set(valued.filter((r) => r.file === TSM).map((r) => r.gotCurrency))).toEqual(new Set(['TWD']));
  });
});

describe('labels.tsv currency column', () => {
  // ifrs-full:Revenue TWD FY2021 = 1,587,415,000,000 (20-F 0001193125-22-104891); the 20-F also tags it in USD
  // (57,224,800,000), a convenience translation, so a label expecting USD for the TWD figure is a miss
  it('scores the row currency beside the value', () => {
    const dir = labelSet([
      [TSM, 'annual', '2021-12-31', 'FY', 'revenue', '1587415000000', '', 'TWD'],
      [TSM, 'annual', '2021-12-31', 'FY', 'revenue', '1587415000000', '', 'USD'],
      [TSM, 'annual', '2021-12-31', 'FY', 'revenue', '1587415000000', '', ''],
    ]);
    const results = scoreLabels(dir, 'currency');
    expect(results.map(right)).toEqual([true, false, true]);
    expect(results[1]).toMatchObject({ expectedCurrency: 'USD', gotCurrency: 'TWD' });
    expect(results[2]).not.toHaveProperty('expectedCurrency');
  });
});
