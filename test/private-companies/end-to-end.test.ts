import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMirror } from '../../jobs/http/mirror.ts';
import { backfill } from '../../jobs/refresh.ts';
import type { Database } from '../../lib/db.ts';
import { companyIdForCik } from '../../lib/ids.ts';
import { privateCompanyIdForCik } from '../../lib/private-company-ids.ts';
import { loadFormDFilings } from '../../loaders/private-companies.ts';
import { parseFormD } from '../../parsers/edgar/form-d.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';
import { createTestServices } from '../helpers/services.ts';
import { FORM_D_FILES } from './files.ts';

// Job -> offline mirror -> database -> HTTP: the form_d_index job on the mirror's real 2020-01-03 daily
// index, the private_companies job on the nine real Form D documents (demo list, fixtures/upstream/
// PRIVATE-COMPANIES-FIXTURES.md), then the routes. Values read by hand from the documents.
const runtime = process.env.DATABASE_URL ? 'Postgres' : 'PGlite';
const HASHNOTE = privateCompanyIdForCik(1968399);
const DAILY_INDEX = 'www.sec.gov/Archives/edgar/daily-index/2020/QTR1/master.20200103.idx';
// INDESIGN LLC's Form D of 2020-01-03 (in the daily index): the mirror serves a cut-off submission there
const BROKEN = '0001077190-20-000001';
const BROKEN_PATH = `www.sec.gov/Archives/edgar/data/1077190/000107719020000001/${BROKEN}.txt`;

