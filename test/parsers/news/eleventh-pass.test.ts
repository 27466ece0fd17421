import { describe, expect, it } from 'vitest';
import { passItems } from './fixture-feeds.ts';

// Issue 28, eleventh pass: the rules read off held-out set 11 (three Benzinga and three TMX Money news API responses recorded in
// OpenBB's test cassettes, provenance in fixtures/news/MANIFEST.tsv) and the items of earlier sets they also settle. The word
// rules alone (no text model), linked against the SEC's company_tickers_exchange.json as `quality:news` links them; every
// expected value is the hand label of the item's label file (labels-heldout-11.tsv, read before any parser ran on it, and
// labels.tsv, labels-heldout-7/9.tsv as relabelled by this pass's conventions, docs/news.md). Each assertion marked "(new)"
// failed on the parser of 56131da (the start of the pass).
const FILES = [
  'BENZINGA-API_news_OpenBB-cassette-global-news_HELDOUT-11_2023-09-26.rss.xml',
  'BENZINGA-API_news-tickers-AAPL-MSFT_OpenBB-cassette-company-news_HELDOUT-11_2024-02-22.rss.xml',
  'BENZINGA-API_news-tickers-AAPL-MSFT_OpenBB-cassette-company-news_HELDOUT-11_2024-06-27.rss.xml',
  'TMX-MONEY-API_news-SU_OpenBB-cassette-stock-news_HELDOUT-11_2023-10-14.rss.xml',
  'TMX-MONEY-API_news-SHOP_OpenBB-cassette-company-news_HELDOUT-11_2023-12-27.rss.xml',
  'PAGES-CORPUS_real-headlines_issue-28_2026-11-29.rss.xml',
  'GOOGLE-NEWS_search_site-reuters.com-markets_en-SG_2026-03-15.rss.xml',
  'PRNEWSWIRE_list-page-telecom_iCyanCorporation-opendomains_HELDOUT-7_2025-05-09.rss.xml',
  'TIINGO-API_news-tickers-AAPL-MSFT_OpenBB-cassette-company-news_HELDOUT-9_2024-06-25_EXCERPT.rss.xml',
];
const { type, primary, direction } = passItems(FILES, '2026-11-30T00:00:00.000Z');

describe('news links, eleventh pass', () => {
  it('a headline-only item is about the one whole name it gives after a preposition (new)', () => {
    expect(primary('This Is What Whales Are Betting On Home Depot')).toBe('HD');
    expect(primary('Check Out What Whales Are Doing With Boeing')).toBe('BA');
  });
  it("a question's subject follows its auxiliary or opens the next sentence; a lead label's head is a subject (new)", () => {
    expect(
      primary(
        'Is Apple Pencil Set To Get Its Biggest Upgrade Ever? New Patent Reveals Interchangeable Sleeves',
      ),
    ).toBe('AAPL');
    expect(
      primary('Green Bubbles With Read Receipts? Apple Starts Enabling RCS On Latest iOS 18 Beta, Say Users'),
    ).toBe('AAPL');
    expect(
      primary(
        "Apple Watch X: Cupertino's Special 10th Anniversary Edition To Reportedly Feature Largest Display Yet",
      ),
    ).toBe('AAPL');
  });
  it('two everyday words are no one-word name, and a role modifier or a backer is no subject (new)', () => {
    expect(
      primary('Health Care Becomes Most Overweighted Sector As Hedge Funds Crowd Into Magnificent 7'),
    ).toBe(null);
    expect(
      primary('Nvidia Rival Groq Set To Double Valuation To $2.5B With BlackRock-Led Funding Round: Report'),
    ).toBe(null);
  });
  it('still: initials written apart meet their company, and a subject company links as before', () => {
    expect(
      primary('JP Morgan sees crude supply cuts nearing 12 million bpd as tanker halt tightens markets'),
    ).toMatch(/^JPM/); // (JPMorgan's first listed ticker in the file is a preferred series)
    expect(primary('Suncor Energy Responds to Cyber Security Incident')).toBe('SU');
  });
});

