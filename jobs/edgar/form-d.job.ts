import { and, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import { filingFolderUrl } from '../../lib/ids.ts';
import { loadFormDFilings } from '../../loaders/private-companies.ts';
import { type FormDFiling, parseFormD } from '../../parsers/edgar/form-d.ts';
import { formDIndex } from '../../schema/private-companies.ts';
import { getIfExists } from '../fetcher.ts';
import type { DatasetJob, JobContext } from '../types.ts';
import { demoFormDFilings, demoFormDKey } from './demo-form-d.ts';
import { accessionOf, refreshSince } from './filing-partitions.ts';

async function indexed(ctx: JobContext, from?: string, to?: string, ciks: number[] = []): Promise<string[]> {
  const rows = await ctx.database.db
    .select({ accession: formDIndex.accessionNumber })
    .from(formDIndex)
    .where(
      and(
        from ? gte(formDIndex.filingDate, from.slice(0, 10)) : undefined,
        to ? lte(formDIndex.filingDate, to.slice(0, 10)) : undefined,
        ciks.length > 0 ? inArray(formDIndex.cik, ciks) : undefined,
      ),
    )
    .orderBy(desc(formDIndex.filingDate), desc(formDIndex.accessionNumber));
  return rows.map((r) => `acc:${r.accession}`);
}

/**
 * Private companies and their offerings: one partition per Form D / D/A (`acc:<accession>`) that the
 * `form_d_index` dataset listed, plus the offline mirror's demo filings. fetch: the filing's complete
 * `.txt` submission (its header gives the filing date and the offering's SEC file number), else the
 * folder's `primary_doc.xml`; parse: parsers/edgar/form-d.ts (pure; an unreadable document is a ParseError,
 * so the pipeline quarantines it and the other filings load); load: the filing, its offering, the issuer's row.
 */
export const formDJob: DatasetJob<FormDFiling[]> = {
  dataset: 'private_companies',
  async partitions(ctx, opts) {
    // a private issuer has no ticker: --cik names one, --ticker finds nothing here
    const ciks = (opts.cik ?? '')
      .split(',')
      .filter(Boolean)
      .map((c) => {
        if (!/^\d{1,10}$/.test(c.trim())) throw new Error(`--cik ${c}: not a CIK (1-10 digits)`);
        return Number(c);
      });
    const keys = opts.ticker ? [] : await indexed(ctx, opts.from, opts.to, ciks);
    const demo = demoFormDFilings(ctx.config)
      .filter((f) => !opts.ticker && (ciks.length === 0 || ciks.includes(f.cik)))
      .map(demoFormDKey);
    return [...new Set([...keys, ...demo])];
  },
  async latestPartitions(ctx) {
    return indexed(ctx, refreshSince(ctx.now));
  },
  isFinal: true,
  async fetch(ctx, key, fetcher) {
    const demo = demoFormDFilings(ctx.config).find((f) => demoFormDKey(f) === key);
    if (demo?.url) return [await fetcher.get(demo.url)];
    const accession = accessionOf(key);
    const cik =
      demo?.cik ??
      (
        await ctx.database.db
          .select({ cik: formDIndex.cik })
          .from(formDIndex)
          .where(eq(formDIndex.accessionNumber, accession))
          .limit(1)
      )[0]?.cik;
    if (cik === undefined) throw new Error(`${key}: not in form_d_index (run form_d_index first)`);
    const folder = filingFolderUrl(cik, accession);
    const txt = await getIfExists(fetcher, `${folder}${accession}.txt`);
    return [txt ?? (await fetcher.get(`${folder}primary_doc.xml`))];
  },
  parse(docs, key) {
    const doc = docs[0]!;
    const { filing, warnings } = parseFormD(doc.bytes.toString('utf8'), {
      url: doc.url,
      fetchedAt: doc.fetchedAt,
      sha256: doc.sha256,
      accessionNumber: key.startsWith('acc:') ? accessionOf(key) : null,
    });
    return { rows: [filing], warnings };
  },
  async load(tx, rows) {
    // a bare primary document has no header: the filing date comes from the index row
    for (const r of rows) {
      if (r.filingDate || !r.accessionNumber) continue;
      const [ref] = await tx
        .select({ filingDate: formDIndex.filingDate })
        .from(formDIndex)
        .where(eq(formDIndex.accessionNumber, r.accessionNumber))
        .limit(1);
      r.filingDate = ref?.filingDate ?? null;
    }
    return loadFormDFilings(tx, rows);
  },
};
