import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** `etl parse prices|benchmark|short-interest` on the captured files, as an operator runs them. */
const etl = (...args: string[]) =>
  JSON.parse(
    execFileSync('node', ['bin/etl.js', 'parse', ...args], { encoding: 'utf8', maxBuffer: 64 << 20 }),
  );
const U = 'fixtures/upstream';

describe('etl parse prices|benchmark|short-interest', () => {
  it('prices: a chart JSON, newest first, in the route row shape; a CSV with --symbol', () => {
    const chart = etl('prices', `${U}/query2.finance.yahoo.com/v8/finance/chart/TSCO.L`);
    expect(chart.prices[0]).toEqual({
      symbol: 'TSCO.L',
      date: '2026-06-10',
      currency: 'GBp',
      open: 460.4,
      high: 466,
      low: 457.6,
      close: 464.7,
      adj_close: 464.7,
      volume: 5837317,
    });
    const csv = etl('prices', `${U}/query1.finance.yahoo.com/v7/finance/download/TSM`, '--symbol', 'TSM');
    expect(csv).toMatchObject({ format: 'yfinance-download', currency: 'USD' });
    expect(csv.prices.find((r: { date: string }) => r.date === '2025-07-14')).toMatchObject({
      close: null,
      adj_close: 228.67,
    });
  });

  it('benchmark: close_major for a cents commodity; short-interest: FINRA rows by symbol', () => {
    const corn = etl(
      'benchmark',
      `${U}/query1.finance.yahoo.com/v7/finance/download/ZC=F`,
      '--symbol',
      'ZC=F',
    );
    expect(corn.series.at(-1)).toMatchObject({
      date: '2025-09-08',
      close: 403,
      close_major: 4.03,
      currency_major: 'USD',
    });
    const si = etl(
      'short-interest',
      `${U}/cdn.finra.org/equity/otcmarket/biweekly/shrt20260430.csv`,
      '--symbol',
      'GME',
    );
    expect(si.short_interest).toEqual([
      expect.objectContaining({ ticker: 'GME', current_short_position: 59374474, days_to_cover: '8.48' }),
    ]);
  });

  it('a file of another format is a ParseError on stderr and exit 1', () => {
    const r = spawnSync(
      'node',
      ['bin/etl.js', 'parse', 'short-interest', `${U}/query1.finance.yahoo.com/v7/finance/download/TSM`],
      {
        encoding: 'utf8',
      },
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/ParseError: not a FINRA short-interest file/);
  });
});
