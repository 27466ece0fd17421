import { describe, expect, it } from 'vitest';
import { passItems } from './fixture-feeds.ts';

// Issue 28, ninth pass: the rules read off held-out set 9 (five real Tiingo news API responses recorded in OpenBB's test
// cassettes, provenance in fixtures/news/MANIFEST.tsv) and the items of earlier sets they also settle. The word rules alone
// (no text model), linked against the SEC's company_tickers_exchange.json as `quality:news` links them; every expected value
// is the hand label of the item's label file (labels-heldout-9.tsv, labels-heldout-5/6.tsv, labels.tsv), read before any
// parser ran on it. Each assertion marked "(new)" failed on the parser of 4989e4c (the start of the pass).
const FILES = [
  'TIINGO-API_news_OpenBB-cassette-global-news_HELDOUT-9_2023-11-16.rss.xml',
  'TIINGO-API_news_OpenBB-cassette-world-news_HELDOUT-9_2024-02-22.rss.xml',
  'TIINGO-API_news-tickers-AAPL-MSFT_OpenBB-cassette-company-news_HELDOUT-9_2024-02-22_EXCERPT.rss.xml',
  'TIINGO-API_news-tickers-AAPL-MSFT_OpenBB-cassette-company-news_HELDOUT-9_2024-06-25_EXCERPT.rss.xml',
  'TIINGO-API_news_OpenBB-cassette-world-news_HELDOUT-9_2024-06-27.rss.xml',
  'NEWSAPI_top-headlines-business_samah-dawoud_HELDOUT-6_2024-09-14.rss.xml',
  'NEWSAPI_top-headlines-us_HarshalaUbhare-IBNews_HELDOUT-6_2024-02-02.rss.xml',
  'RTNEWSDATA-API_stock-news-AAPL_thiagoadsix-finance-threader_HELDOUT-6_2022-11-19.rss.xml',
  'CNBC_top-news-and-analysis_RSS_2014-03-13.xml',
  'CNNMONEY_money-topstories_RSS_2018-10-04.xml',
  'PAGES-CORPUS_real-headlines_issue-28_2026-11-29.rss.xml',
  'REUTERS_businessNews_feedburner_RSS_2019-01-19_EXTRACTED-from-dart.xml',
];
const { get, primary, direction } = passItems(FILES);
const type = (title: string) => {
  const c = get(title).classification;
  return `${c.event_type}/${c.event_subtype}`;
};

describe('news types, ninth pass', () => {
  it('company events in words the rules lacked (new)', () => {
    // an insider buying shares; results beating the analysts' numbers; an annual report published
    expect(type('Bill Director buys stock worth $1M (NYSE:BILL)')).toBe('insider/trade');
    expect(type('Carriage beats top-line and bottom-line estimates; initiates Q1 and FY24 outlook')).toBe(
      'earnings/results',
    );
    expect(type('AB Electrolux publishes 2023 Annual Report')).toBe('earnings/results');
    expect(type('What to Watch in Berkshire’s Earnings, Buffett’s Shareholder Letter')).toBe(
      'earnings/results',
    );
    // production started somewhere; a miner's reserves; money landed (set 9) and raised (set 1's CNBC feed)
    expect(
      type('Google to start manufacturing Pixel smartphones in India by next quarter, Nikkei says'),
    ).toBe('operations/production');
    expect(type("Disputed Sigma Lithium land has 'probable' reserves, study shows")).toBe(
      'operations/exploration',
    );
    expect(type('EvolutionaryScale lands $142 mln to advance AI in biology')).toBe('financing/raise');
    expect(type("Neil Young's music start-up raises over $1 million")).toBe('financing/raise');
    // a UK Takeover Code dealing disclosure
    expect(type('Form 8.3 - [MATTIOLI WOODS PLC] - 26 06 2024 - (CGWL)')).toBe('ownership/disclosure');
  });
  it('labour action outweighs the contract it is fought over, in sets 6 and 9 (new)', () => {
    expect(
      type(
        'Tesla Charging Station Maintenance, Expansion In Sweden Under Threat As Trade Union Extends Support To Striking IF Metall',
      ),
    ).toBe('operations/disruption');
    expect(
      type(
        'Striking Boeing factory workers say they are ready to hold out for a better contract - The Associated Press',
      ),
    ).toBe('operations/disruption');
  });
  it('competition law and rules for a market are regulatory, not an outage or nothing (new)', () => {
    expect(type('EU accuses Microsoft of competition breach over Teams bundling')).toBe(
      'regulatory/antitrust',
    );
    expect(type("Microsoft Stock Falls After EU's Competition Objection to Teams Bundling")).toBe(
      'regulatory/antitrust',
    );
    expect(
      type('Retail, institutional investors to be subject to same rules for short selling for fairness'),
    ).toBe('regulatory/rulemaking');
  });
  it('market-research adverts, fund pieces and roundups name no company event (new)', () => {
    expect(
      type(
        'US-Cannabis Market is to grow by USD 46.90 billion between 2022 - 2027 | Aurora Cannabis Inc., Canopy Growth Corp., Charlottes Web Holdings Inc. and more among the key companies',
      ),
    ).toBe('other/market_research');
    expect(type('Should Vanguard S&P 500 Growth ETF (VOOG) Be on Your Investing Radar?')).toBe('other/fund');
    expect(type('Five Things You Need to Know to Start Your Day: Americas')).toBe('macro/markets');
    expect(type('7 things to know before the bell')).toBe('macro/markets');
  });
  it('a buy call is no deal, and a warning against an action is no forecast (new)', () => {
    for (const t of [
      'The Best 7 Tech Stocks to Buy for AI Cloud Exposure',
      'The Cult of Tesla: Are Investors Buying Cars or Castles in the Air?',
      'Why Apple Is The Only FAANG Stock Worth Buying (NASDAQ:AAPL)',
    ])
      expect(type(t).startsWith('m&a/')).toBe(false);
    expect(type('Taiwan warns against travel to China after execution threat').startsWith('guidance/')).toBe(
      false,
    );
    expect(type('Time To Buy These Highly-Ranked Computer Software Stocks')).toBe('analyst/rating_change');
  });
});

