import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfill } from '../../jobs/refresh.ts';
import type { Database } from '../../lib/db.ts';
import { companyIdForCik } from '../../lib/ids.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { createTestServices } from '../helpers/services.ts';

const TSMC = companyIdForCik('1046179');
const ASIA = [
  'tw_companies',
  'kr_companies',
  'tw_monthly_revenue',
  'tw_financials',
  'tw_foreign_ownership',
  'kr_financials',
  'kr_sections',
  'disclosures',
];

describe(`Taiwan, Korea and disclosures jobs through the mirror (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let database: Database;
  let env: Awaited<ReturnType<typeof createTestServices>>;
  const runs: Record<string, Awaited<ReturnType<typeof backfill>>> = {};

  beforeAll(async () => {
    database = await createTestDatabase();
    env = await createTestServices(database);
    await backfill(env.services, env.runtime, 'companies', { cik: '1046179' });
    for (const d of ASIA) runs[d] = await backfill(env.services, env.runtime, d, {});
  }, 180_000);

  afterAll(async () => {
    await env?.close();
    await database?.close();
  });

  it('every partition is done or not_found (a report the mirror lacks), none failed', () => {
    for (const d of ASIA) expect(runs[d]?.failures, d).toEqual([]);
  });

  it('TSMC is one company: its SEC CIK id carries 2330.TW, its local code, UBN and the ISIN from MI_QFIIS', async () => {
    const ids = await database.query<{ id_type: string; id_value: string }>(
      `select id_type, id_value from company_identifiers where company_id = $1 order by id_type, id_value`,
      [TSMC],
    );
    expect(ids).toEqual(
      expect.arrayContaining([
        { id_type: 'ISIN', id_value: 'TW0002330008' },
        { id_type: 'LOCAL_CODE', id_value: '2330' },
        { id_type: 'TICKER', id_value: '2330.TW' },
        { id_type: 'TW_UBN', id_value: '22099131' },
      ]),
    );
    const [company] = await database.query<{ cik: string }>(
      `select cik from companies where company_id = $1`,
      [TSMC],
    );
    expect(company?.cik).toBe('0001046179');
    const [listing] = await database.query<{ exchange: string; market: string }>(
      `select exchange, market from company_listings where symbol = '2330.TW'`,
    );
    expect(listing).toEqual({ exchange: 'TWSE', market: 'TW' });
    const [samsung] = await database.query<{ company_id: string }>(
      `select company_id from company_identifiers where id_type = 'DART_CORP' and id_value = '00126380'`,
    );
    expect(samsung?.company_id).toMatch(/^cmp_/);
  });

  it('loads the rows the routes serve', async () => {
    const months = await database.query<{ data_ym: string; revenue: string }>(
      `select data_ym, revenue from tw_monthly_revenue where local_security_code = '2330' order by data_ym`,
    );
    expect(months).toEqual([
      { data_ym: '2023-01', revenue: '200050544' },
      { data_ym: '2025-07', revenue: '323165707' },
    ]);
    const [fin] = await database.query<{ revenue_q: string; quarter_basis: string }>(
      `select revenue_q, quarter_basis from tw_financials where local_security_code = '2330' and year = 2023 and season = 1`,
    );
    expect(fin).toEqual({ revenue_q: '508632973', quarter_basis: 'reported' });
    const [kr] = await database.query<{ n: number }>(
      `select count(*)::int as n from kr_financials where corp_code = '00126380' and fs_div = 'CFS'`,
    );
    expect(kr?.n).toBe(176);
    const sections = await database.query<{ section: string; n: number }>(
      `select section, count(*)::int as n from kr_report_sections group by section order by section`,
    );
    expect(sections).toEqual([
      { section: 'debt', n: 6 },
      { section: 'investments', n: 1 },
      { section: 'ownership', n: 2 },
      { section: 'share_structure', n: 1 },
      { section: 'shareholders', n: 2 },
    ]);
    const disc = await database.query<{ market: string; n: number }>(
      `select market, count(*)::int as n from disclosures group by market order by market`,
    );
    expect(disc).toEqual([
      { market: 'japan', n: 8 },
      { market: 'korea', n: 10 },
    ]);
  });
});
