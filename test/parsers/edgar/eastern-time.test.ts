import { describe, expect, it } from 'vitest';
import { easternOffsetHours, easternToUtc } from '../../../parsers/edgar/eastern-time.ts';

describe('easternToUtc', () => {
  it('applies the 2007+ rule: second Sunday of March to first Sunday of November', () => {
    expect(easternOffsetHours(2023, 2, 12, 1)).toBe(-5);
    expect(easternOffsetHours(2023, 2, 12, 3)).toBe(-4);
    expect(easternOffsetHours(2023, 10, 5, 1)).toBe(-4);
    expect(easternOffsetHours(2023, 10, 5, 3)).toBe(-5);
  });

  it('applies the 1987-2006 rule: first Sunday of April to last Sunday of October', () => {
    expect(easternOffsetHours(2006, 3, 1, 12)).toBe(-5);
    expect(easternOffsetHours(2006, 3, 2, 12)).toBe(-4);
    expect(easternOffsetHours(2006, 9, 28, 12)).toBe(-4);
    expect(easternOffsetHours(2006, 9, 29, 12)).toBe(-5);
    expect(easternOffsetHours(2006, 2, 20, 12)).toBe(-5);
  });

  it('matches what Intl says for New York at EDGAR hours', () => {
    const fmt = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      timeZoneName: 'shortOffset',
    });
    for (let y = 1993; y <= 2026; y++) {
      for (let day = 0; day < 366; day += 3) {
        const local = new Date(Date.UTC(y, 0, 1 + day, 18, 4, 43));
        const [mo, dd] = [local.getUTCMonth(), local.getUTCDate()];
        const d = easternToUtc(local.getUTCFullYear(), mo, dd, 18, 4, 43);
        const name = fmt.formatToParts(d).find((p) => p.type === 'timeZoneName')?.value;
        const offset = (d.getTime() - local.getTime()) / -3_600_000;
        expect(name).toBe(`GMT${offset}`);
      }
    }
  });

  it("turns Apple's 10-Q acceptance (18:04:43 Eastern, 2023-08-03) into 22:04:43 UTC", () => {
    expect(easternToUtc(2023, 7, 3, 18, 4, 43).toISOString()).toBe('2023-08-03T22:04:43.000Z');
    expect(easternToUtc(1994, 11, 13, 0, 0, 0).toISOString()).toBe('1994-12-13T05:00:00.000Z');
  });
});
