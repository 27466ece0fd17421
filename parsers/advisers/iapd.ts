import { ParseError } from '../../lib/errors.ts';
import type { BrochureEmail, BrochureRef } from './brochure.ts';

/**
 * The SEC's adviser search (IAPD, api.adviserinfo.sec.gov) as the adviser directory's source: the firm
 * search (`/search/firm?query=`, snake_case `_source` rows) and the firm profile (`/search/firm/<crd>`, whose
 * `iacontent` is JSON encoded as a string). Both are Elasticsearch envelopes `{hits: {total, hits: []}}`.
 *
 * Rules: a firm is an adviser when it has an investment-adviser scope (`firm_ia_scope` / `iaScope`, ACTIVE or
 * INACTIVE); broker-dealer-only rows of a search are not advisers and are skipped (counted in warnings).
 * `sec_registration_type`: SEC file number 801- = `Registered`, 802- = `ERA` (exempt reporting adviser);
 * state-registered advisers have no SEC number and get null. Dates are M/D/YYYY without padding -> ISO.
 * `business_name` is null: IAPD lists other business names (`other_names`, relying advisers included) but does
 * not say which is the primary one. Fields the IAPD API does not carry are null here, never guessed: AUM, phone
 * and website come from the Form ADV feed (adv-feed.ts), fund types from the monthly adviser lists
 * (adv-roster.ts), e-mail addresses from the Part 2 brochures the profile lists (`brochures`, read by
 * brochure.ts).
 */
export interface AdviserRow {
  crd: number;
  cik: string | null;
  legal_name: string;
  business_name: string | null;
  firm_type: string | null;
  sec_registration_type: 'Registered' | 'ERA' | null;
  sec_file_number: string | null;
  ia_scope: string | null;
  main_office_city: string | null;
  main_office_state: string | null;
  main_office_country: string | null;
  main_office_phone: string | null;
  website: string | null;
  email_primary: string | null;
  email_domain_matches_firm: boolean | null;
  aum_total: number | null;
  advises_private_funds: boolean | null;
  has_hedge_funds: boolean | null;
  has_pe_funds: boolean | null;
  has_vc_funds: boolean | null;
  adv_as_of: string | null;
  other_names: string[];
  relying_advisers: { crd: number; name: string; status: string | null }[];
  notice_filings: { jurisdiction: string; status: string; effective_date: string | null }[];
  /** The Part 2 brochures the IAPD profile lists (a profile only), and what reading them gave. */
  brochures?: (BrochureRef & { read: boolean; pages: number | null; cover_website: string | null })[];
  /** Addresses printed in the brochures read (a profile whose brochures were fetched). */
  emails?: BrochureEmail[];
}

type Json = Record<string, unknown>;

function envelope(text: string, document: string): Json[] {
  let doc: Json;
  try {
    doc = JSON.parse(text) as Json;
  } catch (err) {
    throw new ParseError(`IAPD response is not JSON: ${(err as Error).message}`, document);
  }
  const hits = (doc.hits as Json | undefined)?.hits;
  if (!Array.isArray(hits)) throw new ParseError('IAPD response without hits.hits', document);
  return hits.map((h) => ((h as Json)._source ?? {}) as Json);
}

/** `6/11/2026` or `06/11/2026` (a time after it ignored) -> `2026-06-11`. */
export function usDate(v: unknown): string | null {
  const m = typeof v === 'string' ? /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s.*)?$/.exec(v.trim()) : null;
  return m ? `${m[3]}-${m[1]!.padStart(2, '0')}-${m[2]!.padStart(2, '0')}` : null;
}

/** The SEC file number's prefix: 801- = Registered, 802- = ERA (exempt reporting adviser), else null. */
export function registration(secNumber: string | null): AdviserRow['sec_registration_type'] {
  if (secNumber?.startsWith('801-')) return 'Registered';
  if (secNumber?.startsWith('802-')) return 'ERA';
  return null;
}

/** A non-blank string, trimmed, or null. */
export const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
/** A number as Form ADV files print it (`1,234`, `  709,905,606.00 `, `$5`), or null. */
export const num = (v: unknown) => {
  const t = str(v)?.replace(/[,\s$]/g, '');
  return t && /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : null;
};
/** A Form ADV Y/N answer, or null. */
export const yn = (v: unknown) => {
  const t = str(v)?.toUpperCase();
  return t === 'Y' ? true : t === 'N' ? false : null;
};

/** An adviser row with only its CRD and legal name; every other field null. */
export function blankAdviser(crd: number, name: string): AdviserRow {
  return {
    crd,
    cik: null,
    legal_name: name,
    business_name: null,
    firm_type: null,
    sec_registration_type: null,
    sec_file_number: null,
    ia_scope: null,
    main_office_city: null,
    main_office_state: null,
    main_office_country: null,
    main_office_phone: null,
    website: null,
    email_primary: null,
    email_domain_matches_firm: null,
    aum_total: null,
    advises_private_funds: null,
    has_hedge_funds: null,
    has_pe_funds: null,
    has_vc_funds: null,
    adv_as_of: null,
    other_names: [],
    relying_advisers: [],
    notice_filings: [],
  };
}

