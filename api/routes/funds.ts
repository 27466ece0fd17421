import type { Database } from '../../lib/db.ts';
import type { CursorKey } from '../platform/cursors.ts';
import { ApiError, MALFORMED_CURSOR } from '../platform/errors.ts';
import * as p from '../platform/params.ts';
import { asAnyRoute, defineRoute } from '../platform/route.ts';
import {
  DUPREE_FUND,
  DUPREE_REPORT,
  FUND_HOLDER,
  FUND_HOLDER_SCHEMA,
  FUND_SCHEMA,
  HOLDING_SCHEMA,
  LOUISVILLE,
  REPORT_SCHEMA,
} from './fund-schemas.ts';

/**
 * Funds and ETFs from Form N-PORT (Fund plan, 1 credit, envelope A): the fund directory, a fund's profile and
 * holdings, and a company's fund holders beside its 13F holders. docs/funds.md.
 */

const FUND_ID = /^fnd_(S\d{9}|R\d{10})$/;
const FUND_ID_HINT =
  'must be a fund id such as fnd_S000012000 (fnd_ + series id, or fnd_R + 10-digit registrant CIK)';
/** Sort value of a null value_usd in keysets (null sort keys cannot be cursor values). */
const NULL_VALUE = -1e300;

type Bind = (v: unknown) => string;
function binder(params: unknown[]): Bind {
  return (v) => {
    params.push(v);
    return `$${params.length}`;
  };
}
const withKey = <T extends object>(row: T, key: CursorKey): T =>
  Object.defineProperty(row, '__key', { value: key, enumerable: false });
const keyOf = (row: { __key: CursorKey }) => row.__key;

const FUND_COLUMNS = `f.fund_id, coalesce(f.series_name, f.reg_name, f.fund_id) as name, f.series_id, f.series_lei,
  json_build_object('cik', lpad(f.reg_cik::text, 10, '0'), 'name', f.reg_name, 'lei', f.reg_lei, 'file_number', f.reg_file_number) as registrant,
  coalesce((select json_agg(json_build_object('class_id', c.class_id, 'ticker', c.ticker) order by c.class_id)
              from fund_classes c where c.fund_id = f.fund_id), '[]'::json) as classes,
  f.latest_report_date::text as latest_report_date, f.net_assets, f.total_assets, f.is_final_filing, f.reports`;

type FundRow = typeof DUPREE_FUND;

export const listFunds = defineRoute({
  path: '/v1/funds',
  summary: 'Fund and ETF directory (Form N-PORT)',
  description:
    'Registered funds and ETFs that file Form N-PORT, one per series, every filter given applied (no filter enumerates the directory). Ordered by name, then fund id. `q` matches the series or registrant name; `cik` the registrant; `lei` the series or registrant LEI; `class_id`/`ticker` a share class.',
  tags: ['Funds'],
  envelope: 'A',
  access: { dataset: 'funds' },
  query: {
    q: p.string({
      description: 'Part of the series or registrant name (min 2 characters)',
      min: 2,
      max: 200,
      example: 'kentucky',
    }),
    cik: p.string({
      description: 'Registrant CIK in any padding',
      max: 10,
      pattern: /^\d{1,10}$/,
      patternHint: 'must be 1 to 10 digits',
      examples: { 'by registrant': '311101' },
    }),
    series_id: p.string({
      description: 'SEC series id',
      max: 10,
      pattern: /^[Ss]\d{9}$/,
      patternHint: 'must be S followed by 9 digits',
      examples: { 'by series': 'S000012000' },
    }),
    class_id: p.string({
      description: 'SEC class id',
      max: 10,
      pattern: /^[Cc]\d{9}$/,
      patternHint: 'must be C followed by 9 digits',
      examples: { 'by class': 'C000032728' },
    }),
    ticker: p.string({
      description: 'Share-class ticker',
      max: 10,
      examples: { 'by class ticker': 'GSFIX' },
    }),
    lei: p.string({
      description: 'Series or registrant LEI (20 characters)',
      max: 20,
      pattern: /^[0-9A-Za-z]{20}$/,
      patternHint: 'must be a 20-character LEI',
      examples: { 'by LEI': '5493006TF05454RBY690' },
    }),
  },
  page: { default: 50, max: 1000 },
  cursorKey: keyOf,
  response: { schema: FUND_SCHEMA, example: DUPREE_FUND, description: 'Fund search rows' },
  handler: async ({ database, query, page }) => {
    const params: unknown[] = [];
    const bind = binder(params);
    const where: string[] = [];
    if (query.q) {
      const like = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(`(lower(f.series_name) like ${bind(like)} or lower(f.reg_name) like ${bind(like)})`);
    }
    if (query.cik) where.push(`f.reg_cik = ${bind(Number(query.cik))}`);
    if (query.series_id) where.push(`f.series_id = ${bind(query.series_id.toUpperCase())}`);
    if (query.class_id)
      where.push(
        `exists (select 1 from fund_classes c where c.fund_id = f.fund_id and c.class_id = ${bind(query.class_id.toUpperCase())})`,
      );
    if (query.ticker)
      where.push(
        `exists (select 1 from fund_classes c where c.fund_id = f.fund_id and c.ticker = ${bind(query.ticker.toUpperCase())})`,
      );
    if (query.lei)
      where.push(
        `(f.series_lei = ${bind(query.lei.toUpperCase())} or f.reg_lei = ${bind(query.lei.toUpperCase())})`,
      );
    const sortName = 'coalesce(f.series_name, f.reg_name, f.fund_id)';
    if (page.after) {
      const [name, id] = page.after;
      if (typeof name !== 'string' || typeof id !== 'string') throw new ApiError(400, MALFORMED_CURSOR);
      where.push(`(${sortName}, f.fund_id) > (${bind(name)}, ${bind(id)})`);
    }
    const rows = await database.query<FundRow>(
      `select ${FUND_COLUMNS} from funds f ${where.length ? `where ${where.join(' and ')}` : ''}
        order by ${sortName}, f.fund_id limit ${bind(page.fetch)}`,
      params,
    );
    return rows.map((r) => withKey(r, [r.name, r.fund_id]));
  },
});

