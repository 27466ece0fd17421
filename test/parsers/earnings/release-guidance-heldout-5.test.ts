import { describe, expect, it } from 'vitest';
import { heldOutSet, guidanceRows as rows } from './held-out-set.ts';

// Guidance held-out set 5 (docs/earnings.md "Guidance held-out set 5"): real outlook texts transcribed from the page
// store (MANIFEST.tsv); every value below is the hand-read label (labels-guidance-5.tsv), written and committed before
// any parser ran on the file.
const set = heldOutSet('guidance-held-out-5');

describe('guidance held-out set 5', () => {
  it('"Diluted earnings (loss) per share - low / - high" rows are EPS, GAAP and non-GAAP columns (business outlook table)', () => {
    const got = rows(set.parse('EDACAFE-1854417_business-outlook-Q-ending-2021-10-02_transcribed.txt'));
    expect(got).toContainEqual(['eps_diluted', 'gaap', 'Q3 2021', -0.56, -0.46, null]);
    expect(got).toContainEqual(['eps_diluted', 'non_gaap', 'Q3 2021', 0.1, 0.2, null]);
    expect(got.some((g) => g[0] === 'net_income')).toBe(false);
  });

  it("analysts' expectations are no guidance (Garmin 2021, TreeHouse 2023)", () => {
    // "On average, 10 analysts polled by Thomson Reuters expect the company to post earnings of $5.43 per share on
    // revenues of $4.71 billion in the year ahead."
    const grmn = rows(set.parse('GRMN_2021-07_raises-FY21-outlook_dpa-afx_transcribed.txt'));
    expect(grmn.some((g) => g[3] === 5.43 || g[3] === 4_710_000_000)).toBe(false);
    expect(grmn).toContainEqual(['eps_diluted', 'non_gaap', 'FY 2021', 5.5, null, 'raised']);
    // "Analysts expect revenues of $3.7 billion for the year."
    const ths = rows(set.parse('THS_2023-06-13_outlook_nasdaq-rttnews_transcribed.txt'));
    expect(ths.some((g) => g[3] === 3_700_000_000 || g[3] === 828_510_000)).toBe(false);
  });

  it('"approximately 22% to 23%" is the range, not the point 22 (Chart Industries 2019)', () => {
    const got = rows(set.parse('GTLS_8-K_2019_EX-99_reiterating-2019_capedge_transcribed.txt'));
    expect(got).toContainEqual(['tax_rate', 'unspecified', 'FY 2019', 22, 23, 'reaffirmed']);
  });

  it('a table whose first row names the guidance ("Q2 FY15 Guidance Metrics") under a lead naming the period; "Revenue (in millions)" scales its row', () => {
    const got = rows(set.parse('MCADCAFE-1279094_Q2-FY15-and-FY15-guidance-metrics_transcribed.txt'));
    expect(got).toContainEqual(['revenue', 'unspecified', 'Q2 2015', 595_000_000, 610_000_000, null]);
    expect(got).toContainEqual(['eps_diluted', 'gaap', 'Q2 2015', 0.05, 0.1, null]);
    expect(got).toContainEqual(['eps_diluted', 'non_gaap', 'Q2 2015', 0.25, 0.3, null]);
    expect(got).toContainEqual(['revenue_growth', 'unspecified', 'FY 2015', 4, 6, null]);
    expect(got).toContainEqual(['operating_margin', 'gaap', 'FY 2015', 3, 5, null]);
    expect(got).toContainEqual(['operating_margin', 'non_gaap', 'FY 2015', 14, 16, null]);
  });

  it('"Raises FY23 Revenue Guidance From $1.240-$1.265B To $1.255B-$1.280B": the range after "To", B = billions (Casella 2023)', () => {
    const got = rows(set.parse('CWST_2023-11-01_FY23-outlook_benzinga_transcribed.txt'));
    const revenue = got.filter((g) => g[0] === 'revenue');
    expect(revenue).toEqual([['revenue', 'unspecified', 'FY 2023', 1_255_000_000, 1_280_000_000, 'raised']]);
  });

  it('a wire copy one sentence per paragraph: a sentence naming no period continues the last guidance sentence (TreeHouse 2023)', () => {
    const got = rows(set.parse('THS_2023-06-13_outlook_nasdaq-rttnews_transcribed.txt'));
    // "For the second quarter of 2023, TreeHouse continues to anticipate revenues ..." / "Adjusted EBITDA is still
    // expected in a range of $65 million to $80 million."
    expect(got.find((g) => g[0] === 'ebitda' && g[2] === 'Q2 2023')?.slice(3, 5)).toEqual([
      65_000_000, 80_000_000,
    ]);
    // "... for fiscal 2023, the company continues to project revenues ..." / "Adjusted EBITDA is now expected between
    // $355 million and $370 million"
    expect(got.find((g) => g[0] === 'ebitda' && g[2] === 'FY 2023')?.slice(3, 5)).toEqual([
      355_000_000, 370_000_000,
    ]);
    // "annual growth targets for 2024 through 2027" names other years: no FY 2023 row from it.
    expect(got.some((g) => g[3] === 8 || g[3] === 3)).toBe(false);
  });

  it('a midpoint +/- outlook table one cell per line ("Net sales |", "$ |", "200.0 |", "+/- |", "$ |", "5.0 |")', () => {
    const name = 'AECCAFE-2063132_Q1-FY2025-outlook-plus-minus_transcribed.txt';
    const r = set.parse(name);
    const got = rows(r);
    expect(got).toContainEqual(['revenue', 'unspecified', 'Q1 2025', 195_000_000, 205_000_000, null]);
    // under "Non-GAAP Financial Measures": "Gross margin | 49.5 | % | +/- | 100 bps"
    expect(got).toContainEqual(['gross_margin', 'non_gaap', 'Q1 2025', 48.5, 50.5, null]);
    // "Operating costs and expenses, net | $ | 78.5 | +/- | $ | 1.5"
    expect(got).toContainEqual(['operating_expenses', 'non_gaap', 'Q1 2025', 77_000_000, 80_000_000, null]);
    expect(got).toContainEqual(['eps_diluted', 'non_gaap', 'Q1 2025', -0.04, 0.04, null]);
    expect(got).toContainEqual(['ebitda', 'non_gaap', 'Q1 2025', 24_800_000, 30_800_000, null]);
    expect(got).toHaveLength(9);
    set.evidenceHolds(name, r);
  });

  it('a percent of revenue is a ratio, and "revenue" after "% of" no target name (Wix 2024)', () => {
    const got = rows(set.parse('WIX_2024-outlook-raised_moomoo_transcribed.txt'));
    // "non-GAAP operating expenses to be approximately 49% of revenue for the full year, down from approximately 50%"
    expect(got.some((g) => g[0] === 'operating_expenses' || g[3] === 50 || g[3] === 460_000_000)).toBe(false);
    // "free cash flow, excluding headquarters costs, of $483 - $488 million, or 27-28% of revenue, in 2024, up from
    // $460 - $470 million"
    expect(got).toContainEqual(['free_cash_flow', 'non_gaap', 'FY 2024', 483_000_000, 488_000_000, 'raised']);
  });

  it('"around $4.9 billion, up from $4.6 billion as per earlier estimates" is raised (Garmin 2021)', () => {
    const got = rows(set.parse('GRMN_2021-07_raises-FY21-outlook_dpa-afx_transcribed.txt'));
    expect(got).toContainEqual(['revenue', 'unspecified', 'FY 2021', 4_900_000_000, null, 'raised']);
  });
});
