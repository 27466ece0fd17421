import { and, desc, gte, inArray, lte, sql } from 'drizzle-orm';
import { type InsiderRows, loadInsiderFiling } from '../../loaders/insider-trades.ts';
import { parseOwnershipFiling } from '../../parsers/edgar/form4.ts';
import { ownershipIndex } from '../../schema/ownership.ts';
import { accessionOf, refreshSince } from '../edgar/filing-partitions.ts';
import { backfillCiks, cikUniverse } from '../edgar/universe.ts';
import type { DatasetJob, JobContext } from '../types.ts';
import { fetchSubmission, ownershipFilingRef, withDemo } from './partitions.ts';

/** Spec 8.3: about two years per issuer, counted back from the issuer's newest insider filing. */
const YEARS_PER_ISSUER = 2;

interface Parsed extends Omit<InsiderRows, 'formType' | 'filingDate'> {
  formType: string | null;
  filingDate: string | null;
}

async function listFilings(ctx: JobContext, ciks: string[], from?: string, to?: string): Promise<string[]> {
  if (ciks.length === 0) return [];
  const newest = ctx.database.db
    .select({ cik: ownershipIndex.cik, newest: sql<string>`max(${ownershipIndex.filingDate})`.as('newest') })
    .from(ownershipIndex)
    .groupBy(ownershipIndex.cik)
    .as('newest');
  const rows = await ctx.database.db
    .select({ accession: ownershipIndex.accessionNumber, filingDate: ownershipIndex.filingDate })
    .from(ownershipIndex)
    .innerJoin(newest, sql`${newest.cik} = ${ownershipIndex.cik}`)
    .where(
      and(
        inArray(ownershipIndex.cik, ciks.map(Number)),
        // the window is the default start of a backfill; --from replaces it
        from
          ? gte(ownershipIndex.filingDate, from)
          : sql`${ownershipIndex.filingDate} > (${newest.newest}::date - interval '${sql.raw(String(YEARS_PER_ISSUER))} years')::date`,
        to ? lte(ownershipIndex.filingDate, to) : undefined,
      ),
    )
    .orderBy(desc(ownershipIndex.filingDate), desc(ownershipIndex.accessionNumber));
  return [...new Set(rows.map((r) => `acc:${r.accession}`))];
}

/**
 * Insider trades: one partition per Form 3/4/5 (amendments included) of the universe's issuers in the
 * ownership index, about two years back from each issuer's newest insider filing (a backfill's `--from`
 * goes further). fetch: the `.txt` submission (else the raw primary XML); parse: pure; load: the filing,
 * its trades, and the 4/A rule.
 */
export const insiderTradesJob: DatasetJob<Parsed> = {
  dataset: 'insider_trades',
  ...withDemo(
    {
      async partitions(ctx, opts) {
        const ciks =
          opts.cik || opts.ticker
            ? await backfillCiks(ctx, opts)
            : await cikUniverse(ctx.config, ctx.database);
        return listFilings(ctx, ciks, opts.from?.slice(0, 10), opts.to?.slice(0, 10));
      },
      async latestPartitions(ctx) {
        return listFilings(ctx, await cikUniverse(ctx.config, ctx.database), refreshSince(ctx.now));
      },
    },
    'insider_trades',
  ),
  isFinal: true,
  async fetch(ctx, key, fetcher) {
    return fetchSubmission(fetcher, await ownershipFilingRef(ctx, key, 'insider_trades'));
  },
  parse(docs, key) {
    const doc = docs[0]!;
    const filing = parseOwnershipFiling(doc.bytes.toString('utf8'), doc.url);
    return {
      rows: {
        filing,
        accessionNumber: filing.accession_number ?? accessionOf(key),
        formType: filing.document_type,
        filingDate: filing.filing_date,
        sha256: doc.sha256,
        fetchedAt: doc.fetchedAt,
      },
      warnings: filing.warnings,
    };
  },
  async load(tx, rows) {
    // a bare primary document has no header: form and filing date come from the index row
    const [ref] =
      rows.formType && rows.filingDate
        ? [null]
        : await tx
            .select({ form: ownershipIndex.form, filingDate: ownershipIndex.filingDate })
            .from(ownershipIndex)
            .where(inArray(ownershipIndex.accessionNumber, [rows.accessionNumber]))
            .limit(1);
    const formType = rows.formType ?? ref?.form;
    const filingDate = rows.filingDate ?? ref?.filingDate;
    if (!formType || !filingDate) throw new Error(`${rows.accessionNumber}: no form type or filing date`);
    return loadInsiderFiling(tx, { ...rows, formType, filingDate });
  },
};
