import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../../lib/db.ts';
import { companyIdentifiers, companyListings } from '../../schema/companies.ts';
import type { ResolvedCompany } from '../platform/company-resolution.ts';
import { fromDeclaration, storedCoverage } from '../platform/coverage.ts';
import { ApiError } from '../platform/errors.ts';

/** A numeric column as a JSON number (amounts in thousands fit a double exactly), null kept null. */
export const num = (c: AnyPgColumn): SQL<number | null> => sql<number | null>`${c}::float8`;

/** The company's Taiwan security codes (its .TW / .TWO listings); 404 when it has none. */
export async function taiwanCodes(db: Db, company: ResolvedCompany): Promise<string[]> {
  const rows = await db
    .select({ symbol: companyListings.symbol })
    .from(companyListings)
    .where(and(eq(companyListings.companyId, company.companyId), eq(companyListings.market, 'TW')));
  const codes = rows.map((r) => r.symbol.replace(/\.TWO?$/, ''));
  if (codes.length === 0)
    throw new ApiError(
      404,
      `${company.companyName} has no Taiwan listing (TWSE or TPEx); Taiwan routes serve Taiwan-listed companies only`,
    );
  return codes;
}

/** The company's DART corp code; 404 when it files nothing with OpenDART. */
export async function koreaCorpCode(db: Db, company: ResolvedCompany): Promise<string> {
  const [row] = await db
    .select({ v: companyIdentifiers.idValue })
    .from(companyIdentifiers)
    .where(
      and(eq(companyIdentifiers.companyId, company.companyId), eq(companyIdentifiers.idType, 'DART_CORP')),
    )
    .limit(1);
  if (!row)
    throw new ApiError(
      404,
      `${company.companyName} has no DART corp code; Korea routes serve companies filing with OpenDART only`,
    );
  return row.v;
}

/**
 * A page of a Korea route: its rows and the dataset's coverage (`available_from` is the status sweep's, from the
 * registry's `earliestColumn`, as for every dataset), except that `history_status` stays `backfill_in_progress`
 * while registry companies with a DART corp code have no rows in `table`: Korea backfills the largest
 * companies first within a daily call budget, so a finished run is not a complete history. The registry's
 * history_status is the backfill runner's verdict, which this data-driven rule cannot be folded into.
 */
export async function koreaRowsWithCoverage<T>(
  database: Database,
  rows: T[],
  datasetId: string,
  table: string,
) {
  const coverage = (await storedCoverage(database, datasetId)) ?? fromDeclaration(datasetId);
  const [pending] = await database.query<{ pending: boolean }>(`select (${KOREA_PENDING(table)}) as pending`);
  return {
    rows,
    extra: {},
    coverage: pending?.pending ? { ...coverage, history_status: 'backfill_in_progress' } : coverage,
  };
}

/** A row's response schema: every field of `example` required and typed `fallback` unless `properties` types it. */
export const rowSchema = (
  example: Record<string, unknown>,
  fallback: Record<string, unknown>,
  properties: Record<string, unknown>,
) => ({
  type: 'object',
  required: Object.keys(example),
  properties: { ...Object.fromEntries(Object.keys(example).map((k) => [k, fallback])), ...properties },
});

/** Samsung Electronics' id (DART corp code 00126380), for the Korea routes' examples. */
export const SAMSUNG_ID = 'cmp_01b524f82fc466e1711c';

/** True while registry companies with a DART corp code still have no rows in `table`. */
const KOREA_PENDING = (table: string) =>
  `(select count(distinct corp_code) from ${table}) < (select count(*) from company_identifiers where id_type = 'DART_CORP')`;

/** TSMC's id: its SEC CIK's (one company with TSM), for the Taiwan routes' examples. */
export const TSMC_ID = 'cmp_d8e46370b07c45c6c40a';
