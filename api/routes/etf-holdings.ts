import { ApiError, MALFORMED_CURSOR } from '../platform/errors.ts';
import * as p from '../platform/params.ts';
import { asAnyRoute, defineRoute } from '../platform/route.ts';
import { ETF_HOLDING_SCHEMA, IVV_AAPL } from './etf-holdings-schemas.ts';

/**
 * An ETF's daily holdings as its issuer publishes them (iShares CSV, SPDR XLSX): Fund plan, 1 credit,
 * envelope A. The N-PORT routes (/v1/funds*) give the same funds monthly, 60 days late; this one gives the
 * issuer's file of a day. docs/funds.md "ETF issuer daily holdings".
 */

const COLUMNS = `h.fund_ticker, f.fund_name, h.issuer, h.as_of::text as as_of, h.ordinal, h.ticker, h.name, h.cusip,
  h.isin, h.sedol, h.sector, h.asset_class, h.kind, h.weight_pct::text as weight_pct, h.shares::text as shares,
  h.price::text as price, h.market_value::text as market_value, h.notional::text as notional, h.currency,
  h.fx_rate::text as fx_rate, h.exchange, h.location, h.accrual_date::text as accrual_date, h.company_id,
  case when h.company_id is null then null else json_build_object('source', h.link_source, 'value', h.link_value) end as company_link,
  f.source_url`;

const KINDS = ['equity', 'cash', 'money_market', 'cash_collateral', 'future', 'other'] as const;

export const etfHoldingsRoute = defineRoute({
  path: '/v1/etf-holdings',
  summary: 'An ETF’s daily holdings as its issuer publishes them',
  description:
    "Every line of the issuer's holdings file for one ETF and day, in the issuer's order (weight descending): equities and the non-equity lines (cash, money market, collateral, futures) with their `kind`. `as_of` picks a day (default: the latest file loaded); a day without a file is an empty page. Weights are in percent as published (7.12 = 7.12 %); numbers are exact decimal strings. For the fund's N-PORT portfolio (monthly, 60 days late) see /v1/funds.",
  tags: ['Funds'],
  envelope: 'A',
  access: { dataset: 'etf_issuer_holdings' },
  query: {
    ticker: p.string({
      description: 'The ETF’s ticker',
      max: 10,
      pattern: /^[A-Za-z0-9.-]{1,10}$/,
      patternHint: 'must be an ETF ticker such as IVV',
      required: true,
      example: 'IVV',
    }),
    as_of: p.date({
      description: 'Holdings date (default: the latest file loaded for the ETF)',
      examples: { 'a given day': '2023-04-06' },
    }),
    kind: p.oneOf(KINDS, {
      description: 'Only lines of this kind (equity, cash, money_market, cash_collateral, future, other)',
      examples: { 'the non-equity lines': 'future' },
    }),
  },
  page: { default: 100, max: 1000 },
  cursorKey: (row: { ordinal: number }) => [row.ordinal],
  notFound: 'No issuer holdings file loaded for the ticker',
  response: { schema: ETF_HOLDING_SCHEMA, example: IVV_AAPL, description: 'Holdings lines, issuer order' },
  handler: async ({ database, query, page }) => {
    const ticker = String(query.ticker).toUpperCase();
    const [latest] = await database.query<{ as_of: string }>(
      'select max(as_of)::text as as_of from etf_issuer_holding_files where fund_ticker = $1',
      [ticker],
    );
    if (!latest?.as_of) {
      const covered = await database.query<{ fund_ticker: string }>(
        'select distinct fund_ticker from etf_issuer_holding_files order by 1',
      );
      throw new ApiError(
        404,
        `No issuer holdings file loaded for ${ticker}; loaded: ${covered.map((c) => c.fund_ticker).join(', ') || 'none'}`,
      );
    }
    const params: unknown[] = [ticker, query.as_of ?? latest.as_of];
    const where = ['h.fund_ticker = $1', 'h.as_of = $2'];
    if (query.kind) {
      params.push(query.kind);
      where.push(`h.kind = $${params.length}`);
    }
    if (page.after) {
      const [ordinal] = page.after;
      if (typeof ordinal !== 'number') throw new ApiError(400, MALFORMED_CURSOR);
      params.push(ordinal);
      where.push(`h.ordinal > $${params.length}`);
    }
    params.push(page.fetch);
    return database.query(
      `select ${COLUMNS} from etf_issuer_holdings h
         join etf_issuer_holding_files f on f.fund_ticker = h.fund_ticker and f.as_of = h.as_of
        where ${where.join(' and ')} order by h.ordinal limit $${params.length}`,
      params,
    );
  },
});

export const etfHoldingsRoutes = [asAnyRoute(etfHoldingsRoute)];
