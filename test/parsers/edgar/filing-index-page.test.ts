import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../../lib/errors.ts';
import { parseFilingIndexPage } from '../../../parsers/edgar/filing-index-page.ts';

// Real filing detail pages (`<accession>-index.html`), at the addresses the mirror serves them from.
const DATA = 'fixtures/upstream/www.sec.gov/Archives/edgar/data';
const page = (path: string) =>
  parseFilingIndexPage(readFileSync(`${DATA}/${path}`, 'latin1'), { document: path });

describe('filing index page', () => {
  it('CRR 10-K FY2017: header, primary document, exhibits in filing order, data files apart', () => {
    const p = page('1009672/0001564590-18-004771-index.html');
    expect(p.header).toEqual({
      accessionNumber: '0001564590-18-004771',
      form: '10-K',
      filedAt: '2018-03-08',
      periodOfReport: '2017-12-31',
      companyName: 'CARBO CERAMICS INC',
      cik: '0001009672',
      acceptedAt: '2018-03-07 18:03:42',
      formTitle: 'Annual report [Section 13 and 15(d), not S-K Item 405]',
    });
    expect(p.primary).toEqual({
      table: 'documents',
      sequence: 1,
      description: '10-K',
      type: '10-K',
      filename: 'crr-10k_20171231.htm',
      url: '/Archives/edgar/data/1009672/000156459018004771/crr-10k_20171231.htm',
      size: 3043884,
      inlineXbrl: false,
    });
    expect(p.exhibits.map((e) => e.type)).toEqual([
      'EX-10.16',
      'EX-10.17',
      'EX-10.18',
      'EX-21',
      'EX-23',
      'EX-31.1',
      'EX-31.2',
      'EX-32',
      'EX-95',
    ]);
    const instance = p.documents.find((d) => d.type === 'EX-101.INS');
    expect(instance).toMatchObject({
      table: 'data',
      sequence: 12,
      filename: 'crr-20171231.xml',
      size: 2271110,
    });
    expect(p.exhibits.some((e) => e.table === 'data')).toBe(false);
    expect(p.fullTextUrl).toBe('/Archives/edgar/data/1009672/000156459018004771/0001564590-18-004771.txt');
  });

  it('ADBE 8-K: inline XBRL links through the viewer; the full-text row is not a document', () => {
    const p = page('796343/0000796343-23-000044-index.html');
    expect(p.primary).toMatchObject({
      type: '8-K',
      filename: 'adbe-20230315.htm',
      url: '/Archives/edgar/data/796343/000079634323000044/adbe-20230315.htm',
      inlineXbrl: true,
    });
    expect(p.exhibits).toEqual([
      {
        table: 'documents',
        sequence: 2,
        description: 'EX-99.1',
        type: 'EX-99.1',
        filename: 'adbeex991q123.htm',
        url: '/Archives/edgar/data/796343/000079634323000044/adbeex991q123.htm',
        size: 232940,
        inlineXbrl: false,
      },
    ]);
    expect(p.documents.find((d) => d.type === 'GRAPHIC')).toMatchObject({
      description: null,
      filename: 'image.jpg',
    });
    expect(p.documents.every((d) => d.description !== 'Complete submission text file')).toBe(true);
  });

  it('Apple 10-Q of 2000: documents listed without files (they exist only inside the .txt)', () => {
    const p = page('320193/0000912057-00-023442-index.html');
    expect(p.header).toMatchObject({
      form: '10-Q',
      filedAt: '2000-05-11',
      periodOfReport: '2000-04-01',
      companyName: 'APPLE COMPUTER INC',
      cik: '0000320193',
    });
    expect(p.primary).toMatchObject({ sequence: 1, type: '10-Q', filename: null, url: null, size: 84846 });
    expect(p.exhibits.map((e) => [e.type, e.description])).toEqual([
      ['EX-3.2', 'EX 3.2'],
      ['EX-10.A49', '1997 EMPLOYEE STOCK OPTION PLAN'],
      ['EX-10.A51', '1998 EXECUTIVE OFFICER STOCK PLAN'],
      ['EX-27', 'EX 27'],
    ]);
    expect(p.fullTextUrl).toBe('/Archives/edgar/data/320193/000091205700023442/0000912057-00-023442.txt');
  });

  it('refuses a page that is not a filing index (a primary document) with a ParseError', () => {
    const primary = readFileSync(`${DATA}/796343/000079634323000044/adbe-20230315.htm`, 'utf8');
    expect(() => parseFilingIndexPage(primary)).toThrow(ParseError);
  });
});
