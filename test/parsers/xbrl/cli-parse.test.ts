import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** `etl parse xbrl-statements|xbrl-segments` on the captured files, as an operator runs them. */
const etl = (...args: string[]) =>
  JSON.parse(
    execFileSync('node', ['bin/etl.js', 'parse', ...args], { encoding: 'utf8', maxBuffer: 64 << 20 }),
  );

describe('etl parse xbrl-*', () => {
  it('xbrl-statements prints the latest rows per statement and the metrics, newest first', () => {
    const out = etl(
      'xbrl-statements',
      'fixtures/upstream/data.sec.gov/api/xbrl/companyfacts/CIK0001652044.json',
      '--period',
      'annual',
    );
    expect(Object.keys(out)).toEqual([
      'income_statements',
      'balance_sheets',
      'cash_flow_statements',
      'financial_metrics',
      'warnings',
    ]);
    const fy24 = out.income_statements.find(
      (r: { report_period: string }) => r.report_period === '2024-12-31',
    );
    expect(fy24).toMatchObject({ ticker: null, cik: 1652044, revenue: 350_018_000_000, fiscal_period: 'FY' });
    expect(out.financial_metrics[0].report_period).toBe(out.income_statements[0].report_period);
  });

  it('xbrl-segments prints segment rows of an instance document', () => {
    const out = etl(
      'xbrl-segments',
      'fixtures/upstream/www.sec.gov/Archives/edgar/data/1009672/000156459018004771/crr-20171231.xml',
    );
    expect(out.period).toBe('annual'); // a 10-K
    expect(out.segments[0].income_statement.revenue.segment[0]).toEqual({
      label: 'Oilfield Technologies and Services',
      value: 165_557_000,
    });
  });

  it('xbrl-segments takes the grain from the document (a 10-Q is quarterly) and says why --period annual is empty', () => {
    const aapl =
      'fixtures/upstream/www.sec.gov/Archives/edgar/data/320193/000032019325000057/aapl-20250329_htm.xml';
    const out = etl('xbrl-segments', aapl);
    expect(out.period).toBe('quarterly');
    expect(out.segments[0]).toMatchObject({ report_period: '2025-03-29', fiscal_period: 'Q2' });
    expect(out.segments[0].income_statement.revenue.segment[0]).toEqual({
      label: 'Americas',
      value: 40_315_000_000,
    });
    const annual = etl('xbrl-segments', aapl, '--period', 'annual');
    expect(annual.segments).toEqual([]);
    expect(annual.warnings).toContain('asked for annual rows of a 10-Q, whose own grain is quarterly');
  });
});
