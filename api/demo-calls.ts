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
  { family: 'documents (retrieval)', path: '/v1/documents/by-ticker/AAPL?limit=5' },
];
