import { describe, expect, it } from 'vitest';
import { heldOutSet, guidanceRows as rows } from './held-out-set.ts';

// Guidance held-out set 9 (docs/earnings.md "Guidance held-out set 9 (h-guid18)"): the values below are the hand-read
// labels (fixtures/earnings/guidance-held-out-9/labels-guidance-9.tsv) of real outlook texts (MANIFEST.tsv there).
const set9 = heldOutSet('guidance-held-out-9');
const harsco = 'HSC_FY23-guidance-current-prior-table_quantisnow_transcribed.txt';
const carters = 'CRI_FY2024-outlook-low-to-mid-single-digit_quantisnow_transcribed.txt';
const dupont = 'DD_2020-04-20_suspends-FY20-raises-Q1_nasdaq-rttnews_transcribed.txt';
const jnj = 'JNJ_2022-04_suspends-vaccine-sales-guidance_nasdaq-rttnews_transcribed.txt';
const rogers = 'RCI_2023-guidance-ranges-table_investors-rogers_transcribed.txt';
const fnm = 'FNM_2024-H1-guidance-confirmed_earthpressnews_transcribed.txt';

describe('a "Current | Prior" outlook table under "Harsco Increased Its FY23 Guidance" (set 9)', () => {
  it('"Diluted Earnings/(Loss) Per Share ... | $(0.33) - $(0.54)": EPS, a loss range stored low end first', () => {
    const got = rows(set9.parse(harsco));
    expect(got).toContainEqual(['eps_diluted', 'gaap', 'FY 2023', -0.54, -0.33, 'raised']);
    expect(got).toContainEqual(['eps_diluted', 'non_gaap', 'FY 2023', -0.33, -0.12, 'raised']);
    expect(got.filter((g) => g[0] === 'net_income')).toEqual([]);
  });

  it('"Increased Its FY23 Guidance" covers every FY23 row; "Net Interest Expense" is interest expense', () => {
    const r = set9.parse(harsco);
    const got = rows(r);
    expect(got).toContainEqual(['operating_income', 'gaap', 'FY 2023', 101_000_000, 116_000_000, 'raised']);
    expect(got).toContainEqual([
      'free_cash_flow',
      'unspecified',
      'FY 2023',
      25_000_000,
      45_000_000,
      'raised',
    ]);
    expect(got).toContainEqual(['capex', 'unspecified', 'FY 2023', 125_000_000, 135_000_000, 'raised']);
    expect(got).toContainEqual([
      'interest_expense',
      'unspecified',
      'FY 2023',
      92_000_000,
      95_000_000,
      'raised',
    ]);
    expect(r.figures).toEqual([]);
    set9.evidenceHolds(harsco, r);
  });
});

describe('an outlook list under "the Company projects approximately:" (Carter\'s fiscal 2024, set 9)', () => {
  it('each item is a target of the lead\'s year; "($2.95 billion in fiscal 2023)" is a base', () => {
    const r = set9.parse(carters);
    const got = rows(r);
    expect(got).toContainEqual(['cash_flow', 'unspecified', 'FY 2024', 250_000_000, null, null]);
    expect(got).toContainEqual(['capex', 'unspecified', 'FY 2024', 80_000_000, null, null]);
    expect(got).toContainEqual(['revenue', 'unspecified', 'FY 2024', 2_950_000_000, 3_000_000_000, null]);
    expect(got.filter((g) => g[2] === 'FY 2023')).toEqual([]);
    set9.evidenceHolds(carters, r);
  });

  it('"Sees Adjusted EPS Growth Of Low To Mid-Single-Digit": EPS growth, no EPS row', () => {
    expect(rows(set9.parse(carters)).filter((g) => g[0] === 'eps_diluted')).toEqual([]);
  });
});

describe('a suspension beside a raised quarter (DuPont 2020-04-20, set 9)', () => {
  it('"now expects a loss in a range of $1.00 to $0.70 per share and adjusted earnings in a range of $0.82 to $0.84"', () => {
    const r = set9.parse(dupont);
    const got = rows(r);
    expect(got).toContainEqual(['eps_diluted', 'unspecified', 'Q1 2020', -1, -0.7, null]);
    expect(got).toContainEqual(['eps_diluted', 'non_gaap', 'Q1 2020', 0.82, 0.84, 'raised']);
    expect(got).toContainEqual(['all', 'unspecified', 'FY 2020', null, null, 'withdrawn']);
    set9.evidenceHolds(dupont, r);
  });

  it('"raised its adjusted earnings outlook for the first quarter" leaves the net sales without a status', () => {
    expect(rows(set9.parse(dupont))).toContainEqual([
      'revenue',
      'unspecified',
      'Q1 2020',
      5_200_000_000,
      null,
      null,
    ]);
  });
});

