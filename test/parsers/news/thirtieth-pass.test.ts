import { describe, expect, it } from 'vitest';
import { passItems } from './fixture-feeds.ts';

// Issue 28, thirtieth pass: the formats of set 28 (eight real Nasdaq.com per-symbol RSS responses, headlines only). The word rules
// alone (no text model), linked as `quality:news` links; every expected type is a hand label of labels-heldout-28.tsv (committed
// before any parser ran on its items). Each test fails on the parser of 94a52e61 (this branch before its rules).
const NASDAQ_SYMBOL =
  'NASDAQ-RSS_symbol-8-tickers_code-index-58881964684_HELDOUT-28_2025-07-17-2026-08-19_EXCERPT_TRANSCRIBED.rss.xml';
// (and two headlines of sets 5 and 18 that the same pass's stock-pick and yardstick rules read)
const ALPHAVANTAGE = 'ALPHAVANTAGE-API_news-sentiment_michaelpaulcuccia-soldi_HELDOUT-5_2026-11-29.rss.xml';
const YAHOO_TSLA = 'YAHOO-FINANCE-RSS_headline-TSLA_code-index-11138408408_HELDOUT-18_2025-07-25-26.rss.xml';
const { type, get } = passItems([NASDAQ_SYMBOL, ALPHAVANTAGE, YAHOO_TSLA]);

describe('news, set 28 formats (thirtieth pass)', () => {
  it('stocks picked by a count anywhere or as "Top ... Stocks" are a stock-picking piece, not the market', () => {
    // labels-heldout-28.tsv: other, other
    expect(type('Why Investors Need to Take Advantage of These 2 Computer and Technology Stocks Now')).toBe(
      'other',
    );
    expect(type('Top Big Data Stocks Tapping the Surging Demand for AI Analytics')).toBe('other');
  });
  it('a ticker-named company compared with a group of stocks is a price note on it', () => {
    // labels-heldout-28.tsv: other (AGL, CORT)
    const agl = get('Has Agilon Health (AGL) Outpaced Other Medical Stocks This Year?').classification;
    expect([agl.event_type, agl.event_subtype]).toEqual(['other', 'price_move']);
    expect(type('Are Medical Stocks Lagging Corcept Therapeutics (CORT) This Year?')).toBe('other');
  });
  it("analysts' rally, a style pick, an officer's sale as a noun, a named investor selling 'this' stock", () => {
    // labels-heldout-28.tsv: analyst, analyst, analyst, insider, insider, ownership
    expect(
      type('Does MaxLinear (MXL) Have the Potential to Rally 31.25% as Wall Street Analysts Expect?'),
    ).toBe('analyst');
    expect(type('Bull of the Day: Dell (DELL)')).toBe('analyst');
    expect(type('Why Fast-paced Mover Agilon (AGL) Is a Great Choice for Value Investors')).toBe('analyst');
    expect(
      type(
        'What Does the Sale of Atlassian Stock Worth $1.2 Million by Its Chief Revenue Officer Mean for Investors?',
      ),
    ).toBe('insider');
    expect(
      type(
        "Corcept's CFO Set His Selling Plan the Month the Stock Fell 50% — Here's What Investors Should Know",
      ),
    ).toBe('insider');
    expect(type('Cathie Wood Is Selling This High-Flying Stock. Is It a Buy?')).toBe('ownership');
  });
  it("a year's guidance or revenue view raised beside results is guidance; an IPO completed is a listing", () => {
    // labels-heldout-28.tsv: guidance, guidance, listing
    expect(
      type('Agilon Health Swings To Q2 Net Profit; Guides For Q3;Lifts 2026 Revenue View; Stock Gains'),
    ).toBe('guidance');
    expect(type('Twist Bioscience (TWST): Q3 Revenue Jumps 23% As FY2026 Guidance Raised')).toBe('guidance');
    expect(type('Mega Fortune Company Limited Completes Initial Public Offering, Raising $15 Million')).toBe(
      'listing',
    );
  });
  it('an index a stock stacks up against is its yardstick; "these ... stocks" poised to do something are picks', () => {
    // labels-heldout-5.tsv: other; labels-heldout-18.tsv: other
    expect(
      type(
        "Berkshire Hathaway Stock Up 19% So Far In 2024: How It Stacks Up Against Warren Buffett's Averages, S&P 500 - Apple ( NASDAQ:AAPL ) , American Express ( NYSE:AXP )",
      ),
    ).toBe('other');
    expect(type('Hurricane season is heating up and these Canadian oil stocks are poised to benefit')).toBe(
      'other',
    );
  });
});
