import { readFileSync } from 'node:fs';
import { beforeAll } from 'vitest';
import { loadCliRegistry } from '../../../cli/news/parse-feed.ts';
import { channelOf } from '../../../parsers/news/channel.ts';
import { parseFeed } from '../../../parsers/news/feed.ts';
import type { RegistryIndex } from '../../../parsers/news/link.ts';
import { type Article, processItems } from '../../../parsers/news/pipeline.ts';
import { opensHeadline, readLocally } from '../../../parsers/news/reader.ts';
import { setTextModel } from '../../../parsers/news/text-model.ts';

// What the news pass tests share: the fixture feeds run through the pipeline against the registry `quality:news` links
// with (the SEC's company_tickers_exchange.json and the mirror's submissions former names), and the local direction reader.
const dir = new URL('../../../fixtures/news/', import.meta.url);

/**
 * Built once per worker and shared by the files it runs: the news tests are `shared`-project files (one module cache
 * per worker thread), and the mirror walk behind it (former names, Exhibit 21, the brands of the mirror's 10-Ks) costs
 * seconds of CPU each time. The index is read, never written, by the pipeline.
 */
let registry: RegistryIndex | undefined;
export function qualityRegistry(): RegistryIndex {
  registry ??= loadCliRegistry(
    new URL('../../../fixtures/upstream/www.sec.gov/files/company_tickers_exchange.json', import.meta.url)
      .pathname,
  );
  return registry;
}

/** Every article of the named files of fixtures/news, in file order. */
export function feedArticles(
  names: string[],
  registry: ReturnType<typeof qualityRegistry>,
  fetchedAt = '2026-11-29T00:00:00.000Z',
): Article[] {
  return names.flatMap((name) => {
    const f = parseFeed(readFileSync(new URL(name, dir)), { url: 'file://feed', fetchedAt });
    return processItems(
      f.items.map((item) => ({ item, channel: channelOf(f) })),
      registry,
    ).articles;
  });
}

/** The word rules' direction of an article, about its primary company. */
export function directionOf(a: Article) {
  return readLocally({
    title: a.title,
    summary: a.summary,
    event_type: a.classification.event_type,
    event_subtype: a.classification.event_subtype,
    company: a.links.find((l) => l.primary)?.ticker ?? null,
    company_opens_headline: opensHeadline(
      a.title,
      a.links.find((l) => l.primary),
    ),
  }).direction;
}

/**
 * A pass test's items: the named files read before the file's tests with the word rules alone (no text model),
 * looked up by headline; `type`, `primary` and `direction` are what `quality:news` scores.
 */
export function passItems(names: string[], fetchedAt?: string) {
  let all: Article[] = [];
  beforeAll(() => {
    setTextModel(null);
    all = feedArticles(names, qualityRegistry(), fetchedAt);
  });
  const get = (title: string) => {
    const a = all.find((x) => x.title === title);
    if (!a) throw new Error(`no item ${title}`);
    return a;
  };
  return {
    get,
    type: (title: string) => get(title).classification.event_type,
    primary: (title: string) => get(title).links.find((l) => l.primary)?.ticker ?? null,
    direction: (title: string) => directionOf(get(title)),
  };
}
