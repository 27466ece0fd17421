import { addDays, type FactIndex, type Hit, LONG_QUARTER, sameFigure } from './fact-index.ts';
import type { Candidate, ConceptCandidate, FieldSpec, Industry } from './mapping.ts';
import type { FieldSource } from './types.ts';

/**
 * Applies the mapping to one period slot. Flow values of a quarter come from the single-quarter fact when
 * reported; otherwise from year-to-date arithmetic on the SAME concept: Qk = YTD(k) - YTD(k-1), where
 * YTD(4) is the fiscal year (so Q4 = FY - 9M YTD), falling back to FY - (Q1+Q2+Q3). Only `flow` fields
 * (additive money) are ever derived this way: never per-share values, share counts or balances.
 */

export interface Slot {
  kind: 'annual' | 'quarter';
  end: string;
  /** Fiscal year start (annual: the year's start). */
  fyStart: string;
  index: 1 | 2 | 3 | 4;
  /** Ends of the earlier quarters of the fiscal year, oldest first; '' for one that is not known. */
  prevEnds: string[];
}

export interface ResolveEnv {
  index: FactIndex;
  asOf?: string;
  currency: string;
  standard: 'us_gaap' | 'ifrs';
  industry: Industry | null;
}

export interface Resolved {
  values: Record<string, number | null>;
  sources: Record<string, FieldSource>;
  warnings: string[];
}

const Q = [75, 105] as const;
/** The longest quarter a 52/53-week calendar has (fact-index.ts). */
export const LONG_Q = LONG_QUARTER;
const Y = [350, 380] as const;

function unitFor(spec: FieldSpec, currency: string): string {
  return spec.unit === 'money' ? currency : spec.unit === 'per_share' ? `${currency}/shares` : 'shares';
}

interface Value {
  value: number;
  source: FieldSource;
}

type Named = Hit & { concept: string };

function direct(h: Named | null): Value | null {
  return h ? { value: h.value, source: { kind: 'reported', concept: h.concept, accession: h.accn } } : null;
}

/**
 * One period's figure of `names[0]`, or of a later name that renamed it (`FactIndex.renamed`: a filing that
 * tags nothing under the earlier name re-tags one of its periods under the later one): a later name's figure
 * replaces the one before when its filing tags nothing under the earlier name and, if the earlier name has a
 * figure for the period, was filed after it (a restatement of a different figure is dated from that filing).
 */
function lookup(
  ix: FactIndex,
  names: readonly string[],
  find: (concept: string) => Hit | null,
): Named | null {
  const first = names[0]!;
  const h0 = find(first);
  let h: Named | null = h0 ? { ...h0, concept: first } : null;
  for (const name of names.slice(1)) {
    if (!ix.renamed(first, name)) continue;
    const hs = find(name);
    if (!hs || ix.tags(first, hs.accn) || (h && hs.filed <= h.filed)) continue;
    const next: Named = { ...hs, concept: name };
    if (h && !sameFigure(h.value, hs.value)) next.restatedOn = hs.restatedOn ?? hs.filed;
    h = next;
  }
  return h;
}

/**
 * A quarter of more than 105 days (a 52/53-week calendar's 16- or 17-week quarter, as a first quarter of 16 weeks
 * and three of 12) is the quarter's own figure when it runs from the quarter's start: the fiscal year's start for
 * Q1, the day after the previous quarter's end for a later one (when that end is known). `i` is the quarter's
 * position in the fiscal year (0 = Q1); the same holds for an earlier quarter used in a difference.
 */
function quarterStart(slot: Slot, i: number): string | undefined {
  if (i === 0) return slot.fyStart;
  const prev = slot.prevEnds[i - 1];
  return prev ? addDays(prev, 1) : undefined;
}

function quarterFigure(
  find: (f: (concept: string) => Hit | null) => Named | null,
  ix: FactIndex,
  unit: string,
  end: string,
  start: string | undefined,
  at: string | undefined,
): Named | null {
  return (
    find((c) => ix.duration(c, unit, end, Q[0], Q[1], at)) ??
    (start === undefined ? null : find((c) => ix.duration(c, unit, end, Q[1] + 1, LONG_Q, at, start)))
  );
}

