/**
 * The requests the API benches send (api.bench.ts, api-instructions.ts): the companies, filings and
 * statements routes, each varied by the request's index so a cache keyed on the whole URL cannot answer
 * every request. BENCH_ROUTES (a comma list of the names) selects some of them.
 */
const TICKERS = ['AAPL', 'MSFT', 'NVDA', 'META', 'BRK-B', 'TSLA', 'V', 'JPM'];

export const ROUTES = {
  companies: (i: number) => `/v1/companies?ticker=${TICKERS[i % TICKERS.length]}`,
  filings: (i: number) => `/v1/filings?ticker=AAPL${i % 2 ? '&filing_type=10-K' : ''}`,
  statements: (i: number) =>
    `/v1/financials/income-statements?ticker=GOOGL&period=${i % 2 ? 'quarterly' : 'annual'}`,
} as const;

export type RouteName = keyof typeof ROUTES;

/** The routes BENCH_ROUTES selects (all three without it). */
export const ONLY = (process.env.BENCH_ROUTES ?? Object.keys(ROUTES).join(','))
  .split(',')
  .filter((r): r is RouteName => r in ROUTES);
