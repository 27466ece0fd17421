import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../../lib/errors.ts';
import { type IndexKind, parseIndexFile } from '../../../parsers/edgar/index-files.ts';
import type { FilingInsert } from '../../../schema/filings.ts';

const FETCHED_AT = '2024-06-01T12:00:00.000Z';
const ARCHIVES = 'www.sec.gov/Archives/edgar';
function fixture(path: string) {
  const text = readFileSync(
    new URL(`../../../fixtures/upstream/${ARCHIVES}/${path}`, import.meta.url),
    'utf8',
  );
  return { text, ctx: { url: `https://${ARCHIVES}/${path}`, fetchedAt: FETCHED_AT } };
}
function parse(path: string, kind: IndexKind) {
  const { text, ctx } = fixture(path);
  return parseIndexFile(text, ctx, kind);
}

function summary(rows: FilingInsert[], warnings: string[]) {
  const perForm: Record<string, number> = {};
  for (const r of rows) perForm[r.form] = (perForm[r.form] ?? 0) + 1;
  const perFilingType: Record<string, number> = {};
  for (const r of rows) perFilingType[r.filingType] = (perFilingType[r.filingType] ?? 0) + 1;
  return {
    count: rows.length,
    warnings,
    first: rows.slice(0, 2),
    last: rows.slice(-2),
    perForm,
    perFilingType,
  };
}
const golden = (name: string) => `../../../fixtures/golden/edgar/${name}.json`;

describe.each([
  ['daily-index/2020/QTR1/form.20200318.idx', 'form', 'index-daily-form.20200318'],
  ['daily-index/2020/QTR1/master.20200103.idx', 'master', 'index-daily-master.20200103'],
  ['daily-index/2022/QTR4/company.20221003.idx', 'company', 'index-daily-company.20221003'],
  ['daily-index/2018/QTR4/master.20181231.idx', 'master', 'index-daily-master.20181231-truncated'],
  ['full-index/2021/QTR1/form.idx', 'form', 'index-full-form.2021QTR1-trimmed'],
  ['full-index/1993/QTR4/master.idx', 'master', 'index-full-master.1993QTR4-truncated'],
  ['full-index/2025/QTR1/form.idx', 'form', 'index-full-form.2025QTR1-empty'],
] as const)('%s', (path, kind, name) => {
  it('matches the golden summary', async () => {
    const { rows, warnings } = parse(path, kind);
    await expect(JSON.stringify(summary(rows, warnings), null, 2)).toMatchFileSnapshot(golden(name));
  });
});

describe('daily form.idx (fixed width, YYYYMMDD, trailing spaces)', () => {
  const { rows, warnings } = parse('daily-index/2020/QTR1/form.20200318.idx', 'form');

  it('reads 4031 distinct rows; 53 verbatim repeats collapse into one warning', () => {
    expect(rows).toHaveLength(4031);
    expect(warnings).toEqual(['53 rows repeated an earlier row verbatim; collapsed']);
  });

  it('splits a form type with a space from the name and trims the padding', () => {
    expect(rows[2]).toEqual({
      accessionNumber: '0001010549-20-000033',
      cik: 1749817,
      filingType: '1-A POS',
      form: '1-A POS',
      companyName: 'Belpointe REIT, Inc.',
      reportDate: null,
      filingDate: '2020-03-18',
      acceptedAt: null,
      primaryDocument: null,
      items: null,
      url: 'https://www.sec.gov/Archives/edgar/data/1749817/000101054920000033/',
      source: 'daily-index',
      fetchedAt: new Date(FETCHED_AT),
    });
    expect(rows.find((r) => r.companyName === '89bio, Inc.')).toMatchObject({
      form: '10-K',
      filingType: '10-K',
      cik: 1785173,
      accessionNumber: '0001564590-20-011636',
    });
  });
});

