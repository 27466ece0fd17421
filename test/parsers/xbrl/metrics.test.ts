import { describe, expect, it } from 'vitest';
import { buildMetrics, METRIC_FIELDS, ratio } from '../../../parsers/xbrl/metrics.ts';
import { buildStatements } from '../../../parsers/xbrl/statements.ts';
import { company } from './load.ts';

function googl(period: 'annual' | 'quarterly') {
  const { doc, prepared } = company('GOOGL');
  return buildStatements(prepared, { ticker: 'GOOGL', cik: doc.cik, period });
}

describe('buildMetrics', () => {
  it('GOOGL FY2024 ratios from the hand-checked statement figures', () => {
    const m = buildMetrics(googl('annual'), {
      period: 'annual',
      market: { '2024-12-31': { price: 190, marketCap: 2_300_000_000_000 } },
    }).find((r) => r.report_period === '2024-12-31')!;
    expect(Object.keys(m).length).toBe(9 + 38);
    expect(m.gross_margin).toBeCloseTo(203_712 / 350_018, 12);
    expect(m.net_margin).toBeCloseTo(100_118 / 350_018, 12);
    expect(m.current_ratio).toBeCloseTo(163_711 / 89_122, 12);
    expect(m.return_on_equity).toBeCloseTo(100_118 / 325_084, 12);
    // FY2023 revenue 307,394M (10-K 2024-01-31)
    expect(m.revenue_growth).toBeCloseTo(350_018 / 307_394 - 1, 12);
    expect(m.price_to_earnings_ratio).toBeCloseTo(190 / 8.04, 12);
    // EV = market cap + total debt 14,182M - cash 23,466M
    expect(m.enterprise_value).toBe(2_300_000_000_000 + 14_182_000_000 - 23_466_000_000);
    // dividends are an outflow (negative): payout = 7,363M / 100,118M
    expect(m.payout_ratio).toBeCloseTo(7_363 / 100_118, 12);
    expect(m.earnings_per_share).toBe(8.04);
    // EBITDA = operating income + D&A (Alphabet's D&A is us-gaap:Depreciation):
    // FY2024 112,390M + 15,311M over FY2023 84,293M + 11,946M
    expect(m.ebitda_growth).toBeCloseTo((112_390 + 15_311) / (84_293 + 11_946) - 1, 12);
    expect(m.enterprise_value_to_ebitda_ratio).toBeCloseTo(
      (2_300_000_000_000 + 14_182_000_000 - 23_466_000_000) / 127_701_000_000,
      12,
    );
  });

  it('TSM FY2024 book value per share from the issued-and-fully-paid share count', () => {
    const { doc, prepared } = company('TSM');
    const s = buildStatements(prepared, { ticker: 'TSM', cik: doc.cik, period: 'annual' });
    const m = buildMetrics(s, { period: 'annual' }).find((r) => r.report_period === '2024-12-31')!;
    // equity attributable to the parent 4,244,266.5M NT$ / 25,932.7M shares (20-F 0001193125-25-083423)
    expect(m.book_value_per_share).toBeCloseTo(4_244_266_500_000 / 25_932_700_000, 12);
    expect(m.currency).toBe('TWD');
  });

  it('valuation metrics are null without market inputs and for quarterly rows', () => {
    const annual = buildMetrics(googl('annual'), { period: 'annual' })[0]!;
    for (const f of [
      'enterprise_value',
      'price_to_earnings_ratio',
      'price_to_book_ratio',
      'free_cash_flow_yield',
      'peg_ratio',
    ] as const) {
      expect(annual[f]).toBeNull();
    }
    const q = buildMetrics(googl('quarterly'), {
      period: 'quarterly',
      market: { '2024-09-30': { price: 165, marketCap: 2_000_000_000_000 } },
    }).find((r) => r.report_period === '2024-09-30')!;
    expect(q.price_to_earnings_ratio).toBeNull();
    // quarterly growth compares with the same fiscal quarter a year earlier (Q3 2023 revenue 76,693M)
    expect(q.revenue_growth).toBeCloseTo(88_268 / 76_693 - 1, 12);
  });

  it('never divides by zero or by a meaningless negative denominator', () => {
    expect(ratio(1, 0)).toBeNull();
    expect(ratio(5, -10)).toBeNull();
    expect(ratio(-5, 10)).toBe(-0.5);
    expect(ratio(null, 10)).toBeNull();
    const { doc, prepared } = company('MRVL');
    const s = buildStatements(prepared, { ticker: 'MRVL', cik: doc.cik, period: 'annual' });
    const fy25 = buildMetrics(s, { period: 'annual' }).find((r) => r.report_period === '2025-02-01')!;
    // FY2024 net income was negative too: growth against a negative base is null, not a number
    expect(fy25.earnings_growth).toBeNull();
    expect(fy25.net_margin).toBeCloseTo(-885 / 5_767.3, 12);
    expect(METRIC_FIELDS.length).toBe(38);
  });
});
