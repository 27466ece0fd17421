import { describe, expect, it } from 'vitest';
import { passItems } from './fixture-feeds.ts';

// Issue 28, twenty-ninth pass: format rules read off the largest classes of event-type misses over all labelled sets (sets 1-27).
// The word rules alone (no text model), linked as `quality:news` links; every expected type and direction is a hand label of the
// labels file named beside it (each committed before any parser ran on its items). Each 'new' test fails on the parser of a79d49f7
// (main before this pass); a draft with the market-label rule and without the storm rule read the second newsletter item bullish.
const NASDAQ_STOCKS = 'NASDAQ-RSS_stocks_areed1192-finance-news-aggregator_HELDOUT-13_2020-08-26.rss.xml';
const NASDAQ_EARNINGS =
  'NASDAQ-RSS_earnings_areed1192-finance-news-aggregator_HELDOUT-13_2020-08-17-26.rss.xml';
const ALPHAVANTAGE = 'ALPHAVANTAGE-API_news-sentiment_michaelpaulcuccia-soldi_HELDOUT-5_2026-11-29.rss.xml';
const PRN_DE = 'PRNEWSWIRE_list-page-multimedia_iCyanCorporation-opendomains_HELDOUT-7_2025-05-08.rss.xml';
const WIRES = 'NEWSAPI_everything-press-wires_01edie-renewsearcher_HELDOUT-8_2022-11-21.rss.xml';
const ORACLE = 'ORACLE-PRESS-RSS_rss-pr_hlan-net-river5_HELDOUT-26_2018-11-14-2019-01-13_TRANSCRIBED.rss.xml';
const TMX_SHOP = 'TMX-MONEY-API_news-SHOP_OpenBB-cassette-company-news_HELDOUT-11_2023-12-27.rss.xml';
const CNN = 'CNNMONEY_money-topstories_RSS_2018-10-04.xml';
const FMP5 = 'FMP-API_news-items_codemug-aiofmp_HELDOUT-5_2026-11-29.rss.xml';
const FMP6 = 'FMP-API_stock-crypto-forex-news_KyngCoder-finetic_HELDOUT-6_2020-2022.rss.xml';
const SA_MSFT = 'SEEKINGALPHA_symbol-MSFT_RSS_2017-10-26_EXTRACTED-27-of-30-items-from-ts.xml';
const INTRINIO = 'INTRINIO-API_companies-news_OpenBB-cassette-global-news_HELDOUT-10_2023-10-16.rss.xml';
const MARKETWATCH =
  'MARKETWATCH-RSS_topstories_areed1192-finance-news-aggregator_HELDOUT-13_2020-08-04.rss.xml';
const { get, type, direction } = passItems([
  NASDAQ_STOCKS,
  NASDAQ_EARNINGS,
  ALPHAVANTAGE,
  PRN_DE,
  WIRES,
  ORACLE,
  TMX_SHOP,
  CNN,
  FMP5,
  FMP6,
  SA_MSFT,
  INTRINIO,
  MARKETWATCH,
]);

describe('news, format rules from the largest type-miss classes of sets 1-27 (twenty-ninth pass)', () => {
  it('a ticker in parentheses before a stock move is a price note that moves with the stock, registry or not (new)', () => {
    // labels-heldout-13.tsv: other, bearish (Aphria is in no registry); labels-heldout-5.tsv: other, bearish
    const aphria = 'Aphria Inc. (APHA) Stock Sinks As Market Gains: What You Should Know';
    expect(get(aphria).classification.event_subtype).toBe('price_move');
    expect(direction(aphria)).toBe('bearish');
    expect(direction('Arm Holdings ( ARM ) Down 33% in a Month: Should You Buy the Dip?')).toBe('bearish');
    // labels-heldout-13.tsv: other, bullish
    const peloton = 'Peloton (PTON) Outpaces Stock Market Gains: What You Should Know';
    expect(get(peloton).classification.event_subtype).toBe('price_move');
    expect(direction(peloton)).toBe('bullish');
  });
  it("a company's innovations and a German release's presentation are product launches (new)", () => {
    // labels-heldout-8.tsv, labels-heldout-26.tsv, labels-heldout-7.tsv: product
    expect(
      type('United Imaging Drives Forward Several Major Innovations in Multiple Imaging Modalities'),
    ).toBe('product');
    expect(type('Oracle Retail Omnichannel Suite Innovations Power New Consumer Experiences')).toBe(
      'product',
    );
    expect(type('Sungrow FPV stellt neue schwimmende PV-Systemlösungen auf der Intersolar Europe vor')).toBe(
      'product',
    );
    expect(
      type(
        'TÜV NORD-zertifiziert, um Hurrikans der Kategorie 17+ standzuhalten! POLYSHINE SOLAR präsentiert seine leichten, flexiblen PV-Module auf der THE SMARTER E EUROPE',
      ),
    ).toBe('product');
  });
  it('a German release calling someone to the board is an appointment (new)', () => {
    // labels-heldout-7.tsv: management
    expect(type('ACTO BERUFT EHEMALIGE J&J PRESIDENT IN DEN VORSTAND')).toBe('management');
  });
  it('a sum taken in sales, or sales numbers, outside a reporting period are operations (new)', () => {
    // labels-heldout-11.tsv and the pool (labels.tsv): operations
    expect(type('Shopify Merchants Drive Record-High $9.3 Billion in Black Friday-Cyber Monday Sales')).toBe(
      'operations',
    );
    expect(type('Tesla needed some good news. These sales numbers help')).toBe('operations');
  });
  it('a currency pair and a label naming the market before the colon are market items (new)', () => {
    // labels-heldout-5.tsv, labels-heldout-6.tsv, labels-heldout-13.tsv: macro
    expect(type('EUR/USD trims losses but still sheds weight')).toBe('macro');
    expect(type('NZD/JPY Ready To Approach Day’s Top')).toBe('macro');
    expect(
      type('Daily Markets: Once Again, Eyes Are on Retail Earnings and Washington Stimulus Efforts'),
    ).toBe('macro');
  });
  it('a newsletter label types its item macro, and a storm upgraded to a category in its lede is no rating move (new)', () => {
    // labels-heldout-13.tsv: macro, neutral (its lede: Hurricane Laura "upgraded to a Category 4 hurricane")
    const t = "Daily Markets: What You Need to Know About Today's Trading";
    expect(type(t)).toBe('macro');
    expect(direction(t)).toBe('neutral');
  });
  it('a counted list of stocks opening a headline is a stock pick (new)', () => {
    // labels-heldout-3.tsv and labels-heldout-10.tsv: other
    expect(type('2 More Stocks That Warrant Consideration, Even This Close To Their 52-Week Highs')).toBe(
      'other',
    );
    expect(type('The 10 Most Shorted Stocks Include 3 Tesla Rivals, But Not TSLA')).toBe('other');
  });
  it("what a company's earnings show is an earnings item (new)", () => {
    // labels-heldout-13.tsv: earnings, bullish
    const t = 'Pandemic has boosted online dating, Match Group earnings show';
    expect(type(t)).toBe('earnings');
    expect(direction(t)).toBe('bullish');
  });
});
