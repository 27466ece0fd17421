import { describe, expect, it } from 'vitest';
import { passItems } from './fixture-feeds.ts';

// Issue 28, thirty-fifth pass: rules read on the type misses of sets 3-31 (word rules alone, linked as `quality:news` links);
// every expected value is a hand label of the set named beside it. Each test fails on 1b7fa31d.
const { type } = passItems([
  'TIINGO-API_news_OpenBB-cassette-global-news_HELDOUT-9_2023-11-16.rss.xml',
  'TIINGO-API_news_OpenBB-cassette-world-news_HELDOUT-9_2024-06-27.rss.xml',
  'BIZTOC-API_news-source-bloomberg_OpenBB-cassette-world-news_HELDOUT-10_2024-10-18_EXCERPT.rss.xml',
  'CNNMONEY-RSS_news-companies_areed1192-finance-news-aggregator_HELDOUT-31_2018-09-25-10-02_EXCERPT_TRANSCRIBED.rss.xml',
  'CNNMONEY-RSS_news-international_areed1192-finance-news-aggregator_HELDOUT-31_2017-02-08-13_TRANSCRIBED.rss.xml',
]);

describe('news, type rules of the thirty-fifth pass (sets 9, 10, 31)', () => {
  it('an official visit is diplomacy; trading on an election is no geopolitics; legal options are the courts', () => {
    expect(type("UK's Cameron makes first official visit to Ukraine")).toBe('other'); // set 9
    expect(type('Why Trading on the US Election Is a ‘Fool’s Errand’')).toBe('other'); // set 10
    expect(type('Portugal Golden Visa Applicants Stuck in Limbo Use Legal Options')).toBe('legal'); // set 10
  });
  it('a sum given to a company for a job is a contract; a plan brought back and users given control are product news', () => {
    expect(type('NASA Gives SpaceX $843 Million To Junk The International Space Station')).toBe('contract'); // set 9
    expect(type('Verizon is bringing back unlimited data')).toBe('product'); // set 31
    expect(type('Tinder is giving women more control in India')).toBe('product'); // set 31
  });
});
