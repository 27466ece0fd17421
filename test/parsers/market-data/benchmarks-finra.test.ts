import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../../lib/errors.ts';
import { BENCHMARK_SEED } from '../../../parsers/benchmarks/registry-data.ts';
import { benchmarkRows } from '../../../parsers/benchmarks/series.ts';
import { parseShortInterest } from '../../../parsers/finra/short-interest.ts';
import { parsePriceCsv } from '../../../parsers/prices/csv.ts';
import { MINOR_UNITS, toMajor } from '../../../parsers/prices/units.ts';

const download = (symbol: string) =>
  readFileSync(`fixtures/upstream/query1.finance.yahoo.com/v7/finance/download/${symbol}`, 'utf8');
const entry = (symbol: string) => BENCHMARK_SEED.find((b) => b.symbol === symbol)!;
const prov = { source: 'test', fetchedAt: new Date('2026-03-07T00:00:00Z') };
const series = (symbol: string) =>
  benchmarkRows(parsePriceCsv(download(symbol), { symbol, currency: null }), entry(symbol), prov).rows;

describe('benchmark registry and USX conversion', () => {
  it('twelve commodities quote in US cents, and every one converts to USD / 100', () => {
    const cents = BENCHMARK_SEED.filter((b) => b.currency === 'USX');
    expect(cents.map((b) => b.symbol).sort()).toEqual(
      ['CT=F', 'GF=F', 'HE=F', 'KC=F', 'KE=F', 'LE=F', 'SB=F', 'ZC=F', 'ZL=F', 'ZO=F', 'ZS=F', 'ZW=F'].sort(),
    );
    for (const b of cents) {
      expect(b.kind).toBe('commodity');
      expect(toMajor(512.5, b.currency)).toEqual({ value: 5.125, currency: 'USD' });
    }
    expect(Object.keys(MINOR_UNITS)).toContain('USX');
    expect(new Set(BENCHMARK_SEED.map((b) => b.symbol)).size).toBe(BENCHMARK_SEED.length);
  });

  it('corn and wheat series (the cents commodities with a real file): close_major = close / 100, USD', () => {
    const corn = series('ZC=F');
    expect(corn[0]).toMatchObject({
      date: '2025-09-08',
      close: 403,
      currency: 'USX',
      closeMajor: 4.03,
      currencyMajor: 'USD',
    });
    const wheat = series('ZW=F');
    expect(wheat[0]).toMatchObject({
      date: '2025-09-08',
      close: 505.5,
      currency: 'USX',
      closeMajor: 5.055,
      currencyMajor: 'USD',
    });
  });

  it('a dollar commodity and an index: close_major equals close', () => {
    const gold = series('GC=F');
    expect(gold.find((r) => r.date === '2025-09-12')).toMatchObject({
      close: 3649.4,
      closeMajor: 3649.4,
      currencyMajor: 'USD',
      volume: 1300,
    });
    const spx = series('^GSPC');
    expect(spx[0]).toMatchObject({
      date: '2025-09-08',
      close: 6495.15,
      closeMajor: 6495.15,
      currency: 'USD',
      volume: 5211500000,
    });
    const nikkei = series('^N225');
    expect(nikkei[0]).toMatchObject({ currency: 'JPY', currencyMajor: 'JPY' });
  });

  it('every fixture series has a registry row', () => {
    for (const s of [
      '^GSPC',
      '^VIX',
      '^N225',
      '^KS11',
      '^TWII',
      '^TNX',
      'DX-Y.NYB',
      'GC=F',
      'CL=F',
      'ZC=F',
      'ZW=F',
    ])
      expect(entry(s), s).toBeDefined();
  });

  it('a source currency that contradicts the registry is a ParseError, never a guess', () => {
    const parsed = parsePriceCsv(download('ZC=F'), { symbol: 'ZC=F', currency: null });
    expect(() => benchmarkRows({ ...parsed, currency: 'USD' }, entry('ZC=F'), prov)).toThrow(ParseError);
  });
});

describe('FINRA short interest', () => {
  const cdn = readFileSync(
    'fixtures/upstream/cdn.finra.org/equity/otcmarket/biweekly/shrt20260430.csv',
    'utf8',
  );

  it("FINRA's pipe-delimited CDN file: AAPL's position and days to cover", () => {
    const r = parseShortInterest(cdn);
    expect(r.rows).toHaveLength(9);
    expect(r.rows[0]).toEqual({
      symbol: 'AAPL',
      settlementDate: '2026-04-30',
      issueName: 'Apple Inc. Common Stock',
      category: 'R',
      marketClassCode: 'NNM',
      currentShortPosition: 134675274,
      previousShortPosition: 134422787,
      changePrevious: 252487,
      changePercent: '0.19',
      averageDailyVolume: 45944025,
      daysToCover: '2.93',
      daysToCoverComputed: false,
      revisionFlag: null,
      stockSplitFlag: null,
    });
    expect(r.rows.map((x) => x.symbol)).toContain('ABRPRD'); // preferred D, letters kept
  });

  it('the query-export CSV: legacy names, DD-MM-YYYY, the misnamed change column, 999.99 -> null', () => {
    // 5,000 and 3,678 data rows (the MANIFEST's 4999/3677 counted newlines; neither file ends with one)
    const part1 = parseShortInterest(
      readFileSync('fixtures/market-data/equity_short_interest_20240815_part1.csv', 'utf8'),
    );
    const part2 = parseShortInterest(
      readFileSync('fixtures/market-data/equity_short_interest_20240815_part2.csv', 'utf8'),
    );
    expect(part1.rows).toHaveLength(5000);
    expect(part2.rows).toHaveLength(3678);
    const aabb = part1.rows.find((x) => x.symbol === 'AABB')!;
    expect(aabb).toMatchObject({
      settlementDate: '2024-08-15',
      category: 'Other OTC',
      marketClassCode: 'U',
      currentShortPosition: 135611,
      previousShortPosition: 1550761,
      changePrevious: -1415150,
      changePercent: '-91.26',
      averageDailyVolume: 37540046,
      daysToCover: '1.00',
    });
    const aaaly = part1.rows.find((x) => x.symbol === 'AAALY')!;
    expect(aaaly).toMatchObject({ averageDailyVolume: 0, daysToCover: null, daysToCoverComputed: false });
  });

  it('days to cover computed from the average daily volume when absent, and flagged', () => {
    const withoutDtc = cdn.replace(/\|2\.93\|/, '||');
    const aapl = parseShortInterest(withoutDtc).rows[0]!;
    expect(aapl).toMatchObject({ daysToCover: '2.93', daysToCoverComputed: true });
  });

  it('an empty file (header only) is zero rows; an unknown file is a ParseError', () => {
    const header = cdn.split('\n')[0]!;
    expect(parseShortInterest(`${header}\n`).rows).toEqual([]);
    expect(() => parseShortInterest('Date|Symbol|ShortVolume\n20210604|AAPL|1\n')).toThrow(ParseError);
  });
});
