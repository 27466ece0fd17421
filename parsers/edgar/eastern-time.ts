/**
 * EDGAR keeps its clock in US Eastern time (acceptance times, the 17:30 filing-date cut-off). These helpers
 * turn an Eastern wall-clock reading into a UTC instant with the US daylight-saving rules written out, so
 * parsers stay pure and fast (no time-zone database look-up per row).
 */

/** Day of month of the n-th (1-based) Sunday of a month, or of the last Sunday when n is 0. */
function sundayOfMonth(year: number, month: number, n: number): number {
  if (n === 0) {
    const lastDay = new Date(Date.UTC(year, month + 1, 0));
    return lastDay.getUTCDate() - lastDay.getUTCDay();
  }
  const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return 1 + ((7 - firstWeekday) % 7) + (n - 1) * 7;
}

/** Start and end (local 02:00) of daylight saving time as [month, day] pairs, months 0-based. */
function dstBounds(year: number): [[number, number], [number, number]] {
  // Energy Policy Act of 2005, from 2007: second Sunday of March to first Sunday of November.
  if (year >= 2007)
    return [
      [2, sundayOfMonth(year, 2, 2)],
      [10, sundayOfMonth(year, 10, 1)],
    ];
  // 1987-2006: first Sunday of April to last Sunday of October.
  if (year >= 1987)
    return [
      [3, sundayOfMonth(year, 3, 1)],
      [9, sundayOfMonth(year, 9, 0)],
    ];
  // 1967-1986 (EDGAR starts in 1993; kept for completeness): last Sunday of April to last Sunday of October.
  return [
    [3, sundayOfMonth(year, 3, 0)],
    [9, sundayOfMonth(year, 9, 0)],
  ];
}

/** UTC offset in hours (-4 or -5) of US Eastern time at a local wall-clock reading. */
export function easternOffsetHours(year: number, month0: number, day: number, hour: number): number {
  const [[sm, sd], [em, ed]] = dstBounds(year);
  const local = ((month0 * 32 + day) * 24 + hour) | 0;
  const start = (sm * 32 + sd) * 24 + 2;
  const end = (em * 32 + ed) * 24 + 2;
  return local >= start && local < end ? -4 : -5;
}

/** The instant of an Eastern wall-clock time given as its fields (month 0-based). */
export function easternToUtc(
  year: number,
  month0: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  ms = 0,
): Date {
  const offset = easternOffsetHours(year, month0, day, hour);
  return new Date(Date.UTC(year, month0, day, hour - offset, minute, second, ms));
}
