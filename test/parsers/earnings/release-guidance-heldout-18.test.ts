import { describe, expect, it } from 'vitest';
import { guidanceRows, heldOutSet } from './held-out-set.ts';

// Guidance held-out set 18 (docs/earnings.md "Guidance held-out set 18", h-guid31, earnings-release/59): each value below
// is the hand-read label of a real text (labels-guidance-18.tsv, MANIFEST.tsv there; set 17's SIE and ENR for the rules
// that also read them); each case fails on earnings-release/57.
const set18 = heldOutSet('guidance-held-out-18');
const set17 = heldOutSet('guidance-held-out-17');
const bah = 'BAH_Q2-FY2026_slashes-guidance-mid-10-percent-margin-en-dash_particlenews_transcribed.txt';
const smg = 'SMG_FY2025_reaffirms-guidance-at-least-EPS-low-single-digit_itiger_transcribed.txt';
const omi = 'OMI_2025-financial-outlook-bullets-key-assumptions_itiger_transcribed.txt';
const wkl = 'WKL_FY2025-outlook-table-margin-range-plusminus-EUR_wolterskluwer_transcribed.txt';
const mcad =
  'MCADCAFE-1603068_Q3-2018-outlook-ASC-606-prose-ASC-605-table-loss-per-share-high-first_transcribed.txt';
const enr1n =
  'ENR1N-SIEMENS-ENERGY_Q2-FY2025_adhoc-updates-outlook-before-ranges-mojibake-name_lmdmf_transcribed.txt';
const tndm = 'TNDM_2025-02_FY25-and-Q1-revenue-guidance-margins-about_investing_transcribed.txt';
const sie = 'SIE_Q3-FY2024_confirms-FY24-outlook-segments-EPS-pre-PPA-euros_sunburstmarkets_transcribed.txt';
const enr = 'ENR_Q3-FY2025_previous-vs-new-outlook-table_reportify_transcribed.txt';

/** metric, basis, target, low or point, high, status. */
const rows = (set: ReturnType<typeof heldOutSet>, name: string) => guidanceRows(set.parse(name));

describe('statuses worded as an adjective, the occasion of an outlook', () => {
  it('"a reduced full-year outlook" lowers every fiscal 2026 target; "the earnings shortfall" is a result', () => {
    expect(set18.text(bah)).toContain('after the earnings shortfall and a reduced full-year outlook.');
    expect(rows(set18, bah)).toEqual([
      ['revenue', 'unspecified', 'FY 2026', 11_300_000_000, 11_500_000_000, 'lowered'],
      ['eps_diluted', 'non_gaap', 'FY 2026', 5.45, 5.65, 'lowered'],
      ['free_cash_flow', 'unspecified', 'FY 2026', 850_000_000, 950_000_000, 'lowered'],
    ]);
    set18.evidenceHolds(bah, set18.parse(bah));
  });

  it('"comparable revenue growth, net of ...," is the group target of fiscal 2024, confirmed; the Q2 release is the occasion', () => {
    expect(set17.text(sie)).toContain('We confirm our outlook given in the Earnings Release Q2 FY 2024');
    const r = set17.parse(sie);
    expect(guidanceRows(r).filter((g) => g[0] === 'comparable_sales')).toEqual([
      ['comparable_sales', 'unspecified', 'FY 2024', 4, 8, 'reaffirmed'],
    ]);
    set17.evidenceHolds(sie, r);
  });

  it('"comparable revenue growth (excluding currency ...)" names no basis; business areas under their heading are parts', () => {
    expect(set18.text(enr1n)).toContain('Overall assumptions per business area');
    expect(rows(set18, enr1n)).toEqual([
      ['comparable_sales', 'unspecified', 'FY 2025', 13, 15, 'updated'],
      ['net_income', 'non_gaap', 'FY 2025', null, 1_000_000_000, 'updated'],
      ['free_cash_flow', 'unspecified', 'FY 2025', 4_000_000_000, null, 'updated'],
    ]);
  });
});

