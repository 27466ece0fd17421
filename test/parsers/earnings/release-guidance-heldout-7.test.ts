import { describe, expect, it } from 'vitest';
import { heldOutSet, guidanceRows as rows } from './held-out-set.ts';

// Guidance held-out set 7 (docs/earnings.md "Guidance held-out set 7"): the values below are the hand-read labels
// (labels-guidance-7.tsv) of real outlook texts transcribed from the page store (MANIFEST.tsv).
const set = heldOutSet('guidance-held-out-7');

describe('guidance held-out set 7 (a quarter | year table, crowns, split fiscal years, reported sales)', () => {
  it('"2025 Q1 | 2025" header: the first column is Q1 2025, the second FY 2025 (Emerson fiscal 2025 framework)', () => {
    const name = 'EMR_FY2025-guidance-table_futunn_transcribed.txt';
    const r = set.parse(name);
    const got = rows(r);
    expect(got).toContainEqual(['revenue_growth', 'unspecified', 'Q1 2025', 2.5, 3.5, null]);
    expect(got).toContainEqual(['revenue_growth', 'unspecified', 'FY 2025', 3.5, 5.5, null]);
    expect(got).toContainEqual(['eps_diluted', 'unspecified', 'Q1 2025', 0.89, 0.94, null]);
    expect(got).toContainEqual(['eps_diluted', 'unspecified', 'FY 2025', 4.42, 4.62, null]);
    expect(got).toContainEqual(['eps_diluted', 'non_gaap', 'Q1 2025', 1.25, 1.3, null]);
    expect(got).toContainEqual(['eps_diluted', 'non_gaap', 'FY 2025', 5.85, 6.05, null]);
    set.evidenceHolds(name, r);
  });

  it('"Underlying Sales Growth | 2% - 3% | 3% - 5%": organic growth, not total growth (Emerson)', () => {
    const got = rows(set.parse('EMR_FY2025-guidance-table_futunn_transcribed.txt'));
    expect(got).toContainEqual(['organic_revenue_growth', 'unspecified', 'Q1 2025', 2, 3, null]);
    expect(got).toContainEqual(['organic_revenue_growth', 'unspecified', 'FY 2025', 3, 5, null]);
    expect(got.filter((g) => g[0] === 'revenue_growth')).toHaveLength(2);
  });

  it('"revenue of around 3.45 billion Danish crowns ... in 2015/16", "like-for-like growth ... around 1 pct": FY 2016 in DKK (Matas)', () => {
    const name = 'MATAS_2015-10-08_adjusts-FY2015-16-outlook_reuters_transcribed.txt';
    const r = set.parse(name);
    const got = rows(r);
    expect(got).toContainEqual(['revenue', 'unspecified', 'FY 2016', 3_450_000_000, null, 'updated']);
    expect(got.find((g) => g[0] === 'comparable_sales')?.slice(0, 5)).toEqual([
      'comparable_sales',
      'unspecified',
      'FY 2016',
      1,
      null,
    ]);
    expect(r.guidance.find((g) => g.metric === 'revenue')?.currency).toBe('DKK');
    set.evidenceHolds(name, r);
  });

  it('"Outlook for 2022-2023": the fiscal year ending in 2023, not the reported FY 2022 (Elior)', () => {
    const r = set.parse('ELIOR_2022-11-23_FY2022-23-outlook_seekingalpha_transcribed.txt');
    expect(r.guidance.map((g) => `${g.target_fiscal_period} ${g.target_fiscal_year}`)).not.toContain(
      'FY 2022',
    );
    expect(r.guidance.map((g) => `${g.target_fiscal_period} ${g.target_fiscal_year}`)).toContain('FY 2023');
  });

  it('"raised its reported sales growth outlook to about 6 percent", "continues to project fiscal 2018 reported sales of about $6.7 billion": GAAP, reaffirmed (Rockwell 2018)', () => {
    const name = 'ROK_2018-07-25_raises-FY18-outlook_dpa-afx_transcribed.txt';
    const r = set.parse(name);
    expect(rows(r)).toEqual([
      ['eps_diluted', 'non_gaap', 'FY 2018', 7.9, 8.1, 'raised'],
      ['revenue_growth', 'gaap', 'FY 2018', 6, null, 'raised'],
      ['organic_revenue_growth', 'unspecified', 'FY 2018', 5.5, null, 'raised'],
      ['revenue', 'gaap', 'FY 2018', 6_700_000_000, null, 'reaffirmed'],
    ]);
    set.evidenceHolds(name, r);
  });

  it('"increased full year organic revenue growth expectations to approximately 7 percent": a raised FY 2018 target (IDEX 2018)', () => {
    const name = 'IEX_2018-07-24_raises-FY-guidance_dpa-afx_transcribed.txt';
    const r = set.parse(name);
    expect(rows(r)).toEqual([
      ['eps_diluted', 'non_gaap', 'FY 2018', 5.27, 5.35, 'raised'],
      ['organic_revenue_growth', 'unspecified', 'FY 2018', 7, null, 'raised'],
      ['eps_diluted', 'unspecified', 'Q3 2018', 1.29, 1.32, null],
      ['organic_revenue_growth', 'unspecified', 'Q3 2018', 6, 7, null],
    ]);
    set.evidenceHolds(name, r);
  });

  it('"Previously, the company expected adjusted earnings in a range of $6.05 to $6.65 per share ...": earlier targets, no rows (Tennant 2024)', () => {
    const name = 'TNC_2024_boosts-FY24-outlook_nasdaq-rttnews_transcribed.txt';
    const r = set.parse(name);
    // (Earnings-release/17: the lead "raised its earnings, adjusted earnings, net sales and organic net sales growth for
    // the full-year 2024" words "raised" for each metric it names.)
    expect(rows(r)).toEqual([
      ['eps_diluted', 'non_gaap', 'FY 2024', 6.15, 6.55, 'raised'],
      ['revenue', 'unspecified', 'FY 2024', 1_280_000_000, 1_305_000_000, 'raised'],
      ['organic_revenue_growth', 'unspecified', 'FY 2024', 2.5, 4.5, 'raised'],
    ]);
    set.evidenceHolds(name, r);
  });
});

