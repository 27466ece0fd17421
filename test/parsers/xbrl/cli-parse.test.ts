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
    expect(out.segments[0].income_statement.revenue.segment[0]).toEqual({
      label: 'Oilfield Technologies And Services',
      value: 165_557_000,
    });
  });
});
