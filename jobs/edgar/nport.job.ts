import { and, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import { filingFolderUrl } from '../../lib/ids.ts';
import { type FundReportRows, loadFundReport } from '../../loaders/funds.ts';
import { parseFilingIndexClasses } from '../../parsers/edgar/filing-index-classes.ts';
import { parseNport } from '../../parsers/edgar/nport.ts';
import { filings } from '../../schema/filings.ts';
import { getIfExists } from '../fetcher.ts';
import type { DatasetJob, JobContext } from '../types.ts';
import { accessionOf, refreshSince } from './filing-partitions.ts';
import { backfillCiks } from './universe.ts';

export const NPORT_FORM_TYPES = ['NPORT-P', 'NPORT-P/A'] as const;
/** A live backfill without `--from` reads this many months of N-PORT filings (a fund's latest 12 reports). */
const LIVE_MONTHS = 13;

/**
 * N-PORT documents the offline mirror holds but no captured filing index lists: real NPORT-P primary
 * documents served at the address they were captured from (fixtures/upstream/FUNDS-FIXTURES.md), read only
 * against the mirror with the demo universe, as jobs/ownership/demo-filings.ts does for its captures.
 */
const EDGARTOOLS =
  'https://raw.githubusercontent.com/dgunning/edgartools/ca5a70094da7fc34890161dae9c256bb1f4c3d26/data';
export const DEMO_NPORT_DOCUMENTS = [
  `${EDGARTOOLS}/NPORT.Dupree.xml`,
  `${EDGARTOOLS}/NPORT.AdvancedSeries.xml`,
  `${EDGARTOOLS}/nport/samples/NPORT%20Sample%207.xml`,
] as const;

/** A filing's detail page at its EDGAR address (`/Archives/edgar/data/<cik>/<accession>-index.html`). */
export const filingIndexPageUrl = (cik: number | string, accession: string) =>
  `https://www.sec.gov/Archives/edgar/data/${Number(cik)}/${accession}-index.html`;

function liveWindowFrom(now: Date): string {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - LIVE_MONTHS);
  return d.toISOString().slice(0, 10);
}

const isDemo = (ctx: JobContext) =>
  ctx.config.UPSTREAM === 'fixtures' && (ctx.config.SEC_CIKS === undefined || ctx.config.SEC_CIKS === 'demo');

/**
 * Every NPORT-P / NPORT-P/A in the filing index (the quarterly and daily master indexes list every
 * registrant's, not only the universe's; `--cik/--ticker` name registrants), filed inside [since, to],
 * newest first: one partition `acc:<accession>` each.
 */
async function indexPartitions(ctx: JobContext, ciks: number[] | null, since?: string, to?: string) {
  const rows = await ctx.database.db
    .selectDistinct({ accession: filings.accessionNumber, filingDate: filings.filingDate })
    .from(filings)
    .where(
      and(
        inArray(filings.filingType, [...NPORT_FORM_TYPES]),
        ciks ? inArray(filings.cik, ciks) : undefined,
        since ? gte(filings.filingDate, since.slice(0, 10)) : undefined,
        to ? lte(filings.filingDate, to.slice(0, 10)) : undefined,
      ),
    )
    .orderBy(desc(filings.filingDate), desc(filings.accessionNumber));
  return rows.map((r) => `acc:${r.accession}`);
}

/** A demo document's partition key. */
export const demoNportKey = (url: string) => `doc:${url}`;

/**
 * Fund holdings from Form N-PORT: one partition per NPORT-P / NPORT-P/A filing of the filing index
 * (`acc:<accession>`), plus the demo documents against the offline mirror (`doc:<url>`).
 * fetch: the filing's primary document (`primary_doc.xml`, the rendered `xslFormNPORT-P_X01/` prefix of
 * the index row stripped) and, when the upstream has it, the filing's detail page (its class tickers); parse: pure (parsers/edgar/nport.ts); load: the report, its positions with their
 * registry links, the amendment pass, the fund row (loaders/funds.ts). An unreadable document is a
 * ParseError: the pipeline quarantines it and every other filing still loads.
 */
export const nportJob: DatasetJob<FundReportRows> = {
  dataset: 'fund_holdings',
  async partitions(ctx, opts) {
    const named = opts.cik || opts.ticker;
    const ciks = named ? (await backfillCiks(ctx, opts)).map(Number) : null;
    const from = opts.from ?? (ctx.config.UPSTREAM === 'live' ? liveWindowFrom(ctx.now) : undefined);
    const keys = await indexPartitions(ctx, ciks, from, opts.to);
    const demo = !named && isDemo(ctx) ? DEMO_NPORT_DOCUMENTS.map(demoNportKey) : [];
    return [...new Set([...keys, ...demo])];
  },
  async latestPartitions(ctx) {
    return indexPartitions(ctx, null, refreshSince(ctx.now));
  },
  isFinal: true,
  async fetch(ctx, key, fetcher) {
    if (key.startsWith('doc:')) return [await fetcher.get(key.slice(4))];
    const accession = accessionOf(key);
    const [row] = await ctx.database.db
      .select({ cik: filings.cik, primaryDocument: filings.primaryDocument })
      .from(filings)
      .where(eq(filings.accessionNumber, accession))
      .orderBy(filings.cik)
      .limit(1);
    if (!row) throw new Error(`${key}: not in the filing index (backfill filings first)`);
    const primary = row.primaryDocument?.replace(/^xsl[^/]+\//, '') || 'primary_doc.xml';
    const doc = await fetcher.get(filingFolderUrl(row.cik, accession) + primary);
    // the filing's detail page: its series/class table is where the class tickers are (N-PORT has none)
    const index = await getIfExists(fetcher, filingIndexPageUrl(row.cik, accession));
    return index ? [doc, index] : [doc];
  },
  parse(docs, key) {
    const doc = docs[0]!;
    const parsed = parseNport(doc.bytes.toString('utf8'), doc.url);
    const index = docs[1];
    const classTickers = index ? parseFilingIndexClasses(index.bytes.toString('utf8')) : undefined;
    return {
      rows: {
        ...(classTickers ? { classTickers } : {}),
        doc: parsed,
        accessionNumber: key.startsWith('acc:') ? accessionOf(key) : `url:${doc.url}`,
        filingDate: null,
        sourceUrl: doc.url,
        sha256: doc.sha256,
        fetchedAt: doc.fetchedAt,
      },
      warnings: parsed.warnings,
    };
  },
  async load(tx, rows) {
    if (rows.accessionNumber.startsWith('url:') || rows.filingDate) return loadFundReport(tx, rows);
    const [row] = await tx
      .select({ filingDate: filings.filingDate })
      .from(filings)
      .where(eq(filings.accessionNumber, rows.accessionNumber))
      .limit(1);
    return loadFundReport(tx, { ...rows, filingDate: row?.filingDate ?? null });
  },
};
