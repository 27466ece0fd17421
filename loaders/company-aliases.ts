import { and, eq, sql } from 'drizzle-orm';
import type { LoadResult } from '../jobs/types.ts';
import type { Tx } from '../lib/db.ts';
import { companyIdForCik, padCik } from '../lib/ids.ts';
import { aliasKey } from '../parsers/news/link.ts';
import type { SubsidiaryList } from '../parsers/news/subsidiaries.ts';
import { companies, companyAliases } from '../schema/companies.ts';
import { lockUntilCommit, upsertRows } from './upsert.ts';

export interface SubsidiaryAliasesInput {
  accession: string;
  cik: number;
  filingDate: string;
  fetchedAt: string;
  /** The filing's Exhibit 21 documents and the names read from each (parsers/edgar/filing-items.ts). */
  lists: SubsidiaryList[];
}

/**
 * One 10-K's Exhibit 21 names as aliases of its filer (`company_aliases`, kind 'subsidiary'): the filing's rows are
 * replaced (a re-parse that reads fewer names drops the others), then every exhibit of the company but its newest is
 * marked `superseded_by` the newest (filing date, then accession), so a name a newer exhibit no longer lists stops
 * linking while the older rows stay for provenance. An exhibit from which no name could be read writes no row and so
 * supersedes nothing (an unread list is not an empty one). A filer not (yet) in the registry keeps its rows under the id
 * its CIK gives; they link once it is registered. Names are
 * stored as written; whether two companies claim one is the linker's question (it holds such a name ambiguous).
 */
export function loadSubsidiaryAliases(tx: Tx, f: SubsidiaryAliasesInput): Promise<LoadResult> {
  return loadAliases(tx, 'subsidiary', f);
}

/**
 * One 10-K's stated brands (parsers/news/brands.ts, read by the filing_items parse) as aliases of its filer (kind
 * 'brand'), kept as Exhibit 21 names are: the filing's rows replaced, every earlier 10-K's brand list of the company
 * marked `superseded_by` its newest that states any; a 10-K that states none writes nothing and supersedes nothing.
 * A brand two companies claim is the linker's question (held ambiguous, as in `quality:news`).
 */
export function loadBrandAliases(
  tx: Tx,
  f: Omit<SubsidiaryAliasesInput, 'lists'> & { url: string; names: string[] },
): Promise<LoadResult> {
  return loadAliases(tx, 'brand', { ...f, lists: [{ url: f.url, names: f.names }] });
}

export type AliasKind = 'subsidiary' | 'brand';

async function loadAliases(tx: Tx, kind: AliasKind, f: SubsidiaryAliasesInput): Promise<LoadResult> {
  // the registry's company of that CIK; else the id the registry derives from the CIK, so a filer registered after its
  // 10-K loaded gets its names without a re-parse (the linker reads only the rows of registered companies)
  const [registered] = await tx
    .select({ id: companies.companyId })
    .from(companies)
    .where(eq(companies.cik, padCik(f.cik) ?? ''))
    .orderBy(companies.companyId)
    .limit(1);
  const filer = registered ?? { id: companyIdForCik(f.cik) };
  const ofFiling = and(eq(companyAliases.kind, kind), eq(companyAliases.accessionNumber, f.accession));
  // two 10-Ks of one company loading at once must not each mark the other current
  await lockUntilCommit(tx, [`company_aliases:${filer.id}`]);
  const rows = new Map<string, typeof companyAliases.$inferInsert>();
  for (const list of f.lists)
    for (const name of list.names) {
      const key = aliasKey(name);
      if (!key || rows.has(name)) continue;
      rows.set(name, {
        companyId: filer.id,
        kind,
        accessionNumber: f.accession,
        alias: name,
        aliasKey: key,
        filingDate: f.filingDate,
        sourceUrl: list.url,
        fetchedAt: new Date(f.fetchedAt),
      });
    }
  const gone = await tx
    .delete(companyAliases)
    .where(
      and(
        ofFiling,
        // a name the exhibit no longer gives, or a row filed under another id of the same CIK before
        sql`(${companyAliases.companyId} <> ${filer.id} or not (${companyAliases.alias} = any(${sql.param([...rows.keys()])}::text[])))`,
      ),
    )
    .returning({ n: sql<number>`1` });
  const r = await upsertRows(
    tx,
    companyAliases,
    [...rows.values()],
    [companyAliases.companyId, companyAliases.kind, companyAliases.accessionNumber, companyAliases.alias],
    [companyAliases.aliasKey, companyAliases.filingDate, companyAliases.sourceUrl, companyAliases.fetchedAt],
  );
  const marked = await markSupersededExhibits(tx, filer.id, kind);
  return { inserted: r.inserted, updated: r.updated + gone.length + marked };
}

/** Every row of the kind of the company not from its newest filing of that kind gets `superseded_by` that filing; returns rows changed. */
async function markSupersededExhibits(tx: Tx, companyId: string, kind: AliasKind): Promise<number> {
  const changed = await tx.execute(sql`
    with current as (
      select accession_number from company_aliases
       where company_id = ${companyId} and kind = ${kind}
       order by filing_date desc, accession_number collate "C" desc
       limit 1
    )
    update company_aliases a
       set superseded_by = nullif(c.accession_number, a.accession_number)
      from current c
     where a.company_id = ${companyId} and a.kind = ${kind}
       and a.superseded_by is distinct from nullif(c.accession_number, a.accession_number)
    returning 1`);
  return rowCount(changed);
}

function rowCount(result: unknown): number {
  const r = result as { rows?: unknown[]; length?: number; affectedRows?: number; rowCount?: number };
  return r.rows?.length ?? r.length ?? 0;
}
