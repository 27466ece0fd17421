import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../lib/errors.ts';
import { NotAHoldingsFileError, parseIssuerHoldings } from '../../parsers/etf/issuer-holdings.ts';

// Real issuer-published daily holdings files (fixtures/upstream/FUNDS-FIXTURES.md, "ETF issuer holdings files");
// every expected value below was read by hand from the files before the parser was written.
const GH = 'fixtures/upstream/raw.githubusercontent.com';
const IVV_PATH = `${GH}/martinbel/shiny-python/0290b7a5a29d8b45d4c5c51a3b997d83b22b0ada/IVV_holdings.csv`;
const SPY_PATH = `${GH}/onlyspx/ohlc-view/19748dcdeece405233775f45b0656b50065456c7/holdings-daily-us-en-spy.xlsx`;
const IVV = readFileSync(IVV_PATH);
const SPY = readFileSync(SPY_PATH);

describe('iShares CSV (IVV, holdings as of Apr 06, 2023)', () => {
  const f = parseIssuerHoldings(IVV, 'IVV_holdings.csv');

  it('reads the preamble: fund name and the as-of date', () => {
    expect(f.format).toBe('ishares-csv');
    expect(f.issuer).toBe('ishares');
    expect(f.fundName).toBe('iShares Core S&P 500 ETF');
    expect(f.fundTicker).toBeNull(); // the iShares file does not name its own ticker
    expect(f.asOf).toBe('2023-04-06');
  });

  it('keeps all 507 rows: 503 equity and the 4 non-equity rows, in file (weight) order', () => {
    expect(f.rows).toHaveLength(507);
    expect(f.rows.filter((r) => r.kind === 'equity')).toHaveLength(503);
    expect(f.rows.filter((r) => r.kind !== 'equity').map((r) => [r.ticker, r.assetClass, r.kind])).toEqual([
      ['XTSLA', 'Money Market', 'money_market'],
      ['USD', 'Cash', 'cash'],
      ['UBFUT', 'Cash Collateral and Margins', 'cash_collateral'],
      ['ESM3', 'Futures', 'future'],
    ]);
    expect(f.rows.map((r) => r.ordinal)).toEqual(f.rows.map((_, i) => i + 1));
    // the money-market row sits between NOC and LRCX, not at the end
    const at = f.rows.findIndex((r) => r.ticker === 'XTSLA');
    expect([f.rows[at - 1]!.ticker, f.rows[at + 1]!.ticker]).toEqual(['NOC', 'LRCX']);
  });

  it("AAPL's row: quoted numbers with thousands separators as exact decimals, weight in percent", () => {
    expect(f.rows[0]).toMatchObject({
      ordinal: 1,
      ticker: 'AAPL',
      name: 'APPLE INC',
      sector: 'Information Technology',
      assetClass: 'Equity',
      kind: 'equity',
      marketValue: '21749937094.76',
      weightPct: '7.12',
      notional: '21749937094.76',
      shares: '132089986.00',
      price: '164.66',
      location: 'United States',
      exchange: 'NASDAQ',
      currency: 'USD',
      fxRate: '1.00',
      accrualDate: null,
      cusip: null,
      isin: null,
      sedol: null,
    });
  });

  it('the future: market value 0.00, notional 911,312,600.00, 4,411 contracts; "-" is empty', () => {
    expect(f.rows.at(-1)).toMatchObject({
      ordinal: 507,
      ticker: 'ESM3',
      name: 'S&P500 EMINI JUN 23',
      marketValue: '0.00',
      weightPct: '0.00',
      notional: '911312600.00',
      shares: '4411.00',
      price: '4132.00',
      location: null,
      exchange: 'Index And Options Market',
    });
  });

  it('cash collateral keeps its accrual date; BRKB keeps the issuer-style ticker', () => {
    expect(f.rows.find((r) => r.ticker === 'UBFUT')).toMatchObject({
      marketValue: '46402280.44',
      weightPct: '0.02',
      accrualDate: '2015-10-01',
    });
    expect(f.rows.find((r) => r.ticker === 'BRKB')).toMatchObject({
      name: 'BERKSHIRE HATHAWAY INC CLASS B',
      weightPct: '1.64',
      shares: '16001824.00',
    });
    expect(f.rows.find((r) => r.ticker === 'XTSLA')).toMatchObject({
      marketValue: '592247067.71',
      weightPct: '0.19',
    });
  });

  it('the other vintage names the share column `Quantity`: same rows, same figures', () => {
    // the real file with only its header's `Shares` renamed, as older iShares downloads have it
    const text = IVV.toString('utf8').replace(',Shares,Price,', ',Quantity,Price,');
    const g = parseIssuerHoldings(Buffer.from(text, 'utf8'), 'IVV_holdings_quantity.csv');
    expect(g.rows).toHaveLength(507);
    expect(g.rows[0]!.shares).toBe('132089986.00');
  });
});

