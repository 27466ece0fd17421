import { describe, expect, it } from 'vitest';
import { ParseError } from '../../../lib/errors.ts';
import { iterateCompanyFacts, parseCompanyFacts } from '../../../parsers/xbrl/companyfacts.ts';
import { company, fixture } from './load.ts';

describe('parseCompanyFacts', () => {
  it('reads the integer cik and keeps every taxonomy, including ecd/ffd facts with null fy/fp', () => {
    const { doc } = company('GOOGL');
    expect(doc.cik).toBe(1652044);
    expect(doc.entityName).toBe('ALPHABET INC.');
    expect(doc.warnings).toEqual([]);
    const taxonomies = new Set(doc.facts.map((f) => f.taxonomy));
    expect([...taxonomies].sort()).toEqual(['dei', 'ecd', 'ffd', 'us-gaap']);
    const ecd = doc.facts.filter((f) => f.taxonomy === 'ecd');
    expect(ecd.length).toBe(35);
    expect(ecd.every((f) => f.fy === null && f.fp === null && f.form === 'DEF 14A')).toBe(true);
  });

  it('keeps the same fact repeated under several accessions (the point-in-time history); only one has frame', () => {
    const { doc } = company('GOOGL');
    const fy2024 = doc.facts.filter(
      (f) =>
        f.concept === 'RevenueFromContractWithCustomerExcludingAssessedTax' &&
        f.start === '2024-01-01' &&
        f.end === '2024-12-31',
    );
    expect(fy2024.map((f) => [f.accn, f.form, f.filed, f.value, f.frame ?? null])).toEqual([
      ['0001652044-25-000014', '10-K', '2025-02-05', 350018000000, 'CY2024'],
    ]);
    const revenues = doc.facts.filter(
      (f) => f.concept === 'Revenues' && f.start === '2024-01-01' && f.end === '2024-12-31',
    );
    expect(revenues.map((f) => f.accn)).toEqual(['0001652044-26-000018']);
  });

  it('reads an IFRS filer with TWD and USD units, null labels, 20-F and 6-K forms', () => {
    const { doc } = company('TSM');
    expect(doc.cik).toBe(1046179);
    const units = new Set(doc.facts.filter((f) => f.concept === 'Revenue').map((f) => f.unit));
    expect(units).toEqual(new Set(['TWD', 'USD']));
    const sixK = doc.facts.filter((f) => f.form === '6-K');
    expect(sixK.length).toBeGreaterThan(0);
    expect(sixK.every((f) => f.fy === null)).toBe(true);
  });

  it('accepts a re-serialized copy whose cik is a zero-padded string, with a warning', () => {
    const { doc } = company('LPA');
    expect(doc.cik).toBe(1997711);
    expect(doc.warnings).toEqual(['cik given as string 0001997711 (re-serialized copy?); read as 1997711']);
    expect(doc.facts.filter((f) => f.form === '20-F/A').map((f) => [f.concept, f.value])).toEqual([
      ['EntityCommonStockSharesOutstanding', 31668601],
    ]);
  });

  it('streams facts with a concept filter before building objects', () => {
    const json = JSON.parse(fixture('data.sec.gov/api/xbrl/companyfacts/CIK0001835632.json'));
    const only = [...iterateCompanyFacts(json, { keep: (t, c) => t === 'us-gaap' && c === 'Assets' })];
    expect(only.length).toBeGreaterThan(20);
    expect(new Set(only.map((f) => f.concept))).toEqual(new Set(['Assets']));
  });

  it('is loud on an S3 error page and on JSON without facts', () => {
    expect(() => parseCompanyFacts('<?xml version="1.0"?><Error><Code>NoSuchKey</Code></Error>')).toThrow(
      ParseError,
    );
    expect(() => parseCompanyFacts('{"cik": 5}')).toThrow(/no facts object/);
    expect(() => parseCompanyFacts('{"facts": {}}')).toThrow(/no usable cik/);
  });
});
