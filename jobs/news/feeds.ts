/**
 * The feeds the news job polls (spec 4.8: about every two minutes). Each is one partition `feed:<id>`.
 * Offline, the mirror serves the captured copy at fixtures/upstream/<host>/<path + query> (NEWS-FIXTURES.md).
 */
export interface FeedSource {
  id: string;
  url: string;
}

export const NEWS_FEEDS: readonly FeedSource[] = [
  {
    id: 'edgar-latest-100',
    url: 'https://www.sec.gov/cgi-bin/browse-edgar?action=getcurrent&count=100&start=100&type=&owner=include&output=atom',
  },
  {
    id: 'edgar-latest-200',
    url: 'https://www.sec.gov/cgi-bin/browse-edgar?action=getcurrent&count=100&start=200&type=&owner=include&output=atom',
  },
  {
    id: 'edgar-latest-300',
    url: 'https://www.sec.gov/cgi-bin/browse-edgar?action=getcurrent&count=100&start=300&type=&owner=include&output=atom',
  },
  {
    id: 'edgar-latest-400',
    url: 'https://www.sec.gov/cgi-bin/browse-edgar?action=getcurrent&count=100&start=400&type=&owner=include&output=atom',
  },
  { id: 'frb-press', url: 'https://www.federalreserve.gov/feeds/press_all.xml' },
  { id: 'boc-mpr', url: 'https://www.bankofcanada.ca/content_type/mpr/feed/' },
  { id: 'reuters-business', url: 'http://feeds.reuters.com/reuters/businessNews' },
  {
    id: 'google-news-reuters-markets',
    url: 'https://news.google.com/rss/search?q=site:reuters.com+markets&hl=en-SG&gl=SG&ceid=SG:en',
  },
  { id: 'nasdaq-halts', url: 'https://www.nasdaqtrader.com/rss.aspx?feed=tradehalts' },
  { id: 'qq-news-domestic', url: 'https://news.qq.com/newsgn/rss_newsgn.xml' },
  { id: 'bloomberg-news-sitemap', url: 'https://www.bloomberg.com/feeds/bbiz/sitemap_news.xml' },
];

export function feedFor(key: string): FeedSource {
  const id = key.replace(/^feed:/, '');
  const f = NEWS_FEEDS.find((x) => x.id === id);
  if (!f)
    throw new Error(
      `unknown news feed partition ${key}; known: ${NEWS_FEEDS.map((x) => `feed:${x.id}`).join(', ')}`,
    );
  return f;
}
