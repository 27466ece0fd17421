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
 * The insider forms (Forms 3, 4, 5 and their amendments). Outside spec 2.3's types, so `/v1/filings` does
 * not serve them; the `ownership_index` dataset indexes them from the same submissions JSON for the
 * `insider_trades` job (one partition per filing).
 */
export const OWNERSHIP_FORM_TYPES = ['3', '4', '5', '3/A', '4/A', '5/A'] as const;
