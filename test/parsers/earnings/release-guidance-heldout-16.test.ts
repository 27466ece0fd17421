import { describe, expect, it } from 'vitest';
import { guidanceRows, heldOutSet } from './held-out-set.ts';

// Guidance held-out set 16 (docs/earnings.md "Guidance held-out set 16", h-guid28, earnings-release/49): each value below
// is the hand-read label of a real text (labels-guidance-16.tsv, MANIFEST.tsv there); each case fails on
// earnings-release/47.
const set16 = heldOutSet('guidance-held-out-16');
const etn =
  'ETN_2020-04-30_withdraws-FY20-adjusted-EPS-guidance-free-cash-flow-down-modestly_nasdaq-rttnews_transcribed.txt';
const mye =
  'MYE_2020-05-06_withdraws-FY20-EPS-revenue-decline-approximately-10-percent_nasdaq-rttnews_transcribed.txt';
const a1os = 'A1OS_FY2022-23_lowers-EBIT-before-MA-non-IFRS-EUR-sales-unchanged_pressebox_transcribed.txt';
const kgs = 'KGS_2024_revised-FY24-guidance-low-high-table-thousands-bilingual_futunn_transcribed.txt';
const att = 'T_2024_updates-FY24-adjusted-EPS-free-cash-flow-range-bilingual_moomoo_transcribed.txt';
const vz = 'VZ_2024_continues-to-expect-adjusted-EPS-footnote-capex-tax-rate_nasdaq_transcribed.txt';
const utz = 'UTZ_FY2025-outlook-tax-rate-interest-expense-capex-growth-percents_itiger_transcribed.txt';
const riso =
  '6413_2020-07-31_revises-H1-and-FY-forecast-millions-of-yen-loss-table_marketscreener_transcribed.txt';
const shizuoka =
  '9543_FY2006_revised-forecast-consolidated-and-non-consolidated-yen-million-tables_ir-shizuokagas_transcribed.txt';
const set15 = heldOutSet('guidance-held-out-15');
const gsy = 'GSYUASA_FY2024-revised-forecast-2025-02-05-billion-yen-table_ir-gs-yuasa_transcribed.txt';

/** metric, basis, target, low or point, high, status, currency. */
const rows = (name: string) => guidanceRows(set16.parse(name), { currency: true });

describe('withdrawals beside ranges and declines', () => {
  it('"withdrawing its full year 2020 adjusted earnings per share guidance"; free cash flow "down modestly from February guidance"', () => {
    expect(set16.text(etn)).toContain(
      'to be between $2.3 billion and $2.7 billion, down modestly from February guidance.',
    );
    expect(rows(etn)).toEqual([
      ['eps_diluted', 'non_gaap', 'FY 2020', null, null, 'withdrawn', null],
      ['free_cash_flow', 'unspecified', 'FY 2020', 2_300_000_000, 2_700_000_000, 'lowered', 'USD'],
    ]);
  });

  it('guidance "provided during its fourth quarter 2019 earnings call"; sales "will be down approximately 20 percent"; "The Street is looking for"', () => {
    const r = set16.parse(mye);
    expect(guidanceRows(r, { currency: true })).toEqual([
      ['eps_diluted', 'unspecified', 'FY 2020', null, null, 'withdrawn', null],
      ['revenue_growth', 'unspecified', 'FY 2020', -10, null, 'lowered', null],
      ['revenue_growth', 'unspecified', 'Q2 2020', -20, null, null, null],
    ]);
    // "The Street is looking for sales of $132.42 million for the quarter" is the analysts' number, no result.
    expect(r.figures).toEqual([]);
  });
});

