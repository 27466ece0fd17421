import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type GuidanceStatement, guidanceChanges } from '../../../lib/guidance-changes.ts';
import { parseReleaseBytes } from '../../../parsers/earnings/release-rows.ts';

// Issue 28: worded guidance statuses and guidance-only releases, on real release excerpts (MANIFEST.tsv of each
// folder). Every value was read by hand from the file (labels-guidance.tsv, labels-heldout-2.tsv).
const read = (folder: string, file: string) =>
  parseReleaseBytes(readFileSync(new URL(`../../../fixtures/earnings/${folder}/${file}`, import.meta.url)));
const rows = (r: ReturnType<typeof read>) =>
  r.guidance.map((g) => [
    g.metric,
    g.basis,
    g.target_fiscal_period,
    g.target_fiscal_year,
    g.low ?? g.point,
    g.high,
    g.status,
  ]);

describe('worded statuses', () => {
  it('"range narrowed to $4.03 to $4.07, from $4.00 to $4.10 previously" is narrowed (Quest Q3 2014)', () => {
    const r = read('held-out-2', 'DGX_8-K_2014-10-23_EX-99.1_excerpt.txt');
    expect(rows(r)).toContainEqual(['eps_diluted', 'non_gaap', 'FY', 2014, 4.03, 4.07, 'narrowed']);
  });

  it('"adjusted EPS guidance narrowed" words the adjusted range only; "cash flow guidance reaffirmed" names no metric we read (Textron Q3 2018)', () => {
    const r = read('guidance-held-out', 'TXT_2018-10-18_release_excerpt.txt');
    expect(rows(r)).toEqual([
      ['eps_diluted', 'non_gaap', 'FY', 2018, 3.2, 3.3, 'narrowed'],
      ['eps_diluted', 'gaap', 'FY', 2018, 4.81, 4.91, null],
    ]);
  });

  it('"guidance ... remains unchanged" is reaffirmed; "net earnings of $0.03 to $0.09 per share" is EPS (Captaris Q1 2003)', () => {
    const r = read('guidance-held-out', 'CAPA_8-K_2003-05-08_EX-99.1_excerpt.txt');
    expect(rows(r)).toEqual([
      ['revenue', 'unspecified', 'FY', 2003, 92_000_000, 96_000_000, 'reaffirmed'],
      ['eps_diluted', 'unspecified', 'FY', 2003, 0.03, 0.09, 'reaffirmed'],
    ]);
  });

  it('a title "UPDATES 2019 GUIDANCE" words every 2019 target; "$950 million to $1.05 billion" keeps each end’s scale (LabCorp Q2 2019)', () => {
    const r = read('guidance-held-out', 'LH_8-K_2019-07-25_EX-99.1_excerpt.txt');
    expect(rows(r)).toEqual([
      ['eps_diluted', 'non_gaap', 'FY', 2019, 11.1, 11.4, 'updated'],
      ['free_cash_flow', 'unspecified', 'FY', 2019, 950_000_000, 1_050_000_000, 'updated'],
    ]);
    // the Q2 result bullets under that title are results, not guidance
    expect(r.guidance.some((g) => g.target_fiscal_period === 'Q2')).toBe(false);
  });

  it('"we are raising our financial outlook" in the paragraph words the FY21 points; "core EPS" is non-GAAP; the Q4 list has no status (Jabil 2021)', () => {
    const r = read('guidance-held-out', 'JBL_8-K_2021-06-17_EX-99.1_excerpt.txt');
    expect(rows(r)).toEqual([
      ['revenue', 'unspecified', 'FY', 2021, 29_500_000_000, null, 'raised'],
      ['eps_diluted', 'non_gaap', 'FY', 2021, 5.5, null, 'raised'],
      ['revenue', 'unspecified', 'Q4', 2021, 7_300_000_000, 7_900_000_000, null],
      ['operating_income', 'gaap', 'Q4', 2021, 242_000_000, 302_000_000, null],
      ['eps_diluted', 'gaap', 'Q4', 2021, 1, 1.2, null],
      ['operating_income', 'non_gaap', 'Q4', 2021, 280_000_000, 340_000_000, null],
      ['eps_diluted', 'non_gaap', 'Q4', 2021, 1.25, 1.45, null],
      // "• Total company revenue | | Increase 4 percent year-on-year |" (a point: the rows' 5th column is low or point)
      ['revenue_growth', 'unspecified', 'Q4', 2021, 4, null, null],
    ]);
  });
});

