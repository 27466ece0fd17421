import { describe, expect, it } from 'vitest';
import { heldOutSet } from './held-out-set.ts';

/**
 * Held-out set 11 (fixtures/earnings/held-out-11/MANIFEST.tsv: page-store texts of an insurer, a Canadian bank, a utility's
 * EPS page, two semiconductors) and the format rules its first read showed missing. Every expected value was read by hand
 * from the file (labels-heldout-11.tsv and periods.tsv, committed in 1d483be before the parser first ran on the set);
 * each case fails on the parser of main 6b11b16.
 */
const set11 = heldOutSet('held-out-11');

describe('earnings release parser: held-out set 11 formats', () => {
  it('AOSL: GAAP and Non-GAAP tables one cell per paragraph under a site menu "Sign In | Register"', () => {
    const name = 'AOSL_2024-02-06_FQ2_release_excerpt.txt';
    const r = set11.parse(name);
    // "for the fiscal second quarter of 2024 ended December 31, 2023"
    expect(r.release).toMatchObject({ fiscal_period: 'Q2', fiscal_year: 2024, period_end: '2023-12-31' });
    // "(in millions, except percentage and per share data)": Revenue $ 165.3; Operating Income (Loss) $ (1.1 )
    expect(set11.value(r, 'Q2', 'revenue', 'gaap')).toBe(165_300_000);
    expect(set11.value(r, 'Q2', 'operating_income', 'gaap')).toBe(-1_100_000);
    expect(set11.value(r, 'Q2', 'net_income', 'gaap')).toBe(-2_900_000);
    expect(set11.value(r, 'Q2', 'eps_diluted', 'gaap')).toBe(-0.1);
    expect(set11.value(r, 'Q2', 'operating_income', 'non_gaap')).toBe(8_400_000);
    expect(set11.value(r, 'Q2', 'net_income', 'non_gaap')).toBe(7_200_000);
    expect(set11.value(r, 'Q2', 'eps_diluted', 'non_gaap')).toBe(0.24);
    expect(r.measures.find((m) => m.measure === 'gross_margin')?.value).toBe(26.6);
    set11.evidenceHolds(name, r);
  });

  it('TriQuint: highlight lines without bullet marks or full stops ("GAAP net income for the quarter was $13.6 million, ...")', () => {
    const name = 'TQNT_8-K_2013-10-23_EX-99.1_excerpt.txt';
    const r = set11.parse(name);
    expect(set11.value(r, 'Q3', 'net_income', 'gaap')).toBe(13_600_000);
    expect(set11.value(r, 'Q3', 'eps_diluted', 'gaap')).toBe(0.08);
    expect(set11.value(r, 'Q3', 'net_income', 'non_gaap')).toBe(26_300_000);
    expect(set11.value(r, 'Q3', 'eps_diluted', 'non_gaap')).toBe(0.16);
    set11.evidenceHolds(name, r);
  });

  it('Chubb: headline run into the lead ("WARREN, New Jersey, October 22, 2009 —"), operating income per share, raised range', () => {
    const name = 'CB_8-K_2009-10-22_EX-99.1_excerpt.txt';
    const r = set11.parse(name);
    // "net income in the third quarter of 2009 was $596 million or $1.69 per share"
    expect(set11.value(r, 'Q3', 'net_income', 'gaap')).toBe(596_000_000);
    expect(set11.value(r, 'Q3', 'eps', 'gaap')).toBe(1.69);
    // "Operating income per share increased 68% to $1.56": GAAP has no operating income per share
    expect(set11.value(r, 'Q3', 'eps', 'non_gaap')).toBe(1.56);
    // "The third quarter combined loss and expense ratio was 85.4%" (84.6% is the ratio excluding catastrophe losses)
    expect(r.measures.find((m) => m.measure === 'combined_ratio')?.value).toBe(85.4);
    // "2009 Operating Income per Share Guidance Is Increased to Range of $5.90 to $6.00": the only guidance statement
    expect(r.guidance).toHaveLength(1);
    expect(r.guidance[0]).toMatchObject({
      metric: 'eps_diluted',
      basis: 'non_gaap',
      target_fiscal_period: 'FY',
      target_fiscal_year: 2009,
      low: 5.9,
      high: 6,
      status: 'raised',
    });
    set11.evidenceHolds(name, r);
  });

  it('National Bank: "All amounts are presented in Canadian dollars", ROE from a wrapped highlights row', () => {
    const name = 'NA_2019-02-27_Q1_release_excerpt.txt';
    const r = set11.parse(name);
    expect(r.release).toMatchObject({
      fiscal_period: 'Q1',
      fiscal_year: 2019,
      period_end: '2019-01-31',
      currency: 'CAD',
    });
    expect(set11.value(r, 'Q1', 'net_income', 'gaap')).toBe(552_000_000);
    expect(set11.value(r, 'Q1', 'eps_diluted', 'gaap')).toBe(1.5);
    // "| Return on common shareholders' equity | 17.2 | % | 18.7 | % |"
    expect(r.measures.find((m) => m.measure === 'return_on_equity')?.value).toBe(17.2);
    set11.evidenceHolds(name, r);
  });

  it('United Utilities: a statement whose columns single spaces set apart ("Revenue 1, 2 1,564.9 1,513.3"), £m, EPS in pence', () => {
    const name = 'UU_2012-03_FY_income-statement_excerpt.txt';
    const r = set11.parse(name);
    // "FOR THE YEAR ENDED 31 MARCH 2012"; "Note £m £m"
    expect(r.release).toMatchObject({
      fiscal_period: 'FY',
      fiscal_year: 2012,
      period_end: '2012-03-31',
      currency: 'GBP',
    });
    expect(set11.value(r, 'FY', 'revenue', 'gaap')).toBe(1_564_900_000);
    expect(set11.value(r, 'FY', 'operating_income', 'gaap')).toBe(591_500_000);
    // "Profit after taxation 316.5 458.2" (not "... from continuing operations 311.4")
    expect(set11.value(r, 'FY', 'net_income', 'gaap')).toBe(316_500_000);
    // "Earnings per share" / "from continuing and discontinued operations" / "Basic 9 46.4p 67.2p" (not 45.7p, continuing only)
    expect(set11.value(r, 'FY', 'eps_basic', 'gaap')).toBe(0.464);
    expect(set11.value(r, 'FY', 'eps_diluted', 'gaap')).toBe(0.464);
    set11.evidenceHolds(name, r);
  });

  it('FirstEnergy: "Normalized non-GAAP* earnings, excluding special items, were $0.76 per basic share"', () => {
    const name = 'FE_8-K_2013-Q1_EX-99.2_excerpt.txt';
    const r = set11.parse(name);
    expect(set11.value(r, 'Q1', 'eps_basic', 'non_gaap')).toBe(0.76);
    expect(set11.value(r, 'Q1', 'eps_basic', 'gaap')).toBe(0.47);
  });
});
