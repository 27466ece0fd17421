/** Row schemas and real examples of the market-data routes (spec 2.7), from the demo's captured files. */
const num = { type: ['number', 'null'] };
const str = { type: ['string', 'null'] };
const numStr = (description: string) => ({ type: ['string', 'null'], description });

export const PRICE_EXAMPLE = {
  symbol: 'AAPL',
  company_id: 'cmp_256ba6d445efa9b724e6',
  date: '2025-07-14',
  currency: 'USD',
  open: 209.93,
  high: 210.91,
  low: 207.54,
  close: 208.62,
  adj_close: 208.3835,
  volume: 38840100,
};

export const PRICE_SCHEMA = {
  type: 'object',
  required: Object.keys(PRICE_EXAMPLE),
  properties: {
    symbol: {
      type: 'string',
      description:
        'Listing symbol as the price vendor spells it; non-US symbols keep their market suffix (2330.TW, TSCO.L)',
    },
    company_id: {
      ...str,
      description: 'null for a symbol the registry does not know (served when asked for by symbol)',
    },
    date: { type: 'string', format: 'date', description: 'Local trading date at the exchange' },
    currency: {
      ...str,
      description:
        'Quote currency exactly as the source gives it: GBp is pence, never pounds; null when the source names none',
    },
    open: num,
    high: num,
    low: num,
    close: {
      ...num,
      description:
        'Traded close (split-adjusted when the vendor restated history for a split, never dividend-adjusted); null when the only source gives adjusted prices (stooq, yfinance auto-adjusted exports)',
    },
    adj_close: {
      ...num,
      description:
        'Close adjusted for splits and dividends as of the fetch (Yahoo method); dividends and splits come from the source events block',
    },
    volume: { type: ['integer', 'null'], description: 'Shares traded; 0 is data' },
  },
};

export const MARKET_CAP_EXAMPLE = {
  symbol: '2330.TW',
  company_id: 'cmp_d8e46370b07c45c6c40a',
  date: '2025-07-14',
  currency: 'TWD',
  market_cap: '28396342899990.00',
};

export const MARKET_CAP_SCHEMA = {
  type: 'object',
  required: Object.keys(MARKET_CAP_EXAMPLE),
  properties: {
    symbol: { type: 'string' },
    company_id: { type: 'string' },
    date: { type: 'string', format: 'date' },
    currency: {
      type: 'string',
      description: 'Currency of market_cap: the major unit of the quote currency (GBp -> GBP)',
    },
    market_cap: {
      type: 'string',
      description:
        "Traded close x shares outstanding (dei:EntityCommonStockSharesOutstanding, the newest count filed on or before the date, at most 400 days old): the listing's own class where the filing names the class's trading symbol (GOOGL = class A shares), else the company's count; a depositary-receipt listing has none (its ratio is not held)",
    },
  },
};

export const BENCHMARK_EXAMPLE = {
  symbol: 'GC=F',
  kind: 'commodity',
  name: 'Gold',
  exchange: 'CMX',
  currency: 'USD',
};

export const BENCHMARK_SCHEMA = {
  type: 'object',
  required: Object.keys(BENCHMARK_EXAMPLE),
  properties: {
    symbol: { type: 'string', description: "The data vendor's spelling; take it from this registry" },
    kind: { type: 'string', enum: ['index', 'commodity'] },
    name: { type: 'string' },
    exchange: str,
    currency: { type: 'string', description: 'Quote currency; USX is US cents' },
  },
};

export const SERIES_EXAMPLE = {
  symbol: 'ZC=F',
  kind: 'commodity',
  name: 'Corn',
  date: '2025-09-08',
  open: 398,
  high: 403.75,
  low: 394,
  close: 403,
  volume: 549,
  currency: 'USX',
  close_major: 4.03,
  currency_major: 'USD',
};

export const SERIES_SCHEMA = {
  type: 'object',
  required: Object.keys(SERIES_EXAMPLE),
  properties: {
    ...Object.fromEntries(Object.keys(SERIES_EXAMPLE).map((k) => [k, num])),
    symbol: { type: 'string' },
    kind: { type: 'string', enum: ['index', 'commodity'] },
    name: { type: 'string' },
    date: { type: 'string', format: 'date', description: 'As the source gives it; weekend rows are kept' },
    close: { type: 'number' },
    currency: { type: 'string', description: 'As quoted; USX is US cents' },
    close_major: {
      type: 'number',
      description: 'close in the major unit: close / 100 for USX, else equal to close',
    },
    currency_major: { type: 'string', description: 'USD for USX, else equal to currency' },
  },
};

export const SHORT_INTEREST_EXAMPLE = {
  company_id: 'cmp_256ba6d445efa9b724e6',
  ticker: 'AAPL',
  issue_name: 'Apple Inc. Common Stock',
  category: 'R',
  market_class_code: 'NNM',
  settlement_date: '2026-04-30',
  current_short_position: 134675274,
  previous_short_position: 134422787,
  change_previous: 252487,
  change_percent: '0.19',
  average_daily_volume: 45944025,
  days_to_cover: '2.93',
  days_to_cover_computed: false,
  float_shares: null,
  float_as_of: null,
  short_percent_float: null,
  short_percent_outstanding: null,
  revision_flag: null,
  stock_split_flag: null,
};

export const SHORT_INTEREST_SCHEMA = {
  type: 'object',
  required: Object.keys(SHORT_INTEREST_EXAMPLE),
  properties: {
    company_id: { type: 'string' },
    ticker: { type: 'string', description: "FINRA's symbol, verbatim (ABRPRD is a preferred series)" },
    issue_name: str,
    category: { ...str, description: "FINRA's issuer services group / market category" },
    market_class_code: { ...str, description: 'NNM, NYSE, OTC, ...' },
    settlement_date: { type: 'string', format: 'date' },
    current_short_position: { type: ['integer', 'null'] },
    previous_short_position: { type: ['integer', 'null'] },
    change_previous: { type: ['integer', 'null'], description: 'Shares' },
    change_percent: numStr('Percent, as published'),
    average_daily_volume: { type: ['integer', 'null'] },
    days_to_cover: numStr(
      'As published; null when FINRA prints 999.99 (no average volume); computed when absent (see days_to_cover_computed)',
    ),
    days_to_cover_computed: {
      type: 'boolean',
      description: 'Extension: true when days_to_cover was computed from the average daily volume',
    },
    float_shares: {
      type: ['integer', 'null'],
      description:
        "Shares outstanding (dei, filed on or before the settlement, at most 400 days old; the symbol's class where the filing names it, else the company's); free float is not published in XBRL",
    },
    float_as_of: {
      ...str,
      format: 'date',
      description: 'As-of date of float_shares (the cover-page date of the count)',
    },
    short_percent_float: numStr(
      'current_short_position / float_shares x 100; null means no share count, not zero shorts',
    ),
    short_percent_outstanding: numStr(
      'current_short_position / shares outstanding x 100; null means no share count',
    ),
    revision_flag: str,
    stock_split_flag: str,
  },
};
