import { describe, expect, it } from 'vitest';
import { heldOutSet } from './held-out-set.ts';

/**
 * Held-out set 12 (fixtures/earnings/held-out-12/MANIFEST.tsv: page-store texts of two airlines, a retailer's 53-week
 * year, a software results summary, a Japanese quarterly summary) and the format rules its first read showed missing.
 * Every expected value was read by hand from the file (labels-heldout-12.tsv and periods.tsv, committed in 835bcde
 * before the parser first ran on the set); each case fails on the parser of main (the first read, 13/39).
 */
const set12 = heldOutSet('held-out-12');

describe('earnings release parser: held-out set 12 formats', () => {
  it('Alaska Air: quarter and full-year pairs in one sentence; the outlook quarter "ending March 31, 2023" is not the period', () => {
    const name = 'ALK_2023-01_Q4_release_excerpt.txt';
    const r = set12.parse(name);
    // "reported financial results for the fourth quarter and full year ended Dec. 31, 2022, and provided an outlook
    // for the first quarter ending March 31, 2023"
    expect(r.release).toMatchObject({ fiscal_period: 'Q4', fiscal_year: 2022, period_end: '2022-12-31' });
    // "net income for the fourth quarter and full year 2022 under ... (GAAP) of $22 million, or $0.17per diluted share,
    // and $58 million, or $0.45 per diluted share"
    expect(set12.value(r, 'Q4', 'net_income', 'gaap')).toBe(22_000_000);
    expect(set12.value(r, 'Q4', 'eps_diluted', 'gaap')).toBe(0.17);
    expect(set12.value(r, 'FY', 'net_income', 'gaap')).toBe(58_000_000);
    expect(set12.value(r, 'FY', 'eps_diluted', 'gaap')).toBe(0.45);
    // "..., excluding special items and mark-to-market fuel hedge accounting adjustments, of $118 million, or $0.92 per
    // diluted share, and $556 million, or $4.35 per diluted share"
    expect(set12.value(r, 'Q4', 'net_income', 'non_gaap')).toBe(118_000_000);
    expect(set12.value(r, 'FY', 'eps_diluted', 'non_gaap')).toBe(4.35);
    set12.evidenceHolds(name, r);
  });

  it('Progress: summary bullets run together, each ending on "[n]"; results "exceeding the high end of guidance"; "is guided to be"', () => {
    const name = 'PRGS_2024-Q1_presentation-summary_excerpt.txt';
    const r = set12.parse(name);
    // "Financial Performance - Q1 2024 - Revenue reached $185 million, ..., exceeding the high end of guidance[6]"
    expect(r.release).toMatchObject({ fiscal_period: 'Q1', fiscal_year: 2024 });
    expect(set12.value(r, 'Q1', 'revenue', 'gaap')).toBe(185_000_000);
    // "Non-GAAP earnings per share (Diluted) stood at $1.25[6]"
    expect(set12.value(r, 'Q1', 'eps_diluted', 'non_gaap')).toBe(1.25);
    expect(r.measures.find((m) => m.measure === 'arr')?.value).toBe(571_000_000);
    expect(r.measures.find((m) => m.measure === 'operating_margin')?.value).toBe(42);
    // Four ranges: FY24 revenue, FY24 EPS (raised: "an increase from the previous guidance"), Q2 2024 revenue and EPS.
    const g = r.guidance.map((x) => [x.target_fiscal_period, x.metric, x.low, x.high, x.status]);
    expect(g).toHaveLength(4);
    expect(g).toContainEqual(['Q2', 'revenue', 166_000_000, 170_000_000, null]);
    expect(g).toContainEqual(['Q2', 'eps_diluted', 0.93, 0.97, null]);
    expect(g).toContainEqual(['FY', 'eps_diluted', 4.65, 4.75, 'raised']);
    set12.evidenceHolds(name, r);
  });

  it('Tocalo: a tanshin summary in millions of yen, items across ("Net sales", "Operating profit", ...) and periods down', () => {
    const name = 'TOCALO_2021-07-30_Q1_summary_excerpt.txt';
    const r = set12.parse(name);
    // "Consolidated Financial Results for the Three Months Ended June 30, 2021"
    expect(r.release).toMatchObject({ fiscal_period: 'Q1', period_end: '2021-06-30', currency: 'JPY' });
    // "Million yen" over "June 30, 2021 / 10,736 / 7.9 / 2,759 / 21.6 / 2,839 / 24.7 / 1,865 / 27.2"
    expect(set12.value(r, 'Q1', 'revenue', 'gaap')).toBe(10_736_000_000);
    expect(set12.value(r, 'Q1', 'operating_income', 'gaap')).toBe(2_759_000_000);
    expect(set12.value(r, 'Q1', 'net_income', 'gaap')).toBe(1_865_000_000);
    // "Basic / Diluted / earnings per share / earnings per share / ... / June 30, 2021 / 30.69 / -"
    expect(set12.value(r, 'Q1', 'eps_basic', 'gaap')).toBe(30.69);
    expect(set12.value(r, 'Q1', 'eps_diluted', 'gaap')).toBeUndefined();
    set12.evidenceHolds(name, r);
  });

  it('Hibbett: gross profit "improved to 36.1 percent of net sales" for the 14-week quarter and the 53-week year', () => {
    const name = 'HIBB_2013-02_Q4_trade-press_excerpt.txt';
    const r = set12.parse(name);
    const margins = r.measures
      .filter((m) => m.measure === 'gross_margin')
      .map((m) => [m.fiscal_period, m.value]);
    expect(margins).toContainEqual(['Q4', 36.1]);
    expect(margins).toContainEqual(['FY', 36.5]);
    set12.evidenceHolds(name, r);
  });
});
