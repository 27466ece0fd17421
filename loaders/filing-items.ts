import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { LoadResult } from '../jobs/types.ts';
import type { Tx } from '../lib/db.ts';
import { ITEMS_PARSER_VERSION, type ParsedFiling } from '../parsers/edgar/filing-items.ts';
import {
  type FilingExhibitInsert,
  type FilingItemInsert,
  filingDocuments,
  filingExhibits,
  filingItems,
} from '../schema/filing-items.ts';
import { filings } from '../schema/filings.ts';
import { loadBrandAliases, loadSubsidiaryAliases } from './company-aliases.ts';
import { upsertRows } from './upsert.ts';

export interface FilingItemsRows {
  filing: ParsedFiling;
  sha256: string | null;
  fetchedAt: string;
}

/**
 * One filing's document row, items and exhibits. Type, form and dates come from the filing index row (the
 * partitions are listed from it); year/quarter are the calendar year/quarter of the period of report
 * (report_date, else the header's period). A re-parse replaces the filing's items and exhibits: rows the
 * new parse no longer has are deleted. A 10-K's Exhibit 21 names and the brands its 10-K document states become its
 * filer's aliases (company_aliases, kinds 'subsidiary' and 'brand'), for the news linker.
 */
export async function loadFilingItems(tx: Tx, rows: FilingItemsRows): Promise<LoadResult> {
  const f = rows.filing;
  const [index] = await tx
    .select()
    .from(filings)
    .where(eq(filings.accessionNumber, f.accessionNumber))
    .orderBy(sql`${filings.cik} = ${f.cik} desc`, filings.cik)
    .limit(1);
  if (!index) throw new Error(`filing ${f.accessionNumber} is not in the filing index`);
  const period = index.reportDate ?? f.periodOfReport;
  const exhibits = f.exhibits ?? [];
  const doc = await upsertRows(
    tx,
    filingDocuments,
    [
      {
        accessionNumber: f.accessionNumber,
        cik: f.cik,
        filingType: index.filingType,
        form: index.form,
        reportDate: index.reportDate,
        filingDate: index.filingDate,
        year: period ? Number(period.slice(0, 4)) : null,
        quarter: period ? Math.floor((Number(period.slice(5, 7)) - 1) / 3) + 1 : null,
        status: f.status,
        documentUrl: f.documentUrl,
        exhibits: exhibits.map((e) => ({ number: e.number, description: e.description, url: e.url })),
        warnings: f.warnings,
        parserVersion: ITEMS_PARSER_VERSION,
        sha256: rows.sha256,
        fetchedAt: new Date(rows.fetchedAt),
      },
    ],
    [filingDocuments.accessionNumber],
  );
  const items: FilingItemInsert[] = f.items.map((item, ordinal) => ({
    accessionNumber: f.accessionNumber,
    number: item.number,
    ordinal,
    name: item.name,
    text: item.text,
    resolvedText: item.resolvedText,
    resolved: item.resolved ?? null,
  }));
  const exhibitRows: FilingExhibitInsert[] = exhibits.map((e) => ({
    accessionNumber: f.accessionNumber,
    number: e.number,
    description: e.description,
    url: e.url,
    text: e.text,
    truncated: e.truncated,
  }));
  const removedItems = await removeOthers(
    tx,
    filingItems,
    eq(filingItems.accessionNumber, f.accessionNumber),
    sql`${filingItems.number}`,
    items.map((i) => i.number),
  );
  const removedExhibits = await removeOthers(
    tx,
    filingExhibits,
    eq(filingExhibits.accessionNumber, f.accessionNumber),
    sql`${filingExhibits.number} || '|' || ${filingExhibits.url}`,
    exhibitRows.map((e) => `${e.number}|${e.url}`),
  );
  const a = await upsertRows(tx, filingItems, items, [filingItems.accessionNumber, filingItems.number]);
  const b = await upsertRows(tx, filingExhibits, exhibitRows, [
    filingExhibits.accessionNumber,
    filingExhibits.number,
    filingExhibits.url,
  ]);
  const c = f.subsidiaries
    ? await loadSubsidiaryAliases(tx, {
        accession: f.accessionNumber,
        cik: f.cik,
        filingDate: index.filingDate,
        fetchedAt: rows.fetchedAt,
        lists: f.subsidiaries,
      })
    : { inserted: 0, updated: 0 };
  const d = f.brands
    ? await loadBrandAliases(tx, {
        accession: f.accessionNumber,
        cik: f.cik,
        filingDate: index.filingDate,
        fetchedAt: rows.fetchedAt,
        url: f.brands.url,
        names: f.brands.names,
      })
    : { inserted: 0, updated: 0 };
  return {
    inserted: doc.inserted + a.inserted + b.inserted + c.inserted + d.inserted,
    updated: doc.updated + a.updated + b.updated + removedItems + removedExhibits + c.updated + d.updated,
  };
}

/** Deletes the filing's rows whose key is not among `keep`; returns how many went. */
async function removeOthers(
  tx: Tx,
  table: typeof filingItems | typeof filingExhibits,
  ofFiling: SQL,
  key: SQL,
  keep: string[],
): Promise<number> {
  const gone = await tx
    .delete(table)
    .where(and(ofFiling, sql`not (${key} = any(${sql.param(keep)}::text[]))`))
    .returning({ n: sql<number>`1` });
  return gone.length;
}
