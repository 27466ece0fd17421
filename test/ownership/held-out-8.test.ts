import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSubmissionText } from '../../parsers/edgar/filing-document.ts';
import { parseOwnershipFiling } from '../../parsers/edgar/form4.ts';
import { parseThirteenFFiling } from '../../parsers/edgar/thirteen-f-holdings.ts';

// held-out set 8 (fixtures/ownership/held-out-8): values asserted are the hand labels of labels.tsv
const dir = 'fixtures/ownership/held-out-8';
const read = (f: string) => readFileSync(`${dir}/${f}`, 'utf8');
const PARAMETRIC =
  'PARAMETRIC-PORTFOLIO_13F-HR_2009Q4_0001193125-10-027043_text-table-thousands-with-decimals_EXCERPT-first-two-table-blocks.txt';
const CLOVERDALE =
  'CLOVERDALE_13F-HR-A_2017Q1_0000950123-17-011329_NEW-HOLDINGS-amendment-2_put-only_thousands_fulltext.txt';
const ARROW =
  'ARW_4_2025-02-12_0001127602-25-004598_PSU-vesting-and-tax-withholding_dissemination_CR-separators-dropped-by-store.nc';

describe('held-out set 8: a 2009 text table continued in a second <TABLE> block', () => {
  const r = parseThirteenFFiling(read(PARAMETRIC), { document: PARAMETRIC });

  it('reads the header-less second block with the columns of the first (32 + 34 rows)', () => {
    expect(r.totals.rows_parsed).toBe(66);
    expect(r.institutional_holdings.find((h) => h.cusip === '031162100')).toMatchObject({
      name_of_issuer: 'AMGEN INC COM',
      shares: 1_739_888,
      value_usd: 98_425_444.93,
    });
    expect(r.institutional_holdings.find((h) => h.cusip === '464287226')).toMatchObject({
      name_of_issuer: 'ISHARES TR LEHMAN AGG BND',
      title_of_class: 'ETP',
      shares: 823_493,
    });
    expect(r.institutional_holdings.find((h) => h.cusip === '744320102')?.value_usd).toBeCloseTo(
      52_192_442.96,
      2,
    );
  });

  it("names the filer as its typed cover prints it, not by the SEC header's conformed name", () => {
    expect(r.filer_name).toBe('Parametric Portfolio Associates');
    // its summary page prints the value total in dollars with cents: read as printed
    expect(r.totals.table_value_total).toBe(20_721_229_761.77);
  });

  it('values are thousands with decimals, by the date and, without it, by the prices alone', () => {
    expect(r.value_unit).toBe('thousands');
    expect(r.institutional_holdings.find((h) => h.cusip === '30231G102')?.value_usd).toBeCloseTo(
      457_916_593.26,
      2,
    );
    // the same two blocks with no header, cover or date: only thousands gives share prices (Exxon $68.19)
    const text = read(PARAMETRIC);
    const bare = parseThirteenFFiling(text.slice(text.indexOf('<TABLE>')), { document: 'bare' });
    expect(bare.totals.rows_parsed).toBe(66);
    expect(bare.value_unit).toBe('thousands');
    expect(bare.unit_evidence.method).toBe('implied_price_override');
  });
});

describe('held-out set 8: a Put-only 13F-HR/A in the thousands era', () => {
  it('serves both Puts as option positions in thousands, nothing as shares', () => {
    const r = parseThirteenFFiling(read(CLOVERDALE), { document: CLOVERDALE });
    expect(r).toMatchObject({ is_amendment: true, amendment_no: 2, amendment_type: 'NEW HOLDINGS' });
    expect(r.value_unit).toBe('thousands');
    expect(r.institutional_holdings).toEqual([]);
    expect(r.option_positions.map((o) => [o.cusip, o.put_call, o.shares, o.value_usd])).toEqual([
      ['67066G104', 'PUT', 49_300, 5_370_000],
      ['716382106', 'PUT', 75_000, 1_511_000],
    ]);
  });
});

describe('held-out set 8: a dissemination header whose line separators were lost', () => {
  it('ends each tag value at the next tag', () => {
    const h = parseSubmissionText(read(ARROW)).header;
    expect(h).toMatchObject({
      accessionNumber: '0001127602-25-004598',
      form: '4',
      filedAt: '2025-02-13',
      periodOfReport: '2025-02-12',
    });
    const d = parseOwnershipFiling(read(ARROW), ARROW);
    expect(d.accession_number).toBe('0001127602-25-004598');
    expect(
      d.insider_trades.map((t) => [
        t.transaction_type,
        t.transaction_shares,
        t.shares_owned_after_transaction,
      ]),
    ).toEqual([
      ['A', 2193, 21_878],
      ['F', 1009, 20_869],
    ]);
  });
});
