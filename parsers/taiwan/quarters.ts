import type { TwFinancialsInsert } from '../../schema/asia.ts';

/** The last day of a quarter-end month (3, 6, 9, 12) of `year`: YYYY-03-31, -06-30, -09-30, -12-31. */
export const quarterEndDate = (year: number, endMonth: number): string =>
  `${year}-${String(endMonth).padStart(2, '0')}-${endMonth === 3 || endMonth === 12 ? '31' : '30'}`;

/** Exact a - b on decimal strings (amounts in thousands reach 10^12; EPS has 2 decimals). */
export function subtractDecimal(a: string, b: string): string {
  const scale = Math.max(decimals(a), decimals(b));
  const diff = toScaled(a, scale) - toScaled(b, scale);
  return fromScaled(diff, scale);
}

function decimals(s: string): number {
  const i = s.indexOf('.');
  return i < 0 ? 0 : s.length - i - 1;
}
function toScaled(s: string, scale: number): bigint {
  const neg = s.startsWith('-');
  const [int = '0', frac = ''] = (neg ? s.slice(1) : s).split('.');
  const v = BigInt(int + frac.padEnd(scale, '0'));
  return neg ? -v : v;
}
function fromScaled(v: bigint, scale: number): string {
  const neg = v < 0n;
  const digits = (neg ? -v : v).toString().padStart(scale + 1, '0');
  let out = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  if (scale) out = out.replace(/\.?0+$/, '');
  return neg && out !== '0' ? `-${out}` : out;
}

/**
 * Single-period value from two cumulative readings: Qn = YTDn - YTDn-1. Q1 is its own YTD. Null when either
 * reading is missing: a line filed only in the later season has no single-quarter value (never the YTD).
 */
export function quarterFromCumulative(
  season: number,
  ytd: string | null | undefined,
  previousYtd: string | null | undefined,
): string | null {
  if (ytd === null || ytd === undefined) return null;
  if (season === 1) return ytd;
  if (previousYtd === null || previousYtd === undefined) return null;
  return subtractDecimal(ytd, previousYtd);
}

const LINES = [
  ['revenueYtd', 'revenueQ'],
  ['operatingIncomeYtd', 'operatingIncomeQ'],
  ['netIncomeYtd', 'netIncomeQ'],
  ['epsBasicYtd', 'epsBasicQ'],
] as const;

/**
 * Fills `*_q` and `quarter_basis` on one company's income rows (any seasons, any years, any order). A quarter
 * the filing states itself (Q1, or a page with a single-quarter column) is `reported`; otherwise it is
 * `derived` from the previous season's cumulative row of the same year; without that row the quarter is null
 * and `quarter_basis` is null. Season 2 is the first half and season 4 the full year (spec 4.7), so Q4 =
 * FY - 9M. Returns new rows; balance rows pass through.
 */
export function deriveQuarters(rows: TwFinancialsInsert[]): TwFinancialsInsert[] {
  const byKey = new Map(
    rows
      .filter((r) => r.statement === 'income')
      .map((r) => [`${r.localSecurityCode}|${r.year}|${r.season}`, r]),
  );
  return rows.map((r) => {
    if (r.statement !== 'income') return r;
    if (r.quarterBasis === 'reported') return r;
    const prev = byKey.get(`${r.localSecurityCode}|${r.year}|${r.season - 1}`);
    if (r.season === 1) {
      const out = { ...r, quarterBasis: 'reported' };
      for (const [ytd, q] of LINES) out[q] = r[ytd] ?? null;
      return out;
    }
    const out: TwFinancialsInsert = { ...r, quarterBasis: prev ? 'derived' : null };
    for (const [ytd, q] of LINES) out[q] = prev ? quarterFromCumulative(r.season, r[ytd], prev[ytd]) : null;
    return out;
  });
}
