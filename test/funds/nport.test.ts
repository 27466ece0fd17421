import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../lib/errors.ts';
import { cusipOfIsin, fundIdOf } from '../../loaders/funds.ts';
import { parseNport } from '../../parsers/edgar/nport.ts';
import { readXml } from '../../parsers/edgar/nport-xml.ts';

// Real NPORT-P primary documents (fixtures/upstream/FUNDS-FIXTURES.md); values read by hand from the files.
const DIR =
  'fixtures/upstream/raw.githubusercontent.com/dgunning/edgartools/ca5a70094da7fc34890161dae9c256bb1f4c3d26/data';
const read = (name: string) => readFileSync(`${DIR}/${name}`, 'utf8');
const DUPREE = read('NPORT.Dupree.xml');
const GOLDMAN = read('nport/samples/NPORT Sample 7.xml');
const AST = read('NPORT.AdvancedSeries.xml');

describe('parseNport: Dupree Kentucky Tax-Free Short-to-Medium (municipal bonds)', () => {
  const d = parseNport(DUPREE, 'dupree');

  it('reads the fund, its class and the holdings date (repPdDate, not the fiscal year end repPdEnd)', () => {
    expect(d.fund).toEqual({
      regCik: '0000311101',
      regName: 'Dupree Mutual Funds',
      regLei: '549300S8YVGTJ1NMTW57',
      regFileNumber: '811-02918',
      seriesId: 'S000012000',
      seriesName: 'Kentucky Tax-Free Short-to-Medium Series',
      seriesLei: '5493006TF05454RBY690',
      classIds: ['C000032728'],
    });
    expect(fundIdOf(d.fund)).toBe('fnd_S000012000');
    expect(d.report.reportDate).toBe('2022-12-31');
    expect(d.report.fiscalYearEnd).toBe('2023-06-30');
    expect(d.report.netAssets).toBe(41349926.01);
    expect(d.report.classReturns).toEqual([{ classId: 'C000032728', rtn1: -0.05, rtn2: 2.15, rtn3: 0.15 }]);
    expect(d.positions).toHaveLength(55);
  });

  it('top position: University of Louisville, $2,041,380 = 4.9368% of net assets (pctVal is a percent)', () => {
    const top = [...d.positions].sort((a, b) => b.valueUsd! - a.valueUsd!)[0]!;
    expect(top).toMatchObject({
      ordinal: 54,
      name: 'UNIVERSITY LOUISVILLE KY',
      cusip: '914391Q83',
      isin: 'US914391Q837',
      ticker: 'ULVHGR',
      lei: null, // filed N/A
      balance: 2000000,
      units: 'PA',
      currency: 'USD',
      exchangeRate: null,
      valueUsd: 2041380,
      pctOfNetAssets: 4.9368407564,
      assetCategory: 'DBT',
      issuerCategory: 'MUN',
      isRestricted: false,
    });
    // the percent scale, checked on every row: pctVal = valUSD / netAssets x 100
    for (const p of d.positions) expect(p.pctOfNetAssets!).toBeCloseTo((p.valueUsd! / 41349926.01) * 100, 8);
    const sum = d.positions.reduce((s, p) => s + p.pctOfNetAssets!, 0);
    expect(sum).toBeCloseTo(97.836, 3); // cash is not listed: the rows need not sum to 100
  });

  it('decodes entities and reads identifiers from attributes', () => {
    expect(d.positions[0]!.name).toBe('KENTUCKY ST PPTY & BLDGS COMMN');
    expect(d.positions[0]!.otherIds).toEqual([{ desc: 'Internal', value: '49151FGH' }]);
  });
});

describe('parseNport: Goldman Sachs Bond Fund (1,685 positions, 24 currencies, derivatives)', () => {
  const d = parseNport(GOLDMAN, 'goldman');

  it('reads 8 classes and all 1,685 positions; pctVal sums to 103.9 with derivatives and liabilities', () => {
    expect(d.fund.classIds).toHaveLength(8);
    expect(d.positions).toHaveLength(1685);
    // 448 negative pctVal in the file, 29 of them inside swaptions' nested swaps (not positions)
    expect(d.positions.filter((p) => p.pctOfNetAssets! < 0)).toHaveLength(419);
    expect(d.positions.reduce((s, p) => s + p.pctOfNetAssets!, 0)).toBeCloseTo(103.932, 3);
    expect(d.warnings).toEqual([]);
  });

  it('a euro bond keeps its principal in EUR, the exchange rate and the USD value (never rescaled)', () => {
    const romania = d.positions.find((p) => p.isin === 'XS2109948823')!;
    expect(romania).toMatchObject({
      name: 'ROMANIA',
      cusip: null,
      balance: 70000,
      units: 'PA',
      currency: 'EUR',
      exchangeRate: 0.922084,
      valueUsd: 53709.86,
      country: 'RO',
      issuerCategory: 'NUSS',
    });
  });

  it('a cross-currency forward: currency N/A is null, the legs and counterparty are kept', () => {
    const fwd = d.positions.filter((p) => p.derivative?.category === 'FWD' && p.currency === null);
    expect(fwd).toHaveLength(73);
    const jpy = d.positions[1]!;
    expect(jpy).toMatchObject({
      title: 'PURCHASED JPY / SOLD USD',
      cusip: null,
      currency: 'JPY',
      exchangeRate: 132.19281304,
    });
    expect(jpy.issuerCategory).toBe('OTHER');
    expect(jpy.issuerCategoryDesc).toBe('derivative');
    expect(jpy.derivative).toMatchObject({
      counterparties: [{ name: 'MORGAN STANLEY & CO. LLC', lei: '9R7GPTSO7KV3UQJZQ078' }],
      amountSold: 138811.25,
      currencySold: 'USD',
      amountPurchased: 18495210,
      currencyPurchased: 'JPY',
      settlementDate: '2023-04-27',
    });
  });

  it("a swaption is read from its own fields, not its nested swap's; a future keeps its notional", () => {
    const swo = d.positions[4]!;
    expect(swo).toMatchObject({
      title: 'OPS05367A SWAPTION EUR006M',
      balance: -1560000,
      units: 'NC',
      valueUsd: -38107.22,
    });
    expect(swo.derivative).toMatchObject({
      category: 'SWO',
      putOrCall: 'Call',
      writtenOrPurchased: 'Written',
    });
    const fut = d.positions.find((p) => p.derivative?.category === 'FUT')!;
    expect(fut.derivative).toMatchObject({
      notionalAmount: 9882417.69,
      notionalCurrency: 'USD',
      counterparties: [{ name: 'Chicago Board of Trade', lei: '549300EX04Q2QBFQTQ27' }],
      expirationDate: '2023-06-21',
    });
  });

  it('CUSIP 000000000 and N/A are null; the US ISIN holds the CUSIP', () => {
    expect(d.positions.filter((p) => p.cusip === null).length).toBe(795 + 132 - 0 - countNested(GOLDMAN));
    expect(cusipOfIsin('US037833EK23')).toBe('037833EK2');
    expect(cusipOfIsin('XS2109948823')).toBeNull();
  });
});

