import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutionsJob, investorsJob } from '../../jobs/ownership/directories.job.ts';
import type { DatasetJob, RawDocument } from '../../jobs/types.ts';
import type { Database } from '../../lib/db.ts';
import { ParseError } from '../../lib/errors.ts';
import { parseIapdFirmProfile, parseIapdFirmSearch } from '../../parsers/advisers/iapd.ts';
import { money, parseInvestorDirectory } from '../../parsers/investors/directory-csv.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';

// The adviser directory (IAPD JSON) and the investor directory (CSV snapshot): parsers on the real files,
// then the routes over real HTTP with the jobs' parse + load (fixtures/upstream/OWNERSHIP-FIXTURES.md).
const SEARCH = 'api.adviserinfo.sec.gov/search/firm?nrows=100&query=citadel';
const PROFILE = 'api.adviserinfo.sec.gov/search/firm/148826';
const VCLIST =
  'raw.githubusercontent.com/geloangelia/vcsites/2c5fdf4b2b7545b4dcf2bb1ab50e0cd453abcfe3/_data/vclist.csv';
const text = (path: string) => readFileSync(`fixtures/upstream/${path}`, 'utf8');
const doc = (path: string): RawDocument => {
  const bytes = readFileSync(`fixtures/upstream/${path}`);
  return {
    url: `https://${path}`,
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    fetchedAt: '2026-07-21T00:00:00.000Z',
    contentType: null,
  };
};

describe('IAPD parsers', () => {
  it('firm search: advisers only (broker-dealer rows skipped), 801- = Registered, address from the JSON string', () => {
    const r = parseIapdFirmSearch(text(SEARCH));
    expect(r.rows).toHaveLength(10);
    expect(r.warnings).toEqual(['14 broker-dealer rows without an adviser registration skipped']);
    expect(r.rows[0]).toMatchObject({
      crd: 148826,
      legal_name: 'CITADEL ADVISORS LLC',
      sec_registration_type: 'Registered',
      sec_file_number: '801-70860',
      ia_scope: 'ACTIVE',
      main_office_city: 'MIAMI',
      main_office_state: 'FL',
      aum_total: null,
    });
    expect(r.rows.find((x) => x.crd === 125585)).toMatchObject({
      ia_scope: 'INACTIVE',
      sec_registration_type: null,
    });
  });

  it('firm profile: iacontent decoded twice, M/D/YYYY dates, relying advisers and notice filings', () => {
    const p = parseIapdFirmProfile(text(PROFILE));
    expect(p).toMatchObject({
      crd: 148826,
      adv_as_of: '2026-06-11',
      sec_registration_type: 'Registered',
      sec_file_number: '801-70860',
    });
    expect(p.notice_filings).toContainEqual({
      jurisdiction: 'Kentucky',
      status: 'Notice Filed',
      effective_date: '2026-03-31',
    });
    expect(p.relying_advisers[0]).toMatchObject({ crd: 292030, name: 'ASHLER CAPITAL LLC' });
    expect(() => parseIapdFirmProfile('{"hits": {}}')).toThrow(ParseError);
  });
});

describe('investor directory parser', () => {
  const r = parseInvestorDirectory(text(VCLIST));
  it('abbreviated money, quoted thousands, 0 as unknown, websites without scheme, snapshot date', () => {
    expect(money('$10.9B')).toBe(10_900_000_000);
    expect(money('$518.3M')).toBe(518_300_000);
    expect(money('$0.00')).toBeNull();
    expect(r.as_of).toBe('2017-01-05');
    expect(r.rows).toHaveLength(2006);
    expect(r.rows.find((x) => x.name === 'Tiger Global Management')).toMatchObject({
      url: 'https://tigerglobal.com',
      domain: 'tigerglobal.com',
      investor_type: 'VC firm',
      location: 'New York, NY, USA',
      countries: ['USA'],
      extra: {
        funds_offered_3y_usd: 6_500_000_000,
        portfolio_size: 123,
        number_of_deals: 191,
        average_growth_score: 1081,
      },
    });
    expect(r.rows[0]!.extra.portfolio_size).toBeNull();
    expect(r.warnings).toContain('67 rows repeat an earlier name and website: the first is kept');
    expect(parseInvestorDirectory(text(VCLIST), { asOf: '2017-02-01' }).as_of).toBe('2017-02-01');
    expect(() => parseInvestorDirectory('a,b\n1,2\n')).toThrow(ParseError);
  });
});

