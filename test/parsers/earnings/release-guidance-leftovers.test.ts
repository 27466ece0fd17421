import { describe, expect, it } from 'vitest';
import { heldOutSet, guidanceRows as rows } from './held-out-set.ts';

// Leftovers of guidance sets 2 and 8 (docs/earnings.md "Guidance leftovers of sets 2 and 8 (h-guid17)"): the values below
// are the hand-read labels (labels-guidance-2.tsv, labels-guidance-8.tsv, periods.tsv) of real releases (MANIFEST.tsv).
const set2 = heldOutSet('guidance-held-out-2');
const set8 = heldOutSet('guidance-held-out-8');
const sonoco = 'SON_2020-Q1_paperadvance_transcribed.txt';
const infosys = 'INFY_2019-07-12_Q1-FY20-raises-revenue-guidance_ndtv_transcribed.txt';

describe('a withdrawal glued by ".-" to the next bullet (Sonoco Q1 2020, guidance set 2)', () => {
  it('"First-quarter 2020 GAAP earnings per diluted share were $0.80": the hyphenated quarter names the year', () => {
    const r = set2.parse(sonoco);
    expect([r.release.fiscal_period, r.release.fiscal_year]).toEqual(['Q1', 2020]);
  });

  it('"Base net income attributable to Sonoco (base earnings) for first-quarter 2020 was $0.94 per diluted share": non-GAAP EPS', () => {
    const r = set2.parse(sonoco);
    expect(set2.value(r, 'Q1', 'eps_diluted', 'non_gaap')).toBe(0.94);
    expect(set2.value(r, 'Q1', 'eps_diluted', 'gaap')).toBe(0.8);
  });

  it('"withdrawn its full-year 2020 guidance for base earnings, cash flow from operations and free cash flow": one row each', () => {
    const r = set2.parse(sonoco);
    const got = rows(r);
    expect(got).toContainEqual(['eps_diluted', 'non_gaap', 'FY 2020', null, null, 'withdrawn']);
    expect(got).toContainEqual(['cash_flow', 'unspecified', 'FY 2020', null, null, 'withdrawn']);
    // "(See free cash flow definition and reconciliation to cash flow from operations later in this release.)"
    expect(got).toContainEqual(['free_cash_flow', 'non_gaap', 'FY 2020', null, null, 'withdrawn']);
    expect(got.filter((g) => g[0] === 'all')).toEqual([]);
    set2.evidenceHolds(sonoco, r);
  });

  it('"second-quarter base earnings guidance of $0.73 to $0.83, compared to $0.95 per diluted share in the second quarter of 2019"', () => {
    const r = set2.parse(sonoco);
    const got = rows(r);
    expect(got).toContainEqual(['eps_diluted', 'non_gaap', 'Q2 2020', 0.73, 0.83, null]);
    // Neither a 2019 target nor a withdrawn one nor net income.
    expect(got.filter((g) => g[2] === 'Q2 2019' || g[0] === 'net_income')).toEqual([]);
    expect(r.guidance).toHaveLength(4);
  });
});

describe('"Organic" named alone before a percent (Church & Dwight Q1 2021, guidance set 2)', () => {
  it('"Raises Net Sales growth to +5-6%; Raises Organic to +4-5%"', () => {
    const file = 'CHD_2021-04-29_Q1_readkong_transcribed.txt';
    const r = set2.parse(file);
    const got = rows(r);
    expect(got).toContainEqual(['organic_revenue_growth', 'unspecified', 'FY 2021', 4, 5, 'raised']);
    expect(got).toContainEqual(['revenue_growth', 'unspecified', 'FY 2021', 5, 6, 'raised']);
    set2.evidenceHolds(file, r);
  });
});

describe('a results sentence that turns to guidance at "but raised" (Infosys Q1 FY20, guidance set 8)', () => {
  it('"reported net profit of Rs 3,802 crore in April-June period, down 6.76 per cent ... but raised its revenue growth guidance"', () => {
    const r = set8.parse(infosys);
    expect(set8.value(r, 'Q1', 'net_income', 'gaap')).toBe(38_020_000_000);
    set8.evidenceHolds(infosys, r);
  });
});
