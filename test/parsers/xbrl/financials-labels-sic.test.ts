import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { right, scoreLabels } from '../../../cli/quality/financials.ts';

/*
 * The label scorer's optional `sic` column (cli/quality/financials.ts): the SIC code as a company's submissions
 * JSON gives it, passed to the engine as the financials job passes it. Checked on the one real bank file we
 * hold, JPMorgan Chase's fiscal 2023 trim (held-out-5; SIC 6021, National Commercial Banks): its figures, read
 * by hand from the filings, are the same whether or not the engine is told it is a bank, because JPMorgan tags
 * its top line (`Revenues` / `RevenuesNetOfInterestExpense`).
 */
const ROOT = fileURLToPath(new URL('../../../fixtures/financials/', import.meta.url));
const JPM = 'CIK0000019617_FY2023-TRIM.json';
const HEAD = ['file', 'grain', 'report_period', 'fiscal_period', 'field', 'expected', 'as_of', 'sic'];

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A one-off labels.tsv next to a link to the real JPMorgan trim. */
function labelSet(rows: string[][]): string {
  const dir = mkdtempSync(join(tmpdir(), 'labels-sic-'));
  made.push(dir);
  symlinkSync(`${ROOT}held-out-5/${JPM}`, join(dir, JPM));
  writeFileSync(join(dir, 'labels.tsv'), `${[HEAD, ...rows].map((r) => r.join('\t')).join('\n')}\n`);
  return dir;
}

describe('labels.tsv sic column', () => {
  it("passes the row's SIC code to the engine and keeps JPMorgan's figures read by hand", () => {
    const dir = labelSet([
      // RevenuesNetOfInterestExpense 2023-01-01..03-31, 10-Q 0000019617-23-000310
      [JPM, 'quarterly', '2023-03-31', 'Q1', 'revenue', '38349000000', '', '6021'],
      // FY 158,104M - 9M 119,530M (10-Q 0000019617-23-000524)
      [JPM, 'q4', '2023-12-31', 'Q4', 'revenue', '38574000000', '', '6021'],
      // NetIncomeLoss FY, 10-K 0000019617-24-000225
      [JPM, 'annual', '2023-12-31', 'FY', 'net_income', '49552000000', '', '6021'],
      // the same label without a SIC code
      [JPM, 'annual', '2023-12-31', 'FY', 'net_income', '49552000000', '', ''],
    ]);
    const results = scoreLabels(dir, 'sic');
    expect(results.map((r) => r.sic)).toEqual(['6021', '6021', '6021', null]);
    expect(results.filter((r) => !right(r))).toEqual([]);
  });

  it('a set without the column is scored with no SIC code (set 5 as committed)', () => {
    const results = scoreLabels(`${ROOT}held-out-5`, 'held-out-5');
    expect(results.every((r) => r.sic === null)).toBe(true);
  });

  it('rejects a SIC code that is not 3-4 digits', () => {
    const dir = labelSet([[JPM, 'annual', '2023-12-31', 'FY', 'net_income', '49552000000', '', '60-21']]);
    expect(() => scoreLabels(dir, 'sic')).toThrow('sic "60-21" is not a 3-4 digit SIC code');
  });
});
