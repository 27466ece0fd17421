/** Row schemas and real examples of the consensus and calendar routes (from the recorded Yahoo files). */
const num = { type: ['number', 'null'] };
const int = { type: ['integer', 'null'] };
const str = { type: ['string', 'null'] };
const date = { type: ['string', 'null'], format: 'date' };
const time = { type: ['string', 'null'], format: 'date-time' };

const AAPL_TREND =
  'https://query2.finance.yahoo.com/v10/finance/quoteSummary/AAPL?formatted=false&modules=earningsTrend';
const EPS_EVIDENCE =
  "Yahoo's EPS consensus and actuals are on the analysts' (street) basis: the company's adjusted EPS where it publishes one, else GAAP. Evidence: Salesforce's quarter ended 2024-10-31 has epsActual 2.41, its non-GAAP diluted EPS (GAAP diluted EPS was 1.58); Apple, which publishes no adjusted EPS, has 2.40 for the quarter ended 2024-12-31, its GAAP diluted EPS.";

export const ESTIMATE_EXAMPLE = {
  symbol: 'AAPL',
  company_id: 'cmp_256ba6d445efa9b724e6',
  provider: 'yahoo',
  as_of: '2025-02-24',
  period_code: '0q',
  period_type: 'quarter',
  period_end: '2025-03-31',
  metric: 'eps',
  currency: 'USD',
  basis: 'adjusted',
  basis_evidence: EPS_EVIDENCE,
  avg: 1.60796,
  low: 1.5,
  high: 1.67,
  year_ago: 1.53,
  growth: 0.051,
  analysts: 27,
  source: AAPL_TREND,
  fetched_at: '2025-02-24T09:35:00Z',
  trend: { current: 1.60796, '7d_ago': 1.61018, '30d_ago': 1.67117, '60d_ago': 1.6786, '90d_ago': 1.68215 },
  revisions: { up_7d: 0, up_30d: 3, down_7d: 1, down_30d: 20 },
};

export const ESTIMATE_SCHEMA = {
  type: 'object',
  required: Object.keys(ESTIMATE_EXAMPLE),
  properties: {
    symbol: {
      type: 'string',
      description: 'Listing symbol as the provider spells it (OCDO.L keeps its suffix)',
    },
    company_id: { ...str, description: 'null for a symbol the registry does not know' },
    provider: { type: 'string', description: 'yahoo' },
    as_of: { type: 'string', format: 'date', description: 'Day of the snapshot (UTC date of the fetch)' },
    period_code: {
      type: 'string',
      description: "The provider's period code on the company's fiscal calendar: 0q, +1q, 0y, +1y, +5y, -5y",
    },
    period_type: { type: 'string', enum: ['quarter', 'year', 'long_term'] },
    period_end: { ...date, description: 'Fiscal period end; null for the long-term growth rates' },
    metric: {
      type: 'string',
      enum: ['eps', 'revenue', 'eps_growth'],
      description:
        'eps per share (never scaled); revenue in full currency units; eps_growth a yearly rate (0.12 = 12%)',
    },
    currency: {
      ...str,
      description: 'Currency of the figures as the provider names it (BABA: CNY, per ADS)',
    },
    basis: {
      type: 'string',
      enum: ['adjusted', 'gaap', 'reported', 'unspecified'],
      description: 'Accounting basis: adjusted (street EPS), reported (revenue)',
    },
    basis_evidence: { type: 'string', description: 'Why the basis is what it says' },
    avg: num,
    low: num,
    high: num,
    year_ago: { ...num, description: 'The same period a year earlier (EPS or revenue)' },
    growth: { ...num, description: 'Growth of avg over year_ago as a ratio (0.051 = 5.1%)' },
    analysts: { ...int, description: 'Number of analysts; a period without analysts is not listed' },
    source: { type: 'string' },
    fetched_at: { type: 'string', format: 'date-time' },
    trend: {
      type: ['object', 'null'],
      description: 'EPS only: the consensus now and 7/30/60/90 days ago',
    },
    revisions: {
      type: ['object', 'null'],
      description: 'EPS only: analysts revising up or down over the last 7 and 30 days',
    },
  },
};

