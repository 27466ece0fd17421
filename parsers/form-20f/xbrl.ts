import { htmlToBlocks, looksLikeHtml } from '../edgar/items/text.ts';
import type { InstanceDocument } from '../xbrl/instance.ts';
import { labelFromName } from '../xbrl/labels.ts';
import { CONSOLIDATION_AXES, CONSOLIDATION_OK, SEGMENT_CONCEPTS } from '../xbrl/segment-concepts.ts';

/**
 * One filing's XBRL instance (parsed with `texts: true`) -> the raw facts, the notes index (text blocks)
 * and the as-reported segment facts of the 20-F routes. The same reader serves every XBRL filing, so the
 * mechanics hold for US GAAP and IFRS instances alike (axes are matched on local names: `srt:`/`us-gaap:`
 * and `ifrs-full:` segment axes).
 */

export interface FactRow {
  taxonomy: string;
  tag: string;
  value: string;
  unit: string | null;
  decimals: string | null;
  period_start: string | null;
  period_end: string;
  instant: boolean;
  dimensions: Record<string, string>;
}

export interface NoteRow {
  note_tag: string | null;
  note_title: string;
  text: string;
}

export interface SegmentFactRow {
  dimension: 'business' | 'product' | 'geographic';
  segment_path: string;
  segment_name: string;
  depth: number;
  members: Array<{ axis: string; member: string }>;
  concept: string;
  metric_kind: string;
  value: string;
  unit: string;
  decimals: string | null;
  period_start: string | null;
  period_end: string;
  fiscal_year: number;
}

const split = (qname: string): [string, string] => {
  const i = qname.indexOf(':');
  return i < 0 ? ['', qname] : [qname.slice(0, i), qname.slice(i + 1)];
};

/** A text fact is a note when it is a text block (`...TextBlock`) or an IFRS disclosure (`Disclosure...`). */
export const isNoteConcept = (concept: string): boolean => {
  const local = split(concept)[1];
  return local.endsWith('TextBlock') || /^Disclosure[A-Z]/.test(local);
};

export function factRows(doc: InstanceDocument): FactRow[] {
  const rows: FactRow[] = [];
  for (const f of doc.facts) {
    const [taxonomy, tag] = split(f.concept);
    rows.push({
      taxonomy,
      tag,
      value: String(f.value),
      unit: f.unit || null,
      decimals: f.decimals,
      period_start: f.start ?? null,
      period_end: f.end,
      instant: f.instant,
      dimensions: f.dims,
    });
  }
  for (const t of doc.texts ?? []) {
    if (isNoteConcept(t.concept)) continue; // served by the notes route
    const [taxonomy, tag] = split(t.concept);
    rows.push({
      taxonomy,
      tag,
      value: t.text.replace(/\s+/g, ' ').trim(),
      unit: null,
      decimals: null,
      period_start: t.start ?? null,
      period_end: t.end,
      instant: t.instant,
      dimensions: t.dims,
    });
  }
  return rows;
}

/** `ifrs-full:DisclosureOfSegmentsExplanatory` -> "Disclosure of Segments" when no label linkbase names it. */
export function noteTitle(concept: string, labels?: Map<string, string>): string {
  const label = labels?.get(concept);
  if (label) return label.replace(/\s*\[[^\]]*\]$/, '');
  return labelFromName(concept.replace(/(TextBlock|Explanatory)$/, '')).replace(
    /^Disclosure Of /,
    'Disclosure of ',
  );
}

