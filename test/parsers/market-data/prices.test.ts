import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../../lib/errors.ts';
import { parseChartJson } from '../../../parsers/prices/chart-json.ts';
import { parsePriceCsv } from '../../../parsers/prices/csv.ts';
import { stooqSymbol } from '../../../parsers/prices/providers.ts';
import { cleanFloat, toListingBar } from '../../../parsers/prices/types.ts';
import { currencyFromSuffix, toMajor } from '../../../parsers/prices/units.ts';

const upstream = (p: string) => readFileSync(`fixtures/upstream/${p}`, 'utf8');
const local = (p: string) => readFileSync(`fixtures/market-data/${p}`, 'utf8');
/** node-yahoo-finance2's HTTP fixture wrapper: the upstream body is `response.body` (verbatim) or `bodyJson`. */
const wrapped = (p: string) => {
  const j = JSON.parse(local(p)) as { response: { body?: string; bodyJson?: unknown } };
  return j.response.body ?? JSON.stringify(j.response.bodyJson);
};
const chart = (symbol: string) => upstream(`query2.finance.yahoo.com/v8/finance/chart/${symbol}`);
const download = (symbol: string) => upstream(`query1.finance.yahoo.com/v7/finance/download/${symbol}`);
const bar = <T extends { date: string }>(bars: T[], date: string) => bars.find((b) => b.date === date);

