import { describe, expect, it } from 'vitest';
import { canonicalFilingType, SUPPORTED_FILING_TYPES } from '../../../parsers/edgar/form-types.ts';

describe('canonicalFilingType', () => {
  it('lists exactly the 13 types of spec 2.3', () => {
    expect([...SUPPORTED_FILING_TYPES].sort()).toEqual(
      [
        '10-K',
        '10-Q',
        '8-K',
        '20-F',
        '6-K',
        'DEF 14A',
        'S-1',
        '424B4',
        '13F-HR',
        '13F-HR/A',
        '10-K/A',
        '10-Q/A',
        '8-K/A',
      ].sort(),
    );
  });

  it('maps every supported type onto itself', () => {
    for (const t of SUPPORTED_FILING_TYPES) expect(canonicalFilingType(t)).toBe(t);
  });

  it.each([
    ['10-K405', '10-K'],
    ['10-KSB', '10-K'],
    ['10KSB', '10-K'],
    ['10-KSB40', '10-K'],
    ['10-KT', '10-K'],
    ['10-KT405', '10-K'],
    ['10-QSB', '10-Q'],
    ['10QSB', '10-Q'],
    ['10-QT', '10-Q'],
    ['10-K405/A', '10-K/A'],
    ['10-KSB/A', '10-K/A'],
    ['10KSB/A', '10-K/A'],
    ['10-KT/A', '10-K/A'],
    ['10-QSB/A', '10-Q/A'],
    ['10-QT/A', '10-Q/A'],
    ['8-K12B', '8-K'],
    ['8-K12G3/A', '8-K/A'],
    ['DEF14A', 'DEF 14A'],
  ])('%s -> %s', (form, canonical) => {
    expect(canonicalFilingType(form)).toBe(canonical);
  });

  it('normalises index-file padding, case and inner whitespace', () => {
    expect(canonicalFilingType('10-K        ')).toBe('10-K');
    expect(canonicalFilingType('def  14a')).toBe('DEF 14A');
    expect(canonicalFilingType(' 13f-hr/a ')).toBe('13F-HR/A');
  });

  it.each([
    '4',
    '10-K/A/A',
    'S-1/A',
    '20-F/A',
    '6-K/A',
    '424B5',
    '13F-NT',
    'DEFA14A',
    '13FCONP',
    'CORRESP',
    '',
  ])('returns null for %j, outside the set', (form) => {
    expect(canonicalFilingType(form)).toBeNull();
  });
});
