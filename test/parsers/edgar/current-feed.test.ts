import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../../lib/errors.ts';
import { INDEXED_FILING_TYPES } from '../../../lib/filing-types.ts';
import { currentFeedFilings, parseCurrentFeed } from '../../../parsers/edgar/current-feed.ts';

const MIRROR = 'fixtures/upstream/www.sec.gov/cgi-bin';
const page = (start: number) =>
  readFileSync(
    `${MIRROR}/browse-edgar?action=getcurrent&count=100&start=${start}&type=&owner=include&output=atom`,
  );
const ctx = {
  url: 'https://www.sec.gov/cgi-bin/browse-edgar?action=getcurrent',
  fetchedAt: '2025-12-12T23:04:00Z',
};
const SUPPORTED = new Set(INDEXED_FILING_TYPES);

describe("EDGAR's latest-filings Atom (getcurrent)", () => {
  it('reads each filer-role entry: accession, CIK, role, form, filing date and the acceptance time', () => {
    const { entries, warnings } = parseCurrentFeed(page(0), ctx);
    expect(warnings).toEqual([]);
    expect(entries).toHaveLength(100);
    // the first two entries are one Form 4, once for the reporting owner and once for the issuer
    expect(entries.slice(0, 2)).toEqual([
      {
        accession: '0002063236-25-000004',
        cik: 2063236,
        companyName: 'Perez Daniel Antonio',
        role: 'Reporting',
        form: '4',
        filingDate: '2025-12-12',
        acceptedAt: new Date('2025-12-12T23:02:43Z'), // <updated>2025-12-12T18:02:43-05:00</updated>
        items: null,
      },
      expect.objectContaining({ accession: '0002063236-25-000004', cik: 1673743, role: 'Issuer' }),
    ]);
  });

  it("lists an 8-K's item codes from its summary, in the submissions JSON's spelling", () => {
    const { entries } = parseCurrentFeed(page(100), ctx);
    const flux = entries.find((e) => e.accession === '0001493152-25-027595');
    expect(flux).toMatchObject({ form: '8-K', cik: 1083743, companyName: 'Flux Power Holdings, Inc.' });
    expect(flux?.items).toBe('8.01,9.01');
    const velo = entries.find((e) => e.accession === '0001493152-25-027594');
    expect(velo?.items).toBe('1.01,2.01,2.03,5.02,9.01');
  });

  it('reads the 2016 and 2018 pages (http:// era, a name with parentheses of its own)', () => {
    const old = parseCurrentFeed(
      readFileSync('fixtures/news/EDGAR_getcurrent_latest-filings_count100_2018-04-24.atom.xml'),
      ctx,
    );
    expect(old.entries).toHaveLength(100);
    expect(old.entries[0]).toMatchObject({
      accession: '0001178913-18-001251',
      cik: 1599719,
      companyName: 'Mivtachim The Workers Social Insurance Fund Ltd. (Under Special Management)',
      role: 'Filer',
      form: '13F-HR',
      acceptedAt: new Date('2018-04-24T11:57:13Z'),
    });
    const tenKs = parseCurrentFeed(
      readFileSync('fixtures/news/EDGAR_getcurrent_latest-filings_count40_2016-02-25.atom.xml'),
      ctx,
    );
    expect(tenKs.entries.map((e) => e.form)).toEqual(Array(40).fill('10-K'));
    expect(tenKs.entries[0]).toMatchObject({ companyName: 'TESORO CORP /NEW/', cik: 50104 });
  });

  it('refuses the HTML page EDGAR answers past the end of the feed', () => {
    const html = readFileSync('fixtures/news/EDGAR_getcurrent_start5100_HTTP503_File-Unavailable.html');
    expect(() => parseCurrentFeed(html, ctx)).toThrow(ParseError);
    expect(() => parseCurrentFeed(html, ctx)).toThrow(/HTML page titled "SEC.gov \| File Unavailable"/);
  });

  it('gives one filing-index row per accession and filer, of the filing index types only', () => {
    // page 0 is Forms 4 and 144 only: none is a filing-index type (Form 4 has its own ownership index)
    const first = parseCurrentFeed(page(0), ctx).entries;
    expect(first.some((e) => e.form === '4')).toBe(true);
    expect(currentFeedFilings(first, SUPPORTED, ctx.fetchedAt)).toEqual([]);
    const { entries } = parseCurrentFeed(page(100), ctx);
    const rows = currentFeedFilings(entries, SUPPORTED, ctx.fetchedAt);
    expect(rows.find((r) => r.accessionNumber === '0001493152-25-027595')).toEqual({
      accessionNumber: '0001493152-25-027595',
      cik: 1083743,
      filingType: '8-K',
      form: '8-K',
      companyName: 'Flux Power Holdings, Inc.',
      reportDate: null,
      filingDate: '2025-12-12',
      acceptedAt: new Date('2025-12-12T22:31:08Z'),
      primaryDocument: null,
      items: '8.01,9.01',
      url: 'https://www.sec.gov/Archives/edgar/data/1083743/000149315225027595/',
      source: 'live',
      fetchedAt: new Date(ctx.fetchedAt),
    });
    expect(rows.every((r) => SUPPORTED.has(r.filingType))).toBe(true);
    expect(new Set(rows.map((r) => `${r.accessionNumber}|${r.cik}`)).size).toBe(rows.length);
  });
});
