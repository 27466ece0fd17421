import { describe, expect, it } from 'vitest';
import { passItems } from './fixture-feeds.ts';

// Issue 28, forty-second pass (held-out set 37, Yahoo Finance quote-page news lists of MSFT and ORCL, 2024-09): the linking rules the
// pass added, each on real items of the fixtures, linked as `quality:news` links (each feed read whole); every expected value is a
// hand label of labels-heldout-N.tsv. Each test fails on 99ae6f89 (before the pass's rules).
const { primary, direction } = passItems([
  'YAHOO-FINANCE-QUOTE-NEWS_MSFT_redanzo-hackrice_HELDOUT-37_2024-09-20-22_EXCERPT_TRANSCRIBED.rss.xml',
  'YAHOO-FINANCE-QUOTE-NEWS_ORCL_redanzo-hackrice_HELDOUT-37_2024-09-17-21_EXCERPT_TRANSCRIBED.rss.xml',
  'CNNMONEY_money-topstories_RSS_2018-10-04.xml',
  'MARKETWATCH-RSS_bulletins_areed1192-finance-news-aggregator_HELDOUT-36_2020-08-04_EXCERPT_TRANSCRIBED.rss.xml',
  'NEWSAPI_top-headlines-business_samah-dawoud_HELDOUT-6_2024-09-14.rss.xml',
  'CNBC-RSS_id-100727362-world-news_rumca-js-RSS-Link-Database-2023_HELDOUT-33_2023-01-11_TRANSCRIBED.rss.xml',
  'ALPHAVANTAGE-API_news-sentiment_michaelpaulcuccia-soldi_HELDOUT-5_2026-11-29.rss.xml',
]);

describe('news company links (forty-second pass)', () => {
  it('an everyday-word name right after a lower-case verb of a sentence-case headline is a company', () => {
    // labels-heldout-37.tsv: ORCL (not Owens Corning, named after it)
    expect(primary('Trade Tracker: Bill Baruch sells Oracle and buys Owens Corning')).toBe('ORCL');
  });
  it("a person's name as the subject of a sentence-case headline leaves the first company after the verb", () => {
    // labels-heldout-37.tsv: GOOGL; labels-heldout-5.tsv: BMBL
    expect(primary('Trade Tracker: Jim Lebenthal trims Google and Oracle')).toBe('GOOGL');
    expect(primary('Priyanka Chopra is helping Bumble expand in India')).toBe('BMBL');
  });
  it('a daily column\'s label ending in "Today" is no subject: the company after it is', () => {
    // labels-heldout-37.tsv: FDX
    expect(primary('S&P 500 Gains and Losses Today: FedEx Stock Plunges as Earnings Fail To Deliver')).toBe(
      'FDX',
    );
  });
  it('a subject word that ends a two-word registry name, abbreviated by its ticker, is that company (Walt Disney Co, DIS)', () => {
    // labels-heldout-36.tsv, -6.tsv, -33.tsv: DIS
    expect(primary('Disney loses nearly $5 billion in 3 months as pandemic wreaks havoc on business')).toBe(
      'DIS',
    );
    expect(primary('Disney, DirecTV Reach Deal Ending Blackout of ESPN, ABC and More')).toBe('DIS');
    expect(
      primary("Disney to make Nike's Mark Parker chairman as it opposes Nelson Peltz's push to join board"),
    ).toBe('DIS');
  });
});

describe('news direction (forty-second pass)', () => {
  it('a stock the headline calls a buy is up, whatever question frames it; asking whether to buy the dip is not', () => {
    // labels-heldout-37.tsv: bullish x5; labels-heldout-5.tsv: bearish
    expect(direction('Is Qualcomm Inc. (QCOM) the Best Large Cap Stock To Buy Now?')).toBe('bullish');
    expect(
      direction(
        "Microsoft Stock Is A Buy Now, But Be Cautious For This Reason And Watch For Another Potential Buy Point; Here's Why",
      ),
    ).toBe('bullish');
    expect(direction('Forget Nvidia: Buy This Magnificent Tech Stock Instead')).toBe('bullish');
    expect(
      direction(
        'Why Not Buy the Dip on Nvidia, Adobe, and Salesforce and the Run-Up in Oracle With This Vanguard ETF?',
      ),
    ).toBe('bullish');
    expect(direction('Could Investing $10,000 in Microsoft Make You a Millionaire?')).toBe('bullish');
    expect(direction('Arm Holdings ( ARM ) Down 33% in a Month: Should You Buy the Dip?')).toBe('bearish');
  });
});