describe('guidance-only releases', () => {
  it('a revision with no reported period gives its guidance and no figures, lowered against "previous guidance of $1.76 to $1.86" (H.B. Fuller 2008)', () => {
    const r = read('held-out-2', 'FUL_8-K_2008-09-08_EX-99.1_excerpt.txt');
    expect(r.release.is_earnings_release).toBe(false);
    expect(r.release.is_guidance_only).toBe(true);
    expect(r.figures).toEqual([]);
    expect(rows(r)).toEqual([['eps_diluted', 'unspecified', 'FY', 2008, 1.55, 1.6, 'lowered']]);
  });

  it('a COVID-19 withdrawal is one row per target period named, metric all, no number (Zumiez 2020-03-18)', () => {
    const r = read('guidance-held-out', 'ZUMZ_8-K_2020-03-18_EX-99.1_excerpt.txt');
    expect(r.release.is_guidance_only).toBe(true);
    expect(r.figures).toEqual([]);
    expect(rows(r)).toEqual([
      ['all', 'unspecified', 'Q1', 2020, null, null, 'withdrawn'],
      ['all', 'unspecified', 'FY', 2020, null, null, 'withdrawn'],
    ]);
  });

  it('a withdrawal said twice is one row (Patterson 2020-04-06)', () => {
    const r = read('guidance-held-out', 'PDCO_8-K_2020-04-06_EX-99_excerpt.txt');
    expect(rows(r)).toEqual([['all', 'unspecified', 'FY', 2020, null, null, 'withdrawn']]);
  });

  it('a raise set against the previous range and estimate, by midpoint (Too, Inc. 2006; the quarter ending April 29, 2006 named by the year its fiscal year ends)', () => {
    const r = read('guidance-held-out', 'TOO_8-K_2006-04-04_EX-99.1_excerpt.txt');
    expect(r.figures).toEqual([]);
    expect(rows(r)).toEqual([
      ['eps_diluted', 'unspecified', 'Q1', 2007, 0.28, 0.3, 'raised'],
      ['comparable_sales', 'unspecified', 'Q1', 2007, 6, 7, 'raised'],
    ]);
  });
});

describe('agreement of a worded status with the computed change (lib/guidance-changes.ts)', () => {
  const st = (accession: string, low: number, high: number, status: string | null): GuidanceStatement => ({
    accession_number: accession,
    filing_date: accession,
    ordinal: 0,
    metric: 'eps_diluted',
    basis: 'non_gaap',
    target_fiscal_year: 2019,
    target_fiscal_period: 'FY',
    low,
    high,
    point: null,
    text_value: null,
    status,
    unit: 'currency_per_share',
    announced_at: null,
  });
  const change = (prev: GuidanceStatement, cur: GuidanceStatement) => guidanceChanges([cur, prev])[0]!;

  it('narrowed agrees with a narrowed range and with a tighter one whose midpoint moved; not with a wider one', () => {
    expect(change(st('a', 4.0, 4.1, null), st('b', 4.03, 4.07, 'narrowed'))).toMatchObject({
      change: 'narrowed',
      disagrees: false,
    });
    expect(change(st('a', 2.9, 3.0, null), st('b', 2.92, 3.0, 'narrowed'))).toMatchObject({
      change: 'raised',
      disagrees: false,
    });
    expect(change(st('a', 2.9, 3.0, null), st('b', 3.0, 3.2, 'narrowed'))).toMatchObject({
      change: 'raised',
      disagrees: true,
    });
  });

  it('updated agrees with any move, not with the same range', () => {
    expect(change(st('a', 11.0, 11.4, null), st('b', 11.1, 11.4, 'updated')).disagrees).toBe(false);
    expect(change(st('a', 11.1, 11.4, null), st('b', 11.1, 11.4, 'updated'))).toMatchObject({
      change: 'maintained',
      disagrees: true,
    });
  });
  // A floor / ceiling (docs/earnings.md "Floors and ceilings"): compared on the end it states, never by a midpoint.
  const one = (accession: string, low: number | null, high: number | null, status: string | null) => ({
    ...st(accession, 0, 0, status),
    low,
    high,
  });

  it('a floor against a floor, a range, a point: on its low end (Traeger "Free Cash Flow ... at least $30 million")', () => {
    expect(change(one('a', 30e6, null, null), one('b', 35e6, null, 'raised'))).toMatchObject({
      change: 'raised',
      disagrees: false,
    });
    expect(change(one('a', 30e6, null, null), one('b', 30e6, null, 'reaffirmed'))).toMatchObject({
      change: 'maintained',
      disagrees: false,
    });
    // a range opened into a floor at its low end is wider; a floor closed into a range at the same low is narrower
    expect(change(st('a', 30e6, 40e6, null), one('b', 30e6, null, null)).change).toBe('widened');
    expect(change(one('a', 30e6, null, null), st('b', 30e6, 40e6, 'narrowed'))).toMatchObject({
      change: 'narrowed',
      disagrees: false,
    });
    expect(change(one('a', 30e6, null, null), st('b', 25e6, 28e6, 'lowered')).change).toBe('lowered');
    expect(
      change(one('a', 30e6, null, null), { ...st('b', 0, 0, null), low: null, high: null, point: 32e6 })
        .change,
    ).toBe('raised');
  });

  it('a ceiling on its high end; a floor against a ceiling has no common end', () => {
    expect(change(one('a', null, 0.25, null), one('b', null, 0.22, null)).change).toBe('lowered');
    expect(change(st('a', 0.2, 0.25, null), one('b', null, 0.25, null)).change).toBe('widened');
    expect(change(one('a', 15, null, null), one('b', null, 20, null)).change).toBe('changed');
  });
});
