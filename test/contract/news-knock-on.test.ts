import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfill } from '../../jobs/refresh.ts';
import type { Database } from '../../lib/db.ts';
import { loadNews } from '../../loaders/news.ts';
import { channelOf } from '../../parsers/news/channel.ts';
import { parseFeed } from '../../parsers/news/feed.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';
import { indexFiling } from '../helpers/db.ts';
import { createTestServices } from '../helpers/services.ts';

// @test-slow 20 (its rough wall seconds alone: vitest.config.ts starts the slow files first)
/**
 * Knock-on rows over a disclosed edge, end to end: J.M. Smucker's real FY2024 10-K (in the mirror) goes
 * through the filing-items pipeline and the news job's `graph:<accession>` partition, which reads its
 * inline XBRL and its stored items; then a Walmart item reaches Smucker. No captured feed holds a Walmart
 * item scoring 40+ (the only one is a Form 4, score 25), so the Walmart headline below is written for this
 * test; the edge, its share and its evidence are the 10-K's own.
 */
const SJM_10K = '0000091419-24-000054';
let database: Database;
let api: RunningApi;
let env: Awaited<ReturnType<typeof createTestServices>>;
let fund: string;

const WALMART_RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Test wire</title><link>https://wire.example/</link>
<item><title>Walmart (NYSE: WMT) cuts full-year profit forecast as shoppers pull back</title>
<link>https://wire.example/walmart-cuts-forecast</link>
<description>Walmart Inc (NYSE: WMT) lowered its annual earnings outlook on Tuesday.</description>
<pubDate>Tue, 18 Aug 2026 11:00:00 GMT</pubDate></item>
</channel></rss>`;

beforeAll(async () => {
  database = await createApiTestDatabase();
  env = await createTestServices(database);
  expect((await backfill(env.services, env.runtime, 'companies', {})).failures).toEqual([]);
  await indexFiling(database, {
    accession: SJM_10K,
    cik: 91419,
    type: '10-K',
    reportDate: '2024-04-30',
    filingDate: '2024-06-18',
    primaryDocument: 'sjm-20240430.htm',
  });
  for (const d of ['filing_items', 'news']) {
    const run = await backfill(env.services, env.runtime, d, { cik: '91419', from: '2024-06-01' });
    expect(run.failures, d).toEqual([]);
  }
  const feed = parseFeed(Buffer.from(WALMART_RSS), {
    url: 'https://wire.example/rss',
    fetchedAt: '2026-08-18T11:05:00.000Z',
  });
  await database.db.transaction((tx) =>
    loadNews(tx, {
      feedUrl: 'https://wire.example/rss',
      fetchedAt: '2026-08-18T11:05:00.000Z',
      items: feed.items.map((item) => ({ item, channel: channelOf(feed) })),
    }),
  );
  api = await startApi(database, { logLevel: 'warn' });
  fund = (await accountWithKey(database, 'fund', 100_000)).key;
}, 300_000);

afterAll(async () => {
  await api?.close();
  await env?.close();
  await database?.close();
});

const data = async (path: string) => {
  const r = await api.get(path, { key: fund });
  expect(r.status, path).toBe(200);
  return (await r.json()).data as Record<string, unknown>[];
};

describe('the relationship graph from a real 10-K', () => {
  it('graph partition: the XBRL member and the Item 1/1A/8 sentence, Walmart linked by name from both ("Wal Mart" meets "Walmart")', async () => {
    const rows = await database.query(
      `select source, name, side, counterparty_id, unlinked, pct, period_end::text, filing_date::text
       from news_relationships order by source`,
    );
    expect(rows).toEqual([
      {
        source: 'text',
        name: 'Walmart Inc.',
        side: 'customer',
        counterparty_id: expect.stringMatching(/^cmp_/),
        unlinked: null,
        pct: 33,
        period_end: null,
        filing_date: '2024-06-18',
      },
      {
        source: 'xbrl',
        name: 'Wal Mart Stores Inc.',
        side: 'customer',
        counterparty_id: expect.stringMatching(/^cmp_/),
        unlinked: null,
        pct: 33,
        period_end: '2024-04-30',
        filing_date: '2024-06-18',
      },
    ]);
  });

  it('a Walmart event (impact 55) reaches Smucker: knock_on row, via major_customer:WMT, magnitude 55 x 0.66 = 36', async () => {
    const direct = await data('/v1/companies/WMT/news/events');
    expect(direct).toHaveLength(1);
    // a cut forecast ("lowered its annual earnings outlook") is guidance: base 50 + a named company 5 (a wire-less test
    // feed: channel news, no source points)
    const impact = direct[0]?.peak_impact as number;
    expect(impact).toBe(55);
    expect(direct[0]?.reaches).toEqual(['SJM']);
    const knock = await data('/v1/companies/SJM/news/events?relation=knock_on');
    expect(knock).toHaveLength(1);
    expect(knock[0]).toMatchObject({
      relation: 'knock_on',
      ticker: 'SJM',
      via: 'major_customer:WMT',
      peak_magnitude: 36,
      headline: 'Walmart (NYSE: WMT) cuts full-year profit forecast as shoppers pull back',
    });
    expect(await data('/v1/companies/SJM/news/events')).toEqual([]);
    const articles = await data('/v1/companies/SJM/news?relation=knock_on');
    expect(articles[0]).toMatchObject({
      relation: 'knock_on',
      ticker_confirmed: true,
      magnitude: 36,
    });
    expect(await data(`/v1/companies/SJM/news/events?relation=knock_on&min_magnitude=37`)).toEqual([]);
  });
});
