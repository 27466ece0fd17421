import type { Database } from '../../lib/db.ts';
import { companyByTicker } from '../platform/company-resolution.ts';
import { ApiError } from '../platform/errors.ts';
import * as p from '../platform/params.ts';
import { asAnyRoute, defineRoute } from '../platform/route.ts';
import { ownershipDirectoryRoutes } from './ownership-directories.ts';
import { ownershipProxyRoutes } from './ownership-proxy.ts';
import { type StatementCompany, statementCompany, unknownTicker } from './statement-query.ts';

/**
 * Ownership, statement family (spec 4.6, rows 2.8): 13F institutional holdings and insider trades, envelope B
 * (bare wrapper, flat errors, rate-limited with 402, unknown parameters ignored).
 */

const ACTIAM_AAPL = {
  ticker: 'AAPL',
  name_of_issuer: 'APPLE INC',
  cusip: '037833100',
  report_period: '2020-12-31',
  filing_date: '2021-02-12',
  form_type: '13F-HR',
  accession_number: '0001619124-21-000002',
  title_of_class: 'Common stock',
  put_call: null,
  shares: 1733777,
  value_usd: 230054000,
  reported_price: 132.6895,
  filer_cik: 1619124,
  filer_name: 'ACTIAM N.V.',
};

const HOLDING_SCHEMA = {
  type: 'object',
  required: Object.keys(ACTIAM_AAPL),
  properties: {
    ticker: {
      type: ['string', 'null'],
      description: "The issuer's ticker through the registry's CUSIP link; null when unresolved",
    },
    name_of_issuer: { type: 'string' },
    cusip: { type: 'string', description: '9 characters, upper case' },
    report_period: { type: 'string', format: 'date', description: 'Quarter end' },
    filing_date: { type: 'string', format: 'date' },
    form_type: { type: 'string', enum: ['13F-HR', '13F-HR/A'] },
    accession_number: { type: 'string' },
    title_of_class: { type: ['string', 'null'] },
    put_call: {
      type: ['string', 'null'],
      enum: ['PUT', 'CALL', null],
      description:
        "null for a share position; PUT or CALL for an option position (shares and value_usd are the underlying's, as filed): never summed with the shares of the same CUSIP",
    },
    shares: { type: 'number' },
    value_usd: {
      type: 'number',
      description: 'Whole US dollars, after the per-filing unit decision (thousands x 1000)',
    },
    reported_price: { type: ['number', 'null'], description: 'value_usd / shares' },
    filer_cik: { type: 'integer' },
    filer_name: { type: ['string', 'null'] },
  },
};

// examples that select one quarter together (2020-12-31, the demo's ACTIAM filing)
const periodRange = {
  report_period_gte: p.date({
    description: 'Quarter end on or after (inclusive)',
    examples: { 'a range, instead of report_period': '2020-01-01' },
  }),
  report_period_lte: p.date({
    description: 'Quarter end on or before (inclusive)',
    examples: { 'a range, instead of report_period': '2020-12-31' },
  }),
  report_period_gt: p.date({
    description: 'Quarter end strictly after (exclusive)',
    examples: { 'a range, instead of report_period': '2020-09-30' },
  }),
  report_period_lt: p.date({
    description: 'Quarter end strictly before (exclusive)',
    examples: { 'a range, instead of report_period': '2021-03-31' },
  }),
};

/** Spec 4.6: up to 8 quarters. */
const MAX_QUARTERS = 8;

