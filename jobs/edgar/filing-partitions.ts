import { and, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import { dashAccession } from '../../lib/ids.ts';
import { filings } from '../../schema/filings.ts';
import type { DatasetJob, JobContext } from '../types.ts';
import { backfillCiks, cikUniverse } from './universe.ts';

/** A scheduled refresh of a per-filing dataset covers the filings indexed in this many most recent days. */
const REFRESH_DAYS = 3;

/** The first filing date a scheduled refresh of a per-filing dataset covers (REFRESH_DAYS back from now). */
export function refreshSince(now: Date): string {
  return new Date(now.getTime() - REFRESH_DAYS * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Partitions of a dataset built one filing at a time (`acc:<accession>`): the filings of the given types in
 * the filing index for the CIK universe (or the backfill's `--cik/--ticker`), newest first, filed on or after
 * `earliest` when given. A scheduled refresh takes those indexed in the last REFRESH_DAYS days.
 */
export function perFilingPartitions(
  filingTypes: readonly string[],
  earliest?: string,
): Pick<DatasetJob<unknown>, 'partitions' | 'latestPartitions'> {
  const list = async (ctx: JobContext, ciks: string[], from?: string, to?: string): Promise<string[]> => {
    if (ciks.length === 0) return [];
    const since = [from?.slice(0, 10), earliest]
      .filter((d): d is string => !!d)
      .sort()
      .at(-1);
    const rows = await ctx.database.db
      .selectDistinct({ accession: filings.accessionNumber, filingDate: filings.filingDate })
      .from(filings)
      .where(
        and(
          inArray(filings.cik, ciks.map(Number)),
          inArray(filings.filingType, [...filingTypes]),
          since ? gte(filings.filingDate, since) : undefined,
          to ? lte(filings.filingDate, to.slice(0, 10)) : undefined,
        ),
      )
      .orderBy(desc(filings.filingDate), desc(filings.accessionNumber));
    return rows.map((r) => `acc:${r.accession}`);
  };
  return {
    async partitions(ctx, opts) {
      const ciks =
        opts.cik || opts.ticker ? await backfillCiks(ctx, opts) : await cikUniverse(ctx.config, ctx.database);
      return list(ctx, ciks, opts.from, opts.to);
    },
    async latestPartitions(ctx) {
      return list(ctx, await cikUniverse(ctx.config, ctx.database), refreshSince(ctx.now), undefined);
    },
  };
}

/** The accession number of an `acc:<accession>` partition key (dashes optional). */
export function accessionOf(key: string): string {
  const acc = key.startsWith('acc:') ? dashAccession(key.slice(4)) : null;
  if (!acc) throw new Error(`not a filing partition: ${key} (expected acc:<accession number>)`);
  return acc;
}

/** The filing-index row a per-filing partition stands for (the first filer's, when several share it). */
export async function filingRow(
  ctx: JobContext,
  key: string,
): Promise<{ accession: string; cik: number; primaryDocument: string | null; filingDate: string }> {
  const accession = accessionOf(key);
  const [row] = await ctx.database.db
    .select({ cik: filings.cik, primaryDocument: filings.primaryDocument, filingDate: filings.filingDate })
    .from(filings)
    .where(eq(filings.accessionNumber, accession))
    .orderBy(filings.cik)
    .limit(1);
  if (!row) throw new Error(`${key}: not in the filing index (backfill filings first)`);
  return { accession, ...row };
}
