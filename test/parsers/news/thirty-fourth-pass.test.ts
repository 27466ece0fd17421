import { describe, expect, it } from 'vitest';
import { passItems } from './fixture-feeds.ts';

// Issue 28, thirty-fourth pass: held-out set 31 (CNNMoney's Companies, Economy and International RSS) and the event-type misses
// of every set. The word rules alone (no text model), linked as `quality:news` links (each feed read whole); every expected value
// is a hand label of labels-heldout-31.tsv. Each test fails on 70ed6b18 (this branch with set 31's fixtures, labels and scoring,
// before any rule of the pass).
const { type, direction } = passItems([
  'CNNMONEY-RSS_news-companies_areed1192-finance-news-aggregator_HELDOUT-31_2018-09-25-10-02_EXCERPT_TRANSCRIBED.rss.xml',
  'CNNMONEY-RSS_news-economy_areed1192-finance-news-aggregator_HELDOUT-31_2016-12-09-2018-09-26_EXCERPT_TRANSCRIBED.rss.xml',
  'CNNMONEY-RSS_news-international_areed1192-finance-news-aggregator_HELDOUT-31_2017-02-08-13_TRANSCRIBED.rss.xml',
]);

describe('news, set 31 (thirty-fourth pass)', () => {
  it('a new boss, a company without a CEO and one removing its CEO are executive changes', () => {
    expect(type("Meet GE's new boss: Can Larry Culp right the ship?")).toBe('management');
    expect(direction("Meet GE's new boss: Can Larry Culp right the ship?")).toBe('neutral');
    expect(type('GE unexpectedly removes its CEO')).toBe('management');
    expect(type('JCPenney is now without a CEO or a CFO')).toBe('management');
  });
  it('a debt or financial crisis, NAFTA, America First, a tax overhaul, a bull market and a market boom are macro', () => {
    expect(type('Are we heading for another Greek debt crisis?')).toBe('macro');
    expect(type('Lehman Brothers: When the financial crisis spun out of control')).toBe('macro');
    expect(type("America's NAFTA nemesis: Canada, not Mexico")).toBe('macro');
    expect(type("How 'America First' could turn into to 'India First'")).toBe('macro');
    expect(type('Swiss voters reject corporate tax overhaul')).toBe('macro');
    expect(type("Trump isn't killing the bull market. Here's why")).toBe('macro');
    expect(type('CEOs are cashing in on the market boom')).toBe('macro');
    expect(type('Corporate America is spending more on buybacks than anything else')).toBe('macro');
  });
  it('the Treasury secretary and an economic adviser are people; an ad is marketing; results, headquarters', () => {
    expect(type("'Lego Batman' producer, then Treasury sec?")).toBe('other');
    expect(type('Goldman Sachs slants research to help Democrats, top White House adviser says')).toBe(
      'other',
    );
    expect(type("Nike stars champion 'Equality' in new ad")).toBe('other');
    expect(type('Bed Bath & Beyond plunges on awful sales. Stock at 18-year low')).toBe('earnings');
    expect(type('Cadillac moving its headquarters back to Michigan')).toBe('operations');
    // a headline closed by an enforcement authority's attribution states its finding
    const sec = "Walgreens knew its profit forecast was wrong but didn't tell investors, SEC says";
    expect(type(sec)).toBe('regulatory');
    expect(direction(sec)).toBe('bearish');
  });
});
