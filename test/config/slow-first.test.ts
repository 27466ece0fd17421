import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { slowFirst, slowSeconds } from '../setup/slow-first.ts';

// The order vitest.config.ts gives a pool's files (docs/testing.md, "Order of the files").
const files = ['a', 'b', 'c', 'd', 'e'];
const marks: Record<string, number> = { b: 20, d: 110, e: 45 };
const seconds = (f: string) => marks[f] ?? 0;

describe('slow files first', () => {
  it('without a results cache: the marked files by their seconds, then the others in the order given', () => {
    expect(slowFirst(files, seconds, () => undefined)).toEqual(['d', 'e', 'b', 'a', 'c']);
  });

  it("with every marked file in the cache, the cache's durations order them", () => {
    const ms: Record<string, number> = { b: 90_000, d: 40_000, e: 10_000, a: 1 };
    expect(slowFirst(files, seconds, (f) => ms[f])).toEqual(['b', 'd', 'e', 'a', 'c']);
    // one marked file unknown to the cache (new, or renamed): the markers decide
    expect(slowFirst(files, seconds, (f) => (f === 'e' ? undefined : ms[f]))).toEqual([
      'd',
      'e',
      'b',
      'a',
      'c',
    ]);
  });

  it('reads the marker of a real file, and 0 for an unmarked one', () => {
    expect(slowSeconds(readFileSync('test/contract/demo-examples.test.ts', 'utf8'))).toBe(110);
    expect(slowSeconds(readFileSync('test/config/config.test.ts', 'utf8'))).toBe(0);
  });
});
