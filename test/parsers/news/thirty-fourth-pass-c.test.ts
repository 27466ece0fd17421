import { describe, expect, it } from 'vitest';
import { passItems } from './fixture-feeds.ts';

// Issue 28, thirty-fourth pass: the event-type misses of the earlier sets that the pass's rules read. The word rules alone (no text
// model), linked as `quality:news` links (each feed read whole); every expected value is a hand label of labels-heldout-N.tsv.
// Each test fails on 70ed6b18 (before any rule of the pass).
const { type } = passItems([
  'FT-RSS_myft-following-home_orx365-rss-arch_HELDOUT-27_2025-06-23-24_EXCERPT_TRANSCRIBED.rss.xml',
  'FT-RSS_stream-technology_ServeMotor-fin_HELDOUT-27_2024-07-04-09_TRANSCRIBED.rss.xml',
  'ORACLE-PRESS-RSS_rss-pr_hlan-net-river5_HELDOUT-26_2018-11-14-2019-01-13_TRANSCRIBED.rss.xml',
  'THESTREET-RSS_video-mutual-fund-etf-report_ldaniels528-shocktrade_HELDOUT-30_2011-05-11-09-28_TRANSCRIBED.rss.xml',
]);

describe('news, earlier sets read again (thirty-fourth pass, FT, Oracle, TheStreet)', () => {
  it('SEC rules are regulatory; warfare is macro', () => {
    // labels-heldout-27.tsv: regulatory; macro
    expect(type('Industry bids ‘good riddance’ to SEC rules')).toBe('regulatory');
    expect(type('The age of drone warfare is disrupting the defence industry')).toBe('macro');
  });
  it('a product certified and a new ETF are product news', () => {
    // labels-heldout-26.tsv, -30.tsv: product
    expect(type('Oracle Certified to Secure Government Communications')).toBe('product');
    expect(type('New Agriculture ETF in Town')).toBe('product');
  });
});
