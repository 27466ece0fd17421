import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../lib/db.ts';
import { syncDatasetRegistry } from '../../loaders/coverage.ts';
import { loadThirteenF } from '../../loaders/thirteen-f.ts';
import { parseThirteenF } from '../../parsers/edgar/thirteen-f.ts';
import { buildHoldings } from '../../parsers/edgar/thirteen-f-holdings.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';

// Real rows: Akre Capital Management's 2023Q2 information table (held-out set 2; accession, CIK, period and
// filing date from its MANIFEST's source: .../data/1112520/000111252023000013/infotable.xml, filed 2023-08-11)
// and MFN Partners' 2025Q4 13F-HR/A cover + table (held-out set 1).
const AKRE = readFileSync(
  'fixtures/ownership/held-out-2/AKRE_13F-HR_2023Q2_0001112520-23-000013_infotable_EXCERPT-6-rows_transcribed.xml',
  'utf8',
);
const akreDoc = () => {
  const doc = parseThirteenF(AKRE, 'akre');
  Object.assign(doc.cover, {
    accessionNumber: '0001112520-23-000013',
    filerCik: '1112520',
    reportPeriod: '2023-06-30',
    filingDate: '2023-08-11',
    formType: '13F-HR',
  });
  return doc;
};
const MFN = 'fixtures/ownership/held-out/MFN_13F-HR-A_2025Q4_0000904454-26-000248';

describe('13F option rows: kept apart from the shares of their CUSIP', () => {
  it("Akre's Mastercard Call (10,000 shares, $7,463,261) is an option position, not added to the CL A shares", () => {
    const r = buildHoldings(akreDoc());
    expect(r.excluded.options).toBe(1);
    expect(r.institutional_holdings.filter((h) => h.cusip === '57636Q104')).toEqual([
      expect.objectContaining({
        title_of_class: 'CL A',
        put_call: null,
        shares: 5869459,
        value_usd: 2308458225,
      }),
    ]);
    expect(r.option_positions).toEqual([
      expect.objectContaining({
        cusip: '57636Q104',
        title_of_class: 'COM',
        put_call: 'CALL',
        shares: 10000,
        value_usd: 7463261,
        reported_price: 746.3261,
      }),
    ]);
  });
});

describe(`13F options and amendments stored and served (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let database: Database;
  let api: RunningApi;
  let key: string;
  beforeAll(async () => {
    database = await createApiTestDatabase();
    await database.db.transaction((tx) =>
      loadThirteenF(tx, { doc: akreDoc(), sha256: null, fetchedAt: '2026-12-01T00:00:00Z' }),
    );
    await syncDatasetRegistry(database);
    await database.query(`update datasets set last_refreshed_at = now() where id = 'institutional_holdings'`);
    api = await startApi(database, { logLevel: 'warn' });
    ({ key } = await accountWithKey(database, 'professional', 1000));
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await database?.close();
  });

  it('the Call row is its own holding row; the route serves it with put_call CALL beside the null-put_call shares', async () => {
    const stored = await database.query<{ title_of_class: string; put_call: string; shares: number }>(
      `select title_of_class, put_call, shares from thirteen_f_holdings where cusip = '57636Q104' order by put_call`,
    );
    expect(stored).toEqual([
      { title_of_class: 'CL A', put_call: '', shares: 5869459 },
      { title_of_class: 'COM', put_call: 'CALL', shares: 10000 },
    ]);
    const res = await api.get('/v1/institutional-holdings?filer_cik=1112520', { key });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    const ma = body.institutional_holdings.filter((h: { cusip: string }) => h.cusip === '57636Q104');
    expect(ma.map((h: { put_call: string | null; shares: number }) => [h.put_call, h.shares])).toEqual([
      [null, 5869459],
      ['CALL', 10000],
    ]);
    expect(body.institutional_holdings).toHaveLength(6);
  });

  it("a 13F-HR/A's cover is stored as filed: MFN's amendment 1, NEW HOLDINGS", async () => {
    const cover = parseThirteenF(readFileSync(`${MFN}_primary.xml`, 'utf8'), 'mfn').cover;
    const doc = parseThirteenF(readFileSync(`${MFN}_infotable.xml`, 'utf8'), 'mfn');
    // the documents give no filing date: the cover's signature date (04-29-2026) stands in for it
    Object.assign(doc, {
      cover: {
        ...cover,
        accessionNumber: '0000904454-26-000248',
        formType: '13F-HR/A',
        filingDate: '2026-04-29',
      },
    });
    await database.db.transaction((tx) =>
      loadThirteenF(tx, { doc, sha256: null, fetchedAt: '2026-12-01T00:00:00Z' }),
    );
    expect(
      await database.query(
        `select form_type, is_amendment, amendment_no, amendment_type, superseded from thirteen_f_filings
          where accession_number = '0000904454-26-000248'`,
      ),
    ).toEqual([
      {
        form_type: '13F-HR/A',
        is_amendment: true,
        amendment_no: 1,
        amendment_type: 'NEW HOLDINGS',
        superseded: false,
      },
    ]);
  });
});
