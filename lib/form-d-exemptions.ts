/**
 * Form D Item 6 federal exemption and exclusion codes (the XSD's `item` values) and their readable rule,
 * shared by the parser (labels each code) and the API (the `exemption` filter).
 */
const EXEMPTIONS: Record<string, string> = {
  '04': '504',
  '04.1': '504(b)(1)(i)',
  '04.2': '504(b)(1)(ii)',
  '04.3': '504(b)(1)(iii)',
  '05': '505',
  // the single Rule 506 code before 506(c) existed (September 2013)
  '06': '506',
  '06b': '506(b)',
  '06c': '506(c)',
  '4a5': '4(a)(5)',
  '3C': '3(c)',
};

/** `06b` -> `506(b)`, `3C.7` -> `3(c)(7)`; null for a code this list does not know. */
export function exemptionLabel(code: string): string | null {
  const known = EXEMPTIONS[code] ?? EXEMPTIONS[code.toLowerCase()] ?? EXEMPTIONS[code.toUpperCase()];
  if (known) return known;
  const ica = /^3C\.(\d{1,2})$/i.exec(code);
  return ica ? `3(c)(${Number(ica[1])})` : null;
}

/** The labels a caller may filter on (a broader label matches its sub-rules: `506` matches `506(b)`). */
export const EXEMPTION_LABELS = [
  ...new Set([...Object.values(EXEMPTIONS), ...Array.from({ length: 14 }, (_, i) => `3(c)(${i + 1})`)]),
];
