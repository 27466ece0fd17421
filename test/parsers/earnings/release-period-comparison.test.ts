import { describe, expect, it } from 'vitest';
import { heldOutSet } from './held-out-set.ts';

/**
 * A year named in a comparison is the comparison's: "up 7.22% compared to the third quarter of 2024" and "an increase
 * of 0.5% from $2.87 billion in the second quarter of 2018" name the year-ago quarter, so the quarter reported is a
 * year later (parsers/earnings/release-period.ts, COMPARED_WITH). Both files' years were read by hand: the first
 * release's balances are "as of September 30, 2025"; the second's quarter "ended June 30, 2019".
 */
describe('earnings release period: the same quarter named in a comparison', () => {
  it('a bank release whose prose names only the year-ago third quarter reports Q3 2025', () => {
    const r = heldOutSet('held-out-3').parse('CIK1085913_8-K_2025_EX-99_excerpt.txt');
    expect(r.release).toMatchObject({ fiscal_period: 'Q3', fiscal_year: 2025 });
    expect(r.figures.find((f) => f.metric === 'net_income')).toMatchObject({
      fiscal_year: 2025,
      value: 23_700_000,
    });
  });

  it('"an increase of 0.5% from $2.87 billion in the second quarter of 2018" is Q2 2019\'s comparison', () => {
    const r = heldOutSet('guidance-held-out').parse('LH_8-K_2019-07-25_EX-99.1_excerpt.txt');
    expect(r.release).toMatchObject({ fiscal_period: 'Q2', fiscal_year: 2019, period_end: '2019-06-30' });
  });
});
