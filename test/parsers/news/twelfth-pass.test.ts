import { describe, expect, it } from 'vitest';
import { passItems } from './fixture-feeds.ts';

// Issue 28, twelfth pass: the rules read off held-out set 12 (a mediastack response saved in a repository, three Yahoo Finance
// and one Polygon news response recorded in OpenBB's test cassettes; provenance in fixtures/news/MANIFEST.tsv) and the items of
// earlier sets they also settle. The word rules alone (no text model), linked against the SEC's company_tickers_exchange.json
// as `quality:news` links them; every expected value is the hand label of the item's label file (labels-heldout-12.tsv, read
// and committed before any parser ran on it; labels-heldout-9/10.tsv). Each assertion marked "(new)" failed on the parser of
// 62d103a (the start of the rules).
const FILES = [
  'MEDIASTACK-API_news_theofrancis-newsletter-signup_HELDOUT-12_2023-03-01.rss.xml',
  'YAHOO-FINANCE-API_search-news-AAPL-MSFT_OpenBB-cassette-company-news_HELDOUT-12_2024-10-24.rss.xml',
  'YAHOO-FINANCE-API_search-news-AAPL-MSFT_OpenBB-cassette-company-news_HELDOUT-12_2023-11-27.rss.xml',
  'YAHOO-FINANCE-XHR_ncp-newsAll-AAPL_OpenBB-cassette-company-news_HELDOUT-12_2025-01-10_EXCERPT.rss.xml',
  'POLYGON-API_reference-news-AAPL_OpenBB-cassette-company-news_HELDOUT-12_2025-09-23.rss.xml',
  'TIINGO-API_news-tickers-AAPL-MSFT_OpenBB-cassette-company-news_HELDOUT-9_2024-02-22_EXCERPT.rss.xml',
  'INTRINIO-API_companies-AAPL-news-yahoo_OpenBB-cassette-company-news_HELDOUT-10_2024-01-02.rss.xml',
];
const { type, primary, direction } = passItems(FILES, '2026-11-30T00:00:00.000Z');

const CLNE = 'Clean Energy Fuels Corp. (NASDAQ:CLNE) SVP Barclay Corbus Sells 5,643 Shares of Stock';
const JOE = 'Bruce R. Berkowitz Sells 1,200 Shares of The St. Joe Company (NYSE:JOE) Stock';
const BKI = 'MML Investors Services LLC Purchases 3,823 Shares of Black Knight, Inc. (NYSE:BKI)';
const RY = 'Correction to Royal Bank of Canada Earnings Article';
const VEON = 'Telecom operator Veon confirms deal with British satellite firm OneWeb';
const CARD = 'Apple and Goldman Sachs ordered to pay $89M over Apple Card failures';

