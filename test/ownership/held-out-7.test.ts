import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseOwnershipFiling } from '../../parsers/edgar/form4.ts';
import { parseThirteenFFiling } from '../../parsers/edgar/thirteen-f-holdings.ts';

// held-out set 7 (fixtures/ownership/held-out-7): values asserted are the hand labels of labels.tsv
const dir = 'fixtures/ownership/held-out-7';
const read = (f: string) => readFileSync(`${dir}/${f}`, 'utf8');
const TRTN =
  'TRTN_3_2023-09-28_Brookfield-BAM-Partners-BIPC_10-reporting-owners_rendered-xslF345-page_holding-see-footnotes.html';
const CITADEL =
  'CITADEL_13F-HR_2026-fetch_infotable_EXCERPT-first-800-chars_Call-DFND_dollars_closing-tags-added.xml';
const BANCORP34 =
  'UNNAMED-FILER-CIK1026081_13F-HR_2020_0000921895-20-001626_infotable_EXCERPT-1-row_thousands-era_OTR_root-added.xml';
const PERSHING =
  'PERSHING-SQUARE_13F-HR_2026-fetch_infotable_EXCERPT-first-800-chars_dollars_closing-tags-added.xml';

describe('held-out set 7: a rendered Form 3 of ten joint reporting persons', () => {
  const d = parseOwnershipFiling(read(TRTN), TRTN);

  it('reads the issuer and relationship boxes by their label (Form 3 numbers them 3 and 4)', () => {
    expect(d).toMatchObject({
      document_type: '3',
      issuer_name: 'Triton International Ltd',
      ticker: 'TRTN',
      period_of_report: '2023-09-28',
      date_of_original_submission: null,
    });
    expect(Number(d.issuer_cik)).toBe(1660734);
    expect(d.reporting_owners[0]).toMatchObject({
      name: 'BROOKFIELD Corp /ON/',
      is_ten_percent_owner: true,
      is_director: false,
      is_officer: false,
    });
  });

  it('counts Brookfield Corp, printed in box 1 and again first in the joint-filers list, once', () => {
    expect(d.reporting_owners.map((o) => Number(o.cik))).toEqual([
      1001085, 1861643, 1996787, 1996785, 1406234, 1996567, 1788348, 1996577, 1996608, 1996610,
    ]);
    expect(d.reporting_owners[9]!.name).toBe('BIF V Thanos Carry L.P.');
  });

  it('keeps its one indirect holding and no trades', () => {
    expect(d.insider_trades).toEqual([]);
    expect(d.holdings).toEqual([
      expect.objectContaining({
        security_title: 'Common Shares, par value $0.01 per share',
        shares_owned: 101_158_891,
        direct_or_indirect: 'I',
        nature_of_ownership: 'See Footnotes',
        is_derivative: false,
      }),
    ]);
  });
});

describe('held-out set 7: a rendered Form 3 reads as its XML does', () => {
  it("Snowflake's Form 3 for Mark Garrett: issuer, director box and six derivative holdings", () => {
    const page = 'SNOW_3_2020-09-15_Garrett_rendered-xslF345-page_six-derivative-holdings_empty-Table-I.html';
    const xml = 'fixtures/ownership/SNOW_3_2020-09-15_initial-ownership_derivative-holdings.xml';
    const r = parseOwnershipFiling(read(page), page);
    const x = parseOwnershipFiling(readFileSync(xml, 'utf8'), xml);
    expect(r).toMatchObject({ document_type: '3', ticker: 'SNOW', issuer_name: 'Snowflake Inc.' });
    expect(Number(r.issuer_cik)).toBe(1640147);
    for (const k of [
      'ticker',
      'period_of_report',
      'reporting_owners',
      'holdings',
      'insider_trades',
    ] as const) {
      expect(r[k], k).toEqual(x[k]);
    }
    expect(r.holdings).toHaveLength(6);
  });
});

describe('held-out set 7: 13F units decided from one row', () => {
  it("Citadel's table whose only row is a Call: the underlying's implied price says dollars", () => {
    const r = parseThirteenFFiling(read(CITADEL), { document: CITADEL });
    expect(r.value_unit).toBe('dollars');
    expect(r.unit_evidence).toMatchObject({
      method: 'implied_price_override',
      median_implied_price_as_dollars: 3.93,
    });
    expect(r.institutional_holdings).toEqual([]);
    expect(r.option_positions).toEqual([
      expect.objectContaining({ cusip: '68243Q106', put_call: 'CALL', shares: 104_900, value_usd: 412_257 }),
    ]);
  });

  it('both directions: a 2020 row in thousands, a 2026 row in dollars', () => {
    const k = parseThirteenFFiling(read(BANCORP34), { document: BANCORP34 });
    expect(k.value_unit).toBe('thousands');
    expect(k.institutional_holdings[0]).toMatchObject({
      cusip: '05970V106',
      shares: 99_192,
      value_usd: 1_081_000,
    });
    const p = parseThirteenFFiling(read(PERSHING), { document: PERSHING });
    expect(p.value_unit).toBe('dollars');
    expect(p.institutional_holdings[0]).toMatchObject({
      cusip: '02079K305',
      value_usd: 212_306_961,
      reported_price: 313,
    });
  });
});
