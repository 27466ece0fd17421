import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../../lib/errors.ts';
import { registryFromEntity } from '../../../parsers/edgar/registry.ts';
import { parseSubmissions, parseSubmissionsPage } from '../../../parsers/edgar/submissions.ts';
import type { FilingInsert } from '../../../schema/filings.ts';

const FETCHED_AT = '2024-06-01T12:00:00.000Z';
function fixture(path: string) {
  const text = readFileSync(new URL(`../../../fixtures/upstream/${path}`, import.meta.url), 'utf8');
  return { text, ctx: { url: `https://${path}`, fetchedAt: FETCHED_AT } };
}
const submissions = (cik: string) => fixture(`data.sec.gov/submissions/CIK${cik}.json`);

function filingsSummary(rows: FilingInsert[]) {
  const perForm: Record<string, number> = {};
  for (const r of rows) perForm[r.form] = (perForm[r.form] ?? 0) + 1;
  return { count: rows.length, perForm, first: rows.slice(0, 2), last: rows.slice(-2) };
}
const json = (v: unknown) => JSON.stringify(v, null, 2);
const golden = (name: string) => `../../../fixtures/golden/edgar/${name}.json`;

describe('parseSubmissions: Apple (older snapshot)', () => {
  const { text, ctx } = submissions('0000320193');
  const r = parseSubmissions(text, ctx);

  it('matches the golden output', async () => {
    const { entity, pages, warnings } = r;
    await expect(json({ entity, pages, warnings, filings: filingsSummary(r.filings) })).toMatchFileSnapshot(
      golden('submissions-CIK0000320193'),
    );
  });

  it('pads the CIK this snapshot gives unpadded ("320193")', () => {
    expect(text.startsWith('{"cik":"320193",')).toBe(true);
    expect(r.entity.cik).toBe('0000320193');
    expect(r.entity.companyId).toMatch(/^cmp_[0-9a-f]{20}$/);
    expect(r.filings.every((f) => f.cik === 320193)).toBe(true);
  });

  it('reads the registry facts, empty strings as null', () => {
    const e = r.entity;
    expect(e.name).toBe('Apple Inc.');
    expect(e.entityType).toBe('operating');
    expect([e.sic, e.sicDescription]).toEqual(['3571', 'Electronic Computers']);
    expect(e.category).toBe('Large accelerated filer');
    expect(e.tickers).toEqual(['AAPL']);
    expect(e.exchanges).toEqual(['Nasdaq']);
    expect(e.ein).toBe('942404110');
    expect(e.fiscalYearEnd).toBe('0930');
    expect(e.stateOfIncorporation).toBe('CA');
    expect(e.addresses.business).toMatchObject({
      street1: 'ONE APPLE PARK WAY',
      city: 'CUPERTINO',
      stateOrCountry: 'CA',
    });
    expect(e.phone).toBe('(408) 996-1010');
    expect(e.website).toBeNull();
    expect(e.ownerOrg).toBeNull();
    expect(e.lei).toBeNull();
    expect(e.insiderTransactionForIssuerExists).toBe(true);
    expect(e.formerNames).toEqual([
      { name: 'APPLE INC', from: '2007-01-10', to: '2019-08-05' },
      { name: 'APPLE COMPUTER INC', from: '1994-01-26', to: '2007-01-04' },
      { name: 'APPLE COMPUTER INC/ FA', from: '1997-07-28', to: '1997-07-28' },
    ]);
    expect(r.pages).toEqual(['CIK0000320193-submissions-001.json']);
    expect(r.warnings).toEqual([]);
  });

  it('turns the 1000 recent columns into rows; the first 10-K row reads the Eastern clock', () => {
    expect(r.filings).toHaveLength(1000);
    expect(r.filings.filter((f) => f.form === '10-K')).toHaveLength(10);
    expect(r.filings.find((f) => f.form === '10-K')).toEqual({
      accessionNumber: '0000320193-22-000108',
      cik: 320193,
      filingType: '10-K',
      form: '10-K',
      companyName: 'Apple Inc.',
      reportDate: '2022-09-24',
      filingDate: '2022-10-28',
      // `2022-10-27T18:01:14.000Z` is 18:01 Eastern (after the 17:30 cut-off, so filed the next day).
      acceptedAt: new Date('2022-10-27T22:01:14.000Z'),
      primaryDocument: 'aapl-20220924.htm',
      items: null,
      url: 'https://www.sec.gov/Archives/edgar/data/320193/000032019322000108/',
      source: 'submissions',
      fetchedAt: new Date(FETCHED_AT),
    });
  });

  it("keeps '' reportDate as null, items as filed and non-spec forms as their own filingType", () => {
    const form144 = r.filings.find((f) => f.accessionNumber === '0001973141-23-000171')!;
    expect(form144).toMatchObject({
      form: '144',
      filingType: '144',
      reportDate: null,
      filingDate: '2023-08-07',
    });
    const earnings = r.filings.find((f) => f.form === '8-K' && f.items === '2.02,9.01')!;
    expect(earnings.filingType).toBe('8-K');
    expect(r.filings.at(-1)).toMatchObject({ accessionNumber: '0001305227-13-000340', form: 'SC 13G/A' });
  });
});

