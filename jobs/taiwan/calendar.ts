import type { JobContext } from '../types.ts';

/** `YYYY-MM` months from..to inclusive. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  while (y < ty || (y === ty && m <= tm)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}

/** Monthly revenue is due by the 10th of the next month: on the 11th the previous month is complete. */
export function latestRevenueMonth(now: Date): string {
  const back = now.getUTCDate() >= 11 ? 1 : 2;
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return d.toISOString().slice(0, 7);
}

/**
 * Quarterly statements' filing deadlines (Taiwan FSC): Q1 May 15, Q2 Aug 14, Q3 Nov 14, annual Mar 31 of the
 * next year. Returns the newest `YYYYQn` whose deadline has passed.
 */
export function latestFiledSeason(now: Date): string {
  const y = now.getUTCFullYear();
  const md = now.toISOString().slice(5, 10);
  if (md >= '11-15') return `${y}Q3`;
  if (md >= '08-15') return `${y}Q2`;
  if (md >= '05-16') return `${y}Q1`;
  if (md >= '04-01') return `${y - 1}Q4`;
  return `${y - 1}Q3`;
}

/** Taiwan's filing seasons are calendar quarters: every `YYYYQn` from `from` to `to` inclusive. */
export { quartersBetween as seasonsBetween } from '../quarters.ts';

/** Trading days are weekdays (exchange holidays answer "no data": recorded, not an error). */
export function weekdaysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    const d = new Date(t);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) out.push(d.toISOString().slice(0, 10));
  }
  return out;
}

/**
 * The offline mirror holds a few real periods; a demo backfill runs those instead of the live window (as the
 * SEC jobs run the demo CIKs). An explicit --from always wins.
 */
export function useDemoWindow(ctx: JobContext, opts: { from?: string | undefined }): boolean {
  return ctx.config.UPSTREAM === 'fixtures' && !opts.from;
}

export const rocYearOf = (year: number) => year - 1911;
