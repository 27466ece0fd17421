import { describe, expect, it } from 'vitest';
import { heldOutSet } from './held-out-set.ts';

/**
 * Held-out leftovers read by earnings-release/50 (h-earn39). Every expected value was read by hand from the file and
 * is in its set's labels-heldout-N.tsv / currency.tsv (committed long before this change); each case fails on
 * earnings-release/48 (4763a674) unless it says it guards.
 */
const set28 = heldOutSet('held-out-28');
const set17 = heldOutSet('held-out-17');
const set30 = heldOutSet('held-out-30');

describe('earnings release parser: held-out leftovers (earnings-release/50)', () => {
  it('voestalpine Q1 2020/21: "EBIT margin | 4.7% | –2.0%" read in the current quarter\'s column, as "EBIT" is', () => {
    const name = 'VOE_2020-08_Q1-FY2020-21_quarterly-report_the-group_transcribed_excerpt.txt';
    const r = set28.parse(name);
    // earnings-release/48 read no operating margin ("EBIT margin" was no ratio name; the first column is Q1 2019/20).
    const margin = r.measures.find((m) => m.measure === 'operating_margin' && m.fiscal_period === 'Q1');
    expect(margin?.value).toBe(-2);
    // Guards: the figures of that column, "EBIT | 156.7 | –48.7" and "Revenue | 3,336.1 | 2,397.3".
    expect(set28.value(r, 'Q1', 'operating_income', 'gaap')).toBe(-48_700_000);
    expect(set28.value(r, 'Q1', 'revenue', 'gaap')).toBe(2_397_300_000);
    set28.evidenceHolds(name, r);
  });

  it('Lloyds H1 2015: "Net interest income of £5,715 million, ... driven by margin improvement to 2.62 per cent"', () => {
    const name = 'LLOY_2015-07_H1-2015_half-yearly-report_moneyam_transcribed_excerpt.txt';
    const r = set28.parse(name);
    // earnings-release/48 read no net interest margin (only "net interest margin" spelled out named it).
    const nim = r.measures.find((m) => m.measure === 'net_interest_margin' && m.fiscal_period === 'H1');
    expect(nim?.value).toBe(2.62);
    // Guards: the same line's net interest income, and "cost:income ratio improved ... to 48.3 per cent".
    expect(set28.value(r, 'H1', 'net_interest_income', 'gaap')).toBe(5_715_000_000);
    expect(r.measures.find((m) => m.measure === 'efficiency_ratio')?.value).toBe(48.3);
  });

  it('Morgan Advanced Materials H1 2024: a fixed-width table headed "1H" over "2024", cells "14.7p", labels alone on a line', () => {
    const name = 'MGAM_2024-08-06_H1-2024_stockopedia-RNS_transcribed_excerpt.txt';
    const r = set30.parse(name);
    // earnings-release/48 read no figure: not a release, no period.
    expect(r.release).toMatchObject({
      fiscal_period: 'H1',
      fiscal_year: 2024,
      period_end: '2024-06-30',
      currency: 'GBP',
    });
    // "Group adjusted operating profit(1) 71.3", "Adjusted EPS(1) 14.7p", then under "Statutory results": "Revenue
    // 572.6", "Operating profit 66.8", "Continuing EPS 13.2p" (the 1H 2024 column; 1H 2023 is 50.0, 9.9p, 553.9, 34.5, 5.2p).
    expect(set30.value(r, 'H1', 'operating_income', 'non_gaap')).toBe(71_300_000);
    expect(set30.value(r, 'H1', 'eps', 'non_gaap')).toBe(0.147);
    expect(set30.value(r, 'H1', 'revenue', 'gaap')).toBe(572_600_000);
    expect(set30.value(r, 'H1', 'operating_income', 'gaap')).toBe(66_800_000);
    expect(set30.value(r, 'H1', 'eps', 'gaap')).toBe(0.132);
    set30.evidenceHolds(name, r);
  });

  it('Morgan Advanced Materials H1 2022: labels on their own line, a "Note | £m" unit row, each period\'s "Total" column', () => {
    const name = 'MGAM_2022-H1_income-statement_company-page_transcribed_excerpt.txt';
    const r = set30.parse(name);
    // earnings-release/48 read no figure (revenue and "Profit for the period" 38.1 unassigned for want of a scale).
    expect(r.release).toMatchObject({
      fiscal_period: 'H1',
      fiscal_year: 2022,
      period_end: '2022-06-30',
      currency: 'GBP',
    });
    // "Revenue | 2 | 530.2 | - | 530.2 |" (note 2), "Operating profit/(loss) |" over "70.2 | - | 70.2 |", "Profit for the
    // period attributable to: Shareholders of the Company |" over "42.9 | - | 42.9 |": the six months' Total column.
    expect(set30.value(r, 'H1', 'revenue', 'gaap')).toBe(530_200_000);
    expect(set30.value(r, 'H1', 'operating_income', 'gaap')).toBe(70_200_000);
    expect(set30.value(r, 'H1', 'net_income', 'gaap')).toBe(42_900_000);
    set30.evidenceHolds(name, r);
  });

  it('Axtel Q4 2007: "Ps. 2,987.9 million" in a release datelined "San Pedro Garza Garcia, Mexico" is in Mexican pesos', () => {
    const name = 'AXTEL_8-K_2008-02-25_EX-99.1_transcribed_excerpt.txt';
    const r = set17.parse(name);
    // earnings-release/48 gave no currency.
    expect(r.release).toMatchObject({ fiscal_period: 'Q4', fiscal_year: 2007, currency: 'MXN' });
    // Guards: the quarter's and the year's revenues.
    expect(set17.value(r, 'Q4', 'revenue', 'gaap')).toBe(2_987_900_000);
    expect(set17.value(r, 'FY', 'revenue', 'gaap')).toBe(12_190_600_000);
  });
});
