/**
 * News pipeline throughput and poll-to-stored delay. Run: `node --import tsx bench/news.bench.ts`
 * (Postgres at DATABASE_URL for the delay part). One core, one process. In the same run it measures
 * - `xml_parse_floor`: fast-xml-parser over every fixture feed with no further work (the floor), and
 * - `pipeline`: bytes in -> parse, link against the full ticker registry (~9,400 names), classify, score,
 *   theme, read (local reader) and cluster, reported as items/s; `ratio` = pipeline time / floor time.
 * - `poll_to_stored_ms`: an HTTP GET of the EDGAR feed from the offline mirror, parse, load (link against the
 *   registry table, knock-on rows, events rebuilt) committed, then the company route's rows read back by SQL.
 *   The API platform's own overhead is measured by bench/api.bench.ts and is not included.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { XMLParser } from 'fast-xml-parser';
import { startMirror } from '../jobs/http/mirror.ts';
import { loadNews } from '../loaders/news.ts';
import { parseCompanyTickersExchange } from '../parsers/edgar/company-tickers.ts';
import { channelOf } from '../parsers/news/channel.ts';
import { parseFeed } from '../parsers/news/feed.ts';
import { buildRegistryIndex } from '../parsers/news/link.ts';
import { buildEvents, companyRows, processItems } from '../parsers/news/pipeline.ts';
import { companies } from '../schema/companies.ts';
import { withBenchDatabase } from './db.ts';

const TARGET_MS = 3_000;
const dir = new URL('../fixtures/news/', import.meta.url);
const feeds = readdirSync(dir)
  .filter((f) => f.endsWith('.xml'))
  .map((f) => readFileSync(new URL(f, dir)));
const bytes = feeds.reduce((s, b) => s + b.length, 0);
const ctx = { url: 'bench', fetchedAt: '2026-08-01T00:00:00.000Z' };
const tickers = parseCompanyTickersExchange(
  readFileSync(
    new URL('../fixtures/upstream/www.sec.gov/files/company_tickers_exchange.json', import.meta.url),
    'utf8',
  ),
  ctx,
).rows;
const reg = buildRegistryIndex(
  tickers.map((t) => ({ company_id: `c${t.cik}`, name: t.name, ticker: t.ticker, cik: t.cik })),
);

function measure(run: () => number): { ms: number; iterations: number; units: number } {
  for (let i = 0; i < 2; i++) run();
  let iterations = 0;
  let units = 0;
  const start = performance.now();
  while (performance.now() - start < TARGET_MS) {
    units += run();
    iterations++;
  }
  return { ms: (performance.now() - start) / iterations, iterations, units: units / iterations };
}

const xml = new XMLParser({ ignoreAttributes: false });
const floor = measure(() => {
  let n = 0;
  for (const b of feeds) n += Object.keys(xml.parse(b.toString('latin1'))).length;
  return n;
});
const pipeline = measure(() => {
  let n = 0;
  for (const b of feeds) {
    try {
      const f = parseFeed(b, ctx);
      const { articles } = processItems(
        f.items.map((item) => ({ item, channel: channelOf(f) })),
        reg,
      );
      buildEvents(companyRows(articles));
      n += f.items.length;
    } catch {
      // the EDGAR 503 page is not a feed
    }
  }
  return n;
});

const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const delays: number[] = [];
await withBenchDatabase(base, async (database) => {
  const seen = new Set<string>();
  const rows = tickers
    .filter((t) => !seen.has(t.cik) && seen.add(t.cik))
    .map((t) => ({
      companyId: `cmp_b${t.cik}`,
      companyName: t.name,
      cik: t.cik,
      primaryTicker: t.ticker,
      asOfDate: '2026-01-30',
      sourceUrl: 'bench',
      fetchedAt: new Date(),
    }));
  for (let i = 0; i < rows.length; i += 1000)
    await database.db.insert(companies).values(rows.slice(i, i + 1000));
  const mirror = await startMirror({ port: 0 });
  try {
    for (const start of [100, 200, 300, 400]) {
      const t0 = performance.now();
      const res = await fetch(
        `${mirror.url}/www.sec.gov/cgi-bin/browse-edgar?action=getcurrent&count=100&start=${start}&type=&owner=include&output=atom`,
      );
      const body = Buffer.from(await res.arrayBuffer());
      const f = parseFeed(body, ctx);
      await database.db.transaction((tx) =>
        loadNews(tx, {
          feedUrl: 'bench',
          fetchedAt: ctx.fetchedAt,
          items: f.items.map((item) => ({ item, channel: channelOf(f) })),
        }),
      );
      const served = await database.query(
        'select count(*)::int as n from news_company_rows c join news_articles a using (news_id)',
      );
      if (!served.length) throw new Error('nothing stored');
      delays.push(Math.round(performance.now() - t0));
    }
  } finally {
    await mirror.close();
  }
});

const round = (x: number) => Math.round(x * 100) / 100;
process.stdout.write(
  `${JSON.stringify({
    name: 'news',
    feeds: feeds.length,
    mb: round(bytes / 1e6),
    items_per_pass: pipeline.units,
    xml_parse_floor: { ms_per_pass: round(floor.ms), iterations: floor.iterations },
    pipeline: {
      ms_per_pass: round(pipeline.ms),
      items_per_s: Math.round((pipeline.units * 1000) / pipeline.ms),
      iterations: pipeline.iterations,
    },
    ratio: round(pipeline.ms / floor.ms),
    poll_to_stored_ms: delays,
    goal_poll_to_served_ms: 5000,
  })}\n`,
);
