import { getDomain, parse as parseHost } from 'tldts';
import { pdfPages } from '../pdf.ts';
import { SOCIAL } from './adv-feed.ts';

/**
 * Form ADV Part 2 brochures (the firm brochure, Part 2A, and its appendices): the PDFs an adviser files with
 * IARD, listed in its IAPD profile (`brochures.brochuredetails[]`, one `brochureVersionID` each) and served at
 * `files.adviserinfo.sec.gov/IAPD/Content/Common/crd_iapd_Brochure.aspx?BRCHR_VRSN_ID=<id>`. IARD accepts
 * only text-searchable PDFs, so the text layer is read (pdf.js); a scanned brochure without one is a warning.
 *
 * What is taken from them: the e-mail addresses printed anywhere in the text, each with the sentence it was
 * printed in (the first one written as prose; a contact block's line when the address is only ever listed),
 * the page, and how often it appears; and the website printed on the cover page (Item 1 must give it).
 *
 * Rules, each stated once:
 * - An address is `local@domain` whose domain ends in an ICANN public suffix; labels glued on after it by the
 *   text layer (`x@firm.com.The`) are dropped until it does. Case is folded (addresses compare lower-case).
 * - Sentence: bounded by `.`, `!` or `?` followed by a space and a capital, digit, quote or bracket; a period
 *   after a title (Mr., Dr., St., No.) or a single initial is not a boundary. Line breaks become spaces;
 *   nothing else of the printed text changes. A sentence over 500 characters (text without punctuation)
 *   gives way to the address's line.
 * - An occurrence is listed rather than written when an `Email:` label introduces it (the quote is the label
 *   and the address), or when its line holds fewer than three words besides the address and the line before
 *   does not run into it (ends in a lower-case letter, comma, colon or semicolon; the quote is the line).
 * - Regulators' addresses (`.gov`, `sec.gov`, `finra.org`, `nasaa.org`, `*.state.*.us`) are kept in the list but
 *   are never the primary address.
 * - The firm's domain: the registrable domain of its Form ADV website (Item 1.I, social networks excluded),
 *   else of the website its brochure prints on the cover page. `on_firm_domain` is null without one.
 * - Primary address: the first printed (page, then position), preferring an address on the firm's domain.
 *   `email_domain_matches_firm` is whether the primary is on the firm's domain: false means it is on another
 *   domain (another firm's, a consultant's, a mail provider's); null when the firm's domain is unknown.
 */

export const BROCHURE_URL = 'https://files.adviserinfo.sec.gov/IAPD/Content/Common/crd_iapd_Brochure.aspx';
export const brochureUrl = (versionId: number) => `${BROCHURE_URL}?BRCHR_VRSN_ID=${versionId}`;
/** The brochure version a brochure address names, or null. */
export const brochureVersionOf = (url: string) => {
  const m = /[?&]BRCHR_VRSN_ID=(\d+)/i.exec(url);
  return m ? Number(m[1]) : null;
};

/** A brochure as the IAPD profile lists it. */
export interface BrochureRef {
  version_id: number;
  name: string | null;
  /** ISO date the brochure was submitted. */
  submitted: string | null;
}

export interface BrochureEmail {
  address: string;
  /** The sentence (or, for an address only ever listed, the line) it was printed in, line breaks as spaces. */
  sentence: string;
  /** `prose` when the sentence is written text, `listing` when it is a contact block's line. */
  context: 'prose' | 'listing';
  /** 1-based page of that sentence. */
  page: number;
  occurrences: number;
  domain: string;
  on_firm_domain: boolean | null;
  regulator: boolean;
  /** The brochure it was read from. */
  brochure_version_id: number | null;
}

export interface BrochureRead {
  version_id: number | null;
  pages: number;
  /** The first website the cover page prints (not a regulator's, not a social network). */
  cover_website: string | null;
  emails: BrochureEmail[];
  warnings: string[];
}

const REGULATOR =
  /(^|\.)(sec\.gov|finra\.org|nasaa\.org|sipc\.org|investor\.gov)$|\.gov$|\.state\.[a-z]{2}\.us$/i;

