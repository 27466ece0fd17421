import { describe, expect, it } from 'vitest';
import { passItems } from './fixture-feeds.ts';

// Issue 28, fifteenth pass (second half): the link, type and direction rules read off held-out set 15 (Yahoo Finance's headline RSS
// and news RSS index saved in a public repository; provenance in fixtures/news/MANIFEST.tsv) and the items of earlier sets they
// also settle or must leave alone. The word rules alone (no text model), linked against the SEC's company_tickers_exchange.json as
// `quality:news` links them; every expected value is the hand label of the item's label file (labels-heldout-15.tsv, committed
// before any parser ran on it; labels.tsv, labels-heldout-3/11/12.tsv). Each assertion marked "(new)" failed on the parser of
// e443ad9 (main at the start of the pass).
const FILES = [
  'YAHOO-FINANCE-RSS_headline-feed_areed1192-finance-news-aggregator_HELDOUT-15_2020-08-06-07.rss.xml',
  'YAHOO-FINANCE-RSS_news-rssindex_areed1192-finance-news-aggregator_HELDOUT-15_2020-08-05-07_EXCERPT.rss.xml',
  'CNNMONEY_money-topstories_RSS_2018-10-04.xml',
  'PAGES-CORPUS_real-headlines_issue-28_HELDOUT-3_2026-11-29.rss.xml',
  'REUTERS_businessNews_feedburner_RSS_2019-01-19_EXTRACTED-from-dart.xml',
  'YAHOO-FINANCE-API_search-news-AAPL-MSFT_OpenBB-cassette-company-news_HELDOUT-12_2023-11-27.rss.xml',
  'BENZINGA-API_news-tickers-AAPL-MSFT_OpenBB-cassette-company-news_HELDOUT-11_2024-02-22.rss.xml',
];
const { type, primary, direction } = passItems(FILES, '2026-11-30T00:00:00.000Z');

describe('news types, fifteenth pass (set 15 read)', () => {
  it('a named app banned after a possessive, "as" or "after", and an order to ban, are regulatory and lean bearish (new)', () => {
    const ordered = 'Trump Widens China Tech Attack, Ordering Bans on Tencent, TikTok';
    expect(type(ordered)).toBe('regulatory');
    expect(direction(ordered)).toBe('bearish');
    const order = "Trump issues order to ban transactions with TikTok's Chinese owner";
    expect(type(order)).toBe('regulatory');
    expect(direction(order)).toBe('bearish');
    expect(type('Tencent Loses $46 Billion as WeChat Ban Rocks China Stocks, Yuan')).toBe('regulatory');
    expect(direction('Tencent Loses $46 Billion as WeChat Ban Rocks China Stocks, Yuan')).toBe('bearish');
    expect(type('Tencent Plunges $45 Billion After Trump\u2019s WeChat Ban')).toBe('regulatory');
    // an executive order signed on a named party is no order won: bearish for what it acts on
    expect(direction('Trump Signs Executive Orders on TikTok, WeChat')).toBe('bearish');
  });
  it('still: a ban a country argues over is macro', () => {
    expect(type("Canada dismisses China's warning of repercussions over Huawei ban")).toBe('macro');
  });
  it('a price move in or after an IPO or a debut, and opening for trading, are the listing (new)', () => {
    expect(type('Rocket Companies soars over 20% in debut')).toBe('listing');
    expect(type('Dan Gilbert\u2019s Wealth Soars to $34 Billion After Rocket IPO')).toBe('listing');
    expect(type('Rocket Companies Opens For Trading At $18 IPO Price')).toBe('listing');
    expect(type('Aston Martin falls 5% in its London IPO')).toBe('listing');
  });
  it('still: an IPO valued or planned is a financing', () => {
    expect(type('J.C. Flowers-backed Jefferson Capital eyes $1.1 billion valuation in US IPO')).toBe(
      'financing',
    );
  });
  it('seeking or interested in all of a named business, and talks named by it, are m&a (new)', () => {
    expect(type('Report Says Microsoft Seeks All of TikTok, but Source Says Story Is False')).toBe('m&a');
    expect(type('Microsoft\u2019s TikTok Talks Said to Stay Focused on U.S., 3 Nations')).toBe('m&a');
    expect(type("Microsoft Is Now Interested in All of TikTok's Global Operations: Report")).toBe('m&a');
    // "Microsoft declined to comment" in the summary is no decline
    expect(direction("Microsoft aiming to buy TikTok's entire global business - FT")).toBe('neutral');
  });
  it('a profit that smashes estimates is earnings; a buy call closed by its analyst is an analyst call (new)', () => {
    expect(type('Nintendo Profit Smashes Analyst Estimates With Animal Crossing')).toBe('earnings');
    expect(direction('Nintendo Profit Smashes Analyst Estimates With Animal Crossing')).toBe('bullish');
    const call = 'Buy Moderna Stock as the COVID-19 Vaccine Race Heats Up, Says 5-Star Analyst';
    expect(type(call)).toBe('analyst');
    expect(direction(call)).toBe('bullish');
    expect(direction('Uber posts 1.8B loss in Q2 but deliveries skyrocket during coronavirus')).toBe(
      'bullish',
    );
    // set 11: "... they smashed Wall Street's expectations ..."
    expect(direction("Nvidia's Latest Results Are Proof Of AI's Turbocharging Potential For Business")).toBe(
      'bullish',
    );
  });
});

describe('news links, fifteenth pass (set 15 read)', () => {
  it('an opening attribution puts the subject after it (new)', () => {
    expect(primary('Report Says Microsoft Seeks All of TikTok, but Source Says Story Is False')).toBe('MSFT');
  });
  it("an index's futures label, or share moves leading an index, make a market wrap with no subject company (new)", () => {
    expect(
      primary('Dow Jones Futures: Apple, Facebook Soar, But These Clouds Loom Over Stock Market Rally'),
    ).toBe(null);
    expect(primary("Apple Inc., Walt Disney share gains lead Dow's 162-point climb")).toBe(null);
  });
  it('still: a label that is no index futures keeps its company', () => {
    expect(primary('Market Today: Shopify Soars on Black Friday Success, Microsoft Under-Owned')).toBe(
      'SHOP',
    );
  });
  it('a brand followed by a line of business in a registry name is no alias by itself (new)', () => {
    // TME is "Tencent Music Entertainment Group"; the Tencent of these headlines (Tencent Holdings) is not in the registry
    expect(primary('Tencent Loses $46 Billion as WeChat Ban Rocks China Stocks, Yuan')).toBe(null);
    expect(primary('Tencent Plunges $45 Billion After Trump\u2019s WeChat Ban')).toBe(null);
  });
  it('still: a first word followed by descriptors only links, and the whole name does', () => {
    expect(primary('Rocket Companies soars over 20% in debut')).toBe('RKT');
    expect(primary('Fastly Slides 20% After Huge Rally as TikTok Risks Trigger Profit-Taking')).toBe('FSLY');
  });
});
