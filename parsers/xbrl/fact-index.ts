import type { Fact } from './types.ts';

/**
 * Facts indexed by concept and period end, each (unit, start, end) keeping every filed observation in
 * filing order, so a value can be read "as known on date D" without rebuilding anything.
 * Rule: the latest observation filed on or before D wins (restatements and amendments replace earlier
 * values); on the same filing date the greater accession number wins (deterministic).
 */

export interface Observation {
  value: number;
  filed: string;
  accn: string;
  form: string;
}

export interface Series {
  unit: string;
  start?: string;
  end: string;
  /** Duration in days (0 for instants). */
  days: number;
  obs: Observation[];
}

export interface Hit {
  value: number;
  accn: string;
  filed: string;
  start?: string;
  end: string;
  /**
   * When the value is a restatement (an earlier filing, known on the same date, gave the period another
   * value): the filing date from which this value holds.
   */
  restatedOn?: string;
}

/** Forms whose XBRL financial statements feed the engine. 6-K, S-1, DEF 14A, 424B... are ignored. */
export const ANNUAL_FORMS = new Set([
  '10-K',
  '10-K/A',
  '10-KT',
  '10-KT/A',
  '20-F',
  '20-F/A',
  '40-F',
  '40-F/A',
]);
export const QUARTERLY_FORMS = new Set(['10-Q', '10-Q/A', '10-QT', '10-QT/A']);
/** 8-K recasts (e.g. re-issued financials after a reorganisation) may restate a period, never define one. */
export const RESTATING_FORMS = new Set(['8-K', '8-K/A']);

export function acceptedForm(form: string): boolean {
  return ANNUAL_FORMS.has(form) || QUARTERLY_FORMS.has(form) || RESTATING_FORMS.has(form);
}

const dayCache = new Map<string, number>();
/** Whole days since 1970-01-01 for a `YYYY-MM-DD` date (pure; no clock). */
export function dayNumber(date: string): number {
  let n = dayCache.get(date);
  if (n === undefined) {
    n =
      Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) /
      86_400_000;
    dayCache.set(date, n);
  }
  return n;
}

export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/**
 * Whether two period starts are the same start: within five days, as filers date a period's contexts from the day
 * or days around it (a fiscal year tagged 2010-12-31..2011-12-31, a 52/53-week calendar).
 */
export function sameStart(a: string, b: string): boolean {
  return Math.abs(daysBetween(a, b)) <= 5;
}

export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * 86_400_000).toISOString().slice(0, 10);
}

function pickIndex(series: Series, asOf: string | undefined): number {
  const { obs } = series;
  if (asOf === undefined) return obs.length - 1;
  for (let i = obs.length - 1; i >= 0; i--) if (obs[i]!.filed <= asOf) return i;
  return -1;
}

/**
 * Whether `later` is the same figure as `earlier`, re-rounded or trimmed rather than restated: they differ by
 * less than one unit of `later`'s last significant digit (trailing zeros counted up to millions, as when a
 * filer re-states a figure in 0.1M) or by less than 0.1%.
 */
export function sameFigure(earlier: number, later: number): boolean {
  let unit = 1;
  if (later !== 0) while (unit < 1_000_000 && later % (unit * 10) === 0) unit *= 10;
  const diff = Math.abs(later - earlier);
  return diff < unit || diff < Math.abs(earlier) * 0.001;
}

/** The chosen observation as a hit; `restatedOn` is the first filing of its figure after a different one. */
function hit(series: Series, asOf: string | undefined): Hit | null {
  const i = pickIndex(series, asOf);
  if (i < 0) return null;
  const o = series.obs[i]!;
  let j = i;
  while (j > 0 && sameFigure(series.obs[j - 1]!.value, o.value)) j--;
  const h: Hit = { value: o.value, accn: o.accn, filed: o.filed, end: series.end };
  if (series.start !== undefined) h.start = series.start;
  if (j > 0) h.restatedOn = series.obs[j]!.filed;
  return h;
}

