import { companyIdForCik } from '../../lib/ids.ts';

/** Row schema and real example of GET /v1/etf-holdings (api/routes/etf-holdings.ts), from the demo's IVV file. */

const nullable = (type: string, description?: string) => ({
  type: [type, 'null'],
  ...(description ? { description } : {}),
});
const decimal = (description: string) => ({
  type: ['string', 'null'],
  pattern: '^-?\\d+(\\.\\d+)?$',
  description: `${description}; an exact decimal string as the issuer published it, null when not given`,
});

/** AAPL's line of iShares' IVV file as of 2023-04-06 (fixtures/upstream, the demo's capture). */
export const IVV_AAPL = {
  fund_ticker: 'IVV',
  fund_name: 'iShares Core S&P 500 ETF',
  issuer: 'ishares',
  as_of: '2023-04-06',
  ordinal: 1,
  ticker: 'AAPL',
  name: 'APPLE INC',
  cusip: null,
  isin: null,
  sedol: null,
  sector: 'Information Technology',
  asset_class: 'Equity',
  kind: 'equity',
  weight_pct: '7.12',
  shares: '132089986.00',
  price: '164.66',
  market_value: '21749937094.76',
  notional: '21749937094.76',
  currency: 'USD',
  fx_rate: '1.00',
  exchange: 'NASDAQ',
  location: 'United States',
  accrual_date: null,
  company_id: companyIdForCik('0000320193'),
  company_link: { source: 'ticker', value: 'AAPL' },
  source_url:
    'https://raw.githubusercontent.com/martinbel/shiny-python/0290b7a5a29d8b45d4c5c51a3b997d83b22b0ada/IVV_holdings.csv',
};

export const ETF_HOLDING_SCHEMA = {
  type: 'object',
  required: Object.keys(IVV_AAPL),
  properties: {
    fund_ticker: { type: 'string', description: 'The ETF' },
    fund_name: nullable('string', 'As the file names it'),
    issuer: { type: 'string', enum: ['ishares', 'spdr'] },
    as_of: { type: 'string', format: 'date', description: 'The holdings date the file states' },
    ordinal: {
      type: 'integer',
      description: "1-based line of the issuer's table, the issuer's order (weight descending)",
    },
    ticker: nullable('string', "The holding's ticker as the issuer writes it (iShares `BRKB`, SPDR `BRK.B`)"),
    name: nullable('string'),
    cusip: nullable('string', 'Kept as text (leading zeros); SPDR cash lines carry a private-use 99x CUSIP'),
    isin: nullable('string'),
    sedol: nullable('string'),
    sector: nullable('string'),
    asset_class: nullable('string', "The issuer's asset class text; null when the file has none (SPDR)"),
    kind: {
      type: 'string',
      enum: ['equity', 'cash', 'money_market', 'cash_collateral', 'future', 'other'],
      description:
        'Normalized: from the asset class, or (files without one) cash for a currency line without a ticker or with a private-use CUSIP',
    },
    weight_pct: decimal('Percent of the fund (7.12 = 7.12 %)'),
    shares: decimal('Shares, contracts (futures) or units'),
    price: decimal('Price in the holding currency'),
    market_value: decimal('Market value (a future is 0.00 with its exposure in notional)'),
    notional: decimal('Notional value'),
    currency: nullable('string'),
    fx_rate: decimal('FX rate to the fund currency'),
    exchange: nullable('string'),
    location: nullable('string'),
    accrual_date: nullable('string', 'iShares collateral lines'),
    company_id: nullable('string', 'The registry company the CUSIP, ISIN or (equity) ticker resolved to'),
    company_link: {
      type: ['object', 'null'],
      required: ['source', 'value'],
      properties: {
        source: { type: 'string', enum: ['cusip', 'isin', 'isin_cusip', 'ticker'] },
        value: { type: 'string' },
      },
    },
    source_url: { type: 'string', description: 'The file read' },
  },
};
