import { describe, expect, it } from 'vitest';
import { SPECS_BY_STATEMENT } from '../../../parsers/xbrl/mapping.ts';
import { fiscalCalendar } from '../../../parsers/xbrl/periods.ts';
import { resolveSlot } from '../../../parsers/xbrl/resolve.ts';
import { buildStatements } from '../../../parsers/xbrl/statements.ts';
import { build, row } from './build.ts';
import { company } from './load.ts';

/*
 * Every pinned figure below was checked by hand against the facts in the fixture (companyfacts JSON), which
 * are the values as filed: accession and filing date are named next to each number.
 */

describe('GOOGL (calendar fiscal year, us-gaap)', () => {
  it('annual FY2024 matches the 10-K 0001652044-25-000014 (filed 2025-02-05)', () => {
    const s = build('GOOGL', 'annual');
    const inc = row(s.income_statements, '2024-12-31');
    expect(inc).toMatchObject({
      ticker: 'GOOGL',
      cik: 1652044,
      period: 'annual',
      fiscal_period: 'FY',
      currency: 'USD',
      accounting_standard: 'us_gaap',
      accession_number: '0001652044-25-000014',
      filing_url: 'https://www.sec.gov/Archives/edgar/data/1652044/000165204425000014/',
      calendar_date: '2024-12-31',
      revenue: 350_018_000_000,
      net_income: 100_118_000_000,
      earnings_per_share_diluted: 8.04,
      weighted_average_shares_diluted: 12_447_000_000,
    });
    // not reported for Alphabet: null, never zero
    expect(inc.net_income_discontinued_operations).toBeNull();
    const bs = row(s.balance_sheets, '2024-12-31');
    expect(bs.total_assets).toBe(450_256_000_000);
    expect(bs.shareholders_equity).toBe(325_084_000_000);
    const cf = row(s.cash_flow_statements, '2024-12-31');
    expect(cf.net_cash_flow_from_operations).toBe(125_299_000_000);
    // sign convention: capex is an outflow (negative); FCF = OCF + capex
    expect(cf.capital_expenditure).toBe(-52_535_000_000);
    expect(cf.free_cash_flow).toBe(125_299_000_000 - 52_535_000_000);
  });

  it('depreciation_and_amortization: Alphabet reports depreciation alone (no amortization line)', () => {
    const s = build('GOOGL', 'annual');
    const i = s.cash_flow_statements.findIndex((r) => r.report_period === '2024-12-31');
    // us-gaap:Depreciation FY2024 15,311M (10-K 0001652044-25-000014); FY2021 10,273M is the first one filed
    expect(s.cash_flow_statements[i]!.depreciation_and_amortization).toBe(15_311_000_000);
    expect(s.provenance.cash_flow_statements[i]!.depreciation_and_amortization).toMatchObject({
      kind: 'reported',
      concept: 'us-gaap:Depreciation',
    });
    expect(row(s.cash_flow_statements, '2021-12-31').depreciation_and_amortization).toBe(10_273_000_000);
    expect(row(s.cash_flow_statements, '2020-12-31').depreciation_and_amortization).toBeNull();
    // a quarter from year-to-date figures: 9M 11,106M - 6M 7,121M
    const q = build('GOOGL', 'quarterly');
    expect(row(q.cash_flow_statements, '2024-09-30').depreciation_and_amortization).toBe(3_985_000_000);
    // Q1 2025 as re-filed on 2026-04-30 with AmortizationOfIntangibleAssets 122M: 4,487M + 122M
    expect(row(q.cash_flow_statements, '2025-03-31').depreciation_and_amortization).toBe(4_609_000_000);
    const asFirstFiled = build('GOOGL', 'quarterly', '2025-04-25').cash_flow_statements;
    expect(row(asFirstFiled, '2025-03-31').depreciation_and_amortization).toBe(4_487_000_000);
  });

  it('the head is exactly the spec 2.5 metadata followed by the 23 income fields', () => {
    const inc = build('GOOGL', 'annual').income_statements[0]!;
    const keys = Object.keys(inc);
    expect(keys.slice(0, 10)).toEqual([
      'ticker',
      'cik',
      'report_period',
      'period',
      'fiscal_period',
      'currency',
      'accounting_standard',
      'accession_number',
      'filing_url',
      'calendar_date',
    ]);
    expect(keys.length).toBe(10 + 23);
  });

  it('quarterly Q3 2024 (10-Q 0001652044-24-000118): 3-month facts, cash flow derived from YTD', () => {
    const s = build('GOOGL', 'quarterly');
    const inc = row(s.income_statements, '2024-09-30');
    expect(inc).toMatchObject({
      fiscal_period: 'Q3',
      accession_number: '0001652044-24-000118',
      revenue: 88_268_000_000,
      net_income: 26_301_000_000,
      earnings_per_share_diluted: 2.12,
      weighted_average_shares_diluted: 12_419_000_000,
    });
    const bs = row(s.balance_sheets, '2024-09-30');
    expect(bs.total_assets).toBe(430_266_000_000);
    expect(bs.shareholders_equity).toBe(314_119_000_000);
    // OCF is only reported year-to-date: 9M 86,186M - 6M 55,488M = 30,698M
    const i = s.cash_flow_statements.findIndex((r) => r.report_period === '2024-09-30');
    expect(s.cash_flow_statements[i]!.net_cash_flow_from_operations).toBe(30_698_000_000);
    expect(s.provenance.cash_flow_statements[i]!.net_cash_flow_from_operations).toMatchObject({
      kind: 'derived',
    });
    // quarterly means Q1-Q3: no Q4 / FY rows
    expect(s.income_statements.every((r) => r.fiscal_period !== 'FY')).toBe(true);
  });

  it('derives Q4 2024 = FY - 9M YTD for flows only', () => {
    const { prepared } = company('GOOGL');
    const q4 = fiscalCalendar(prepared.evidence).quarters.find((q) => q.end === '2024-12-31')!;
    expect(q4).toMatchObject({
      index: 4,
      fyStart: '2024-01-01',
      prevEnds: ['2024-03-31', '2024-06-30', '2024-09-30'],
    });
    const env = { index: prepared.index, currency: 'USD', standard: 'us_gaap' as const, industry: null };
    const r = resolveSlot(SPECS_BY_STATEMENT.income, { kind: 'quarter', ...q4 }, env);
    // FY 350,018M (10-K 2025-02-05) - 9M YTD 253,549M (10-Q 2024-10-30) = 96,469M;
    // cross-check: Q1 80,539M (= 6M 165,281M - Q2 84,742M) + Q2 84,742M + Q3 88,268M = 253,549M.
    expect(r.values.revenue).toBe(350_018_000_000 - 253_549_000_000);
    expect(r.values.revenue).toBe(96_469_000_000);
    expect(r.sources.revenue).toMatchObject({ kind: 'derived' });
    expect(r.sources.revenue!.formula).toContain(
      'FY 2024-01-01..2024-12-31 (350018000000) - 9M YTD 2024-01-01..2024-09-30 (253549000000)',
    );
    // NI: 100,118M - 73,582M = 26,536M
    expect(r.values.net_income).toBe(26_536_000_000);
    // never derived for per-share values or share counts
    expect(r.values.earnings_per_share_diluted).toBeNull();
    expect(r.values.weighted_average_shares_diluted).toBeNull();
  });

  it('ttm sums four quarters (Q4 derived) and equals the fiscal year at a year end', () => {
    const s = build('GOOGL', 'ttm');
    const q1 = row(s.income_statements, '2025-03-31');
    // Q2'24 84,742 + Q3'24 88,268 + Q4'24 96,469 (derived) + Q1'25 90,234 = 359,713 (USD millions)
    expect(q1.revenue).toBe(359_713_000_000);
    // 23,619 + 26,301 + 26,536 + 34,540 = 110,996
    expect(q1.net_income).toBe(110_996_000_000);
    expect(q1.fiscal_period).toBe('Q1');
    expect(q1.earnings_per_share_diluted).toBeNull();
    const fy = row(s.income_statements, '2024-12-31');
    expect(fy).toMatchObject({
      fiscal_period: 'FY',
      revenue: 350_018_000_000,
      earnings_per_share_diluted: 8.04,
    });
    expect(row(s.balance_sheets, '2025-03-31').total_assets).toBeGreaterThan(0);
  });

  it('every ttm row at a fiscal year end equals the annual row (no rounding drift, restated years kept)', () => {
    for (const ticker of ['GOOGL', 'MRVL'] as const) {
      const annual = build(ticker, 'annual');
      const ttm = build(ticker, 'ttm');
      for (const key of ['income_statements', 'cash_flow_statements'] as const) {
        const fy = ttm[key].filter((r) => r.fiscal_period === 'FY');
        expect(fy.length).toBeGreaterThan(3);
        for (const r of fy) {
          const a = row(annual[key], r.report_period);
          for (const f of ['revenue', 'net_income', 'net_cash_flow_from_operations', 'capital_expenditure']) {
            if (f in r)
              expect([ticker, r.report_period, f, r[f]]).toEqual([ticker, r.report_period, f, a[f]]);
          }
        }
      }
    }
  });

  it('as_of returns the values known then: pre-split EPS and the pre-recast 2015 operating cash flow', () => {
    // FY2021 diluted EPS 112.20 in the 10-K filed 2022-02-02; restated 5.61 after the 20:1 split (10-K 2023-02-03)
    expect(
      row(build('GOOGL', 'annual', '2022-06-30').income_statements, '2021-12-31').earnings_per_share_diluted,
    ).toBe(112.2);
    expect(row(build('GOOGL', 'annual').income_statements, '2021-12-31').earnings_per_share_diluted).toBe(
      5.61,
    );
    // FY2015 OCF 26,024M in the 10-K filed 2016-02-11, recast to 26,572M by the 8-K filed 2016-05-03
    const before = row(build('GOOGL', 'annual', '2016-03-01').cash_flow_statements, '2015-12-31');
    expect(before.net_cash_flow_from_operations).toBe(26_024_000_000);
    const after = row(build('GOOGL', 'annual', '2016-05-03').cash_flow_statements, '2015-12-31');
    expect(after.net_cash_flow_from_operations).toBe(26_572_000_000);
    // nothing filed after asOf leaks in
    expect(
      build('GOOGL', 'annual', '2016-03-01').income_statements.every((r) => r.report_period <= '2015-12-31'),
    ).toBe(true);
  });

  it('us-gaap facts tagged in a DEF 14A (pay-versus-performance) never feed statements', () => {
    const s = build('GOOGL', 'annual', '2026-04-24');
    expect(row(s.income_statements, '2021-12-31').accession_number).toBe('0001652044-22-000019');
  });

  it('amendments: a 10-K/A value wins from its filing date and the row points at the amendment', () => {
    // The fixtures hold no 10-K/A with financial facts, so one is injected: a copy of the real FY2024
    // revenue fact, re-filed as 10-K/A with a changed value (clearly not a filed figure).
    const { doc } = company('GOOGL');
    const original = doc.facts.find(
      (f) =>
        f.concept === 'RevenueFromContractWithCustomerExcludingAssessedTax' &&
        f.start === '2024-01-01' &&
        f.end === '2024-12-31',
    )!;
    const amended = {
      ...original,
      value: 350_000_000_000,
      form: '10-K/A',
      accn: '0001652044-25-099999',
      filed: '2025-03-01',
    };
    const facts = [...doc.facts, amended];
    const at = (asOf: string) =>
      row(
        buildStatements(facts, { ticker: 'GOOGL', cik: doc.cik, period: 'annual', asOf }).income_statements,
        '2024-12-31',
      );
    expect(at('2025-02-28')).toMatchObject({
      revenue: 350_018_000_000,
      accession_number: '0001652044-25-000014',
    });
    expect(at('2025-03-01')).toMatchObject({
      revenue: 350_000_000_000,
      accession_number: '0001652044-25-099999',
    });
  });

  it('golden: latest annual rows', async () => {
    const s = build('GOOGL', 'annual');
    const golden = {
      income_statements: s.income_statements.slice(0, 2),
      balance_sheets: s.balance_sheets.slice(0, 2),
      cash_flow_statements: s.cash_flow_statements.slice(0, 2),
    };
    await expect(JSON.stringify(golden, null, 2)).toMatchFileSnapshot(
      '../../../fixtures/golden/xbrl/googl-annual.json',
    );
  });
});
