import type { Channel } from './classify.ts';
import type { ParsedFeed } from './feed.ts';

/** The source lane of a feed, read from the feed itself: EDGAR entries, exchange halt fields, a central bank's or a wire's name. */
export function channelOf(feed: Pick<ParsedFeed, 'title' | 'items'>): Channel {
  if (feed.items.some((i) => i.edgar)) return 'edgar_filing';
  if (feed.items.some((i) => i.extra.ReasonCode || i.extra.IssueSymbol)) return 'exchange';
  const t = feed.title ?? '';
  if (
    /\b(federal reserve|frb|central bank|bank of (canada|japan|england|korea)|monetary policy|ecb)\b/i.test(t)
  )
    return 'central_bank';
  if (/\b(reuters|associated press|business wire|pr newswire|globe newswire|bloomberg)\b/i.test(t))
    return 'wire';
  const pubs = new Set(feed.items.map((i) => i.publisher));
  if (pubs.size === 1 && /\b(reuters|bloomberg)\b/i.test([...pubs][0] ?? '')) return 'wire';
  return 'news';
}