/** The N/A CUSIPs inside swaptions' nested swaps are not positions' own. */
function countNested(xml: string): number {
  let n = 0;
  for (const m of xml.matchAll(/<derivAddlInfo>[\s\S]*?<\/derivAddlInfo>/g)) {
    if (/<cusip>(N\/A|000000000)<\/cusip>/.test(m[0])) n++;
  }
  return n;
}

describe('parseNport: edge cases', () => {
  it('a final filing without invstOrSecs has zero positions, not an error', () => {
    const d = parseNport(AST, 'ast');
    expect(d.report.isFinalFiling).toBe(true);
    expect(d.report.reportDate).toBe('2022-12-30');
    expect(d.positions).toEqual([]);
    expect(d.report.netAssets).toBe(1389080.74);
  });

  it('reads the restricted flag in both directions (all real rows are N; one set to Y)', () => {
    const flipped = DUPREE.replace(
      '<isRestrictedSec>N</isRestrictedSec>',
      '<isRestrictedSec>Y</isRestrictedSec>',
    );
    const d = parseNport(flipped, 'flipped');
    expect(d.positions[0]!.isRestricted).toBe(true);
    expect(d.positions.slice(1).every((p) => p.isRestricted === false)).toBe(true);
  });

  it('an amendment is NPORT-P/A; a document inside a full-text submission is read', () => {
    const amended = DUPREE.replace(
      '<submissionType>NPORT-P</submissionType>',
      '<submissionType>NPORT-P/A</submissionType>',
    );
    const wrapped = `<SEC-DOCUMENT>\n<DOCUMENT>\n<TYPE>NPORT-P/A\n<TEXT>\n<XML>\n${amended.trim()}\n</XML>\n</TEXT>\n</DOCUMENT>`;
    const d = parseNport(wrapped, 'wrapped');
    expect(d.report).toMatchObject({ submissionType: 'NPORT-P/A', isAmendment: true });
    expect(d.positions).toHaveLength(55);
  });

  it('refuses what it cannot read with a ParseError', () => {
    expect(() => parseNport('<html>nope</html>', 'x')).toThrow(ParseError);
    expect(() => parseNport(DUPREE.slice(0, 5000), 'truncated')).toThrow(/never closed/);
    expect(() => parseNport(DUPREE.replace('NPORT-P', 'N-CEN'), 'ncen')).toThrow(/not NPORT-P/);
    expect(() => parseNport(DUPREE.replace(/<repPdDate>[^<]*<\/repPdDate>/, ''), 'nodate')).toThrow(
      /repPdDate/,
    );
  });
});

describe('readXml (the N-PORT XML reader)', () => {
  const arrays = new Set(['r']);
  it('keys by local name, keeps attributes, decodes entities and CDATA, skips comments and declarations', () => {
    const t = readXml(
      '<?xml version="1.0"?><!DOCTYPE x><a:root xmlns:a="u"><!-- c --><r k="1&amp;2"/><b>x &#65;&#x42; &lt;</b><c><![CDATA[a & <b>]]></c></a:root>',
      'doc',
      arrays,
    );
    expect(t).toEqual({ root: { r: [{ '@k': '1&2' }], b: 'x AB <', c: 'a & <b>' } });
  });

  it('refuses mismatched, unclosed and doubled roots', () => {
    expect(() => readXml('<a><b></a></b>', 'doc', arrays)).toThrow(/<\/a> closes <b>/);
    expect(() => readXml('<a><b></b>', 'doc', arrays)).toThrow(/never closed/);
    expect(() => readXml('<a/><b/>', 'doc', arrays)).toThrow(/second root/);
  });
});
