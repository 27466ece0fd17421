import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { arrayLiteral } from '../../api/platform/sql.ts';

// pg's own serialization of a parameter (what the driver sends for an array value)
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (v: unknown) => unknown;
};

describe('arrayLiteral (hot statements on Postgres)', () => {
  it("is the text pg's driver makes of the same array, escapes included", () => {
    const cases: unknown[][] = [
      [],
      ['a'],
      ['fd_live_0123abcd', 'GET /v1/companies', 'req-1'],
      ['with "quotes"', 'back\\slash', 'both \\"', '', ' spaced ', 'comma,brace}{', 'NULL', 'é ü 日本'],
      [1, 0, -3, 2.5, 1e21, 200],
      ['mixed', 7],
      [Number.NaN, Number.POSITIVE_INFINITY, -0, 0.1 + 0.2, -1e-7],
      // numbers only, as a hold settle's deltas (charges and refunds), one and many
      [-1],
      [-5, 5, -5, -1, 1, -20000, Number.MAX_SAFE_INTEGER, -Number.MIN_VALUE, 123456789012345680000],
      Array.from({ length: 500 }, (_, i) => (i % 7 === 0 ? 3 : -3)),
      // one element needing escapes among many, first, last and alone
      [...Array.from({ length: 300 }, (_, i) => `req-${i}`), 'a "quoted" id', 'plain'],
      ['"first', 'second'],
      ['first', 'last\\'],
      ['"'],
      ['\\'],
      // a separator-looking element
      ['a","b', 'c'],
      // repeated elements (written once, reused), escaped or not, between numbers
      ['a"b', 'a"b', 'c', 'c', 1, 'c', 'a"b', 'd\\', 'd\\'],
      // characters JSON escapes and the array literal does not: control characters, DEL, lone surrogates,
      // line separators, and a backslash before a letter (which JSON writes as two backslashes)
      ['line\nbreak', 'tab\there', '\u0001\u001f', 'del\u007f', 'lone \ud800 high', 'lone \udc00 low'],
      ['\u2028\u2029', '\\n literally', 'quote "\n" newline', '\\\n', 'emoji 😀 pair'],
      ['plain', 'then\r\n'],
    ];
    for (const values of cases) expect(arrayLiteral(values)).toBe(prepareValue(values));
  });

  it('leaves to the driver what it does not write (nulls, nested arrays, other types)', () => {
    expect(arrayLiteral(['a', null])).toBeUndefined();
    expect(arrayLiteral([['a']])).toBeUndefined();
    expect(arrayLiteral([true])).toBeUndefined();
    expect(arrayLiteral([new Date(0)])).toBeUndefined();
  });
});