describe('Yahoo chart JSON', () => {
  const aapl = parseChartJson(chart('AAPL'));

  it('AAPL: local trading dates, float32 noise removed, a close and a volume read by hand', () => {
    expect(aapl.format).toBe('chart-json');
    expect(aapl.currency).toBe('USD');
    expect(aapl.bars).toHaveLength(127);
    expect(bar(aapl.bars, '2025-07-14')).toEqual({
      symbol: 'AAPL',
      date: '2025-07-14',
      currency: 'USD',
      open: 209.93,
      high: 210.91,
      low: 207.54,
      close: 208.62,
      adjClose: 208.3835,
      volume: 38840100,
      adjusted: false,
    });
    // the last bar is stamped with the last trade (20:00:01Z), not the session open: still 2025-10-29
    expect(aapl.bars.at(-1)).toMatchObject({ date: '2025-10-29', close: 269.7 });
  });

  it('dividends from the events block; adj_close equals close from the last ex-date on', () => {
    expect(aapl.events).toEqual([
      {
        symbol: 'AAPL',
        date: '2025-05-12',
        kind: 'dividend',
        amount: 0.26,
        numerator: null,
        denominator: null,
      },
      {
        symbol: 'AAPL',
        date: '2025-08-11',
        kind: 'dividend',
        amount: 0.26,
        numerator: null,
        denominator: null,
      },
    ]);
    expect(bar(aapl.bars, '2025-08-11')).toMatchObject({ close: 227.18, adjClose: 227.18 });
    const before = bar(aapl.bars, '2025-08-08') as unknown as { close: number; adjClose: number };
    expect(before.adjClose).toBeLessThan(before.close); // adjusted for the 2025-08-11 dividend
  });

  it('a re-serialized chart (sorted keys, pretty-printed) parses the same way; the 0.27 raise', () => {
    const r = parseChartJson(local('AAPL_1d_2025-12-01_2026-05-29_div_RESERIALIZED.json'));
    expect(r.bars).toHaveLength(124);
    expect(r.bars[0]).toMatchObject({ date: '2025-12-01', close: 283.1, adjClose: 282.575 });
    expect(r.events.map((e) => [e.date, e.amount])).toEqual([
      ['2026-02-09', 0.26],
      ['2026-05-11', 0.27],
    ]);
  });

  it('splits from the events block (NVDA 4:1, 2021); closes are split-adjusted by the vendor', () => {
    const r = parseChartJson(wrapped('v8_chart_NVDA_events_split_2021.fixture.json'));
    // NVDA closed at 529.48 on 2021-02-01; captured in 2024, the chart divides by the 4:1 (2021) and the
    // 10:1 (2024) splits: 13.237
    expect(bar(r.bars, '2021-02-01')).toMatchObject({ close: 13.237, adjClose: 13.204399 });
    expect(r.events.filter((e) => e.kind === 'split')).toEqual([
      { symbol: 'NVDA', date: '2021-07-20', kind: 'split', amount: null, numerator: 4, denominator: 1 },
    ]);
  });

  it('pence: TSCO.L keeps GBp and its suffix; only the major-unit conversion divides by 100', () => {
    const r = parseChartJson(chart('TSCO.L'));
    expect(r.currency).toBe('GBp');
    expect(r.bars.map((b) => b.date)).toEqual([
      '2026-06-04',
      '2026-06-05',
      '2026-06-08',
      '2026-06-09',
      '2026-06-10',
    ]);
    expect(bar(r.bars, '2026-06-10')).toMatchObject({
      symbol: 'TSCO.L',
      close: 464.7,
      currency: 'GBp',
      volume: 5837317,
    });
    expect(toMajor(464.7, 'GBp')).toEqual({ value: 4.647, currency: 'GBP' });
    expect(toMajor(464.7, 'GBP')).toEqual({ value: 464.7, currency: 'GBP' });
  });

  it('currency null in meta: rows kept with currency null and a warning', () => {
    const r = parseChartJson(wrapped('v8_chart_ADH_currency_null.fixture.json'));
    expect(r.currency).toBeNull();
    expect(r.bars[0]).toMatchObject({ date: '2020-01-02', close: 10.38, currency: null });
    expect(r.warnings[0]).toMatch(/meta.currency is null/);
  });

  it('the error JSON of an unknown symbol is not found, not a crash', () => {
    const r = parseChartJson(wrapped('v8_chart_error_not_found.fixture.json'));
    expect(r.notFound).toBe('Not Found: No data found, symbol may be delisted');
    expect(r.bars).toEqual([]);
  });

  it('a weekend request returns empty arrays: zero bars', () => {
    const r = parseChartJson(wrapped('v8_chart_AAPL_1m_weekend_2025-02-01.fixture.json'));
    expect(r.bars).toEqual([]);
    expect(r.notFound).toBeNull();
  });

  it('null candles are dropped with a warning (a real file with one close nulled)', () => {
    const j = JSON.parse(chart('TSCO.L'));
    j.chart.result[0].indicators.quote[0].close[2] = null;
    const r = parseChartJson(JSON.stringify(j));
    expect(r.bars.map((b) => b.date)).toEqual(['2026-06-04', '2026-06-05', '2026-06-09', '2026-06-10']);
    expect(r.warnings).toEqual(['TSCO.L: 1 bar(s) with a null close dropped']);
  });

  it('not JSON or not a chart: ParseError', () => {
    expect(() => parseChartJson('<html>', 'x')).toThrow(ParseError);
    expect(() => parseChartJson('{"quoteResponse":{}}', 'x')).toThrow(/no `chart` object/);
  });
});

