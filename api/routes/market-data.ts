import type { Database } from '../../lib/db.ts';
import { sharesForListing } from '../../lib/share-counts.ts';
import { acceptedForms, CompanyResolver } from '../platform/company-resolution.ts';
import type { CursorKey } from '../platform/cursors.ts';
import { ApiError } from '../platform/errors.ts';
import * as p from '../platform/params.ts';
import { asAnyRoute, defineRoute, type Page } from '../platform/route.ts';
import {
  BENCHMARK_EXAMPLE,
  BENCHMARK_SCHEMA,
  MARKET_CAP_SCHEMA,
  PRICE_EXAMPLE,
  PRICE_SCHEMA,
  SERIES_EXAMPLE,
  SERIES_SCHEMA,
  SHORT_INTEREST_EXAMPLE,
  SHORT_INTEREST_SCHEMA,
} from './market-data-schemas.ts';

/**
 * Market data, benchmarks, short interest (spec 4.5): Professional, 1 credit each, envelope A. Reads the
 * tables the market jobs load (schema/market-data.ts); newest first, keyset cursors on (date, symbol).
 */

const dateRange = (what: string, gte: string, lte: string) => ({
  date_gte: p.date({ description: `${what} on or after (inclusive)`, example: gte }),
  date_lte: p.date({
    description: `${what} on or before (inclusive)`,
    examples: { 'with date_gte, a closed range': lte },
  }),
});

const resolvers = new WeakMap<Database, CompanyResolver>();
const resolverFor = (database: Database) => {
  let r = resolvers.get(database);
  if (!r) {
    r = new CompanyResolver(database);
    resolvers.set(database, r);
  }
  return r;
};

const BENCHMARK_HINT = 'Benchmark symbols work on /v1/benchmarks/{symbol}, not on company routes.';

/**
 * The rows a `{company_id}` of the market-data route selects: a company's every listing, or, for an
 * identifier the registry does not resolve but prices exist for, that symbol (spec: an unrecognized but
 * plausible symbol is still tried as a symbol). A benchmark symbol is a 404 naming the accepted forms.
 */
async function marketDataTarget(
  database: Database,
  raw: string,
): Promise<{ companyId?: string; symbol?: string }> {
  const value = raw.trim();
  const [bench] = await database.query('select 1 from benchmarks where symbol = $1', [value]);
  if (bench)
    throw new ApiError(
      404,
      `'${value}' is a benchmark symbol. ${BENCHMARK_HINT} ${acceptedForms('resolve')}`,
    );
  try {
    return { companyId: (await resolverFor(database).resolve(value, 'resolve')).companyId };
  } catch (err) {
    if (!(err instanceof ApiError) || err.statusCode !== 404) throw err;
    const symbol = value.toUpperCase();
    if (/^[A-Z0-9][A-Z0-9.\-=]{0,19}$/.test(symbol)) {
      const [hit] = await database.query('select 1 from price_bars where symbol = $1 limit 1', [symbol]);
      if (hit) return { symbol };
    }
    throw err;
  }
}

/** `where` fragments and params for a date range and a (date desc, symbol asc) keyset position. */
function pageWhere(
  dateCol: string,
  q: { date_gte?: string; date_lte?: string },
  page: Page,
  params: unknown[],
) {
  const parts: string[] = [];
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (q.date_gte) parts.push(`${dateCol} >= ${add(q.date_gte)}::date`);
  if (q.date_lte) parts.push(`${dateCol} <= ${add(q.date_lte)}::date`);
  if (page.after) {
    const [d, s] = page.after;
    if (typeof d !== 'string' || typeof s !== 'string') throw new ApiError(400, 'Malformed cursor');
    parts.push(
      `(${dateCol} < ${add(d)}::date or (${dateCol} = $${params.length}::date and symbol > ${add(s)}))`,
    );
  }
  return parts;
}

const dateSymbolKey = (r: {
  date?: string;
  settlement_date?: string;
  symbol?: string;
  ticker?: string;
}): CursorKey => [(r.date ?? r.settlement_date)!, (r.symbol ?? r.ticker)!];

