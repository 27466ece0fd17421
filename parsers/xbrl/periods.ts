import { ANNUAL_FORMS, addDays, daysBetween, QUARTERLY_FORMS, sameStart } from './fact-index.ts';
import type { Fact } from './types.ts';

/**
 * Periods are chosen by DATES, never by the `fp` label (which SEC sets per filing and filers get wrong):
 * - a fiscal year is a 350-380 day duration reported in a 10-K/20-F/40-F (or amendment) for at least
 *   MIN_CONCEPTS mapped concepts (52/53-week years included);
 * - a quarter is a 75-105 day duration reported in a 10-Q for MIN_CONCEPTS concepts, or the document period
 *   of a 10-Q; its position (Q1/Q2/Q3) is its distance from the previous fiscal year end (70-115 days = Q1,
 *   160-205 = Q2, 250-295 = Q3), or, before any 10-K exists, the length of the longest year-to-date
 *   duration ending on it. So Apple's Oct-Dec quarter is Q1 whatever `fp` says.
 * - Q4 is the fiscal year's last quarter: it exists only to derive flows (FY - 9M YTD) for ttm.
 * - a transition period (a fiscal-year-end change: an annual report's own period of 106-349 days, or a
 *   transition report's (10-KT, 10-QT) own period of 28-349 days, that starts the day after a known fiscal year
 *   end, in a report that ends no year on that date) is a short fiscal year for placing quarters: quarters are
 *   positioned from its start and the next year starts the day after it; it is never a fiscal year (no annual
 *   row, no Q4 = FY - 9M), and its own figure is the year-to-date figure of its last quarter (a six-month
 *   transition period ends on its Q2).
 */

const MIN_CONCEPTS = 3;

/** Transition reports: a fiscal-year-end change reported on its own form, whatever the period's length. */
const TRANSITION_FORMS = new Set(['10-KT', '10-KT/A', '10-QT', '10-QT/A']);

export interface AnnualSlot {
  start: string;
  end: string;
}

export interface QuarterSlot {
  end: string;
  /** Fiscal year start (previous fiscal year end + 1 day, or the start of the year-to-date durations). */
  fyStart: string;
  index: 1 | 2 | 3 | 4;
  /**
   * Ends of the earlier quarters of the same fiscal year, oldest first (length index - 1); '' for one that is not
   * known (a first 10-Q for Q2 or Q3): Qk = YTD(k) - YTD(k-1) needs only the end of the quarter before it.
   */
  prevEnds: string[];
}

export interface Calendar {
  annual: AnnualSlot[];
  /** Q1-Q4, oldest first; Q4 slots sit on fiscal year ends. */
  quarters: QuarterSlot[];
}

interface Filing {
  form: string;
  filed: string;
  docEnd: string;
}

/** What the facts say about periods, gathered once and read for any as-of date. */
export class PeriodEvidence {
  /** `${start}|${end}` -> concept -> first filing date, for ~1-year durations in annual forms. */
  readonly annual = new Map<string, Map<string, string>>();
  /** same for ~3-month durations in quarterly forms */
  readonly quarter = new Map<string, Map<string, string>>();
  /** end -> year-to-date starts (durations up to 300 days in quarterly forms) with first filing date */
  readonly ytd = new Map<string, Map<string, string>>();
  /** accn -> `${start}|${end}` of the ~1-year durations an annual-form filing reported (its own year among them). */
  readonly annualByAccn = new Map<string, Set<string>>();
  /** `${accn}|${start}|${end}|${concept}` of every ~1-year duration reported in an annual form. */
  readonly annualConcepts = new Set<string>();
  /** accn -> `${start}|${end}|${concept}` of the ~3-month money durations an annual-form filing reported. */
  readonly quarterByAnnualAccn = new Map<string, Set<string>>();
  /**
   * accn -> `${start}|${end}` of the money durations that may be a filing's transition period: 106-349 days in an
   * annual form, 28-349 days in a transition report (10-KT, 10-QT).
   */
  readonly shortByAccn = new Map<string, Set<string>>();
  readonly filings = new Map<string, Filing>();
  /** docEnd -> filings, oldest first; built on first read (filingsFor runs for every row of every as-of). */
  private byDocEnd: Map<string, Array<{ accn: string } & Filing>> | null = null;

