import { addDays, daysBetween, sameStart } from './fact-index.ts';
import { SPECS_BY_STATEMENT } from './mapping.ts';
import { LONG_Q, type Slot } from './resolve.ts';
import type { Period, Resolution, ResolutionCache } from './statements.ts';
import type { FieldSource, StatementKind } from './types.ts';

const KINDS: StatementKind[] = ['income', 'balance', 'cash_flow'];

/**
 * ttm periods (see statements.ts): one per run of four consecutive quarters (each ending 80-100 days after the
 * one before, or up to LONG_Q days when it is a 52/53-week calendar's 16- or 17-week quarter, and starting within
 * 5 days of the day after it: a fiscal year that starts later, after a transition period, breaks the run), on the
 * last quarter's end. Flows are the fiscal year's own figure when the window is a fiscal year, else the sum
 * of the four quarters (null when one is missing); balances are the last quarter's; per-share values and
 * share counts only from the fiscal year. Reuses a window's result while its five inputs are unchanged.
 */
export function ttmPeriods(
  quarters: Period[],
  annual: Array<{ start: string; end: string }>,
  resolveYear: (slot: Slot) => Resolution,
  cache?: ResolutionCache,
): Period[] {
  const out: Period[] = [];
  for (let i = 3; i < quarters.length; i++) {
    const window = quarters.slice(i - 3, i + 1);
    const contiguous = window.every(
      (q, j) =>
        j === 0 ||
        (between(daysBetween(window[j - 1]!.slot.end, q.slot.end), 80, LONG_Q) &&
          startsAfter(q.slot, window[j - 1]!.slot.end)),
    );
    if (!contiguous) continue;
    const last = window[3]!;
    const fy = last.slot.index === 4 ? annual.find((a) => a.end === last.slot.end) : undefined;
    const fyRes = fy
      ? resolveYear({ kind: 'annual', end: fy.end, fyStart: fy.start, index: 4, prevEnds: [] })
      : undefined;
    const parts = [...window.map((q) => q.res), fyRes];
    const ttmKey = window.map((q) => q.slot.end).join(',');
    const hit = cache?.ttm?.get(ttmKey);
    if (hit?.parts.every((x, j) => x === parts[j])) {
      out.push({ slot: last.slot, res: hit.res, fiscal: last.fiscal, forms: last.forms });
      continue;
    }
    const res = {} as Resolution;
    for (const kind of KINDS) {
      const values: Record<string, number | null> = {};
      const sources: Record<string, FieldSource> = {};
      for (const spec of SPECS_BY_STATEMENT[kind]) {
        const f = spec.field;
        if (spec.kind === 'instant') {
          values[f] = last.res[kind].values[f] ?? null;
          if (last.res[kind].sources[f]) sources[f] = last.res[kind].sources[f]!;
        } else if (spec.kind === 'duration') {
          values[f] = fyRes?.[kind].values[f] ?? null;
          if (fyRes?.[kind].sources[f]) sources[f] = fyRes[kind].sources[f]!;
        } else {
          const fyValue = fyRes?.[kind].values[f] ?? null;
          const quarters = window.map((q) => q.res[kind].values[f] ?? null);
          if (fyValue !== null) {
            // a window that IS the fiscal year: the year's own figure (quarters may not add up to it after
            // rounding, or when the year was restated and its quarters were not)
            values[f] = fyValue;
            if (fyRes?.[kind].sources[f]) sources[f] = fyRes[kind].sources[f]!;
          } else {
            values[f] = quarters.every((v) => v !== null)
              ? (quarters as number[]).reduce((a, b) => a + b, 0)
              : null;
            if (values[f] !== null) {
              sources[f] = {
                kind: 'derived',
                formula: `sum of 4 quarters ${window[0]!.slot.end}..${last.slot.end}`,
              };
            }
          }
        }
      }
      res[kind] = { values, sources, warnings: window.flatMap((q) => q.res[kind].warnings) };
    }
    if (cache) {
      cache.ttm ??= new Map();
      cache.ttm.set(ttmKey, { parts, res });
    }
    out.push({ slot: last.slot, res, fiscal: last.fiscal, forms: last.forms });
  }
  return out;
}

/**
 * Whether a quarter starts within 5 days of the day after `prevEnd`: its start is its fiscal year's start for a
 * first quarter, the day after the previous quarter's end otherwise (unknown: taken as following).
 */
function startsAfter(slot: Slot, prevEnd: string): boolean {
  const start = slot.index === 1 ? slot.fyStart : slot.prevEnds[slot.index - 2];
  if (!start) return true;
  const first = slot.index === 1 ? start : addDays(start, 1);
  return sameStart(addDays(prevEnd, 1), first);
}

function between(n: number, lo: number, hi: number): boolean {
  return n >= lo && n <= hi;
}