/** One concept's value for the slot (with the names that renamed it), with period arithmetic where allowed. */
function conceptValue(names: readonly string[], spec: FieldSpec, slot: Slot, env: ResolveEnv): Value | null {
  const { index: ix, asOf } = env;
  const unit = unitFor(spec, env.currency);
  const find = (f: (concept: string) => Hit | null) => lookup(ix, names, f);
  if (spec.kind === 'instant') return direct(find((c) => ix.instant(c, unit, slot.end, asOf)));
  if (slot.kind === 'annual') return direct(find((c) => ix.duration(c, unit, slot.end, Y[0], Y[1], asOf)));
  const single = direct(quarterFigure(find, ix, unit, slot.end, quarterStart(slot, slot.index - 1), asOf));
  if (single || spec.kind !== 'flow' || slot.index === 1) return single;

  const ytd = (end: string, k: number, at: string | undefined): Named | null =>
    k === 4
      ? find((c) => ix.duration(c, unit, end, Y[0], Y[1], at, slot.fyStart))
      : find((c) => ix.duration(c, unit, end, 150, 300, at, slot.fyStart));
  // the i-th earlier quarter of the year (0 = Q1), ending on slot.prevEnds[i]
  const quarter = (i: number, at: string | undefined): Named | null =>
    quarterFigure(find, ix, unit, slot.prevEnds[i]!, quarterStart(slot, i), at);
  const k = slot.index - 1;
  const prevEnd = slot.prevEnds[k - 1];
  if (!prevEnd || !ytd(slot.end, slot.index, asOf)) return null;
  const what = slot.index === 4 ? 'FY' : `${slot.index * 3}M YTD`;
  const changes = (at: string | undefined) => {
    const all = new Set<string>();
    for (const c of names) for (const on of ix.basisChanges(c, unit, slot.fyStart, at)) all.add(on);
    return [...all].sort();
  };
  const pair = oneBasis(
    [(at) => ytd(slot.end, slot.index, at), (at) => (k === 1 ? quarter(0, at) : ytd(prevEnd, k, at))],
    asOf,
    changes,
  );
  if (pair) {
    const [cur, before] = pair as [Named, Named];
    return {
      value: cur.value - before.value,
      source: {
        kind: 'derived',
        concept: cur.concept,
        formula: `${what} ${cur.start}..${cur.end} (${cur.value}) - ${k === 1 ? 'Q1' : `${k * 3}M YTD`} ${before.start}..${before.end} (${before.value})`,
        accession: cur.accn,
      },
    };
  }
  // FY - (Q1 + ... + Qk-1) from single-quarter facts (every earlier quarter's end known)
  if (slot.prevEnds.slice(0, k).some((e) => !e)) return null;
  const parts = oneBasis(
    [
      (at: string | undefined) => ytd(slot.end, slot.index, at),
      ...slot.prevEnds.slice(0, k).map((_, i) => (at: string | undefined) => quarter(i, at)),
    ],
    asOf,
    changes,
  );
  if (!parts) return null;
  const [cur, ...quarters] = parts as [Named, ...Named[]];
  return {
    value: cur.value - quarters.reduce((t, q) => t + q.value, 0),
    source: {
      kind: 'derived',
      concept: cur.concept,
      formula: `${what} ${cur.start}..${cur.end} (${cur.value}) - ${quarters.map((q) => `${q.start}..${q.end} (${q.value})`).join(' - ')}`,
      accession: cur.accn,
    },
  };
}

/**
 * The figures of one difference, on one basis. A fiscal year's figures change basis on each filing listed by
 * `basisChanges` (the first also moved earlier by a figure's own restatement): a figure stands on the basis of the
 * last change on or before its filing date. The difference is taken when every figure stands on one basis, else
 * on the figures as known the day before the newest change among them (on one basis in turn), else refused
 * (null): a figure first filed on a new basis is never paired with one that still stands only on an older one.
 */
function oneBasis<H extends Hit>(
  lookups: Array<(at: string | undefined) => H | null>,
  asOf: string | undefined,
  basisChanges: (at: string | undefined) => string[],
): H[] | null {
  const hits = lookups.map((f) => f(asOf));
  if (hits.some((h) => !h)) return null;
  const ok = hits as H[];
  const changes = basisChanges(asOf);
  for (const h of ok) {
    if (h.restatedOn !== undefined && (changes.length === 0 || h.restatedOn < changes[0]!))
      changes.unshift(h.restatedOn);
  }
  const basis = (h: H) => changes.filter((c) => c <= h.filed).at(-1) ?? '';
  const bases = ok.map(basis);
  if (bases.every((b) => b === bases[0])) return ok;
  const newest = bases.reduce((a, b) => (b > a ? b : a));
  return oneBasis(lookups, addDays(newest, -1), basisChanges);
}

