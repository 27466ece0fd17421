import { eq, sql } from 'drizzle-orm';
import type { LoadResult } from '../jobs/types.ts';
import type { Tx } from '../lib/db.ts';
import { padCik } from '../lib/ids.ts';
import { companies } from '../schema/companies.ts';
import {
  type CompanyFactsInsert,
  companyFacts,
  type FinancialStatementInsert,
  financialStatements,
} from '../schema/financials.ts';
import { refreshScreenLatest } from './screen.ts';
import { upsertRows } from './upsert.ts';

/**
 * One company's statement and metrics versions. The rows are the whole history derived from its current
 * companyfacts, so versions the new document no longer yields (SEC corrected a fact) are deleted in the
 * same transaction: the table always equals what the parser derives from the latest document.
 * The ticker comes from the company registry when the registry knows the CIK.
 */
export async function loadFinancialStatements(
  tx: Tx,
  cik: number,
  rows: FinancialStatementInsert[],
): Promise<LoadResult> {
  const [company] = await tx
    .select({ ticker: companies.primaryTicker })
    .from(companies)
    .where(eq(companies.cik, padCik(cik)!));
  const ticker = company?.ticker ?? null;
  const withTicker = rows.map((r) => ({ ...r, ticker }));
  const result = await upsertRows(tx, financialStatements, withTicker, [
    financialStatements.cik,
    financialStatements.statement,
    financialStatements.period,
    financialStatements.reportPeriod,
    financialStatements.knownFrom,
  ]);
  const keys = (f: (r: FinancialStatementInsert) => string) => sql.param(rows.map(f));
  const stale = (await tx.execute(sql`with d as (
      delete from financial_statements f where f.cik = ${cik} and not exists (
        select 1 from unnest(${keys((r) => r.statement)}::text[], ${keys((r) => r.period)}::text[],
          ${keys((r) => r.reportPeriod)}::date[], ${keys((r) => r.knownFrom)}::date[]) k(s, p, rp, kf)
        where k.s = f.statement and k.p = f.period and k.rp = f.report_period and k.kf = f.known_from)
      returning 1)
    select count(*)::int as n from d`)) as unknown as { rows?: { n: number }[] } | { n: number }[];
  const n = Number((Array.isArray(stale) ? stale : (stale.rows ?? []))[0]?.n ?? 0);
  await refreshScreenLatest(tx, cik); // screening's latest values, in the same transaction
  return { inserted: result.inserted, updated: result.updated + n };
}

/**
 * Company facts (spec 2.5): one row per CIK, replaced when the submissions JSON changes; removed when the
 * company no longer has any US filing (the route then answers 404).
 */
export async function loadCompanyFacts(
  tx: Tx,
  cik: string,
  row: CompanyFactsInsert | null,
): Promise<LoadResult> {
  if (row) return upsertRows(tx, companyFacts, [row], [companyFacts.cik]);
  const gone = await tx
    .delete(companyFacts)
    .where(eq(companyFacts.cik, cik))
    .returning({ cik: companyFacts.cik });
  return { inserted: 0, updated: gone.length };
}
