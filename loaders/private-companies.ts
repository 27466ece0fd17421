import { and, count, countDistinct, desc, eq, sql } from 'drizzle-orm';
import type { LoadResult } from '../jobs/types.ts';
import type { Tx } from '../lib/db.ts';
import { privateCompanyIdForCik } from '../lib/private-company-ids.ts';
import type { FormDFiling } from '../parsers/edgar/form-d.ts';
import { privateCompanies, privateOfferingFilings } from '../schema/private-companies.ts';
import { upsertRows } from './upsert.ts';

const f = privateOfferingFilings;
/** The order filings are read in: filing date, then (a bare document has none) the signature date. */
export const FILING_ORDER = sql`coalesce(${f.filingDate}, ${f.signatureDate})`;

/**
 * The offering a filing belongs to. The SEC file number (021-...) names an offering across its notice and
 * amendments; a document without a header (no file number) joins the offering of the filing it amends when
 * that one is loaded, else waits under `acc:<amended accession>` until it is.
 */
async function offeringKeyOf(tx: Tx, filing: FormDFiling): Promise<string> {
  if (filing.fileNumber) return `file:${filing.fileNumber}`;
  if (filing.previousAccessionNumber) {
    const [prev] = await tx
      .select({ key: f.offeringKey })
      .from(f)
      .where(and(eq(f.accessionNumber, filing.previousAccessionNumber), eq(f.cik, filing.cik)))
      .limit(1);
    return prev?.key ?? `acc:${filing.previousAccessionNumber}`;
  }
  return `acc:${filing.accessionNumber ?? filing.filingId}`;
}

/**
 * Loads Form D / D/A filings: each filing row (idempotent upsert on its id), amendments loaded before
 * the filing they amend re-keyed onto its offering, and the issuer's directory row rebuilt from its
 * newest filing with its counts.
 */
export async function loadFormDFilings(tx: Tx, filings: FormDFiling[]): Promise<LoadResult> {
  const result: LoadResult = { inserted: 0, updated: 0 };
  for (const filing of filings) {
    const offeringKey = await offeringKeyOf(tx, filing);
    const r = await upsertRows(tx, f, [{ ...filing, offeringKey }], [f.filingId]);
    result.inserted += r.inserted;
    result.updated += r.updated;
    if (filing.accessionNumber) {
      await tx
        .update(f)
        .set({ offeringKey })
        .where(and(eq(f.cik, filing.cik), eq(f.offeringKey, `acc:${filing.accessionNumber}`)));
    }
  }
  for (const cik of new Set(filings.map((x) => x.cik))) await rebuildCompany(tx, cik);
  return result;
}

async function rebuildCompany(tx: Tx, cik: number) {
  const [latest] = await tx
    .select()
    .from(f)
    .where(eq(f.cik, cik))
    .orderBy(sql`${FILING_ORDER} desc nulls last`, desc(f.filingId))
    .limit(1);
  if (!latest) return;
  const [stats] = await tx
    .select({
      first: sql<string | null>`min(${FILING_ORDER})::text`,
      last: sql<string | null>`max(${FILING_ORDER})::text`,
      filings: count(),
      offerings: countDistinct(f.offeringKey),
    })
    .from(f)
    .where(eq(f.cik, cik));
  const issuer = latest.issuer as Record<string, unknown>;
  const str = (k: string) => (typeof issuer[k] === 'string' ? (issuer[k] as string) : null);
  await upsertRows(
    tx,
    privateCompanies,
    [
      {
        cik,
        privateCompanyId: privateCompanyIdForCik(cik),
        name: latest.entityName,
        city: str('city'),
        stateOrCountry: str('state_or_country'),
        stateOrCountryDescription: str('state_or_country_description'),
        country: str('country'),
        jurisdictionOfInc: str('jurisdiction_of_inc'),
        entityType: str('entity_type'),
        yearOfIncorporation: issuer.year_of_incorporation ?? null,
        previousNames: issuer.previous_names ?? [],
        industryGroup: latest.industryGroup,
        investmentFundType: latest.investmentFundType,
        isPooledFund: latest.isPooledFund,
        firstFilingDate: stats?.first ?? null,
        latestFilingDate: stats?.last ?? null,
        latestFilingId: latest.filingId,
        filingsCount: Number(stats?.filings ?? 0),
        offeringsCount: Number(stats?.offerings ?? 0),
        updatedAt: latest.fetchedAt,
      },
    ],
    [privateCompanies.cik],
  );
}
