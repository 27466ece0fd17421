import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedsFromManifest } from '../../jobs/ownership/directories.job.ts';
import { backfill } from '../../jobs/refresh.ts';
import type { Database } from '../../lib/db.ts';
import { ParseError } from '../../lib/errors.ts';
import { decodeAdvFeed, firmWebsite, parseAdvFeed } from '../../parsers/advisers/adv-feed.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';
import { createTestServices } from '../helpers/services.ts';

// The SEC's Form ADV bulk data (IAPD compilation feed). The file is an assembled excerpt of records public
// material quotes from the live feed, not a capture (fixtures/ownership/README.md says where each comes from).
const FILE = 'fixtures/ownership/adv/IA_FIRM_SEC_Feed_EXCERPT_assembled.xml';
const bytes = readFileSync(FILE);

describe('Form ADV feed parser', () => {
  const r = parseAdvFeed(bytes, FILE);

  it('reads every firm: Item 5.F(2)(c) as aum_total in dollars, Item 5.A headcount, the latest filing date', () => {
    expect(r.generated_on).toBe('2026-09-16');
    expect(r.warnings).toEqual([]);
    expect(r.firms.map((f) => f.crd)).toEqual([38, 283882, 312360]);
    const rabenold = r.firms[1]!;
    expect(rabenold).toMatchObject({
      legal_name: 'RABENOLD ADVISORS, INC.',
      business_name: 'RABENOLD ADVISORS, INC.',
      sec_file_number: '801-135399',
      sec_registration_type: 'Registered',
      main_office_city: 'WILLIAMSVILLE',
      main_office_state: 'NY',
      main_office_phone: '716-568-8790',
      website: 'HTTP://WWW.RABENOLDADVISORS.COM',
      aum_total: 35_557_038,
      adv_as_of: '2026-03-04',
      advises_private_funds: null,
      email_primary: null,
    });
    expect(rabenold.adv).toMatchObject({
      headcount: 4,
      accounts_total: 117,
      aum_discretionary: 35_557_038,
      aum_non_discretionary: 0,
      registration_status: 'APPROVED',
      registration_date: '2026-02-24',
      form_version: '10/2021',
    });
    expect(rabenold.notice_filings).toEqual([
      { jurisdiction: 'NY', status: 'FILED', effective_date: '2026-02-24' },
      { jurisdiction: 'CA', status: 'FILED', effective_date: '2026-02-25' },
    ]);
  });

  it('legal and business names differ; a firm without Part 1A items has nulls, not zeros', () => {
    expect(r.firms[0]).toMatchObject({
      legal_name: 'L.S.Y., INC',
      business_name: 'AMERICAN INVESTORS CO',
      main_office_city: 'SAN RAMON',
      aum_total: null,
      adv_as_of: '2024-06-26',
    });
    expect(r.firms[0]!.adv.headcount).toBeNull();
  });

  it('an exempt reporting adviser: ERA from Rgstn, empty Item 5 null, Item 7.B private fund adviser', () => {
    expect(r.firms[2]).toMatchObject({
      legal_name: 'MK CAPITAL COMPANY',
      sec_registration_type: 'ERA',
      main_office_country: 'Germany',
      aum_total: null,
      advises_private_funds: true,
    });
    expect(r.firms[2]!.adv).toMatchObject({ headcount: null, accounts_total: null, fees: null });
  });

  it('decodes as the XML declaration says (ISO-8859-1), gzip by its magic bytes', () => {
    expect(decodeAdvFeed(bytes)).toContain('FÄRBERGRABEN 16');
    expect(parseAdvFeed(gzipSync(bytes)).firms.map((f) => f.aum_total)).toEqual(
      r.firms.map((f) => f.aum_total),
    );
  });

  it('the website is the first address not on a social network (order swapped in the text)', () => {
    const swapped = bytes
      .toString('latin1')
      .replace(
        /(<WebAddr>HTTP:\/\/WWW\.RABENOLDADVISORS\.COM<\/WebAddr>)(\s*)(<WebAddr>HTTP:\/\/LINKEDIN\.COM\/RABENOLD<\/WebAddr>)/,
        '$3$2$1',
      );
    expect(swapped).not.toBe(bytes.toString('latin1'));
    expect(parseAdvFeed(Buffer.from(swapped, 'latin1')).firms[1]!.website).toBe(
      'HTTP://WWW.RABENOLDADVISORS.COM',
    );
    expect(firmWebsite(['HTTPS://WWW.LINKEDIN.COM/COMPANY/X', 'x.com/firm'])).toBeNull();
  });

  it('a damaged firm is a warning and the others load; a truncated file keeps the complete firms', () => {
    const text = bytes.toString('latin1');
    const damaged = text.replace('FirmCrdNb="283882"', 'FirmCrdNb=""');
    const d = parseAdvFeed(Buffer.from(damaged, 'latin1'));
    expect(d.firms.map((f) => f.crd)).toEqual([38, 312360]);
    expect(d.warnings).toEqual(['firm #2 skipped: no Info/@FirmCrdNb']);
    const cut = parseAdvFeed(Buffer.from(text.slice(0, text.indexOf('MK CAPITAL')), 'latin1'));
    expect(cut.firms).toHaveLength(2);
    expect(cut.warnings[0]).toMatch(/ends inside a <Firm>/);
    expect(() => parseAdvFeed(Buffer.from('{"hits": {}}'), 'x.json')).toThrow(ParseError);
  });

  it('entities in attribute values (&amp;, numeric references) and a state-feed registration (substituted)', () => {
    const text = bytes
      .toString('latin1')
      .replace('BusNm="RABENOLD ADVISORS, INC."', 'BusNm="RABENOLD &amp; CO &#196;"')
      .replace(
        '<Rgstn FirmType="Registered" St="APPROVED" Dt="2026-02-24"/>',
        '<StateRgstn><Rgltrs><Rgltr Cd="NY" St="APPROVED" Dt="2026-02-24"/></Rgltrs></StateRgstn>',
      )
      .replace('<Firm>', '<Firm id="1">');
    const f = parseAdvFeed(Buffer.from(text, 'latin1'));
    expect(f.firms.map((x) => x.crd)).toEqual([38, 283882, 312360]);
    expect(f.firms[1]).toMatchObject({
      business_name: 'RABENOLD & CO Ä',
      ia_scope: 'ACTIVE',
      sec_registration_type: 'Registered', // from its 801- file number
      adv: { registration_status: 'APPROVED', registration_date: '2026-02-24' },
    });
  });

  it("the manifest: the newest file of each firm feed, resolved against the manifest's address", () => {
    const manifest = JSON.stringify({
      files: [
        { name: 'IA_FIRM_SEC_Feed_08_20_2026.xml.gz' },
        { name: 'IA_FIRM_SEC_Feed_08_21_2026.xml.gz' },
        { name: 'IA_FIRM_STATE_Feed_08_21_2026.xml.gz' },
        { name: 'IA_INDVL_Feed_08_21_2026.xml.zip' },
      ],
    });
    const base =
      'https://reports.adviserinfo.sec.gov/reports/CompilationReports/CompilationReports.manifest.json';
    expect(feedsFromManifest(manifest, base)).toEqual([
      'https://reports.adviserinfo.sec.gov/reports/CompilationReports/IA_FIRM_SEC_Feed_08_21_2026.xml.gz',
      'https://reports.adviserinfo.sec.gov/reports/CompilationReports/IA_FIRM_STATE_Feed_08_21_2026.xml.gz',
    ]);
    expect(() => feedsFromManifest('{"reports": []}', base)).toThrow(/files list/);
  });
});