export const marketDataRoute = defineRoute({
  path: '/v1/companies/:company_id/market-data',
  summary: 'Daily prices or market cap',
  description:
    "Daily rows, newest first, one row per listing symbol per date in the listing's own currency. `series=prices` (default): OHLC, traded close, adj_close, volume. `series=market_cap`: traded close x shares outstanding in the major unit of the quote currency (GBp -> GBP). The dataset's window starts 2025-07-14 (where a live backfill starts); rows a source holds before it are served. An identifier the registry does not resolve but prices exist for (TSCO.L) is served as a symbol, with company_id null.",
  tags: ['Market data'],
  envelope: 'A',
  access: { dataset: 'market_data' },
  pathParams: {
    company_id: p.string({
      description: `${acceptedForms('resolve')}; or a listing symbol`,
      max: 64,
      example: 'AAPL',
    }),
  },
  query: {
    series: p.oneOf(['prices', 'market_cap'] as const, {
      description: 'Row shape: prices (default) or market_cap',
      example: 'prices',
    }),
    ...dateRange('Trading date', '2025-07-14', '2025-10-29'),
  },
  page: { default: 100, max: 1000 },
  cursorKey: dateSymbolKey as never,
  response: {
    schema: { oneOf: [PRICE_SCHEMA, MARKET_CAP_SCHEMA] },
    example: PRICE_EXAMPLE,
    description: 'Price rows (series=prices) or market-cap rows (series=market_cap)',
  },
  handler: async ({ database, path, query, page }) => {
    const target = await marketDataTarget(database, path.company_id!);
    const params: unknown[] = [target.companyId ?? target.symbol];
    // a company's rows: those joined to it, and those of its active listings (a market registry may hold the
    // home listing as a company of its own). `= any(array(...))`, not `in (select ...)`: the listing symbols
    // are computed once, so both sides of the OR use an index (a BitmapOr); `in (subquery)` became a hashed
    // subplan filter and a sequential scan of the whole table (docs/scale.md)
    const who = target.companyId
      ? '(company_id = $1 or symbol = any(array(select symbol from company_listings where company_id = $1 and valid_to is null)))'
      : 'symbol = $1';
    const where = [who, ...pageWhere('date', query, page, params)].join(' and ');
    params.push(page.fetch);
    if (query.series === 'market_cap')
      return database.query(
        `select symbol, company_id, date::text as date, currency, market_cap::text as market_cap
           from market_caps where ${where} order by market_caps.date desc, symbol asc limit $${params.length}`,
        params,
      );
    return database.query(
      `select symbol, company_id, date::text as date, currency, open, high, low, close, adj_close, volume::float8 as volume
         from price_bars where ${where} order by price_bars.date desc, symbol asc limit $${params.length}`,
      params,
    );
  },
});

export const benchmarksRoute = defineRoute({
  path: '/v1/benchmarks',
  summary: 'Benchmark registry',
  description:
    'Indices and commodities, symbols as the data vendor spells them (some lack a caret; a composite index can look like a listing): take them from here. `q` matches a symbol or a name fragment; an exact symbol ranks first, then the headline instrument (q=gold: the gold future GC=F before a gold-miners index), then names that start with q. `{data, coverage}`, no cursor.',
  tags: ['Benchmarks'],
  envelope: 'A',
  result: 'single',
  access: { dataset: 'benchmarks' },
  query: {
    q: p.string({ description: 'Symbol or name fragment (case-insensitive)', max: 100, example: 'gold' }),
    kind: p.oneOf(['index', 'commodity'] as const, {
      description: 'index or commodity',
      example: 'commodity',
    }),
  },
  page: { default: 100, max: 500 },
  response: { schema: { type: 'array', items: BENCHMARK_SCHEMA }, example: [BENCHMARK_EXAMPLE] },
  handler: async ({ database, query, page }) => {
    const params: unknown[] = [query.q ?? null, query.kind ?? null, page.limit];
    return database.query(
      `select symbol, kind, name, exchange, currency from benchmarks
        where ($2::text is null or kind = $2)
          and ($1::text is null or strpos(lower(symbol), lower($1)) > 0 or strpos(lower(name), lower($1)) > 0)
        order by (lower(symbol) = lower(coalesce($1, ''))) desc,
                 ($1::text is not null and headline) desc,
                 (lower(name) like lower(coalesce($1, '')) || '%') desc,
                 kind, symbol
        limit $3`,
      params,
    );
  },
});

