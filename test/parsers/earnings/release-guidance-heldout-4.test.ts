import { describe, expect, it } from 'vitest';
import { heldOutSet, guidanceRows as rows } from './held-out-set.ts';

// Guidance held-out set 4 (docs/earnings.md "Guidance held-out set 4"): real EX-99.1 releases and a DGAP ad hoc
// transcribed from the page store (MANIFEST.tsv); every value below is the hand-read label (labels-guidance-4.tsv),
// written and committed before any parser ran on the file.
const set = heldOutSet('guidance-held-out-4');

describe('guidance held-out set 4', () => {
  it('a preannouncement in prose: expected values are guidance for "the quarter", never figures (ADTRAN 2014)', () => {
    const name = 'ADTN_8-K_2014-04_EX-99.1_revised-Q1-estimate_transcribed.txt';
    const r = set.parse(name);
    expect(r.figures).toEqual([]);
    expect(r.release.is_earnings_release).toBe(false);
    const got = rows(r);
    // "announced revised revenue and earnings estimates for the first quarter ending March 31, 2014".
    expect(got).toContainEqual(['revenue', 'unspecified', 'Q1 2014', 146_000_000, 147_000_000, 'updated']);
    // "GAAP earnings per share for the quarter, assuming dilution, are expected to range from $0.16 to $0.17."
    expect(got).toContainEqual(['eps_diluted', 'gaap', 'Q1 2014', 0.16, 0.17, 'updated']);
    expect(got).toContainEqual(['eps_diluted', 'non_gaap', 'Q1 2014', 0.2, 0.21, 'updated']);
    expect(got).toContainEqual(['revenue', 'unspecified', 'Q2 2014', 172_000_000, 180_000_000, null]);
    // "revenue for the quarter came in lower than expected, operating income increased approximately 74%": a result.
    expect(got.some((g) => g[0] === 'operating_income')).toBe(false);
    set.evidenceHolds(name, r);
  });

  it('a quarter and the year side by side, the previous outlook for both in a later sentence (Oxford Immunotec 2018)', () => {
    // "The Company's previously communicated revenue outlook was between $25.4 and $26.4 million for the fourth quarter
    // of 2017 and between $103.5 and $104.5 million for the full year 2017": both new ranges are below, lowered.
    const got = rows(set.parse('OXFD_8-K_2018-01-08_EX-99.1_preliminary-revenue_transcribed.txt'));
    expect(got).toEqual([
      ['revenue', 'unspecified', 'Q4 2017', 24_900_000, 25_400_000, 'lowered'],
      ['revenue', 'unspecified', 'FY 2017', 103_000_000, 103_500_000, 'lowered'],
    ]);
  });

  it('"is expected to be a loss of approximately $0.96" is below zero (ADTRAN 2019)', () => {
    const r = set.parse('ADTN_8-K_2019-10-09_EX-99.1_preliminary-Q3_capedge_transcribed.txt');
    expect(r.figures).toEqual([]);
    const got = rows(r);
    expect(got).toContainEqual(['revenue', 'unspecified', 'Q3 2019', 114_000_000, null, null]);
    expect(got).toContainEqual(['eps_diluted', 'unspecified', 'Q3 2019', -0.96, null, null]);
    expect(got).toContainEqual(['eps_diluted', 'non_gaap', 'Q3 2019', -0.06, null, null]);
  });

  it('"between a profit of $0.01 and a loss of ($0.01) on a GAAP basis"; "below the company\'s previous expectations" (Extreme 2006)', () => {
    const got = rows(set.parse('EXTR_8-K_2006-04-06_EX-99.1_preliminary-Q3_transcribed.txt'));
    expect(got).toContainEqual(['revenue', 'unspecified', 'Q3 2006', 84_000_000, 85_000_000, 'lowered']);
    expect(got).toContainEqual(['eps_diluted', 'gaap', 'Q3 2006', -0.01, 0.01, null]);
    expect(got).toContainEqual(['eps_diluted', 'non_gaap', 'Q3 2006', 0, 0.02, null]);
  });

  it('"updated revenue expectations of approximately $27.5 million"; sequential growth is no target (DragonWave 2015)', () => {
    const r = set.parse('DRWI_8-K_2015-09-04_EX-99.1_revenue-update_transcribed.txt');
    expect(r.figures).toEqual([]);
    expect(rows(r)).toEqual([['revenue', 'unspecified', 'Q2 2016', 27_500_000, null, 'updated']]);
  });

  it('pro forma and GAAP ranges, asides in parentheses and commas, "breakeven to $2 million" (Millennial Media 2014)', () => {
    const got = rows(set.parse('MM_8-K_2014-01-27_EX-99.1_preliminary-Q4_getfilings_transcribed.txt'));
    expect(got).toContainEqual(['revenue', 'non_gaap', 'Q4 2013', 106_000_000, 109_000_000, 'raised']);
    expect(got).toContainEqual(['revenue', 'gaap', 'Q4 2013', 93_000_000, 96_000_000, null]);
    expect(got).toContainEqual(['ebitda', 'non_gaap', 'Q4 2013', 5_000_000, 6_000_000, 'raised']);
    // "(based on GAAP revenue and expenses)" names no target: the $5 million to $6 million is EBITDA's.
    expect(got.some((g) => g[0] === 'revenue' && g[3] === 5_000_000)).toBe(false);
  });

  it('a guidance bullet wrapped over two lines, its year before the metric (Columbia Sportswear Q3 2007)', () => {
    const got = rows(set.parse('COLM_8-K_2007-10-25_EX-99.1_Q3-2007_transcribed.txt'));
    expect(got).toContainEqual(['revenue_growth', 'unspecified', 'FY 2007', 5, null, null]);
    expect(got).toContainEqual(['eps_diluted', 'unspecified', 'FY 2007', 3.7, null, null]);
  });

  it('a results table one cell per line, each cell closed by "|" ("Net income (loss) |", "$ |", "5.3 |") (Veeco Q3 2015)', () => {
    const name = 'VECO_8-K_2015-10-28_EX-99.1_Q3-2015_getfilings_transcribed.txt';
    const r = set.parse(name);
    // "U.S. Dollars in millions, except per share data"; GAAP Results, Q3 15 column.
    expect(set.value(r, 'Q3', 'net_income', 'gaap')).toBe(5_300_000);
    expect(set.value(r, 'Q3', 'eps_diluted', 'gaap')).toBe(0.13);
    expect(set.value(r, 'Q3', 'eps_diluted', 'non_gaap')).toBe(0.33);
    set.evidenceHolds(name, r);
  });

  it('a "Non-GAAP Results" heading over a repeated header row makes its unqualified rows non-GAAP (Veeco Q3 2015)', () => {
    const name = 'VECO_8-K_2015-10-28_EX-99.1_Q3-2015_getfilings_transcribed.txt';
    const r = set.parse(name);
    // "Non-GAAP Results | Q3 15 | Q3 14" ... "Net income (loss) | $ | 13.6": U.S. dollars in millions.
    expect(set.value(r, 'Q3', 'net_income', 'non_gaap')).toBe(13_600_000);
    // The same label under "GAAP Results" stays GAAP.
    expect(set.value(r, 'Q3', 'net_income', 'gaap')).toBe(5_300_000);
    set.evidenceHolds(name, r);
  });

  it('"is adjusting its forecast" is updated; the "originally forecast" ranges are no targets (euromicron 2019)', () => {
    const got = rows(set.parse('EUCA_2019-11-05_DGAP-Adhoc_forecast-adjusted_transcribed.txt'));
    expect(got).toEqual([
      ['revenue', 'unspecified', 'FY 2019', 310_000_000, 325_000_000, 'updated'],
      ['ebitda_margin', 'non_gaap', 'FY 2019', 2, 4.5, 'updated'],
    ]);
  });
});