describe('news types, twelfth pass', () => {
  it('share trades: a named person or an officer is an insider, an institution a holder (new)', () => {
    expect(type(CLNE)).toBe('insider');
    expect(type(JOE)).toBe('insider');
    expect(type(BKI)).toBe('ownership');
    expect(type('MetLife Investment Management LLC Raises Stock Position in Rapid7, Inc. (NASDAQ:RPD)')).toBe(
      'ownership',
    );
  });
  it("funds' positioning: managers divided, picks by hedge funds' holdings (new)", () => {
    expect(
      type('Goldman Sachs: Microsoft Corporation (NASDAQ:MSFT) Has Got Mutual & Hedge Fund Managers Divided'),
    ).toBe('ownership');
    expect(
      type('Microsoft Corporation (MSFT): Among the Best Esports Stocks to Buy According to Hedge Funds'),
    ).toBe('ownership');
  });
  it('treasury shares, index additions and a term sheet are no market news (new)', () => {
    expect(
      type('Richter Gedeon Vegyeszeti Gyár Nyilvánosan Muködo Rt : Transactions with Treasury Shares'),
    ).toBe('capital_return');
    expect(type('BSE : Additions to the S&P BSE SME IPO Index')).toBe('listing');
    expect(
      type('Paramount Gold Nevada Announces Term Sheet for Financing of up to $15 Million With Sprott'),
    ).toBe('financing');
    expect(type(RY)).toBe('earnings');
  });
  it('deals, investment, orders, previews and orders to pay in the words they were written in (new)', () => {
    expect(type(VEON)).toBe('contract');
    expect(type('Apple CEO Cook says company will increase investment in China, reports Xinhua')).toBe(
      'operations',
    );
    expect(type('Apple stock slips after a big cut for iPhone 16 orders')).toBe('operations');
    expect(type('Apple Stock Drops After Analyst Reports Cut In iPhone 16 Orders')).toBe('operations');
    expect(type('Apple Gives a Sneak Peek of AI Features. Why They May Not Supercharge iPhone Sales.')).toBe(
      'product',
    );
    expect(type(CARD)).toBe('regulatory');
    expect(type('What does a TikTok ban mean for users?')).toBe('regulatory');
  });
  it('previews, holiday spending, newsletters and stock picks (new)', () => {
    expect(type('What You Should Know About "Magnificent 7" Stocks Ahead of Earnings')).toBe('earnings');
    expect(type('Cyber Monday, Black Friday spending: State of the consumer')).toBe('macro');
    expect(type('Market Today: Shopify Soars on Black Friday Success, Microsoft Under-Owned')).toBe('macro');
    expect(type('These 3 Dow Jones Stocks Are Blazing Hot. Are They Still Buys?')).toBe('other');
    expect(type('These Under-$10 Stocks Are Up 100%+ This Quarter - And Some Still Have Room to Run')).toBe(
      'other',
    );
  });
  it('still: results, an expansion, a regulator named, a rating', () => {
    expect(
      type(
        'Omega Therapeutics Reports Fourth Quarter and Full Year 2022 Financial Results and Provides Corporate Update',
      ),
    ).toBe('earnings');
    expect(type('Foxconn to Spend More than $1.5 Billion to Expand Operations in India')).toBe('operations');
    expect(
      type(
        'Apple and Goldman Sachs must pay $89 million for mishandling Apple Card transactions, CFPB orders',
      ),
    ).toBe('regulatory');
    expect(type('Time To Buy These Highly-Ranked Computer Software Stocks')).toBe('analyst');
  });
});

describe('news links, twelfth pass', () => {
  it("a person's title, a role noun and a weekday are no company (new)", () => {
    expect(primary(VEON)).toBe('VEON');
    expect(primary('Cyber Monday, Black Friday spending: State of the consumer')).toBe(null);
    expect(primary('Dow Jones Futures: Fed Chair Powell Speech Looms; Nvidia Rebounds From Buy Point')).toBe(
      null,
    );
  });
  it('still: subjects as before', () => {
    expect(primary('Kymera Therapeutics to Participate in Upcoming March Investor Conferences')).toBe('KYMR');
    expect(primary('Apple CEO Cook says company will increase investment in China, reports Xinhua')).toBe(
      'AAPL',
    );
    expect(primary(RY)).toBe('RY');
  });
});

describe('news direction, twelfth pass', () => {
  it('a holder selling shares is down, buying them up (new)', () => {
    expect(direction(CLNE)).toBe('bearish');
    expect(direction(JOE)).toBe('bearish');
    expect(direction(BKI)).toBe('bullish');
  });
  it('bull cases, breakouts, sell-offs, rates at highs, orders to pay (new)', () => {
    expect(direction('Apple Inc. (AAPL): A Bull Case Theory')).toBe('bullish');
    expect(direction('Magnificent Seven Stocks: Microsoft Ignites AI Breakout — And More')).toBe('bullish');
    expect(direction('Nvidia stock sell-off: Time to back up the truck?')).toBe('bearish');
    expect(direction('U.S. mortgage interest rates remain at highest level since November - MBA')).toBe(
      'bearish',
    );
    expect(direction(CARD)).toBe('bearish');
  });
  it('an erratum is no correction; a stock pick leans as it picks (new)', () => {
    expect(direction(RY)).toBe('neutral');
    expect(direction('3 Stocks to Avoid in 2024')).toBe('bearish');
    expect(direction('The Best 7 Tech Stocks to Buy for AI Cloud Exposure')).toBe('bullish');
  });
  it('still: a comparison of two picks, treasury-share dealings and a stock up 100% as before', () => {
    expect(direction('Better Growth Stock in 2024: Amazon vs. Apple')).toBe('neutral');
    expect(
      direction('Richter Gedeon Vegyeszeti Gyár Nyilvánosan Muködo Rt : Transactions with Treasury Shares'),
    ).toBe('neutral');
    expect(
      direction('These Under-$10 Stocks Are Up 100%+ This Quarter - And Some Still Have Room to Run'),
    ).toBe('bullish');
  });
});