/** The registrable domain of a web address or host (`HTTP://WWW.FIRM.COM/x` -> `firm.com`), or null. */
export function registrableDomain(address: string | null | undefined): string | null {
  if (!address) return null;
  const host = address
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .split(/[/?#:]/)[0]!
    .toLowerCase();
  const d = getDomain(host, { allowPrivateDomains: false });
  return d && parseHost(host).isIcann ? d : null;
}

/** The firm's domain: its Form ADV website's (social networks are not the firm's), else the brochure cover's. */
export function firmDomain(advWebsite: string | null, coverWebsite: string | null): string | null {
  for (const w of [advWebsite, coverWebsite]) {
    const d = registrableDomain(w);
    if (d && !SOCIAL.test(d)) return d;
  }
  return null;
}

// ---- addresses ----

const EMAIL = /(?<![\w.%+'-])[a-z0-9][a-z0-9._%+'-]*@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9-]+)+/gi;
const TITLES = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'st',
  'no',
  'nos',
  'jr',
  'sr',
  'vs',
  'e.g',
  'i.e',
  'u.s',
  'ste',
]);
const URL_RE = /\b(?:https?:\/\/)?(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:\/[^\s]*)?/gi;

/** `local@domain` with the domain cut back to its last ICANN suffix, lower-case; null when none is left. */
function cleanAddress(raw: string): string | null {
  const at = raw.indexOf('@');
  const local = raw.slice(0, at).replace(/\.+$/, '');
  const labels = raw
    .slice(at + 1)
    .replace(/\.+$/, '')
    .split('.');
  while (labels.length >= 2) {
    const host = labels.join('.').toLowerCase();
    const p = parseHost(host, { allowPrivateDomains: false });
    if (p.isIcann && p.domain && p.publicSuffix && host.endsWith(p.publicSuffix)) {
      if (/\.(png|jpe?g|gif|pdf)$/.test(host)) return null; // an image name, not an address
      return `${local.toLowerCase()}@${host}`;
    }
    labels.pop();
  }
  return null;
}