describe('price CSVs', () => {
  it('yfinance history (2330.TW): adjusted before the last dividend, traded from it on', () => {
    const r = parsePriceCsv(download('2330.TW'), { symbol: '2330.TW', currency: 'TWD' });
    expect(r.format).toBe('yfinance-history');
    expect(r.bars).toHaveLength(64);
    expect(r.events).toEqual([
      {
        symbol: '2330.TW',
        date: '2025-06-12',
        kind: 'dividend',
        amount: 4.50002,
        numerator: null,
        denominator: null,
      },
    ]);
    // 2025-06-11 printed 1060.5 although TSMC traded at 1065: adjusted, so no traded close is stored
    expect(toListingBar(bar(r.bars, '2025-06-11') as never)).toMatchObject({
      close: null,
      open: null,
      adjClose: 1060.5,
    });
    expect(toListingBar(bar(r.bars, '2025-07-14') as never)).toMatchObject({
      close: 1095,
      adjClose: 1095,
      open: 1100,
      volume: 25760632,
      currency: 'TWD',
    });
    expect(bar(r.bars, '2025-08-01')).toBeUndefined(); // a source gap stays a gap
  });

  it('yfinance download (TSM, two header rows, Close first): all adjusted', () => {
    const r = parsePriceCsv(download('TSM'), { symbol: 'TSM', currency: 'USD' });
    expect(r.format).toBe('yfinance-download');
    expect(r.bars).toHaveLength(250);
    expect(toListingBar(bar(r.bars, '2025-07-14') as never)).toMatchObject({
      close: null,
      adjClose: 228.67,
      volume: 10673500,
    });
    expect(bar(r.bars, '2025-07-14')).toMatchObject({ open: 229.33 });
  });

  it('yfinance three header rows (ZC=F corn, US cents) and weekend rows kept (BTC-USD)', () => {
    const corn = parsePriceCsv(download('ZC=F'), { symbol: 'ZC=F', currency: 'USX' });
    expect(corn.bars[0]).toMatchObject({ date: '2025-09-08', close: 403, volume: 549 });
    const btc = parsePriceCsv(local('BTC-USD.csv'), { symbol: 'BTC-USD', currency: 'USD' });
    expect(bar(btc.bars, '2025-09-07')).toMatchObject({ close: 111167.62 }); // a Sunday
  });

  it('Yahoo download CSV: traded close and Adj Close both kept', () => {
    const r = parsePriceCsv(local('^GSPC_2011.csv'), { symbol: '^GSPC', currency: 'USD' });
    expect(r.format).toBe('yahoo-csv');
    expect(r.bars[0]).toMatchObject({
      date: '2011-01-03',
      close: 1271.869995,
      adjClose: 1271.869995,
      adjusted: false,
    });
  });

  it('stooq (both shapes) is back-adjusted: stored as adj_close only; the NFLX split is invisible', () => {
    const web = parsePriceCsv(local('aapl_us_d_1984-09-07_2026-07-21.csv'), {
      symbol: 'AAPL',
      currency: 'USD',
    });
    expect(web.format).toBe('stooq');
    expect(toListingBar(bar(web.bars, '2025-07-14') as never)).toMatchObject({
      close: null,
      adjClose: 207.987,
    });
    const nflx = parsePriceCsv(upstream('stooq.com/q/d/l?s=nflx.us&i=d'), {
      symbol: 'NFLX',
      currency: 'USD',
    });
    expect(nflx.format).toBe('stooq-bulk');
    expect(bar(nflx.bars, '2025-07-14')).toMatchObject({ close: 126.195, volume: 27810480 });
    expect(bar(nflx.bars, '2025-11-17')).toMatchObject({ close: 110.29 });
    expect(nflx.events).toEqual([]);
    const googl = parsePriceCsv(upstream('stooq.com/q/d/l?s=googl.us&i=d'), {
      symbol: 'GOOGL',
      currency: 'USD',
    });
    expect(bar(googl.bars, '2010-07-23')).toMatchObject({ volume: 0 }); // volume 0 is data
  });

  it('not a price CSV: ParseError', () => {
    expect(() => parsePriceCsv('a,b\n1,2\n', { symbol: 'X', currency: null })).toThrow(ParseError);
  });
});

describe('units and symbols', () => {
  it('cleanFloat prints the shortest float32 decimal and leaves real doubles alone', () => {
    expect(cleanFloat(464.70001220703125)).toBe(464.7);
    expect(cleanFloat(208.6199951171875)).toBe(208.62);
    expect(cleanFloat(169.54211422052379)).toBe(169.54211422052379);
  });

  it('market suffix currencies; share classes are not suffixes; London is never guessed', () => {
    expect(currencyFromSuffix('2330.TW')).toBe('TWD');
    expect(currencyFromSuffix('AAPL')).toBe('USD');
    expect(currencyFromSuffix('BRK.B')).toBe('USD');
    expect(currencyFromSuffix('TSCO.L')).toBeNull();
    expect(stooqSymbol('GOOGL')).toBe('googl.us');
    expect(stooqSymbol('BRK-B')).toBe('brk.b.us');
  });
});