const fundIdParam = p.string({
  description: 'Fund id (`fnd_` + series id)',
  max: 20,
  pattern: FUND_ID,
  patternHint: FUND_ID_HINT,
  example: 'fnd_S000012000',
});
const unknownFund = (id: string) =>
  new ApiError(
    404,
    `No fund ${id}: search /v1/funds (by name, cik, series_id, class_id, ticker or lei) for its id`,
  );

async function fundRow(database: Database, id: string): Promise<FundRow> {
  const [row] = await database.query<FundRow>(`select ${FUND_COLUMNS} from funds f where f.fund_id = $1`, [
    id,
  ]);
  if (!row) throw unknownFund(id);
  return row;
}

export const getFund = defineRoute({
  path: '/v1/funds/:id',
  summary: 'Fund profile',
  description:
    'A fund (one series of a registrant): the directory row plus `reports`, its N-PORT reports newest first (at most 24, amended ones included with `superseded_by` set), each with net assets, its positions count and the class returns as filed.',
  tags: ['Funds'],
  envelope: 'A',
  result: 'single',
  access: { dataset: 'funds' },
  pathParams: { id: fundIdParam },
  notFound: 'Unknown fund id',
  response: {
    schema: {
      ...FUND_SCHEMA,
      required: [...FUND_SCHEMA.required, 'report_history'],
      properties: { ...FUND_SCHEMA.properties, report_history: { type: 'array', items: REPORT_SCHEMA } },
    },
    example: { ...DUPREE_FUND, report_history: [DUPREE_REPORT] },
  },
  handler: async ({ database, path }) => {
    const id = String(path.id);
    const fund = await fundRow(database, id);
    const reports = await database.query(
      `select case when r.accession_number like 'url:%' then null else r.accession_number end as accession_number,
              r.submission_type, r.report_date::text as report_date, r.fiscal_year_end::text as fiscal_year_end,
              r.filing_date::text as filing_date, r.net_assets, r.total_assets, r.total_liabilities, r.positions,
              r.superseded_by, r.class_returns, r.source_url
         from fund_reports r where r.fund_id = $1
        order by r.report_date desc, r.filing_date desc nulls last, r.accession_number desc limit 24`,
      [id],
    );
    return { ...fund, report_history: reports };
  },
});

const HOLDING_COLUMNS = `h.fund_id, h.report_date::text as report_date,
  case when h.accession_number like 'url:%' then null else h.accession_number end as accession_number, h.ordinal,
  h.name, h.title, h.cusip, h.isin, h.ticker, h.lei, h.other_ids, h.balance, h.units, h.units_desc, h.currency,
  h.exchange_rate, h.value_usd,
  case when h.currency = 'USD' then h.value_usd when h.exchange_rate is not null then h.value_usd * h.exchange_rate end as value_in_currency,
  h.pct_of_net_assets, h.payoff_profile, h.asset_category, h.asset_category_desc, h.issuer_category,
  h.issuer_category_desc, h.country, h.is_restricted, h.fair_value_level, h.is_loaned_by_fund, h.debt, h.derivative,
  h.company_id, case when h.company_id is null then null else json_build_object('source', h.link_source, 'value', h.link_value) end as company_link`;