describe('news direction, ninth pass', () => {
  it('signed figures, woes (set 6), a threat, a secured future, a risk reduced (new)', () => {
    expect(direction('Eurostoxx futures +0.8% in early European trading')).toBe('bullish');
    expect(direction('iPhone Data Changes Are Biggest Cause of Meta ($META) Woes')).toBe('bearish');
    expect(
      direction(
        'Tesla Charging Station Maintenance, Expansion In Sweden Under Threat As Trade Union Extends Support To Striking IF Metall',
      ),
    ).toBe('bearish');
    expect(direction("Electric van production to secure future of Vauxhall's Luton plant")).toBe('bullish');
    expect(
      direction(
        'Lansdowne Partners Selects HUB to Reduce Operational Risk and Streamline the Production of Performance Metrics',
      ),
    ).toBe('bullish');
    // a cost up N reads down (new); a charge for buyouts stays bearish (labels.tsv); oil down N reads up since the eleventh
    // pass settled the oil convention (labels.tsv relabelled "Oil Prices Down 2%" bearish -> bullish, docs/news.md)
    expect(direction('US July Fourth cookout costs up by 5% this year, survey shows')).toBe('bearish');
    expect(direction('Oil Prices Down 2%')).toBe('bullish');
    expect(direction('FedEx to take up to 575 million charge as it starts voluntary buyouts')).toBe(
      'bearish',
    );
  });
});

describe('news links, ninth pass', () => {
  it('a name with its ticker in parentheses is confirmed when the registry agrees (new)', () => {
    expect(primary('Carriage beats top-line and bottom-line estimates; initiates Q1 and FY24 outlook')).toBe(
      'CSV',
    );
    expect(primary('ChipMOS GAAP EPADS of $0.43, revenue of $187M beats by $12.93M')).toBe('IMOS');
    expect(primary('Ziff Davis beats top-line and bottom-line estimates; initiates FY24 outlook')).toBe('ZD');
  });
  it('a fund is named after its sponsor: no link to a company that shares the word (new)', () => {
    // "Macquarie" was the first word of a fund's name (MACQUARIE/FIRST TRUST ... FUND), "Reaves" of REAVES UTILITY INCOME
    // FUND; "Meridian" opens "Meridian Hedged Equity Fund", not Meridian Corp
    expect(primary('Macquarie invests $190 mln in green aviation fuel supplier SkyNRG')).toBeNull();
    expect(primary('Grades for Austin Reaves, D’Angelo Russell in Lakers win vs. Celtics')).toBeNull();
    expect(get('Meridian Hedged Equity Fund’s Q1 2024 Investor Letter').links).toEqual([]);
  });
});
