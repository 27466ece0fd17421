import { describe, expect, it } from 'vitest';
import { heldOutSet, guidanceRows as rows } from './held-out-set.ts';

// Held-out set 20's guidance (docs/earnings.md "Held-out set 20"): the values below are the hand-read labels
// (labels-heldout-20.tsv, committed before the parser ran) of real releases transcribed from the page store
// (MANIFEST.tsv).
const set = heldOutSet('held-out-20');

describe('held-out set 20 guidance (h-guid16)', () => {
  it('"reaffirmed its fiscal 2007 guidance of per share diluted earnings between $0.83 and $0.87 on net sales of between $118 million and $123 million": EPS and revenue, nothing from the highlights table after it (CIK 794172)', () => {
    const name = 'CIK794172_8-K_2006-11-15_FQ4_EX-99.1_transcribed_excerpt.txt';
    const r = set.parse(name);
    // The table under the bullet is headed "Three Months Ended September 30 | Fiscal Year Ended September 30" over
    // "2006 | 2005 | % Change": reported results, no outlook rows.
    expect(rows(r)).toEqual([
      ['eps_diluted', 'unspecified', 'FY 2007', 0.83, 0.87, 'reaffirmed'],
      ['revenue', 'unspecified', 'FY 2007', 118_000_000, 123_000_000, 'reaffirmed'],
    ]);
    expect(r.guidance[0]?.unit).toBe('currency_per_share');
    // The table's own figures are still read as the year's results.
    expect(set.value(r, 'FY', 'revenue', 'gaap')).toBe(108_413_000);
    expect(set.value(r, 'FY', 'eps_diluted', 'gaap')).toBe(0.68);
    set.evidenceHolds(name, r);
  });

  it('"The outlook for full-year 2021 EBIT is raised to DKK 1,625-1,700 (previously DKK 1,525-1,625 million)": operating income in millions, raised; "Free cash flow ... was DKK 785 million" no guidance (Royal Unibrew)', () => {
    const name = 'RBREW_2021-08-23_H1_interim_transcribed_excerpt.txt';
    const r = set.parse(name);
    expect(rows(r)).toEqual([
      ['operating_income', 'unspecified', 'FY 2021', 1_625_000_000, 1_700_000_000, 'raised'],
    ]);
    expect(r.guidance[0]?.currency).toBe('DKK');
    set.evidenceHolds(name, r);
  });
});
