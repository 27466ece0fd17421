import { describe, expect, it } from 'vitest';
import { heldOutSet } from './held-out-set.ts';

/**
 * Held-out set 13 (fixtures/earnings/held-out-13/MANIFEST.tsv: page-store texts in KRW, TWD and SEK, trillion won,
 * Taiwan cents, a Swedish interim report with its nine months first, a release's "Excluding ..." sentence) and the
 * format rules its first read showed missing. Every expected value was read by hand from the file
 * (labels-heldout-13.tsv, periods.tsv and currency.tsv, committed in 31a7793 before the parser first ran on the set);
 * each case fails on the parser of main 51ea9c7 (the first read, 11/33).
 */
const set13 = heldOutSet('held-out-13');

describe('earnings release parser: held-out set 13 formats', () => {
  it('Gravity: a Korean 6-K in "KRW 44,201 million (US$ 39,829 thousand)": the won amount, not its translation', () => {
    const name = 'GRVY_6-K_2018-10-31_release_excerpt.txt';
    const r = set13.parse(name);
    expect(r.release).toMatchObject({ fiscal_period: 'Q3', fiscal_year: 2018, currency: 'KRW' });
    expect(set13.value(r, 'Q3', 'revenue', 'gaap')).toBe(44_201_000_000);
    expect(set13.value(r, 'Q3', 'operating_income', 'gaap')).toBe(7_084_000_000);
    // "Net profit attributable to parent company was KRW 6,312 million (US$ 5,687 thousand)"
    expect(set13.value(r, 'Q3', 'net_income', 'gaap')).toBe(6_312_000_000);
    set13.evidenceHolds(name, r);
  });

  it('KB Financial: "1.46 trillion won (US$1.2 billion)", a quarter "of this year" in a text dated 2022-04-22', () => {
    const name = 'KBFG_2022-04-22_yonhap_excerpt.txt';
    const r = set13.parse(name);
    expect(r.release).toMatchObject({
      fiscal_period: 'Q1',
      fiscal_year: 2022,
      period_end: null,
      currency: 'KRW',
    });
    const net = r.figures.find((f) => f.metric === 'net_income');
    expect(net).toMatchObject({ value: 1_460_000_000_000, scale: 'trillions', basis: 'gaap' });
    // "Operating income amounted to 1.9 trillion won, ..., with revenue swelling 17.5 percent to 20.7 trillion won."
    expect(set13.value(r, 'Q1', 'operating_income', 'gaap')).toBe(1_900_000_000_000);
    expect(set13.value(r, 'Q1', 'revenue', 'gaap')).toBe(20_700_000_000_000);
    set13.evidenceHolds(name, r);
  });

  it('TSMC: NT$ amounts with "$" translations, whole full units; a US$ next-quarter range in a NT$ wire summary', () => {
    const q3 = set13.parse('TSM_2018-10-18_release_excerpt.txt');
    expect(q3.release.currency).toBe('TWD');
    // "consolidated revenue of NT$260.35 billion" (not 260350000000.00003); "In US dollars, ... $8.49 billion" is not it
    expect(set13.value(q3, 'Q3', 'revenue', 'gaap')).toBe(260_350_000_000);
    // "Gross margin for the quarter was 47.4%"
    expect(q3.measures.find((m) => m.measure === 'gross_margin')?.value).toBe(47.4);
    const q1 = set13.parse('TSM_2021-04-15_rttnews_excerpt.txt');
    expect(q1.release).toMatchObject({ fiscal_period: 'Q1', fiscal_year: 2021, currency: 'TWD' });
    expect(set13.value(q1, 'Q1', 'net_income', 'gaap')).toBe(139_690_000_000);
    // "For the second quarter, the company expects revenue to be between $12.9 billion and $13.2 billion."
    expect(q1.guidance).toHaveLength(1);
    expect(q1.guidance[0]).toMatchObject({
      target_fiscal_period: 'Q2',
      target_fiscal_year: 2021,
      low: 12_900_000_000,
      high: 13_200_000_000,
      currency: 'USD',
    });
    set13.evidenceHolds('TSM_2021-04-15_rttnews_excerpt.txt', q1);
  });

  it('SCA: an interim report "1 January – 30 September 2006" whose nine months come first, then the third quarter', () => {
    const name = 'SCA_2006-10_Q3_interim-report_excerpt.txt';
    const r = set13.parse(name);
    expect(r.release).toMatchObject({
      fiscal_period: 'Q3',
      fiscal_year: 2006,
      period_end: '2006-09-30',
      currency: 'SEK',
    });
    // Under "Third quarter of 2006 compared with second quarter of 2006": "Net sales amounted to SEK 25,095m (25,294)."
    // (the nine months' SEK 75,789m is not the quarter's)
    expect(set13.value(r, 'Q3', 'revenue', 'gaap')).toBe(25_095_000_000);
    expect(set13.value(r, 'Q3', 'net_income', 'gaap')).toBe(1_526_000_000);
    expect(set13.value(r, 'Q3', 'eps', 'gaap')).toBe(6.51);
    set13.evidenceHolds(name, r);
  });

  it('Mekonomen: "increased by 0.4 per cent ... and amounted to SEK 665.8 M (663.0)", EPS "before dilution"', () => {
    const name = 'MEKO_2007-08-16_Q2_interim-report_excerpt.txt';
    const r = set13.parse(name);
    expect(r.release).toMatchObject({
      fiscal_period: 'Q2',
      fiscal_year: 2007,
      period_end: null,
      currency: 'SEK',
    });
    expect(set13.value(r, 'Q2', 'revenue', 'gaap')).toBe(665_800_000);
    expect(set13.value(r, 'Q2', 'operating_income', 'gaap')).toBe(75_900_000);
    expect(set13.value(r, 'Q2', 'net_income', 'gaap')).toBe(52_200_000);
    // "Earnings per share before dilution ... amounted to SEK 1.62 M (0.64)": SEK 1.62 a share, the "M" a slip
    expect(set13.value(r, 'Q2', 'eps_basic', 'gaap')).toBe(1.62);
    expect(r.measures.find((m) => m.measure === 'operating_margin')?.value).toBe(11.4);
    set13.evidenceHolds(name, r);
  });

  it('Wisher: "34 Taiwan cents per share" after a normalized net income; a revenue "declined 10.0% on an annual basis to"', () => {
    const name = 'WISHER_spglobal_Q3_news_excerpt.txt';
    const r = set13.parse(name);
    expect(r.release.currency).toBe('TWD');
    expect(set13.value(r, 'Q3', 'eps', 'non_gaap')).toBe(0.34);
    expect(set13.value(r, 'Q3', 'eps', 'gaap')).toBe(0.5);
    expect(set13.value(r, 'Q3', 'revenue', 'gaap')).toBe(625_900_000);
    set13.evidenceHolds(name, r);
  });

  it('Sonic: a sentence that opens with "Excluding ..." states the non-GAAP per-share figure', () => {
    const name = 'SONC_2013-03_FQ2_thestreet_excerpt.txt';
    const r = set13.parse(name);
    expect(set13.value(r, 'Q2', 'eps_diluted', 'gaap')).toBe(0.06);
    // "Excluding a $0.9 million tax benefit ..., net income per diluted share was $0.05 for the second quarter"
    expect(set13.value(r, 'Q2', 'eps_diluted', 'non_gaap')).toBe(0.05);
    set13.evidenceHolds(name, r);
  });
});
