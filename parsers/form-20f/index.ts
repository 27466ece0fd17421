import { ParseError } from '../../lib/errors.ts';
import type { CompanyFactsDocument } from '../xbrl/companyfacts.ts';
import type { InstanceDocument } from '../xbrl/instance.ts';
import { type CoverProfile, coverProfile, incorporationCountry } from './cover.ts';
import { expressedIn, htmlNotes } from './html-notes.ts';
import { type DocumentFormat, documentFormat, form20fBlocks, splitForm20f } from './items.ts';
import { majorShareholders, type OwnershipRow } from './ownership.ts';

import {
  deiProfile,
  type FactRow,
  factRows,
  type NoteRow,
  noteRows,
  reportingCurrency,
  type SegmentFactRow,
  segmentRows,
} from './xbrl.ts';

/**
 * Everything the 20-F routes serve from one filing: the profile (cover page, then dei facts over it), the
 * items found, Item 7.A holders from the primary document, and facts, notes and segments from the XBRL
 * instance. Either part may be missing (a pre-2017 IFRS 20-F has no instance; a filing may be
 * instance-only); a document that is neither is a ParseError.
 */

export interface Form20fProfile extends Omit<CoverProfile, 'adr_ratio'> {
  adr_ratio: string | null;
  reporting_currency: string | null;
  /** Where reporting_currency was read: the facts' units, or the statements' "(Expressed in ...)" line. */
  reporting_currency_evidence: string | null;
  /** ISO code of `incorporation`, when it names one (a province, an EDGAR code, a country). */
  incorporation_country: string | null;
  document_format: DocumentFormat | 'inline_xbrl' | 'xbrl' | 'companyfacts';
}

export interface Form20fFiling {
  profile: Form20fProfile;
  items_found: string[];
  ownership: OwnershipRow[];
  notes: NoteRow[];
  segments: SegmentFactRow[];
  facts: FactRow[];
  warnings: string[];
}

const EMPTY_COVER: CoverProfile = {
  registrant_name: null,
  incorporation: null,
  period_end: null,
  fiscal_year_end: null,
  amendment: false,
  shares_outstanding: [],
  accounting_standard: null,
  accounting_standard_evidence: null,
  filer_category: null,
  auditor: null,
  adr_ratio: null,
};

export function parseForm20fFiling(input: {
  primary?: { text: string; url: string };
  instance?: InstanceDocument;
  labels?: Map<string, string>;
}): Form20fFiling {
  const warnings: string[] = [];
  let cover = EMPTY_COVER;
  let items: string[] = [];
  let ownership: OwnershipRow[] = [];
  let format: Form20fProfile['document_format'] | null = null;
  let documentNotes: NoteRow[] = [];
  let expressed: ReturnType<typeof expressedIn> = null;
  if (input.primary) {
    format = documentFormat(input.primary.text);
    const blocks = form20fBlocks(input.primary.text, format);
    const sections = splitForm20f(blocks);
    items = sections.map((s) => s.code);
    if (sections.length === 0) warnings.push('no Form 20-F item headings in the primary document');
    else {
      const own = majorShareholders(sections);
      ownership = own.rows;
      warnings.push(...own.warnings);
    }
    cover = coverProfile(blocks, sections);
    documentNotes = htmlNotes(blocks);
    expressed = expressedIn(blocks);
  }
  const doc = input.instance;
  if (!doc && !input.primary)
    throw new ParseError('neither a primary document nor an XBRL instance', 'form 20-f');
  const profile: Form20fProfile = {
    ...cover,
    reporting_currency: expressed?.currency ?? null,
    reporting_currency_evidence: expressed ? `statements: ${expressed.evidence}` : null,
    incorporation_country: null,
    document_format: format ?? 'xbrl',
  };
  if (doc) {
    const dei = deiProfile(doc);
    for (const [k, v] of Object.entries(dei) as Array<[keyof typeof dei, unknown]>) {
      const empty = v === null || (Array.isArray(v) && v.length === 0) || v === false;
      if (!empty) (profile as unknown as Record<string, unknown>)[k] = v;
    }
    const currency = reportingCurrency(
      doc.facts.filter((f) => Object.keys(f.dims).length === 0).map((f) => f.unit),
    );
    if (currency) {
      profile.reporting_currency = currency;
      profile.reporting_currency_evidence = 'XBRL: the unit of most undimensioned monetary facts';
    }
    profile.document_format = doc.format === 'inline' ? 'inline_xbrl' : 'xbrl';
    warnings.push(...doc.warnings);
  }
  profile.incorporation_country = incorporationCountry(profile.incorporation);
  if (!doc)
    warnings.push(
      documentNotes.length > 0
        ? `no XBRL instance: no segments or facts for this filing; ${documentNotes.length} notes read from the document's headings`
        : 'no XBRL instance and no numbered note headings ("N. TITLE" after a "Notes to the financial statements" heading): no notes, segments or facts for this filing',
    );
  if (format === 'wrapped_text')
    warnings.push(
      'plain text inside an HTML wrapper (a text filing): read line by line as text, `<TABLE>` lines split into columns',
    );
  const xbrlNotes = doc ? noteRows(doc, input.labels) : [];
  return {
    profile,
    items_found: items,
    ownership,
    notes: xbrlNotes.length > 0 ? xbrlNotes : documentNotes,
    segments: doc ? segmentRows(doc, input.labels) : [],
    facts: doc ? factRows(doc) : [],
    warnings,
  };
}

