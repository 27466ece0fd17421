import { describe, expect, it } from 'vitest';
import { heldOutSet, guidanceRows as rows } from './held-out-set.ts';

// Guidance held-out set 13 (docs/earnings.md "Guidance held-out set 13 (h-guid22)"): the values below are the hand-read
// labels (fixtures/earnings/guidance-held-out-13/labels-guidance-13.tsv) of real outlook texts (MANIFEST.tsv there).
const set13 = heldOutSet('guidance-held-out-13');
const wfc = 'WFC_2025-07-15_lowers-FY25-NII-guidance_nasdaq_transcribed.txt';
const jpm = 'JPM_2025-Q3_FY25-NII-around-87B-Q4-22.9B_longportapp_transcribed.txt';
const sjm = 'SJM_2025-08-27_maintains-FY26-EPS-raises-net-sales-growth_nasdaq-rttnews_transcribed.txt';
const toyota = 'TM_2025-11-05_raises-FY-operating-profit-yen_channelnewsasia_transcribed.txt';
const zeiss = 'AFX_2024-06-17_cuts-FY2023-24-revenue-EBIT-euros_finanzen-rttnews_transcribed.txt';
const millerKnoll = 'MLKN_Q3-and-FY2025-outlook-table_futunn_transcribed.txt';
const insperity = 'NSP_Q2-and-FY2025-guidance-reconciliation-table_compensationrecovery_transcribed.txt';
const conagra = 'CAG_Q2-FY26-reaffirms-outlook-organic-down-1-to-flat_particle_transcribed.txt';

describe("banks' net interest income in prose (set 13)", () => {
  it('"guiding for 2025 NII of roughly $47.7 billion", lowered; the first quarter\'s "guided ... 1% to 3%" is no target', () => {
    const r = set13.parse(wfc);
    expect(rows(r)).toEqual([
      ['net_interest_income', 'unspecified', 'FY 2025', 47_700_000_000, null, 'lowered'],
    ]);
    set13.evidenceHolds(wfc, r);
  });

  it('"its third-quarter financial report" names a document: the year\'s and the fourth quarter\'s NII only', () => {
    const r = set13.parse(jpm);
    expect(rows(r)).toEqual([
      ['net_interest_income', 'unspecified', 'FY 2025', 87_000_000_000, null, null],
      ['net_interest_income', 'unspecified', 'Q4 2025', 22_900_000_000, null, null],
    ]);
  });
});

describe('reaffirmed beside raised, growth in percent (Smucker fiscal 2026, set 13)', () => {
  it('"maintained its adjusted earnings guidance ..., while raising annual net sales growth outlook"', () => {
    const r = set13.parse(sjm);
    expect(rows(r)).toEqual([
      ['eps_diluted', 'non_gaap', 'FY 2026', 8.5, 9.5, 'reaffirmed'],
      ['revenue_growth', 'unspecified', 'FY 2026', 3, 5, 'raised'],
      // "up from the prior guidance for net sales growth of 2 to 4 percent, with comparable net sales growth of
      // approximately 3.5 to 5.5 percent": the earlier pair, no targets.
      ['comparable_sales', 'unspecified', 'FY 2026', 4.5, 6.5, 'raised'],
    ]);
  });
});

describe('yen and euros, fiscal years past the next quarter (set 13)', () => {
  it('"3.4 trillion yen ($22.6 billion) for the financial year to end-March" in a text dated 2025-11-05 is FY 2026', () => {
    const r = set13.parse(toyota);
    expect(rows(r)).toEqual([
      ['operating_income', 'unspecified', 'FY 2026', 3_400_000_000_000, null, 'raised'],
    ]);
    expect(r.guidance[0]!.currency).toBe('JPY');
  });

  it('"fiscal revenue of 2000 million euros" for "the fiscal 2023-24" is an amount, not the year 2000', () => {
    const r = set13.parse(zeiss);
    expect(rows(r)).toContainEqual(['revenue', 'unspecified', 'FY 2024', 2_000_000_000, null, 'lowered']);
    expect(r.guidance[0]!.currency).toBe('EUR');
    expect(r.figures).toEqual([]);
  });
});

describe('outlook tables with ranges under period headers (set 13)', () => {
  it('"Q3 FY2025 | Full Year FY25 | |": one-cell rows are the quarter\'s; "narrowed ... and modestly lowered the midpoint"', () => {
    const got = rows(set13.parse(millerKnoll));
    expect(got).toEqual([
      ['revenue', 'unspecified', 'Q3 2025', 903_000_000, 943_000_000, null],
      ['gross_margin', 'unspecified', 'Q3 2025', 38.1, 39.1, null],
      ['operating_expenses', 'non_gaap', 'Q3 2025', 293_000_000, 303_000_000, null],
      ['tax_rate', 'non_gaap', 'Q3 2025', 21.5, 23.5, null],
      ['eps_diluted', 'non_gaap', 'Q3 2025', 0.41, 0.47, null],
      ['eps_diluted', 'non_gaap', 'FY 2025', 2.11, 2.17, 'lowered'],
    ]);
  });

  it('a GAAP to non-GAAP reconciliation "Q2 2025 | | Full Year 2025" over "Guidance | | Guidance": no reconciling steps', () => {
    const r = set13.parse(insperity);
    expect(rows(r)).toEqual([
      ['net_income', 'gaap', 'Q2 2025', -3_000_000, 11_000_000, null],
      ['net_income', 'gaap', 'FY 2025', 42_000_000, 81_000_000, null],
      ['ebitda', 'non_gaap', 'Q2 2025', 33_000_000, 53_000_000, null],
      ['ebitda', 'non_gaap', 'FY 2025', 190_000_000, 245_000_000, null],
      ['eps_diluted', 'gaap', 'Q2 2025', -0.07, 0.31, null],
      ['eps_diluted', 'gaap', 'FY 2025', 1.1, 2.15, null],
      ['eps_diluted', 'non_gaap', 'Q2 2025', 0.29, 0.67, null],
      ['eps_diluted', 'non_gaap', 'FY 2025', 2.23, 3.28, null],
    ]);
    set13.evidenceHolds(insperity, r);
  });
});

describe('a reaffirmed list with the year named once elsewhere (Conagra, set 13)', () => {
  it('"adjusted EPS of $1.70–$1.85, organic net sales change of down 1% to flat, and adjusted operating margin ..."', () => {
    expect(rows(set13.parse(conagra))).toEqual([
      ['eps_diluted', 'non_gaap', 'FY 2026', 1.7, 1.85, 'reaffirmed'],
      ['organic_revenue_growth', 'unspecified', 'FY 2026', -1, 0, 'reaffirmed'],
      ['operating_margin', 'non_gaap', 'FY 2026', 11, 11.5, 'reaffirmed'],
    ]);
  });
});
