import { describe, expect, it } from 'vitest';
import { heldOutSet, guidanceRows as rows } from './held-out-set.ts';

// Guidance held-out set 2 (docs/earnings.md "Guidance held-out set 2"): real guidance texts transcribed from the page
// store (MANIFEST.tsv); every value below was read by hand from the file (labels-guidance-2.tsv) before any parser
// ran on it.
const read = heldOutSet('guidance-held-out-2').parse;

describe('guidance held-out set 2', () => {
  it('an outlook table of midpoint +/- spread rows, in millions, non-GAAP below its heading (Semtech Q4 fiscal 2025)', () => {
    const r = read('SMTC_Q4-FY2025-outlook_futunn_transcribed.txt');
    const got = rows(r);
    expect(got).toContainEqual(['revenue', 'unspecified', 'Q4 2025', 245_000_000, 255_000_000, null]);
    expect(got).toContainEqual(['gross_margin', 'non_gaap', 'Q4 2025', 52.3, 53.3, null]);
    expect(got).toContainEqual(['eps_diluted', 'non_gaap', 'Q4 2025', 0.29, 0.35, null]);
    expect(got).toContainEqual(['ebitda', 'non_gaap', 'Q4 2025', 54_100_000, 59_700_000, null]);
    expect(got).toContainEqual(['ebitda_margin', 'non_gaap', 'Q4 2025', 22.1, 23.5, null]);
    expect(got).toContainEqual(['diluted_shares', 'non_gaap', 'Q4 2025', 80_000_000, null, null]);
    expect(got).toHaveLength(11);
    expect(r.figures).toEqual([]);
  });

  it('"confirm the full year 2021 guidance" covers the unqualified revenue range too (CompuGroup Medical, EUR)', () => {
    const got = rows(read('CGM_2021_DGAP-News_transcribed.txt'));
    expect(got).toContainEqual([
      'revenue',
      'unspecified',
      'FY 2021',
      1_000_000_000,
      1_040_000_000,
      'reaffirmed',
    ]);
    expect(got).toContainEqual(['ebitda', 'non_gaap', 'FY 2021', 210_000_000, 230_000_000, 'reaffirmed']);
  });

  it('EBITDA margin from the sentence before, ROCE, organic growth "is confirmed" (GEA 2024)', () => {
    expect(rows(read('GEA_2024-07-10_EQS-News_transcribed.txt'))).toEqual([
      ['ebitda_margin', 'non_gaap', 'FY 2024', 14.9, 15.2, 'raised'],
      ['roce', 'unspecified', 'FY 2024', 32, 35, 'raised'],
      ['organic_revenue_growth', 'unspecified', 'FY 2024', 2, 4, 'reaffirmed'],
    ]);
  });

  it('the title names the year; "EUR -6 to -10 million" is -10..-6 million; an "EBITDA effect" is no target (MAX Automation 2019)', () => {
    expect(rows(read('MAXAUT_2019-10-22_DGAP-Adhoc_transcribed.txt'))).toEqual([
      ['revenue', 'unspecified', 'FY 2019', 400_000_000, 420_000_000, null],
      // The title's "raises its earnings expectations" (labels-guidance-2.tsv: raised).
      ['ebitda', 'non_gaap', 'FY 2019', -10_000_000, -6_000_000, 'raised'],
    ]);
  });

  it('a "2021 Full Year Outlook" column beside "2021 First Quarter Results" targets FY 2021 (Church & Dwight Q1 2021)', () => {
    expect(rows(read('CHD_2021-04-29_Q1_readkong_transcribed.txt'))).toContainEqual([
      'revenue_growth',
      'unspecified',
      'FY 2021',
      5,
      6,
      'raised',
    ]);
  });
});