export const fundHoldingsRoute = defineRoute({
  path: '/v1/funds/:id/holdings',
  summary: 'A fund’s holdings (Form N-PORT)',
  description:
    'The positions of one N-PORT report of the fund, value (USD) descending: by default the latest report in force; `report_date` picks another (an amended report is served as amended). Filters: `asset_category` and `issuer_category` (N-PORT codes), `country` (ISO), `min_pct_of_net_assets` (percent: 1 = 1 % of net assets). Derivatives carry their notional and counterparties where reported; a non-USD position keeps its currency, exchange rate and USD value.',
  tags: ['Funds'],
  envelope: 'A',
  access: { dataset: 'fund_holdings' },
  pathParams: { id: fundIdParam },
  query: {
    report_date: p.date({
      description: 'Holdings date of the report (default: the latest)',
      examples: { 'another report': '2022-12-31' },
    }),
    asset_category: p.string({
      description: 'N-PORT asset category (EC, DBT, ABS-MBS, DFE...)',
      max: 10,
      pattern: /^[A-Za-z-]{1,10}$/,
      patternHint: 'must be an N-PORT asset category code such as EC or DBT',
      examples: { 'debt only': 'DBT' },
    }),
    issuer_category: p.string({
      description: 'N-PORT issuer category (CORP, UST, MUN, NUSS...)',
      max: 10,
      pattern: /^[A-Za-z]{1,10}$/,
      patternHint: 'must be an N-PORT issuer category code such as CORP',
      examples: { 'municipal issuers': 'MUN' },
    }),
    country: p.string({
      description: 'ISO 3166 two-letter country of the investment',
      max: 2,
      pattern: /^[A-Za-z]{2}$/,
      patternHint: 'must be a two-letter country code',
      examples: { 'by country': 'US' },
    }),
    min_pct_of_net_assets: p.number({
      description: 'At least this percent of net assets (1 = 1 %)',
      min: -1000,
      max: 1000,
      examples: { 'the larger positions': 1 },
    }),
  },
  page: { default: 100, max: 1000 },
  cursorKey: keyOf,
  notFound: 'Unknown fund id',
  response: { schema: HOLDING_SCHEMA, example: LOUISVILLE, description: 'Positions, value descending' },
  handler: async ({ database, query, page, path }) => {
    const id = String(path.id);
    const params: unknown[] = [];
    const bind = binder(params);
    const [fund] = await database.query<{ latest: string }>(
      'select latest_accession as latest from funds where fund_id = $1',
      [id],
    );
    if (!fund) throw unknownFund(id);
    const report = query.report_date
      ? `h.accession_number = (select r.accession_number from fund_reports r where r.fund_id = ${bind(id)} and r.report_date = ${bind(query.report_date)} and r.superseded_by is null limit 1)`
      : `h.accession_number = ${bind(fund.latest)}`;
    const where = [report];
    if (query.asset_category) where.push(`h.asset_category = ${bind(query.asset_category.toUpperCase())}`);
    if (query.issuer_category) where.push(`h.issuer_category = ${bind(query.issuer_category.toUpperCase())}`);
    if (query.country) where.push(`h.country = ${bind(query.country.toUpperCase())}`);
    if (query.min_pct_of_net_assets !== undefined)
      where.push(`h.pct_of_net_assets >= ${bind(query.min_pct_of_net_assets)}`);
    const sortValue = `coalesce(h.value_usd, ${NULL_VALUE})`;
    if (page.after) {
      const [v, o] = page.after;
      if (typeof v !== 'number' || typeof o !== 'number') throw new ApiError(400, MALFORMED_CURSOR);
      where.push(`(${sortValue} < ${bind(v)} or (${sortValue} = ${bind(v)} and h.ordinal > ${bind(o)}))`);
    }
    const rows = await database.query<{ value_usd: number | null; ordinal: number }>(
      `select ${HOLDING_COLUMNS} from fund_holdings h where ${where.join(' and ')}
        order by ${sortValue} desc, h.ordinal limit ${bind(page.fetch)}`,
      params,
    );
    return rows.map((r) => withKey(r, [r.value_usd ?? NULL_VALUE, r.ordinal]));
  },
});

