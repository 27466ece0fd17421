import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { channelOf } from '../../../parsers/news/channel.ts';
import { parseFeed } from '../../../parsers/news/feed.ts';
import { newsIdOf, processItems, sharedLinks } from '../../../parsers/news/pipeline.ts';
import { qualityRegistry } from './fixture-feeds.ts';

// MarketWatch's real-time headlines (set 13, a real feed of 2020-08-04) put a quote-page link under every headline: ten
// items, three links, ten guids. A link carried by items with other guids and other headlines identifies no story.
const FILE = new URL(
  '../../../fixtures/news/MARKETWATCH-RSS_realtimeheadlines_areed1192-finance-news-aggregator_HELDOUT-13_2020-08-04.rss.xml',
  import.meta.url,
);

describe('a link shared by different stories', () => {
  const feed = parseFeed(readFileSync(FILE), { url: 'file://feed', fetchedAt: '2026-11-30T00:00:00.000Z' });
  const items = feed.items.map((item) => ({ item, channel: channelOf(feed) }));

  it('keeps every headline of the feed, each with its own id', () => {
    expect(items).toHaveLength(10);
    expect(new Set(items.map((i) => i.item.link)).size).toBe(3);
    const { articles, duplicates } = processItems(items, qualityRegistry());
    expect(duplicates).toEqual([]);
    expect(articles.map((a) => a.title)).toContain('Dow clings to meager gain up less than 0.1%');
    expect(articles.map((a) => a.title)).toContain(
      'Gold ends at record and scores first settlement above $2,000 milestone',
    );
    expect(new Set(articles.map((a) => a.news_id)).size).toBe(10);
  });

  it('still collapses one story repeated under its link, and leaves an unshared link its plain id', () => {
    const first = items[0]!;
    const repeat = { ...first, item: { ...first.item, guid: `${first.item.guid}-again` } };
    expect(sharedLinks([first, repeat])).toEqual(new Set());
    const { articles, duplicates } = processItems([first, repeat], qualityRegistry());
    expect(articles).toHaveLength(1);
    expect(duplicates[0]?.reason).toBe('same_link');
    expect(articles[0]!.news_id).toBe(newsIdOf(first.item));
    expect(newsIdOf(first.item, true)).not.toBe(newsIdOf(first.item));
  });
});