describe('parseSubmissionsPage: Apple page 001 (bare columns)', () => {
  const { text, ctx } = fixture('data.sec.gov/submissions/CIK0000320193-submissions-001.json');
  const r = parseSubmissionsPage(text, ctx, '320193', 'Apple Inc.');

  it('matches the golden summary', async () => {
    await expect(json({ warnings: r.warnings, ...filingsSummary(r.rows) })).toMatchFileSnapshot(
      golden('submissions-CIK0000320193-submissions-001'),
    );
  });

  it('reads 988 rows down to the first 1994 filing, date-only times as Eastern midnight', () => {
    expect(r.rows).toHaveLength(988);
    expect(r.warnings).toEqual([]);
    expect(r.rows.at(-1)).toMatchObject({
      accessionNumber: '0000320193-94-000002',
      cik: 320193,
      form: '10-Q',
      reportDate: '1993-12-31',
      filingDate: '1994-01-26',
      acceptedAt: new Date('1994-01-26T05:00:00.000Z'),
      primaryDocument: null,
      companyName: 'Apple Inc.',
    });
  });

  it('maps the 10-K405 of 2001 to filingType 10-K, keeping the form as filed', () => {
    expect(r.rows.find((f) => f.form === '10-K405')).toMatchObject({
      accessionNumber: '0000912057-01-544436',
      filingType: '10-K',
      form: '10-K405',
      reportDate: '2001-09-29',
      primaryDocument: 'a2066171z10-k405.htm',
    });
    expect(r.rows.filter((f) => f.filingType === '10-K')).toHaveLength(17 + 2);
  });

  it('refuses a main submissions file, and the main parser refuses a page', () => {
    expect(() => parseSubmissionsPage(submissions('0000320193').text, ctx, 320193)).toThrow(
      /bare filing columns/,
    );
    expect(() => parseSubmissions(text, ctx)).toThrow(ParseError);
  });
});

