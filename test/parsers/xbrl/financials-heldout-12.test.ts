import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { right, scoreLabels } from '../../../cli/quality/financials.ts';
import { parseCompanyFacts } from '../../../parsers/xbrl/companyfacts.ts';
import { fiscalCalendar } from '../../../parsers/xbrl/periods.ts';
import { prepareFacts } from '../../../parsers/xbrl/prepare.ts';
import { buildStatements } from '../../../parsers/xbrl/statements.ts';
import { row } from './build.ts';

/*
 * Financials held-out set 12 (fixtures/financials/held-out-12): Amazon's and Goldman Sachs's companyfacts slices
 * (transcribed from EconometricsEdward/sec-edgar-terminal's test fixtures). Amazon's record starts at its Q2 2024
 * 10-Q: fiscal 2024 has Q2 and Q3 (three months and year to date) and the year, but no Q1. Its 10-Qs also tag
 * trailing-twelve-month net income and operating cash flow (2024-07-01..2025-06-30: 70,623M and 121,137M).
 * Numbers read by hand from the facts.
 */
const DIR = fileURLToPath(new URL('../../../fixtures/financials/held-out-12', import.meta.url));
const FILE = 'AMZN_CIK0001018724_FY2024-2026Q2-TRANSCRIBED.json';
const prepared = prepareFacts(
  parseCompanyFacts(readFileSync(`${DIR}/${FILE}`, 'utf8'), { document: FILE }).facts,
);
const build = (period: 'annual' | 'quarterly' | 'ttm') =>
  buildStatements(prepared, { ticker: 'AMZN', cik: 1018724, period });

describe('set 12: a fourth quarter whose fiscal year has no known first quarter', () => {
  it('Q4 = FY - 9M needs only the third quarter, so the ttm windows through 2025 add up', () => {
    const q4 = fiscalCalendar(prepared.evidence).quarters.find((q) => q.end === '2024-12-31');
    expect(q4).toMatchObject({ index: 4, prevEnds: ['', '2024-06-30', '2024-09-30'] });
    // Q2 2024 147,977M + Q3 158,877M + Q4 (637,959M - 450,167M = 187,792M) + Q1 2025 155,667M
    expect(row(build('ttm').income_statements, '2025-03-31')).toMatchObject({
      fiscal_period: 'Q1',
      revenue: 650_313_000_000,
    });
    // Q3 2024 15,328M + Q4 (59,248M - 39,244M) + 17,127M + 18,164M = 70,623M, the twelve months the 10-Q tags
    expect(row(build('ttm').income_statements, '2025-06-30')).toMatchObject({ net_income: 70_623_000_000 });
  });

  it('a trailing-twelve-month figure in a 10-Q is not a fiscal year', () => {
    expect(build('annual').income_statements.map((r) => r.report_period)).toEqual([
      '2025-12-31',
      '2024-12-31',
    ]);
  });

  it('every set-12 label is right', () => {
    const results = scoreLabels(DIR, 'held-out-12');
    expect(results).toHaveLength(69);
    expect(results.filter((r) => !right(r))).toEqual([]);
  });
});
