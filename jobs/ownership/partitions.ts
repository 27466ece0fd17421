import { eq } from 'drizzle-orm';
import { filingFolderUrl } from '../../lib/ids.ts';
import { filings } from '../../schema/filings.ts';
import { ownershipIndex } from '../../schema/ownership.ts';
import { accessionOf } from '../edgar/filing-partitions.ts';
import { getIfExists } from '../fetcher.ts';
import type { BackfillOptions, DatasetJob, Fetcher, JobContext, RawDocument } from '../types.ts';
import { type DemoFiling, demoFilings, demoKey } from './demo-filings.ts';

/** The filing a per-filing ownership partition stands for: from the demo list, the filing index or the ownership index. */
export interface OwnershipFilingRef {
  accession: string | null;
  cik: number;
  form: string;
  filingDate: string | null;
  primaryDocument: string | null;
  /** A demo document fetched from the address it was captured from. */
  url?: string;
}

export function withDemo(
  base: Pick<DatasetJob<unknown>, 'partitions' | 'latestPartitions'>,
  dataset: DemoFiling['dataset'],
  liveWindowFrom?: (now: Date) => string,
): Pick<DatasetJob<unknown>, 'partitions' | 'latestPartitions'> {
  return {
    async partitions(ctx: JobContext, opts: BackfillOptions) {
      // spec 8.3: the data window is where a live backfill starts by default, not a filter on loaded rows
      const from =
        opts.from ?? (ctx.config.UPSTREAM === 'live' && liveWindowFrom ? liveWindowFrom(ctx.now) : undefined);
      const keys = await base.partitions(ctx, { ...opts, from });
      const demo = opts.cik || opts.ticker ? [] : demoFilings(ctx.config, dataset).map(demoKey);
      return [...new Set([...keys, ...demo])];
    },
    latestPartitions: (ctx) => base.latestPartitions(ctx),
  };
}

export async function ownershipFilingRef(
  ctx: JobContext,
  key: string,
  dataset: DemoFiling['dataset'],
): Promise<OwnershipFilingRef> {
  const demo = demoFilings(ctx.config, dataset).find((f) => demoKey(f) === key);
  if (demo) {
    return {
      accession: demo.accession,
      cik: demo.cik,
      form: demo.form,
      filingDate: demo.filingDate,
      primaryDocument: null,
      ...(demo.url ? { url: demo.url } : {}),
    };
  }
  const accession = accessionOf(key);
  const table = dataset === 'insider_trades' ? ownershipIndex : filings;
  const [row] = await ctx.database.db
    .select({
      cik: table.cik,
      form: table.form,
      filingDate: table.filingDate,
      primaryDocument: table.primaryDocument,
    })
    .from(table)
    .where(eq(table.accessionNumber, accession))
    .orderBy(table.cik)
    .limit(1);
  if (!row) throw new Error(`${key}: not in the filing index (backfill filings / ownership_index first)`);
  return { accession, ...row };
}

/**
 * The filing's full-text submission `<accession>.txt` (every document of the filing, with the SEC header's
 * accession, form, filer and filing date); when it is missing, the primary document named by the index row.
 */
export async function fetchSubmission(fetcher: Fetcher, ref: OwnershipFilingRef): Promise<RawDocument[]> {
  if (ref.url || !ref.accession) return [await fetcher.get(ref.url ?? '')];
  const folder = filingFolderUrl(ref.cik, ref.accession);
  const txt = await getIfExists(fetcher, `${folder}${ref.accession}.txt`);
  if (txt) return [txt];
  // xslF345X03/ and similar prefixes name the rendered view; the raw XML sits at the folder's root
  const primary = ref.primaryDocument?.replace(/^xsl[^/]+\//, '');
  if (!primary) return [await fetcher.get(`${folder}${ref.accession}.txt`)];
  return [await fetcher.get(folder + primary)];
}