// Earnings-release/16 (h-guid14, docs/earnings.md "Guidance set 7: estimates, bases and implied per-share ranges").
describe('guidance held-out set 7: analysts’ estimates, growth bases and "equates to" per-share ranges', () => {
  const PG = 'PG_2024-01_boosts-FY24-core-EPS-outlook_marketnewsdata_transcribed.txt';
  const FITB = 'FITB_2018-07-19_trims-FY-NII-NIM-outlook_seekingalpha_transcribed.txt';

  it('"The Street expects ... earnings of $6.41 per share", "Jefferies analyst ..., who calculates Q3 EPS estimate of about 62 cents": no guidance (P&G, Fifth Third)', () => {
    expect(rows(set.parse(PG)).filter((g) => g[3] === 6.41 || g[3] === 3.4)).toEqual([]);
    expect(rows(set.parse(FITB)).filter((g) => g[0] === 'eps_diluted')).toEqual([]);
  });

  it('"earnings per share to be between a decline of 1 percent and flat", "core net earnings per share growth to a range of 8 to 9 percent": EPS growth, no EPS row in percent (P&G)', () => {
    expect(set.parse(PG).guidance.filter((g) => g.metric === 'eps_diluted' && g.unit === 'percent')).toEqual(
      [],
    );
  });

  it('"from the base fiscal 2023 earnings of $5.90 per share": the base, no FY 2023 target (P&G)', () => {
    const got = rows(set.parse(PG));
    expect(got.filter((g) => g[3] === 5.9 || g[2] === 'FY 2023')).toEqual([]);
  });

  it('"adjusted free cash flow productivity of 90%": a ratio, not free cash flow (P&G)', () => {
    expect(rows(set.parse(PG)).filter((g) => g[0] === 'free_cash_flow')).toEqual([]);
  });

  it('"This equates to a range of $5.31 to $5.90 per share", "This outlook equates to a range of $6.37 to $6.43 per share": FY 2024 EPS, the second core (non-GAAP) and raised (P&G)', () => {
    const r = set.parse(PG);
    const got = rows(r);
    expect(got).toContainEqual(['eps_diluted', 'unspecified', 'FY 2024', 5.31, 5.9, null]);
    expect(got).toContainEqual(['eps_diluted', 'non_gaap', 'FY 2024', 6.37, 6.43, 'raised']);
    set.evidenceHolds(PG, r);
  });

  it('"Outlook for 2022-2023 is as follows: At least 8% organic revenue growth; Adjusted EBITA margin of 1.5-2.0%": a floor of 8%, the margin is not the growth (Elior)', () => {
    const name = 'ELIOR_2022-11-23_FY2022-23-outlook_seekingalpha_transcribed.txt';
    const r = set.parse(name);
    expect(rows(r)).toEqual([['organic_revenue_growth', 'unspecified', 'FY 2023', 8, null, null]]);
    set.evidenceHolds(name, r);
  });
});

