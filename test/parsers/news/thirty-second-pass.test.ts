import { describe, expect, it } from 'vitest';
import { passItems } from './fixture-feeds.ts';

// Issue 28, thirty-second pass: event-type and direction misses of held-out set 29 (a real BBC News business RSS feed of
// 2013-09-04) and of earlier sets. The word rules alone (no text model), linked as `quality:news` links (each feed read whole);
// every expected value is a hand label of labels-heldout-N.tsv. Each test fails on ea44d4e2 (this branch with set 29's fixture
// and labels, before any rule of the pass).
const BBC =
  'BBC-NEWS-RSS_business_cirosantilli-cia-2010-websites-dump_HELDOUT-29_2013-09-04_TRANSCRIBED.rss.xml';
const { type, direction } = passItems([
  BBC,
  'INTRINIO-API_companies-AAPL-news-yahoo_OpenBB-cassette-company-news_HELDOUT-10_2024-01-02.rss.xml',
  'MARKETWATCH-RSS_realtimeheadlines_areed1192-finance-news-aggregator_HELDOUT-13_2020-08-04.rss.xml',
  'WSJ-RSS_us-business_areed1192-finance-news-aggregator_HELDOUT-14_2020-08-06_EXCERPT.rss.xml',
  'YAHOO-FINANCE-RSS_news-rssindex_areed1192-finance-news-aggregator_HELDOUT-15_2020-08-05-07_EXCERPT.rss.xml',
  'CNNMONEY_money-latest_RSS_2014-03-12.xml',
  'SEEKINGALPHA-RSS_articles-all_areed1192-finance-news-aggregator_HELDOUT-16_2020-08-05.rss.xml',
  'REUTERS-RSS_topNews_hlan-net-river5_HELDOUT-26_2019-01-14_TRANSCRIBED.rss.xml',
  'PAGES-CORPUS_real-headlines_issue-28_HELDOUT-3_2026-11-29.rss.xml',
]);

describe('news, event types and directions (thirty-second pass)', () => {
  it('an executive poached, a business left, a glitch', () => {
    // labels-heldout-29.tsv: management, restructuring x2, operations
    expect(type('Google exec poached by Chinese rival')).toBe('management');
    expect(type('Panasonic bows out of smartphones')).toBe('restructuring');
    expect(type('Yahoo ceases services in China')).toBe('restructuring');
    expect(type('Nasdaq admits part-blame for glitch')).toBe('operations');
  });
  it("an index or the market moving, a settlement at a price, a central bank's governors, a place's car sales are macro", () => {
    // labels-heldout-10.tsv x2, -13.tsv x2, -3.tsv x2, -26.tsv: macro
    expect(type('The Nasdaq Sinks as Apple Downgrade Weighs on Big Tech')).toBe('macro');
    expect(type('Stocks kick off 2024, Apple downgraded: Yahoo Finance Live')).toBe('macro');
    expect(type('Nasdaq carves out fresh intraday record at 10,940.50')).toBe('macro');
    expect(type('Gold ends at record and scores first settlement above $2,000 milestone')).toBe('macro');
    expect(type('Turkish President Erdoğan appoints two deputy central bank governors')).toBe('macro');
    expect(type('China car sales hit reverse for first time since 1990s')).toBe('macro');
    expect(type('Italian car sales rise as France hits 15-year January low')).toBe('macro');
  });
  it('growth prospects, frozen assets, a deal with a company of a kind, a rank taken, a promotion', () => {
    // labels-heldout-16.tsv other, -5.tsv legal, -15.tsv contract, -14.tsv operations, -3.tsv management
    expect(type('Mobile TeleSystems: A Stable Company With Growth Prospects And Generous Dividends')).toBe(
      'other',
    );
    expect(type("Mt.Gox CEO's U.S. assets frozen")).toBe('legal');
    expect(type('AstraZeneca in first COVID-19 vaccine deal with Chinese company')).toBe('contract');
    expect(type('T-Mobile Overtakes AT&T to Become No. 2 Carrier')).toBe('operations');
    expect(type('RBC elevates US investment bankers Chawhan, Monga to unit heads')).toBe('management');
  });
  it('emerging from bankruptcy is up; a poached executive and a prosecution are down; access gained is no gain', () => {
    // labels-heldout-29.tsv
    expect(direction('New Kodak emerges from bankruptcy')).toBe('bullish');
    expect(direction('Google exec poached by Chinese rival')).toBe('bearish');
    expect(direction('Olympus to be prosecuted by SFO')).toBe('bearish');
    expect(direction('UK services growth at six-year high')).toBe('bullish');
    expect(direction('Microsoft to buy Nokia phones unit')).toBe('neutral');
  });
});
