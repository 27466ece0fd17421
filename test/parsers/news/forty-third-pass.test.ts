import { describe, expect, it } from 'vitest';
import { passItems } from './fixture-feeds.ts';

// Issue 28, forty-third pass (held-out set 37: Yahoo Finance quote-page news for MSFT and ORCL, titles only): the event-type rules
// the pass added, each on real items of the fixtures. The word rules alone (no text model), linked as `quality:news` links (each
// feed read whole); every expected value is a hand label of labels-heldout-N.tsv. Each test fails on the commit before the pass's
// rules (c23d4383).
const { type } = passItems([
  'YAHOO-FINANCE-QUOTE-NEWS_MSFT_redanzo-hackrice_HELDOUT-37_2024-09-20-22_EXCERPT_TRANSCRIBED.rss.xml',
  'YAHOO-FINANCE-QUOTE-NEWS_ORCL_redanzo-hackrice_HELDOUT-37_2024-09-17-21_EXCERPT_TRANSCRIBED.rss.xml',
  'NEWSAPI_everything-press-wires_01edie-renewsearcher_HELDOUT-8_2022-11-21.rss.xml',
  'TIINGO-API_news-tickers-AAPL-MSFT_OpenBB-cassette-company-news_HELDOUT-9_2024-06-25_EXCERPT.rss.xml',
]);

describe('news event types (forty-third pass)', () => {
  it('power sold to a buyer, a pair partnering on a fund, a product adopted, a multi-year deal inked: contracts', () => {
    // labels-heldout-37.tsv: contract x7; labels-heldout-8.tsv: contract
    expect(type('Three Mile Island is reopening and selling its power to Microsoft')).toBe('contract');
    expect(type('Three Mile Islands Nuclear Plant to Reopen, Help Power Microsofts AI Centers')).toBe(
      'contract',
    );
    expect(type('Microsoft goes nuclear to power AI data centers: Expert')).toBe('contract');
    expect(type('BlackRock and Microsoft Partner on $30 Billion AI Infrastructure Fund')).toBe('contract');
    expect(type('Hyatt adopts Oracles OPERA Cloud as PMS for global portfolio')).toBe('contract');
    expect(type('LIGA MX Adopts Incode "Fan ID" Across Stadiums in Mexico')).toBe('contract');
    expect(type('S&P 500 Nuclear Leader Jumps 20% After Inking 20-Year Microsoft Deal')).toBe('contract');
  });
  it('hedge funds counted, holdings sold and bought, named holdings trimmed, billionaires pouring in: ownership', () => {
    // labels-heldout-37.tsv: ownership x4; labels-heldout-9.tsv: ownership
    expect(
      type('Microsoft Corporation (MSFT) Attracts 279 Hedge Funds Amidst Strong AI Growth and Dividend Hike'),
    ).toBe('ownership');
    expect(type('Trade Tracker: Bill Baruch sells Oracle and buys Owens Corning')).toBe('ownership');
    expect(
      type(
        'Move Over, Nvidia: Billionaires Are Selling Its Shares and Buying Up These 2 Artificial Intelligence (AI) Stocks Instead',
      ),
    ).toBe('ownership');
    expect(type('Trade Tracker: Jim Lebenthal trims Google and Oracle')).toBe('ownership');
    expect(
      type('Billionaires Just Poured About $67 Billion Into These 5 Artificial Intelligence (AI) Stocks'),
    ).toBe('ownership');
  });
  it('Wall Street called most bullish is the analysts view', () => {
    // labels-heldout-37.tsv: analyst
    expect(type('Oracles AI-Driven Growth Has Wall Street Most Bullish in Years')).toBe('analyst');
  });
});
