import { describe, expect, it } from 'vitest';
import { heldOutSet } from './held-out-set.ts';

/**
 * Held-out set 32 (fixtures/earnings/held-out-32/MANIFEST.tsv: shipping foreign private issuers, a table whose thousands
 * are stated only in its caption, an adjusted figure before the GAAP loss, an insurer in cents, a utility's statements
 * with no scale) with the format rules of earnings-release/54. Every expected value was read by hand from the file
 * (labels-heldout-32.tsv, periods.tsv, currency.tsv, committed in fa130612 before the parser first ran on set 32); each
 * case fails on earnings-release/53 (the first read, 25/49, periods 5/8) unless it says it guards.
 */
const set32 = heldOutSet('held-out-32');

describe('earnings release parser: held-out set 32 formats', () => {
  it('Ardmore Shipping Q4 2023: "$0.63 earnings per basic and diluted share"', () => {
    const name = 'ASC_6-K_2024_Q4-2023_EX-99.1_capedgeqa_transcribed_excerpt.txt';
    const r = set32.parse(name);
    // The first read found no Q4 per-share figure.
    expect(set32.value(r, 'Q4', 'eps_basic', 'gaap')).toBe(0.63);
    expect(set32.value(r, 'Q4', 'eps_diluted', 'gaap')).toBe(0.63);
    // Guards: "net income of $26.1 million"; the year's "$2.76 earnings per basic share and $2.71 ... diluted share".
    expect(set32.value(r, 'Q4', 'net_income', 'gaap')).toBe(26_100_000);
    expect(set32.value(r, 'FY', 'eps_diluted', 'gaap')).toBe(2.71);
    set32.evidenceHolds(name, r);
  });

  it('General Maritime Q4 2008: "Excluding ..., net income of $19.3 million or $0.47 basic and $0.45 diluted", then the GAAP loss', () => {
    const name = 'GMR_8-K_2009-02-25_Q4-2008_EX-99.1_capedge_transcribed_excerpt.txt';
    const r = set32.parse(name);
    // The first read gave the adjusted $0.45 as the GAAP diluted EPS and no basic figure.
    expect(set32.value(r, 'Q4', 'eps_basic', 'non_gaap')).toBe(0.47);
    expect(set32.value(r, 'Q4', 'eps_diluted', 'non_gaap')).toBe(0.45);
    expect(set32.value(r, 'Q4', 'eps_basic', 'gaap')).toBe(-0.28);
    expect(set32.value(r, 'Q4', 'eps_diluted', 'gaap')).toBe(-0.28);
    expect(set32.value(r, 'Q4', 'net_income', 'gaap')).toBe(-11_500_000);
    set32.evidenceHolds(name, r);
  });

  it('Performance Shipping Q4 2022: "from continuing and discontinued operations", "basic and diluted, ... $2.31 and $1.18, respectively"', () => {
    const name = 'PSHG_Q4-2022_shippingherald_transcribed_excerpt.txt';
    const r = set32.parse(name);
    // The first read found no Q4 net income or revenue and read "$2.31" as an EPS of no kind.
    expect(set32.value(r, 'Q4', 'net_income', 'gaap')).toBe(23_800_000);
    expect(set32.value(r, 'Q4', 'revenue', 'gaap')).toBe(27_800_000);
    expect(set32.value(r, 'Q4', 'eps_basic', 'gaap')).toBe(2.31);
    expect(set32.value(r, 'Q4', 'eps_diluted', 'gaap')).toBe(1.18);
    expect(set32.value(r, 'FY', 'eps_diluted', 'gaap')).toBe(3.02);
    set32.evidenceHolds(name, r);
  });

  it('Star Bulk Q4 2021: "Voyage Revenues", a header stacked over more lines than are kept, "Twelve months ended" / "December 31, 2021"', () => {
    const name = 'SBLK_Q4-2021_shippingherald_transcribed_excerpt.txt';
    const r = set32.parse(name);
    // The first read found no revenue and no end date.
    expect(r.release).toMatchObject({ fiscal_period: 'Q4', fiscal_year: 2021, period_end: '2021-12-31' });
    expect(set32.value(r, 'Q4', 'revenue', 'gaap')).toBe(499_857_000);
    expect(set32.value(r, 'FY', 'revenue', 'gaap')).toBe(1_427_423_000);
    // Guards: the caption's thousands, "(Expressed in thousands of U.S. dollars, ...)".
    expect(set32.value(r, 'Q4', 'net_income', 'gaap')).toBe(300_151_000);
    expect(set32.value(r, 'Q4', 'eps_diluted', 'gaap')).toBe(2.93);
    set32.evidenceHolds(name, r);
  });

  it('a utility\'s Q3 2017 statements: "Three Months Ended September 30 | 2017 | 2016", no scale stated', () => {
    const name = 'CIK91928_8-K_2017_Q3-2017_EX-99_sec_transcribed_excerpt.txt';
    const r = set32.parse(name);
    // The first read found no period: not a release.
    expect(r.release).toMatchObject({ fiscal_period: 'Q3', fiscal_year: 2017, period_end: '2017-09-30' });
    expect(set32.value(r, 'Q3', 'eps_basic', 'gaap')).toBe(-0.47);
    expect(set32.value(r, 'Q3', 'eps_diluted', 'gaap')).toBe(-0.47);
    // No amount is scaled by a guess: "Net (Loss) Income $ (37,593 )" states no scale.
    expect(r.figures.some((f) => f.metric === 'net_income' || f.metric === 'revenue')).toBe(false);
    set32.evidenceHolds(name, r);
  });

  it('Cincinnati Financial Q1 2014: "Income Statement Data" and "Per Share Data (diluted)" under one header, "Operating income*"', () => {
    const name = 'CINF_8-K_2014_Q1-2014_EX-99.1_sec_transcribed_excerpt.txt';
    const r = set32.parse(name);
    // The first read gave "Operating income*" $77 million as GAAP operating income and no diluted EPS.
    expect(set32.value(r, 'Q1', 'eps_diluted', 'gaap')).toBe(0.55);
    expect(set32.value(r, 'Q1', 'net_income', 'non_gaap')).toBe(77_000_000);
    expect(set32.value(r, 'Q1', 'eps_diluted', 'non_gaap')).toBe(0.46);
    expect(r.figures.some((f) => f.metric === 'operating_income')).toBe(false);
    expect(set32.value(r, 'Q1', 'net_income', 'gaap')).toBe(91_000_000);
    // "(In millions except per share data)" / "Revenue Highlights" / "Total revenues | 1,189": the first read left it
    // of no stated basis.
    expect(set32.value(r, 'Q1', 'revenue', 'gaap')).toBe(1_189_000_000);
    set32.evidenceHolds(name, r);
  });
});