describe('parseSubmissions: schema drift and odd entities', () => {
  it('Fannie Mae: 16 tickers, 3 pages, ownerOrg, an 8-K accepted 18:35 Eastern and filed the next day', async () => {
    const { text, ctx } = submissions('0000310522');
    const r = parseSubmissions(text, ctx);
    await expect(
      json({ entity: r.entity, pages: r.pages, warnings: r.warnings, filings: filingsSummary(r.filings) }),
    ).toMatchFileSnapshot(golden('submissions-CIK0000310522'));
    expect(r.entity.tickers).toHaveLength(16);
    expect(r.entity.tickers[0]).toBe('FNMA');
    expect(new Set(r.entity.exchanges)).toEqual(new Set(['OTC']));
    expect(r.entity.ownerOrg).toBe('02 Finance');
    expect(r.entity.formerNames).toEqual([
      { name: 'FEDERAL NATIONAL MORTGAGE ASSOCIATION', from: '1995-01-10', to: '2003-02-13' },
    ]);
    expect(r.pages).toEqual([
      'CIK0000310522-submissions-001.json',
      'CIK0000310522-submissions-002.json',
      'CIK0000310522-submissions-003.json',
    ]);
    expect(r.filings).toHaveLength(1140);
    expect(r.filings.find((f) => f.accessionNumber === '0000310522-25-000206')).toMatchObject({
      form: '8-K',
      filingDate: '2025-03-19',
      acceptedAt: new Date('2025-03-18T22:35:19.000Z'),
    });
  });

  it('Buffett (individual, newer snapshot): true-UTC acceptance times are left as they are', async () => {
    const { text, ctx } = submissions('0000315090');
    const r = parseSubmissions(text, ctx);
    await expect(
      json({ entity: r.entity, pages: r.pages, warnings: r.warnings, filings: filingsSummary(r.filings) }),
    ).toMatchFileSnapshot(golden('submissions-CIK0000315090'));
    expect(r.entity).toMatchObject({
      cik: '0000315090',
      name: 'BUFFETT WARREN E',
      entityType: 'other',
      sic: null,
      ein: null,
      lei: null,
      fiscalYearEnd: null,
      tickers: [],
      insiderTransactionForOwnerExists: true,
    });
    expect(r.filings).toHaveLength(523);
    // A Form 4 accepted at 21:00 Eastern on 08-04 (01:00 UTC on 08-05) keeps its filing date 08-04.
    expect(r.filings.find((f) => f.accessionNumber === '0000950170-25-102306')).toMatchObject({
      form: '4',
      filingDate: '2025-08-04',
      acceptedAt: new Date('2025-08-05T01:00:10.000Z'),
    });
    expect(r.filings.at(-1)!.acceptedAt).toEqual(new Date('1996-04-12T04:00:00.000Z'));
  });

  it('Siemens (foreign): country code state, placeholder EIN as null, foreign address', () => {
    const { text, ctx } = submissions('0000940418');
    const r = parseSubmissions(text, ctx);
    expect(r.entity.stateOfIncorporation).toBe('2M');
    expect(r.entity.stateOfIncorporationDescription).toBe('Germany');
    expect(r.entity.ein).toBeNull();
    expect(r.entity.addresses.business).toEqual({
      street1: 'SIEMENS AKTIENGESELLSCHAFT',
      street2: 'WERNER-VON-SIEMENS-STRASSE 1',
      city: 'MUNICH',
      stateOrCountry: null,
      stateOrCountryDescription: null,
      zipCode: '80333',
      country: 'Germany',
      countryCode: '2M',
      foreignStateTerritory: 'GERMANY',
      isForeignLocation: true,
    });
    expect(r.filings).toHaveLength(31);
    expect(r.filings[0]).toMatchObject({ form: '13F-HR', filingType: '13F-HR', reportDate: '2025-09-30' });
  });

  it("the registry record's country: a foreign address names it in countryCode/country (Siemens: DE), a US one by its state", () => {
    const at = new Date(FETCHED_AT);
    const country = (cik: string) => {
      const { text, ctx } = submissions(cik);
      return registryFromEntity(parseSubmissions(text, ctx).entity, '2024-06-01', ctx.url, at).companies[0]!
        .country;
    };
    // Siemens: business address stateOrCountry null, countryCode 2M, country "Germany"; incorporated 2M Germany
    expect(country('0000940418')).toBe('DE');
    // Apple: business address state CA (California); FNMA: DC
    expect(country('0000320193')).toBe('US');
    expect(country('0000310522')).toBe('US');
    // an entity with no address country takes its state of incorporation's (Siemens without its addresses)
    const { text, ctx } = submissions('0000940418');
    const entity = { ...parseSubmissions(text, ctx).entity, addresses: { business: null, mailing: null } };
    expect(registryFromEntity(entity, '2024-06-01', ctx.url, at).companies[0]!.country).toBe('DE');
  });

  it('CIK 350001: a name with backslashes and a pipe, 17 former names, no filings', async () => {
    const { text, ctx } = submissions('0000350001');
    const r = parseSubmissions(text, ctx);
    await expect(json(r)).toMatchFileSnapshot(golden('submissions-CIK0000350001'));
    expect(r.entity.name).toBe("Company Name Three `!#$(),:;=.-;\\|@/{}&'\\WA\\");
    expect(r.entity.formerNames[0]).toEqual({
      name: 'ALLEN TEST CO & REL 8-6 DR INC',
      from: '2003-10-15',
      to: '2003-10-15',
    });
    expect(r.filings).toEqual([]);
    expect(r.pages).toEqual([]);
  });

  it('&VEST Domestic Fund II (one Form D, core_type column present)', async () => {
    const { text, ctx } = submissions('0001800903');
    const r = parseSubmissions(text, ctx);
    await expect(json(r)).toMatchFileSnapshot(golden('submissions-CIK0001800903'));
    expect(r.entity.name).toBe('&VEST Domestic Fund II LP');
    expect(r.filings).toEqual([
      expect.objectContaining({
        accessionNumber: '0001800903-20-000001',
        form: 'D',
        filingType: 'D',
        items: '06b,3C,3C.7',
        filingDate: '2020-01-27',
        primaryDocument: 'xslFormDX01/primary_doc.xml',
      }),
    ]);
  });
});

describe('data.sec.gov 404 (S3 NoSuchKey XML)', () => {
  const xml = readFileSync(
    new URL('../../../fixtures/upstream/_errors/s3-nosuchkey.xml', import.meta.url),
    'utf8',
  );
  const ctx = { url: 'https://data.sec.gov/submissions/CIK-000000001.json', fetchedAt: FETCHED_AT };

  it('throws a ParseError that says NoSuchKey, not a JSON SyntaxError', () => {
    expect(xml).toContain('<Code>NoSuchKey</Code>');
    expect(() => parseSubmissions(xml, ctx)).toThrow(ParseError);
    expect(() => parseSubmissions(xml, ctx)).toThrow(/NoSuchKey.*404/);
    expect(() => parseSubmissionsPage(xml, ctx, 1)).toThrow(/NoSuchKey/);
  });

  it('reports a cut JSON body as a ParseError too', () => {
    const { text } = submissions('0000320193');
    expect(() => parseSubmissions(text.slice(0, 5000), ctx)).toThrow(ParseError);
  });
});
