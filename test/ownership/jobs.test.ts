import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfill } from '../../jobs/refresh.ts';
import type { Database } from '../../lib/db.ts';
import { resetCusipNameIndex } from '../../loaders/cusip-identifiers.ts';
import { loadThirteenF } from '../../loaders/thirteen-f.ts';
import { parseThirteenF } from '../../parsers/edgar/thirteen-f.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { createTestServices } from '../helpers/services.ts';
import { seedOwnershipRegistry } from './seed.ts';

// The ownership jobs end to end through the offline mirror: discovery (Apple's captured submissions JSON for
// its insider forms, the demo list for the filings no captured index lists), fetch of the real `.txt`
// submissions at their Archives paths, parse, load. `from: 2099-01-01` leaves only the demo filings.
const ONLY_DEMO = { from: '2099-01-01' };

describe(`ownership jobs end to end (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let database: Database;
  let env: Awaited<ReturnType<typeof createTestServices>>;
  const q = <T>(sql: string, params: unknown[] = []) => database.query<T>(sql, params);

  beforeAll(async () => {
    database = await createTestDatabase();
    env = await createTestServices(database);
    await seedOwnershipRegistry(database);
    resetCusipNameIndex();
    for (const [dataset, opts] of [
      ['filings', { cik: '320193' }],
      ['ownership_index', { cik: '320193' }],
      ['insider_trades', { cik: '320193', from: '2022-05-06', to: '2022-05-06' }],
      ['insider_trades', ONLY_DEMO],
      ['institutional_holdings', ONLY_DEMO],
      ['executive_compensation', ONLY_DEMO],
    ] as const) {
      const r = await backfill(env.services, env.runtime, dataset, opts);
      expect(r.failures, dataset).toEqual([]);
    }
  }, 120_000);

  afterAll(async () => {
    await env?.close();
    await database?.close();
  });

  it('indexes Apple insider forms from its submissions JSON (outside /v1/filings types)', async () => {
    const [r] = await q<{ n: number; forms: string[] }>(
      `select count(*)::int as n, array_agg(distinct form order by form) as forms from ownership_index where cik = 320193`,
    );
    expect(r!.n).toBeGreaterThan(1000);
    expect(r!.forms).toEqual(['3', '3/A', '4', '4/A']);
    const [f] = await q<{ n: number }>(`select count(*)::int as n from filings where form = '4'`);
    expect(f!.n).toBe(0);
  });

  it('loads Form 4 trades: Adams through the index, the SoftBank group as one row per transaction', async () => {
    const adams = await q<{ shares: number; price: number; after: number }>(
      `select transaction_shares as shares, transaction_price_per_share as price, shares_owned_after_transaction as after
         from insider_trades where accession_number = '0000320193-22-000061' order by ordinal`,
    );
    expect(adams).toHaveLength(7);
    expect(adams[0]).toEqual({ shares: 9136, price: 159.94, after: 468198 });
    const betr = await q<{ name: string; price: number | null }>(
      `select name, transaction_price_per_share as price from insider_trades where issuer_cik = 1835856 order by ordinal`,
    );
    expect(betr).toEqual([
      { name: 'SOFTBANK GROUP CORP.', price: null },
      { name: 'SOFTBANK GROUP CORP.', price: 0 },
    ]);
    const [owners] = await q<{ n: number }>(
      `select jsonb_array_length(reporting_owners)::int as n from ownership_filings where issuer_cik = 1835856`,
    );
    expect(owners!.n).toBe(8);
  });

  it('loads 13F holdings with the unit decision, its evidence and the totals check', async () => {
    const filings = await q<{
      accession_number: string;
      value_unit: string;
      method: string;
      ok: boolean;
      superseded: boolean;
    }>(
      `select accession_number, value_unit, unit_evidence->>'method' as method, (totals->>'ok')::boolean as ok, superseded
         from thirteen_f_filings order by accession_number`,
    );
    expect(filings).toEqual([
      {
        accession_number: '0001140361-23-013281',
        value_unit: 'dollars',
        method: 'filing_date_rule',
        ok: true,
        superseded: false,
      },
      {
        accession_number: '0001619124-21-000002',
        value_unit: 'thousands',
        method: 'filing_date_rule',
        ok: true,
        superseded: false,
      },
    ]);
    const [aapl] = await q<{ value_usd: number; shares: number }>(
      `select value_usd, shares from thirteen_f_holdings where cusip = '037833100'`,
    );
    expect(aapl).toEqual({ value_usd: 230_054_000, shares: 1_733_777 });
  });

  it('links CUSIPs to registry companies by exact issuer name only (medium confidence)', async () => {
    const ids = await q<{ id_value: string; ticker: string; source: string; confidence: string }>(
      `select i.id_value, c.primary_ticker as ticker, i.source, i.confidence from company_identifiers i
         join companies c on c.company_id = i.company_id where i.id_type = 'CUSIP' order by i.id_value`,
    );
    expect(ids.map((i) => [i.id_value, i.ticker]).sort()).toEqual([
      ['02079K107', 'GOOGL'],
      ['02079K305', 'GOOGL'],
      ['023135106', 'AMZN'],
      ['037833100', 'AAPL'],
      ['594918104', 'MSFT'],
    ]);
    expect(new Set(ids.map((i) => `${i.source}/${i.confidence}`))).toEqual(
      new Set(['13f_name_match/medium']),
    );
  });

  it('loads DEF 14A pay and ownership: Cabot (captured without accession) and 180 Degree Capital', async () => {
    const [ceo] = await q<{ person_name: string; total_disclosed: number; n: number }>(
      `select person_name, total_disclosed, (select count(*)::int from executive_compensation where cik = 16040) as n
         from executive_compensation where cik = 16040 and is_ceo and fiscal_year = 2023`,
    );
    expect(ceo).toEqual({ person_name: 'Sean D. Keohane', total_disclosed: 7791510, n: 15 });
    const kinds = await q<{ owner_kind: string; n: number }>(
      `select owner_kind, count(*)::int as n from proxy_ownership where cik = 893739 group by 1 order by 1`,
    );
    expect(kinds).toEqual([
      { owner_kind: 'insider', n: 8 },
      { owner_kind: 'insider_group', n: 1 },
      { owner_kind: 'major_holder', n: 2 },
    ]);
    const [turn] = await q<{ filing_date: string }>(
      `select filing_date::text from proxy_filings where cik = 893739`,
    );
    expect(turn!.filing_date).toBe('2020-03-25');
  });

  it("decides a filing's unit from other filers' prices of the period once three report the CUSIP", async () => {
    const acorn = readFileSync(
      'fixtures/ownership/ACORN-CREEK_13F-HR_2024Q4_0001951757-25-000093_dissemination.nc',
      'utf8',
    );
    const load = async (i: number, text: string) => {
      const doc = parseThirteenF(text);
      doc.cover.filerCik = String(9_900_000 + i);
      doc.cover.accessionNumber = `0009900000-25-00000${i}`;
      await database.db.transaction((tx) =>
        loadThirteenF(tx, { doc, sha256: null, fetchedAt: '2026-01-30T00:00:00Z' }),
      );
    };
    for (const i of [1, 2, 3]) await load(i, acorn);
    // the same filing with every value divided by 1000: filed 2025, yet its peers' prices say thousands
    await load(
      4,
      acorn.replace(/<ns1:value>(\d+)</g, (_, v: string) => `<ns1:value>${Math.round(Number(v) / 1000)}<`),
    );
    const rows = await q<{ filer_cik: number; unit: string; method: string; n: number; ratio: number }>(
      `select filer_cik::int as filer_cik, value_unit as unit, unit_evidence->>'method' as method,
              (unit_evidence->>'rows_compared')::int as n, (unit_evidence->>'median_ratio_to_reference')::float as ratio
         from thirteen_f_filings where filer_cik between 9900001 and 9900004 order by filer_cik`,
    );
    expect(rows.map((r) => [r.unit, r.method])).toEqual([
      ['dollars', 'filing_date_rule'],
      ['dollars', 'filing_date_rule'],
      ['dollars', 'filing_date_rule'],
      ['thousands', 'reference_prices'],
    ]);
    expect(rows[3]!.n).toBe(77);
    expect(rows[3]!.ratio).toBeCloseTo(0.001, 4);
    const [abbv] = await q<{ value_usd: number }>(
      `select value_usd from thirteen_f_holdings where filer_cik = 9900004 and cusip = '00287Y109'`,
    );
    expect(abbv!.value_usd).toBe(407_000);
  });
});
