import { ANNUAL_FORMS, addDays, daysBetween, QUARTERLY_FORMS } from './fact-index.ts';
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
 */

const MIN_CONCEPTS = 3;

export interface AnnualSlot {
  start: string;
  end: string;
}

export interface QuarterSlot {
  end: string;
  /** Fiscal year start (previous fiscal year end + 1 day, or the start of the year-to-date durations). */
  fyStart: string;
  index: 1 | 2 | 3 | 4;
  /** Ends of the earlier quarters of the same fiscal year, oldest first (length index - 1 when known). */
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
    if (ANNUAL_FORMS.has(f.form) && days >= 350 && days <= 380)
      note(this.annual, `${f.start}|${f.end}`, concept, f.filed);
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
  const annual = [...byEnd]
    .map(([end, v]) => ({ start: v.start, end }))
    .sort((a, b) => (a.end < b.end ? -1 : 1));
  const fyEnds = annual.map((a) => a.end);

  const quarterEnds = new Set<string>();
  for (const [key, concepts] of ev.quarter)
    if (known(concepts, asOf) >= MIN_CONCEPTS) quarterEnds.add(key.split('|')[1]!);
  for (const f of ev.filings.values()) {
    if (QUARTERLY_FORMS.has(f.form) && (asOf === undefined || f.filed <= asOf)) quarterEnds.add(f.docEnd);
  }

  const quarters: QuarterSlot[] = [];
  for (const end of [...quarterEnds].sort()) {
    if (fyEnds.some((e) => Math.abs(daysBetween(e, end)) <= 7)) continue;
    const pos = position(end, fyEnds, ev, asOf);
    if (pos) quarters.push({ end, fyStart: pos.fyStart, index: pos.index, prevEnds: [] });
  }
  for (const a of annual) {
    if (quarters.some((q) => q.fyStart === a.start))
      quarters.push({ end: a.end, fyStart: a.start, index: 4, prevEnds: [] });
  }
  quarters.sort((a, b) => (a.end < b.end ? -1 : 1));
  for (const q of quarters) {
    const same = quarters.filter(
      (o) => o.index < q.index && Math.abs(daysBetween(o.fyStart, q.fyStart)) <= 5,
    );
    const prev: string[] = [];
    for (let i = 1; i < q.index; i++) {
      const hit = same.find((o) => o.index === i);
      if (!hit) break;
      prev.push(hit.end);
    }
    q.prevEnds = prev;
  }
  return { annual, quarters };
}

function position(
  end: string,
  fyEnds: string[],
  ev: PeriodEvidence,
  asOf?: string,
): { index: 1 | 2 | 3; fyStart: string } | null {
  let prev: string | undefined;
  for (const e of fyEnds) if (daysBetween(e, end) > 45) prev = e;
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
