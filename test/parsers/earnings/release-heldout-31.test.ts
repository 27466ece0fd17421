import { describe, expect, it } from 'vitest';
import { heldOutSet } from './held-out-set.ts';

/**
 * Held-out set 31 (fixtures/earnings/held-out-31/MANIFEST.tsv: two banks with the quarter and the year to date in one
 * paragraph, a fiscal quarter against the prior quarter, two REITs with FFO, a 6-K filer's RMB release, two worded
 * losses) with the format rules of earnings-release/48. Every expected value was read by hand from the file
 * (labels-heldout-31.tsv, periods.tsv, currency.tsv, committed in f176ccff before the parser first ran on set 31); each
 * case fails on the parser of f176ccff (earnings-release/47: the first read, 18/19, period 7/8) unless it says it guards.
 */
const set31 = heldOutSet('held-out-31');
const set29 = heldOutSet('held-out-29');

describe('earnings release parser: held-out set 31 formats', () => {
  it('Tompkins Financial Q3 2010: "the year-to-date period ended September 30, 2010" ends the third quarter', () => {
    const name = 'TMP_8-K_2010-10-27_Q3-2010_EX-99.1_getfilings_transcribed_excerpt.txt';
    const r = set31.parse(name);
    // The first read gave Q3 2010 with no end date.
    expect(r.release).toMatchObject({ fiscal_period: 'Q3', fiscal_year: 2010, period_end: '2010-09-30' });
    // Guards: the quarter's figures, not the year to date's $24.9 million and $2.30.
    expect(set31.value(r, 'Q3', 'net_income', 'gaap')).toBe(7_500_000);
    expect(set31.value(r, 'Q3', 'eps_diluted', 'gaap')).toBe(0.69);
    set31.evidenceHolds(name, r);
  });

  it('Intevac Q3 2019: "Consolidated gross margin was 33.4%" after the segments\' "TFE gross margin was 28.2%"', () => {
    const name = 'IVAC_8-K_2019-10_Q3-2019_EX-99.1_capedge_transcribed_excerpt.txt';
    const r = set31.parse(name);
    // The first read gave the TFE segment's 28.2.
    expect(r.measures.find((m) => m.measure === 'gross_margin' && m.fiscal_period === 'Q3')?.value).toBe(
      33.4,
    );
    // Guards: "The net loss for the quarter was $480,000, or $0.02 per diluted share"; "Revenues were $26.3 million".
    expect(set31.value(r, 'Q3', 'net_income', 'gaap')).toBe(-480_000);
    expect(set31.value(r, 'Q3', 'eps_diluted', 'gaap')).toBe(-0.02);
    expect(set31.value(r, 'Q3', 'revenue', 'gaap')).toBe(26_300_000);
    set31.evidenceHolds(name, r);
  });

  it('Bodycote H1 2013 (set 29): the prior full year printed left of the labels, "Half year to 30 June 2013 £m" headings', () => {
    const name = 'BOY_2013-07_H1-2013_interim-income-statement_transcribed_excerpt.txt';
    const r = set29.parse(name);
    // The first read (set 29's and every read since) found no period and no figure: not a release.
    expect(r.release).toMatchObject({
      fiscal_period: 'H1',
      fiscal_year: 2013,
      period_end: '2013-06-30',
      currency: 'GBP',
    });
    // "587.8 | | Revenue | 2 | 316.5 | 301.3 |": the year's 587.8 and the note number 2 are neither the half's.
    expect(set29.value(r, 'H1', 'revenue', 'gaap')).toBe(316_500_000);
    expect(set29.value(r, 'H1', 'operating_income', 'gaap')).toBe(50_300_000);
    expect(set29.value(r, 'H1', 'operating_income', 'non_gaap')).toBe(52_400_000);
    // "Attributable to:" / "Equity holders of the parent | | 35.8".
    expect(set29.value(r, 'H1', 'net_income', 'gaap')).toBe(35_800_000);
    // "Earnings per share | 5" (a note number) / "Pence | | | | Pence | Pence |" / "Basic | | 18.9 | 17.3 |".
    expect(set29.value(r, 'H1', 'eps_basic', 'gaap')).toBe(0.189);
    expect(set29.value(r, 'H1', 'eps_diluted', 'gaap')).toBe(0.189);
    expect(r.figures.some((f) => f.value === 5 || f.value === 2)).toBe(false);
    set29.evidenceHolds(name, r);
  });
});
