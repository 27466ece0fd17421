import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCompanyTickersExchange } from '../../parsers/edgar/company-tickers.ts';
import { channelOf } from '../../parsers/news/channel.ts';
import { parseFeed } from '../../parsers/news/feed.ts';
import { buildRegistryIndex, type RegistryIndex } from '../../parsers/news/link.ts';
import { buildEvents, companyRows, processItems } from '../../parsers/news/pipeline.ts';

/** The registry the CLI links against: a company_tickers_exchange.json (default: the project's mirror copy). */
export function loadCliRegistry(path?: string): RegistryIndex {
  const file =
    path ?? join(process.cwd(), 'fixtures/upstream/www.sec.gov/files/company_tickers_exchange.json');
  if (!existsSync(file)) return buildRegistryIndex([]);
  const r = parseCompanyTickersExchange(readFileSync(file, 'utf8'), {
    url: file,
    fetchedAt: new Date(0).toISOString(),
  });
  return buildRegistryIndex(
    r.rows.map((e) => ({ company_id: `cik:${e.cik}`, name: e.name, ticker: e.ticker, cik: e.cik })),
  );
}

/** `etl parse news-feed <file>`: the parsed, linked, scored and clustered items. */
export function parseNewsFeedFile(bytes: Buffer, ctx: { url: string; fetchedAt: string }, registry?: string) {
  const feed = parseFeed(bytes, ctx);
  const channel = channelOf(feed);
  const { articles, duplicates } = processItems(
    feed.items.map((item) => ({ item, channel })),
    loadCliRegistry(registry),
  );
  return {
    kind: feed.kind,
    title: feed.title,
    encoding: feed.encoding,
    channel,
    items: articles,
    events: buildEvents(companyRows(articles)),
    duplicates,
    quarantined: feed.quarantined,
    warnings: feed.warnings,
  };
}