export interface CompanyFactsFiling {
  accession: string;
  form: string;
  filing_date: string;
  profile: Form20fProfile;
  facts: FactRow[];
}

/**
 * companyfacts -> one entry per 20-F / 20-F/A accession with the undimensioned facts SEC extracted from it
 * (no decimals: companyfacts does not carry them) and what a profile can say from them: shares outstanding
 * (dei), the accounting standard (the taxonomy the filing's facts use), the reporting currency and the
 * period end (the most common end date of the filing's one-year durations). A filing with no one-year
 * duration (a 20-F/A restating only the cover's dei facts) takes the period end of a filing whose facts
 * carry the same fiscal year (companyfacts' `fy`, the fiscal year SEC assigns a filing's facts).
 */
export function companyFactsFilings(doc: CompanyFactsDocument): CompanyFactsFiling[] {
  const byAccn = new Map<string, CompanyFactsDocument['facts']>();
  for (const f of doc.facts) {
    if (f.form !== '20-F' && f.form !== '20-F/A') continue;
    const list = byAccn.get(f.accn) ?? [];
    list.push(f);
    byAccn.set(f.accn, list);
  }
  const out: CompanyFactsFiling[] = [];
  for (const [accession, facts] of byAccn) {
    const taxonomies = new Set(facts.map((f) => f.taxonomy));
    const ends = new Map<string, number>();
    for (const f of facts) {
      if (!f.start) continue;
      const days = (Date.parse(f.end) - Date.parse(f.start)) / 86_400_000;
      if (days >= 350 && days <= 380) ends.set(f.end, (ends.get(f.end) ?? 0) + 1);
    }
    const periodEnd = [...ends].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? 1 : -1))[0]?.[0] ?? null;
    const shares = facts
      .filter((f) => f.concept === 'EntityCommonStockSharesOutstanding')
      .map((f) => ({ class: 'common shares', shares: String(f.value), as_of: f.end }));
    const standard = taxonomies.has('ifrs-full') ? 'ifrs' : taxonomies.has('us-gaap') ? 'us_gaap' : null;
    out.push({
      accession,
      form: facts[0]!.form,
      filing_date: facts[0]!.filed,
      profile: {
        ...EMPTY_COVER,
        registrant_name: doc.entityName || null,
        period_end: periodEnd,
        fiscal_year_end: periodEnd ? `--${periodEnd.slice(5)}` : null,
        amendment: facts[0]!.form === '20-F/A',
        shares_outstanding: shares.slice(0, 1),
        accounting_standard: standard,
        accounting_standard_evidence: standard
          ? `companyfacts taxonomies: ${[...taxonomies].sort().join(', ')}`
          : null,
        reporting_currency: reportingCurrency(facts.filter((f) => f.taxonomy !== 'dei').map((f) => f.unit)),
        reporting_currency_evidence: 'companyfacts: the unit of most monetary facts',
        incorporation_country: null,
        document_format: 'companyfacts',
      },
      facts: facts.map((f) => ({
        taxonomy: f.taxonomy,
        tag: f.concept,
        value: String(f.value),
        unit: f.unit,
        decimals: null,
        period_start: f.start ?? null,
        period_end: f.end,
        instant: !f.start,
        dimensions: {},
      })),
    });
  }
  const periodOfYear = new Map<number, string>();
  for (const f of out) {
    const fy = fiscalYear(byAccn.get(f.accession)!);
    if (fy !== null && f.profile.period_end) periodOfYear.set(fy, f.profile.period_end);
  }
  for (const f of out) {
    const fy = fiscalYear(byAccn.get(f.accession)!);
    const end = fy === null ? undefined : periodOfYear.get(fy);
    // the period only: the filing itself states no fiscal year end
    if (end && !f.profile.period_end) f.profile.period_end = end;
  }
  return out.sort((a, b) => (a.filing_date < b.filing_date ? 1 : -1));
}

/** The fiscal year most of a filing's facts carry (`fy`); null when none does. */
function fiscalYear(facts: CompanyFactsDocument['facts']): number | null {
  const counts = new Map<number, number>();
  for (const f of facts) if (f.fy !== null) counts.set(f.fy, (counts.get(f.fy) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0] ?? null;
}

/**
 * A beneficial-ownership table of a foreign private issuer in a form other than the 20-F (a tender offer's
 * exhibit, a prospectus): the same table as Item 6.E / 7.A, with no item headings around it. The whole
 * document is read as Item 7.A.
 */
export function otherFormOwnership(text: string): { rows: OwnershipRow[]; warnings: string[] } {
  const blocks = form20fBlocks(text);
  return majorShareholders([{ code: 'Item-7', name: 'Major Shareholders', blocks }]);
}
