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
