import { describe, expect, it } from 'vitest';
import { heldOutSet, guidanceRows as rows } from './held-out-set.ts';

// Misses of guidance held-out sets 2 and 3 (docs/earnings.md "Guidance held-out sets 2-3: format rules for their
// misses"): real texts transcribed from the page store (MANIFEST.tsv); every value below is the hand-read label
// (labels-guidance-2.tsv / labels-guidance-3.tsv), written before any parser ran on the file.
const read = (dir: string, file: string) => heldOutSet(dir).parse(file);

describe('guidance held-out misses closed by format rules', () => {
  it('"consistent with our previous guidance" is reaffirmed; "This represents a ... decrease of 17%-21%" after revenue', () => {
    const got = rows(read('guidance-held-out-3', 'RGEN_2023-guidance_blogspot_transcribed.txt'));
    expect(got).toContainEqual(['tax_rate', 'non_gaap', 'FY 2023', 20, null, 'reaffirmed']);
    // Below the previous "decrease of 5%-10%": lowered.
    expect(got).toContainEqual(['revenue_growth', 'unspecified', 'FY 2023', -21, -17, 'lowered']);
    // The previous guidance's decrease is no target.
    expect(got.some((g) => g[0] === 'revenue_growth' && (g[3] === -10 || g[3] === 5))).toBe(false);
  });

  it('"raises its earnings expectations" (title) is the status of the EBITDA target, not of sales', () => {
    const got = rows(read('guidance-held-out-2', 'MAXAUT_2019-10-22_DGAP-Adhoc_transcribed.txt'));
    expect(got).toContainEqual(['ebitda', 'non_gaap', 'FY 2019', -10_000_000, -6_000_000, 'raised']);
    expect(got).toContainEqual(['revenue', 'unspecified', 'FY 2019', 400_000_000, 420_000_000, null]);
  });

  it('a second value after "and" with its own basis is the same target on that basis (Repligen 2023)', () => {
    // "Gross margin is expected to be 49.5%-50.5% on a GAAP basis, and 50%-51% on a non-GAAP basis, compared to our
    // previous guidance of 52%-53% for both GAAP and non-GAAP."
    const got = rows(read('guidance-held-out-3', 'RGEN_2023-guidance_blogspot_transcribed.txt'));
    expect(got).toContainEqual(['gross_margin', 'gaap', 'FY 2023', 49.5, 50.5, 'lowered']);
    expect(got).toContainEqual(['gross_margin', 'non_gaap', 'FY 2023', 50, 51, 'lowered']);
  });

  it('a title wording two statuses gives each metric the status word before its name (Church & Dwight Q1 2021)', () => {
    // "RAISES ORGANIC REVENUE AND MAINTAINS FULL YEAR EPS OUTLOOK": the EPS outlook is maintained, not raised.
    const got = rows(read('guidance-held-out-2', 'CHD_2021-04-29_Q1_readkong_transcribed.txt'));
    expect(got).toContainEqual(['eps_diluted', 'non_gaap', 'FY 2021', 3, 3.06, 'reaffirmed']);
    expect(got).toContainEqual(['revenue_growth', 'unspecified', 'FY 2021', 5, 6, 'raised']);
  });
});