  add(f: Fact): void {
    this.byDocEnd = null;
    const filing = this.filings.get(f.accn);
    if (!filing) this.filings.set(f.accn, { form: f.form, filed: f.filed, docEnd: f.end });
    else if (f.end > filing.docEnd) filing.docEnd = f.end;
    if (!f.start) return;
    const days = daysBetween(f.start, f.end) + 1;
    const concept = `${f.taxonomy}:${f.concept}`;
    if (ANNUAL_FORMS.has(f.form) && days >= 350 && days <= 380) {
      note(this.annual, `${f.start}|${f.end}`, concept, f.filed);
      addToSet(this.annualByAccn, f.accn, `${f.start}|${f.end}`);
      this.annualConcepts.add(`${f.accn}|${f.start}|${f.end}|${concept}`);
    }
    if (
      ANNUAL_FORMS.has(f.form) &&
      days >= 75 &&
      days <= 105 &&
      !f.unit.includes('/') &&
      f.unit !== 'shares'
    ) {
      addToSet(this.quarterByAnnualAccn, f.accn, `${f.start}|${f.end}|${concept}`);
    }
    const minShort = TRANSITION_FORMS.has(f.form) ? 28 : ANNUAL_FORMS.has(f.form) ? 106 : Infinity;
    if (days >= minShort && days <= 349 && !f.unit.includes('/') && f.unit !== 'shares') {
      addToSet(this.shortByAccn, f.accn, `${f.start}|${f.end}`);
    }
    if (QUARTERLY_FORMS.has(f.form)) {
      if (days >= 75 && days <= 105) note(this.quarter, `${f.start}|${f.end}`, concept, f.filed);
      if (days <= 300) note(this.ytd, f.end, f.start, f.filed);
    }
  }

  /** Filings known on `asOf` whose own period ends on `end`, oldest first. */
  filingsFor(end: string, forms: Set<string>, asOf?: string): Array<{ accn: string } & Filing> {
    if (!this.byDocEnd) {
      this.byDocEnd = new Map();
      for (const [accn, f] of this.filings) {
        const list = this.byDocEnd.get(f.docEnd) ?? [];
        list.push({ accn, ...f });
        this.byDocEnd.set(f.docEnd, list);
      }
      for (const list of this.byDocEnd.values())
        list.sort((a, b) =>
          a.filed === b.filed ? a.accn.localeCompare(b.accn) : a.filed < b.filed ? -1 : 1,
        );
    }
    return (this.byDocEnd.get(end) ?? []).filter(
      (f) => forms.has(f.form) && (asOf === undefined || f.filed <= asOf),
    );
  }
}

