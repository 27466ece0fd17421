import { describe, expect, it } from 'vitest';
import { guidanceRows, heldOutSet } from './held-out-set.ts';

// Guidance held-out set 19 (docs/earnings.md "Guidance held-out set 19", h-guid32, earnings-release/61): each value below
// is the hand-read label of a real text (labels-guidance-19.tsv, MANIFEST.tsv there); each case fails on
// earnings-release/60.
const set19 = heldOutSet('guidance-held-out-19');
const utx = 'UTX_Q2-2016_raises-low-end-adjusted-EPS-sales-backslash-dollar_oreanda_transcribed.txt';
const diod =
  'DIOD_2013-06-10_Q2-raises-revenue-gross-margin-plus-or-minus-maintains-rest_businesswire_transcribed.txt';
const elis =
  'ELIS_2024-07-24_H1-raises-organic-growth-EBITDA-margin-EPS-exceed-ME-euros_marketscreener_transcribed.txt';
const nesn =
  'NESN_2021-10-20_9M-raises-FY-organic-growth-6-7-EBIT-margin-CHF-bullets_wallstreet-online_transcribed.txt';

const rows = (name: string) => guidanceRows(set19.parse(name));

describe('guidance held-out set 19', () => {
  it('"\\\\$1.71" is $1.71; "by 15 cents to $6.45 to $6.60" is the range; "through the second quarter" is no target', () => {
    expect(set19.text(utx)).toContain('Second quarter GAAP EPS of \\\\$1.71');
    const r = set19.parse(utx);
    expect(set19.value(r, 'Q2', 'eps', 'gaap')).toBe(1.71);
    expect(set19.value(r, 'Q2', 'eps', 'non_gaap')).toBe(1.82);
    expect(guidanceRows(r)).toEqual([
      ['eps_diluted', 'non_gaap', 'FY 2016', 6.45, 6.6, 'raised'],
      ['revenue', 'unspecified', 'FY 2016', 57_000_000_000, 58_000_000_000, 'raised'],
    ]);
    set19.evidenceHolds(utx, r);
  });

  it('"gross profit margin", a value after ", which excludes ...,", and "shares used to calculate GAAP EPS"', () => {
    const r = set19.parse(diod);
    expect(guidanceRows(r)).toEqual([
      ['revenue', 'unspecified', 'Q2 2013', 210_000_000, 218_000_000, 'raised'],
      ['gross_margin', 'gaap', 'Q2 2013', 26, 30, 'raised'],
      ['gross_margin', 'non_gaap', 'Q2 2013', 27.5, 31.5, 'raised'],
      ['tax_rate', 'unspecified', 'Q2 2013', 14, 20, 'reaffirmed'],
      ['diluted_shares', 'unspecified', 'Q2 2013', 47_000_000, null, 'reaffirmed'],
    ]);
    set19.evidenceHolds(diod, r);
  });

  it('"+5.2% and +5.5%" after "of" is one range; a plus sign before a percent is its sign', () => {
    expect(rows(elis).map((g) => g.slice(0, 5))).toEqual([
      ['organic_revenue_growth', 'unspecified', 'FY 2024', 5.2, 5.5],
      ['ebitda_margin', 'non_gaap', 'FY 2024', 35.2, 35.5],
    ]);
  });

  it('"Outlook FY adjusted EBIT margin 17.5%" is the operating margin (and set 17\'s HCLTech "EBIT margin")', () => {
    expect(rows(nesn)).toEqual([
      ['organic_revenue_growth', 'unspecified', 'FY 2021', 6, 7, 'raised'],
      ['operating_margin', 'non_gaap', 'FY 2021', 17.5, null, null],
    ]);
    const hcl =
      'HCLTECH_2025-07-14_Q1-FY26-narrows-CC-revenue-growth-lowers-EBIT-margin-crore_ndtvprofit_transcribed.txt';
    expect(
      guidanceRows(heldOutSet('guidance-held-out-17').parse(hcl)).filter((g) => g[0] === 'operating_margin'),
    ).toEqual([['operating_margin', 'unspecified', 'FY 2026', 17, 18, 'lowered']]);
  });

  it('an EBIT margin a result amounts to, or one defined in a strategy, is no target', () => {
    const rbrew = heldOutSet('held-out-20');
    const r = rbrew.parse('RBREW_2021-08-23_H1_interim_transcribed_excerpt.txt');
    expect(guidanceRows(r).filter((g) => g[0] === 'operating_margin')).toEqual([]);
    const schn =
      'SCHN_2016-09-20_still-expects-net-sales-over-CHF-180-million-fiscal-2015-16_oreanda_transcribed.txt';
    expect(
      guidanceRows(heldOutSet('guidance-held-out-15').parse(schn)).filter((g) => g[0] === 'operating_margin'),
    ).toEqual([]);
  });
});
