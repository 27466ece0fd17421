import type { BackfillOptions, JobContext } from '../types.ts';

/** Samsung Electronics: the company whose OpenDART answers the offline mirror holds. */
export const DEMO_CORPS = ['00126380'];
/** Spec 8.3: Korea from 2022. */
export const KOREA_FROM_YEAR = 2022;

/**
 * Korean companies to load, largest market cap first (unknown caps last, then by corp code), from the
 * registry's DART_CORP identifiers; the demo's one company offline.
 */
export async function koreaCorps(ctx: JobContext, opts: BackfillOptions = {}): Promise<string[]> {
  if (ctx.config.UPSTREAM === 'fixtures' && !opts.from) return DEMO_CORPS;
  const rows = await ctx.database.query<{ id_value: string }>(
    `select i.id_value from company_identifiers i join companies c on c.company_id = i.company_id
      where i.id_type = 'DART_CORP' order by c.market_cap desc nulls last, i.id_value`,
  );
  return rows.map((r) => r.id_value);
}

/** Report codes whose filing deadline has passed for a business year: annual Mar 31 (+1y), Q1 May 15, half Aug 14, Q3 Nov 14. */
export function filedReports(year: number, now: Date): string[] {
  const due: [string, string][] = [
    ['11011', `${year + 1}-03-31`],
    ['11014', `${year}-11-14`],
    ['11012', `${year}-08-14`],
    ['11013', `${year}-05-15`],
  ];
  const today = now.toISOString().slice(0, 10);
  return due.filter(([, d]) => d < today).map(([c]) => c);
}

/** Business years newest first, from the window's start (or --from) to this year. */
export function koreaYears(ctx: JobContext, opts: BackfillOptions): number[] {
  const from = opts.from ? Number(opts.from.slice(0, 4)) : KOREA_FROM_YEAR;
  const to = opts.to ? Number(opts.to.slice(0, 4)) : ctx.now.getUTCFullYear();
  const out: number[] = [];
  for (let y = to; y >= from; y--) out.push(y);
  return out;
}
