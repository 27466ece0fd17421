import { loadNews, type NewsParsed } from '../../loaders/news.ts';
import { channelOf } from '../../parsers/news/channel.ts';
import { parseFeed } from '../../parsers/news/feed.ts';
import type { DatasetJob } from '../types.ts';
import { feedFor, NEWS_FEEDS } from './feeds.ts';
import { modelReaderFromEnv } from './model-reader.ts';

/** Made once per process so its cache and budget span polls; null = the local reader. */
const reader = modelReaderFromEnv();

/**
 * News (spec 2.10, 4.8): a continuous dataset, one partition per feed, polled every two minutes through the
 * shared HTTP client (conditional GET). Parse is pure (feed -> items); linking needs the registry, so the
 * loader links, scores and clusters inside the load transaction, where it reads the companies table.
 */
export const newsJob: DatasetJob<NewsParsed> = {
  dataset: 'news',
  async partitions() {
    return NEWS_FEEDS.map((f) => `feed:${f.id}`);
  },
  async latestPartitions() {
    return NEWS_FEEDS.map((f) => `feed:${f.id}`);
  },
  isFinal: false,
  async fetch(_ctx, key, fetcher) {
    return [await fetcher.get(feedFor(key).url)];
  },
  parse(docs) {
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
  async load(tx, parsed) {
    const r = await loadNews(tx, parsed, reader);
    return { inserted: r.inserted, updated: r.updated };
  },
};
