import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../lib/db.ts';
import { companies, companyIdentifiers } from '../schema/companies.ts';

/**
 * CUSIP identifiers in the registry (`company_identifiers`, id_type `CUSIP`), learned from 13F rows.
 *
 * A 13F row names the issuer and the CUSIP but not the CIK, so the link is made by name as the last resort
 * the issue allows, and only when it is unambiguous: the issuer name, normalised (upper case, punctuation
 * and corporate suffixes such as INC, CORP, CO, LTD, PLC, HOLDINGS, /DE/ removed), equals exactly one
 * registry company's normalised name, and the class is an equity class (common, ordinary, class A/B/C
 * shares; not ETFs, notes, warrants or units). Such links carry `source: '13f_name_match'` and
 * `confidence: 'medium'`; a CUSIP already linked is never relinked. The issuer code then extends them: an
 * equity class whose name did not match links to the company its issuer's other classes link to (the first
 * six characters of a CUSIP name the issuer), when exactly one company has that code (`source:
 * 'cusip_issuer_code'`). Everything else stays unresolved
 * (`ticker: null` on the route), never guessed.
 */
const SUFFIXES = new Set([
  'INC',
  'INCORPORATED',
  'CORP',
  'CORPORATION',
  'CO',
  'COMPANY',
  'LTD',
  'LIMITED',
  'PLC',
  'LLC',
  'LP',
  'THE',
  'HOLDINGS',
  'HOLDING',
  'HLDGS',
  'DE',
  'NV',
  'SA',
  'AG',
  'NEW',
  'CL',
  'A',
  'COM',
]);

export function normaliseIssuerName(name: string): string {
  return name
    .toUpperCase()
    .replace(/&AMP;/g, '&')
    .replace(/\/[A-Z]{2}\/?$/, ' ')
    .replace(/[^A-Z0-9&]+/g, ' ')
    .split(' ')
    .filter((w) => w !== '' && !SUFFIXES.has(w))
    .join(' ');
}

const EQUITY_CLASS = /\b(COM|COMMON|CL\s*[A-C]|CLASS\s*[A-C]|ORD|ORDINARY|SHS|CAP\s*STK|STOCK)\b/i;
const NOT_EQUITY = /\b(ETF|NOTE|NOTES|BOND|WARRANT|WTS?|UNIT|UNITS|RIGHT|RTS|PFD|PREF|DEBT|TRUST)\b/i;

/** Whether a 13F row is an issuer's equity class, the only rows linked by name. */
export function isEquityRow(name: string, titleOfClass: string | null): boolean {
  return EQUITY_CLASS.test(titleOfClass ?? '') && !NOT_EQUITY.test(`${titleOfClass ?? ''} ${name}`);
}

/** Normalised name -> company id, null where two companies share a normalised name (never linked). */
export function nameIndex(rows: { id: string; name: string }[]): Map<string, string | null> {
  const byName = new Map<string, string | null>();
  for (const r of rows) {
    const key = normaliseIssuerName(r.name);
    if (key === '') continue;
    byName.set(key, byName.has(key) && byName.get(key) !== r.id ? null : r.id);
  }
  return byName;
}

let cached: { marker: string; byName: Map<string, string | null> } | null = null;

/**
 * The registry's names as one string: the row count and a sum of a hash of each company's id and name. Equal markers
 * mean the same names (up to a 32-bit hash collision on a sum that also matches the count), so the index is rebuilt
 * exactly when a company is added, removed or renamed, whatever database or process the load runs in; one aggregate,
 * no rows sent.
 */
async function namesMarker(tx: Tx): Promise<string> {
  const [r] = await tx
    .select({
      m: sql<string>`count(*)::text || ':' || coalesce(sum(hashtext(${companies.companyId} || '|' || ${companies.companyName})), 0)::text`,
    })
    .from(companies);
  return r?.m ?? '0:0';
}

async function companiesByName(tx: Tx): Promise<Map<string, string | null>> {
  const marker = await namesMarker(tx);
  if (cached?.marker === marker) return cached.byName;
  const rows = await tx.select({ id: companies.companyId, name: companies.companyName }).from(companies);
  const byName = nameIndex(rows);
  cached = { marker, byName };
  return byName;
}

/** Forget the cached name index (a load after it reads the names afresh whatever the marker says). */
export function resetCusipNameIndex(): void {
  cached = null;
}

