import { describe, expect, it } from 'vitest';
import { heldOutSet, guidanceRows as rows } from './held-out-set.ts';

// Guidance held-out set 10 (docs/earnings.md "Guidance held-out set 10 (h-guid19)"): the values below are the hand-read
// labels (fixtures/earnings/guidance-held-out-10/labels-guidance-10.tsv) of real outlook texts (MANIFEST.tsv there).
const set10 = heldOutSet('guidance-held-out-10');
const quest = 'DGX_2020-07-23_re-instates-FY20-outlook_nasdaq-rttnews_transcribed.txt';
const abbott = 'ABT_2020-07-16_reinstates-FY-guidance_marketscreener_transcribed.txt';
const garmin = 'GRMN_2018-H1_updating-FY18-guidance-segment-table_edacafe_transcribed.txt';
const aecom = 'ACM_FY17-tax-rate-interest-expense-guidance-tables_edacafe_transcribed.txt';
const note = 'NOTE_2024-09-19_adjusts-Q3-and-FY2024-forecast_allaaktier_transcribed.txt';

describe('guidance reinstated after a withdrawal (Quest Diagnostics and Abbott, July 2020, set 10)', () => {
  it('"re-instated its earnings and adjusted earnings guidance": initiated for both bases, the withdrawal no row', () => {
    const r = set10.parse(quest);
    const got = rows(r);
    expect(got).toContainEqual(['eps_diluted', 'unspecified', 'FY 2020', 5.66, 7.66, 'initiated']);
    expect(got).toContainEqual(['eps_diluted', 'non_gaap', 'FY 2020', 6.6, 8.6, 'initiated']);
    expect(got).toContainEqual(['revenue', 'unspecified', 'FY 2020', 8_000_000_000, 8_600_000_000, null]);
    expect(got.filter((g) => g[5] === 'withdrawn')).toEqual([]);
    set10.evidenceHolds(quest, r);
  });

  it('"reinstated financial guidance for the full year ... at least $3.25 a share": a per-share floor of FY 2020', () => {
    const r = set10.parse(abbott);
    expect(rows(r)).toEqual([['eps_diluted', 'non_gaap', 'FY 2020', 3.25, null, 'initiated']]);
    set10.evidenceHolds(abbott, r);
  });
});

describe('an "Updated | Prior" table printed beside a table of segment growth (Garmin 2018, set 10)', () => {
  it('each row ends at the segment cell; "Pro Forma" is non-GAAP; "updating our full year guidance" is updated', () => {
    const r = set10.parse(garmin);
    const got = rows(r);
    expect(got).toContainEqual(['revenue', 'unspecified', 'FY 2018', 3_300_000_000, null, 'updated']);
    expect(got).toContainEqual(['tax_rate', 'non_gaap', 'FY 2018', 17.5, null, 'updated']);
    expect(got).toContainEqual(['eps_diluted', 'non_gaap', 'FY 2018', 3.3, null, 'updated']);
    expect(got).toContainEqual(['operating_margin', 'unspecified', 'FY 2018', 21.5, null, 'updated']);
    // Neither the "Prior" column nor a segment's growth ("Aviation | ~18%") is a target.
    expect(got.filter((g) => [3_200_000_000, 3.05, 18, 13, 19, -17].includes(g[3] as number))).toEqual([]);
    expect(got.filter((g) => g[1] === 'non_gaap' && g[0] === 'operating_margin')).toEqual([]);
    set10.evidenceHolds(garmin, r);
  });
});

describe('EPS, tax rate and interest expense reconciliation tables (AECOM fiscal 2017, set 10)', () => {
  it('"GAAP ... Guidance" / "Adjusted ... Guidance" rows are the targets, reconciling items none', () => {
    const r = set10.parse(aecom);
    const got = rows(r);
    expect(got).toContainEqual(['eps_diluted', 'gaap', 'FY 2017', 2.15, 2.55, null]);
    expect(got).toContainEqual(['eps_diluted', 'non_gaap', 'FY 2017', 2.8, 3.2, null]);
    expect(got).toContainEqual(['tax_rate', 'gaap', 'FY 2017', 16, null, null]);
    expect(got).toContainEqual(['tax_rate', 'non_gaap', 'FY 2017', 20, null, null]);
    expect(got).toHaveLength(6);
    expect(r.figures).toEqual([]);
    set10.evidenceHolds(aecom, r);
  });

  it('"(in millions)" as a row of its own under "Fiscal Year End 2017": interest expense in full units', () => {
    const got = rows(set10.parse(aecom));
    expect(got).toContainEqual(['interest_expense', 'gaap', 'FY 2017', 205_000_000, null, null]);
    expect(got).toContainEqual(['interest_expense', 'non_gaap', 'FY 2017', 190_000_000, null, null]);
  });
});

