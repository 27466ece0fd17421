import { createHash } from 'node:crypto';
import { padCik } from './ids.ts';

/**
 * Deterministic private-company id from the issuer's CIK (the cmp_ scheme of lib/ids.ts with its own prefix),
 * so a rebuild from scratch gives the same ids and a private company that later lists keeps its pvt_ id
 * beside the registry's cmp_ id for the same CIK.
 */
export function privateCompanyIdForCik(cik: string | number): string {
  const padded = padCik(cik);
  if (!padded) throw new Error(`not a CIK: ${cik}`);
  return `pvt_${createHash('sha256').update(`cik:${padded}`).digest('hex').slice(0, 20)}`;
}
