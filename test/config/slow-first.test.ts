import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { committedDurations, passName, slowFirst, slowSeconds } from '../setup/slow-first.ts';

// The order vitest.config.ts gives a pool's files (docs/testing.md, "Order of the files").
const files = ['a', 'b', 'c', 'd', 'e'];
const marks: Record<string, number> = { b: 20, d: 110, e: 45 };
const seconds = (f: string) => marks[f] ?? 0;
const none = () => undefined;

describe('longest files first', () => {
  it('with neither committed durations nor a results cache: the marked files by their seconds, then the others in the order given', () => {
    expect(slowFirst(files, { committedMs: none, cachedMs: none, seconds })).toEqual([
      'd',
      'e',
      'b',
      'a',
      'c',
    ]);
  });

  it("the results cache's durations order the files it knows, a marker stands in for a file it does not know", () => {
    const ms: Record<string, number> = { b: 90_000, d: 40_000, a: 1 };
    expect(slowFirst(files, { committedMs: none, cachedMs: (f) => ms[f], seconds })).toEqual([
      'b',
      'e',
      'd',
      'a',
      'c',
    ]);
  });

  it('committed durations win over the cache (which may hold the other pass), and order unmarked files too', () => {
    const committed: Record<string, number> = { a: 300_000, c: 5_000, d: 60_000 };
    const cached: Record<string, number> = { a: 1, d: 500_000 };
    expect(
      slowFirst(files, { committedMs: (f) => committed[f], cachedMs: (f) => cached[f], seconds }),
    ).toEqual(['a', 'd', 'e', 'b', 'c']);
  });

  it('reads the marker of a real file, and 0 for an unmarked one', () => {
    expect(slowSeconds(readFileSync('test/contract/demo-examples.test.ts', 'utf8'))).toBe(110);
    expect(slowSeconds(readFileSync('test/config/config.test.ts', 'utf8'))).toBe(0);
  });

  it("reads one pass's committed durations, and nothing from a missing file or pass", () => {
    const dir = mkdtempSync(join(tmpdir(), 'durations-'));
    const file = join(dir, 'durations.json');
    writeFileSync(file, JSON.stringify({ note: 'x', backend: { 'isolated:test/a.test.ts': 1200 } }));
    expect([...committedDurations('backend', file)]).toEqual([['isolated:test/a.test.ts', 1200]]);
    expect(committedDurations('embedded', file).size).toBe(0);
    expect(committedDurations('backend', join(dir, 'missing.json')).size).toBe(0);
    expect(passName('backend')).toBe('backend');
    expect(passName(undefined)).toBe('embedded');
  });
});
