/**
 * FINRA's short-interest calendar: two settlement dates a month, the 15th and the last day of the month,
 * each moved back to the previous business day when it is not one (weekends and NYSE holidays); files are
 * published about eight business days later (FINRA's own schedule; FIELD-NOTES: the 7th-8th business day).
 * Pure date arithmetic in UTC; the holiday rules are NYSE's (observed on the nearest weekday).
 */
const DAY = 86_400_000;
const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));

function nthWeekday(y: number, m: number, weekday: number, n: number): number {
  const first = utc(y, m, 1).getUTCDay();
  return 1 + ((weekday - first + 7) % 7) + (n - 1) * 7;
}
function lastWeekday(y: number, m: number, weekday: number): number {
  const last = utc(y, m + 1, 0);
  return last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7);
}
function easter(y: number): Date {
  const a = y % 19;
  const b = Math.floor(y / 100);
  const c = y % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return utc(y, month - 1, day);
}
function observed(d: Date): string {
  const wd = d.getUTCDay();
  return iso(new Date(d.getTime() + (wd === 6 ? -DAY : wd === 0 ? DAY : 0)));
}

const holidayCache = new Map<number, Set<string>>();
export function nyseHolidays(y: number): Set<string> {
  const hit = holidayCache.get(y);
  if (hit) return hit;
  const s = new Set<string>();
  const newYear = utc(y, 0, 1);
  if (newYear.getUTCDay() !== 6) s.add(observed(newYear)); // a Saturday New Year is not observed on Dec 31
  s.add(iso(utc(y, 0, nthWeekday(y, 0, 1, 3))));
  s.add(iso(utc(y, 1, nthWeekday(y, 1, 1, 3))));
  s.add(iso(new Date(easter(y).getTime() - 2 * DAY)));
  s.add(iso(utc(y, 4, lastWeekday(y, 4, 1))));
  if (y >= 2022) s.add(observed(utc(y, 5, 19)));
  s.add(observed(utc(y, 6, 4)));
  s.add(iso(utc(y, 8, nthWeekday(y, 8, 1, 1))));
  s.add(iso(utc(y, 10, nthWeekday(y, 10, 4, 4))));
  s.add(observed(utc(y, 11, 25)));
  holidayCache.set(y, s);
  return s;
}

export function isBusinessDay(d: Date): boolean {
  const wd = d.getUTCDay();
  return wd !== 0 && wd !== 6 && !nyseHolidays(d.getUTCFullYear()).has(iso(d));
}

function businessDayOnOrBefore(d: Date): Date {
  let x = d;
  while (!isBusinessDay(x)) x = new Date(x.getTime() - DAY);
  return x;
}

export function addBusinessDays(d: Date, n: number): Date {
  let x = d;
  for (let i = 0; i < n; ) {
    x = new Date(x.getTime() + DAY);
    if (isBusinessDay(x)) i++;
  }
  return x;
}

/** Publication lag in business days after settlement. */
export const PUBLICATION_LAG_BUSINESS_DAYS = 8;

/** Settlement dates from `from` (inclusive) whose files are published by `now`, oldest first. */
export function settlementDates(from: string, now: Date): string[] {
  const start = new Date(`${from}T00:00:00Z`);
  const out: string[] = [];
  for (let y = start.getUTCFullYear(), m = start.getUTCMonth(); ; m++) {
    if (m === 12) {
      m = 0;
      y++;
    }
    if (utc(y, m, 1).getTime() > now.getTime()) break;
    for (const d of [utc(y, m, 15), utc(y, m + 1, 0)]) {
      const s = businessDayOnOrBefore(d);
      if (s.getTime() < start.getTime()) continue;
      if (addBusinessDays(s, PUBLICATION_LAG_BUSINESS_DAYS).getTime() > now.getTime()) continue;
      out.push(iso(s));
    }
  }
  return out;
}
