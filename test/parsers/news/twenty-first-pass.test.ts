import { describe, expect, it } from 'vitest';
import { closingSpeaker } from '../../../parsers/news/link.ts';
import { passItems } from './fixture-feeds.ts';

// Issue 28, twenty-first pass: the rules read off held-out set 21 (CNBC International's Asia and Europe news RSS, interview clips
// whose headline is a view closed by its speaker, saved in a public repository; provenance in fixtures/news/MANIFEST.tsv). The word
// rules alone (no text model), linked against the SEC's company_tickers_exchange.json as `quality:news` links them; every expected
// value is the hand label of the item's label file (labels-heldout-21.tsv, committed in 6490ddd before any parser ran on it;
// labels-heldout-11.tsv, labels.tsv). Each test marked "(new)" fails on the parser of 65e7c4c (the first read; checked in a
// worktree of that commit), each marked "(kept)" passes there.
const ASIA = 'CNBC-INTL-RSS_tv-asia-news_areed1192-finance-news-aggregator_HELDOUT-21_2020-07-16-21.rss.xml';
const EUROPE =
  'CNBC-INTL-RSS_tv-europe-news_areed1192-finance-news-aggregator_HELDOUT-21_2020-07-16-20_EXCERPT.rss.xml';
const SET11 = 'BENZINGA-API_news_OpenBB-cassette-global-news_HELDOUT-11_2023-09-26.rss.xml';
const POOL = 'GOOGLE-NEWS_search_site-reuters.com-markets_en-SG_2026-03-15.rss.xml';
const { type, primary, direction } = passItems([ASIA, EUROPE, SET11, POOL], '2026-11-30T00:00:00.000Z');

describe('news linking, twenty-first pass (set 21 read)', () => {
  it('a closing speaker label names the speaker, not the subject (new)', () => {
    expect(primary('Global GDP growth to contract 3.8% this year: S&P Global Ratings')).toBeNull();
    expect(primary("China's June retail sales may drop 1% year on year: Morgan Stanley")).toBeNull();
    expect(primary("China's GDP numbers are 'encouraging' for corporate earnings: HSBC")).toBeNull();
    expect(primary("'Strategic overweight' on credit, 'neutral' on global equities: BlackRock")).toBeNull();
  });
  it('capitals spelling a company’s initials and its ticker name it when the summary writes them too (new)', () => {
    expect(primary('IBM and Verizon deal is key to generating new clients: Analyst')).toBe('IBM');
    expect(primary('TSMC forward guidance is a bit too optimistic: Analyst')).toBe('TSM');
  });
  it('a summary sentence’s opening word and a person’s title after a possessive make no name (new)', () => {
    expect(primary('International markets becoming more crucial to Netflix growth: Analyst')).toBe('NFLX');
    expect(primary("I suspect we won't see anything more from the ECB: Chief economist")).toBeNull();
  });
  it('a closing label is a speaker only when it is no lead label and no list (written headlines)', () => {
    expect(closingSpeaker('Market is at an inflection point: Investor')).toBe(32);
    expect(closingSpeaker('Earnings Preview: Nike', 'Earnings Preview: '.length)).toBe(-1);
    expect(closingSpeaker('Stocks making the biggest moves premarket: Nike, Tesla, Apple')).toBe(-1);
    expect(closingSpeaker('Apple Q3 earnings preview: What to expect')).toBe(-1);
  });
  it('a named company is still the subject (kept)', () => {
    expect(
      primary("Prenetics joins Hong Kong's fight against the coronavirus by boosting mass testing"),
    ).toBe('PRE');
    expect(primary('Discussing the impact of the coronavirus on Mondelēz International')).toBe('MDLZ');
  });
});

describe('news types, twenty-first pass (set 21 read)', () => {
  it('an analyst-closed view of a company is an analyst view, whatever event words it names (new)', () => {
    expect(type('TSMC forward guidance is a bit too optimistic: Analyst')).toBe('analyst');
    expect(type("ESG concerns weigh on Rio Tinto's strong Q2 results: Analyst")).toBe('analyst');
    expect(type('International markets becoming more crucial to Netflix growth: Analyst')).toBe('analyst');
  });
  it('unowned earnings, forecasts made and a minister’s denial naming no company are macro (new)', () => {
    expect(type('The second quarter is looking like the bottom for earnings: Portfolio manager')).toBe(
      'macro',
    );
    expect(type("Making forecasts at the current juncture is a fool's errand: Economist")).toBe('macro');
    expect(type("Russia doesn't have hackers working for the government, says finance minister")).toBe(
      'macro',
    );
  });
  it('entering a country and boosting capacity are operations (new); a country asked to boost output is not (kept)', () => {
    expect(type('Rapyd enters India to provide one-stop local payment solutions')).toBe('operations');
    expect(type("Prenetics joins Hong Kong's fight against the coronavirus by boosting mass testing")).toBe(
      'operations',
    );
    expect(type('Japan industry ministry asks Australia to boost LNG output amid Iran crisis')).toBe('macro');
  });
});

describe('news direction, twenty-first pass (set 21 read)', () => {
  it('sliding into, facing a cost, a ranked risk and contracting read down (new)', () => {
    expect(direction("U.S.-China relations are 'devolving' into a 'big abyss,' says former ambassador")).toBe(
      'bearish',
    );
    expect(
      direction('Australia faces AU$56 billion fiscal impact from virus policy decisions: Finance minister'),
    ).toBe('bearish');
    expect(direction('Geopolitical tension between Australia and China is a top risk for businesses')).toBe(
      'bearish',
    );
    expect(direction('Global GDP growth to contract 3.8% this year: S&P Global Ratings')).toBe('bearish');
  });
  it('a view held too high and concerns weighing on results read down; an overweight call reads up (new)', () => {
    expect(direction('TSMC forward guidance is a bit too optimistic: Analyst')).toBe('bearish');
    expect(direction("ESG concerns weigh on Rio Tinto's strong Q2 results: Analyst")).toBe('bearish');
    expect(direction("'Strategic overweight' on credit, 'neutral' on global equities: BlackRock")).toBe(
      'bullish',
    );
    expect(direction('IBM and Verizon deal is key to generating new clients: Analyst')).toBe('bullish');
    expect(direction('International markets becoming more crucial to Netflix growth: Analyst')).toBe(
      'bullish',
    );
  });
  it('entering a country reads up; a candidate’s win and a price held in a range move nothing (new)', () => {
    expect(direction('Rapyd enters India to provide one-stop local payment solutions')).toBe('bullish');
    expect(
      direction('Risks of U.S.-China tensions or a Biden win are not yet priced in for oil: Dan Yergin'),
    ).toBe('bearish');
    expect(direction("Brent trading in a 'comfort zone' between $40-44 a barrel: CEO")).toBe('neutral');
  });
  it('a lead label boosting nothing stays no move (kept)', () => {
    expect(
      direction(
        'Boosting Digital Fortresses: Broadcom & Google Cloud Partner To Boost Cybersecurity With AI',
      ),
    ).toBe('neutral');
  });
});
