import { createHash } from 'node:crypto';

/** Zero-pads a CIK given as number or string in any padding; null when it is not a CIK. */
export function padCik(cik: string | number): string | null {
  const s = String(cik).trim();
  if (!/^\d{1,10}$/.test(s)) return null;
  return s.padStart(10, '0');
}

/**
 * Deterministic company id from its stable primary identifier, so a rebuild from scratch gives the same
 * ids. US filers are keyed on the CIK; other markets pass their own scheme (`twse:2330`, `dart:00126380`).
 */
export function companyId(primary: { scheme: string; value: string }): string {
  const digest = createHash('sha256').update(`${primary.scheme}:${primary.value}`).digest('hex');
  return `cmp_${digest.slice(0, 20)}`;
}

export function companyIdForCik(cik: string | number): string {
  const padded = padCik(cik);
  if (!padded) throw new Error(`not a CIK: ${cik}`);
  return companyId({ scheme: 'cik', value: padded });
}

/** `0000320193-24-000123` from either form; null when malformed. */
export function dashAccession(accession: string): string | null {
  const digits = accession.replace(/-/g, '');
  if (!/^\d{18}$/.test(digits)) return null;
  return `${digits.slice(0, 10)}-${digits.slice(10, 12)}-${digits.slice(12)}`;
}

/** The filing folder on EDGAR: https://www.sec.gov/Archives/edgar/data/<cik>/<accession without dashes>/ */
export function filingFolderUrl(cik: string | number, accession: string): string {
  return `https://www.sec.gov/Archives/edgar/data/${Number(cik)}/${accession.replace(/-/g, '')}/`;
}