describe("one product's guidance suspended (Johnson & Johnson Q1 2022, set 9)", () => {
  it('"suspending COVID-19 Vaccine sales guidance" withdraws none of the company\'s targets', () => {
    const got = rows(set9.parse(jnj));
    expect(got.filter((g) => g[5] === 'withdrawn')).toEqual([]);
    // "maintained ... guidance for adjusted operational earnings per share": not the adjusted EPS range "now expected".
    expect(got).toContainEqual(['eps_diluted', 'non_gaap', 'FY 2022', 10.15, 10.35, null]);
  });

  it('"Estimated reported sales are now in a range of $94.8 - $95.8 billion": GAAP revenue', () => {
    const r = set9.parse(jnj);
    expect(rows(r)).toContainEqual(['revenue', 'gaap', 'FY 2022', 94_800_000_000, 95_800_000_000, null]);
    expect(r.guidance).toHaveLength(2);
    set9.evidenceHolds(jnj, r);
  });
});

describe('guidance columns headed by the dates they were given (Rogers 2023, set 9)', () => {
  it('"July 26, 2023 Guidance Ranges" beside "March 31, 2023 Guidance Ranges": the later column only', () => {
    const got = rows(set9.parse(rogers));
    const fcf = got.filter((g) => g[0] === 'free_cash_flow');
    expect(fcf).toHaveLength(1);
    expect(fcf[0]!.slice(2, 4)).toEqual(['FY 2023', 2200]);
  });

  it('"Adjusted EBITDA | ... | Increase of 33% to 36%": EBITDA growth, no EBITDA row; service revenue growth neither', () => {
    const got = rows(set9.parse(rogers));
    expect(got.filter((g) => g[0] === 'ebitda' || /revenue/.test(String(g[0])))).toEqual([]);
  });
});

describe('an Italian "2024 guidance confirmed" (FNM, set 9)', () => {
  it('"adjusted EBITDA up 5-10% vs. 2023" is no EBITDA level; "investments (currently estimated at 140-180 million Euros)" capex', () => {
    const r = set9.parse(fnm);
    const got = rows(r);
    expect(got.filter((g) => g[0] === 'ebitda')).toEqual([]);
    expect(got).toContainEqual(['revenue_growth', 'unspecified', 'FY 2024', 1, 5, 'reaffirmed']);
    expect(got).toContainEqual(['capex', 'unspecified', 'FY 2024', 140_000_000, 180_000_000, 'lowered']);
    set9.evidenceHolds(fnm, r);
  });
});

describe("a loss warning whose prior year is its base (Meitu 2018, guidance set 8's leftover)", () => {
  const set8 = heldOutSet('guidance-held-out-8');
  const meitu = 'MEITU_2018-11-19_FY18-net-loss-estimate_waonews_transcribed.txt';

  it('"The net loss for the year ended December 31, 2017 was about 197 million yuan" is the base: no reported period', () => {
    const r = set8.parse(meitu);
    expect(r.release.fiscal_period).toBeNull();
    expect(r.figures).toEqual([]);
  });

  it('"expected to record a net loss of about RMB 950 million to RMB 1.2 billion in the year ending December 31": FY 2018', () => {
    const r = set8.parse(meitu);
    expect(rows(r)).toEqual([['net_income', 'unspecified', 'FY 2018', -1_200_000_000, -950_000_000, null]]);
    set8.evidenceHolds(meitu, r);
  });
});

describe("a two-column highlights box (Church & Dwight Q1 2021, guidance set 2's leftover)", () => {
  const set2 = heldOutSet('guidance-held-out-2');
  const chd = 'CHD_2021-04-29_Q1_readkong_transcribed.txt';

  it('"• EPS -4.3%; Adjusted “Flat”      • Cash from operations approx. $1 billion": the outlook column\'s item only', () => {
    const r = set2.parse(chd);
    const got = rows(r);
    expect(got).toContainEqual(['cash_flow', 'unspecified', 'FY 2021', 1_000_000_000, null, null]);
    // The results column's "Adjusted “Flat”" is no guidance.
    expect(got.filter((g) => g[0] === 'eps_diluted')).toEqual([
      ['eps_diluted', 'non_gaap', 'FY 2021', 3, 3.06, 'reaffirmed'],
    ]);
    set2.evidenceHolds(chd, r);
  });

  it('"Adjusted EPS, which excludes ..., was flat at $0.83, exceeding the Company\'s adjusted outlook of $0.80"', () => {
    const r = set2.parse(chd);
    expect(set2.value(r, 'Q1', 'eps', 'non_gaap')).toBe(0.83);
  });
});

describe("a colon lead's own status word (Casella FY 2023, guidance set 5)", () => {
  it('"The Company reaffirmed certain guidance ... in the following range: •Net cash provided by operating activities ..."', () => {
    const set5 = heldOutSet('guidance-held-out-5');
    const r = set5.parse('CWST_2023-11-01_FY23-outlook_benzinga_transcribed.txt');
    expect(rows(r)).toContainEqual([
      'cash_flow',
      'unspecified',
      'FY 2023',
      231_000_000,
      237_000_000,
      'reaffirmed',
    ]);
  });
});
