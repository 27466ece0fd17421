import { describe, expect, it } from 'vitest';
import { ParseError } from '../../../lib/errors.ts';
import { isSubmissionText, parseSubmissionText } from '../../../parsers/edgar/filing-document.ts';
import { readFixture } from './items-corpus.ts';

const read = (path: string) => readFixture(path).toString('latin1');
const summary = (path: string) => {
  const s = parseSubmissionText(read(path));
  return {
    header: s.header,
    documents: s.documents.map((d) => `${d.type}#${d.sequence}:${d.isBinary ? 'binary' : d.body.length}`),
  };
};

describe('parseSubmissionText', () => {
  it('reads a 1994 <IMS-DOCUMENT> submission inside the PEM envelope', () => {
    const s = summary('320193/000032019394000016/0000320193-94-000016.txt');
    expect(s.header).toEqual({
      accessionNumber: '0000320193-94-000016',
      form: '10-K',
      filedAt: '1994-12-13',
      periodOfReport: '1994-09-30',
      companyName: 'APPLE COMPUTER INC',
      cik: '0000320193',
      parties: [{ role: 'FILER', cik: '0000320193', name: 'APPLE COMPUTER INC' }],
    });
    expect(s.documents).toEqual([
      '10-K#1:209341',
      'EX-10#2:22192',
      'EX-11#3:3454',
      'EX-21#4:1176',
      'EX-27#5:2813',
    ]);
  });

  it('reads a dissemination .nc file with CR-only line endings and <ITEMS> tags', () => {
    const raw = read('880984/000149315225001317/0001493152-25-001317.nc');
    expect(raw.split('\r').length).toBeGreaterThan(4000);
    expect(raw.split('\n').length).toBeLessThanOrEqual(2); // CR-only, at most one stray LF
    const s = parseSubmissionText(raw);
    expect(s.header).toEqual({
      accessionNumber: '0001493152-25-001317',
      form: '8-K',
      filedAt: '2025-01-08',
      periodOfReport: '2025-01-06',
      companyName: 'ACORN ENERGY, INC.',
      cik: '0000880984',
      items: ['5.02', '9.01'],
      parties: [{ role: 'FILER', cik: '0000880984', name: 'ACORN ENERGY, INC.' }],
    });
    const primary = s.documents[0]!;
    expect(primary).toMatchObject({ type: '8-K', sequence: 1, filename: 'form8-k.htm', isBinary: false });
    // The <XBRL> wrapper is gone: the body starts with the inline-XBRL document itself.
    expect(primary.body.startsWith("<?xml version='1.0' encoding='ASCII'?>\n<html")).toBe(true);
    const excel = s.documents.find((d) => d.type === 'EXCEL')!;
    expect(excel).toMatchObject({ filename: 'Financial_Report.xlsx', isBinary: true, body: '' });
  });

  it('marks uuencoded GRAPHIC/EXCEL/ZIP documents binary and unwraps <XML> documents', () => {
    const s = parseSubmissionText(read('1173313/000121390025032135/0001213900-25-032135.txt'));
    expect(s.header.items).toEqual([
      'Results of Operations and Financial Condition',
      'Non-Reliance on Previously Issued Financial Statements or a Related Audit Report or Completed Interim Review',
      'Regulation FD Disclosure',
      'Financial Statements and Exhibits',
    ]);
    expect(s.documents.filter((d) => d.isBinary).map((d) => d.filename)).toEqual([
      'ex99-1_001.jpg',
      'Financial_Report.xlsx',
      '0001213900-25-032135-xbrl.zip',
    ]);
    const summaryXml = s.documents.find((d) => d.filename === 'FilingSummary.xml')!;
    expect(summaryXml.body.trimStart().startsWith('<?xml')).toBe(true);
    expect(summaryXml.body).not.toContain('</XML>');
  });

  it('drops empty ITEM INFORMATION lines (1999-2000 8-K headers)', () => {
    const s = parseSubmissionText(read('320193/000091205700002128/0000912057-00-002128.txt'));
    expect(s.header.items).toBeUndefined();
    expect(s.header.form).toBe('8-K');
    expect(s.documents.map((d) => d.type)).toEqual(['8-K', 'EX-99.1']);
  });

  it('reads a lone <DOCUMENT> block (extracted primary document) with an empty header', () => {
    const s = parseSubmissionText(read('50863/000104746903008257/a2104280z10-k.htm'));
    expect(s.header.accessionNumber).toBeNull();
    expect(s.documents).toHaveLength(1);
    expect(s.documents[0]).toMatchObject({ type: '10-K', sequence: 1, filename: 'a2104280z10-k.htm' });
    expect(s.documents[0]!.body.trimStart().startsWith('<HTML>')).toBe(true);
  });

  it('keeps the submission type as filed (10KSB, 10-K405) and the first filer', () => {
    expect(summary('1025315/000093041308001093/0000930413-08-001093.txt').header.form).toBe('10KSB');
    const ibm = parseSubmissionText(read('51143/000104746998012291/0001047469-98-012291.txt'));
    expect(ibm.header.form).toBe('10-K405');
    expect(ibm.documents.find((d) => d.type === 'EX-13')!.body).toContain(
      'report of independent accountants',
    );
  });

  it('accepts CRLF the same as LF', () => {
    const lf = read('320193/000032019399000010/0000320193-99-000010.txt');
    const crlf = lf.replace(/\n/g, '\r\n');
    expect(parseSubmissionText(crlf)).toEqual(parseSubmissionText(lf));
  });

  it('throws ParseError on text that is not a submission', () => {
    expect(() => parseSubmissionText('<html><body>hello</body></html>')).toThrow(ParseError);
    expect(isSubmissionText('<html><body>hello</body></html>')).toBe(false);
    expect(isSubmissionText(read('796343/000079634323000044/0000796343-23-000044.txt'))).toBe(true);
  });
});
