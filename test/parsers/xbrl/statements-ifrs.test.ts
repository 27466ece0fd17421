import { describe, expect, it } from 'vitest';
import { identityWarnings } from '../../../parsers/xbrl/identities.ts';
import { build, row } from './build.ts';

/*
 * IFRS 20-F filers. Every pinned figure was checked by hand against the companyfacts fixture; accession and
 * filing date are named next to each number.
 */

describe('TSM (20-F filer, IFRS, TWD)', () => {
  it('annual FY2024 in TWD from the 20-F 0001193125-25-083423, ignoring the USD convenience translation', () => {
    const s = build('TSM', 'annual');
    expect(row(s.income_statements, '2024-12-31')).toMatchObject({
      currency: 'TWD',
      accounting_standard: 'ifrs',
      accession_number: '0001193125-25-083423',
      revenue: 2_894_307_700_000,
      net_income: 1_158_380_200_000,
      earnings_per_share_diluted: 44.67,
      weighted_average_shares_diluted: 25_929_700_000,
    });
    expect(row(s.balance_sheets, '2024-12-31')).toMatchObject({
      total_assets: 6_691_764_700_000,
      shareholders_equity: 4_244_266_500_000,
    });
    expect(row(s.cash_flow_statements, '2024-12-31').net_cash_flow_from_operations).toBe(1_826_177_100_000);
  });

  it('annual-only: no quarterly or ttm rows (the 6-K half-year facts are not statements)', () => {
    expect(build('TSM', 'quarterly').income_statements).toEqual([]);
    expect(build('TSM', 'ttm').income_statements).toEqual([]);
  });

  it('fills the IFRS mapping gaps from the lines TSM does tag (20-F 0001193125-25-083423)', () => {
    const s = build('TSM', 'annual');
    const i = s.balance_sheets.findIndex((r) => r.report_period === '2024-12-31');
    const bs = s.balance_sheets[i]!;
    // NumberOfSharesIssuedAndFullyPaid (TSM tags no NumberOfSharesOutstanding)
    expect(bs.outstanding_shares).toBe(25_932_700_000);
    expect(s.provenance.balance_sheets[i]!.outstanding_shares).toMatchObject({
      kind: 'reported',
      concept: 'ifrs-full:NumberOfSharesIssuedAndFullyPaid',
    });
    // notes and accounts payable 72,800.6M + payables to related parties 1,426.0M (NT$)
    expect(bs.trade_and_non_trade_payables).toBe(74_226_600_000);
    expect(s.provenance.balance_sheets[i]!.trade_and_non_trade_payables).toMatchObject({ kind: 'derived' });
    // FY2017 (20-F 0001193125-18-121866): AFS purchases 101,824.0M, disposals 69,538.9M
    expect(row(s.cash_flow_statements, '2017-12-31').investment_acquisitions_and_disposals).toBe(
      -32_285_100_000,
    );
    // FY2024 tags a purchase line only (its proceeds lines are company-specific): null, never one-sided
    expect(row(s.cash_flow_statements, '2024-12-31').investment_acquisitions_and_disposals).toBeNull();
  });

  it('stores a failed identity with its row, never overwriting the reported facts', () => {
    const s = build('TSM', 'annual');
    const i = s.balance_sheets.findIndex((r) => r.report_period === '2017-12-31');
    // Assets and Liabilities as filed in the FY2017 20-F; Equity 1,495,692.3M as re-tagged at 2017-12-31 by
    // the FY2020 20-F (0001193125-21-118512, the IFRS 9 opening balance), 1,245.8M more than first filed
    const warning =
      'identity annual 2017-12-31: total_assets 1991732000000 != total_liabilities 497285500000 + equity incl. NCI 1495692300000 (diff -1245800000)';
    expect(s.rowWarnings.balance_sheets[i]).toEqual([warning]);
    expect(s.warnings.filter((w) => w.startsWith('identity'))).toEqual([warning]);
    expect(s.balance_sheets[i]).toMatchObject({
      total_assets: 1_991_732_000_000,
      total_liabilities: 497_285_500_000,
      shareholders_equity: 1_493_746_800_000,
    });
    for (const f of ['total_assets', 'total_liabilities', 'shareholders_equity'])
      expect(s.provenance.balance_sheets[i]![f]).toMatchObject({ kind: 'reported' });
    // as first filed the year balanced
    const first = build('TSM', 'annual', '2018-04-19');
    const j = first.balance_sheets.findIndex((r) => r.report_period === '2017-12-31');
    expect(first.balance_sheets[j]!.total_assets).toBe(1_991_732_000_000);
    expect(first.rowWarnings.balance_sheets[j]).toEqual([]);
    expect(first.warnings).toEqual([]);
  });
});