export function parseIapdFirmSearch(
  text: string,
  document = 'iapd search',
): { rows: AdviserRow[]; warnings: string[] } {
  const rows: AdviserRow[] = [];
  let skipped = 0;
  for (const s of envelope(text, document)) {
    const scope = str(s.firm_ia_scope);
    const crd = Number(s.firm_source_id);
    if (!scope || !Number.isInteger(crd)) {
      skipped++;
      continue;
    }
    const row = blankAdviser(crd, str(s.firm_name) ?? '');
    const secNumber = str(s.firm_ia_full_sec_number);
    let office: Json = {};
    try {
      office = ((JSON.parse(String(s.firm_ia_address_details ?? '{}')) as Json).officeAddress ?? {}) as Json;
    } catch {
      throw new ParseError(`firm ${crd}: firm_ia_address_details is not JSON`, document);
    }
    const others = Array.isArray(s.firm_other_names) ? (s.firm_other_names as string[]) : [];
    Object.assign(row, {
      sec_file_number: secNumber,
      sec_registration_type: registration(secNumber),
      ia_scope: scope,
      main_office_city: str(office.city),
      main_office_state: str(office.state),
      main_office_country: str(office.country),
      other_names: others,
      relying_advisers: (Array.isArray(s.firm_relying_advisors)
        ? (s.firm_relying_advisors as Json[])
        : []
      ).map((r) => ({
        crd: Number(r.firmId),
        name: String(r.name ?? ''),
        status: str(r.status),
      })),
    });
    rows.push(row);
  }
  return {
    rows,
    warnings: skipped ? [`${skipped} broker-dealer rows without an adviser registration skipped`] : [],
  };
}

export function parseIapdFirmProfile(text: string, document = 'iapd firm'): AdviserRow {
  const [source] = envelope(text, document);
  if (!source || typeof source.iacontent !== 'string')
    throw new ParseError('IAPD profile without iacontent', document);
  let ia: Json;
  try {
    ia = JSON.parse(source.iacontent) as Json; // JSON encoded as a string inside the JSON
  } catch (err) {
    throw new ParseError(`iacontent is not JSON: ${(err as Error).message}`, document);
  }
  const b = (ia.basicInformation ?? {}) as Json;
  const office = ((ia.iaFirmAddressDetails as Json | undefined)?.officeAddress ?? {}) as Json;
  const flags = (ia.orgScopeStatusFlags ?? {}) as Json;
  const crd = Number(b.firmId);
  if (!Number.isInteger(crd)) throw new ParseError('IAPD profile without basicInformation.firmId', document);
  const row = blankAdviser(crd, str(b.firmName) ?? '');
  const secNumber = str(b.iaSECNumber) ? `${str(b.iaSECNumberType) ?? '801'}-${str(b.iaSECNumber)}` : null;
  const others = Array.isArray(b.otherNames) ? (b.otherNames as string[]) : [];
  Object.assign(row, {
    sec_file_number: secNumber,
    sec_registration_type:
      flags.isSECRegistered === 'Y'
        ? 'Registered'
        : flags.isERARegistered === 'Y' || flags.isSECERARegistered === 'Y'
          ? 'ERA'
          : registration(secNumber),
    ia_scope: str(b.iaScope),
    main_office_city: str(office.city),
    main_office_state: str(office.state),
    main_office_country: str(office.country),
    adv_as_of: usDate(b.advFilingDate),
    other_names: others,
    relying_advisers: (Array.isArray(ia.relyingAdvisors) ? (ia.relyingAdvisors as Json[]) : []).map((r) => ({
      crd: Number(r.firmId),
      name: String(r.name ?? ''),
      status: str(r.status),
    })),
    notice_filings: (Array.isArray(ia.noticeFilings) ? (ia.noticeFilings as Json[]) : []).map((n) => ({
      jurisdiction: String(n.jurisdiction ?? ''),
      status: String(n.status ?? ''),
      effective_date: usDate(n.effectiveDate),
    })),
    brochures: brochureRefs(ia).map((b) => ({ ...b, read: false, pages: null, cover_website: null })),
  });
  return row;
}

/** The profile's Part 2 brochures (`brochures.brochuredetails[]`): version id, name, submission date. */
export function brochureRefs(ia: Json): BrochureRef[] {
  const details = (ia.brochures as Json | undefined)?.brochuredetails;
  return (Array.isArray(details) ? (details as Json[]) : [])
    .map((d) => ({
      version_id: Number(d.brochureVersionID),
      name: str(d.brochureName),
      submitted: usDate(d.dateSubmitted),
    }))
    .filter((b) => Number.isInteger(b.version_id) && b.version_id > 0);
}

/** The brochures an IAPD profile document lists, without parsing the rest (the job's fetch step). */
export function profileBrochures(text: string): BrochureRef[] {
  try {
    const [source] = envelope(text, 'iapd firm');
    return typeof source?.iacontent === 'string' ? brochureRefs(JSON.parse(source.iacontent) as Json) : [];
  } catch {
    return []; // the parse step reports the damaged profile
  }
}