describe('values: changes, tildes, losses per share, regions', () => {
  it('a share count to "increase by approximately 1 million" and "U.S. Consumer net sales" give no row', () => {
    expect(set18.text(smg)).toContain(
      'The diluted share count is projected to increase by approximately 1 million',
    );
    expect(rows(set18, smg)).toEqual([
      ['ebitda', 'non_gaap', 'FY 2025', 570_000_000, 590_000_000, 'reaffirmed'],
      ['free_cash_flow', 'unspecified', 'FY 2025', 250_000_000, null, 'reaffirmed'],
      ['eps_diluted', 'non_gaap', 'FY 2025', 3.5, null, 'reaffirmed'],
      ['gross_margin', 'non_gaap', 'FY 2025', 30, null, 'reaffirmed'],
    ]);
  });

  it('"Diluted weighted average shares of ~80 million"', () => {
    expect(rows(set18, omi)).toContainEqual([
      'diluted_shares',
      'unspecified',
      'FY 2025',
      80_000_000,
      null,
      null,
    ]);
  });

  it('"diluted net loss per share to be between $0.24 and $0.17" and its non-GAAP twin are EPS below zero', () => {
    const eps = rows(set18, mcad).filter((g) => g[0] === 'eps_diluted');
    expect(eps).toEqual([
      ['eps_diluted', 'unspecified', 'Q3 2018', -0.24, -0.17, null],
      ['eps_diluted', 'non_gaap', 'Q3 2018', -0.13, -0.06, null],
    ]);
  });

  it('"These expectations also assume ... tax rate of 24% ... and diluted share count of 108 million" are targets', () => {
    const r = rows(set18, mcad);
    expect(r).toContainEqual(['tax_rate', 'non_gaap', 'Q3 2018', 24, null, null]);
    expect(r).toContainEqual(['diluted_shares', 'unspecified', 'Q3 2018', 108_000_000, null, null]);
  });

  it('a wire\'s "Earnings: -$2.4 million in Q1 vs. ..." and "EPS: -$0.02 in Q1" lines are the quarter\'s figures', () => {
    const prgo =
      'PRGO_2022-05_raises-sales-growth-organic-EPS-from-prior_finanznachrichten-rttnews_transcribed.txt';
    const r = set18.parse(prgo);
    expect(set18.value(r, 'Q1', 'net_income', 'gaap')).toBe(-2_400_000);
    expect(set18.value(r, 'Q1', 'eps', 'gaap')).toBe(-0.02);
    set18.evidenceHolds(prgo, r);
  });

  it('"U.S. sales jumped 42% to $214.6 million" is no revenue figure', () => {
    const r = set18.parse(tndm);
    expect(set18.value(r, 'Q4', 'revenue', 'gaap')).not.toBe(214_600_000);
    expect(set18.value(r, 'Q4', 'eps', 'non_gaap')).toBe(0.01);
  });
});

describe('tables printed as lines', () => {
  it('"Performance Indicators 2025 Guidance 2024 Actual": the cell before the actual is the target', () => {
    const r = set18.parse(wkl);
    expect(guidanceRows(r, { currency: true })).toEqual([
      ['operating_margin', 'non_gaap', 'FY 2025', 27.1, 27.5, null, null],
      ['free_cash_flow', 'non_gaap', 'FY 2025', 1_250_000_000, 1_300_000_000, null, 'EUR'],
    ]);
    set18.evidenceHolds(wkl, r);
  });

  it('a markdown "| Metric | Previous Outlook | New Outlook |" table run into one line is read row by row', () => {
    const r = set17.parse(enr);
    expect(guidanceRows(r)).toEqual([
      ['revenue_growth', 'unspecified', 'FY 2025', 1, 3, 'raised'],
      ['eps_diluted', 'non_gaap', 'FY 2025', 3.55, 3.65, 'raised'],
      ['ebitda', 'non_gaap', 'FY 2025', 630_000_000, 640_000_000, 'raised'],
    ]);
    set17.evidenceHolds(enr, r);
  });
});
