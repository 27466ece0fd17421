import { describe, expect, it } from 'vitest';
import { passItems } from './fixture-feeds.ts';

// Issue 28, thirty-fourth pass: the event-type misses of the earlier sets that the pass's rules read. The word rules alone (no text
// model), linked as `quality:news` links (each feed read whole); every expected value is a hand label of labels-heldout-N.tsv.
// Each test fails on 70ed6b18 (before any rule of the pass).
const { type, direction } = passItems([
  'PAGES-CORPUS_real-headlines_issue-28_HELDOUT-3_2026-11-29.rss.xml',
  'CNNMONEY_money-latest_RSS_2014-03-12.xml',
  'CNNMONEY_money-topstories_RSS_2018-10-04.xml',
  'NEWSAPI_top-headlines-business_samah-dawoud_HELDOUT-6_2024-09-14.rss.xml',
]);

describe('news, earlier sets read again (thirty-fourth pass)', () => {
  it('a named business sold to a named buyer is a divestiture; a ban on direct sales is regulatory', () => {
    // labels-heldout-3.tsv: m&a; -5.tsv: regulatory, bearish
    expect(type("Lone Star to sell Portugal's Novo Banco to French BPCE, report says")).toBe('m&a');
    expect(type("NJ agrees to ban Tesla's direct sales")).toBe('regulatory');
    expect(direction("NJ agrees to ban Tesla's direct sales")).toBe('bearish');
  });
  it('a trademark sought and a part defect are product news', () => {
    // labels-heldout-3.tsv, -5.tsv: product
    expect(type('Apple seeks trademark')).toBe('product');
    expect(type('GM ignition switch issue surfaced in 2001')).toBe('product');
  });
  it('expanding in a country is an expansion; deflation is macro', () => {
    // labels-heldout-5.tsv: operations, bullish; -6.tsv: macro, neutral
    expect(type('Priyanka Chopra is helping Bumble expand in India')).toBe('operations');
    expect(direction('Priyanka Chopra is helping Bumble expand in India')).toBe('bullish');
    const deflation =
      '‘Serious energy deflation’ is coming whether Trump or Harris wins, says analyst - Yahoo Finance';
    expect(type(deflation)).toBe('macro');
    expect(direction(deflation)).toBe('neutral');
  });
});
