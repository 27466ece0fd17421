import { describe, expect, it } from 'vitest';
import { heldOutSet } from './held-out-set.ts';

// Guidance held-out set 17, Siemens (docs/earnings.md "Guidance held-out set 17", h-guid30, earnings-release/57): the
// outlook quote gives the group's targets as "we" and each business's under its own name; fails on earnings-release/56.
const set17 = heldOutSet('guidance-held-out-17');
const sie = 'SIE_Q3-FY2024_confirms-FY24-outlook-segments-EPS-pre-PPA-euros_sunburstmarkets_transcribed.txt';

describe('a business named as the subject of a target is not the company', () => {
  it('"Digital Industries expects ...", "Mobility expects ... growth of 8% to 11%" give no guidance row', () => {
    const text = set17.text(sie);
    expect(text).toContain('For the Siemens Group we expect comparable revenue growth');
    expect(text).toContain('Mobility expects for fiscal 2024 comparable revenue growth of 8% to 11%');
    const r = set17.parse(sie);
    for (const g of r.guidance) {
      const e = (g.evidence as { text: string }).text;
      expect(e).not.toMatch(/\b(?:Digital Industries|Smart Infrastructure|Mobility) expects\b/);
    }
    // The segments' comparable revenue growth (8% to 4% below, 8% to 11%) is no group target.
    expect(r.guidance.filter((g) => g.metric === 'revenue_growth')).toEqual([]);
    set17.evidenceHolds(sie, r);
  });

  it('"EPS pre PPA ... in fiscal 2023 was €9.93" is the base; "the Earnings Release Q2 FY 2024" dates Q3 in 2024', () => {
    const r = set17.parse(sie);
    expect(set17.text(sie)).toContain('our outlook given in the Earnings Release Q2 FY 2024');
    expect([r.release.fiscal_period, r.release.fiscal_year, r.release.period_end]).toEqual([
      'Q3',
      2024,
      null,
    ]);
    expect(set17.value(r, 'Q3', 'eps', 'non_gaap')).toBe(2.66);
  });
});