/**
 * Rule: within one filing, a quarter's figure (a 75-126-day duration) for the quarter just before another quarter
 * it tags is dropped when the two do not add up to the filing's own figure for both together (a duration from the
 * first's start to the second's end): the filing states the later quarter and the combined period, so the earlier
 * one is its later quarter mis-dated (a 10-Q/A tagging its quarter under the first quarter's dates), not a
 * restatement. A filing without the combined figure is taken as filed.
 */
function dropMisdated(ends: Map<string, Series[]>): void {
  const all = [...ends.values()].flat().filter((s) => s.start !== undefined && MONEY_UNIT.test(s.unit));
  const byKey = new Map(all.map((s) => [`${s.unit} ${s.start} ${s.end}`, s]));
  const quarters = new Map<string, Series[]>();
  for (const s of all) {
    if (s.days < 75 || s.days > LONG_QUARTER) continue;
    const key = `${s.unit} ${s.start}`;
    quarters.set(key, [...(quarters.get(key) ?? []), s]);
  }
  const valueIn = (s: Series | undefined, accn: string) => s?.obs.find((o) => o.accn === accn)?.value;
  let dropped = false;
  for (const list of quarters.values()) {
    for (const earlier of list) {
      for (const later of quarters.get(`${earlier.unit} ${addDays(earlier.end, 1)}`) ?? []) {
        const both = byKey.get(`${earlier.unit} ${earlier.start} ${later.end}`);
        if (!both) continue;
        const kept = earlier.obs.filter((o) => {
          const l = valueIn(later, o.accn);
          const b = valueIn(both, o.accn);
          return l === undefined || b === undefined || sameFigure(b, o.value + l);
        });
        if (kept.length < earlier.obs.length) {
          earlier.obs = kept;
          dropped = true;
        }
      }
    }
  }
  if (!dropped) return;
  for (const [end, list] of ends) {
    const kept = list.filter((s) => s.obs.length > 0);
    if (kept.length === 0) ends.delete(end);
    else if (kept.length < list.length) ends.set(end, kept);
  }
}

const MONEY_UNIT = /^[A-Z]{3}$/;

/** The longest quarter a 52/53-week calendar has: 17 weeks (119 days, a 53-week year's 16-week quarter), plus a week. */
export const LONG_QUARTER = 126;

export class FactIndex {
  /** `taxonomy:concept` -> end -> series */
  private readonly byConcept = new Map<string, Map<string, Series[]>>();
  /** `taxonomy:concept` -> accessions of the filings that tag it (any period, any unit). */
  private readonly accessions = new Map<string, Set<string>>();

  constructor(facts: Iterable<Fact>) {
    for (const f of facts) this.add(f);
    for (const ends of this.byConcept.values()) dropMisdated(ends);
    for (const ends of this.byConcept.values()) {
      for (const list of ends.values()) {
        for (const s of list) {
          s.obs.sort((a, b) =>
            a.filed === b.filed ? a.accn.localeCompare(b.accn) : a.filed < b.filed ? -1 : 1,
          );
        }
      }
    }
  }

  private add(f: Fact): void {
    const key = `${f.taxonomy}:${f.concept}`;
    let accns = this.accessions.get(key);
    if (!accns) {
      accns = new Set();
      this.accessions.set(key, accns);
    }
    accns.add(f.accn);
    let ends = this.byConcept.get(key);
    if (!ends) {
      ends = new Map();
      this.byConcept.set(key, ends);
    }
    let list = ends.get(f.end);
    if (!list) {
      list = [];
      ends.set(f.end, list);
    }
    let series = list.find((s) => s.unit === f.unit && s.start === f.start);
    if (!series) {
      series = { unit: f.unit, end: f.end, days: f.start ? daysBetween(f.start, f.end) + 1 : 0, obs: [] };
      if (f.start) series.start = f.start;
      list.push(series);
    }
    const dup = series.obs.some((o) => o.accn === f.accn && o.value === f.value);
    if (!dup) series.obs.push({ value: f.value, filed: f.filed, accn: f.accn, form: f.form });
  }

  has(concept: string): boolean {
    return this.byConcept.has(concept);
  }

