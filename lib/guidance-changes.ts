/**
 * Guidance changes (issue 25, docs/earnings.md "How the change is computed"): each guidance statement
 * compared with the company's previous statement for the same metric, basis, target period and unit. One
 * computation for the route (`/guidance/changes`), the `guidance.changed` event and the screening field.
 */
export interface GuidanceStatement {
  accession_number: string;
  filing_date: string;
  ordinal: number;
  metric: string;
  basis: string;
  target_fiscal_year: number | null;
  target_fiscal_period: string | null;
  low: number | null;
  high: number | null;
  point: number | null;
  text_value: string | null;
  status: string | null;
  unit: string;
  announced_at: string | null;
}

export type GuidanceChangeKind =
  | 'raised'
  | 'lowered'
  | 'maintained'
  | 'initiated'
  | 'withdrawn'
  | 'narrowed'
  | 'widened'
  | 'changed';

/**
 * The computed changes a worded status agrees with (docs/earnings.md "How the change is computed"):
 * - `reaffirmed` agrees with `maintained` and `narrowed` (a range tightened around the same midpoint keeps the
 *   target);
 * - `narrowed` agrees with `narrowed`, and with `raised` / `lowered` when the new range is also tighter than the
 *   previous one (a range narrowed by moving one end, "$2.90 - $3.00" to "$2.92 - $3.00", moves its midpoint);
 * - `widened` likewise with `widened`, and with `raised` / `lowered` when the new range is wider;
 * - `updated` (a revision the words do not direct: "updates", "revises") agrees with every move of the numbers
 *   (`raised`, `lowered`, `narrowed`, `widened`, `changed`) and not with `maintained`;
 * - `raised`, `lowered`, `initiated`, `withdrawn` agree with the same computed change only.
 */
export const AGREES: Record<string, GuidanceChangeKind[]> = {
  raised: ['raised'],
  lowered: ['lowered'],
  narrowed: ['narrowed'],
  widened: ['widened'],
  reaffirmed: ['maintained', 'narrowed'],
  updated: ['raised', 'lowered', 'narrowed', 'widened', 'changed'],
  initiated: ['initiated'],
  withdrawn: ['withdrawn'],
};

/** Whether a worded status agrees with the computed change of `cur` against `prev`. */
export function statusAgrees(
  status: string,
  change: GuidanceChangeKind,
  prev: GuidanceStatement | null,
  cur: GuidanceStatement,
): boolean {
  if ((AGREES[status] ?? []).includes(change)) return true;
  if (
    (status === 'narrowed' || status === 'widened') &&
    (change === 'raised' || change === 'lowered') &&
    prev
  ) {
    const a = rangeWidth(prev);
    const b = rangeWidth(cur);
    const eps = 1e-9 * Math.max(1, Number.isFinite(a) ? Math.abs(a) : 0);
    return status === 'narrowed' ? b < a - eps : b > a + eps;
  }
  return false;
}

/** A floor ("at least $30 million": low only) or a ceiling ("up to 25%": high only): one end stated, the other null. */
export const isOneEnded = (g: Pick<GuidanceStatement, 'low' | 'high' | 'point'>) =>
  g.point === null && (g.low === null) !== (g.high === null);

/** A range's width; a point's is 0, a floor's or ceiling's is unbounded (one end open), text's 0. */
const rangeWidth = (g: GuidanceStatement) =>
  g.low !== null && g.high !== null ? g.high - g.low : isOneEnded(g) ? Number.POSITIVE_INFINITY : 0;

/** The change from the previous statement, from the numbers alone: midpoints first, then the range's width. */
export function guidanceChange(prev: GuidanceStatement | null, cur: GuidanceStatement): GuidanceChangeKind {
  if (cur.status === 'withdrawn') return 'withdrawn';
  if (prev === null) return 'initiated';
  if (isOneEnded(prev) || isOneEnded(cur)) return oneEndedChange(prev, cur);
  const a = guidanceMidpoint(prev);
  const b = guidanceMidpoint(cur);
  const width = (g: GuidanceStatement) => (g.low !== null && g.high !== null ? g.high - g.low : 0);
  if (a === null || b === null)
    return a === null && b === null && prev.text_value === cur.text_value ? 'maintained' : 'changed';
  const eps = Math.max(Math.abs(a), Math.abs(b)) * 1e-9;
  if (b > a + eps) return 'raised';
  if (b < a - eps) return 'lowered';
  if (width(cur) < width(prev) - eps) return 'narrowed';
  if (width(cur) > width(prev) + eps) return 'widened';
  return 'maintained';
}

/**
 * A floor or a ceiling has no midpoint: it is compared on the end it states. A floor's low is set against the other
 * statement's low (a point stands for both its ends), a ceiling's high against its high; a higher end is `raised`, a
 * lower one `lowered`; at the same end value, a range or point opened into a floor / ceiling is `widened`, a floor /
 * ceiling closed into a range or point `narrowed`, two floors (two ceilings) `maintained`. A floor against a ceiling or
 * text has no common end: `changed`.
 */
function oneEndedChange(prev: GuidanceStatement, cur: GuidanceStatement): GuidanceChangeKind {
  const shape = isOneEnded(cur) ? cur : prev;
  const end: 'low' | 'high' = shape.low !== null ? 'low' : 'high';
  const at = (g: GuidanceStatement) => g.point ?? g[end];
  const a = at(prev);
  const b = at(cur);
  if (a === null || b === null) return 'changed';
  const eps = Math.max(Math.abs(a), Math.abs(b)) * 1e-9;
  if (b > a + eps) return 'raised';
  if (b < a - eps) return 'lowered';
  const wa = rangeWidth(prev);
  const wb = rangeWidth(cur);
  if (wb > wa) return 'widened';
  if (wb < wa) return 'narrowed';
  return 'maintained';
}

/** A point is its own midpoint; a range's is halfway; a floor, a ceiling and text have none. */
export function guidanceMidpoint(g: Pick<GuidanceStatement, 'low' | 'high' | 'point'>): number | null {
  return g.point ?? (g.low !== null && g.high !== null ? (g.low + g.high) / 2 : null);
}

export interface GuidanceChangeRow<T extends GuidanceStatement> {
  statement: T;
  /** The previous statement of the group from an earlier release; null for a first one. */
  previous: T | null;
  change: GuidanceChangeKind;
  /** A worded status that does not match the computed change. */
  disagrees: boolean;
}

/** The group a statement is compared within. */
export const guidanceGroupKey = (g: GuidanceStatement) =>
  `${g.metric}|${g.basis}|${g.target_fiscal_year}|${g.target_fiscal_period}|${g.unit}`;

/**
 * Every statement with its change, newest first. `newestFirst` is the company's statements ordered by
 * filing date and accession descending, ordinal ascending (the routes' order); they are walked in the
 * reverse order, each compared with the last statement of its group from an earlier release (two
 * statements of one group in one release are both first statements).
 */
export function guidanceChanges<T extends GuidanceStatement>(
  newestFirst: readonly T[],
): GuidanceChangeRow<T>[] {
  const last = new Map<string, T>();
  const out: GuidanceChangeRow<T>[] = [];
  for (const g of [...newestFirst].reverse()) {
    const k = guidanceGroupKey(g);
    const seen = last.get(k) ?? null;
    const previous = seen !== null && seen.accession_number !== g.accession_number ? seen : null;
    const change = guidanceChange(previous, g);
    out.push({
      statement: g,
      previous,
      change,
      disagrees: g.status !== null && !statusAgrees(g.status, change, previous, g),
    });
    last.set(k, g);
  }
  return out.reverse();
}
