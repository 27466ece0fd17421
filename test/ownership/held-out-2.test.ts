import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseOwnershipFiling } from '../../parsers/edgar/form4.ts';
import { parseThirteenFFiling } from '../../parsers/edgar/thirteen-f-holdings.ts';

// Held-out set 2 (fixtures/ownership/held-out-2, MANIFEST.tsv gives each file's source): the values below are
// the hand labels of labels.tsv, read from the documents and committed before the parsers first ran on them.
const read = (f: string) => readFileSync(`fixtures/ownership/held-out-2/${f}`, 'utf8');

describe('13F text tables of held-out set 2', () => {
  it('GGH 2008Q4: data typed a column off its dash line is read whole; x$1000 over dollar values is overridden', () => {
    const r = parseThirteenFFiling(
      read('GILDER-GAGNON-HOWE_13F-HR_2008Q4_text-table_x1000-header-dollar-values_TRIMMED_first-page.txt'),
    );
    const by = (c: string) => r.institutional_holdings.find((h) => h.cusip === c);
    // each CUSIP is printed one character left of its dashes, each value up to two right of them
    expect(by('H0023R105')).toMatchObject({ shares: 25210, value_usd: 1334113.2 });
    expect(by('008474108')).toMatchObject({ shares: 1706359, value_usd: 87587407.47 });
    expect(by('J1257N107')).toMatchObject({ shares: 8, value_usd: 25082.1296 });
    expect(by('G20045202')).toMatchObject({
      name_of_issuer: '***CENTRAL EUROPEAN MEDIA ENTERPRISES LTD-CL A',
      shares: 161822,
      value_usd: 3514773.84,
    });
    expect(r.totals.rows_parsed).toBe(34);
    // the column head says (x$1000); ACE at $52.92 a share is only plausible in dollars
    expect(r.value_unit).toBe('dollars');
    expect(r.unit_evidence.method).toBe('implied_price_override');
  });

  it('GGH 2002Q4: one <TABLE> over five pages, 192 rows summing to the grand total, in whole dollars', () => {
    const r = parseThirteenFFiling(read('GILDER-GAGNON-HOWE_13F-HR_2002Q4_text-table_TRIMMED.txt'));
    expect(r.totals).toMatchObject({
      rows_parsed: 192,
      table_entry_total: 192,
      table_value_total: 3251844130,
    });
    expect(Math.round(r.totals.rows_value_total)).toBe(3251844130);
    expect(r.value_unit).toBe('dollars');
    const ryanair = r.institutional_holdings.find((h) => h.cusip === '783513104');
    expect(ryanair).toMatchObject({
      name_of_issuer: 'RYANAIR HOLDINGS PLC, SPONSORED ADR',
      shares: 13519461,
    });
  });
});

describe('Forms 4 and 4/A, 13F XML of held-out set 2', () => {
  it('Anterix 4/A: amendment date, an option exercise at price 0 after two non-derivative rows', () => {
    const r = parseOwnershipFiling(
      read('ATEX_4A_2026-09-08_0001669943-26-000021_option-exercise_TRIMMED-upstream_transcribed.txt'),
    );
    expect(r).toMatchObject({ document_type: '4/A', date_of_original_submission: '2026-09-08' });
    expect(
      r.insider_trades.map((t) => [
        t.transaction_type,
        t.is_derivative,
        t.transaction_shares,
        t.transaction_price_per_share,
      ]),
    ).toEqual([
      ['S', false, 293, 85.44],
      ['F', false, 2769, 86.27],
      ['M', true, 6833, 0],
    ]);
  });

  it('Akre 2023Q2 rows: the Call of a CUSIP is excluded, its long CL A row kept', () => {
    const r = parseThirteenFFiling(
      read('AKRE_13F-HR_2023Q2_0001112520-23-000013_infotable_EXCERPT-6-rows_transcribed.xml'),
    );
    expect(r.excluded.options).toBe(1);
    expect(r.institutional_holdings.find((h) => h.cusip === '57636Q104')).toMatchObject({
      title_of_class: 'CL A',
      shares: 5869459,
      value_usd: 2308458225,
    });
  });
});
