import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseNport } from '../../parsers/edgar/nport.ts';

// The held-out NPORT-P (fixtures/funds/held-out, MANIFEST.tsv): values read by hand from the file.
const d = parseNport(
  readFileSync('fixtures/funds/held-out/GLOBAL-X-DAX-GERMANY-ETF_NPORT-P_2024-01-31_primary_doc.xml', 'utf8'),
  'global-x-dax',
);
const at = (ordinal: number) => d.positions.find((p) => p.ordinal === ordinal)!;

describe('parseNport on the held-out Global X DAX Germany ETF (2024-01-31)', () => {
  it('reads the fund, the holdings date and all 41 positions', () => {
    expect(d.fund).toMatchObject({
      regCik: '0001432353',
      regName: 'GLOBAL X FUNDS',
      seriesId: 'S000063351',
      seriesName: 'Global X DAX Germany ETF',
      classIds: ['C000205374'],
    });
    expect(d.report).toMatchObject({
      reportDate: '2024-01-31',
      fiscalYearEnd: '2024-10-31',
      netAssets: 55209542.06,
    });
    expect(d.positions).toHaveLength(41);
    expect(d.warnings).toEqual([]);
  });

  it('a CUSIP of N/A is null and the ISIN identifies the position; EUR rows keep their exchange rate', () => {
    expect(at(1)).toMatchObject({
      name: 'Zalando SE',
      cusip: null,
      isin: 'DE000ZAL1111',
      balance: 9716,
      units: 'NS',
      currency: 'EUR',
      exchangeRate: 0.9206,
      valueUsd: 197148.47,
      pctOfNetAssets: 0.357091297344,
      isRestricted: true,
    });
    expect(at(34)).toMatchObject({
      name: 'Qiagen N.V.',
      cusip: 'N72482149',
      isin: 'NL0015001WM6',
      balance: 9227.61,
    });
  });

  it('a name of N/A is null, the title still names the security', () => {
    expect(at(7)).toMatchObject({
      name: null,
      lei: null,
      title: 'Dr Ing hc F Porsche AG PREFERRED STOCK',
      isin: 'DE000PAG9113',
      units: 'PA',
      valueUsd: 400584.75,
      assetCategory: 'EP',
    });
  });

  it('the index future: ticker and Bloomberg id only, payoff N/A, the derivative block read', () => {
    expect(at(12)).toMatchObject({
      name: null,
      cusip: null,
      isin: null,
      ticker: 'FDXMH4',
      otherIds: [{ desc: 'Bloomberg Ticker', value: 'DFWH4' }],
      balance: 4,
      units: 'NC',
      valueUsd: 369172.28,
      payoffProfile: null,
      assetCategory: 'DE',
    });
    expect(at(12).derivative).toMatchObject({
      category: 'FUT',
      counterparties: [{ name: 'MACQUARIE CAPITAL', lei: null }],
      notionalAmount: 366252.46,
      notionalCurrency: 'EUR',
      unrealizedAppreciation: 2919.82,
      expirationDate: '2024-03-18',
    });
  });
});
