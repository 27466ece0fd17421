import { daysBetween } from './fact-index.ts';
import type { InstanceDocument, InstanceFact } from './instance.ts';
import { labelFromName } from './labels.ts';
import { leafMembers, type MemberValue } from './segment-buckets.ts';
import {
  CONSOLIDATION_AXES,
  CONSOLIDATION_OK,
  DIMENSIONS,
  METRICS,
  SEGMENT_AXES,
  SEGMENT_CONCEPTS,
  type SegmentDimension,
} from './segment-concepts.ts';

/**
 * Segment rows (spec 2.5) from one instance document: income-statement metrics broken down by business
 * segment, product/service or geography. A fact counts when its only meaningful dimension is one of the
 * axes of segment-concepts.ts; a consolidation axis saying "operating segments" may sit beside it, and
 * `dei:LegalEntityAxis` only with the registrant's own member (combined filings). Each dimension's buckets
 * are leaves that add up to the reported total (segment-buckets.ts drops the subtotals). Balance-sheet and
 * cash-flow payloads are always empty, as the spec's routes are.
 *
 * Periods come from the dates, as in the statement engine (periods.ts): an annual row is a 350-380 day
 * duration, a quarterly row a 75-105 day one whose position in the fiscal year is the length of the longest
 * year-to-date duration ending on it (Q1-Q3; a fiscal year's last quarter is not a quarterly row).
 */

export { SEGMENT_AXES } from './segment-concepts.ts';

export interface SegmentBucket {
  label: string;
  value: number;
}

export type SegmentPayload = Record<string, Record<string, SegmentBucket[]>>;
export type SegmentPeriod = 'annual' | 'quarterly';

export interface SegmentRow {
  ticker: string;
  report_period: string;
  fiscal_period: string | null;
  period: SegmentPeriod;
  currency: string;
  accession_number: string;
  filing_url: string;
  income_statement: SegmentPayload;
  balance_sheet: SegmentPayload;
  cash_flow_statement: SegmentPayload;
}

export interface SegmentOptions {
  ticker?: string;
  /** Default: from the document type (10-K, 20-F, 40-F -> annual; 10-Q -> quarterly). */
  period?: SegmentPeriod;
  accession_number?: string;
  filing_url?: string;
  /** The registrant's own dei:LegalEntityAxis member in a combined filing (e.g. `sr:SpireMember`). */
  legalEntity?: string;
}

export interface SegmentResult {
  /** Newest report_period first. */
  rows: SegmentRow[];
  /** The grain used (asked for, or read from the document type); null when neither says. */
  period: SegmentPeriod | null;
  /** Why there are no rows, subtotals dropped, and other things an operator should know. */
  warnings: string[];
}

const DAYS: Record<SegmentPeriod, [number, number]> = { annual: [350, 380], quarterly: [75, 105] };

/** The grain a document's type implies: `10-K/A` annual, `10-QT` quarterly, an 8-K none. */
export function periodOfDocument(documentType: string | undefined): SegmentPeriod | null {
  const t = (documentType ?? '').toUpperCase();
  if (/^(10-K|20-F|40-F)/.test(t)) return 'annual';
  if (/^10-Q/.test(t)) return 'quarterly';
  return null;
}

const local = (qname: string) => qname.slice(qname.indexOf(':') + 1);

/** The fact's [dimension, member] when it is a segment fact; 'total' when it is the segments' own total. */
function classify(f: InstanceFact, legalEntity?: string): [SegmentDimension, string] | 'total' | null {
  if (f.typed) return null;
  let found: [SegmentDimension, string] | null = null;
  let consolidated = false;
  for (const [axis, member] of Object.entries(f.dims)) {
    const ln = local(axis);
    if (CONSOLIDATION_AXES.has(ln) && CONSOLIDATION_OK.test(member)) {
      consolidated = true;
      continue;
    }
    if (ln === 'LegalEntityAxis' && legalEntity && member === legalEntity) continue;
    const dim = SEGMENT_AXES[ln];
    if (!dim || found) return null;
    found = [dim, member];
  }
  return found ?? (consolidated ? 'total' : null);
}

/** Q1-Q3 from the longest year-to-date duration ending on the quarter's end (periods.ts#positionFromDays). */
function quarterOf(end: string, doc: InstanceDocument): string | null {
  let longest = 0;
  for (const f of doc.facts) {
    if (f.instant || !f.start || f.end !== end) continue;
    const days = daysBetween(f.start, f.end) + 1;
    if (days >= 350) return null; // the fiscal year's last quarter
    if (days <= 300) longest = Math.max(longest, days);
  }
  if (longest >= 70 && longest <= 115) return 'Q1';
  if (longest >= 160 && longest <= 205) return 'Q2';
  if (longest >= 250 && longest <= 295) return 'Q3';
  return null;
}

interface PeriodFacts {
  members: Map<string, InstanceFact>; // `${concept}|${dim}|${member}` -> fact
  totals: Map<string, InstanceFact>; // `${concept}` -> undimensioned fact, `${concept}|segments` -> segment total
}

