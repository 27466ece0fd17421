import { easternOffsetHours } from '../edgar/eastern-time.ts';

/**
 * Time of day of an earnings announcement relative to its market's regular session, on the market's own
 * clock: US listings (no suffix) 09:30-16:00 New York time, London (`.L`) 08:00-16:30 London time. Any other
 * market is `unknown` (its session is not written out here). Before the open is `before_market`, at or
 * after the close `after_market`, in between `during_market`.
 */
export type TimeOfDay = 'before_market' | 'during_market' | 'after_market' | 'unknown';

interface Session {
  /** Local wall-clock reading of an instant: date and minutes after midnight. */
  local(at: Date): { date: string; minutes: number };
  open: number;
  close: number;
}

function wallClock(at: Date, offsetHours: number) {
  const local = new Date(at.getTime() + offsetHours * 3_600_000);
  return {
    date: local.toISOString().slice(0, 10),
    minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
}

/** New York: the offset at the Eastern reading (EST first guess, then the offset in force there). */
export function easternWallClock(at: Date) {
  const guess = new Date(at.getTime() - 5 * 3_600_000);
  const offset = easternOffsetHours(
    guess.getUTCFullYear(),
    guess.getUTCMonth(),
    guess.getUTCDate(),
    guess.getUTCHours(),
  );
  return wallClock(at, offset);
}

/** Last Sunday of a month (0-based), as a UTC date at 01:00, when UK summer time starts or ends. */
function lastSunday0100(year: number, month0: number): number {
  const last = new Date(Date.UTC(year, month0 + 1, 0));
  return Date.UTC(year, month0, last.getUTCDate() - last.getUTCDay(), 1);
}

/** London: BST (UTC+1) from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October. */
export function londonWallClock(at: Date) {
  const y = at.getUTCFullYear();
  const t = at.getTime();
  const bst = t >= lastSunday0100(y, 2) && t < lastSunday0100(y, 9);
  return wallClock(at, bst ? 1 : 0);
}

const SESSIONS: Record<string, Session> = {
  US: { local: easternWallClock, open: 9 * 60 + 30, close: 16 * 60 },
  L: { local: londonWallClock, open: 8 * 60, close: 16 * 60 + 30 },
};

/** The market a listing symbol trades on: its suffix (`L`), or `US` for none (a one-letter share class is US). */
export function symbolMarket(symbol: string): string {
  const dot = symbol.lastIndexOf('.');
  const suffix = dot > 0 ? symbol.slice(dot + 1).toUpperCase() : '';
  return suffix === '' || (suffix.length === 1 && suffix !== 'L') ? 'US' : suffix;
}

/** The local date and time of day of an instant on a market's session; unknown market -> UTC date, unknown. */
export function sessionTime(at: Date, market: string): { date: string; timeOfDay: TimeOfDay } {
  const s = SESSIONS[market];
  if (!s) return { date: at.toISOString().slice(0, 10), timeOfDay: 'unknown' };
  const { date, minutes } = s.local(at);
  const timeOfDay: TimeOfDay =
    minutes < s.open ? 'before_market' : minutes >= s.close ? 'after_market' : 'during_market';
  return { date, timeOfDay };
}
