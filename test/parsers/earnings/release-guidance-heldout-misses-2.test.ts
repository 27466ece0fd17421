import { describe, expect, it } from 'vitest';
import { heldOutSet } from './held-out-set.ts';

// Misses of the guidance held-out sets lifted by earnings-release/35 (docs/earnings.md "Guidance held-out misses
// (h-guid23)"): the values below are the hand-read labels of real texts (labels-guidance-*.tsv, MANIFEST.tsv there).
const set13 = heldOutSet('guidance-held-out-13');
const millerKnoll = 'MLKN_Q3-and-FY2025-outlook-table_futunn_transcribed.txt';

describe('an amount shifted between periods is no result (set 13)', () => {
  it('"approximately $12 million in Global Retail net sales shifted from our fiscal second quarter": no figure, no period', () => {
    expect(set13.text(millerKnoll)).toContain(
      'approximately $12 million in Global Retail net sales shifted from our fiscal second quarter',
    );
    const r = set13.parse(millerKnoll);
    // labels-guidance-13.tsv: MillerKnoll no_figures; periods.tsv: none (outlook section only).
    expect(r.figures).toEqual([]);
    expect(r.release.is_earnings_release).toBe(false);
  });
});
