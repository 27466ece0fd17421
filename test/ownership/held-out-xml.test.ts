import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseOwnershipFiling } from '../../parsers/edgar/form4.ts';
import { parseThirteenF } from '../../parsers/edgar/thirteen-f.ts';
import { buildHoldings, parseThirteenFFiling } from '../../parsers/edgar/thirteen-f-holdings.ts';

// The held-out set (fixtures/ownership/held-out, MANIFEST.tsv gives each file's source): values read by hand
// from the documents, the same as labels.tsv, committed before the parsers first ran on these files.
const read = (f: string) => readFileSync(`fixtures/ownership/held-out/${f}`, 'utf8');

describe('Forms 3/4/5 of the held-out set', () => {
  it('Vertex, Sachs: a derivative-only Form 4 (fractional deferred stock units, conversion price footnote-only)', () => {
    const r = parseOwnershipFiling(read('VRTX_4_2020-10-15_Sachs_derivative-only_DSU.xml'));
    expect(r).toMatchObject({ issuer_cik: '0000875320', ticker: 'VRTX', document_type: '4', holdings: [] });
    expect(r.insider_trades).toEqual([
      expect.objectContaining({
        name: 'SACHS BRUCE I',
        is_board_director: true,
        is_derivative: true,
        security_title: 'Deferred Stock Units',
        transaction_date: '2020-10-15',
        transaction_type: 'A',
        transaction_shares: 196.356,
        transaction_price_per_share: 222.81,
        acquired_disposed: 'A',
        shares_owned_after_transaction: 12629.042,
        direct_or_indirect: 'D',
      }),
    ]);
  });

  it('Snowflake, McMahon: a Form 5 gift at price 0 (not null) and two indirect trust holdings', () => {
    const r = parseOwnershipFiling(read('SNOW_5_2022-01-31_McMahon_gift-and-trust-holdings.xml'));
    expect(r.document_type).toBe('5');
    expect(r.insider_trades).toEqual([
      expect.objectContaining({
        transaction_date: '2021-12-23',
        transaction_type: 'G',
        transaction_shares: 61386,
        transaction_price_per_share: 0,
        acquired_disposed: 'D',
        shares_owned_after_transaction: 54666,
        direct_or_indirect: 'D',
      }),
    ]);
    expect(r.holdings.map((h) => [h.shares_owned, h.direct_or_indirect, h.nature_of_ownership])).toEqual([
      [151188, 'I', 'Trust'],
      [125737, 'I', 'Trust'],
    ]);
  });

  it('SunPower, Hegde: a Form 3 with noSecuritiesOwned and no tables at all', () => {
    const r = parseOwnershipFiling(read('SPWR_3_2021-12-31_Hegde_no-securities-owned.xml'));
    expect(r).toMatchObject({
      document_type: '3',
      no_securities_owned: true,
      insider_trades: [],
      holdings: [],
    });
    expect(r.reporting_owners[0]).toMatchObject({ name: 'Hegde Vinayak', is_director: true });
  });

  it('DraftKings, Dodge (.txt submission): three sales on two days, weighted-average prices as filed', () => {
    const r = parseOwnershipFiling(read('DKNG_4_2025-03-14_0001104659-25-025206_3-sales_fulltext.txt'));
    expect(r).toMatchObject({ filing_date: '2025-03-18', accession_number: '0001104659-25-025206' });
    expect(
      r.insider_trades.map((t) => [
        t.transaction_date,
        t.transaction_type,
        t.transaction_shares,
        t.transaction_price_per_share,
        t.shares_owned_after_transaction,
      ]),
    ).toEqual([
      ['2025-03-14', 'S', 49252, 37.59, 710145],
      ['2025-03-14', 'S', 3525, 38.05, 706620],
      ['2025-03-17', 'S', 52777, 39, 653843],
    ]);
    expect(r.insider_trades[0]).toMatchObject({ title: 'Chief Legal Officer', is_board_director: false });
  });
});

