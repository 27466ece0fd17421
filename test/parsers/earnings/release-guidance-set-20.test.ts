import { describe, expect, it } from 'vitest';
import { guidanceRows, heldOutSet } from './held-out-set.ts';

// Guidance held-out set 20 (docs/earnings.md "Guidance held-out set 20", h-guid33, earnings-release/63): each value below
// is the hand-read label of a real text (labels-guidance-20.tsv, MANIFEST.tsv there); each case fails on
// earnings-release/61.
const set20 = heldOutSet('guidance-held-out-20');
const cl =
  'CL_2023-04-28_Q1-boosts-FY23-sales-growth-keeps-EPS-growth-in-words_finanzen-rttnews_transcribed.txt';
const dge = 'DGE_FY2022_H1-organic-growth-at-least-16-medium-term-FY23-25_stockmarketwire_transcribed.txt';
const pnc = 'PNC_Q2-2023_cuts-FY23-NII-growth-5-6-percent_wallstreetobserver-reuters_transcribed.txt';
const enbw = 'ENBW_2023-H1_preliminary-confirms-EBITDA-EUR-4.7-5.2bn-upper-end_enbw_transcribed.txt';
const dte = 'DTE_2023-Q3_raises-FY23-adjusted-EBITDA-AL-EUR-41.1bn-FCF_telekom-report_transcribed.txt';

describe('guidance held-out set 20', () => {
  it('EPS growth "in double-digit percentage" is no target; "boosting ... organic sales growth outlook" raises it', () => {
    const r = set20.parse(cl);
    expect(guidanceRows(r)).toEqual([
      ['revenue_growth', 'unspecified', 'FY 2023', 3, 6, null],
      ['organic_revenue_growth', 'unspecified', 'FY 2023', 4, 6, 'raised'],
    ]);
    set20.evidenceHolds(cl, r);
  });

  it('NII "to rise 5% to 6%" and a medium-term range "for fiscal 2023 to fiscal 2025" give no row', () => {
    expect(guidanceRows(set20.parse(pnc))).toEqual([]);
    expect(guidanceRows(set20.parse(dge))).toEqual([]);
  });

  it('"in the 2023 financial year" is FY 2023, not the half the text opened with', () => {
    const r = set20.parse(enbw);
    expect(guidanceRows(r, { currency: true })).toContainEqual([
      'ebitda',
      'non_gaap',
      'FY 2023',
      4_700_000_000,
      5_200_000_000,
      'reaffirmed',
      'EUR',
    ]);
    set20.evidenceHolds(enbw, r);
  });

  it('"free cash flow AL for the Group (before ...) of over EUR 16.1 billion"; a segment\'s EBITDA is no row', () => {
    const r = set20.parse(dte);
    expect(guidanceRows(r, { currency: true })).toEqual([
      ['ebitda', 'non_gaap', 'FY 2023', 41_100_000_000, null, null, 'EUR'],
      ['free_cash_flow', 'unspecified', 'FY 2023', 16_100_000_000, null, 'raised', 'EUR'],
    ]);
    set20.evidenceHolds(dte, r);
  });
});