describe('SPDR XLSX (SPY, As of 10-May-2024)', () => {
  const f = parseIssuerHoldings(SPY, 'holdings-daily-us-en-spy.xlsx');

  it('reads the metadata rows: fund name, ticker, as-of date', () => {
    expect(f.format).toBe('spdr-xlsx');
    expect(f.issuer).toBe('spdr');
    expect(f.fundName).toBe('SPDR® S&P 500® ETF Trust');
    expect(f.fundTicker).toBe('SPY');
    expect(f.asOf).toBe('2024-05-10');
  });

  it('keeps 504 rows: 503 securities and the US DOLLAR cash row (row 250), none of the disclaimers', () => {
    expect(f.rows).toHaveLength(504);
    expect(f.rows.filter((r) => r.kind === 'equity')).toHaveLength(503);
    const cash = f.rows.filter((r) => r.kind !== 'equity');
    expect(cash).toHaveLength(1);
    expect(cash[0]).toMatchObject({
      ordinal: 245, // sheet row 250, header at row 5
      name: 'US DOLLAR',
      ticker: null,
      cusip: '999USDZ92',
      sedol: null,
      kind: 'cash',
      weightPct: '0.079551',
      shares: '409380828.97',
      currency: 'USD',
    });
    expect(f.rows.at(-1)).toMatchObject({ ordinal: 504, name: 'NEWS CORP  CLASS B', ticker: 'NWS' });
  });

  it('MSFT first, AAPL second: CUSIP kept as text with its leading zero, shares from 1.70182704E8', () => {
    expect(f.rows[0]).toMatchObject({
      ordinal: 1,
      name: 'MICROSOFT CORP',
      ticker: 'MSFT',
      cusip: '594918104',
      sedol: '2588173',
      weightPct: '7.020973',
      shares: '87116767',
      currency: 'USD',
      sector: null, // `-` on every row
      assetClass: null, // the SPDR file has no asset-class column
    });
    expect(f.rows[1]).toMatchObject({
      ordinal: 2,
      name: 'APPLE INC',
      ticker: 'AAPL',
      cusip: '037833100',
      sedol: '2046251',
      weightPct: '6.053475',
      shares: '170182704',
      kind: 'equity',
      marketValue: null,
      notional: null,
    });
    expect(f.rows.find((r) => r.ticker === 'BRK.B')).toMatchObject({
      cusip: '084670702',
      weightPct: '1.707507',
      shares: '21325190',
    });
  });
});

describe('not a holdings file', () => {
  it('a CSV without a holdings header row is a typed error', () => {
    const csv = Buffer.from('Date,Open,High,Low,Close,Volume\n2024-01-02,1,2,0.5,1.5,100\n');
    expect(() => parseIssuerHoldings(csv, 'prices.csv')).toThrow(NotAHoldingsFileError);
    expect(() => parseIssuerHoldings(csv, 'prices.csv')).toThrow(ParseError);
  });
  it('an XML document (an N-PORT filing) is a typed error', () => {
    const xml = readFileSync(
      'fixtures/upstream/raw.githubusercontent.com/dgunning/edgartools/ca5a70094da7fc34890161dae9c256bb1f4c3d26/data/NPORT.Dupree.xml',
    );
    expect(() => parseIssuerHoldings(xml, 'NPORT.Dupree.xml')).toThrow(NotAHoldingsFileError);
  });
  it('a holdings header without the as-of date is an error, not a guess', () => {
    const text = IVV.toString('utf8').replace('Fund Holdings as of,"Apr 06, 2023"', 'Fund Holdings,"-"');
    expect(() => parseIssuerHoldings(Buffer.from(text), 'IVV_no_date.csv')).toThrow(/as-of date/);
  });
});