/** Text as a reader wants it: escaped HTML (standalone instances) read into paragraphs, spaces collapsed. */
export function cleanNoteText(text: string): string {
  const paragraphs = looksLikeHtml(text) ? htmlToBlocks(text) : text.split(/\n+/);
  return paragraphs
    .map((p) => p.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

export function noteRows(doc: InstanceDocument, labels?: Map<string, string>): NoteRow[] {
  const out: NoteRow[] = [];
  const seen = new Set<string>();
  for (const t of doc.texts ?? []) {
    if (!isNoteConcept(t.concept) || Object.keys(t.dims).length > 0 || seen.has(t.concept)) continue;
    seen.add(t.concept);
    out.push({ note_tag: t.concept, note_title: noteTitle(t.concept, labels), text: cleanNoteText(t.text) });
  }
  return out;
}

const DIMENSION_OF: Record<string, SegmentFactRow['dimension']> = {
  StatementBusinessSegmentsAxis: 'business',
  SegmentsAxis: 'business',
  ProductOrServiceAxis: 'product',
  ProductsAndServicesAxis: 'product',
  StatementGeographicalAxis: 'geographic',
  GeographicalAreasAxis: 'geographic',
};

const KIND_BY_CONCEPT = new Map<string, string>();
for (const [kind, concepts] of Object.entries(SEGMENT_CONCEPTS))
  for (const c of concepts) if (!KIND_BY_CONCEPT.has(c)) KIND_BY_CONCEPT.set(c, kind);

/** revenue, cost_of_revenue, gross_profit, operating_income, net_income (the statement mapping's tags), assets, other. */
export function metricKind(concept: string): string {
  const known = KIND_BY_CONCEPT.get(concept);
  if (known) return known;
  const local = split(concept)[1];
  if (/^Revenue|Revenues?$/.test(local)) return 'revenue';
  if (/^(Assets|NoncurrentAssets|NonCurrentAssets|LongLivedAssets|PropertyPlantAndEquipment)/.test(local))
    return 'assets';
  return 'other';
}

/**
 * Monetary facts whose context has one or more segment axes (business, product, geography) and no other
 * axis except a consolidation member meaning "the operating segments". Several segment axes on one fact
 * (business x geography) make a path of depth 2.
 */
export function segmentRows(doc: InstanceDocument, labels?: Map<string, string>): SegmentFactRow[] {
  const out: SegmentFactRow[] = [];
  for (const f of doc.facts) {
    if (f.typed || !/^[A-Z]{3}$/.test(f.unit)) continue;
    const members: Array<{ axis: string; member: string }> = [];
    let other = false;
    for (const [axis, member] of Object.entries(f.dims)) {
      const local = split(axis)[1];
      if (CONSOLIDATION_AXES.has(local) && CONSOLIDATION_OK.test(member)) continue;
      if (DIMENSION_OF[local]) members.push({ axis, member });
      else other = true;
    }
    if (other || members.length === 0) continue;
    const names = members.map((m) => labels?.get(m.member) ?? labelFromName(m.member));
    out.push({
      dimension: DIMENSION_OF[split(members[0]!.axis)[1]]!,
      segment_path: names.join(' > '),
      segment_name: names.at(-1)!,
      depth: members.length,
      members,
      concept: f.concept,
      metric_kind: metricKind(f.concept),
      value: String(f.value),
      unit: f.unit,
      decimals: f.decimals,
      period_start: f.start ?? null,
      period_end: f.end,
      fiscal_year: Number(f.end.slice(0, 4)),
    });
  }
  return out;
}

/** Profile fields the cover-page dei facts state (inline XBRL since 2019). */
export function deiProfile(doc: InstanceDocument) {
  const d = doc.dei;
  const std = (d.DocumentAccountingStandard ?? '').toLowerCase();
  const shares = doc.facts
    .filter((f) => split(f.concept)[1] === 'EntityCommonStockSharesOutstanding')
    .map((f) => ({
      class: Object.values(f.dims)[0] ? labelFromName(Object.values(f.dims)[0]!) : 'common shares',
      shares: String(f.value),
      as_of: f.end,
    }));
  return {
    registrant_name: d.EntityRegistrantName ?? null,
    incorporation: d.EntityIncorporationStateCountryCode ?? d.EntityAddressCountry ?? null,
    period_end: d.DocumentPeriodEndDate ?? null,
    fiscal_year_end: d.CurrentFiscalYearEndDate ?? null,
    amendment: /true/i.test(d.AmendmentFlag ?? '') || /\/A$/.test(d.DocumentType ?? ''),
    shares_outstanding: shares,
    accounting_standard: std.includes('international')
      ? ('ifrs' as const)
      : std.includes('gaap')
        ? ('us_gaap' as const)
        : std
          ? ('other' as const)
          : null,
    accounting_standard_evidence: d.DocumentAccountingStandard
      ? `dei:DocumentAccountingStandard "${d.DocumentAccountingStandard}"`
      : null,
    filer_category: d.EntityFilerCategory ?? null,
    auditor: d.AuditorName ?? null,
  };
}

/** The currency most monetary facts without dimensions are in (a USD convenience translation is fewer). */
export function reportingCurrency(units: string[]): string | null {
  const counts = new Map<string, number>();
  for (const u of units) if (/^[A-Z]{3}$/.test(u)) counts.set(u, (counts.get(u) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}
