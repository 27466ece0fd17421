import { describe, expect, it } from 'vitest';
import { heldOutSet, guidanceRows as rows } from './held-out-set.ts';

// Guidance held-out set 6 (docs/earnings.md "Guidance held-out set 6"): the values below are the hand-read labels
// (labels-guidance-6.tsv) of real outlook texts transcribed from the page store (MANIFEST.tsv).
const set = heldOutSet('guidance-held-out-6');

describe('guidance held-out set 6 (an airline, utilities, a REIT, yen forecasts, a withdrawal, an ARR table)', () => {
  it('"withdrawing its adjusted earnings guidance for the full-year 2020": the named metric is withdrawn, not "all" (Altria 2020)', () => {
    const name = 'MO_2020-04-30_withdraws-FY20-outlook_rttnews_transcribed.txt';
    const r = set.parse(name);
    expect(rows(r)).toEqual([['net_income', 'non_gaap', 'FY 2020', null, null, 'withdrawn']]);
    set.evidenceHolds(name, r);
  });

  it('"second-quarter ... versus the second quarter of 2023" and "full-year": Q2 2024 and FY 2024 (American Airlines 2024)', () => {
    const name = 'AAL_8-K_2024-04_EX-99.3_investor-update_transcribed.txt';
    const r = set.parse(name);
    expect(rows(r)).toEqual([
      ['operating_margin', 'non_gaap', 'Q2 2024', 9.5, 11.5, null],
      ['eps_diluted', 'non_gaap', 'Q2 2024', 1.15, 1.45, null],
      ['eps_diluted', 'non_gaap', 'FY 2024', 2.25, 3.25, 'reaffirmed'],
      ['free_cash_flow', 'unspecified', 'FY 2024', 2_000_000_000, null, 'reaffirmed'],
    ]);
    expect(r.figures).toEqual([]);
    set.evidenceHolds(name, r);
  });

  it('"forecast 2023 per-share AFFO between $3.98 and $4.01": per share before the name (Realty Income 2023)', () => {
    const got = rows(set.parse('O_2023-11-06_AFFO-outlook_reuters-budrigan_transcribed.txt'));
    expect(got).toContainEqual(['affo_per_share', 'non_gaap', 'FY 2023', 3.98, 4.01, 'raised']);
  });

  it('"net income outlook to between $1.25 per share and $1.32 per share": one per-share range (Realty Income 2023)', () => {
    const r = set.parse('O_2023-11-06_AFFO-outlook_reuters-budrigan_transcribed.txt');
    expect(rows(r)).toContainEqual(['eps_diluted', 'unspecified', 'FY 2023', 1.25, 1.32, 'raised']);
    // The quarter's revenue is still the one figure ("reported third-quarter revenue of $1.04 billion").
    expect(r.figures.map((f) => [f.fiscal_period, f.metric, f.value])).toEqual([
      ['Q3', 'revenue', 1_040_000_000],
    ]);
  });

  it('"The Company\'s outlook for fiscal 2013 is based on the following assumptions ...:": each item a FY 2013 target (Family Dollar)', () => {
    const name = 'FDO_Q1-FY2013_outlook_thestreet_transcribed.txt';
    const r = set.parse(name);
    const got = rows(r);
    expect(got).toContainEqual(['comparable_sales', 'unspecified', 'FY 2013', 4, 6, null]);
    expect(got).toContainEqual(['tax_rate', 'unspecified', 'FY 2013', 36, 37, null]);
    expect(got).toContainEqual(['capex', 'unspecified', 'FY 2013', 600_000_000, 650_000_000, null]);
    // "Weighted average diluted shares of approximately 116 million": no metric of the vocabulary, no row.
    expect(got).toHaveLength(6);
    set.evidenceHolds(name, r);
  });

  it('an assumptions lead printed as a heading, its Chinese translation between: the tax rate of the guidance before it (NorthWestern 2024)', () => {
    const name = 'NWE_2024-10_revised-2024-EPS-guidance_moomoo_transcribed.txt';
    const r = set.parse(name);
    const got = rows(r);
    expect(got).toContainEqual(['tax_rate', 'unspecified', 'FY 2024', 9, 11, null]);
    // "a 4% increase off our 2023 non-GAAP earnings per share of $3.27": the base, not a 2024 target.
    expect(got.filter((g) => g[0] === 'eps_diluted')).toEqual([
      ['eps_diluted', 'non_gaap', 'FY 2024', 3.32, 3.47, 'updated'],
    ]);
    set.evidenceHolds(name, r);
  });

  it('an outlook table whose header is printed over "|" lines, FY\'24 / Q3\'24 columns beside "FY\'24 Previous" (subscription software, Q2 FY24)', () => {
    const name = 'MCADCAFE-2068838_Q2-FY24-ARR-guidance-table_transcribed.txt';
    const r = set.parse(name);
    const got = rows(r);
    expect(got).toContainEqual(['arr', 'unspecified', 'FY 2024', 2_200_000_000, 2_240_000_000, 'narrowed']);
    expect(got).toContainEqual(['arr', 'unspecified', 'Q3 2024', 2_115_000_000, 2_130_000_000, null]);
    expect(got).toContainEqual(['revenue', 'unspecified', 'Q3 2024', 525_000_000, 540_000_000, null]);
    expect(got).toContainEqual(['eps_diluted', 'non_gaap', 'Q3 2024', 0.9, 1, null]);
    // The previous column is no target ("$2,190 - $2,250").
    expect(got.some((g) => g[3] === 2_190_000_000)).toBe(false);
    set.evidenceHolds(name, r);
  });

  it('the "FY\'24 YoY" column is revenue growth only, and each row takes the status the lead words for its metric', () => {
    const got = rows(set.parse('MCADCAFE-2068838_Q2-FY24-ARR-guidance-table_transcribed.txt'));
    expect(got).toContainEqual(['revenue_growth', 'unspecified', 'FY 2024', 8, 12, 'updated']);
    // "maintaining our FY'24 free cash flow guidance", "updating our FY'24 revenue and EPS guidance"
    expect(got).toContainEqual(['free_cash_flow', 'unspecified', 'FY 2024', 725_000_000, null, 'reaffirmed']);
    expect(got).toContainEqual([
      'revenue',
      'unspecified',
      'FY 2024',
      2_270_000_000,
      2_340_000_000,
      'updated',
    ]);
    expect(got).toContainEqual(['eps_diluted', 'unspecified', 'FY 2024', 2.52, 3.22, 'updated']);
    // EPS growth ("22% - 56%") and free cash flow growth ("~23%") are no levels.
    expect(got.some((g) => g[3] === 22 || g[3] === 23)).toBe(false);
  });

  it('"Operating cash flow | ~$745" and "Capital expenditures | (~$20)": cash_flow and capex, the lead naming neither words no status', () => {
    const got = rows(set.parse('MCADCAFE-2068838_Q2-FY24-ARR-guidance-table_transcribed.txt'));
    expect(got).toContainEqual(['cash_flow', 'unspecified', 'FY 2024', 745_000_000, null, null]);
    expect(got).toContainEqual(['cash_flow', 'unspecified', 'Q3 2024', 225_000_000, null, null]);
    expect(got).toContainEqual(['capex', 'unspecified', 'FY 2024', 20_000_000, null, null]);
    expect(got).toContainEqual(['capex', 'unspecified', 'Q3 2024', 5_000_000, null, null]);
  });

  it('"upward revisions to our sales and income forecast for the fiscal year ending March 2012", then "to total 1.5 trillion yen" (Subaru)', () => {
    const name = 'SUBARU_FY2012-forecast-revision_3Q-presentation-p25_transcribed.txt';
    const r = set.parse(name);
    expect(rows(r)).toEqual([
      ['revenue', 'unspecified', 'FY 2012', 1_500_000_000_000, null, 'raised'],
      ['revenue_growth', 'unspecified', 'FY 2012', -5.1, null, 'raised'],
      ['operating_income', 'unspecified', 'FY 2012', 38_000_000_000, null, 'raised'],
      ['net_income', 'unspecified', 'FY 2012', 41_000_000_000, null, 'raised'],
    ]);
    // "38.0 billion yen": money in yen, not a count.
    expect(r.guidance.filter((g) => g.unit !== 'percent').map((g) => [g.unit, g.currency])).toEqual([
      ['currency', 'JPY'],
      ['currency', 'JPY'],
      ['currency', 'JPY'],
    ]);
    set.evidenceHolds(name, r);
  });

  it('a revised-forecast table, header one cell per line, "(260 | )" rows with their "-" cells dropped: the first amount, FY 2009 (Sony 2009)', () => {
    const name = 'SONY_6-K_2009-01-22_revised-forecast_transcribed.txt';
    const r = set.parse(name);
    // "Income (Loss) before income taxes" and the equity-method and restructuring lines are outside the vocabulary.
    expect(rows(r)).toEqual([
      ['revenue', 'unspecified', 'FY 2009', 7_700_000_000_000, null, 'updated'],
      ['operating_income', 'unspecified', 'FY 2009', -260_000_000_000, null, 'updated'],
      ['net_income', 'unspecified', 'FY 2009', -150_000_000_000, null, 'updated'],
    ]);
    expect(r.guidance.every((g) => g.currency === 'JPY')).toBe(true);
    set.evidenceHolds(name, r);
  });

  it('"with a sales growth of 6 to 8 percent" in the revenue target\'s sentence takes its "fiscal 2023 revenue view" status (TreeHouse, set 5)', () => {
    const got = rows(
      heldOutSet('guidance-held-out-5').parse('THS_2023-06-13_outlook_nasdaq-rttnews_transcribed.txt'),
    );
    expect(got).toContainEqual(['revenue_growth', 'unspecified', 'FY 2023', 6, 8, 'reaffirmed']);
  });
});
