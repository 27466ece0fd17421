/**
 * Spec 2.3's filing types, shared by the parsers (which map historical spellings onto them) and the API
 * (which validates and lists them).
 */
export const SUPPORTED_FILING_TYPES = [
  '10-K',
  '10-Q',
  '8-K',
  '20-F',
  '6-K',
  'DEF 14A',
  'S-1',
  '424B4',
  '13F-HR',
  '13F-HR/A',
  '10-K/A',
  '10-Q/A',
  '8-K/A',
] as const;

export type SupportedFilingType = (typeof SUPPORTED_FILING_TYPES)[number];

/**
 * Forms the filing index stores beyond spec 2.3's list, for the datasets built on them: `20-F/A`, the
 * amended annual report of a foreign private issuer (dataset form_20f reads it as it reads `20-F`). Stored like
 * `10-K/A` (`filing_type` and `form` both `20-F/A`), but `/v1/filings` serves only SUPPORTED_FILING_TYPES, so
 * the documented list and its enum are unchanged.
 */
export const INDEX_ONLY_FILING_TYPES = ['20-F/A', 'NPORT-P', 'NPORT-P/A'] as const;

/** Every `filing_type` the filing index keeps. */
export const INDEXED_FILING_TYPES: readonly string[] = [
  ...SUPPORTED_FILING_TYPES,
  ...INDEX_ONLY_FILING_TYPES,
];

/**
 * The insider forms (Forms 3, 4, 5 and their amendments). Outside spec 2.3's types, so `/v1/filings` does
 * not serve them; the `ownership_index` dataset indexes them from the same submissions JSON for the
 * `insider_trades` job (one partition per filing).
 */
export const OWNERSHIP_FORM_TYPES = ['3', '4', '5', '3/A', '4/A', '5/A'] as const;
