import { loadNews, type NewsParsed } from '../../loaders/news.ts';
import { pressReleaseItems } from '../../loaders/news-press-releases.ts';
import { channelOf } from '../../parsers/news/channel.ts';
import { parseFeed } from '../../parsers/news/feed.ts';
import type { DatasetJob } from '../types.ts';
import { feedFor, NEWS_FEEDS } from './feeds.ts';
import { modelReaderFromEnv } from './model-reader.ts';

/** Made once per process so its cache and budget span polls; null = the local reader. */
const reader = modelReaderFromEnv();

/** Where a backfill of 8-K press releases starts by default: the spec's news window (8.3). */
const EX99_FROM = '2026-07-26';

/**
 * News (spec 2.10, 4.8): a continuous dataset, one partition per feed, polled every two minutes through the
 * shared HTTP client (conditional GET). Parse is pure (feed -> items); linking needs the registry, so the
 * loader links, scores and clusters inside the load transaction, where it reads the companies table.
 */
export const newsJob: DatasetJob<NewsParsed> = {
  dataset: 'news',
  async partitions(_ctx, opts) {
    // ex99:<date>: the 8-K EX-99.1 press releases the filing-items pipeline stored, filed on or after <date>
    return [...NEWS_FEEDS.map((f) => `feed:${f.id}`), `ex99:${opts.from ?? EX99_FROM}`];
  },
  async latestPartitions(ctx) {
    const week = new Date(ctx.now.getTime() - 7 * 86_400_000).toISOString().slice(0, 10);
    return [...NEWS_FEEDS.map((f) => `feed:${f.id}`), `ex99:${week}`];
  },
  isFinal: false,
  async fetch(_ctx, key, fetcher) {
    if (key.startsWith('ex99:')) return [];
    return [await fetcher.get(feedFor(key).url)];
  },
  parse(docs, key) {
    if (key.startsWith('ex99:')) return { rows: { feedUrl: key, fetchedAt: '', items: [] }, warnings: [] };
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