describe('a SEK forecast adjusted for a quarter, the next quarter and the year (NOTE 2024-09-19, set 10)', () => {
  it('"turnover" is revenue; "adjusts forecast for Q3 and full year 2024" updates those; Q4 takes 2024', () => {
    const r = set10.parse(note);
    const got = rows(r);
    expect(got).toContainEqual(['revenue', 'unspecified', 'Q3 2024', 790_000_000, 810_000_000, 'updated']);
    expect(got).toContainEqual(['operating_margin', 'unspecified', 'Q3 2024', 7.5, 8, 'updated']);
    expect(got).toContainEqual(['revenue', 'unspecified', 'Q4 2024', 975_000_000, 1_025_000_000, null]);
    expect(got).toContainEqual(['operating_margin', 'unspecified', 'Q4 2024', 9.5, null, null]);
    expect(got).toContainEqual([
      'revenue',
      'unspecified',
      'FY 2024',
      3_830_000_000,
      3_900_000_000,
      'updated',
    ]);
    expect(got).toContainEqual(['operating_margin', 'unspecified', 'FY 2024', 8.9, 9.2, 'updated']);
    expect(r.release.currency).toBe('SEK');
    set10.evidenceHolds(note, r);
  });

  it('"compared to the previous forecast of SEK 4.10-4.40 billion and an operating margin of 9.5-10.5%": no target', () => {
    const got = rows(set10.parse(note));
    expect(got.filter((g) => g[3] === 9.5 && g[4] === 10.5)).toEqual([]);
    expect(got.filter((g) => g[3] === 4_100_000_000)).toEqual([]);
  });
});

describe('a status worded with no value for a named year (sets 3 and 4 leftovers, h-guid19)', () => {
  it('"affirmed its fiscal 2023 guidance while setting longer-term targets": FY 2023 as a whole, reaffirmed', () => {
    const set3 = heldOutSet('guidance-held-out-3');
    const got = rows(set3.parse('RL_2022-09-19_long-term-targets_seekingalpha_transcribed.txt'));
    expect(got).toContainEqual(['all', 'unspecified', 'FY 2023', null, null, 'reaffirmed']);
    expect(got).toContainEqual(['operating_margin', 'unspecified', 'FY 2025', 15, null, null]);
    // No such row where the document gives the year a value ("updated FY 2023 guidance" over its table).
    const altr = rows(set3.parse('ALTR_2023-Q2-and-FY-guidance_edacafe_transcribed.txt'));
    expect(altr.filter((g) => g[0] === 'all')).toEqual([]);
    expect(altr.some((g) => g[2] === 'FY 2023' && g[3] !== null)).toBe(true);
  });

  it('"Lowered 2015 revenue outlook based on weaker LED industry conditions": FY 2015 revenue, lowered', () => {
    const set4 = heldOutSet('guidance-held-out-4');
    const got = rows(set4.parse('VECO_8-K_2015-10-28_EX-99.1_Q3-2015_getfilings_transcribed.txt'));
    expect(got).toEqual([['revenue', 'unspecified', 'FY 2015', null, null, 'lowered']]);
  });
});

describe('a target naming no period beside targets of one period (set 1 leftover, h-guid19)', () => {
  it('"The comparable basis tax rate is expected to be 37 percent" beside fiscal 2009 EPS ranges: FY 2009', () => {
    const set1 = heldOutSet('guidance-held-out');
    const got = rows(set1.parse('STZ_8-K_0001144204-08-067818_EX-99.1_excerpt.txt'));
    expect(got).toContainEqual(['tax_rate', 'non_gaap', 'FY 2009', 37, null, null]);
    // (Allgeier's second-half EBITDA, no period of the schema, stays off its fiscal 2024 EBITDA target.)
    const set9 = heldOutSet('guidance-held-out-9');
    const allgeier = rows(
      set9.parse('ALLGEIER_2024-08-06_H2-and-FY2024-forecast_wallstreet-online_transcribed.txt'),
    );
    expect(allgeier.filter((g) => g[0] === 'ebitda' && g[2] === 'FY 2024')).toEqual([
      ['ebitda', 'non_gaap', 'FY 2024', 63_000_000, null, null],
    ]);
  });
});