describe('identityWarnings', () => {
  const resolved = (values: Record<string, number | null>, kind: 'reported' | 'derived' = 'reported') => ({
    values,
    sources: Object.fromEntries(Object.keys(values).map((f) => [f, { kind }])),
    warnings: [],
  });

  it('flags a negative revenue and leaves the value to the caller untouched', () => {
    const r = resolved({ revenue: -133_000_000, cost_of_revenue: 10, gross_profit: -133_000_010 });
    expect(identityWarnings('income', '2024-12-31', 'annual', r)).toEqual([
      'check annual 2024-12-31: revenue -133000000 is negative (reported)',
    ]);
    expect(r.values.revenue).toBe(-133_000_000);
    expect(identityWarnings('income', '2024-12-31', 'annual', resolved({ revenue: 0 }))).toEqual([]);
  });

  it('tolerates rounding (0.05%, at least 2 units) and checks only reported terms', () => {
    const r = resolved({ revenue: 1_000_000, cost_of_revenue: 400_000, gross_profit: 600_250 });
    expect(identityWarnings('income', '2024-12-31', 'annual', r)).toEqual([]);
    const off = resolved({ revenue: 1_000_000, cost_of_revenue: 400_000, gross_profit: 601_000 });
    expect(identityWarnings('income', '2024-12-31', 'quarterly', off)).toEqual([
      'identity quarterly 2024-12-31: gross_profit 601000 != revenue 1000000 - cost_of_revenue 400000',
    ]);
    const derived = resolved(
      { revenue: 1_000_000, cost_of_revenue: 400_000, gross_profit: 601_000 },
      'derived',
    );
    expect(identityWarnings('income', '2024-12-31', 'annual', derived)).toEqual([]);
  });
});

describe('LPA (20-F filer, IFRS, USD, re-serialized fixture)', () => {
  it('annual FY2024 matches the 20-F 0001997711-25-000030', () => {
    const s = build('LPA', 'annual');
    expect(row(s.income_statements, '2024-12-31')).toMatchObject({
      currency: 'USD',
      accounting_standard: 'ifrs',
      revenue: 43_862_372,
      net_income: -29_285_428,
      earnings_per_share_diluted: -0.94,
      weighted_average_shares: 30_995_079,
    });
    expect(row(s.balance_sheets, '2024-12-31')).toMatchObject({
      total_assets: 607_019_578,
      shareholders_equity: 228_964_876,
    });
    // tagged CashFlowsFromUsedInOperations; 19,391,563 - 10,734,635 - 14,690,843 - 381,101 = -6,415,016 (change in cash)
    expect(row(s.cash_flow_statements, '2024-12-31').net_cash_flow_from_operations).toBe(19_391_563);
    expect(s.warnings.filter((w) => w.includes('2024-12-31'))).toEqual([]);
  });

  it('as_of 2024-06-30 returns the FY2023 EPS as first filed (0.019), later restated to 0.11', () => {
    expect(
      row(build('LPA', 'annual', '2024-06-30').income_statements, '2023-12-31').earnings_per_share_diluted,
    ).toBe(0.019);
    expect(row(build('LPA', 'annual').income_statements, '2023-12-31').earnings_per_share_diluted).toBe(0.11);
    expect(build('LPA', 'quarterly').income_statements).toEqual([]);
  });
});
