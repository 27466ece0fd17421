import { and, eq, inArray } from 'drizzle-orm';
import { loadNews, type NewsParsed } from '../../loaders/news.ts';
import { graphFilings, loadRelationships } from '../../loaders/news-graph.ts';
import { pressReleaseItems } from '../../loaders/news-press-releases.ts';
import { channelOf } from '../../parsers/news/channel.ts';
import { parseFeed } from '../../parsers/news/feed.ts';
import { concentrationDisclosures, type Disclosure } from '../../parsers/news/relationships.ts';
import { parseInstance } from '../../parsers/xbrl/instance.ts';
import { datasetPartitions } from '../../schema/datasets.ts';
import { filingDocuments } from '../../schema/filing-items.ts';
import type { DatasetJob } from '../types.ts';
import { feedFor, NEWS_FEEDS } from './feeds.ts';
import { modelReaderFromEnv } from './model-reader.ts';

/** Made once per process so its cache and budget span polls; null = the local reader. */
const reader = modelReaderFromEnv();

/** Where a backfill of 8-K press releases starts by default: the spec's news window (8.3). */
const EX99_FROM = '2026-07-26';
/** The relationship graph reads the annual reports of the year before the news window (one 10-K each). */
const GRAPH_FROM = '2025-07-26';
/** Inline XBRL was allowed from June 2016: only later primary documents carry the facts themselves. */
const INLINE_FROM = '2016-06-13';
/** The graph re-reads a 10-K document the filing-items pipeline archived, without a request, for a year. */
const ARCHIVE_REUSE_MS = 365 * 86_400_000;

type Ctx = Parameters<DatasetJob['partitions']>[0];

/** `graph:<accession>` for every split 10-K filed on or after `since` (not yet done, when `pendingOnly`). */
async function graphPartitions(ctx: Ctx, since: string, pendingOnly: boolean): Promise<string[]> {
  const keys = (await graphFilings(ctx.database.db, since)).map((f) => `graph:${f.accession}`);
  if (!pendingOnly || keys.length === 0) return keys;
  const done = await ctx.database.db
    .select({ key: datasetPartitions.partitionKey })
    .from(datasetPartitions)
    .where(
      and(
        eq(datasetPartitions.datasetId, 'news'),
        eq(datasetPartitions.status, 'done'),
        inArray(datasetPartitions.partitionKey, keys),
      ),
    );
  const seen = new Set(done.map((d) => d.key));
  return keys.filter((k) => !seen.has(k));
}

/**
 * News (spec 2.10, 4.8): a continuous dataset, one partition per feed, polled every two minutes through the
 * shared HTTP client (conditional GET). Parse is pure (feed -> items); linking needs the registry, so the
 * loader links, scores and clusters inside the load transaction, where it reads the companies table.
 */
export const newsJob: DatasetJob<NewsParsed> = {
  dataset: 'news',
  async partitions(ctx, opts) {
    // ex99:<date>: the 8-K EX-99.1 press releases the filing-items pipeline stored, filed on or after <date>
    // graph:<accession>: a 10-K's disclosed customers and suppliers (XBRL facts and its stored items)
    return [
      ...NEWS_FEEDS.map((f) => `feed:${f.id}`),
      `ex99:${opts.from ?? EX99_FROM}`,
      ...(await graphPartitions(ctx, opts.from ?? GRAPH_FROM, false)),
    ];
  },
  async latestPartitions(ctx) {
    const week = new Date(ctx.now.getTime() - 7 * 86_400_000).toISOString().slice(0, 10);
    return [
      ...NEWS_FEEDS.map((f) => `feed:${f.id}`),
      `ex99:${week}`,
      ...(await graphPartitions(ctx, week, true)),
    ];
  },
  isFinal: false,
  async fetch(ctx, key, fetcher) {
    if (key.startsWith('ex99:')) return [];
    if (key.startsWith('graph:')) {
      const [f] = await ctx.database.db
        .select({ url: filingDocuments.documentUrl, filingDate: filingDocuments.filingDate })
        .from(filingDocuments)
        .where(eq(filingDocuments.accessionNumber, key.slice(6)));
      if (!f || f.filingDate < INLINE_FROM || !/\.html?$/i.test(f.url)) return [];
      return [await fetcher.get(f.url, { maxAgeMs: ARCHIVE_REUSE_MS })];
    }
    return [await fetcher.get(feedFor(key).url)];
  },
  parse(docs, key) {
    if (key.startsWith('ex99:')) return { rows: { feedUrl: key, fetchedAt: '', items: [] }, warnings: [] };
    if (key.startsWith('graph:')) {
      const text = docs[0]?.bytes.toString('utf8') ?? '';
      const xbrl: Disclosure[] = /<ix:header/i.test(text)
        ? concentrationDisclosures(parseInstance(text, { document: docs[0]?.url ?? key }))
        : [];
      return { rows: { feedUrl: key, fetchedAt: '', items: [], xbrl }, warnings: [] };
    }
    const doc = docs[0]!;
    const feed = parseFeed(doc.bytes, { url: doc.url, fetchedAt: doc.fetchedAt });
    const channel = channelOf(feed);
    return {
      rows: {
        feedUrl: doc.url,
        fetchedAt: doc.fetchedAt,
        items: feed.items.map((item) => ({ item, channel })),
      },
      warnings: feed.warnings,
    };
  },
  async load(tx, parsed, key) {
    if (key.startsWith('graph:')) {
      const r = await loadRelationships(tx, key.slice(6), parsed.xbrl ?? []);
      return { inserted: r.inserted, updated: 0 };
    }
    if (key.startsWith('ex99:')) {
      const { items } = await pressReleaseItems(tx, key.slice(5));
      const fetchedAt = items[0]?.item.published_at ?? new Date(0).toISOString();
      const r = await loadNews(tx, { feedUrl: 'filing_exhibits', fetchedAt, items }, reader);
      return { inserted: r.inserted, updated: r.updated };
    }
    const r = await loadNews(tx, parsed, reader);
    return { inserted: r.inserted, updated: r.updated };
  },
};
