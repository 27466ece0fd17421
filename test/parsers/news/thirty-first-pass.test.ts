import { describe, expect, it } from 'vitest';
import { readLocally } from '../../../parsers/news/reader.ts';
import { passItems } from './fixture-feeds.ts';

// Issue 28, thirty-first pass: set 28's primary-company and direction misses (eight real Nasdaq.com per-symbol RSS responses,
// headlines only). The word rules alone (no text model), linked as `quality:news` links (the whole feed read together); every
// expected value is a hand label of labels-heldout-28.tsv (committed before any parser ran on its items). Each test fails on
// 17f507a8 (main before this branch).
const NASDAQ_SYMBOL =
  'NASDAQ-RSS_symbol-8-tickers_code-index-58881964684_HELDOUT-28_2025-07-17-2026-08-19_EXCERPT_TRANSCRIBED.rss.xml';
const { primary, direction } = passItems([NASDAQ_SYMBOL]);

describe('news, set 28 companies and directions (thirty-first pass)', () => {
  it('a listed ticker standing as the subject of a headline-only item names that listing', () => {
    // labels-heldout-28.tsv: MRK, ROP, MXL, AAOI
    expect(primary('MRK Stock Up 5.6% in a Month as Estimates Fall: Buy, Hold or Sell?')).toBe('MRK');
    expect(primary('ROP Gains From Robust Application Software Unit: A Sign for More Upside?')).toBe('ROP');
    expect(primary('MXL Q2 Earnings Call Highlights Optical AI Data Center Growth')).toBe('MXL');
    expect(primary('AAOI vs. MXL: Which AI Data Center Infrastructure Stock Has an Edge?')).toBe('AAOI');
  });
  it("a name before its ticker in parentheses, a short name the feed writes in full, another listing's name", () => {
    // labels-heldout-28.tsv: AGL, TWST, and four items of companies the registry does not hold (-)
    expect(primary('Why Fast-paced Mover Agilon (AGL) Is a Great Choice for Value Investors')).toBe('AGL');
    expect(primary('Twist Announces Pricing Of $300 Mln Underwritten Upsized Public Offering')).toBe('TWST');
    expect(primary('Oversold Conditions For Mega Fortune Company (MGRT)')).toBeNull();
    expect(
      primary('Alpha Cognition Inc. (ACOG) Surges 8.6%: Is This an Indication of Further Gains?'),
    ).toBeNull();
    expect(
      primary('Mega Fortune Company Limited Completes Initial Public Offering, Raising $15 Million'),
    ).toBeNull();
    expect(primary('How Mega Fortune Stock Tripled This Week')).toBeNull();
  });
  it("a research firm's pick, an insider's or named investor's sale, a stock against its peers decide direction", () => {
    // labels-heldout-28.tsv: bullish x6, bearish x2
    expect(direction('Bull of the Day: Dell (DELL)')).toBe('bullish');
    expect(direction('Why Fast-paced Mover Agilon (AGL) Is a Great Choice for Value Investors')).toBe(
      'bullish',
    );
    expect(direction('Why Corcept Therapeutics (CORT) is a Top Momentum Stock for the Long-Term')).toBe(
      'bullish',
    );
    expect(direction('How to Find Strong Buy Computer and Technology Stocks Using the Zacks Rank')).toBe(
      'bullish',
    );
    expect(direction('Has Agilon Health (AGL) Outpaced Other Medical Stocks This Year?')).toBe('bullish');
    expect(
      direction(
        'What Does the Sale of Atlassian Stock Worth $1.2 Million by Its Chief Revenue Officer Mean for Investors?',
      ),
    ).toBe('bearish');
    expect(direction('Cathie Wood Is Selling This High-Flying Stock. Is It a Buy?')).toBe('bearish');
  });
  it('growth a call highlights or a momentum a company rides is up; a "Will ... beat?" question is a preview', () => {
    // labels-heldout-28.tsv: bullish, bullish, bullish, neutral
    expect(direction('MXL Q2 Earnings Call Highlights Optical AI Data Center Growth')).toBe('bullish');
    expect(
      direction('Atlassian Conference Highlights AI-Led Cloud Growth, Expanding Enterprise Demand'),
    ).toBe('bullish');
    expect(direction('MaxLinear Rides on AI Infrastructure Momentum: More Upside Ahead?')).toBe('bullish');
    expect(direction('Will Dell Technologies (DELL) Beat Estimates Again in Its Next Earnings Report?')).toBe(
      'neutral',
    );
  });
  it("a stock's rise as estimates fall is mixed", () => {
    // labels-heldout-28.tsv: neutral
    const title = 'MRK Stock Up 5.6% in a Month as Estimates Fall: Buy, Hold or Sell?';
    expect(direction(title)).toBe('neutral');
    // (read for the company, as the linker now links it; the word rules alone, the model unset before the file's tests)
    const r = readLocally({
      title,
      summary: null,
      event_type: 'other',
      event_subtype: 'price_move',
      company: 'MRK',
    });
    expect(r.direction).toBe('neutral');
  });
});
