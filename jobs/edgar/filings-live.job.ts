import { and, eq, gte, inArray, notExists, sql } from 'drizzle-orm';
import { INDEXED_FILING_TYPES } from '../../lib/filing-types.ts';
import { loadFilings } from '../../loaders/filings.ts';
import { currentFeedFilings, parseCurrentFeed } from '../../parsers/edgar/current-feed.ts';
import { datasetPartitions } from '../../schema/datasets.ts';
import { type FilingInsert, filings } from '../../schema/filings.ts';
import { getIfExists } from '../fetcher.ts';
import type { DatasetJob, RawDocument } from '../types.ts';
import { filingItemsJob, ITEM_FILING_TYPES } from './filing-items.job.ts';
import { cikUniverse } from './universe.ts';

export const LIVE_FILINGS_DATASET = 'filings_live';
const SUPPORTED = new Set<string>(INDEXED_FILING_TYPES);
const PAGE_SIZE = 100;
/**
 * Pages read in one poll at most. A poll pages on only while a whole page is new (a burst, or the first
 * poll after a restart); what is still older is the daily index's to reconcile (it is the source of truth).
 * 10 pages = 1,000 feed entries, about 20 minutes of EDGAR at its busiest.
 */
const MAX_PAGES = 10;

export const currentFeedUrl = (start: number) =>
  `https://www.sec.gov/cgi-bin/browse-edgar?action=getcurrent&count=${PAGE_SIZE}&start=${start}&type=&owner=include&output=atom`;

/**
 * Filing latency: EDGAR's latest-filings Atom feed, polled every FILINGS_LIVE_POLL_SECONDS (conditional
 * GET, inside the shared SEC budget). Each new accession becomes a filing-index row at once, with the
 * feed's acceptance time; the filing's items and 8-K events follow (`followUps`). One partition, `live`:
 * every poll is the same unit of work. The daily and quarterly indexes stay the source of truth: they add
 * what the feed missed (a restart, a burst past MAX_PAGES) and, being insert-only like this feed, never
 * duplicate a row; the submissions JSON later adds the report date and the primary document.
 */
export const filingsLiveJob: DatasetJob<{ filings: FilingInsert[] }> = {
  dataset: LIVE_FILINGS_DATASET,
  async followUps(ctx) {
    // the live rows of the last day that filing_items (items, and 8-K events from them) has not run yet
    const since = new Date(ctx.now.getTime() - 86_400_000);
    const universe = (await cikUniverse(ctx.config, ctx.database)).map(Number);
    if (universe.length === 0) return [];
    const rows = await ctx.database.db
      .selectDistinct({ accession: filings.accessionNumber })
      .from(filings)
      .where(
        and(
          eq(filings.source, 'live'),
          gte(filings.fetchedAt, since),
          inArray(filings.filingType, ITEM_FILING_TYPES),
          inArray(filings.cik, universe),
          notExists(
            ctx.database.db
              .select({ one: sql`1` })
              .from(datasetPartitions)
              .where(
                and(
                  eq(datasetPartitions.datasetId, filingItemsJob.dataset),
                  eq(datasetPartitions.partitionKey, sql`'acc:' || ${filings.accessionNumber}`),
                ),
              ),
          ),
        ),
      );
    return [{ dataset: filingItemsJob.dataset, partitions: rows.map((r) => `acc:${r.accession}`) }];
  },
  async partitions() {
    return ['live'];
  },
  async latestPartitions() {
    return ['live'];
  },
  isFinal: false,
  async fetch(ctx, _key, fetcher) {
    const docs: RawDocument[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      // the first page must answer; a later one may be past the feed's end (a 404 here)
      const doc =
        page === 0
          ? await fetcher.get(currentFeedUrl(0))
          : await getIfExists(fetcher, currentFeedUrl(page * PAGE_SIZE));
      if (!doc) break;
      docs.push(doc);
      const { entries } = parseCurrentFeed(doc.bytes, { url: doc.url, fetchedAt: doc.fetchedAt });
      if (entries.length < PAGE_SIZE) break;
      const accessions = [...new Set(entries.map((e) => e.accession))];
      const known = await ctx.database.db
        .selectDistinct({ a: filings.accessionNumber })
        .from(filings)
        .where(inArray(filings.accessionNumber, accessions));
      if (known.length > 0) break;
    }
    return docs;
  },
  parse(docs) {
    const rows: FilingInsert[] = [];
    const warnings: string[] = [];
    for (const doc of docs) {
      const r = parseCurrentFeed(doc.bytes, { url: doc.url, fetchedAt: doc.fetchedAt });
      rows.push(...currentFeedFilings(r.entries, SUPPORTED, doc.fetchedAt));
      warnings.push(...r.warnings);
    }
    return { rows: { filings: rows }, warnings };
  },
  load(tx, rows) {
    return loadFilings(tx, rows.filings, 'index');
  },
};
