import { describe, expect, it } from 'vitest';
import { passItems } from './fixture-feeds.ts';

// Issue 28, thirty-fifth pass: rules read on the type misses of sets 14-28 (word rules alone, linked as `quality:news` links);
// every expected value is a hand label of the set named beside it. Each test fails on 1b7fa31d.
const { type } = passItems([
  'WSJ-RSS_us-business_areed1192-finance-news-aggregator_HELDOUT-14_2020-08-06_EXCERPT.rss.xml',
  'FMP-API_stock-news-top-gainers_AnirudhSingal-FinApp_Public_HELDOUT-17_2021-06-25-07-02.rss.xml',
  'BING-NEWS-API_topic-us-business_design-sparx-newslice_HELDOUT-24_2022-08-26.rss.xml',
  'NASDAQ-RSS_symbol-8-tickers_code-index-58881964684_HELDOUT-28_2025-07-17-2026-08-19_EXCERPT_TRANSCRIBED.rss.xml',
]);

describe('news, type rules of the thirty-fifth pass (sets 14, 17, 24, 28)', () => {
  it('a quarterly update is results; an oil spill settlement stays with the courts', () => {
    expect(type('Why Barnes & Noble Education Stock Tanked 20% at the Open Today')).toBe('earnings'); // set 17
    // a loss posted beside a dividend decision is the results
    expect(type('Glencore Scraps Dividend, Posts Loss as Coronavirus Saps Demand')).toBe('earnings'); // set 14
    expect(
      type('Energy company reaches oil spill settlement with businesses near Huntington, California'),
    ).toBe('legal'); // set 24
  });
  it('a company gaining from a unit or riding a momentum is operations', () => {
    expect(type('ROP Gains From Robust Application Software Unit: A Sign for More Upside?')).toBe(
      'operations',
    ); // set 28
    expect(type('MaxLinear Rides on AI Infrastructure Momentum: More Upside Ahead?')).toBe('operations'); // set 28
  });
});
