import { describe, expect, it } from 'vitest';
import { heldOutSet, guidanceRows as rows } from './held-out-set.ts';

// Guidance held-out set 5 (docs/earnings.md "Guidance held-out set 5"): the values below are the hand-read labels
// (labels-guidance-5.tsv) of real outlook texts transcribed from the page store (MANIFEST.tsv).
const set = heldOutSet('guidance-held-out-5');

describe('guidance misses read against their documents (guidance set 5, held-out 16-17)', () => {
  it('"revenues between $810 million and $840 million, representing flat to 4 percent growth": growth 0..4 (TreeHouse 2023)', () => {
    const name = 'THS_2023-06-13_outlook_nasdaq-rttnews_transcribed.txt';
    const r = set.parse(name);
    const got = rows(r);
    expect(got).toContainEqual(['revenue', 'unspecified', 'Q2 2023', 810_000_000, 840_000_000, 'reaffirmed']);
    expect(got).toContainEqual(['revenue_growth', 'unspecified', 'Q2 2023', 0, 4, 'reaffirmed']);
    // "with a sales growth of 6 to 8 percent" names its own metric: one growth row for FY 2023, not two.
    expect(got.filter((g) => g[0] === 'revenue_growth' && g[2] === 'FY 2023')).toHaveLength(1);
    set.evidenceHolds(name, r);
  });

  it('"updating our full year revenue outlook to $1,757 - $1,764 million, or 13% y/y": FY 2024 as the document\'s other full-year targets (Wix 2024)', () => {
    const name = 'WIX_2024-outlook-raised_moomoo_transcribed.txt';
    const r = set.parse(name);
    const got = rows(r);
    expect(got).toContainEqual([
      'revenue',
      'unspecified',
      'FY 2024',
      1_757_000_000,
      1_764_000_000,
      'updated',
    ]);
    expect(got).toContainEqual(['revenue_growth', 'unspecified', 'FY 2024', 13, null, 'updated']);
    // "We expect total revenue in Q4'24 of $457 - $464 million, or 13-15% y/y growth."
    expect(got).toContainEqual(['revenue_growth', 'unspecified', 'Q4 2024', 13, 15, null]);
    // "free cash flow ... of $483 - $488 million, or 27-28% of revenue": a ratio, no growth row.
    expect(got.some((g) => g[0] === 'revenue_growth' && g[3] === 27)).toBe(false);
    set.evidenceHolds(name, r);
  });

  it('"First nine months revenues grew 30.8% year-over-year to RMB317.4 million ...; Company reiterates FY2010 revenue guidance": a result, no guidance row (3SBio 2010)', () => {
    const r = heldOutSet('held-out-17').parse('SSRX_8-K_2010-11-15_EX-99.1_transcribed_excerpt.txt');
    expect(r.guidance).toEqual([]);
    // The quarter's figure is still read ("Total net revenues increased by 24.9% ... to RMB115.6 million").
    expect(r.figures.find((f) => f.metric === 'revenue')?.value).toBe(115_600_000);
  });

  it('"Outlook for the Quarter ending December 31, 2023 ... in the range of $2,617 million to $2,672 million*" in a Q2 FY2024 release: Q3 FY2024, the range (Wipro 2023)', () => {
    const r = heldOutSet('held-out-16').parse('WIT_2023-10-18_FQ2_release_transcribed_excerpt.txt');
    expect(rows(r)).toEqual([['revenue', 'unspecified', 'Q3 2024', 2_617_000_000, 2_672_000_000, null]]);
  });

  it('"(1) Non-GAAP earnings per diluted share exclude $0.11 related to stock-based compensation": an excluded item, no figure (guidance metrics excerpt)', () => {
    const r = set.parse('MCADCAFE-1279094_Q2-FY15-and-FY15-guidance-metrics_transcribed.txt');
    expect(r.figures).toEqual([]);
    expect(rows(r)).toContainEqual(['eps_diluted', 'non_gaap', 'Q2 2015', 0.25, 0.3, null]);
  });

  it('a lead ending in a colon words the status of its own list only: the "updated" net income bullet keeps updated (Casella 2023)', () => {
    const got = rows(set.parse('CWST_2023-11-01_FY23-outlook_benzinga_transcribed.txt'));
    // "The Company updated certain guidance for fiscal year 2023 ...: •Net income between $33 million and $39 million"
    expect(got).toContainEqual(['net_income', 'unspecified', 'FY 2023', 33_000_000, 39_000_000, 'updated']);
    // "The Company raised guidance for fiscal year 2023 ...: •Adjusted EBITDA between $292 million and $298 million"
    expect(got).toContainEqual(['ebitda', 'non_gaap', 'FY 2023', 292_000_000, 298_000_000, 'raised']);
  });

  it('"lifted its full year 2021 outlook" names no metric in its own sentence: every fiscal 2021 target is raised, its margins too (Garmin 2021)', () => {
    const got = rows(set.parse('GRMN_2021-07_raises-FY21-outlook_dpa-afx_transcribed.txt'));
    // "For full year 2021, the company also expects a gross margin of approximately 58.5 percent, operating margin of
    // around 23.8 percent respectively."
    expect(got).toContainEqual(['gross_margin', 'unspecified', 'FY 2021', 58.5, null, 'raised']);
    expect(got).toContainEqual(['operating_margin', 'unspecified', 'FY 2021', 23.8, null, 'raised']);
  });

  it('"confirmed its forecast for second quarter, as well as fiscal 2023 revenue view. Further, the company updated outlook for full-year adjusted EBITDA": Q2 targets reaffirmed, FY EBITDA updated (TreeHouse 2023)', () => {
    const got = rows(set.parse('THS_2023-06-13_outlook_nasdaq-rttnews_transcribed.txt'));
    expect(got).toContainEqual(['ebitda', 'non_gaap', 'Q2 2023', 65_000_000, 80_000_000, 'reaffirmed']);
    expect(got).toContainEqual(['ebitda_margin', 'non_gaap', 'Q2 2023', 7.9, 9.4, 'reaffirmed']);
    expect(got).toContainEqual(['ebitda', 'non_gaap', 'FY 2023', 355_000_000, 370_000_000, 'updated']);
  });
});
