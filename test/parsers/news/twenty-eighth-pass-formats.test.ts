import { describe, expect, it } from 'vitest';
import { passItems } from './fixture-feeds.ts';

// Issue 28, twenty-eighth pass (second file, to keep each file under 10 s): rules read off the misses of held-out sets 25 and 27
// (labels-heldout-25.tsv, labels-heldout-27.tsv, each committed before any parser ran on its items). The word rules alone (no text
// model), linked as `quality:news` links; every expected value is a hand label of those files. Each 'new' test fails on the parser of 7da77187 (set 27
// wired, no rule of this pass); the 'kept' ones pass on both.
const BI = 'BUSINESS-INSIDER_homepage-US_code-index-25433621643_HELDOUT-25_2018-03-17.rss.xml';
const FT_TECH = 'FT-RSS_stream-technology_ServeMotor-fin_HELDOUT-27_2024-07-04-09_TRANSCRIBED.rss.xml';
const FT_HOME =
  'FT-RSS_myft-following-home_orx365-rss-arch_HELDOUT-27_2025-06-23-24_EXCERPT_TRANSCRIBED.rss.xml';
const GUARDIAN = 'GUARDIAN_US-edition_RSS_2018-01-31.rss.xml';
const { get, type, direction } = passItems([BI, FT_TECH, FT_HOME, GUARDIAN]);

describe('news, format rules from the misses of sets 25 and 27 (twenty-eighth pass)', () => {
  it('an outlook, a suit, a board removal, a turnaround, a fund raised, staff pulled out (new)', () => {
    expect(type('Samsung expects profits to surge on demand for AI chips')).toBe('guidance');
    expect(
      type(
        'Trump emerges from the shadows in the Stormy Daniels case and is now seeking $20 million in damages',
      ),
    ).toBe('legal');
    const qcom = get(
      'Qualcomm kicked its former CEO off the board after he said he might try to buy the $89.7 billion company',
    );
    expect(qcom.classification.event_type).toBe('management');
    const arbys =
      "The CEO of Arby's has begun turning around newly acquired Buffalo Wild Wings with a simple first step";
    expect(type(arbys)).toBe('operations');
    expect(direction(arbys)).toBe('bullish');
    expect(type('Sequoia Capital’s former China unit raises new $2.5bn start-up fund')).toBe('financing');
    expect(direction('Sequoia Capital’s former China unit raises new $2.5bn start-up fund')).toBe('bullish');
    expect(type('Oil majors pull staff from Iraq amid fears of retaliation by Iran')).toBe('operations');
  });
  it("a commodity's price is a market item; a company's own TV series and a gadget count are products (new)", () => {
    expect(type('Cobalt price jumps as DR Congo extends export ban')).toBe('macro');
    expect(direction('Cobalt price jumps as DR Congo extends export ban')).toBe('bullish');
    expect(type('Lavazza chair warns coffee prices will rise')).toBe('macro');
    expect(
      type(
        'We talked to The Dodo about its upcoming TV series with Animal Planet, which shows a way digital video companies can grow beyond Facebook',
      ),
    ).toBe('product');
    expect(type('Five (impossibly cute) mini gadgets')).toBe('product');
    expect(direction('Five (impossibly cute) mini gadgets')).toBe('neutral');
  });
  it('fund fees cut are pricing, and a seller cutting its own prices reads no move (new)', () => {
    expect(type('Vanguard cuts fund fees as competition in Europe heats up')).toBe('product');
    expect(direction('Vanguard cuts fund fees as competition in Europe heats up')).toBe('neutral');
  });
  it('the earnings of companies in general, named in the plural, are the market’s (new)', () => {
    expect(type('Wall Street’s upbeat earnings expectations set high bar for US companies')).toBe('macro');
  });
  it("a director's TV series stays other (kept)", () => {
    expect(type('Oscar-winning director Michael Haneke to make 10-part TV series')).toBe('other');
  });
});
