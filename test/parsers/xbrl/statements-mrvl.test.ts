import { describe, expect, it } from 'vitest';
import { SPECS_BY_STATEMENT } from '../../../parsers/xbrl/mapping.ts';
import { fiscalCalendar } from '../../../parsers/xbrl/periods.ts';
import { resolveSlot } from '../../../parsers/xbrl/resolve.ts';
import { build, row } from './build.ts';
import { company } from './load.ts';

/*
 * Every pinned figure below was checked by hand against the facts in the fixture (companyfacts JSON), which
 * are the values as filed: accession and filing date are named next to each number.
 */

describe('MRVL (52/53-week fiscal year ending around February 1)', () => {
  it('annual FY2025 (2024-02-04..2025-02-01) matches the 10-K 0001835632-25-000057', () => {
    const s = build('MRVL', 'annual');
    expect(row(s.income_statements, '2025-02-01')).toMatchObject({
      fiscal_period: 'FY',
      accession_number: '0001835632-25-000057',
      calendar_date: '2024-12-31',
      revenue: 5_767_300_000,
      net_income: -885_000_000,
      earnings_per_share_diluted: -1.02,
      weighted_average_shares_diluted: 865_500_000,
    });
    expect(row(s.balance_sheets, '2025-02-01')).toMatchObject({
      total_assets: 20_204_500_000,
      shareholders_equity: 13_427_000_000,
    });
    expect(row(s.cash_flow_statements, '2025-02-01').net_cash_flow_from_operations).toBe(1_681_200_000);
    // the 53-week FY2024 (2023-01-29..2024-02-03, 371 days) is a fiscal year too
    expect(row(s.income_statements, '2024-02-03').revenue).toBe(5_507_700_000);
  });

  it('quarter ending 2024-11-02 is fiscal Q3 by dates (Aug-Nov), figures from 10-Q 0001835632-24-000200', () => {
    const s = build('MRVL', 'quarterly');
    expect(row(s.income_statements, '2024-11-02')).toMatchObject({
      fiscal_period: 'Q3',
      calendar_date: '2024-09-30',
      accession_number: '0001835632-24-000200',
      revenue: 1_516_100_000,
      net_income: -676_300_000,
      earnings_per_share_diluted: -0.78,
      weighted_average_shares_diluted: 865_700_000,
    });
    expect(row(s.balance_sheets, '2024-11-02')).toMatchObject({
      total_assets: 19_715_600_000,
      shareholders_equity: 13_372_900_000,
    });
    // 9M 1,167.2M - 6M 630.9M
    expect(row(s.cash_flow_statements, '2024-11-02').net_cash_flow_from_operations).toBe(536_300_000);
    expect(row(s.income_statements, '2024-05-04').fiscal_period).toBe('Q1');
  });

  it('derives Q4 FY2025 revenue = FY 5,767.3M - 9M YTD 3,949.9M = 1,817.4M', () => {
    const { prepared } = company('MRVL');
    const q4 = fiscalCalendar(prepared.evidence).quarters.find((q) => q.end === '2025-02-01')!;
    expect(q4).toMatchObject({
      index: 4,
      fyStart: '2024-02-04',
      prevEnds: ['2024-05-04', '2024-08-03', '2024-11-02'],
    });
    const env = { index: prepared.index, currency: 'USD', standard: 'us_gaap' as const, industry: null };
    const r = resolveSlot(SPECS_BY_STATEMENT.income, { kind: 'quarter', ...q4 }, env);
    // FY: 10-K 0001835632-25-000057 (2025-03-12); 9M YTD: 10-Q 0001835632-24-000200 (2024-12-04)
    expect(r.values.revenue).toBe(1_817_400_000);
    expect(r.sources.revenue!.formula).toContain(
      'FY 2024-02-04..2025-02-01 (5767300000) - 9M YTD 2024-02-04..2024-11-02 (3949900000)',
    );
  });

  it('ttm at 2025-05-03 = Q2 1,272.9M + Q3 1,516.1M + Q4 1,817.4M (derived) + Q1 FY2026 1,895.3M', () => {
    const s = build('MRVL', 'ttm');
    const i = s.income_statements.findIndex((r) => r.report_period === '2025-05-03');
    // Q2 = 6M 2,433.8M - Q1 1,160.9M; Q1 FY2026 from the 10-Q 0001835632-25-000117 (2025-05-30)
    expect(s.income_statements[i]).toMatchObject({
      fiscal_period: 'Q1',
      revenue: 6_501_700_000,
      earnings_per_share_diluted: null,
    });
    expect(s.provenance.income_statements[i]!.revenue).toEqual({
      kind: 'derived',
      formula: 'sum of 4 quarters 2024-08-03..2025-05-03',
    });
    // the window ending on the fiscal year end is the year itself
    expect(row(s.income_statements, '2025-02-01')).toMatchObject({
      fiscal_period: 'FY',
      revenue: 5_767_300_000,
    });
    // point in time: the window does not exist before the 10-Q that closes it was filed
    const before = build('MRVL', 'ttm', '2025-05-29').income_statements;
    expect(before.some((r) => r.report_period === '2025-05-03')).toBe(false);
    expect(row(build('MRVL', 'ttm', '2025-05-30').income_statements, '2025-05-03').revenue).toBe(
      6_501_700_000,
    );
  });

  it('golden: latest quarterly rows', async () => {
    const s = build('MRVL', 'quarterly');
    const golden = {
      income_statements: s.income_statements.slice(0, 3),
      cash_flow_statements: s.cash_flow_statements.slice(0, 3),
    };
    await expect(JSON.stringify(golden, null, 2)).toMatchFileSnapshot(
      '../../../fixtures/golden/xbrl/mrvl-quarterly.json',
    );
  });
});