// Earnings-release/17 (h-guid15, docs/earnings.md "Guidance held-out set 8 and set 7's leftovers"): set 7's leftovers.
describe('guidance held-out set 7 leftovers: date lines, "Sees" lines, growth and level in one clause', () => {
  it('"Sees full-year net interest margin at 3.20%-3.22%; had seen 3.22%-3.24%" and the " date 2018-07-19" line: FY 2018 targets, lowered, no reported Q3 (Fifth Third)', () => {
    const name = 'FITB_2018-07-19_trims-FY-NII-NIM-outlook_seekingalpha_transcribed.txt';
    const r = set.parse(name);
    expect(r.figures).toEqual([]);
    expect(rows(r)).toEqual([
      ['net_interest_income', 'unspecified', 'FY 2018', 4_120_000_000, null, 'lowered'],
      ['net_interest_margin', 'unspecified', 'FY 2018', 3.2, 3.22, 'lowered'],
      ['net_interest_income', 'unspecified', 'Q3 2018', 1_040_000_000, null, null],
    ]);
    set.evidenceHolds(name, r);
  });

  it('"to increase 35% to 36% from fiscal 2020 to a range of $27.4 billion to $27.6 billion": growth and level; "its fourth quarter ..." is Q4 2021; the title\'s "Fourth Quarter and Fiscal Year 2021" words updated for both (D.R. Horton)', () => {
    const name = 'DHI_2021-09-20_updates-Q4-FY21-guidance_bizwire_transcribed.txt';
    const r = set.parse(name);
    expect(rows(r)).toEqual([
      ['revenue', 'unspecified', 'Q4 2021', 7_700_000_000, 7_900_000_000, 'updated'],
      ['revenue', 'unspecified', 'FY 2021', 27_400_000_000, 27_600_000_000, 'updated'],
      ['revenue_growth', 'unspecified', 'FY 2021', 35, 36, 'updated'],
      ['gross_margin', 'unspecified', 'Q4 2021', 26.5, 26.8, 'updated'],
    ]);
    set.evidenceHolds(name, r);
  });

  it('"* Adjusts expectations for 2015/16" words updated for every FY 2016 target (Matas)', () => {
    const got = rows(set.parse('MATAS_2015-10-08_adjusts-FY2015-16-outlook_reuters_transcribed.txt'));
    expect(got).toContainEqual(['comparable_sales', 'unspecified', 'FY 2016', 1, null, 'updated']);
  });

  it('"FY GAAP EPS of -€2.48", "Revenue of €4.45B" (Elior); "adjusted EPS was $1.40" (IDEX): reported figures', () => {
    const elior = set.parse('ELIOR_2022-11-23_FY2022-23-outlook_seekingalpha_transcribed.txt');
    expect(set.value(elior, 'FY', 'eps', 'gaap')).toBe(-2.48);
    expect(set.value(elior, 'FY', 'revenue', 'gaap')).toBe(4_450_000_000);
    // ("Resumption of dividend payments for fiscal year 2023-2024": a split year, not fiscal 2023.)
    expect([elior.release.fiscal_period, elior.release.fiscal_year]).toEqual(['FY', 2022]);
    const idex = set.parse('IEX_2018-07-24_raises-FY-guidance_dpa-afx_transcribed.txt');
    expect(set.value(idex, 'Q2', 'eps', 'non_gaap')).toBe(1.4);
  });
});