describe('Form ADV feed through the job, the mirror and the route', () => {
  let database: Database;
  let env: Awaited<ReturnType<typeof createTestServices>>;
  let api: RunningApi;
  let key: string;
  const get = async (path: string) => {
    const res = await api.get(path, { key });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body.data;
  };

  beforeAll(async () => {
    database = await createApiTestDatabase();
    env = await createTestServices(database, {
      ADV_FEED_URLS: `https://reports.adviserinfo.sec.gov/reports/CompilationReports/${FILE.split('/').at(-1)}`,
    });
    // the IAPD demo partitions (Citadel) and the feed, in one backfill
    const r = await backfill(env.services, env.runtime, 'institutions', {});
    expect(r.failures).toEqual([]);
    api = await startApi(database, { logLevel: 'warn' });
    ({ key } = await accountWithKey(database, 'professional', 1_000));
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    await env?.close();
    await database?.close();
  });

  it('serves the feed firms with AUM, headcount and their source beside the IAPD firms', async () => {
    const p = await get('/v1/institutions/crd:283882');
    expect(p).toMatchObject({
      aum_total: 35_557_038,
      website: 'HTTP://WWW.RABENOLDADVISORS.COM',
      main_office_phone: '716-568-8790',
      headcount: 4,
      accounts_total: 117,
      adv_source: { feed: 'IAPDFirmSECReport', generated_on: '2026-09-16', form_version: '10/2021' },
    });
    const big = await get('/v1/institutions?min_aum=30000000');
    expect(big.map((x: { crd: number }) => x.crd)).toEqual([283882]);
    const citadel = await get('/v1/institutions/crd:148826');
    expect(citadel).toMatchObject({ legal_name: 'CITADEL ADVISORS LLC', aum_total: null, headcount: null });
    expect(citadel.notice_filings).toHaveLength(8);
  });
});