export async function learnCusipsByName(
  tx: Tx,
  rows: { cusip: string; name: string; titleOfClass: string | null }[],
  source: '13f_name_match' | '13f_list_name_match' = '13f_name_match',
): Promise<number> {
  const candidates = rows.filter((r) => isEquityRow(r.name, r.titleOfClass));
  if (candidates.length === 0) return 0;
  const known = await tx
    .select({ cusip: companyIdentifiers.idValue })
    .from(companyIdentifiers)
    .where(
      and(
        eq(companyIdentifiers.idType, 'CUSIP'),
        inArray(
          companyIdentifiers.idValue,
          candidates.map((r) => r.cusip),
        ),
      ),
    );
  const have = new Set(known.map((k) => k.cusip));
  const byName = await companiesByName(tx);
  const inserts = new Map<string, typeof companyIdentifiers.$inferInsert>();
  for (const r of candidates) {
    if (have.has(r.cusip) || inserts.has(r.cusip)) continue;
    const id = byName.get(normaliseIssuerName(r.name));
    if (!id) continue;
    inserts.set(r.cusip, {
      companyId: id,
      idType: 'CUSIP',
      idValue: r.cusip,
      source,
      confidence: 'medium',
      isCurrent: 1,
    });
  }
  // the issuer code: an equity class whose name did not match links to the company its issuer's other
  // classes already link to (CUSIP's first six characters name the issuer), when exactly one company has them
  const rest = candidates.filter((r) => !have.has(r.cusip) && !inserts.has(r.cusip));
  if (rest.length) {
    const issuers = [...new Set(rest.map((r) => r.cusip.slice(0, 6)))];
    const siblings = await tx
      .select({ cusip: companyIdentifiers.idValue, company: companyIdentifiers.companyId })
      .from(companyIdentifiers)
      .where(
        and(
          eq(companyIdentifiers.idType, 'CUSIP'),
          inArray(sql<string>`left(${companyIdentifiers.idValue}, 6)`, issuers),
        ),
      );
    const linked = issuerCompanies([
      ...siblings,
      ...[...inserts.values()].map((i) => ({ cusip: i.idValue, company: i.companyId })),
    ]);
    for (const r of rest) {
      const id = linked.get(r.cusip.slice(0, 6));
      if (!id || inserts.has(r.cusip)) continue;
      inserts.set(r.cusip, {
        companyId: id,
        idType: 'CUSIP',
        idValue: r.cusip,
        source: 'cusip_issuer_code',
        confidence: 'medium',
        isCurrent: 1,
      });
    }
  }
  if (inserts.size === 0) return 0;
  await tx
    .insert(companyIdentifiers)
    .values([...inserts.values()])
    .onConflictDoNothing();
  return inserts.size;
}

/** Issuer code (CUSIP's first six) -> the one company its linked CUSIPs belong to; codes of two companies left out. */
export function issuerCompanies(links: { cusip: string; company: string }[]): Map<string, string> {
  const by = new Map<string, string | null>();
  for (const l of links) {
    const code = l.cusip.slice(0, 6);
    by.set(code, by.has(code) && by.get(code) !== l.company ? null : l.company);
  }
  return new Map([...by].filter((e): e is [string, string] => e[1] !== null));
}

/**
 * The SEC's Official List of Section 13(f) Securities as a CUSIP source: every equity line still on the list
 * (not DELETED, not an option) is name-matched to the registry by the same rule as 13F rows, with the list's
 * own issuer name and description (one spelling per CUSIP, where 13F filers each spell it their way).
 * Links carry `source: '13f_list_name_match'`; a CUSIP already linked keeps its link.
 */
export async function learnCusipsFromList(
  tx: Tx,
  securities: {
    cusip: string;
    issuer_name: string;
    issuer_description: string;
    status: string | null;
    option_of: string | null;
  }[],
): Promise<{ candidates: number; linked: number }> {
  const rows = securities
    .filter((s) => s.status !== 'DELETED' && s.option_of === null)
    .map((s) => ({ cusip: s.cusip, name: s.issuer_name, titleOfClass: s.issuer_description }));
  let linked = 0;
  // in slices well under the parameter cap of the lookup of known CUSIPs
  for (let i = 0; i < rows.length; i += 5_000)
    linked += await learnCusipsByName(tx, rows.slice(i, i + 5_000), '13f_list_name_match');
  return { candidates: rows.filter((r) => isEquityRow(r.name, r.titleOfClass)).length, linked };
}