export const institutionalHoldings = defineRoute({
  path: '/v1/institutional-holdings',
  summary: '13F institutional holdings',
  description: [
    'Long positions from 13F-HR filings: shares (`put_call` null) and options held (`put_call` PUT or CALL, their own rows). Exactly one of `filer_cik` or `ticker` (both or neither: 400).',
    'By filer: `{filer_cik, institutional_holdings}`, newest quarter first, the latest quarter only without a period filter, value descending within a quarter.',
    "By ticker: `{ticker, institutional_holdings}`, each filer's latest filing (within the period filters), value descending.",
    "At most 8 quarters (the newest 8 that match). An option row's shares and value are the underlying's, so it is never summed with the shares of its CUSIP: add up `put_call` null rows for a share position. Excluded: PRN rows (principal amounts of notes).",
    'Rows of one CUSIP, class and put/call in a filing (split by discretion or manager) are summed. Amendments: a RESTATEMENT replaces the filing, NEW HOLDINGS add to it (each row keeps its own accession_number and form_type).',
    '`limit` (default 1000, no cap) bounds the whole response.',
  ].join(' '),
  tags: ['Ownership'],
  envelope: 'B',
  access: { dataset: 'institutional_holdings' },
  query: {
    filer_cik: p.string({
      description: "The 13F filer's CIK in any padding (exactly one of filer_cik or ticker)",
      max: 10,
      pattern: /^\d{1,10}$/,
      patternHint: 'must be 1 to 10 digits',
      examples: { 'by filer, instead of ticker': '1619124' },
    }),
    ticker: p.string({
      description: 'Issuer ticker (exactly one of filer_cik or ticker)',
      max: 20,
      example: 'AAPL',
    }),
    report_period: p.date({ description: 'Exact quarter end (YYYY-MM-DD)', example: '2020-12-31' }),
    ...periodRange,
  },
  validate: (q) =>
    (q.filer_cik === undefined) === (q.ticker === undefined)
      ? 'Provide exactly one of filer_cik or ticker'
      : undefined,
  page: { default: 1000, max: null },
  notFound: unknownTicker('XYZ'),
  response: {
    schema: {
      type: 'object',
      required: ['institutional_holdings'],
      properties: {
        filer_cik: { type: 'string', pattern: '^\\d{10}$' },
        ticker: { type: 'string' },
        institutional_holdings: { type: 'array', items: HOLDING_SCHEMA },
      },
    },
    example: { ticker: 'AAPL', institutional_holdings: [ACTIAM_AAPL] },
  },
  handler: async ({ database, query, page }) => {
    const params: unknown[] = [];
    const periodConds: string[] = [];
    const add = (cond: string, v: unknown) => {
      if (v === undefined) return;
      params.push(v);
      periodConds.push(`${cond} $${params.length}`);
    };
    add('f.report_period =', query.report_period);
    add('f.report_period >=', query.report_period_gte);
    add('f.report_period <=', query.report_period_lte);
    add('f.report_period >', query.report_period_gt);
    add('f.report_period <', query.report_period_lt);
    const filtered = periodConds.length > 0;
    const periodWhere = periodConds.map((c) => `and ${c}`).join(' ');
    const select = `select (select c.primary_ticker from company_identifiers i join companies c on c.company_id = i.company_id
                             where i.id_type = 'CUSIP' and i.id_value = h.cusip order by c.company_id limit 1) as ticker,
              h.name_of_issuer, h.cusip, h.report_period::text as report_period, h.filing_date::text as filing_date,
              h.form_type, h.accession_number, nullif(h.title_of_class, '') as title_of_class, nullif(h.put_call, '') as put_call,
              h.shares, h.value_usd, h.reported_price, h.filer_cik::int as filer_cik, h.filer_name
         from thirteen_f_holdings h join thirteen_f_filings f on f.accession_number = h.accession_number`;
    if (query.filer_cik) {
      const cik = Number(query.filer_cik);
      params.push(cik);
      const cikAt = params.length;
      params.push(filtered ? MAX_QUARTERS : 1);
      const quartersAt = params.length;
      params.push(page.limit);
      const rows = await database.query(
        `with periods as (
           select distinct f.report_period from thirteen_f_filings f
            where f.filer_cik = $${cikAt} and not f.superseded ${periodWhere}
            order by f.report_period desc limit $${quartersAt})
         ${select}
        where f.filer_cik = $${cikAt} and not f.superseded and f.report_period in (select report_period from periods)
        order by h.report_period desc, h.value_usd desc, h.cusip, h.put_call
        limit $${params.length}`,
        params,
      );
      return { filer_cik: String(cik).padStart(10, '0'), institutional_holdings: rows };
    }
    const t = query.ticker!.toUpperCase();
    const company = await companyByTicker(database, t);
    if (!company) throw new ApiError(404, unknownTicker(t));
    params.push(company.companyId);
    const idAt = params.length;
    params.push(MAX_QUARTERS);
    const quartersAt = params.length;
    params.push(page.limit);
    const rows = await database.query(
      `with cusips as (select id_value as cusip from company_identifiers where id_type = 'CUSIP' and company_id = $${idAt}),
            periods as (
              select distinct f.report_period from thirteen_f_holdings h join thirteen_f_filings f on f.accession_number = h.accession_number
               where h.cusip in (select cusip from cusips) and not f.superseded ${periodWhere}
               order by f.report_period desc limit $${quartersAt}),
            latest as (
              select f.filer_cik, max(f.report_period) as report_period from thirteen_f_filings f
               where not f.superseded and f.report_period in (select report_period from periods)
               group by f.filer_cik)
       ${select}
        join latest l on l.filer_cik = f.filer_cik and l.report_period = f.report_period
       where not f.superseded and h.cusip in (select cusip from cusips)
       order by h.value_usd desc, h.filer_cik, h.cusip, h.put_call
       limit $${params.length}`,
      params,
    );
    return { ticker: company.primaryTicker ?? t, institutional_holdings: rows };
  },
});

const ADAMS = {
  ticker: 'AAPL',
  issuer: 'Apple Inc.',
  name: 'Adams Katherine L.',
  title: 'SVP, GC and Secretary',
  is_board_director: false,
  transaction_date: '2022-05-04',
  transaction_type: 'S',
  transaction_shares: 9136,
  transaction_price_per_share: 159.94,
  transaction_value: 1461211.84,
  shares_owned_before_transaction: 477334,
  shares_owned_after_transaction: 468198,
  security_title: 'Common Stock',
  filing_date: '2022-05-06',
};

