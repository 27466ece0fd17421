import { readFileSync } from 'node:fs';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainNews } from '../../cli/news/explain.ts';
import type { Database } from '../../lib/db.ts';
import { loadNews } from '../../loaders/news.ts';
import { pressReleaseItems } from '../../loaders/news-press-releases.ts';
import { parseCompanyTickersExchange } from '../../parsers/edgar/company-tickers.ts';
import { toBlocks } from '../../parsers/edgar/items/index.ts';
import { channelOf } from '../../parsers/news/channel.ts';
import { parseFeed } from '../../parsers/news/feed.ts';
import { newsIdOf } from '../../parsers/news/pipeline.ts';
import { companies } from '../../schema/companies.ts';
import { filingDocuments, filingExhibits } from '../../schema/filing-items.ts';
import { newsEvents } from '../../schema/news.ts';
import { createApiTestDatabase } from '../helpers/api.ts';

// The loader on a real feed with the real ticker registry, then `etl news explain` on a stored row.
let database: Database;
const ctx = { url: 'http://feeds.reuters.com/reuters/businessNews', fetchedAt: '2019-01-19T09:00:00.000Z' };
const feed = parseFeed(
  readFileSync(
    new URL(
      '../../fixtures/news/REUTERS_businessNews_feedburner_RSS_2019-01-19_EXTRACTED-from-dart.xml',
      import.meta.url,
    ),
  ),
  ctx,
);

beforeAll(async () => {
  database = await createApiTestDatabase();
  const tickers = parseCompanyTickersExchange(
    readFileSync(
      new URL('../../fixtures/upstream/www.sec.gov/files/company_tickers_exchange.json', import.meta.url),
      'utf8',
    ),
    ctx,
  );
  const seen = new Set<string>();
  const rows = tickers.rows
    .filter((t) => !seen.has(t.cik) && seen.add(t.cik))
    .map((t) => ({
      companyId: `cmp_t${t.cik}`,
      companyName: t.name,
      cik: t.cik,
      primaryTicker: t.ticker,
      asOfDate: '2026-01-30',
      sourceUrl: 'x',
      fetchedAt: new Date(ctx.fetchedAt),
    }));
  for (let i = 0; i < rows.length; i += 1000)
    await database.db.insert(companies).values(rows.slice(i, i + 1000));
  await database.db.transaction(async (tx) => {
    const r = await loadNews(tx, {
      feedUrl: ctx.url,
      fetchedAt: ctx.fetchedAt,
      items: feed.items.map((item) => ({ item, channel: channelOf(feed) })),
    });
    expect(r.inserted).toBe(20);
  });
}, 60_000);

afterAll(async () => {
  await database?.close();
});

describe('etl news explain', () => {
  it('shows the rules, the reading and the name links behind the Apple/Qualcomm row (Apple the subject, Qualcomm a mention)', async () => {
    const item = feed.items.find((i) => i.title.startsWith('Apple ordered'))!;
    const out = await explainNews(database, newsIdOf(item));
    expect(out?.classification).toMatchObject({ event_type: 'legal', event_subtype: 'litigation' });
    const rules = out?.classification.rules as { rule: string; points: number }[];
    expect(rules.reduce((s, r) => s + r.points, 0)).toBe(out?.classification.impact_score);
    expect(rules.map((r) => r.rule)).toEqual(expect.arrayContaining(['type_base.legal', 'source.wire']));
    expect(out?.links).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          ticker: 'AAPL',
          basis: 'name',
          evidence: 'Apple',
          ticker_confirmed: false,
          primary: true,
        }),
        expect.objectContaining({ ticker: 'QCOM', basis: 'name', primary: false }),
      ]),
    );
    expect(out?.reading).toMatchObject({ reader: 'local-lexicon-v2' });
    expect(out?.events.length).toBeGreaterThan(0);
    // "Apple Inc has been ordered by a German court ..." states no date: the publication is the event
    expect(out).toMatchObject({ time_precision: 'second', announced_lag_days: 0, is_scheduled: false });
  });

  it('a second load of the same feed stores nothing new (same links collapse)', async () => {
    await database.db.transaction(async (tx) => {
      const r = await loadNews(tx, {
        feedUrl: ctx.url,
        fetchedAt: ctx.fetchedAt,
        items: feed.items.map((item) => ({ item, channel: channelOf(feed) })),
      });
      expect(r).toMatchObject({ inserted: 0, updated: 20 });
    });
    expect(await explainNews(database, 'nws_nope')).toBeNull();
  });
});