export const HISTORY_EXAMPLE = {
  symbol: 'CRM',
  company_id: 'cmp_57b138b8283c483cf269',
  provider: 'yahoo',
  period_end: '2024-10-31',
  currency: 'USD',
  eps_actual: 2.41,
  actual_basis: 'adjusted',
  eps_estimate: 2.44585,
  estimate_basis: 'adjusted',
  basis_evidence: EPS_EVIDENCE,
  surprise: -0.03585,
  surprise_percent: -0.014657,
  surprise_reason: null,
  provider_surprise_percent: -0.0147,
  source:
    'https://query2.finance.yahoo.com/v10/finance/quoteSummary/CRM?formatted=false&modules=earningsHistory',
  fetched_at: '2025-02-24T09:35:00Z',
};

export const HISTORY_SCHEMA = {
  type: 'object',
  required: Object.keys(HISTORY_EXAMPLE),
  properties: {
    symbol: { type: 'string' },
    company_id: str,
    provider: { type: 'string' },
    period_end: {
      type: 'string',
      format: 'date',
      description: 'Fiscal quarter end as the provider gives it',
    },
    currency: str,
    eps_actual: { ...num, description: "The provider's actual EPS (on actual_basis)" },
    actual_basis: { type: 'string' },
    eps_estimate: { ...num, description: 'The consensus before the report' },
    estimate_basis: { type: 'string' },
    basis_evidence: { type: 'string' },
    surprise: {
      ...num,
      description: 'eps_actual - eps_estimate; null unless both bases and currencies match',
    },
    surprise_percent: {
      ...num,
      description: 'surprise / |eps_estimate| as a ratio; null for a zero estimate',
    },
    surprise_reason: {
      ...str,
      description:
        'Why surprise is null (basis_mismatch, actual_basis_unknown, no_estimate, currency_mismatch...)',
    },
    provider_surprise_percent: { ...num, description: "The provider's own surprise ratio, as published" },
    source: { type: 'string' },
    fetched_at: { type: 'string', format: 'date-time' },
  },
};

export const CALENDAR_EXAMPLE = {
  company_id: 'cmp_57b138b8283c483cf269',
  symbol: 'CRM',
  company_name: 'Salesforce, Inc.',
  date: '2025-02-26',
  date_end: null,
  time_of_day: 'after_market',
  status: 'confirmed',
  starts_at: '2025-02-26T21:00:00Z',
  call_at: '2025-02-26T22:00:00Z',
  eps_estimate: 2.61462,
  revenue_estimate: 10035572950,
  source: 'yahoo',
  accession_number: null,
  source_url:
    'https://query2.finance.yahoo.com/v10/finance/quoteSummary/CRM?formatted=false&modules=calendarEvents',
};

export const CALENDAR_SCHEMA = {
  type: 'object',
  required: Object.keys(CALENDAR_EXAMPLE),
  properties: {
    company_id: str,
    symbol: { type: 'string', description: "Listing symbol (the registry's primary ticker for 8-K rows)" },
    company_name: str,
    date: {
      type: 'string',
      format: 'date',
      description: 'Local date on the listing market (New York for 8-Ks)',
    },
    date_end: { ...date, description: 'End of an estimated window; null for one date' },
    time_of_day: { type: 'string', enum: ['before_market', 'during_market', 'after_market', 'unknown'] },
    status: {
      type: 'string',
      enum: ['reported', 'confirmed', 'estimated'],
      description: 'reported: an 8-K Item 2.02 was filed; confirmed/estimated: the provider says so',
    },
    starts_at: {
      ...time,
      description: '8-K: EDGAR acceptance time; provider: the announced time (confirmed only)',
    },
    call_at: { ...time, description: "The provider's earnings-call time, when given" },
    eps_estimate: { ...num, description: 'Consensus EPS for the period reported (provider rows)' },
    revenue_estimate: { ...num, description: 'Consensus revenue, full currency units (provider rows)' },
    source: { type: 'string', description: 'sec_8k_item_2.02 or the provider (yahoo)' },
    accession_number: { ...str, description: 'The 8-K (reported rows)' },
    source_url: str,
  },
};