export const benchmarkSeriesRoute = defineRoute({
  path: '/v1/benchmarks/:symbol',
  summary: 'Benchmark daily series',
  description:
    'Daily rows, newest first, as the source gives them (weekend rows kept). close_major/currency_major are the close in the major currency unit: the twelve US-cent (USX) commodities divide by 100 to USD; otherwise equal to close/currency. Company identifiers do not work here (404).',
  tags: ['Benchmarks'],
  envelope: 'A',
  access: { dataset: 'benchmarks' },
  pathParams: {
    symbol: p.string({
      description: 'Benchmark symbol from GET /v1/benchmarks (^GSPC, GC=F, ZC=F)',
      max: 30,
      example: 'ZC=F',
    }),
  },
  query: dateRange('Date', '2025-09-08', '2026-03-06'),
  page: { default: 100, max: 1000 },
  cursorKey: dateSymbolKey as never,
  response: { schema: SERIES_SCHEMA, example: SERIES_EXAMPLE },
  notFound: 'Unknown benchmark symbol',
  handler: async ({ database, path, query, page }) => {
    const symbol = path.symbol!.trim();
    const [entry] = await database.query<{ kind: string; name: string }>(
      'select kind, name from benchmarks where symbol = $1',
      [symbol],
    );
    if (!entry)
      throw new ApiError(
        404,
        `No benchmark '${symbol.slice(0, 30)}'. Accepted forms: a benchmark symbol as GET /v1/benchmarks lists it (^GSPC, GC=F, ZC=F); company identifiers work on /v1/companies/{company_id}/... routes.`,
      );
    const params: unknown[] = [symbol];
    const where = ['symbol = $1', ...pageWhere('date', query, page, params)].join(' and ');
    params.push(page.fetch, entry.kind, entry.name);
    const n = params.length;
    return database.query(
      `select symbol, $${n - 1}::text as kind, $${n}::text as name, date::text as date, open, high, low, close, volume::float8 as volume,
              currency, close_major, currency_major
         from benchmark_bars where ${where} order by benchmark_bars.date desc, symbol asc limit $${n - 2}`,
      params,
    );
  },
});

export const shortInterestRoute = defineRoute({
  path: '/v1/companies/:company_id/short-interest',
  summary: 'FINRA short interest',
  description:
    'Twice-monthly FINRA short positions, newest settlement first (published about eight business days after settlement, so the newest row is never today). float_shares is the shares outstanding filed on or before the settlement (free float is not in XBRL); the two percent fields are null when no share count is known for that settlement (null means no share count, not zero shorts). US-listed securities only.',
  tags: ['Short interest'],
  envelope: 'A',
  access: { dataset: 'short_interest' },
  company: 'resolve',
  query: dateRange('Settlement date', '2026-04-01', '2026-04-30'),
  page: { default: 100, max: 1000 },
  cursorKey: dateSymbolKey as never,
  response: { schema: SHORT_INTEREST_SCHEMA, example: SHORT_INTEREST_EXAMPLE },
  handler: async ({ database, company, query, page }) => {
    const params: unknown[] = [company!.companyId];
    const where = [
      's.company_id = $1',
      ...pageWhere('s.settlement_date', query, page, params).map((w) => w.replace(/\bsymbol\b/, 's.symbol')),
    ].join(' and ');
    params.push(page.fetch);
    return database.query(
      `select s.company_id, s.symbol as ticker, s.issue_name, s.category, s.market_class_code,
              s.settlement_date::text as settlement_date, s.current_short_position::float8 as current_short_position, s.previous_short_position::float8 as previous_short_position,
              s.change_previous::float8 as change_previous, s.change_percent::text as change_percent, s.average_daily_volume::float8 as average_daily_volume,
              s.days_to_cover::text as days_to_cover, s.days_to_cover_computed,
              f.shares::float8 as float_shares, f.end_date::text as float_as_of,
              round(s.current_short_position * 100.0 / f.shares, 4)::text as short_percent_float,
              round(s.current_short_position * 100.0 / f.shares, 4)::text as short_percent_outstanding,
              s.revision_flag, s.stock_split_flag
         from short_interest s
         left join companies c on c.company_id = s.company_id
         left join lateral (${sharesForListing('c.cik', 's.symbol', 's.settlement_date', 'false')}) f on true
        where ${where}
        order by s.settlement_date desc, s.symbol asc limit $${params.length}`,
      params,
    );
  },
});

export const marketDataRoutes = [
  asAnyRoute(marketDataRoute),
  asAnyRoute(benchmarksRoute),
  asAnyRoute(benchmarkSeriesRoute),
  asAnyRoute(shortInterestRoute),
];
