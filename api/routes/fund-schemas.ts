/** Row schemas and real examples of the fund routes (api/routes/funds.ts), from the demo's N-PORT filings. */

const nullable = (type: string | string[], description?: string) => ({
  type: [...(Array.isArray(type) ? type : [type]), 'null'],
  ...(description ? { description } : {}),
});

export const DUPREE_FUND = {
  fund_id: 'fnd_S000012000',
  name: 'Kentucky Tax-Free Short-to-Medium Series',
  series_id: 'S000012000',
  series_lei: '5493006TF05454RBY690',
  registrant: {
    cik: '0000311101',
    name: 'Dupree Mutual Funds',
    lei: '549300S8YVGTJ1NMTW57',
    file_number: '811-02918',
  },
  classes: [{ class_id: 'C000032728', ticker: null }],
  latest_report_date: '2022-12-31',
  net_assets: 41349926.01,
  total_assets: 41468995.88,
  is_final_filing: false,
  reports: 1,
};

export const FUND_SCHEMA = {
  type: 'object',
  required: Object.keys(DUPREE_FUND),
  properties: {
    fund_id: {
      type: 'string',
      description:
        '`fnd_` + the series id (`fnd_S000012000`); `fnd_R` + the 10-digit registrant CIK for a fund filed without a series',
    },
    name: { type: 'string', description: 'The series name, else the registrant name' },
    series_id: nullable('string'),
    series_lei: nullable('string'),
    registrant: {
      type: 'object',
      required: ['cik', 'name', 'lei', 'file_number'],
      properties: {
        cik: { type: 'string', pattern: '^\\d{10}$' },
        name: nullable('string'),
        lei: nullable('string'),
        file_number: nullable('string', 'Investment Company Act file number (811-)'),
      },
    },
    classes: {
      type: 'array',
      description:
        'Share classes the latest N-PORT header lists; `ticker` when a ticker source names one (N-PORT itself carries none)',
      items: {
        type: 'object',
        required: ['class_id', 'ticker'],
        properties: { class_id: { type: 'string' }, ticker: nullable('string') },
      },
    },
    latest_report_date: {
      type: 'string',
      format: 'date',
      description: 'Holdings date (`repPdDate`) of the newest report in force',
    },
    net_assets: nullable('number', 'US dollars, as filed in that report'),
    total_assets: nullable('number', 'US dollars, as filed'),
    is_final_filing: nullable(
      'boolean',
      'The report says it is the fund’s final N-PORT (liquidated or merged)',
    ),
    reports: { type: 'integer', description: 'Reports in force (one per report date)' },
  },
};

export const DUPREE_REPORT = {
  accession_number: null,
  submission_type: 'NPORT-P',
  report_date: '2022-12-31',
  fiscal_year_end: '2023-06-30',
  filing_date: null,
  net_assets: 41349926.01,
  total_assets: 41468995.88,
  total_liabilities: 119069.87,
  positions: 55,
  superseded_by: null,
  class_returns: [{ classId: 'C000032728', rtn1: -0.05, rtn2: 2.15, rtn3: 0.15 }],
  source_url:
    'https://raw.githubusercontent.com/dgunning/edgartools/ca5a70094da7fc34890161dae9c256bb1f4c3d26/data/NPORT.Dupree.xml',
};

export const REPORT_SCHEMA = {
  type: 'object',
  required: Object.keys(DUPREE_REPORT),
  properties: {
    accession_number: nullable(
      'string',
      'null for a document read without its accession (demo captures: see source_url)',
    ),
    submission_type: { type: 'string', enum: ['NPORT-P', 'NPORT-P/A'] },
    report_date: {
      type: 'string',
      format: 'date',
      description: '`repPdDate`: the date the holdings are as of',
    },
    fiscal_year_end: nullable('string', '`repPdEnd`: the fund’s fiscal year end, not the holdings date'),
    filing_date: nullable('string'),
    net_assets: nullable('number'),
    total_assets: nullable('number'),
    total_liabilities: nullable('number'),
    positions: { type: 'integer' },
    superseded_by: nullable(
      'string',
      'The filing (an NPORT-P/A) that replaces this report; its holdings are not served',
    ),
    class_returns: {
      type: 'array',
      description:
        'Monthly total returns per class in percent, as filed (`rtn1`..`rtn3`: the quarter’s months)',
    },
    source_url: { type: 'string' },
  },
};

export const LOUISVILLE = {
  fund_id: 'fnd_S000012000',
  report_date: '2022-12-31',
  accession_number: null,
  ordinal: 54,
  name: 'UNIVERSITY LOUISVILLE KY',
  title: 'KY ULVHGR 5 03/01/2024',
  cusip: '914391Q83',
  isin: 'US914391Q837',
  ticker: 'ULVHGR',
  lei: null,
  other_ids: [{ desc: 'Internal', value: '914391Q8' }],
  balance: 2000000,
  units: 'PA',
  units_desc: null,
  currency: 'USD',
  exchange_rate: null,
  value_usd: 2041380,
  value_in_currency: 2041380,
  pct_of_net_assets: 4.9368407564,
  payoff_profile: 'Long',
  asset_category: 'DBT',
  asset_category_desc: null,
  issuer_category: 'MUN',
  issuer_category_desc: null,
  country: 'US',
  is_restricted: false,
  fair_value_level: '2',
  is_loaned_by_fund: false,
  debt: { maturityDate: '2024-03-01', couponKind: 'Fixed', annualizedRate: 5, isDefault: false },
  derivative: null,
  company_id: null,
  company_link: null,
};

