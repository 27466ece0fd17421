import { and, eq, sql } from 'drizzle-orm';
import type { LoadResult } from '../jobs/types.ts';
import type { Tx } from '../lib/db.ts';
import { padCik } from '../lib/ids.ts';
import type { SegmentRow } from '../parsers/xbrl/segments.ts';
import { companies } from '../schema/companies.ts';
import { filings } from '../schema/filings.ts';
import { type FinancialSegmentInsert, financialSegments } from '../schema/financials.ts';
import { upsertRows } from './upsert.ts';

/** One filing's segment rows, as the segments job parses them. */
export interface SegmentFilingRows {
  accession: string;
  /** The company the rows belong to (the instance's own entity in a combined filing). */
  cik: number;
  rows: SegmentRow[];
  fetchedAt: string;
}

/**
 * One filing's segment rows. Each is a version known from the filing's date (from the filing index), so a
 * later 10-K that recasts last year's segments adds a version and `as_of` still sees the original. The
 * filing's rows are replaced as a whole: a period a re-parse no longer yields is deleted in the same
 * transaction. The ticker comes from the company registry, as for statements.
 */
export async function loadFinancialSegments(tx: Tx, parsed: SegmentFilingRows): Promise<LoadResult> {
  const [filing] = await tx
    .select({ filingDate: filings.filingDate })
    .from(filings)
    .where(eq(filings.accessionNumber, parsed.accession))
    .limit(1);
  if (!filing) throw new Error(`${parsed.accession}: not in the filing index (backfill filings first)`);
  const [company] = await tx
    .select({ ticker: companies.primaryTicker })
    .from(companies)
    .where(eq(companies.cik, padCik(parsed.cik)!));
  const rows: FinancialSegmentInsert[] = parsed.rows.map((r) => ({
    cik: parsed.cik,
    period: r.period,
    reportPeriod: r.report_period,
    accessionNumber: parsed.accession,
    knownFrom: filing.filingDate,
    ticker: company?.ticker ?? (r.ticker || null),
    fiscalPeriod: r.fiscal_period,
    currency: r.currency || null,
    filingUrl: r.filing_url || null,
    incomeStatement: r.income_statement,
    fetchedAt: new Date(parsed.fetchedAt),
  }));
  const result = await upsertRows(tx, financialSegments, rows, [
    financialSegments.cik,
    financialSegments.period,
    financialSegments.reportPeriod,
    financialSegments.accessionNumber,
  ]);
  const keep = sql.param(rows.map((r) => `${r.cik}|${r.period}|${r.reportPeriod}`));
  const stale = await tx
    .delete(financialSegments)
    .where(
      and(
        eq(financialSegments.accessionNumber, parsed.accession),
        sql`not (${financialSegments.cik}::text || '|' || ${financialSegments.period} || '|' || ${financialSegments.reportPeriod}::text = any(${keep}::text[]))`,
      ),
    )
    .returning({ cik: financialSegments.cik });
  return { inserted: result.inserted, updated: result.updated + stale.length };
}
