import { describe, expect, it } from 'vitest';
import { guidanceRows, heldOutSet } from './held-out-set.ts';

// Guidance held-out set 17 (docs/earnings.md "Guidance held-out set 17", h-guid29, earnings-release/55): each value below
// is the hand-read label of a real text (labels-guidance-17.tsv, MANIFEST.tsv there); each case fails on
// earnings-release/53.
const set17 = heldOutSet('guidance-held-out-17');
const cpb =
  'CPB_2026-03-11_trims-FY26-adjusted-EPS-organic-net-sales-decline_finanzen-rttnews_transcribed.txt';
const flo = 'FLO_FY25_cuts-adjusted-EPS-revenue-compared-to-prior-guidance_tipranks-thefly_transcribed.txt';
const syy = 'SYY_Q2-FY2026_lifts-FY26-adjusted-EPS-high-end-of-growth-range_particlenews_transcribed.txt';
const hcl =
  'HCLTECH_2025-07-14_Q1-FY26-narrows-CC-revenue-growth-lowers-EBIT-margin-crore_ndtvprofit_transcribed.txt';
const lloy =
  'LLOY_2025-02-20_FY24-results-2025-underlying-NII-approximately-pounds_finanznachrichten-rttnews_transcribed.txt';
const wcn = 'WCN_2025-02-12_Q4-2024-results-2025-outlook-net-income-margin-bps_newswire-ca_transcribed.txt';

/** metric, basis, target, low or point, high, status, currency. */
const rows = (name: string) => guidanceRows(set17.parse(name), { currency: true });

describe('cuts and raises worded by wire items and nouns', () => {
  it('"trimmed its adjusted earnings and organic net sales guidance"; "organic net sales decline of 2 to 1 percent"', () => {
    expect(set17.text(cpb)).toContain('on organic net sales decline of 2 to 1 percent.');
    expect(rows(cpb)).toEqual([
      ['eps_diluted', 'non_gaap', 'FY 2026', 2.15, 2.25, 'lowered', 'USD'],
      ['organic_revenue_growth', 'unspecified', 'FY 2026', -2, -1, 'lowered', null],
    ]);
  });

  it('"Cuts FY25 revenue view to $5.239B-$5.308B from $5.297B-$5.395B" comes before the variant excluding an acquisition', () => {
    const revenue = rows(flo).filter((r) => r[0] === 'revenue');
    // The quality command takes the first row of a metric, basis and target; the variants "Excluding the Simple Mills
    // acquisition" follow it.
    expect(revenue[0]).toEqual([
      'revenue',
      'unspecified',
      'FY 2025',
      5_239_000_000,
      5_308_000_000,
      'lowered',
      'USD',
    ]);
    expect(rows(flo)[0]).toEqual(['eps_diluted', 'non_gaap', 'FY 2025', 1, 1.1, 'lowered', 'USD']);
  });

  it('"the outlook increase absorbs about a $100 million ... headwind" raises the one fiscal 2026 target', () => {
    expect(rows(syy)).toEqual([['eps_diluted', 'non_gaap', 'FY 2026', 4.5, 4.6, 'raised', 'USD']]);
  });
});

describe('periods and headings', () => {
  it('"the first quarter of the financial year ending March 2026" is Q1 of fiscal 2026 (rupees in crore)', () => {
    const r = set17.parse(hcl);
    expect(r.release.fiscal_period).toBe('Q1');
    expect(r.release.fiscal_year).toBe(2026);
    expect(set17.value(r, 'Q1', 'revenue', 'gaap')).toBe(303_490_000_000);
  });

  it('the lines under "Expectations for 2025" are 2025 targets, no reported figures', () => {
    const r = set17.parse(wcn);
    expect(guidanceRows(r, { currency: true })).toEqual([
      ['revenue', 'unspecified', 'FY 2025', 9_450_000_000, 9_600_000_000, null, 'USD'],
      ['net_income', 'unspecified', 'FY 2025', 1_186_000_000, 1_224_000_000, null, 'USD'],
      ['free_cash_flow', 'non_gaap', 'FY 2025', 1_300_000_000, 1_350_000_000, null, 'USD'],
    ]);
    // "Full year 2024 revenue of $8.920 billion" is the year's result; "Net income of $1.186 billion to $1.224 billion"
    // under the heading is no figure.
    expect(set17.value(r, 'FY', 'revenue', 'gaap')).toBe(8_920_000_000);
    expect(set17.value(r, 'FY', 'net_income', 'gaap')).not.toBe(1_186_000_000);
    set17.evidenceHolds(wcn, r);
  });

  it('"reported fiscal 2024 statutory profit before tax" reports fiscal 2024: basic EPS "6.3 pence"', () => {
    const r = set17.parse(lloy);
    expect([r.release.fiscal_period, r.release.fiscal_year, r.release.period_end]).toEqual([
      'FY',
      2024,
      null,
    ]);
    expect(set17.value(r, 'FY', 'eps_basic', 'gaap')).toBe(0.063);
    expect(rows(lloy)).toEqual([
      ['net_interest_income', 'non_gaap', 'FY 2025', 13_500_000_000, null, null, 'GBP'],
    ]);
  });

  it('under "Fourth Quarter and Full Year 2024 Highlights" a line naming no period continues the full year named before it', () => {
    const r = set17.parse(wcn);
    expect(set17.value(r, 'FY', 'net_income', 'gaap')).toBe(617_600_000);
    expect(
      [
        ['net_income', 'non_gaap'],
        ['ebitda', 'non_gaap'],
        ['free_cash_flow', 'non_gaap'],
      ].map(([m, b]) => set17.value(r, 'FY', m!, b!)),
    ).toEqual([1_239_000_000, 2_902_000_000, 1_218_000_000]);
  });
});
