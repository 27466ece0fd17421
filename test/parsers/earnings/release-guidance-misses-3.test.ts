import { describe, expect, it } from 'vitest';
import { heldOutSet, guidanceRows as rows } from './held-out-set.ts';

// Guidance held-out sets (docs/earnings.md "Guidance misses of sets 1-3 and Crown Castle's tables"): the values below are
// the hand-read labels (labels-guidance*.tsv) of real outlook texts (MANIFEST.tsv of each folder).
const set1 = heldOutSet('guidance-held-out');
const set2 = heldOutSet('guidance-held-out-2');
const set3 = heldOutSet('guidance-held-out-3');
const set5 = heldOutSet('guidance-held-out-5');
const crownCastle = 'CCI_8-K_2007_EX-99.1_outlook-tables_transcribed.txt';

describe('outlook tables printed one value per row under a period line (Crown Castle 2007, guidance set 5)', () => {
  it('"Full Year 2007" over "Site rental revenue" / "$1,265 to $1,280": every row a range, so an outlook with no outlook word', () => {
    const r = set5.parse(crownCastle);
    const got = rows(r);
    expect(got).toContainEqual([
      'segment_revenue',
      'unspecified',
      'FY 2007',
      1_265_000_000,
      1_280_000_000,
      null,
    ]);
    expect(got).toContainEqual(['ebitda', 'non_gaap', 'FY 2007', 735_000_000, 750_000_000, null]);
    expect(got).toContainEqual([
      'interest_expense',
      'unspecified',
      'FY 2007',
      348_000_000,
      353_000_000,
      null,
    ]);
    // "Net loss per share* | $(0.81) to $(0.44)": EPS, negative by its parentheses.
    expect(got).toContainEqual(['eps_diluted', 'unspecified', 'FY 2007', -0.81, -0.44, null]);
    set5.evidenceHolds(crownCastle, r);
  });

  it('"Net income (loss)" / "$(210)" / "to" / "$(104)": a range whose "to" is a line of its own', () => {
    const got = rows(set5.parse(crownCastle));
    expect(got).toContainEqual(['net_income', 'unspecified', 'FY 2007', -210_000_000, -104_000_000, null]);
  });

  it('no row for the gross margin in dollars, sustaining capex or the loss after preferred dividends', () => {
    const got = rows(set5.parse(crownCastle));
    expect(got.filter((g) => g[0] === 'gross_margin')).toEqual([]);
    expect(got.filter((g) => g[0] === 'capex')).toEqual([]);
    expect(got.filter((g) => g[0] === 'revenue')).toEqual([]);
    expect(got).toHaveLength(5);
  });
});

describe('targets each set for its own year (CompuGroup Medical 2021, guidance set 2)', () => {
  const name = 'CGM_2021_DGAP-News_transcribed.txt';
  it('"aims to increase the adjusted EBITDA margin to approximately 25 % in 2023 and to approximately 27 % in 2025": two targets, initiated ("targets ... for the first time")', () => {
    const r = set2.parse(name);
    const got = rows(r);
    expect(got).toContainEqual(['ebitda_margin', 'non_gaap', 'FY 2023', 25, null, 'initiated']);
    expect(got).toContainEqual(['ebitda_margin', 'non_gaap', 'FY 2025', 27, null, 'initiated']);
    // "the Managing Directors confirm the full year 2021 guidance": the 2021 targets keep their own status.
    expect(got).toContainEqual(['ebitda', 'non_gaap', 'FY 2021', 210_000_000, 230_000_000, 'reaffirmed']);
    expect(got).toHaveLength(4);
    set2.evidenceHolds(name, r);
  });
});

describe('a projected reconciliation table with its period headers wrapped (Altair 2023, guidance set 3)', () => {
  const name = 'ALTR_2023-adj-EBITDA-reconciliation_edacafe_transcribed.txt';
  it('"Three Months Ending" / "June 30, 2023" / "Year Ending" / "December 31, 2023" over Low | High: Q2 and FY 2023 ranges, net loss GAAP', () => {
    const r = set3.parse(name);
    const got = rows(r);
    // "Net loss | $ | (15,800 | ) | $ | (13,900 | ) | ...", "(in thousands)", "to projected net loss, the most comparable
    // GAAP financial measure".
    expect(got).toContainEqual(['net_income', 'gaap', 'Q2 2023', -15_800_000, -13_900_000, null]);
    expect(got).toContainEqual(['net_income', 'gaap', 'FY 2023', -19_700_000, -10_000_000, null]);
    expect(got).toContainEqual(['ebitda', 'non_gaap', 'Q2 2023', 15_000_000, 17_000_000, null]);
    expect(got).toContainEqual(['ebitda', 'non_gaap', 'FY 2023', 120_000_000, 130_000_000, null]);
    // The reconciling items (income tax expense, stock-based compensation, ...) are no targets.
    expect(got).toHaveLength(4);
    set3.evidenceHolds(name, r);
  });
});

describe('a bare "EPS" followed by its change and level (Church & Dwight Q1 2021, guidance set 2)', () => {
  it('"First quarter 2021 EPS decreased 4.3% to $0.88 per share": the GAAP EPS figure 0.88', () => {
    const name = 'CHD_2021-04-29_Q1_readkong_transcribed.txt';
    const r = set2.parse(name);
    expect(set2.value(r, 'Q1', 'eps', 'gaap')).toBe(0.88);
    set2.evidenceHolds(name, r);
  });
});

describe('an annual growth rate up to a year is no one-period target (Ralph Lauren 2022, guidance set 3)', () => {
  it('"an annual revenue growth rate in the mid- to high-single digits through the 2025 fiscal year": no row; the margin floor by Fiscal 2025 stays', () => {
    const name = 'RL_2022-09-19_long-term-targets_seekingalpha_transcribed.txt';
    const r = set3.parse(name);
    const got = rows(r);
    expect(got.filter((g) => g[0] === 'revenue_growth')).toEqual([]);
    expect(got).toContainEqual(['operating_margin', 'unspecified', 'FY 2025', 15, null, null]);
    set3.evidenceHolds(name, r);
  });
});

describe('guidance the subject says it previously provided is the earlier target (Sonoco Q1 2020, guidance set 2)', () => {
  it('"Sonoco previously provided first-quarter 2020 base earnings guidance of $0.83 to $0.89 per diluted share": no Q1 2020 row', () => {
    const name = 'SON_2020-Q1_paperadvance_transcribed.txt';
    const r = set2.parse(name);
    expect(rows(r).filter((g) => g[3] === 0.83)).toEqual([]);
    set2.evidenceHolds(name, r);
  });
});

describe('a table one cell per line whose row names the period and whose lead names the metric (Constellation Brands 2008, guidance set 1)', () => {
  it('"Company updates reported basis diluted earnings per share guidance" over Reported Basis | Comparable Basis, "FY 09 Estimate", "Fiscal Year Ending Feb. 28, 2009", "$" / "0.63 - $0.71"', () => {
    const name = 'STZ_8-K_0001144204-08-067818_EX-99.1_excerpt.txt';
    const r = set1.parse(name);
    const got = rows(r);
    expect(got).toContainEqual(['eps_diluted', 'gaap', 'FY 2009', 0.63, 0.71, 'updated']);
    // The status word names the reported basis: the comparable-basis range has none.
    expect(got).toContainEqual(['eps_diluted', 'non_gaap', 'FY 2009', 1.68, 1.76, null]);
    set1.evidenceHolds(name, r);
  });
});