describe('directory routes', () => {
  let database: Database;
  let api: RunningApi;
  let pro: string;
  let fund: string;
  const get = async (path: string, key: string, status = 200) => {
    const res = await api.get(path, { key });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(status);
    return body;
  };
  const run = async (job: DatasetJob, key: string, d: RawDocument) => {
    const { rows } = await job.parse([d], key);
    await database.db.transaction((tx) => job.load(tx, rows, key));
  };

  beforeAll(async () => {
    database = await createApiTestDatabase();
    // the profile first, then the search: the search's nulls must not erase the profile's fields
    await run(institutionsJob as DatasetJob, 'firm:148826', doc(PROFILE));
    await run(institutionsJob as DatasetJob, 'search:citadel', doc(SEARCH));
    await run(investorsJob as DatasetJob, `snapshot:https://${VCLIST}`, doc(VCLIST));
    api = await startApi(database, { logLevel: 'warn' });
    ({ key: pro } = await accountWithKey(database, 'professional', 1_000));
    ({ key: fund } = await accountWithKey(database, 'fund', 1_000));
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await database?.close();
  });

  it('/v1/institutions enumerates without a filter and filters by name, state and registration', async () => {
    const all = await get('/v1/institutions', pro);
    expect(all.data).toHaveLength(10);
    const fl = await get('/v1/institutions?q=citadel&state=fl&sec_registration_type=Registered', pro);
    expect(fl.data).toEqual([
      expect.objectContaining({ crd: 148826, adv_as_of: '2026-06-11', firm_type: null }),
    ]);
    const p1 = await get('/v1/institutions?limit=4', pro);
    const p2 = await get(`/v1/institutions?limit=10&cursor=${encodeURIComponent(p1.next_cursor)}`, pro);
    expect(p1.data.length + p2.data.length).toBe(10);
    expect((await get('/v1/institutions?q=c', pro, 400)).error.statusCode).toBe(400);
    expect((await get('/v1/institutions?firm_type=Bank', pro, 400)).error.statusCode).toBe(400);
  });

  it('/v1/institutions/{id}: crd:, bare number, unknown ids', async () => {
    const p = await get('/v1/institutions/crd:148826', pro);
    expect(p.data).toMatchObject({
      crd: 148826,
      legal_name: 'CITADEL ADVISORS LLC',
      sec_file_number: '801-70860',
      adv_as_of: '2026-06-11',
    });
    expect(p.data.notice_filings).toHaveLength(8);
    expect((await get('/v1/institutions/148826', pro)).data.crd).toBe(148826);
    expect((await get('/v1/institutions/cik:0000000001', pro, 404)).error.statusCode).toBe(404);
    expect((await get('/v1/institutions/abc', pro, 404)).error.message).toMatch(/crd:<number>/);
  });

  it('/v1/investors: Fund plan, at least one filter, name and country filters', async () => {
    expect((await get('/v1/investors?q=Accel', pro, 402)).error.message).toMatch(/Fund/);
    expect((await get('/v1/investors', fund, 400)).error.message).toMatch(/At least one filter/);
    const tiger = await get('/v1/investors?q=tiger%20global', fund);
    expect(tiger.data).toEqual([
      expect.objectContaining({ name: 'Tiger Global Management', as_of: '2017-01-05', countries: ['USA'] }),
    ]);
    const gbr = await get('/v1/investors?country=gbr&investor_type=VC%20firm&limit=1000', fund);
    expect(gbr.data.length).toBe(24);
    expect((await get('/v1/investors?theme=fin-tech', fund)).data).toEqual([]);
  });
});
