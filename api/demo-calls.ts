/**
 * One working call per route family on the demo data (`npm start`, offline mirror): the start banner prints
 * them as `Try:` lines and the demo contract test (test/contract/demo-examples.test.ts) requires each to
 * answer 2xx with data. A new family adds one line here, with a company the demo really holds.
 */
export interface DemoCall {
  family: string;
  /** Path and query under the API's base URL. */
  path: string;
}

export const DEMO_CALLS: readonly DemoCall[] = [
  { family: 'companies', path: '/v1/companies?ticker=AAPL' },
  { family: 'filings', path: '/v1/filings?ticker=AAPL&filing_type=10-K&limit=3' },
  {
    family: 'filing items',
    path: '/v1/filings/items?ticker=AAPL&filing_type=8-K&year=2000&accession_number=0000912057-00-002128',
  },
  { family: 'financials', path: '/v1/financials/income-statements?ticker=GOOGL&period=annual&limit=2' },
  { family: 'company facts', path: '/v1/company/facts?ticker=AAPL' },
  {
    family: 'form 20-F',
    path: '/v1/companies/TSM/20f/xbrl-facts?tag=ifrs-full:Revenue&period_end=2024-12-31',
  },
  {
    family: 'market data',
    path: '/v1/companies/AAPL/market-data?series=prices&date_gte=2025-07-14&date_lte=2025-10-29',
  },
  { family: 'market cap', path: '/v1/companies/TSM/market-data?series=market_cap' },
  { family: 'benchmarks', path: '/v1/benchmarks?q=gold' },
  { family: 'benchmark series', path: '/v1/benchmarks/ZC%3DF?date_gte=2025-09-08' },
  { family: 'short interest', path: '/v1/companies/AAPL/short-interest' },
  { family: '13F holdings', path: '/v1/institutional-holdings?ticker=AAPL' },
  { family: 'insider trades', path: '/v1/insider-trades?ticker=AAPL' },
  { family: 'executive pay', path: '/v1/companies/CBT/executive-compensation?ceo_only=true' },
  { family: 'proxy ownership', path: '/v1/companies/TURN/proxy-ownership?owner_kind=major_holder' },
  { family: 'advisers', path: '/v1/institutions?q=citadel' },
  { family: 'adviser profile', path: '/v1/institutions/crd:148826' },
  { family: 'investors', path: '/v1/investors?q=tiger' },
  { family: 'private companies', path: '/v1/private-companies?is_pooled_fund=true&exemption=3(c)(7)' },
  { family: 'fund holdings (N-PORT)', path: '/v1/funds/fnd_S000013795/holdings?limit=5' },
  { family: 'fund holders', path: '/v1/companies/AAPL/fund-holders' },
  { family: 'ETF daily holdings (issuer files)', path: '/v1/etf-holdings?ticker=SPY&limit=5' },
  { family: 'Taiwan monthly revenue', path: '/v1/companies/2330.TW/tw/monthly-revenue' },
  { family: 'Korea financials', path: '/v1/companies/005930.KS/kr/financials?year=2023&statement=income' },
  { family: 'disclosures', path: '/v1/companies/005930.KS/disclosures' },
  {
    family: 'screening',
    path: '/v1/screen?filter=revenue:gte:1000000000&filter=net_margin:gte:0.3&sort=-revenue',
  },
  { family: '8-K events', path: '/v1/companies/AAPL/8k-events' },
  { family: 'news', path: '/v1/companies/VLD/news/events?min_impact=40' },
  { family: 'documents (retrieval)', path: '/v1/documents/by-ticker/AAPL?limit=5' },
  { family: 'events (pull feed)', path: '/v1/events?types=filing.published&tickers=AAPL&after=0&limit=5' },
  { family: 'earnings (press releases)', path: '/v1/companies/AAPL/earnings?fiscal_year=2011' },
  { family: 'company measures', path: '/v1/companies/AAPL/measures?measure=units_sold' },
  { family: 'guidance', path: '/v1/companies/AAPL/guidance?metric=eps_diluted' },
  { family: 'guidance changes', path: '/v1/companies/AAPL/guidance/changes' },
  { family: 'consensus', path: '/v1/companies/CRM/consensus?series=history' },
  { family: 'earnings calendar', path: '/v1/calendar/earnings?date_gte=2025-01-01' },
  { family: 'prediction markets', path: '/v1/prediction-markets?status=open' },
];

/**
 * The live event stream (docs/events.md): a stream token, then the SSE stream with it, as one shell line the
 * banner prints after the `Try:` lines (`after=0` replays the log from its start, then follows it live).
 */
export const streamDemoCall = (base: string, key = '<key>') =>
  `curl -N "${base}/v1/events/stream?after=0&token=$(curl -s -H "Authorization: Bearer ${key}" "${base}/v1/events/stream-token?types=filing.published,8k_event.published" | sed -E 's/.*"token":"([^"]+)".*/\\1/')"`;

/**
 * Webhooks (docs/webhooks.md): the subscription example the start banner and the README print. A POST, so
 * not a DEMO_CALLS line; the demo allows a receiver on this machine (WEBHOOKS_ALLOW_PRIVATE defaults to 1
 * with the offline mirror).
 */
export const demoSubscriptionCurl = (base: string, key = '<key>') =>
  `curl -X POST -H "Authorization: Bearer ${key}" -H "Content-Type: application/json" "${base}/v1/events/subscriptions" -d '{"url":"http://127.0.0.1:9000/hook","types":["filing.published"],"filters":{"tickers":["AAPL"]}}'`;