describe(`private companies end to end (${runtime})`, () => {
  let database: Database;
  let env: Awaited<ReturnType<typeof createTestServices>>;
  let api: RunningApi;
  let mirror: Awaited<ReturnType<typeof startMirror>>;
  let fund: string;
  let pro: string;
  const get = async (path: string, key = fund) => {
    const res = await api.get(path, { key });
    return { status: res.status, body: await res.json() };
  };
  const ok = async (path: string) => {
    const r = await get(path);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };

  beforeAll(async () => {
    // a mirror of the files this test reads, plus an unreadable document at an indexed filing's address
    const root = mkdtempSync(join(tmpdir(), 'form-d-mirror-'));
    const U = 'fixtures/upstream/';
    const put = (rel: string, bytes: Buffer) => {
      mkdirSync(dirname(join(root, rel)), { recursive: true });
      writeFileSync(join(root, rel), bytes);
    };
    cpSync(`${U}_errors`, join(root, '_errors'), { recursive: true });
    for (const path of [...Object.values(FORM_D_FILES), `${U}${DAILY_INDEX}`])
      put(path.slice(U.length), readFileSync(path));
    const upshot = readFileSync(FORM_D_FILES.upshot);
    put(BROKEN_PATH, upshot.subarray(0, Math.floor(upshot.length * 0.7)));
    mirror = await startMirror({ root });
    database = await createApiTestDatabase();
    env = await createTestServices(database, { MIRROR_URL: mirror.url });
    const index = await env.runtime.runPartitions('form_d_index', ['d:20200103'], () => {}, {
      refetch: false,
    });
    expect(index.failures).toEqual([]);
    // from 2099: none of the indexed filings (their documents are not in the mirror), only the demo list
    const r = await backfill(env.services, env.runtime, 'private_companies', { from: '2099-01-01' });
    expect(r.failures).toEqual([]);
    // the registry knows Diffusion's CIK as a listed company (as if it later listed)
    await database.query(
      `insert into companies (company_id, company_name, cik, as_of_date, source_url, fetched_at)
       values ($1, 'DIFFUSION PHARMACEUTICALS INC', '0001171623', '2026-11-29', 'test', now())`,
      [companyIdForCik(1171623)],
    );
    api = await startApi(database, { logLevel: 'warn' });
    fund = (await accountWithKey(database, 'fund', 1_000)).key;
    pro = (await accountWithKey(database, 'professional', 1_000)).key;
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await env?.close();
    await mirror?.close();
    await database?.close();
  });

  it('indexes the Form D and D/A rows of the daily index', async () => {
    const rows = await database.query<{ n: number; forms: string[] }>(
      `select count(*)::int as n, array_agg(distinct form order by form) as forms from form_d_index`,
    );
    expect(rows[0]).toEqual({ n: 247, forms: ['D', 'D/A'] });
    const [indesign] = await database.query<{ cik: number; form: string; filing_date: string }>(
      `select cik::int, form, filing_date::text from form_d_index where accession_number = '0001077190-20-000001'`,
    );
    expect(indesign).toEqual({ cik: 1077190, form: 'D', filing_date: '2020-01-03' });
  });

  it('loads the nine filings, one company each, with coverage', async () => {
    const [n] = await database.query<{ filings: number; companies: number }>(
      `select (select count(*)::int from private_offering_filings) as filings, (select count(*)::int from private_companies) as companies`,
    );
    expect(n).toEqual({ filings: 9, companies: 9 });
    const parts = await database.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from dataset_partitions where dataset_id = 'private_companies' group by status`,
    );
    expect(parts).toEqual([{ status: 'done', n: 9 }]);
  });

  it('searches by name, state, industry, pooled flag, amount, dates and exemption', async () => {
    const names = async (qs: string) =>
      (await ok(`/v1/private-companies?${qs}`)).data.map((x: { name: string }) => x.name);
    expect(await names('q=hashnote')).toEqual(['Hashnote Stablecoin Fund LP']);
    // a previous name the issuer filed
    expect(await names('q=84%20RE%20Partners')).toEqual(["Shepherd's Finance, LLC"]);
    expect(await names('exemption=506(c)')).toEqual(['Hashnote Stablecoin Fund LP']);
    expect(await names('country=BM')).toEqual(['GABELLI INTERNATIONAL GOLD FUND LTD.']);
    expect(await names('industry_group=pharmaceuticals')).toEqual(['DIFFUSION PHARMACEUTICALS LLC']);
    expect(await names('is_pooled_fund=false')).toEqual([
      'DIFFUSION PHARMACEUTICALS LLC',
      "Shepherd's Finance, LLC",
    ]);
    // Indefinite offerings state no amount: not matched
    expect(await names('min_offering_amount=5000000')).toEqual([
      "Shepherd's Finance, LLC",
      'Upshot Real Estate Fund II, LP',
    ]);
    expect(await names('filed_gte=2024-01-01&filed_lte=2024-01-31')).toEqual([
      'INVESTURE OPPORTUNITY FUND, LP',
      'VEPF VIII Co-Invest 4-A, L.P.',
    ]);
    expect(await names('exemption=3(c)(5)')).toEqual(['Upshot Real Estate Fund II, LP']);
    // the demo banner's call
    expect(await names('is_pooled_fund=true&exemption=3(c)(7)')).toEqual([
      '1685 38th REIT, L.L.C.',
      'Upshot Real Estate Fund II, LP',
      'VEPF VIII Co-Invest 4-A, L.P.',
    ]);
    // 506 matches 506(b), 506(c) and the pre-2013 506: every one of the nine
    expect(await names('exemption=506')).toHaveLength(9);
    const row = (await ok('/v1/private-companies?q=hashnote')).data[0];
    expect(row).toMatchObject({
      id: HASHNOTE,
      cik: '0001968399',
      state_or_country: 'FL',
      investment_fund_type: 'Hedge Fund',
      is_pooled_fund: true,
      company_id: null,
      first_filed: '2023-03-13',
    });
  });

  it('pages with a cursor', async () => {
    const p1 = await ok('/v1/private-companies?exemption=506&limit=5');
    expect(p1.data).toHaveLength(5);
    expect(p1.next_cursor).not.toBeNull();
    const p2 = await ok(
      `/v1/private-companies?exemption=506&limit=5&cursor=${encodeURIComponent(p1.next_cursor)}`,
    );
    expect(p2.data).toHaveLength(4);
    expect(new Set([...p1.data, ...p2.data].map((x: { cik: string }) => x.cik)).size).toBe(9);
  });

  it('profiles a company: its offering with Indefinite kept, accession and URL', async () => {
    const p = (await ok(`/v1/private-companies/${HASHNOTE}`)).data;
    expect(p.previous_names).toEqual(['Hashnote Management LLC']);
    expect(p.offerings).toHaveLength(1);
    expect(p.offerings[0]).toMatchObject({
      offering_id: 'file:021-475559',
      total_offering_amount: 'Indefinite',
      total_amount_sold: 100000,
      total_remaining: 'Indefinite',
      exemptions: [{ code: '06c', label: '506(c)' }],
      filings: [
        {
          accession_number: '0001968399-23-000002',
          form: 'D',
          filing_date: '2023-03-13',
          url: 'https://www.sec.gov/Archives/edgar/data/1968399/000196839923000002/0001968399-23-000002-index.htm',
        },
      ],
    });
    expect(p.offerings[0].related_persons[0]).toMatchObject({
      name: 'Leo Mizuhara',
      is_director: true,
      clarification: 'Director of general partner',
      city: 'Miami Beach',
      state_or_country: 'FL',
    });
    expect((await ok('/v1/private-companies/cik:1968399')).data.id).toBe(HASHNOTE);
  });

  it('profiles an amendment and links a CIK the registry knows', async () => {
    const inv = (await ok('/v1/private-companies/cik:1296490')).data;
    expect(inv.offerings[0]).toMatchObject({
      file_number: '021-67023',
      total_amount_sold: 561224695,
      filings: [{ form: 'D/A', is_amendment: true, previous_accession_number: '0001398344-18-000523' }],
    });
    const diffusion = (await ok(`/v1/private-companies/${privateCompanyIdForCik(1171623)}`)).data;
    expect(diffusion.company_id).toBe(companyIdForCik(1171623));
    expect(diffusion.offerings[0]).toMatchObject({ total_offering_amount: 1512500, total_remaining: 482592 });
    // a company route takes the pvt_ id of a private company that listed (no 8-K events loaded: empty)
    const events = await get(`/v1/companies/${privateCompanyIdForCik(1171623)}/8k-events`);
    expect(events.status).toBe(200);
    expect(events.body.data).toEqual([]);
    expect((await get(`/v1/companies/${HASHNOTE}/8k-events`)).status).toBe(404);
  });

  it('answers bad requests in the spec body shape', async () => {
    const unknown = await get('/v1/private-companies?q=fund&colour=red');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBeDefined();
    expect((await get('/v1/private-companies?q=h')).status).toBe(400);
    expect((await get('/v1/private-companies')).status).toBe(400);
    expect((await get('/v1/private-companies?exemption=507')).status).toBe(400);
    expect((await get('/v1/private-companies?filed_gte=yesterday')).status).toBe(400);
    const missing = await get(`/v1/private-companies/pvt_${'0'.repeat(20)}`);
    expect(missing.status).toBe(404);
    expect((await get('/v1/private-companies/not-an-id')).status).toBe(404);
    // Fund plan
    expect((await get('/v1/private-companies?q=fund', pro)).status).toBe(402);
  });

  it('quarantines an unreadable document with the reason, and the loaded filings stay', async () => {
    const r = await env.runtime.runPartitions('private_companies', [`acc:${BROKEN}`], () => {}, {
      refetch: false,
    });
    expect(r.failures.map((f) => f.partition)).toEqual([`acc:${BROKEN}`]);
    const q = await database.query<{ partition_key: string; url: string; error: string }>(
      `select partition_key, url, error from quarantine where dataset_id = 'private_companies'`,
    );
    expect(q).toEqual([
      {
        partition_key: `acc:${BROKEN}`,
        url: `https://${BROKEN_PATH}`,
        error: `Form D submission: <XML> without </XML> (https://${BROKEN_PATH})`,
      },
    ]);
    const [n] = await database.query<{ n: number }>(
      `select count(*)::int as n from private_offering_filings`,
    );
    expect(n!.n).toBe(9);
  });

  it('joins an amendment loaded first to the notice it amends once that loads (derived notice)', async () => {
    // Shepherds' real D/A amends 0001544190-19-000002, which no fixture holds: a notice DERIVED from the
    // D/A stands in for it (form D, no amendment fields, an earlier amount sold)
    const notice = readFileSync(FORM_D_FILES.shepherds, 'utf8')
      .replace('<submissionType>D/A</submissionType>', '<submissionType>D</submissionType>')
      .replace('<isAmendment>true</isAmendment>', '<isAmendment>false</isAmendment>')
      .replace(/<previousAccessionNumber>[^<]*<\/previousAccessionNumber>/, '')
      .replace('<totalAmountSold>5725051</totalAmountSold>', '<totalAmountSold>1000000</totalAmountSold>');
    const { filing } = parseFormD(notice, {
      url: 'https://example.test/derived-notice.xml',
      fetchedAt: '2026-11-29T00:00:00Z',
      accessionNumber: '0001544190-19-000002',
      filingDate: '2019-03-01',
    });
    await database.db.transaction((tx) => loadFormDFilings(tx, [filing]));
    const p = (await ok('/v1/private-companies/cik:1544190')).data;
    expect(p.offerings_count).toBe(1);
    expect(p.offerings).toHaveLength(1);
    expect(p.offerings[0]).toMatchObject({
      offering_id: 'acc:0001544190-19-000002',
      total_amount_sold: 5725051,
      filings: [
        { accession_number: '0001544190-19-000002', form: 'D', filing_date: '2019-03-01' },
        { accession_number: null, form: 'D/A', signature_date: '2023-01-31', is_amendment: true },
      ],
    });
  });
});