export function buildSegments(
  doc: InstanceDocument,
  opts: SegmentOptions = {},
  labels?: Map<string, string>,
): SegmentResult {
  const warnings: string[] = [];
  const docPeriod = periodOfDocument(doc.dei.DocumentType);
  const period = opts.period ?? docPeriod;
  if (!period) {
    warnings.push(
      `document type "${doc.dei.DocumentType ?? ''}" implies no grain: pass period annual or quarterly`,
    );
    return { rows: [], period: null, warnings };
  }
  if (opts.period && docPeriod && opts.period !== docPeriod)
    warnings.push(
      `asked for ${opts.period} rows of a ${doc.dei.DocumentType}, whose own grain is ${docPeriod}`,
    );

  const [lo, hi] = DAYS[period];
  const byPeriod = new Map<string, PeriodFacts>();
  let segmentFacts = 0;
  for (const f of doc.facts) {
    if (f.instant || !f.start || !/^[A-Z]{3}$/.test(f.unit)) continue;
    const kind = Object.keys(f.dims).length === 0 ? 'plain' : classify(f, opts.legalEntity);
    if (!kind) continue;
    if (kind !== 'plain' && kind !== 'total') segmentFacts++;
    const days = daysBetween(f.start, f.end) + 1;
    if (days < lo || days > hi) continue;
    const key = `${f.start}|${f.end}`;
    let p = byPeriod.get(key);
    if (!p) {
      p = { members: new Map(), totals: new Map() };
      byPeriod.set(key, p);
    }
    if (kind === 'plain') p.totals.set(f.concept, f);
    else if (kind === 'total') p.totals.set(`${f.concept}|segments`, f);
    // the same member tagged twice (with and without the consolidation axis): the first one stands
    else if (!p.members.has(`${f.concept}|${kind[0]}|${kind[1]}`))
      p.members.set(`${f.concept}|${kind[0]}|${kind[1]}`, f);
  }
  if (segmentFacts === 0) {
    const axes = Object.keys(SEGMENT_AXES).join(', ');
    warnings.push(`no monetary fact of the instance is on a segment axis (${axes}): no segment rows`);
    return { rows: [], period, warnings };
  }

  const rows: SegmentRow[] = [];
  for (const [key, p] of byPeriod) {
    const end = key.split('|')[1]!;
    const fiscal = period === 'annual' ? 'FY' : quarterOf(end, doc);
    if (period === 'quarterly' && fiscal === null && isFiscalYearEnd(end, doc)) continue;
    const { payload, currency } = payloadOf(p, labels, end, warnings);
    if (Object.keys(payload).length === 0) continue;
    if (fiscal === null) warnings.push(`${end}: no year-to-date duration tells the fiscal quarter`);
    rows.push({
      ticker: opts.ticker ?? doc.dei.TradingSymbol ?? '',
      report_period: end,
      fiscal_period: fiscal,
      period,
      currency,
      accession_number: opts.accession_number ?? '',
      filing_url: opts.filing_url ?? '',
      income_statement: payload,
      balance_sheet: {},
      cash_flow_statement: {},
    });
  }
  if (rows.length === 0)
    warnings.push(
      `${segmentFacts} segment facts, none of them ${period} (${lo}-${hi} day durations) for a segment metric`,
    );
  rows.sort((a, b) => (a.report_period < b.report_period ? 1 : -1));
  return { rows, period, warnings };
}

function isFiscalYearEnd(end: string, doc: InstanceDocument): boolean {
  return doc.facts.some((f) => !f.instant && f.start && f.end === end && daysBetween(f.start, end) >= 349);
}

function payloadOf(p: PeriodFacts, labels: Map<string, string> | undefined, end: string, warnings: string[]) {
  const payload: SegmentPayload = {};
  let currency = '';
  for (const metric of METRICS) {
    for (const dim of DIMENSIONS) {
      for (const concept of SEGMENT_CONCEPTS[metric]) {
        const prefix = `${concept}|${dim}|`;
        const facts = [...p.members].filter(([k]) => k.startsWith(prefix)).map(([, f]) => f);
        // one currency per row, the first list's: a convenience translation (TWD and USD) is left out
        const unit = currency || facts[0]?.unit;
        const same = facts.filter((f) => f.unit === unit);
        if (same.length === 0) continue;
        currency = unit!;
        const items: MemberValue[] = same.map((f) => ({
          member: f.dims[Object.keys(f.dims).find((a) => SEGMENT_AXES[local(a)])!]!,
          value: f.value,
          decimals: f.decimals,
        }));
        const reported = p.totals.get(`${concept}|segments`) ?? p.totals.get(concept);
        const { leaves, subtotals } = leafMembers(items, reported?.unit === unit ? reported : undefined);
        for (const s of subtotals)
          warnings.push(`${end} ${metric} ${dim}: ${s.member} is the subtotal of ${s.of.join(' + ')}`);
        payload[metric] ??= {};
        payload[metric][dim] = leaves
          .map((x) => ({ label: labels?.get(x.member) ?? labelFromName(x.member), value: x.value }))
          .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
        break;
      }
    }
  }
  return { payload, currency };
}
