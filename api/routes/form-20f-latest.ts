import type { form20fFilings } from '../../schema/form-20f.ts';

type FilingRow = typeof form20fFilings.$inferSelect;

/**
 * The profile's fields that an amendment can restate, each with the columns that travel with it (a value and
 * its evidence come from the same filing).
 */
const FIELDS = {
  registrant_name: ['registrantName'],
  incorporation: ['incorporation', 'incorporationCountry'],
  fiscal_year_end: ['fiscalYearEnd'],
  accounting_standard: ['accountingStandard', 'accountingStandardEvidence'],
  reporting_currency: ['reportingCurrency', 'reportingCurrencyEvidence'],
  auditor: ['auditor'],
  shares_outstanding: ['sharesOutstanding'],
  adr_ratio: ['adrRatio'],
  filer_category: ['filerCategory'],
} as const satisfies Record<string, readonly (keyof FilingRow)[]>;

export type ProfileField = keyof typeof FIELDS;

export interface LatestReport {
  /** The filing the profile is built on: the latest period's original 20-F (its newest 20-F/A without one). */
  base: FilingRow;
  /** The profile's columns: the base's, with each field an amendment of the same period restates. */
  values: FilingRow;
  /** The period's amendments, newest first, with the profile fields each one changed. */
  amendments: Array<{ accession: string; filing_date: string; amended_fields: ProfileField[] }>;
}

const stated = (v: unknown) => v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0);
const newerFirst = (a: FilingRow, b: FilingRow) =>
  a.filingDate === b.filingDate ? (a.accession < b.accession ? 1 : -1) : a.filingDate < b.filingDate ? 1 : -1;

/**
 * The company's latest annual report, from its 20-F and 20-F/A rows. The latest period is the greatest
 * `period_end` (when no filing states one, the newest filing alone). Of that period's filings, the original 20-F is the base (a period known only from amendments: the
 * newest one); each profile field then comes from the newest filing of the period that states it. So an
 * amendment replaces exactly what it restates: one that only adds exhibits or repeats the cover leaves the
 * original's auditor, standard and currency in place, and a restated share count or auditor wins. An
 * amendment's `amended_fields` are the fields it changed (a value repeated as the original stated it is no
 * change).
 */
export function latestReport(rows: readonly FilingRow[]): LatestReport | null {
  if (rows.length === 0) return null;
  const periods = rows.map((r) => r.periodEnd).filter((p): p is string => p !== null);
  const latest = periods.sort().at(-1) ?? null;
  const group = (
    latest === null ? [...rows].sort(newerFirst).slice(0, 1) : rows.filter((r) => r.periodEnd === latest)
  )
    .slice()
    .sort(newerFirst);
  const base = group.find((r) => !r.amendment) ?? group[0]!;
  const values: FilingRow = { ...base };
  const taken = new Map<string, ProfileField[]>();
  for (const [field, columns] of Object.entries(FIELDS) as Array<
    [ProfileField, readonly (keyof FilingRow)[]]
  >) {
    const from = group.find((r) => (r === base || r.amendment) && stated(r[columns[0]!]));
    const same = (r: FilingRow) => columns.every((c) => JSON.stringify(r[c]) === JSON.stringify(base[c]));
    if (!from || from === base || same(from)) continue;
    for (const c of columns) (values as Record<string, unknown>)[c] = from[c];
    taken.set(from.accession, [...(taken.get(from.accession) ?? []), field]);
  }
  const amendments = group
    .filter((r) => r.amendment && r !== base)
    .map((r) => ({
      accession: r.accession,
      filing_date: r.filingDate,
      amended_fields: taken.get(r.accession) ?? [],
    }));
  return { base, values, amendments };
}