describe('Forms 4 of the held-out set, second batch', () => {
  it('JetBlue, Clements: an empty nonDerivativeTable element and an RSU grant priced only by a footnote (null)', () => {
    const r = parseOwnershipFiling(
      read('JBLU_4_2025-03-10_0001158463-25-000044_RSU-footnote-price_fulltext.txt'),
    );
    expect(r).toMatchObject({ ticker: 'JBLU', filing_date: '2025-03-12', holdings: [] });
    expect(r.insider_trades).toEqual([
      expect.objectContaining({
        title: 'Chief Digital & Tech Officer',
        is_derivative: true,
        security_title: 'Restricted Stock Units',
        transaction_shares: 110474,
        transaction_price_per_share: null,
        transaction_value: null,
        shares_owned_after_transaction: 294910,
      }),
    ]);
  });

  it('Alpha & Omega, Li: grants at 0 and two tax withholdings (F) in filing order, an empty derivativeTable', () => {
    const r = parseOwnershipFiling(
      read('AOSL_4_2025-03-17_0001387467-25-000038_grants-and-withholding_fulltext.txt'),
    );
    expect(r.issuer_name).toBe('ALPHA & OMEGA SEMICONDUCTOR Ltd');
    expect(
      r.insider_trades.map((t) => [
        t.transaction_type,
        t.transaction_shares,
        t.transaction_price_per_share,
        t.acquired_disposed,
        t.shares_owned_after_transaction,
      ]),
    ).toEqual([
      ['A', 10000, 0, 'A', 69064],
      ['F', 2954, 27.61, 'D', 66110],
      ['F', 1897, 27.61, 'D', 64213],
      ['A', 10000, 0, 'A', 74213],
    ]);
  });
});

describe('13F filings of the held-out set (cover page and information table, two documents of one filing)', () => {
  const pair = (prefix: string) => {
    const cover = parseThirteenF(read(`${prefix}_primary.xml`)).cover;
    return buildHoldings({ ...parseThirteenF(read(`${prefix}_infotable.xml`)), cover, hasTable: true });
  };

  it('Kahn Brothers 2022Q1: dollars before the 2023 cutover, decided by the implied prices, never by the date', () => {
    const r = pair('KAHN_13F-HR_2022Q1_0001039565-22-000009');
    expect(r).toMatchObject({ filer_name: 'KAHN BROTHERS GROUP INC', report_period: '2022-03-31' });
    expect(r.value_unit).toBe('dollars');
    // 46 rows adding up to $787,553,692 against the cover's $787,553,693
    expect(r.totals).toMatchObject({
      rows_parsed: 46,
      table_entry_total: 46,
      rows_value_total: 787553692,
      ok: true,
    });
    const at = (cusip: string) => r.institutional_holdings.find((h) => h.cusip === cusip);
    expect(at('G0585R106')).toMatchObject({
      name_of_issuer: 'ASSURED GUARANTY',
      value_usd: 84253653,
      shares: 1323493,
    });
    expect(at('00206R102')).toMatchObject({ name_of_issuer: 'AT&T', value_usd: 344019, shares: 14547 });
    // shares are sshPrnamt (27,472), not the voting authority's Sole (24,472)
    expect(at('74386T105')).toMatchObject({ value_usd: 643000, shares: 27472 });
  });

  it('Kahn Brothers table alone (no cover, no date): the implied prices still decide dollars', () => {
    const r = parseThirteenFFiling(read('KAHN_13F-HR_2022Q1_0001039565-22-000009_infotable.xml'));
    expect(r.value_unit).toBe('dollars');
    expect(r.unit_evidence.method).toBe('implied_price_override');
  });

  it('MFN Partners 2025Q4 13F-HR/A (NEW HOLDINGS): warrants and shares of one issuer, in dollars', () => {
    const r = pair('MFN_13F-HR-A_2025Q4_0000904454-26-000248');
    expect(r).toMatchObject({ form_type: '13F-HR/A', amendment_type: 'NEW HOLDINGS', value_unit: 'dollars' });
    expect(r.totals).toMatchObject({ table_value_total: 24920000, rows_value_total: 24920000, ok: true });
    expect(r.institutional_holdings.map((h) => [h.cusip, h.title_of_class, h.value_usd, h.shares])).toEqual([
      ['G7553X106', 'ORD SHS CL A', 24600000, 2400000],
      ['G7553X114', '*W EXP 99/99/999', 320000, 400000],
    ]);
  });
});
