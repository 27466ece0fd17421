import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/platform/errors.ts';
import * as p from '../../api/platform/params.ts';

const params = {
  n: p.int({ description: 'n', min: 1, max: 1000 }),
  d: p.date({ description: 'd' }),
  m: p.month({ description: 'm' }),
  t: p.timestamp({ description: 't' }),
  b: p.boolean({ description: 'b' }),
  e: p.oneOf(['annual', 'quarterly'] as const, { description: 'e' }),
  s: p.repeatable(p.string({ description: 's', max: 5 }), 3),
  r: p.string({ description: 'required', required: true }),
};

function err(raw: p.RawQuery, strict = true): string {
  try {
    p.parseQuery(raw, params, strict);
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return (e as ApiError).message;
  }
  throw new Error('expected a 400');
}

describe('query parsing', () => {
  it('parses typed values', () => {
    expect(
      p.parseQuery(
        {
          r: 'x',
          n: '10',
          d: '2024-02-29',
          m: '2024-12',
          t: '2026-01-31T09:00:00+09:00',
          b: 'true',
          e: 'annual',
          s: ['a', 'b'],
        },
        params,
        true,
      ),
    ).toEqual({
      r: 'x',
      n: 10,
      d: '2024-02-29',
      m: '2024-12',
      t: '2026-01-31T00:00:00.000Z',
      b: true,
      e: 'annual',
      s: ['a', 'b'],
    });
  });

  it('refuses what the declaration does not allow', () => {
    expect(err({ r: 'x', n: '1001' })).toBe(
      "Invalid query parameter 'n': must be an integer between 1 and 1000",
    );
    expect(err({ r: 'x', d: '2023-02-29' })).toMatch(/YYYY-MM-DD/);
    expect(err({ r: 'x', d: '0000-01-01' })).toMatch(/YYYY-MM-DD/); // Postgres has no year 0
    expect(p.parseQuery({ r: 'x', d: '0099-03-01' }, params, true).d).toBe('0099-03-01');
    expect(err({ r: 'x', t: '0001-01-01T00:00:00+01:00' })).toMatch(/years 0001-9999/);
    expect(err({ r: 'x', m: '2024-13' })).toMatch(/YYYY-MM/);
    expect(err({ r: 'x', b: 'yes' })).toMatch(/true or false/);
    expect(err({ r: 'x', e: 'ttm' })).toMatch(/annual, quarterly/);
    expect(err({ r: 'x', s: ['a', 'b', 'c', 'd'] })).toMatch(/at most 3 times/);
    expect(err({ r: 'x', n: ['1', '2'] })).toMatch(/only once/);
    expect(err({})).toMatch(/^Missing required query parameter 'r'/);
    expect(err({ r: 'x', zz: '1' })).toMatch(/^Unknown query parameter 'zz'/);
    expect(p.parseQuery({ r: 'x', zz: '1' }, params, false)).toEqual({ r: 'x' });
  });

  it('never throws anything but a 400 ApiError, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom('n', 'd', 'm', 't', 'b', 'e', 's', 'r', 'x'),
          fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 4 })),
        ),
        (raw) => {
          try {
            p.parseQuery(raw, params, true);
          } catch (e) {
            expect(e).toBeInstanceOf(ApiError);
            expect((e as ApiError).statusCode).toBe(400);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
