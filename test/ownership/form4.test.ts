import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../lib/errors.ts';
import { parseOwnershipFiling } from '../../parsers/edgar/form4.ts';

const read = (f: string) => readFileSync(`fixtures/ownership/${f}`, 'utf8');

describe('Forms 3/4/5 on every real file', () => {
  it('Apple, Maestri (bare XML): one sale with shares before = after + sold', () => {
    const r = parseOwnershipFiling(read('AAPL_4_2020-10-09_Maestri_primary.xml'));
    expect(r).toMatchObject({
      issuer_cik: '0000320193',
      ticker: 'AAPL',
      document_type: '4',
      filing_date: null,
    });
    expect(r.insider_trades).toEqual([
      expect.objectContaining({
        name: 'Maestri Luca',
        title: 'Senior Vice President, CFO',
        is_board_director: false,
        transaction_date: '2020-10-09',
        transaction_type: 'S',
        transaction_shares: 243431,
        transaction_price_per_share: 116.89,
        transaction_value: 28454649.59,
        shares_owned_after_transaction: 110272,
        shares_owned_before_transaction: 353703,
        security_title: 'Common Stock',
      }),
    ]);
  });

  it('Apple, Adams (full .txt): seven weighted-average sales, filing date and accession from the header', () => {
    const r = parseOwnershipFiling(read('AAPL_4_2022-05-04_Adams_0000320193-22-000061_fulltext.txt'));
    expect(r.accession_number).toBe('0000320193-22-000061');
    expect(r.filing_date).toBe('2022-05-06');
    expect(r.insider_trades).toHaveLength(7);
    expect(r.insider_trades[0]).toMatchObject({
      transaction_shares: 9136,
      transaction_price_per_share: 159.94,
      shares_owned_after_transaction: 468198,
    });
    expect(r.insider_trades.every((t) => t.filing_date === '2022-05-06')).toBe(true);
  });

  it('AAR (with EX-24): &amp; in the officer title decoded, weighted-average price kept with its footnote', () => {
    const r = parseOwnershipFiling(read('AIR_4_2025-01-10_0001127602-25-001055_with-EX-24_fulltext.txt'));
    expect(r.insider_trades[0]).toMatchObject({
      title: 'Senior VP, GC, CAO & Secretary',
      transaction_shares: 1500,
      transaction_price_per_share: 66.903,
      transaction_value: 100354.5,
    });
    expect(r.insider_trades[0]!.footnotes[0]).toMatch(/weighted average/i);
  });

  it('SoftBank group of 8 reporting owners: one row per transaction, footnote-only price is null', () => {
    const r = parseOwnershipFiling(
      read('BETR_4_2024-12-09_0001493152-25-009612_8-reporting-owners_SoftBank_fulltext.txt'),
    );
    expect(r.reporting_owners).toHaveLength(8);
    expect(r.insider_trades).toHaveLength(2);
    const [common, classB] = r.insider_trades;
    expect(common).toMatchObject({
      name: 'SOFTBANK GROUP CORP.',
      title: '10% Owner',
      transaction_type: 'C',
      transaction_shares: 628553,
      transaction_price_per_share: null,
      transaction_value: null,
      shares_owned_before_transaction: 0,
      is_derivative: false,
    });
    expect(classB).toMatchObject({
      transaction_price_per_share: 0,
      transaction_value: 0,
      is_derivative: true,
    });
    expect(r.filing_date).toBe('2025-03-07');
  });

  it('2seventy bio (.nc, CR-only line endings): grants at price 0.00 stay 0, not null', () => {
    const r = parseOwnershipFiling(read('TSVT_4_2025-01-06_0001562180-25-000280_dissemination.nc'));
    expect(r).toMatchObject({
      accession_number: '0001562180-25-000280',
      filing_date: '2025-01-08',
      ticker: 'TSVT',
    });
    expect(r.insider_trades[0]).toMatchObject({
      transaction_type: 'A',
      transaction_shares: 106150,
      transaction_price_per_share: 0,
      transaction_value: 0,
      shares_owned_before_transaction: 147179,
      shares_owned_after_transaction: 253329,
    });
  });

  it('Snowflake, Scarpelli: 6 non-derivative + 1 derivative transaction; ZipRecruiter: 9 rows', () => {
    const s = parseOwnershipFiling(read('SNOW_4_2022-12-13_Scarpelli_derivative_16-footnotes.xml'));
    expect(s.insider_trades.filter((t) => !t.is_derivative)).toHaveLength(6);
    expect(s.insider_trades.filter((t) => t.is_derivative)).toHaveLength(1);
    expect(s.insider_trades[1]).toMatchObject({
      transaction_type: 'S',
      transaction_shares: 73170,
      transaction_price_per_share: 150.841,
    });
    const z = parseOwnershipFiling(read('ZIP_4_2025-03-15_0001617553-25-000024_derivative-RSU_fulltext.txt'));
    expect(z.insider_trades).toHaveLength(9);
    expect(z.insider_trades.find((t) => t.transaction_type === 'F')).toMatchObject({
      transaction_shares: 33148,
      transaction_price_per_share: 5.96,
      shares_owned_after_transaction: 1138960,
    });
    const w = parseOwnershipFiling(read('SCWO_4_2025-04-30_374Water_derivative.xml'));
    expect(w.insider_trades).toHaveLength(2);
  });

  it('Form 3: noSecuritiesOwned=0 is false; holdings rows; two reporting owners', () => {
    const g = parseOwnershipFiling(read('SNOW_3_2020-09-15_initial-ownership_derivative-holdings.xml'));
    expect(g.document_type).toBe('3');
    expect(g.no_securities_owned).toBe(false);
    expect(g.holdings).toHaveLength(6);
    expect(g.holdings.every((h) => h.is_derivative)).toBe(true);
    expect(g.insider_trades).toEqual([]);
    const b = parseOwnershipFiling(
      read('SNOW_3_2020-09-18_BerkshireHathaway-Buffett_2-reporting-owners.xml'),
    );
    expect(b.reporting_owners.map((o) => o.name)).toEqual(['BERKSHIRE HATHAWAY INC', 'BUFFETT WARREN E']);
    expect(b.holdings).toHaveLength(1);
    expect(b.holdings[0]!.shares_owned).toBeGreaterThan(0);
  });

  it('noSecuritiesOwned=1 with no tables; 4/A carries the original date', () => {
    const base = read('AAPL_4_2020-10-09_Maestri_primary.xml');
    const none = base
      .replace(/<nonDerivativeTable>[\s\S]*<\/nonDerivativeTable>/, '')
      .replace(
        '<documentType>4</documentType>',
        '<documentType>3</documentType><noSecuritiesOwned>1</noSecuritiesOwned>',
      );
    const r = parseOwnershipFiling(none);
    expect(r).toMatchObject({ no_securities_owned: true, insider_trades: [], holdings: [], warnings: [] });
    const amended = base.replace(
      '<documentType>4</documentType>',
      '<documentType>4/A</documentType><dateOfOriginalSubmission>2020-10-13</dateOfOriginalSubmission>',
    );
    expect(parseOwnershipFiling(amended)).toMatchObject({
      document_type: '4/A',
      date_of_original_submission: '2020-10-13',
    });
  });

  it('a pre-2003 plain-text Form 4 is a ParseError (quarantined, never guessed)', () => {
    expect(() =>
      parseOwnershipFiling(read('PRODUCTIVITY-TECH_4_2000-02-29_0001094891-00-000193_PLAINTEXT-preXML.txt')),
    ).toThrow(ParseError);
  });
});