function isBoundary(flat: string, k: number): boolean {
  const c = flat[k];
  if (c !== '.' && c !== '!' && c !== '?') return false;
  if (flat[k + 1] !== ' ') return k + 1 >= flat.length;
  if (!/[A-Z0-9“"‘'([•]/.test(flat[k + 2] ?? '')) return false;
  if (c !== '.') return true;
  const token = /(\S+)$/.exec(flat.slice(0, k))?.[1] ?? '';
  if (/^[A-Z]$/.test(token)) return false; // an initial: John A. Smith
  return !TITLES.has(token.toLowerCase().replace(/^[(“"]+/, ''));
}

interface Occurrence {
  address: string;
  page: number;
  pos: number;
  sentence: string;
  context: 'prose' | 'listing';
}

function occurrencesOn(text: string, page: number): Occurrence[] {
  const lines = text.split('\n').map((l) => l.replace(/\s+/g, ' ').trim());
  // the page as one line, and where each line starts in it
  const starts: number[] = [];
  let flat = '';
  for (const l of lines) {
    if (flat && l) flat += ' ';
    starts.push(flat.length);
    flat += l;
  }
  const out: Occurrence[] = [];
  lines.forEach((line, i) => {
    for (const m of line.matchAll(EMAIL)) {
      const address = cleanAddress(m[0]);
      if (!address) continue;
      const pos = starts[i]! + m.index!;
      const rest = line.replace(m[0], ' ').replace(/[^\p{L}\p{N}\s]/gu, ' ');
      const words = rest.split(/\s+/).filter((w) => /\p{L}{2,}/u.test(w)).length;
      const prev = lines.slice(0, i).reverse().find(Boolean) ?? '';
      const runsIn = /[\p{Ll},:;]$/u.test(prev);
      let sentence: string;
      let context: Occurrence['context'] = 'prose';
      const label = /\b(e-?mail(?: address)?)\s*:\s*$/i.exec(flat.slice(Math.max(0, pos - 24), pos));
      if (label) {
        context = 'listing';
        sentence = flat.slice(pos - label[0].length, pos + m[0].length);
      } else if (words < 3 && !runsIn) {
        context = 'listing';
        sentence = line;
      } else {
        let s = pos;
        while (s > 0 && !isBoundary(flat, s - 1)) s--;
        let e = pos + m[0].length;
        while (e < flat.length && !isBoundary(flat, e)) e++;
        sentence = flat.slice(s, Math.min(e + 1, flat.length)).trim();
        if (sentence.length > 500) sentence = line;
      }
      out.push({ address, page, pos, sentence, context });
    }
  });
  return out;
}

/** Every address printed in the pages, in first-printed order, each with its sentence (see the rules above). */
export function brochureEmails(
  pages: string[],
  domain: string | null = null,
  versionId: number | null = null,
): BrochureEmail[] {
  const byAddress = new Map<string, Occurrence[]>();
  pages.forEach((text, i) => {
    for (const o of occurrencesOn(text, i + 1)) {
      const list = byAddress.get(o.address) ?? [];
      list.push(o);
      byAddress.set(o.address, list);
    }
  });
  return [...byAddress.entries()].map(([address, occ]) => {
    const chosen = occ.find((o) => o.context === 'prose') ?? occ[0]!;
    const d = address.slice(address.indexOf('@') + 1);
    const reg = registrableDomain(d) ?? d;
    return {
      address,
      sentence: chosen.sentence,
      context: chosen.context,
      page: chosen.page,
      occurrences: occ.length,
      domain: d,
      on_firm_domain: domain ? reg === domain : null,
      regulator: REGULATOR.test(d),
      brochure_version_id: versionId,
    };
  });
}

/** The first website printed on the cover page (page 1), not a regulator's, not a social network's. */
export function coverWebsite(pages: string[]): string | null {
  const cover = pages[0] ?? '';
  for (const m of cover.matchAll(URL_RE)) {
    const start = m.index!;
    if (cover[start - 1] === '@' || /[\w.-]@/.test(cover.slice(Math.max(0, start - 1), start + 1))) continue;
    const raw = m[0].replace(/[.,;:)]+$/, '');
    if (raw.includes('@')) continue;
    const d = registrableDomain(raw);
    if (!d || REGULATOR.test(d) || SOCIAL.test(d)) continue;
    // a bare `name.ext` that is not written as a web address (no www., no scheme) is not taken: `Inc.Com`
    if (!/^(https?:\/\/|www\.)/i.test(raw)) continue;
    return raw;
  }
  return null;
}

/**
 * The primary address and whether it is on the firm's domain, from the brochures' addresses (in brochure
 * order) and the firm's domain. Re-run whenever the firm's website changes (a Form ADV feed loaded later).
 */
export function resolveEmails(
  emails: BrochureEmail[],
  domain: string | null,
): { emails: BrochureEmail[]; email_primary: string | null; email_domain_matches_firm: boolean | null } {
  const marked = emails.map((e) => ({
    ...e,
    on_firm_domain: domain ? (registrableDomain(e.domain) ?? e.domain) === domain : null,
  }));
  const candidates = marked.filter((e) => !e.regulator);
  const primary = candidates.find((e) => e.on_firm_domain === true) ?? candidates[0] ?? null;
  return {
    emails: marked,
    email_primary: primary?.address ?? null,
    email_domain_matches_firm: primary ? primary.on_firm_domain : null,
  };
}

export { pdfPages };

/** One brochure PDF -> its pages' addresses and cover website. */
export async function readBrochure(
  bytes: Uint8Array,
  versionId: number | null,
  document = 'brochure',
): Promise<BrochureRead> {
  const pages = await pdfPages(bytes, document);
  const warnings: string[] = [];
  if (!pages.some((p) => /\p{L}{3}/u.test(p)))
    warnings.push(`brochure ${versionId ?? document}: no text layer (a scanned PDF?); no addresses read`);
  const cover = coverWebsite(pages);
  return {
    version_id: versionId,
    pages: pages.length,
    cover_website: cover,
    emails: brochureEmails(pages, null, versionId),
    warnings,
  };
}