describe('news types, eleventh pass', () => {
  it('ratings digests and a rating moved to Buy are analyst news (new)', () => {
    expect(type('Expert Ratings for O-I Glass')).toBe('analyst');
    expect(type("Analyst Expectations for AVITA Medical's Future")).toBe('analyst');
    expect(type('Rosenblatt Upgrades Apple to Buy, Raises Price Target to $260')).toBe('analyst');
  });
  it('company events in words the rules lacked (new)', () => {
    expect(type('Suncor Energy Responds to Cyber Security Incident')).toBe('operations');
    expect(
      type('Depression Relief: Possible Therapy Boost With DMT & SSRIs, Per Small Pharma Clinical Results'),
    ).toBe('fda');
    expect(type('Suncor Energy Announces Executive Leadership Team Changes')).toBe('management');
    expect(type('Qantas Airways Chairman Under Fire Over Morale, Union Demands Resignation')).toBe(
      'management',
    );
    expect(type('Urban-Gro Secures $11M Hospitality & Recreation Contract In Southeast U.S.')).toBe(
      'contract',
    );
    expect(type('Apple Diagnostics For Self Service Repair Is Now Available In 32 European Countries')).toBe(
      'product',
    );
    expect(
      type("Mark Zuckerberg's Meta Reportedly Tests Apple Vision Pro-Like Feature For Quest Headsets"),
    ).toBe('product');
    expect(
      type('Is Apple Pencil Set To Get Its Biggest Upgrade Ever? New Patent Reveals Interchangeable Sleeves'),
    ).toBe('product');
    expect(
      type('Amazon To Join Dow Jones Industrial Average: Does Venerable Index Membership Still Matter?'),
    ).toBe('listing');
    expect(type('Active Fund Managers Bet These 6 Stocks Will Trade Near All-Time Highs')).toBe('ownership');
  });
  it('an options-flow note and a sustainability report name no event (new)', () => {
    expect(type("10 Information Technology Stocks With Whale Alerts In Today's Session")).toBe('other');
    expect(type('Suncor Issues Its Annual Report on Sustainability and Climate Report')).toBe('other');
  });
  it('still: a results release stays earnings and an options note on one company stays other', () => {
    expect(type('Shopify Announces Third-Quarter 2023 Financial Results')).toBe('earnings');
    expect(type('Mastercard Unusual Options Activity')).toBe('other');
  });
});

describe('news direction, eleventh pass', () => {
  it("a why-it's-moving note reads its summary; a record broken is up; fewer hires than last year is down (new)", () => {
    expect(direction("What's Going On With PDD Holdings Stock?")).toBe('bearish');
    expect(
      direction('They Did It Again! Shopify Merchants Break Black Friday Record with $4.1 Billion in Sales'),
    ).toBe('bullish');
    expect(
      direction(
        "Holiday Hiring In A Pinch? Dick's Sporting Goods Aims To Hire Less Seasonal Help Than Last Year",
      ),
    ).toBe('bearish');
  });
  it("a partnership's aim is no movement (new; set 11's Nokia-Nvidia item is still read up by its lede)", () => {
    expect(
      direction(
        'Boosting Digital Fortresses: Broadcom & Google Cloud Partner To Boost Cybersecurity With AI',
      ),
    ).toBe('neutral');
  });
  it("the pass's conventions: a start-up's funding round is bullish, oil down is bullish (new)", () => {
    expect(
      direction(
        'Nvidia Rival Groq Set To Double Valuation To $2.5B With BlackRock-Led Funding Round: Report',
      ),
    ).toBe('bullish');
    expect(direction('Jozu Raises $4 Million Seed Round to Scale Enterprise AI Orchestration Platform')).toBe(
      'bullish',
    );
    expect(direction('EvolutionaryScale lands $142 mln to advance AI in biology')).toBe('bullish');
    expect(direction('Oil Prices Down 2%')).toBe('bullish');
  });
  it('still: an update on an earlier incident leans nowhere', () => {
    expect(direction('Update on Suncor Energy Response to Cybersecurity Incident')).toBe('neutral');
  });
});