function inWindow(c: ConceptCandidate, end: string): boolean {
  return (c.from === undefined || end >= c.from) && (c.until === undefined || end <= c.until);
}

function candidateValue(
  cand: Candidate,
  spec: FieldSpec,
  slot: Slot,
  env: ResolveEnv,
  values: Record<string, number | null>,
  renamedBy: string[] = [],
): Value | null {
  if ('sum' in cand) {
    let total = 0;
    let present = 0;
    const parts: string[] = [];
    let accession: string | undefined;
    for (const part of cand.sum) {
      const v = conceptValue([part.c], spec, slot, env);
      if (!v) continue;
      present++;
      total += (part.sign ?? 1) * v.value;
      parts.push(`${part.sign === -1 ? '-' : '+'}${part.c}`);
      accession ??= v.source.accession;
    }
    if (present < (cand.minPresent ?? cand.sum.length)) return null;
    const source: FieldSource = { kind: 'derived', formula: `sum(${parts.join(' ')})` };
    if (accession) source.accession = accession;
    return { value: total, source };
  }
  if (!inWindow(cand, slot.end)) return null;
  if (cand.onlyIfNull?.some((f) => values[f] !== null && values[f] !== undefined)) return null;
  const v = conceptValue([cand.c, ...renamedBy], spec, slot, env);
  if (!v) return null;
  if (cand.sign === -1) {
    v.value = -v.value;
    v.source = { ...v.source, formula: `-${cand.c}${v.source.formula ? ` where ${v.source.formula}` : ''}` };
  }
  return v;
}

/** The plain concepts listed after candidate `i` that may have renamed it (a spec with `renames`). */
function renamers(cands: readonly Candidate[], i: number, slot: Slot): string[] {
  const at = cands[i]!;
  if ('sum' in at || at.sign || at.onlyIfNull) return [];
  return cands
    .slice(i + 1)
    .filter((c): c is ConceptCandidate => !('sum' in c) && !c.sign && !c.onlyIfNull && inWindow(c, slot.end))
    .map((c) => c.c);
}

function candidatesFor(spec: FieldSpec, env: ResolveEnv): Candidate[] {
  if (env.standard === 'ifrs') return spec.ifrs;
  if (env.industry && spec.industries?.[env.industry]) return spec.industries[env.industry]!;
  return spec.usGaap;
}

export function resolveSlot(specs: readonly FieldSpec[], slot: Slot, env: ResolveEnv): Resolved {
  const values: Record<string, number | null> = {};
  const sources: Record<string, FieldSource> = {};
  const warnings: string[] = [];
  for (const spec of specs) {
    values[spec.field] = null;
    const cands = candidatesFor(spec, env);
    for (const [i, cand] of cands.entries()) {
      const v = candidateValue(cand, spec, slot, env, values, spec.renames ? renamers(cands, i, slot) : []);
      if (!v) continue;
      if (spec.field === 'revenue' && v.source.kind === 'derived' && v.value < 0) {
        warnings.push(
          `${slot.end} Q${slot.index} revenue rejected: derived negative value ${v.value} (${v.source.formula})`,
        );
        continue;
      }
      values[spec.field] = v.value;
      sources[spec.field] = v.source;
      break;
    }
  }
  applyDerivations(specs, values, sources, env.industry);
  return { values, sources, warnings };
}

/** Fills null fields from their formulas over other fields, repeating until nothing changes. */
export function applyDerivations(
  specs: readonly FieldSpec[],
  values: Record<string, number | null>,
  sources: Record<string, FieldSource>,
  industry: Industry | null,
): void {
  for (let pass = 0; pass < 4; pass++) {
    let changed = false;
    for (const spec of specs) {
      if (values[spec.field] !== null || !spec.derive) continue;
      for (const d of spec.derive) {
        if (d.industries && (!industry || !d.industries.includes(industry))) continue;
        let total = 0;
        let ok = true;
        const used: string[] = [];
        for (const t of d.terms) {
          const v = values[t.field];
          if (v === null || v === undefined) {
            if (t.optional) continue;
            ok = false;
            break;
          }
          total += t.sign * v;
          used.push(`${t.sign === 1 ? '+' : '-'} ${t.field}`);
        }
        if (!ok) continue;
        values[spec.field] = total;
        sources[spec.field] = { kind: 'derived', formula: used.join(' ').replace(/^\+ /, '') };
        changed = true;
        break;
      }
    }
    if (!changed) return;
  }
}
