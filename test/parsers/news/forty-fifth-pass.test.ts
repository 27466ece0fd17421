import { describe, expect, it } from 'vitest';
import { passItems } from './fixture-feeds.ts';

// Issue 28, forty-fifth pass (held-out set 40: two NewsAPI top-headlines business responses, 2023-05-02 and 2022-09-18): the
// format rules the pass added, each on real items of the fixtures. The word rules alone (no text model), linked as `quality:news`
// links (each feed read whole); every expected value is a hand label of labels-heldout-40.tsv, labels-heldout-34.tsv or labels.tsv.
// Each test but the last fails on the commit before the pass's rules (85b49db4); the last guards the pass's own 'slowdown' down word
// (the item's summary pairs 'Strong' with 'a slowdown'), which the widened comparison rule keeps from turning it neutral.
const SET40_2023 =
  'NEWSAPI_top-headlines-business_medavidson-ux-news-portal_HELDOUT-40_2023-05-02_TRANSCRIBED.rss.xml';
const SET40_2022 =
  'NEWSAPI_top-headlines-business_faresfouda-untitled12_HELDOUT-40_2022-09-18_TRANSCRIBED.rss.xml';
const { type, primary, direction } = passItems([
  SET40_2023,
  SET40_2022,
  'CNBC-RSS_id-100727362-world-news_rumca-js-RSS-Link-Database-2023_HELDOUT-34_2023-01-13_TRANSCRIBED.rss.xml',
  'REUTERS_businessNews_feedburner_RSS_2019-01-19_EXTRACTED-from-dart.xml',
]);

describe('news forty-fifth pass', () => {
  it('an everyday word in capitals before a colon is a kicker, not a ticker', () => {
    // labels-heldout-40.tsv: SBUX (LIVE is LIVE VENTURES Inc's ticker)
    expect(
      primary("LIVE: Starbucks earnings analysis on Yahoo Finance's After the Call - Yahoo Finance"),
    ).toBe('SBUX');
  });
  it('a company closing both or all of its sites is a closure, down', () => {
    // labels-heldout-40.tsv: restructuring, bearish
    const t = 'Nordstrom to close both Downtown San Francisco stores, including Nordstrom Rack, company says';
    expect(type(t)).toBe('restructuring');
    expect(direction(t)).toBe('bearish');
  });
  it("an outlook for the economy or the markets is a market view, not a company's guidance", () => {
    // labels-heldout-40.tsv: macro
    expect(type("Goldman Sachs' bearish macro outlook puts Bitcoin at risk of crashing to $12K")).toBe(
      'macro',
    );
  });
  it('a rate hike is down, one that can wait up', () => {
    // labels-heldout-40.tsv: bearish; labels.tsv: bullish
    expect(direction('Another big rate hike is coming. Lather. Rinse. Repeat')).toBe('bearish');
    expect(direction('Fed policymakers leave little doubt: Rate hikes can wait')).toBe('bullish');
  });
  it('workers preparing to strike is down', () => {
    // labels-heldout-40.tsv: bearish (the summary's 'successful strike vote' read up before)
    expect(direction('American Airlines Pilots Are Preparing to Strike')).toBe('bearish');
  });
  it('a sector jolted by a slowdown is down', () => {
    // labels-heldout-40.tsv: bearish
    expect(direction('Home-Goods Retailers Jolted by Slowdown in Housing Market')).toBe('bearish');
  });
  it('a slump smaller than expected is up', () => {
    // labels-heldout-34.tsv: bullish
    expect(direction('China’s exports slump less than expected in December')).toBe('bullish');
  });
});