// Guidance held-out set 8 (docs/earnings.md "Guidance held-out set 8 and set 7's leftovers"): the hand-read labels of
// labels-guidance-8.tsv, real outlook texts transcribed from the page store (guidance-held-out-8/MANIFEST.tsv).
describe('guidance held-out set 8 ("plus or minus", "respectively", pounds, rupees, A$, loss ranges)', () => {
  const set8 = heldOutSet('guidance-held-out-8');

  it('"$37.5B, plus or minus 2%", "73.0% and 73.5%, respectively, plus or minus 50 basis points", "tax rates ... 16.5%, plus or minus 1%": ranges per basis, Q4 of the date line\'s year (NVIDIA)', () => {
    const name = 'NVDA_2024-11-20_sees-Q4-revenue-plus-or-minus_nasdaq_transcribed.txt';
    const r = set8.parse(name);
    expect(rows(r)).toEqual([
      ['revenue', 'unspecified', 'Q4 2024', 36_750_000_000, 38_250_000_000, null],
      ['gross_margin', 'gaap', 'Q4 2024', 72.5, 73.5, null],
      ['gross_margin', 'non_gaap', 'Q4 2024', 73, 74, null],
      ['operating_expenses', 'gaap', 'Q4 2024', 4_800_000_000, null, null],
      ['operating_expenses', 'non_gaap', 'Q4 2024', 3_400_000_000, null, null],
      ['tax_rate', 'gaap', 'Q4 2024', 15.5, 17.5, null],
      ['tax_rate', 'non_gaap', 'Q4 2024', 15.5, 17.5, null],
    ]);
    set8.evidenceHolds(name, r);
  });

  it('"lifted its full-year underlying operating profit outlook to 1.2 billion-1.4 billion pounds": non-GAAP, in pounds; the half year\'s range is no target (Rolls-Royce)', () => {
    const r = set8.parse('RR_2023-07-26_raises-FY-outlook-H1-update_dpa-afx_transcribed.txt');
    expect(r.release.currency).toBe('GBP');
    expect(rows(r)).toEqual([
      ['operating_income', 'non_gaap', 'FY 2023', 1_200_000_000, 1_400_000_000, 'raised'],
    ]);
  });

  it('"underlying net profit after tax to be between A$200 million ($138.48 million) and A$280 million", "narrowed the top range of its full-year earnings" (AGL Energy)', () => {
    const r = set8.parse('AGL_2023-02-08_narrows-FY23-NPAT-guidance_nasdaq-reuters_transcribed.txt');
    expect(rows(r)).toEqual([['net_income', 'non_gaap', 'FY 2023', 200_000_000, 280_000_000, 'narrowed']]);
  });

  it('"the underlying operating loss for the full year is set to be in the range of £57m-61m" after "the first half o 2020": FY 2020, below zero (SIG)', () => {
    const r = set8.parse('SIG_FY2020-trading-update_theconstructionindex_transcribed.txt');
    expect(rows(r)).toEqual([['operating_income', 'non_gaap', 'FY 2020', -61_000_000, -57_000_000, null]]);
  });

  it('"8.5-10 per cent in constant currency": no revenue growth row; "21 -23 per cent" maintained (Infosys)', () => {
    const r = set8.parse('INFY_2019-07-12_Q1-FY20-raises-revenue-guidance_ndtv_transcribed.txt');
    expect(rows(r)).toEqual([['operating_margin', 'unspecified', 'FY 2020', 21, 23, 'reaffirmed']]);
  });

  it('"in the range of 2.09 billion to 2.13 billion dollars in the March quarter" after "the third quarter ended December 2019": Q4 2020 (Wipro)', () => {
    const r = set8.parse('WIT_2020-01-14_Q3-FY20-March-quarter-outlook_aninews_transcribed.txt');
    expect(rows(r)).toEqual([['revenue', 'unspecified', 'Q4 2020', 2_090_000_000, 2_130_000_000, null]]);
  });
});
