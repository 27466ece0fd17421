import { daysBetween } from './fact-index.ts';
import type { InstanceDocument, InstanceFact } from './instance.ts';
import { labelFromName } from './labels.ts';
import type { ConceptCandidate } from './mapping.ts';
import { SPECS_BY_STATEMENT } from './mapping.ts';

/**
 * Segment rows (spec 2.5) from one instance document: income-statement metrics broken down by business
 * segment, product/service or geography. A fact counts when its only meaningful dimension is one of those
 * axes, in `srt:` (2019+) or `us-gaap:` (older); `ConsolidationItemsAxis = OperatingSegmentsMember` is
 * (or ReportableGeographicalComponentsMember) is allowed beside it, and `dei:LegalEntityAxis` only with the registrant's own member (combined filings).
 * Balance-sheet and cash-flow payloads are always empty, as the spec's routes are.
 */

export const SEGMENT_AXES: Record<string, string> = {
  StatementBusinessSegmentsAxis: 'segment',
  ProductOrServiceAxis: 'product_or_service',
  StatementGeographicalAxis: 'geography',
};

/** Consolidation members that mean "the segments themselves" (eliminations and corporate are excluded). */
const CONSOLIDATION_OK = /:(OperatingSegmentsMember|ReportableGeographicalComponentsMember)$/;

const METRICS = ['revenue', 'cost_of_revenue', 'gross_profit', 'operating_income', 'net_income'] as const;

export interface SegmentBucket {
  label: string;
  value: number;
}

export type SegmentPayload = Record<string, Record<string, SegmentBucket[]>>;

export interface SegmentRow {
  ticker: string;
  report_period: string;
  fiscal_period: string;
  period: 'annual' | 'quarterly';
  currency: string;
  accession_number: string;
  filing_url: string;
  income_statement: SegmentPayload;
  balance_sheet: SegmentPayload;
  cash_flow_statement: SegmentPayload;
}

export interface SegmentOptions {
  ticker: string;
  period: 'annual' | 'quarterly';
  accession_number?: string;
  filing_url?: string;
  /** The registrant's own dei:LegalEntityAxis member in a combined filing (e.g. `sr:SpireMember`). */
  legalEntity?: string;
}

function conceptsFor(metric: string): string[] {
  const spec = SPECS_BY_STATEMENT.income.find((s) => s.field === metric)!;
  return spec.usGaap.filter((c): c is ConceptCandidate => 'c' in c).map((c) => c.c);
}

function segmentAxis(f: InstanceFact, legalEntity?: string): [string, string] | null {
  let found: [string, string] | null = null;
  if (f.typed) return null;
  for (const [axis, member] of Object.entries(f.dims)) {
    const ln = axis.slice(axis.indexOf(':') + 1);
    if (ln === 'ConsolidationItemsAxis' && CONSOLIDATION_OK.test(member)) continue;
    if (ln === 'LegalEntityAxis' && legalEntity && member === legalEntity) continue;
    const dim = SEGMENT_AXES[ln];
    if (!dim || found) return null;
    found = [dim, member];
  }
  return found;
}

export function buildSegments(
  doc: InstanceDocument,
  opts: SegmentOptions,
  labels?: Map<string, string>,
): SegmentRow[] {
  const [lo, hi] = opts.period === 'annual' ? [350, 380] : [75, 105];
  const byPeriod = new Map<
    string,
    { start: string; facts: Array<{ f: InstanceFact; dim: string; member: string }> }
  >();
  for (const f of doc.facts) {
    if (f.instant || !f.start) continue;
    const days = daysBetween(f.start, f.end) + 1;
    if (days < lo || days > hi) continue;
    const seg = segmentAxis(f, opts.legalEntity);
    if (!seg) continue;
    const key = `${f.start}|${f.end}`;
    let p = byPeriod.get(key);
    if (!p) {
      p = { start: f.start, facts: [] };
      byPeriod.set(key, p);
    }
    p.facts.push({ f, dim: seg[0], member: seg[1] });
  }
  const rows: SegmentRow[] = [];
  for (const [key, p] of byPeriod) {
    const end = key.split('|')[1]!;
    const payload: SegmentPayload = {};
    let currency = '';
    for (const metric of METRICS) {
      for (const dim of Object.values(SEGMENT_AXES)) {
        for (const concept of conceptsFor(metric)) {
          const hits = p.facts.filter(
            (x) => x.dim === dim && x.f.concept === concept && /^[A-Z]{3}$/.test(x.f.unit),
          );
          if (hits.length === 0) continue;
          currency ||= hits[0]!.f.unit;
          payload[metric] ??= {};
          payload[metric][dim] = hits
            .map((x) => ({ label: labels?.get(x.member) ?? labelFromName(x.member), value: x.f.value }))
            .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
          break;
        }
      }
    }
    if (Object.keys(payload).length === 0) continue;
    rows.push({
      ticker: opts.ticker,
      report_period: end,
      fiscal_period: opts.period === 'annual' ? 'FY' : (doc.dei.DocumentFiscalPeriodFocus ?? ''),
      period: opts.period,
      currency,
      accession_number: opts.accession_number ?? '',
      filing_url: opts.filing_url ?? '',
      income_statement: payload,
      balance_sheet: {},
      cash_flow_statement: {},
    });
  }
  return rows.sort((a, b) => (a.report_period < b.report_period ? 1 : -1));
}