describe('8-K EX-99.1 press releases stored by the filing-items pipeline become news', () => {
  it('the Buckle Q3 release (stored as the items pipeline stores exhibit text) is an earnings event for BKE, linked by tag and CIK', async () => {
    const html = readFileSync(
      new URL(
        '../../fixtures/news/BUCKLE_BKE_8-K_EX-99.1_Q3-FY2024-results_BusinessWire_2024-11-22.html',
        import.meta.url,
      ),
      'latin1',
    );
    const text = toBlocks(html, undefined).join('\n').trim();
    const accession = '0000885245-24-000050';
    await database.db.insert(filingDocuments).values({
      accessionNumber: accession,
      cik: 885245,
      filingType: '8-K',
      form: '8-K',
      filingDate: '2024-11-22',
      status: 'ok',
      documentUrl: 'https://www.sec.gov/Archives/edgar/data/885245/000088524524000050/bke-20241122.htm',
      parserVersion: 'test',
      fetchedAt: new Date('2024-11-22T15:00:00Z'),
    });
    const url = 'https://www.sec.gov/Archives/edgar/data/885245/000088524524000050/bke20241122-8kexhibit.htm';
    await database.db
      .insert(filingExhibits)
      .values({ accessionNumber: accession, number: '99.1', description: 'EX-99.1', url, text });
    // SIC 5651 (family clothing stores) as EDGAR assigns it to Buckle, American Eagle and Abercrombie & Fitch
    // (the demo registry has SIC only from submissions JSON, which the mirror holds for a handful of CIKs)
    await database.db
      .update(companies)
      .set({ sicCode: '5651' })
      .where(inArray(companies.primaryTicker, ['BKE', 'AEO', 'ANF']));
    const { items, skipped } = await database.db.transaction((tx) => pressReleaseItems(tx, '2024-11-01'));
    expect(skipped).toBe(0);
    expect(items.map((i) => i.item.title)).toEqual(['The Buckle, Inc. Reports Third Quarter Net Income']);
    await database.db.transaction(async (tx) => {
      await loadNews(tx, { feedUrl: 'filing_exhibits', fetchedAt: '2024-11-22T15:00:00.000Z', items });
    });
    const out = await explainNews(database, newsIdOf(items[0]!.item));
    expect(out).toMatchObject({
      title: 'The Buckle, Inc. Reports Third Quarter Net Income',
      channel: 'press_release',
      link: url,
    });
    expect(out?.classification.event_type).toBe('earnings');
    expect(out?.links).toEqual([
      expect.objectContaining({
        ticker: 'BKE',
        basis: 'exchange_tag',
        evidence: 'NYSE: BKE',
        ticker_confirmed: true,
        primary: true,
      }),
    ]);
    const impact = out?.classification.impact_score as number;
    // knock-on rows: inferences over the same-industry edge, each with its evidence and magnitude = impact x 0.3
    expect(out?.knock_on.map((k) => k.ticker).sort()).toEqual(['AEO', 'ANF']);
    expect(out?.knock_on[0]).toMatchObject({
      via: 'same_industry:SIC 5651',
      magnitude: Math.round(impact * 0.3),
    });
    expect(out?.knock_on[0]?.evidence).toMatch(/both report SIC 5651/);
    const direct = out?.events.find((e) => e.relation === 'direct');
    expect(direct).toMatchObject({ company_id: 'cmp_t0000885245', n_articles: 1 });
    const [ev] = await database.db.select().from(newsEvents).where(eq(newsEvents.eventId, direct!.event_id));
    expect([...((ev?.reaches ?? []) as string[])].sort()).toEqual(['AEO', 'ANF']);
    const knock = await database.db.select().from(newsEvents).where(eq(newsEvents.relation, 'knock_on'));
    expect(knock.map((e) => [e.ticker, e.peakMagnitude, e.via]).sort()).toEqual([
      ['AEO', Math.round(impact * 0.3), 'same_industry:SIC 5651'],
      ['ANF', Math.round(impact * 0.3), 'same_industry:SIC 5651'],
    ]);
    expect(await database.db.transaction((tx) => pressReleaseItems(tx, '2024-11-23'))).toEqual({
      items: [],
      skipped: 0,
    });
  });
});