const TRADE_SCHEMA = {
  type: 'object',
  required: Object.keys(ADAMS),
  properties: {
    ticker: { type: ['string', 'null'] },
    issuer: { type: ['string', 'null'] },
    name: {
      type: 'string',
      description: 'The reporting owner; a joint filing is named after its first owner',
    },
    title: { type: ['string', 'null'], description: 'Officer title, else Director / 10% Owner / Other' },
    is_board_director: { type: 'boolean' },
    transaction_date: { type: ['string', 'null'], format: 'date' },
    transaction_type: {
      type: ['string', 'null'],
      description: 'SEC transaction code (P, S, A, M, F, G, C...)',
    },
    transaction_shares: { type: ['number', 'null'] },
    transaction_price_per_share: {
      type: ['number', 'null'],
      description: 'null when the form gives the price only in a footnote; 0 when filed as 0 (gifts, grants)',
    },
    transaction_value: { type: ['number', 'null'], description: 'shares x price, only when both are filed' },
    shares_owned_before_transaction: {
      type: ['number', 'null'],
      description: 'after - shares (A) or after + shares (D)',
    },
    shares_owned_after_transaction: { type: ['number', 'null'] },
    security_title: { type: ['string', 'null'] },
    filing_date: { type: 'string', format: 'date' },
  },
};

/** Spec 7.3: date-range, transaction-type, name and owner filters are refused on insider trades. */
const REFUSED = [
  'transaction_type',
  'transaction_date',
  'transaction_date_gte',
  'transaction_date_lte',
  'transaction_date_gt',
  'transaction_date_lt',
  'filing_date',
  'filing_date_gte',
  'filing_date_lte',
  'filing_date_gt',
  'filing_date_lt',
  'name',
  'owner',
] as const;

export const insiderTradesRoute = defineRoute({
  path: '/v1/insider-trades',
  summary: 'Insider trades (Forms 3, 4, 5)',
  description:
    'Transactions of one issuer from Forms 3/4/5 (non-derivative and derivative tables), newest filing first; about two years per issuer. A 4/A replaces the rows of the filing it amends. Only `ticker` and `limit` (1-1000, default 10) are taken: the filters `transaction_type`, `transaction_date[_gte|_lte|_gt|_lt]`, `filing_date[_gte|_lte|_gt|_lt]`, `name` and `owner` are a 400 (spec 7.3); other unknown parameters are ignored.',
  tags: ['Ownership'],
  envelope: 'B',
  access: { dataset: 'insider_trades' },
  query: {
    ticker: p.string({ description: 'Issuer ticker (required)', max: 20, example: 'AAPL', required: true }),
  },
  refuseUndeclared: (present) => {
    const bad = present.filter((k) => (REFUSED as readonly string[]).includes(k));
    return bad.length > 0
      ? `Unsupported filter ${bad.join(', ')}: /v1/insider-trades takes only ticker and limit`
      : undefined;
  },
  page: { default: 10, max: 1000 },
  notFound: unknownTicker('XYZ'),
  response: {
    schema: {
      type: 'object',
      required: ['insider_trades'],
      properties: { insider_trades: { type: 'array', items: TRADE_SCHEMA } },
    },
    example: { insider_trades: [ADAMS] },
  },
  handler: async ({ database, query, page }) => {
    const company = await insiderIssuer(database, query.ticker!);
    const rows = await database.query(
      `select coalesce(t.ticker, $2) as ticker, t.issuer, t.name, t.title, t.is_board_director,
              t.transaction_date::text as transaction_date, t.transaction_type, t.transaction_shares,
              t.transaction_price_per_share, t.transaction_value, t.shares_owned_before_transaction,
              t.shares_owned_after_transaction, t.security_title, t.filing_date::text as filing_date
         from insider_trades t join ownership_filings f on f.accession_number = t.accession_number
        where t.issuer_cik = $1 and f.amended_by is null
        order by t.filing_date desc, t.accession_number desc, t.ordinal
        limit $3`,
      [company.cik, company.ticker, page.limit],
    );
    return { insider_trades: rows };
  },
});

/**
 * The issuer behind a ticker: the registry first; else the ticker the issuer's own Forms 3/4/5 name
 * (issuerTradingSymbol), for issuers the registry does not list.
 */
async function insiderIssuer(database: Database, ticker: string): Promise<StatementCompany> {
  try {
    return await statementCompany(database, { ticker });
  } catch (err) {
    if (!(err instanceof ApiError) || err.statusCode !== 404) throw err;
    const t = ticker.toUpperCase();
    const [hit] = await database.query<{ cik: string }>(
      'select issuer_cik::text as cik from ownership_filings where ticker = $1 order by filing_date desc limit 1',
      [t],
    );
    if (!hit) throw err;
    return { cik: Number(hit.cik), ticker: t };
  }
}

export const ownershipRoutes = [
  asAnyRoute(institutionalHoldings),
  asAnyRoute(insiderTradesRoute),
  ...ownershipProxyRoutes,
  ...ownershipDirectoryRoutes,
];
