import { describe, expect, it } from 'vitest';
import { parseCompanyFactsFromSubmissions } from '../../../parsers/xbrl/company-facts.ts';
import { classifySic } from '../../../parsers/xbrl/sic.ts';
import { fixture } from './load.ts';

describe('company facts from submissions', () => {
  it('Apple: the 13 fields, strings except is_active', () => {
    const r = parseCompanyFactsFromSubmissions(fixture('data.sec.gov/submissions/CIK0000320193.json'), {
      ticker: 'AAPL',
    });
    expect(r).toEqual({
      found: true,
      company_facts: {
        ticker: 'AAPL',
        name: 'Apple Inc.',
        cik: '0000320193',
        industry: 'Computer Hardware',
        sector: 'Technology',
        category: 'Large accelerated filer',
        exchange: 'Nasdaq',
        is_active: true,
        location: 'CUPERTINO, CA',
        sec_filings_url: 'https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=0000320193',
        sic_code: '3571',
        sic_industry: 'Electronic Computers',
        sic_sector: 'Manufacturing',
      },
    });
  });

  it('a foreign filer without listings: empty strings where there is no source, not active', () => {
    const r = parseCompanyFactsFromSubmissions(fixture('data.sec.gov/submissions/CIK0000940418.json'));
    expect(r.found).toBe(true);
    if (!r.found) return;
    expect(r.company_facts).toMatchObject({
      ticker: '',
      exchange: '',
      category: '',
      is_active: false,
      location: 'MUNICH, Germany',
      sic_code: '8880',
      sic_industry: 'American Depositary Receipts',
      sector: '',
      industry: '',
    });
  });

  it('an S3 NoSuchKey body is a typed not-found result', () => {
    expect(parseCompanyFactsFromSubmissions(fixture('_errors/s3-nosuchkey.xml'))).toEqual({
      found: false,
      reason: 'no_such_cik',
      cik: null,
    });
    expect(
      parseCompanyFactsFromSubmissions({ cik: '123', filings: { recent: { form: [] }, files: [] } }),
    ).toEqual({
      found: false,
      reason: 'no_us_filings',
      cik: '0000000123',
    });
  });

  it('SIC table: specific ranges before general ones; unknown codes give empty strings', () => {
    expect(classifySic('3674')).toEqual({
      sic_sector: 'Manufacturing',
      sector: 'Technology',
      industry: 'Semiconductors',
    });
    expect(classifySic('6022')).toMatchObject({ sector: 'Financial Services', industry: 'Banks' });
    expect(classifySic('')).toEqual({ sic_sector: '', sector: '', industry: '' });
  });
});
