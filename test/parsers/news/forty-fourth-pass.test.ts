import { describe, expect, it } from 'vitest';
import { passItems } from './fixture-feeds.ts';

// Issue 28, forty-fourth pass (held-out set 39: the WSJ's RSSWorldNews feed of 2023-08-16/17): the rules the pass added, each on
// real items of the fixtures. The word rules alone (no text model), linked as `quality:news` links (each feed read whole); every
// expected value is a hand label of labels-heldout-39.tsv, labels-heldout-32.tsv or labels.tsv. Each test fails on the parser before
// the pass (16c65445).
const WSJ16 =
  'WSJ-RSS_RSSWorldNews_rumca-js-RSS-Link-Database-2023_HELDOUT-39_2023-08-16_EXCERPT_TRANSCRIBED.rss.xml';
const WSJ17 =
  'WSJ-RSS_RSSWorldNews_rumca-js-RSS-Link-Database-2023_HELDOUT-39_2023-08-17_EXCERPT_TRANSCRIBED.rss.xml';
const { get, type, primary, direction } = passItems([
  WSJ16,
  WSJ17,
  'REUTERS_businessNews_feedburner_RSS_2019-01-19_EXTRACTED-from-dart.xml',
  'NYT-RSS_homepage-top-stories_rumca-js-RSS-Link-Database-2024_HELDOUT-32_2024-09-04_TRANSCRIBED.rss.xml',
]);

describe('news company links (forty-fourth pass)', () => {
  it('a registry name that glues "The" to the next word meets the name written with a space', () => {
    // labels.tsv (corrected): REAL; the registry writes it "TheRealReal, Inc."
    expect(primary('Luxury online reseller The RealReal in talks with banks for IPO: sources')).toBe('REAL');
  });
  it('two capitalized words joined by a hyphen that open one registry name only are that company', () => {
    // labels-heldout-39.tsv: TTWO (TAKE TWO INTERACTIVE SOFTWARE INC)
    expect(get('Time to Take Up Take-Two').links.map((l) => l.ticker)).toContain('TTWO');
  });
  it('an everyday-word name two companies share, one only by dropping "Group", is the other', () => {
    // labels-heldout-39.tsv: TGT (TARGET CORP, not Target Group Inc.)
    expect(primary('Target Sales Are Punished by Pride Month Backlash')).toBe('TGT');
  });
});

describe('news direction (forty-fourth pass)', () => {
  it('returning to profit and a probe concluded without a fine are up', () => {
    expect(direction('Origin Energy Returns to Annual Profit')).toBe('bullish');
    expect(direction('Neogen Says Iran Sanctions Probe Concluded Without Fine')).toBe('bullish');
  });
  it('a central bank raising rates is down, hikes that can wait up; a yield at a many-year high is down', () => {
    expect(direction('BOE Could Raise Interest Rates 50 Basis Points in September')).toBe('bearish');
    // labels.tsv: bullish
    expect(direction('Fed policymakers leave little doubt: Rate hikes can wait')).toBe('bullish');
    expect(direction('Bond Yield Hits Highest Since 2008, Adding Pressure to Borrowing Costs')).toBe(
      'bearish',
    );
    expect(direction('Treasury Yield Hits 15-Year High')).toBe('bearish');
  });
  it('seeking approval wins none; little progress, punished and troubled are down', () => {
    expect(direction('China Evergrande Seeks U.S. Court Approval for $19 Billion Debt Restructuring')).toBe(
      'bearish',
    );
    expect(direction('Hawaiian Electric Knew of Threat, but Waited Years to Act')).toBe('bearish');
    expect(direction('Target Sales Are Punished by Pride Month Backlash')).toBe('bearish');
    // labels-heldout-32.tsv: bearish (its summary: "the troubled spacecraft")
    expect(direction('Boeing Starliner Set to Leave Space Station Without Crew')).toBe('bearish');
  });
  it('"Time to take up" a stock is a pick: up', () => {
    expect(direction('Time to Take Up Take-Two')).toBe('bullish');
  });
});

describe('news event types (forty-fourth pass)', () => {
  it('another firm veteran tapped is an executive change, its "to chart ..." clause no move', () => {
    expect(type('Boeing Taps Ford Veteran to Chart China Recovery')).toBe('management');
    expect(direction('Boeing Taps Ford Veteran to Chart China Recovery')).toBe('neutral');
  });
  it('private-equity backing taken is a funding (up); stolen data a disruption (down); bankruptcies counted macro', () => {
    const splitit = 'Splitit Payments Takes Private Equity Backing in Pursuit of Large Merchants, CEO Says';
    expect(type(splitit)).toBe('financing');
    expect(direction(splitit)).toBe('bullish');
    expect(type("Brighthouse Financial Says Some Policyholders' Data Were Stolen")).toBe('operations');
    expect(direction("Brighthouse Financial Says Some Policyholders' Data Were Stolen")).toBe('bearish');
    expect(type('Higher Interest Rates and Sluggish Economy Fuel European Bankruptcies')).toBe('macro');
  });
});
