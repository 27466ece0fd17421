import { describe, expect, it } from 'vitest';
import { ownershipHeldOut2 } from '../../cli/quality/held-out-xml.ts';

// Held-out set 3 (fixtures/ownership/held-out-3, MANIFEST.tsv gives each file's source): six real ownership
// filings scored against their hand labels (labels.tsv, committed before the parsers first ran on them).
describe('ownership parsers on held-out set 3', () => {
  it('reads every file and matches every hand label, joint owners (o<n>, owners) included', () => {
    const lines: string[] = [];
    const s = ownershipHeldOut2((l) => lines.push(l), 'fixtures/ownership/held-out-3');
    expect(s.files).toBe(6);
    expect(s.notRead).toBe(0);
    expect(s.labels).toBe(155);
    expect(s.misses).toEqual([]);
    expect(s.matched).toBe(155);
    // the joint filing's second owner is scored by its own record, not only the filer's name
    expect(lines.join('\n')).toContain('ATTO_4_2026-08-04_0001231919-26-000838');
  });
});