function addToSet(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

function note(map: Map<string, Map<string, string>>, key: string, sub: string, filed: string): void {
  let m = map.get(key);
  if (!m) {
    m = new Map();
    map.set(key, m);
  }
  const prev = m.get(sub);
  if (prev === undefined || filed < prev) m.set(sub, filed);
}

function known(m: Map<string, string>, asOf?: string): number {
  if (asOf === undefined) return m.size;
  let n = 0;
  for (const filed of m.values()) if (filed <= asOf) n++;
  return n;
}

function positionFromDays(days: number): 1 | 2 | 3 | null {
  if (days >= 70 && days <= 115) return 1;
  if (days >= 160 && days <= 205) return 2;
  if (days >= 250 && days <= 295) return 3;
  return null;
}

export function fiscalCalendar(ev: PeriodEvidence, asOf?: string): Calendar {
  const byEnd = new Map<string, { start: string; n: number }>();
  for (const [key, concepts] of ev.annual) {
    const n = known(concepts, asOf);
    if (n < MIN_CONCEPTS) continue;
    const [start, end] = key.split('|') as [string, string];
    const cur = byEnd.get(end);
    if (!cur || n > cur.n) byEnd.set(end, { start, n });
  }
  // An annual report's own year (a ~1-year duration ending on the latest date its facts reach) is a fiscal
  // year however few concepts were tagged for it, as a 10-Q's own period is a quarter.
  for (const [accn, keys] of ev.annualByAccn) {
    const filing = ev.filings.get(accn)!;
    if (asOf !== undefined && filing.filed > asOf) continue;
    for (const key of keys) {
      const [start, end] = key.split('|') as [string, string];
      if (end !== filing.docEnd || byEnd.has(end)) continue;
      byEnd.set(end, { start, n: known(ev.annual.get(key)!, asOf) });
    }
  }
  const annual = [...byEnd]
    .map(([end, v]) => ({ start: v.start, end }))
    .sort((a, b) => (a.end < b.end ? -1 : 1));
  const fyEnds = annual.map((a) => a.end);
  const transitions = transitionPeriods(ev, annual, asOf);
  // Year boundaries for placing quarters: fiscal year ends and transition period ends.
  const bounds = [...fyEnds, ...transitions.map((t) => t.end)].sort();

  const quarterEnds = new Set<string>();
  for (const [key, concepts] of ev.quarter)
    if (known(concepts, asOf) >= MIN_CONCEPTS) quarterEnds.add(key.split('|')[1]!);
  for (const f of ev.filings.values()) {
    if (QUARTERLY_FORMS.has(f.form) && (asOf === undefined || f.filed <= asOf)) quarterEnds.add(f.docEnd);
  }
  // An annual report's quarterly figures are quarters: 3-month money amounts inside a year it reports (its own
  // year or a comparative one), of a concept it also reports for that whole year.
  for (const [accn, keys] of ev.quarterByAnnualAccn) {
    const filing = ev.filings.get(accn)!;
    if (asOf !== undefined && filing.filed > asOf) continue;
    const years = [...(ev.annualByAccn.get(accn) ?? [])];
    if (!years.some((k) => k.endsWith(`|${filing.docEnd}`))) continue;
    for (const key of keys) {
      const [start, end, concept] = key.split('|') as [string, string, string];
      const inside = years.some((y) => {
        const [yStart, yEnd] = y.split('|') as [string, string];
        return start >= yStart && end < yEnd && ev.annualConcepts.has(`${accn}|${y}|${concept}`);
      });
      if (inside) quarterEnds.add(end);
    }
  }

  // A transition period ends on its last quarter (its own figure is that quarter's year-to-date figure).
  for (const t of transitions) quarterEnds.add(t.end);

  const quarters: QuarterSlot[] = [];
  for (const end of [...quarterEnds].sort()) {
    if (fyEnds.some((e) => Math.abs(daysBetween(e, end)) <= 7)) continue;
    const pos = position(end, annual, bounds, ev, asOf);
    if (pos) quarters.push({ end, fyStart: pos.fyStart, index: pos.index, prevEnds: [] });
  }
  // A fiscal year's fourth quarter exists when the year's earlier quarters run from its start, within five days
  // (a filer can date a year's contexts from the day or days before it begins: 2010-12-31..2011-12-31).
  for (const a of annual) {
    if (quarters.some((q) => sameStart(q.fyStart, a.start)))
      quarters.push({ end: a.end, fyStart: a.start, index: 4, prevEnds: [] });
  }
  quarters.sort((a, b) => (a.end < b.end ? -1 : 1));
  for (const q of quarters) {
    const same = quarters.filter((o) => o.index < q.index && sameStart(o.fyStart, q.fyStart));
    const prev: string[] = [];
    for (let i = 1; i < q.index; i++) prev.push(same.find((o) => o.index === i)?.end ?? '');
    q.prevEnds = prev;
  }
  return { annual, quarters };
}

/**
 * Transition periods known on `asOf`: an annual report's own period (ending on the latest date its facts reach)
 * of 106-349 days, or a transition report's own period of 28-349 days, that starts the day after a known fiscal
 * year end, when no fiscal year ends on that date (a 10-QT's 13 weeks between two year ends, as a 10-K's six
 * months).
 */
function transitionPeriods(ev: PeriodEvidence, annual: AnnualSlot[], asOf?: string): AnnualSlot[] {
  const out: AnnualSlot[] = [];
  const ends = new Set(annual.map((a) => a.end));
  const nextStarts = new Set(annual.map((a) => addDays(a.end, 1)));
  for (const [accn, keys] of ev.shortByAccn) {
    const filing = ev.filings.get(accn)!;
    if (asOf !== undefined && filing.filed > asOf) continue;
    if (ends.has(filing.docEnd) || out.some((t) => t.end === filing.docEnd)) continue;
    for (const key of keys) {
      const [start, end] = key.split('|') as [string, string];
      if (end === filing.docEnd && nextStarts.has(start)) {
        out.push({ start, end });
        break;
      }
    }
  }
  return out;
}

function position(
  end: string,
  annual: AnnualSlot[],
  bounds: string[],
  ev: PeriodEvidence,
  asOf?: string,
): { index: 1 | 2 | 3; fyStart: string } | null {
  let prev: string | undefined;
  for (const e of bounds) if (daysBetween(e, end) > 45) prev = e;
  // Without the previous year, the known fiscal year that contains the quarter gives its start.
  if (prev === undefined) {
    const year = annual.find((a) => a.start <= end && daysBetween(end, a.end) > 45);
    if (year) prev = addDays(year.start, -1);
  }
  if (prev !== undefined) {
    const index = positionFromDays(daysBetween(prev, end));
    if (index) return { index, fyStart: addDays(prev, 1) };
  }
  const starts = ev.ytd.get(end);
  if (!starts) return null;
  let longest: string | undefined;
  for (const [start, filed] of starts) {
    if (asOf !== undefined && filed > asOf) continue;
    if (longest === undefined || start < longest) longest = start;
  }
  if (longest === undefined) return null;
  const index = positionFromDays(daysBetween(longest, end) + 1);
  return index ? { index, fyStart: longest } : null;
}

/** Nearest calendar quarter end (how SEC frames assign CYyyyyQn); used as the income rows' calendar_date. */
export function calendarDate(reportPeriod: string): string {
  const y = Number(reportPeriod.slice(0, 4));
  const candidates = [`${y - 1}-12-31`, `${y}-03-31`, `${y}-06-30`, `${y}-09-30`, `${y}-12-31`];
  let best = candidates[0]!;
  for (const c of candidates)
    if (Math.abs(daysBetween(c, reportPeriod)) < Math.abs(daysBetween(best, reportPeriod))) best = c;
  return best;
}