export const companyFundHolders = defineRoute({
  path: '/v1/companies/:company_id/fund-holders',
  summary: 'A company’s fund holders (N-PORT) beside its 13F holders',
  description:
    'Who holds the company: every fund or ETF position linked to it in the fund’s latest N-PORT report in force (`source: nport`; equity, debt and other positions, `asset_category` says which; linked by CUSIP, ISIN, the CUSIP issuer code or, for equity, ticker: `company_link` is the evidence), and every 13F filer’s position in its latest 13F-HR (`source: 13f`, long shares of the company’s CUSIPs). Value (USD) descending; each row says its source and as-of date. `source` keeps one of the two; `asset_category` keeps N-PORT rows of that category.',
  tags: ['Funds'],
  envelope: 'A',
  access: { dataset: 'fund_holdings' },
  company: 'resolve',
  query: {
    source: p.oneOf(['nport', '13f'] as const, {
      description: 'Only N-PORT fund rows or only 13F rows',
      examples: { 'funds only': 'nport' },
    }),
    asset_category: p.string({
      description: 'N-PORT rows of this asset category only (EC equity, DBT debt...); excludes 13F rows',
      max: 10,
      pattern: /^[A-Za-z-]{1,10}$/,
      patternHint: 'must be an N-PORT asset category code such as EC or DBT',
      examples: { 'equity positions': 'EC' },
    }),
  },
  page: { default: 100, max: 1000 },
  cursorKey: keyOf,
  response: { schema: FUND_HOLDER_SCHEMA, example: FUND_HOLDER, description: 'Holders, value descending' },
  handler: async ({ database, query, page, company }) => {
    if (!company) return [];
    const params: unknown[] = [company.companyId];
    const bind = binder(params);
    const parts: string[] = [];
    if (query.source !== '13f') {
      parts.push(`select 'nport' as source, f.fund_id as holder_id, coalesce(f.series_name, f.reg_name) as holder_name,
          lpad(f.reg_cik::text, 10, '0') as holder_cik, h.report_date::text as as_of, r.filing_date::text as filing_date,
          case when h.accession_number like 'url:%' then null else h.accession_number end as accession_number,
          h.name as security_name, h.title, h.cusip, h.asset_category, h.balance, h.units, h.value_usd,
          h.pct_of_net_assets, json_build_object('source', h.link_source, 'value', h.link_value) as company_link,
          'n:' || h.accession_number || ':' || lpad(h.ordinal::text, 7, '0') as k
        from fund_holdings h join funds f on f.latest_accession = h.accession_number
        join fund_reports r on r.accession_number = h.accession_number
       where h.company_id = $1${query.asset_category ? ` and h.asset_category = ${bind(query.asset_category.toUpperCase())}` : ''}`);
    }
    if (query.source !== 'nport' && !query.asset_category) {
      parts.push(`select '13f' as source, 'cik:' || lpad(t.filer_cik::text, 10, '0') as holder_id, t.filer_name as holder_name,
          lpad(t.filer_cik::text, 10, '0') as holder_cik, t.report_period::text as as_of, t.filing_date::text as filing_date,
          t.accession_number, t.name_of_issuer as security_name, nullif(t.title_of_class, '') as title, t.cusip,
          null::text as asset_category, t.shares as balance, 'SH' as units, t.value_usd, null::float8 as pct_of_net_assets,
          json_build_object('source', 'cusip', 'value', t.cusip) as company_link,
          't:' || t.accession_number || ':' || t.cusip || ':' || t.title_of_class as k
        from thirteen_f_holdings t join thirteen_f_filings tf on tf.accession_number = t.accession_number
       where t.cusip in (select id_value from company_identifiers where id_type = 'CUSIP' and company_id = $1)
         and t.put_call = '' and not tf.superseded
         and tf.report_period = (select max(f2.report_period) from thirteen_f_filings f2
                                  where f2.filer_cik = tf.filer_cik and not f2.superseded)`);
    }
    // `source=13f` with `asset_category`: 13F rows carry no asset category, so nothing matches (issue 26's
    // fuzz found the empty union answering 500)
    if (parts.length === 0) return [];
    const sortValue = `coalesce(x.value_usd, ${NULL_VALUE})`;
    let after = '';
    if (page.after) {
      const [v, k] = page.after;
      if (typeof v !== 'number' || typeof k !== 'string') throw new ApiError(400, MALFORMED_CURSOR);
      after = `where ${sortValue} < ${bind(v)} or (${sortValue} = ${bind(v)} and x.k > ${bind(k)})`;
    }
    const rows = await database.query<typeof FUND_HOLDER & { k: string }>(
      `select * from (${parts.join(' union all ')}) x ${after}
        order by ${sortValue} desc, x.k limit ${bind(page.fetch)}`,
      params,
    );
    return rows.map(({ k, ...r }) => withKey(r, [r.value_usd ?? NULL_VALUE, k]));
  },
});

export const fundRoutes = [
  asAnyRoute(listFunds),
  asAnyRoute(getFund),
  asAnyRoute(fundHoldingsRoute),
  asAnyRoute(companyFundHolders),
];
