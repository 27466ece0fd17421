import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LoadResult } from '../jobs/types.ts';
import type { Tx } from '../lib/db.ts';
import type { RegistryRows } from '../parsers/edgar/registry.ts';
import { deriveQuarters } from '../parsers/taiwan/quarters.ts';
import {
  type DisclosureInsert,
  disclosures,
  type KrFinancialsInsert,
  type KrReportSectionInsert,
  krFinancials,
  krReportSections,
  type TwFinancialsInsert,
  type TwForeignOwnershipInsert,
  type TwMonthlyRevenueInsert,
  twFinancials,
  twForeignOwnership,
  twMonthlyRevenue,
} from '../schema/asia.ts';
import { companies, companyListings } from '../schema/companies.ts';
import { reconcileCompanies, upsertIdentifiers, upsertListings } from './companies.ts';
import { upsertRows } from './upsert.ts';

const add = (a: LoadResult, b: LoadResult): LoadResult => ({
  inserted: a.inserted + b.inserted,
  updated: a.updated + b.updated,
});

export function loadTwMonthlyRevenue(tx: Tx, rows: TwMonthlyRevenueInsert[]) {
  return upsertRows(tx, twMonthlyRevenue, rows, [
    twMonthlyRevenue.localSecurityCode,
    twMonthlyRevenue.dataYm,
  ]);
}

/**
 * Foreign ownership rows, and the ISIN each TWSE row states for its security as a registry identifier of the
 * company listed under that code (the one file that publishes Taiwan ISINs for every listed security).
 */
export async function loadTwForeignOwnership(tx: Tx, rows: TwForeignOwnershipInsert[]): Promise<LoadResult> {
  const result = await upsertRows(tx, twForeignOwnership, rows, [
    twForeignOwnership.localSecurityCode,
    twForeignOwnership.snapshotDate,
  ]);
  const withIsin = rows.filter((r) => r.isin);
  if (withIsin.length > 0) {
    const symbols = withIsin.map((r) => `${r.localSecurityCode}.TW`);
    const owners = await tx
      .select({ companyId: companyListings.companyId, symbol: companyListings.symbol })
      .from(companyListings)
      .where(inArray(companyListings.symbol, symbols));
    const bySymbol = new Map(owners.map((o) => [o.symbol, o.companyId]));
    const idents = withIsin.flatMap((r) => {
      const companyId = bySymbol.get(`${r.localSecurityCode}.TW`);
      return companyId
        ? [
            {
              companyId,
              idType: 'ISIN',
              idValue: r.isin as string,
              source: 'twse',
              confidence: 'high',
              isCurrent: 1,
            },
          ]
        : [];
    });
    await upsertIdentifiers(tx, idents);
  }
  return result;
}

/**
 * Taiwan statement rows, then the single quarters of every income row of the same companies and years
 * re-derived from what the table now holds: a season arriving late fills its successor's quarter.
 */
export async function loadTwFinancials(tx: Tx, rows: TwFinancialsInsert[]): Promise<LoadResult> {
  const key = [
    twFinancials.localSecurityCode,
    twFinancials.year,
    twFinancials.season,
    twFinancials.statement,
  ];
  const result = await upsertRows(tx, twFinancials, rows, key);
  const codes = [...new Set(rows.map((r) => r.localSecurityCode))];
  const years = [...new Set(rows.map((r) => r.year))];
  if (codes.length === 0) return result;
  const stored = (await tx
    .select()
    .from(twFinancials)
    .where(
      and(
        eq(twFinancials.statement, 'income'),
        inArray(twFinancials.year, years),
        inArray(twFinancials.localSecurityCode, codes),
      ),
    )) as TwFinancialsInsert[];
  await upsertRows(tx, twFinancials, deriveQuarters(stored), key, [
    twFinancials.revenueQ,
    twFinancials.operatingIncomeQ,
    twFinancials.netIncomeQ,
    twFinancials.epsBasicQ,
    twFinancials.quarterBasis,
  ]);
  return result;
}

