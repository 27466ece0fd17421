import { SUPPORTED_FILING_TYPES, type SupportedFilingType } from '../../lib/filing-types.ts';

export { SUPPORTED_FILING_TYPES, type SupportedFilingType };

/**
 * Historical and variant spellings of the same report, keyed by the normalised spelling (upper case, runs of
 * whitespace collapsed). Each entry says why it is the same document as its canonical type.
 */
const VARIANTS: Record<string, SupportedFilingType> = {
  // 10-K405: a 10-K whose cover box "Item 405 disclosure of delinquent Section 16 filers" was ticked;
  // the SEC retired the separate type in 2003.
  '10-K405': '10-K',
  '10-K405/A': '10-K/A',
  // 10-KSB / 10-KSB40: the small-business annual report (Regulation S-B), abolished 2008-2009 when those
  // filers moved onto 10-K. Old SGML headers also spell it without the hyphen (`10KSB`, seen in the corpus).
  '10-KSB': '10-K',
  '10KSB': '10-K',
  '10-KSB40': '10-K',
  '10KSB40': '10-K',
  '10-KSB/A': '10-K/A',
  '10KSB/A': '10-K/A',
  '10-KSB40/A': '10-K/A',
  '10KSB40/A': '10-K/A',
  // 10-KT / 10-KT405: the annual report filed as a transition report after a change of fiscal year.
  '10-KT': '10-K',
  '10-KT405': '10-K',
  '10-KT/A': '10-K/A',
  '10-KT405/A': '10-K/A',
  // 10-QSB: the small-business quarterly report (Regulation S-B), retired with 10-KSB.
  '10-QSB': '10-Q',
  '10QSB': '10-Q',
  '10-QSB/A': '10-Q/A',
  '10QSB/A': '10-Q/A',
  // 10-QT: the quarterly report filed as a transition report after a change of fiscal year.
  '10-QT': '10-Q',
  '10-QT/A': '10-Q/A',
  // 8-K12B / 8-K12G3 / 8-K15D5: a current report on Form 8-K by a successor issuer that takes over its
  // predecessor's registration (Rules 12g-3 / 15d-5); the document is an 8-K.
  '8-K12B': '8-K',
  '8-K12G3': '8-K',
  '8-K15D5': '8-K',
  '8-K12B/A': '8-K/A',
  '8-K12G3/A': '8-K/A',
  '8-K15D5/A': '8-K/A',
  // DEF14A: the definitive proxy statement without the space, as some pre-2001 headers spell it.
  DEF14A: 'DEF 14A',
};

const CANONICAL = new Map<string, SupportedFilingType>([
  ...SUPPORTED_FILING_TYPES.map((t) => [t, t] as const),
  ...Object.entries(VARIANTS),
]);

/**
 * The spec 2.3 filing type a form as filed belongs to, or null when it is outside that set (a Form 4, an
 * S-1/A, a 20-F/A ...). Accepts index-file padding and lower case.
 */
export function canonicalFilingType(form: string): SupportedFilingType | null {
  const key = form.trim().toUpperCase().replace(/\s+/g, ' ');
  return CANONICAL.get(key) ?? null;
}