  /** Whether the filing `accn` tags any fact of `concept`. */
  tags(concept: string, accn: string): boolean {
    return this.accessions.get(concept)?.has(accn) ?? false;
  }

  private readonly renamedCache = new Map<string, boolean>();
  /**
   * Whether `later` renamed `earlier`: some filing that tags nothing under `earlier` re-tags under `later` a
   * period (same start, end and unit) that an earlier filing tagged under `earlier`.
   */
  renamed(earlier: string, later: string): boolean {
    const key = `${earlier} ${later}`;
    let yes = this.renamedCache.get(key);
    if (yes === undefined) {
      yes = false;
      const a = this.byConcept.get(earlier);
      for (const [end, list] of this.byConcept.get(later) ?? []) {
        for (const s of list) {
          const t = a?.get(end)?.find((x) => x.unit === s.unit && x.start === s.start);
          if (!t) continue;
          const firstFiled = t.obs[0]!.filed;
          if (s.obs.some((o) => o.filed > firstFiled && !this.tags(earlier, o.accn))) yes = true;
        }
      }
      this.renamedCache.set(key, yes);
    }
    return yes;
  }

  /** The balance of `concept` at `end`. */
  instant(concept: string, unit: string, end: string, asOf?: string): Hit | null {
    const list = this.byConcept.get(concept)?.get(end);
    if (!list) return null;
    for (const s of list) {
      if (s.unit !== unit || s.start !== undefined) continue;
      const h = hit(s, asOf);
      if (h) return h;
    }
    return null;
  }

  /**
   * The dates on which a fiscal year's figures of `concept` change basis, known on `asOf`, oldest first. The first
   * is the earliest filing that restated one of the year's cumulative figures (a duration of up to a year starting
   * within 5 days of `fyStart`: Q1, the year-to-date figures, the year). Each later one is the earliest filing that
   * restated again a cumulative figure filed on or after the change before it (a second restatement, as a year
   * restated for a new standard and then for an acquisition under common control; not the first restatement
   * reaching a later figure, which is the same change rolled out). Empty when none.
   */
  basisChanges(concept: string, unit: string, fyStart: string, asOf?: string): string[] {
    const ends = this.byConcept.get(concept);
    if (!ends) return [];
    const own: Series[] = [];
    for (const list of ends.values()) {
      for (const s of list) {
        if (s.unit !== unit || s.start === undefined || s.days > 380) continue;
        if (sameStart(fyStart, s.start)) own.push(s);
      }
    }
    let first: string | undefined;
    for (const s of own) {
      const on = hit(s, asOf)?.restatedOn;
      if (on !== undefined && (first === undefined || on < first)) first = on;
    }
    if (first === undefined) return [];
    const out = [first];
    for (;;) {
      const cur = out[out.length - 1]!;
      let next: string | undefined;
      for (const s of own) {
        for (let i = 1; i <= pickIndex(s, asOf); i++) {
          const o = s.obs[i]!;
          const p = s.obs[i - 1]!;
          if (o.filed <= cur || p.filed < cur || sameFigure(p.value, o.value)) continue;
          if (next === undefined || o.filed < next) next = o.filed;
        }
      }
      if (next === undefined) return out;
      out.push(next);
    }
  }

  /**
   * The value of `concept` over a duration ending at `end` whose length (days, inclusive) is within
   * [minDays, maxDays] and, when `startNear` is given, whose start is within 5 days of it.
   */
  duration(
    concept: string,
    unit: string,
    end: string,
    minDays: number,
    maxDays: number,
    asOf?: string,
    startNear?: string,
  ): Hit | null {
    const list = this.byConcept.get(concept)?.get(end);
    if (!list) return null;
    for (const s of list) {
      if (s.unit !== unit || s.start === undefined || s.days < minDays || s.days > maxDays) continue;
      if (startNear !== undefined && Math.abs(daysBetween(startNear, s.start)) > 5) continue;
      const h = hit(s, asOf);
      if (h) return h;
    }
    return null;
  }
}
