import { describe, expect, it } from 'vitest';
import { passItems } from './fixture-feeds.ts';

// Issue 28, thirty-fifth pass: held-out set 32 (two days of the NYT 'Top Stories' RSS) and the event-type misses of every set.
// The word rules alone (no text model), linked as `quality:news` links (each feed read whole); every expected value is a hand
// label of labels-heldout-32.tsv. Each test fails on 1b7fa31d (this branch with set 32's fixtures, labels and scoring, before any
// rule of the pass).
const { type, direction, primary } = passItems([
  'NYT-RSS_homepage-top-stories_rumca-js-RSS-Link-Database-2024_HELDOUT-32_2024-09-03_TRANSCRIBED.rss.xml',
  'NYT-RSS_homepage-top-stories_rumca-js-RSS-Link-Database-2024_HELDOUT-32_2024-09-04_TRANSCRIBED.rss.xml',
]);

describe('news, set 32 (thirty-fifth pass)', () => {
  it('facing trial and the passive "accused of" are legal, with no company named', () => {
    expect(type('Former Volkswagen Chief Executive Faces Trial in Emissions Case')).toBe('legal');
    expect(type('The Secrets of Linda Sun, the N.Y. Official Accused of Working for China')).toBe('legal');
    expect(type('N.Y. Official Accused of Aiding China, and Zelensky Plans Cabinet Shake-Up')).toBe('legal');
    // (a trial only awaited is not read: its "woes" would lean it down where the label reads no direction)
    expect(direction('Hunter Biden’s Legal Woes Return to Spotlight Ahead of Tax Trial')).toBe('neutral');
  });
  it('a market slump is the market, whatever company leads it; taxes with no company are fiscal policy', () => {
    expect(type('U.S. Market Slump Led by Nvidia Sparks Global Sell-Off')).toBe('macro');
    expect(primary('U.S. Market Slump Led by Nvidia Sparks Global Sell-Off')).toBe('NVDA');
    expect(direction('U.S. Market Slump Led by Nvidia Sparks Global Sell-Off')).toBe('bearish');
    expect(type('Can Democrats Stop the ‘Tax Doom Loop’?')).toBe('macro');
  });
  it('an election poll and a cease-fire stance are politics, not geopolitics; a war strike stays macro', () => {
    expect(type('As Groups Have Shifted, Has It Become a ‘Normal’ Election?')).toBe('other');
    expect(type('Netanyahu Unwavering on Cease-Fire, and Putin Visits Mongolia')).toBe('other');
    expect(type('Here are the latest developments.')).toBe('macro');
    // a perk brought back by a school (in a description) is no product relaunch
    expect(type('The Cooper Union’s Tuition Will be Free for College Seniors')).toBe('other');
  });
});