/** A report's rows replace that report's rows of the same basis (a corrected filing can drop lines). */
export async function loadKrFinancials(tx: Tx, rows: KrFinancialsInsert[]): Promise<LoadResult> {
  const reports = new Set(rows.map((r) => `${r.corpCode}|${r.bsnsYear}|${r.reprtCode}|${r.fsDiv}`));
  for (const rep of reports) {
    const [corp, year, code, fs] = rep.split('|') as [string, string, string, string];
    await tx
      .delete(krFinancials)
      .where(
        and(
          eq(krFinancials.corpCode, corp),
          eq(krFinancials.bsnsYear, Number(year)),
          eq(krFinancials.reprtCode, code),
          eq(krFinancials.fsDiv, fs),
          sql`${krFinancials.lineNo} > ${rows.filter((r) => `${r.corpCode}|${r.bsnsYear}|${r.reprtCode}|${r.fsDiv}` === rep).length}`,
        ),
      );
  }
  return upsertRows(tx, krFinancials, rows, [
    krFinancials.corpCode,
    krFinancials.bsnsYear,
    krFinancials.reprtCode,
    krFinancials.fsDiv,
    krFinancials.sjDiv,
    krFinancials.lineNo,
  ]);
}

/**
 * A periodic report's section rows (`report` given: one endpoint of one company's report) replace that
 * report's rows: a line the new response no longer holds (a table the filer emptied, a corrected filing) is
 * deleted, counted as updated. Without `report` (the continuous insider and 5% lists) rows are only upserted.
 */
export async function loadKrSections(
  tx: Tx,
  rows: KrReportSectionInsert[],
  report?: { corpCode: string; endpoint: string; bsnsYear: number; reprtCode: string },
): Promise<LoadResult> {
  let removed = 0;
  if (report) {
    const s = krReportSections;
    const kept = rows.map((r) => sql`(${r.rceptNo}, ${r.lineNo}::int)`);
    const gone = await tx
      .delete(s)
      .where(
        and(
          eq(s.corpCode, report.corpCode),
          eq(s.endpoint, report.endpoint),
          eq(s.bsnsYear, report.bsnsYear),
          eq(s.reprtCode, report.reprtCode),
          kept.length > 0 ? sql`(${s.rceptNo}, ${s.lineNo}) NOT IN (${sql.join(kept, sql`, `)})` : undefined,
        ),
      )
      .returning({ line: s.lineNo });
    removed = gone.length;
  }
  const result = await upsertRows(tx, krReportSections, rows, [
    krReportSections.corpCode,
    krReportSections.endpoint,
    krReportSections.rceptNo,
    krReportSections.lineNo,
  ]);
  return { inserted: result.inserted, updated: result.updated + removed };
}

export function loadDisclosures(tx: Tx, rows: DisclosureInsert[]) {
  return upsertRows(tx, disclosures, rows, [disclosures.market, disclosures.sourceId]);
}

/**
 * Asia registry rows. A company of its own market is upserted with the columns this source owns; a
 * cross-listed one (keyed on its CIK) only gains identifiers and a listing, and a placeholder company row
 * when the US registry has not loaded it yet (never overwriting the SEC's facts).
 */
export async function loadAsiaRegistry(
  tx: Tx,
  rows: RegistryRows,
  placeholders: RegistryRows['companies'],
): Promise<LoadResult> {
  const c = companies;
  let result = await upsertRows(
    tx,
    companies,
    rows.companies,
    [c.companyId],
    [
      c.companyName,
      c.country,
      c.primaryTicker,
      c.primaryExchange,
      c.industry,
      c.website,
      c.currency,
      c.marketCapCurrency,
      c.asOfDate,
      c.sourceUrl,
      c.fetchedAt,
    ],
  );
  result = add(result, await upsertRows(tx, companies, placeholders, [c.companyId], []));
  await upsertIdentifiers(tx, rows.identifiers);
  await upsertListings(tx, rows.listings);
  // a cross-listed company's record (loaded by the US registry) now has this market's listing too
  await reconcileCompanies(tx, [...new Set([...rows.companies, ...placeholders].map((r) => r.companyId))]);
  return result;
}
