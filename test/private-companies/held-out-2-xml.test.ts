import { describe, expect, it } from 'vitest';
import { formDHeldOut2 } from '../../cli/quality/held-out-xml.ts';

// Held-out set 2 (fixtures/private-companies/held-out-2, MANIFEST.tsv): five real Form D documents never used to
// write the parser, scored against their hand labels (labels.tsv, committed before the parser ran on them).
describe('Form D parser on held-out set 2', () => {
  it('reads every file and matches every hand label (D/A submission, Indefinite pooled fund, several relationships)', () => {
    const lines: string[] = [];
    const s = formDHeldOut2((l) => lines.push(l));
    expect(s.files).toBe(5);
    expect(s.notRead).toBe(0);
    expect(s.labels).toBe(209);
    expect(s.misses).toEqual([]);
    expect(s.matched).toBe(209);
  });
});