export const HOLDING_SCHEMA = {
  type: 'object',
  required: Object.keys(LOUISVILLE),
  properties: {
    fund_id: { type: 'string' },
    report_date: { type: 'string', format: 'date' },
    accession_number: nullable('string'),
    ordinal: { type: 'integer', description: '1-based position in the filing' },
    name: nullable('string', 'Issuer name as filed'),
    title: nullable('string', 'Title of the issue'),
    cusip: nullable('string', '9 characters; null when filed as 000000000 or N/A'),
    isin: nullable('string'),
    ticker: nullable('string', 'As the filing gives it (for bonds, often the issuer’s own short code)'),
    lei: nullable('string', 'Issuer LEI; null when filed as N/A'),
    other_ids: nullable('array', 'identifiers/other as filed: {desc, value}'),
    balance: nullable(
      'number',
      'In `units`: shares, contracts, or principal in the position’s own currency; negative for written options',
    ),
    units: nullable('string', 'NS shares, PA principal amount, NC contracts, OU other units'),
    units_desc: nullable('string', 'What OU units are'),
    currency: nullable('string', 'ISO 4217; null when filed as N/A (cross-currency forwards)'),
    exchange_rate: nullable('number', 'Units of `currency` per 1 USD, as filed; null for USD positions'),
    value_usd: nullable('number', 'US dollars, as filed (`valUSD`); negative for liabilities'),
    value_in_currency: nullable(
      'number',
      'value_usd × exchange_rate (derived from the two filed figures); value_usd for USD positions; null when the currency is N/A',
    ),
    pct_of_net_assets: nullable(
      'number',
      '`pctVal` as filed: PERCENT of net assets (4.94 = 4.94 %, = value_usd / net_assets × 100); negative for liabilities; a fund’s rows need not sum to 100',
    ),
    payoff_profile: nullable('string', 'Long, Short; null for derivatives (filed N/A)'),
    asset_category: nullable(
      'string',
      'N-PORT code: EC equity common, EP preferred, DBT debt, ABS-MBS, ABS-CBDO, ABS-O, DFE FX derivative, DIR rate derivative, DCR credit derivative, DE equity derivative, STIV short-term vehicle, RA repo, LON loan, OTH...',
    ),
    asset_category_desc: nullable('string'),
    issuer_category: nullable(
      'string',
      'N-PORT code: CORP, UST, USGA, USGSE, MUN, NUSS (non-US sovereign), PF (private fund), RF (registered fund), OTHER',
    ),
    issuer_category_desc: nullable('string'),
    country: nullable('string', 'ISO 3166 country of the investment; null when filed XX'),
    is_restricted: nullable('boolean', 'A restricted security (isRestrictedSec)'),
    fair_value_level: nullable('string', '1, 2 or 3 (ASC 820); null when not given'),
    is_loaned_by_fund: nullable('boolean'),
    debt: nullable('object', 'Debt terms: maturityDate, couponKind, annualizedRate (percent), isDefault'),
    derivative: nullable(
      'object',
      'Derivative terms: category (FWD FUT SWP OPT SWO WAR OTH), counterparties [{name, lei}], notionalAmount and notionalCurrency where reported, unrealizedAppreciation, option and forward legs',
    ),
    company_id: nullable('string', 'The registry company an identifier resolved to'),
    company_link: nullable(
      'object',
      'The evidence: {source: cusip | isin | isin_cusip | cusip_issuer_code | ticker, value}',
    ),
  },
};

export const FUND_HOLDER = {
  source: 'nport',
  holder_id: 'fnd_S000013795',
  holder_name: 'Goldman Sachs Bond Fund',
  holder_cik: '0000822977',
  as_of: '2023-03-31',
  filing_date: null,
  accession_number: null,
  security_name: 'APPLE INC',
  title: 'Apple Inc',
  cusip: '037833EK2',
  asset_category: 'DBT',
  balance: 75000,
  units: 'PA',
  value_usd: 52817.25,
  pct_of_net_assets: 0.014594494431,
  company_link: { source: 'cusip_issuer_code', value: '037833EK2' },
};

export const FUND_HOLDER_SCHEMA = {
  type: 'object',
  required: Object.keys(FUND_HOLDER),
  properties: {
    source: {
      type: 'string',
      enum: ['nport', '13f'],
      description: 'nport: a fund’s latest N-PORT; 13f: an institution’s latest 13F-HR',
    },
    holder_id: {
      type: 'string',
      description: '`fnd_…` (a fund: /v1/funds/{id}) or `cik:<10 digits>` (a 13F filer)',
    },
    holder_name: nullable('string'),
    holder_cik: {
      type: 'string',
      pattern: '^\\d{10}$',
      description: 'The fund’s registrant or the 13F filer',
    },
    as_of: { type: 'string', format: 'date', description: 'N-PORT report date or 13F quarter end' },
    filing_date: nullable('string'),
    accession_number: nullable('string'),
    security_name: nullable('string'),
    title: nullable('string', 'Title of the issue (N-PORT) or of the class (13F)'),
    cusip: nullable('string'),
    asset_category: nullable(
      'string',
      'N-PORT asset category (EC equity, DBT debt...); null on 13F rows (long share positions)',
    ),
    balance: nullable('number', 'Shares or principal (see units)'),
    units: nullable('string', 'NS shares, PA principal...; SH on 13F rows'),
    value_usd: nullable('number'),
    pct_of_net_assets: nullable('number', 'N-PORT only: percent of the fund’s net assets (4.94 = 4.94 %)'),
    company_link: nullable('object', 'How the position was linked to this company: {source, value}'),
  },
};