describe('daily master.idx (pipes, backslashes, late CORRESP/UPLOAD, paper accessions)', () => {
  const { text, ctx } = fixture('daily-index/2020/QTR1/master.20200103.idx');
  const { rows, warnings } = parseIndexFile(text, ctx, 'master');

  it('reads 7929 rows with no per-row warnings', () => {
    expect(rows).toHaveLength(7929);
    expect(warnings).toEqual(['60 rows repeated an earlier row verbatim; collapsed']);
  });

  it('keeps names with backslashes as written', () => {
    const udc = rows.filter((r) => r.cik === 1005284);
    expect(udc.map((r) => r.companyName)).toEqual(Array(4).fill('UNIVERSAL DISPLAY CORP \\PA\\'));
    // One Form 4 lists both the issuer and the reporting owner: two rows, one per CIK.
    const form4 = rows.filter((r) => r.accessionNumber === '0001209191-20-001469');
    expect(form4.map((r) => [r.cik, r.companyName])).toEqual([
      [1331852, 'Zakrzewski Joseph S'],
      [897448, 'AMARIN CORP PLC\\UK'],
    ]);
  });

  it('keeps CORRESP/UPLOAD/REVOKED rows with their own, older dates', () => {
    // 149 such lines in the file, 6 of them verbatim repeats.
    expect(rows.filter((r) => r.filingDate !== '2020-01-03')).toHaveLength(143);
    expect(rows.filter((r) => r.form === 'CORRESP')).toHaveLength(46);
    expect(rows.find((r) => r.accessionNumber === '0001144204-19-047413')).toMatchObject({
      cik: 1006415,
      companyName: 'HARTFORD MUTUAL FUNDS INC/CT',
      form: 'CORRESP',
      filingDate: '2019-10-04',
    });
    expect(rows.find((r) => r.accessionNumber === '0000000000-19-013912')).toMatchObject({
      cik: 101778,
      form: 'UPLOAD',
      filingDate: '2019-09-24',
      url: 'https://www.sec.gov/Archives/edgar/data/101778/000000000019013912/',
    });
  });

  it('keeps 9999999997- paper accessions as rows', () => {
    const paper = rows.filter((r) => r.accessionNumber.startsWith('9999999997-'));
    expect(paper).toHaveLength(42);
    expect(paper[0]).toMatchObject({ cik: 1016951, form: 'REVOKED', filingDate: '2019-07-26' });
  });

  it('warns about a last partial line of a truncated download and keeps the rows before it', () => {
    const cut = text.slice(0, text.indexOf('edgar/data/9984/0000009984-20-000002') + 20);
    const r = parseIndexFile(cut, ctx, 'master');
    expect(r.rows).toHaveLength(7929 - 2);
    expect(r.warnings).toHaveLength(2);
    expect(r.warnings[0]).toMatch(
      /^line 7995: unparseable row skipped \(last line of a file without a final newline/,
    );
    expect(r.warnings[0]).toContain('"9984|BARNES GROUP INC|4|20200103|edgar/data/9984/0000"');
  });

  it('reads CRLF line endings the same way', () => {
    const crlf = parseIndexFile(text.replace(/\n/g, '\r\n'), ctx, 'master');
    expect(crlf.rows).toEqual(rows);
  });

  it('takes a name containing "|" (a real EDGAR name, CIK 350001) as one field', () => {
    const name = "Company Name Three `!#$(),:;=.-;\\|@/{}&'\\WA\\";
    const head = text.slice(0, text.indexOf('\n1000229|') + 1);
    const r = parseIndexFile(
      `${head}350001|${name}|8-K|20200103|edgar/data/350001/0000350001-20-000001.txt\n`,
      ctx,
      'master',
    );
    expect(r.rows).toEqual([expect.objectContaining({ companyName: name, form: '8-K', cik: 350001 })]);
  });
});

describe('daily company.idx (header wrapped over two lines)', () => {
  const { text, ctx } = fixture('daily-index/2022/QTR4/company.20221003.idx');
  const { rows, warnings } = parseIndexFile(text, ctx, 'company');

  it('finds the wrapped header and reads every row', () => {
    expect(text.split('\n').slice(8, 10)).toEqual([
      'Company Name                                                  Form Type   CIK',
      '      Date Filed  File Name',
    ]);
    expect(rows).toHaveLength(4909);
    expect(warnings).toEqual(['16 rows repeated an earlier row verbatim; collapsed']);
    expect(rows[0]).toMatchObject({
      companyName: '1st stREIT Office Inc.',
      form: '1-A POS',
      cik: 1700461,
      filingDate: '2022-10-03',
      accessionNumber: '0001104659-22-105357',
    });
    expect(rows.at(-1)).toMatchObject({ companyName: 'voxeljet AG', form: '424B5', cik: 1582581 });
    expect(rows.find((r) => r.companyName === '36Kr Holdings Inc.')!.form).toBe('SC 13D/A');
  });

  it('refuses to read a company.idx as form.idx or master.idx', () => {
    expect(() => parseIndexFile(text, ctx, 'form')).toThrow(ParseError);
    expect(() => parseIndexFile(text, ctx, 'master')).toThrow(/not a master.idx header/);
  });
});

describe('full-index files (YYYY-MM-DD)', () => {
  it('form.idx 2021 QTR1: a name overflowing its column, a paper accession, a conflicting repeat', () => {
    const { rows, warnings } = parse('full-index/2021/QTR1/form.idx', 'form');
    expect(rows).toHaveLength(9);
    expect(rows.every((r) => r.source === 'full-index')).toBe(true);
    expect(rows.find((r) => r.cik === 820694)).toMatchObject({
      companyName: "UNITED PLANNERS' FINANCIAL SERVICES OF AMERICA A LIMITED PARTNER",
      form: 'X-17A-5',
      filingDate: '2021-02-24',
      accessionNumber: '9999999997-21-003146',
    });
    expect(warnings).toEqual([
      'line 16: 0001477932-21-001700 for CIK 1809660 listed again as 1-A POS (first as 1-A); kept the first',
    ]);
  });

  it('master.idx 1993 QTR4: "Filename" header, legacy forms, one accession under two filers', () => {
    const { rows, warnings } = parse('full-index/1993/QTR4/master.idx', 'master');
    expect(warnings).toEqual([]);
    expect(rows).toHaveLength(20);
    expect(rows.find((r) => r.cik === 29082)).toMatchObject({
      companyName: 'DISNEY WALT CO',
      form: '10-K',
      filingType: '10-K',
      filingDate: '1993-12-22',
      accessionNumber: '0000950131-94-000021',
    });
    expect(rows.filter((r) => r.accessionNumber === '0001021408-01-503754').map((r) => r.cik)).toEqual([
      895421, 909465,
    ]);
    expect(rows.filter((r) => r.form === '13FCONP')).toHaveLength(2);
  });

  it('a header-only file gives 0 rows and no warning', () => {
    expect(parse('full-index/2025/QTR1/form.idx', 'form')).toEqual({ rows: [], warnings: [] });
  });

  it('a daily file without a final newline whose last row is complete loses nothing', () => {
    const { rows, warnings } = parse('daily-index/2018/QTR4/master.20181231.idx', 'master');
    expect(warnings).toEqual([]);
    expect(rows).toHaveLength(10);
    expect(rows.at(-1)).toMatchObject({
      cik: 10048,
      accessionNumber: '0000899681-18-000091',
      filingDate: '2018-12-31',
    });
  });
});

describe('source and format checks', () => {
  const { text } = fixture('daily-index/2018/QTR4/master.20181231.idx');

  it('falls back on the Description line when the URL is not an EDGAR path', () => {
    const r = parseIndexFile(text, { url: 'file:///tmp/master.idx', fetchedAt: FETCHED_AT }, 'master');
    expect(r.rows[0]!.source).toBe('daily-index');
  });

  it('throws ParseError on something that is not an index file', () => {
    const ctx = {
      url: 'https://www.sec.gov/Archives/edgar/daily-index/2020/QTR1/form.20200318.idx',
      fetchedAt: FETCHED_AT,
    };
    expect(() => parseIndexFile('<html><body>Not found</body></html>', ctx, 'form')).toThrow(ParseError);
    expect(() => parseIndexFile('', ctx, 'master')).toThrow(/no column header/);
  });
});
