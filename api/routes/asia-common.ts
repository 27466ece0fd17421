import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../../lib/db.ts';
import { companyIdentifiers, companyListings } from '../../schema/companies.ts';
import type { ResolvedCompany } from '../platform/company-resolution.ts';
import { storedCoverage } from '../platform/coverage.ts';
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
 * The dataset's coverage object with `available_from` read from the rows themselves (spec 8.3: the window is
 * where a live backfill starts; coverage reports the real earliest period loaded), or the declared start
 * while the table is empty.
 */
export async function realCoverage(
  database: Database,
  datasetId: string,
  earliestSql: string,
  /** SQL answering true while companies of the registry still have no rows (a rolling backfill). */
  inProgressSql?: string,
) {
  const row = await storedCoverage(database, datasetId);
  const [min] = await database.query<{ first: string | null }>(`select (${earliestSql})::text as first`);
  const [pending] = inProgressSql
    ? await database.query<{ pending: boolean }>(`select (${inProgressSql}) as pending`)
    : [];
  return {
    available_from: min?.first ?? row?.available_from ?? null,
    available_to: row?.available_to ?? null,
    update_frequency: row?.update_frequency ?? 'daily',
    history_status: pending?.pending
      ? 'backfill_in_progress'
      : (row?.history_status ?? 'backfill_in_progress'),
  };
}

/** A page of an Asia route: its rows, no envelope extras, and the dataset's real coverage (realCoverage). */
export async function rowsWithCoverage<T>(
  database: Database,
  rows: T[],
  ...coverage: Parameters<typeof realCoverage> extends [Database, ...infer Rest] ? Rest : never
) {
  return { rows, extra: {}, coverage: await realCoverage(database, ...coverage) };
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

/**
 * Korea's backfill runs largest companies first within a daily call budget: its history is in progress
 * while registry companies with a DART corp code still have no rows.
 */
export const KOREA_PENDING = (table: string) =>
  `(select count(distinct corp_code) from ${table}) < (select count(*) from company_identifiers where id_type = 'DART_CORP')`;

/** TSMC's id: its SEC CIK's (one company with TSM), for the Taiwan routes' examples. */
export const TSMC_ID = 'cmp_d8e46370b07c45c6c40a';
