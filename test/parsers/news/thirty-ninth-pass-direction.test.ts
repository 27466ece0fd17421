import { describe, expect, it } from 'vitest';
import { passItems } from './fixture-feeds.ts';

// Issue 28, thirty-ninth pass: set 35's (CNNMoney Technology, Media and Markets RSS, 2018) direction misses. The word rules
// alone, as `quality:news` reads them; every expected value is a hand label of labels-heldout-35.tsv (committed in 8da86ee7
// before any parser ran on it). All fail on the reader of 99c5e855.
const TECH =
  'CNNMONEY-RSS_money-technology_areed1192-finance-news-aggregator_HELDOUT-35_2018-09-19-10-03_EXCERPT_TRANSCRIBED.rss.xml';
const MEDIA =
  'CNNMONEY-RSS_money-media_areed1192-finance-news-aggregator_HELDOUT-35_2018-09-24-10-02_TRANSCRIBED.rss.xml';
const MARKETS =
  'CNNMONEY-RSS_money-markets_areed1192-finance-news-aggregator_HELDOUT-35_2018-10-01-04_EXCERPT_TRANSCRIBED.rss.xml';
const { primary, type, direction } = passItems([TECH, MEDIA, MARKETS]);

describe('news direction, set 35 (thirty-ninth pass)', () => {
  it('stocks that "pop" rose (a market move up)', () => {
    expect(direction('Stocks pop on new trade deal')).toBe('bullish');
  });
  it('a stock that "roars back" rebounded; a company that "calms fears" reassured', () => {
    expect(direction('Tesla stock roars back')).toBe('bullish');
    expect(direction('Tesla calms fears with strong sales numbers')).toBe('bullish');
  });
  it('a prosecutor "probing" allegations is a probe (down)', () => {
    expect(direction('New York DA probing allegations of sexual misconduct at CBS')).toBe('bearish');
  });
  it('a company "to expand to" a country expands there (operations, up)', () => {
    const t = 'Bumble to expand to India with the help of actress Priyanka Chopra';
    expect(primary(t)).toBe('BMBL');
    expect(type(t)).toBe('operations');
    expect(direction(t)).toBe('bullish');
  });
});

// set 35's type misses (labels-heldout-35.tsv; the bitcoin item as corrected in fd7e1036); all fail on the rules of 69dead85
describe('news types, set 35 (thirty-ninth pass)', () => {
  it('a company that hires an exec makes a management change', () => {
    expect(type('Uber hires Expedia exec to fill HR role')).toBe('management');
  });
  it('a company that plans or tries to go public plans an IPO (financing)', () => {
    expect(type('Tencent Music plans to go public on US exchange')).toBe('financing');
    expect(type('The companies behind bitcoin are trying to go public at a really bad time')).toBe(
      'financing',
    );
  });
  it('TV ratings (overnight ratings, a ratings spike) are an audience measure, not an analyst rating', () => {
    // summary: "Overnight ratings showed a dramatic spike in viewership ..."
    expect(type('Viewers gathered around the TV in high numbers for Ford-Kavanaugh hearing')).not.toBe(
      'analyst',
    );
    expect(type("Tiger Woods' victory came with ratings spike for NBC")).not.toBe('analyst');
  });
});

// set 35's hyphenated pair of persons' names (labels-heldout-35.tsv: no registry company); fails on the linker of 33db170a
describe('news links, set 35 (thirty-ninth pass)', () => {
  it("a first-word name joined by a hyphen to a capitalized word no dictionary knows is a person's name", () => {
    // (the summary's "right when Ford's testimony began" still links Ford Motor as a mention: left)
    expect(primary('Viewers gathered around the TV in high numbers for Ford-Kavanaugh hearing')).toBeNull();
  });
});
