import { readFileSync } from 'node:fs';
import { channelOf } from '../../parsers/news/channel.ts';
import { parseFeed } from '../../parsers/news/feed.ts';
import { type Article, processItems } from '../../parsers/news/pipeline.ts';
import { parsePressRelease } from '../../parsers/news/press-release.ts';
import { loadCliRegistry } from '../news/parse-feed.ts';

/**
 * The articles of the news fixtures, as the pipeline reads them against SEC's ticker file (the quality report
 * and the model's cross-validation read the same files the same way): a feed file through the feed parser, an
 * 8-K press release (`.html`) through the press-release reader. Each file is read once. `reg` is the registry
 * the items were linked against.
 */
export function fixtureArticles(dir: URL): {
  reg: ReturnType<typeof loadCliRegistry>;
  articlesOf: (file: string) => Article[];
} {
  const reg = loadCliRegistry(
    new URL('../upstream/www.sec.gov/files/company_tickers_exchange.json', dir).pathname,
  );
  const ctx = { url: 'file', fetchedAt: '2026-01-01T00:00:00.000Z' };
  const cache = new Map<string, Article[]>();
  const articlesOf = (file: string): Article[] => {
    const hit = cache.get(file);
    if (hit) return hit;
    const bytes = readFileSync(new URL(file, dir));
    let out: Article[];
    if (file.endsWith('.html')) {
      const pr = parsePressRelease(bytes.toString('latin1'), {
        url: file,
        filedAt: ctx.fetchedAt,
        cik: '',
        accession: file,
      });
      out = processItems([{ item: pr.item, channel: 'press_release', body: pr.body }], reg).articles;
    } else {
      const f = parseFeed(bytes, ctx);
      out = processItems(
        f.items.map((item) => ({ item, channel: channelOf(f) })),
        reg,
      ).articles;
    }
    cache.set(file, out);
    return out;
  };
  return { reg, articlesOf };
}

const spaced = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * The article a label names by its headline. The feed parser collapses white space (a no-break space included)
 * and a label copied from the feed's bytes may keep it, so both sides are compared with white space collapsed.
 */
export function articleTitled(articles: Article[], title: string): Article | undefined {
  const want = spaced(title);
  return articles.find((x) => x.title === title) ?? articles.find((x) => spaced(x.title) === want);
}