describe('lists, leads and bases', () => {
  it('"2024 Outlook" / "For the full-year, AT&T expects:" with a Chinese translation after each block', () => {
    expect(rows(att)).toEqual([
      // The headline "Updates" and the bullet's "reflecting an increase from the previously provided ... range": raised.
      ['eps_diluted', 'non_gaap', 'FY 2024', 2.2, 2.25, 'raised', 'USD'],
      ['free_cash_flow', 'unspecified', 'FY 2024', 17_000_000_000, 18_000_000_000, null, 'USD'],
    ]);
  });

  it('"continues to expect the following: ... Adjusted EPS2 of $4.50 to $4.70. Capital expenditures between ..."', () => {
    // "Total wireless service revenue growth" is a part's growth; "Adjusted EBITDA growth" is outside the vocabulary.
    expect(rows(vz)).toEqual([
      ['eps_diluted', 'non_gaap', 'FY 2024', 4.5, 4.7, 'reaffirmed', 'USD'],
      ['capex', 'unspecified', 'FY 2024', 17_000_000_000, 17_500_000_000, 'reaffirmed', 'USD'],
      ['tax_rate', 'non_gaap', 'FY 2024', 22.5, 24, 'reaffirmed', null],
    ]);
  });

  it('"EBIT before M&A effects (non-IFRS)", "sales revenues (IFRS) remains unchanged", "target margin for EBIT"', () => {
    // "The medium-term outlook, with robust organic growth in the mid-single-digit percentage range" has no one period.
    expect(rows(a1os)).toEqual([
      ['operating_income', 'non_gaap', 'FY 2023', 17_500_000, 21_500_000, 'lowered', 'EUR'],
      ['revenue', 'gaap', 'FY 2023', 470_000_000, 500_000_000, 'reaffirmed', 'EUR'],
      ['operating_margin', 'non_gaap', 'FY 2025', 7, 8, null, null],
    ]);
  });

  it('"An effective tax rate (normalized GAAP basis tax expense, which excludes one-time items)"', () => {
    expect(rows(utz)).toContainEqual(['tax_rate', 'non_gaap', 'FY 2025', 17, 19, null, null]);
  });
});

describe('tables', () => {
  it('a "(Millions of yen)" revision table one cell per line: "Revised forecast (B)", "△" losses, heads over three lines', () => {
    expect(set16.text(riso)).toContain('Revised forecast (B)\n28,500\n△2,000\n△1,900\n△1,100\n△31.69 yen');
    expect(rows(riso)).toEqual([
      ['revenue', 'unspecified', 'H1 2021', 28_500_000_000, null, 'updated', 'JPY'],
      ['operating_income', 'unspecified', 'H1 2021', -2_000_000_000, null, 'updated', 'JPY'],
      ['net_income', 'unspecified', 'H1 2021', -1_100_000_000, null, 'updated', 'JPY'],
      ['eps_diluted', 'unspecified', 'H1 2021', -31.69, null, 'updated', 'JPY'],
      ['revenue', 'unspecified', 'FY 2021', 63_300_000_000, null, 'updated', 'JPY'],
      ['operating_income', 'unspecified', 'FY 2021', -2_500_000_000, null, 'updated', 'JPY'],
      ['net_income', 'unspecified', 'FY 2021', -1_400_000_000, null, 'updated', 'JPY'],
      ['eps_diluted', 'unspecified', 'FY 2021', -40.34, null, 'updated', 'JPY'],
    ]);
  });

  it('"(¥Million, %)" tables: "Current estimates (B)" of the consolidated one, statuses from the prose', () => {
    // The non-consolidated table (net sales 64,060, net income 1,940) is the parent alone.
    expect(rows(shizuoka)).toEqual([
      ['revenue', 'unspecified', 'FY 2006', 78_350_000_000, null, 'raised', 'JPY'],
      ['net_income', 'unspecified', 'FY 2006', 3_600_000_000, null, 'lowered', 'JPY'],
    ]);
  });

  it('a "Low | High" table "in thousands" with a "Segment Information" section and growth capital expenditures', () => {
    expect(set16.text(kgs)).toContain('Amounts below are in thousands except percentages.');
    expect(rows(kgs)).toEqual([
      ['ebitda', 'non_gaap', 'FY 2024', 600_000_000, 610_000_000, 'updated', 'USD'],
    ]);
  });

  it('set 15: "Operating profit is expected to exceed the previous forecast" leaves the rows "before amortization of goodwill"', () => {
    const got = guidanceRows(set15.parse(gsy));
    expect(got).toContainEqual([
      'operating_income',
      'unspecified',
      'FY 2025',
      47_000_000_000,
      null,
      'raised',
    ]);
    expect(got).toContainEqual(['operating_income', 'non_gaap', 'FY 2025', 47_800_000_000, null, null]);
    expect(got).toContainEqual(['net_income', 'unspecified', 'FY 2025', 27_000_000_000, null, 'raised']);
    expect(got).toContainEqual(['net_income', 'non_gaap', 'FY 2025', 27_800_000_000, null, null]);
  });
});
