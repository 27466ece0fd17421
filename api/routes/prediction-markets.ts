import { CompanyResolver } from '../platform/company-resolution.ts';
import { ApiError } from '../platform/errors.ts';
import * as p from '../platform/params.ts';
import { asAnyRoute, defineRoute, type Page } from '../platform/route.ts';

/**
 * Prediction markets (issue 25, Fund, 1 credit, envelope A; docs/consensus-and-markets.md): every venue
 * market we hold (`/v1/prediction-markets`) and a company's earnings markets
 * (`/v1/companies/{company_id}/earnings-markets`, the markets linked to it whose text is about its earnings).
 * Ordered by close time (soonest first, no close time last), then venue and market id.
 */

const ts = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const OUTCOME = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    probability: { type: ['number', 'null'], description: 'Price as a probability 0-1' },
    raw: { type: ['string', 'null'], description: "The venue's own value as written" },
    unit: { type: ['string', 'null'], enum: ['usd_cents', 'usd', null] },
  },
};

export const MARKET_EXAMPLE = {
  provider: 'polymarket',
  market_id: '517310',
  event_id: '0xaf9d0e448129a9f657f851d49495ba4742055d80e0ef1166ba0ee81d4d594214',
  question: 'Will Trump deport less than 250,000?',
  category: null,
  status: 'open',
  status_raw: 'active',
  yes_price: 0.0295,
  yes_price_raw: '0.0295',
  price_unit: 'usd',
  price_field: 'outcomePrices[0]',
  outcomes: [
    { name: 'Yes', probability: 0.0295, raw: '0.0295', unit: 'usd' },
    { name: 'No', probability: 0.9705, raw: '0.9705', unit: 'usd' },
  ],
  volume: 1198758.20317,
  volume_unit: 'usd',
  liquidity: 20526.9358,
  open_time: null,
  close_time: '2025-12-31T12:00:00Z',
  resolution_time: null,
  outcome: null,
  url: 'https://polymarket.com/market/will-trump-deport-less-than-250000',
  updated_at: '2026-02-21T15:58:43Z',
  companies: [],
  source: 'https://gamma-api.polymarket.com/markets?active=true&closed=false&limit=500',
  fetched_at: '2026-02-21T16:03:31Z',
};

export const MARKET_SCHEMA = {
  type: 'object',
  required: Object.keys(MARKET_EXAMPLE),
  properties: {
    provider: { type: 'string', enum: ['kalshi', 'polymarket'] },
    market_id: { type: 'string', description: 'Kalshi market ticker or Polymarket market id' },
    event_id: { type: ['string', 'null'], description: 'Kalshi event ticker or Polymarket condition id' },
    question: { type: 'string' },
    category: { type: ['string', 'null'] },
    status: { type: 'string', enum: ['open', 'closed', 'resolved'] },
    status_raw: { type: ['string', 'null'], description: "The venue's own status words" },
    yes_price: {
      type: ['number', 'null'],
      description: 'Probability 0-1 of Yes (null for non-Yes/No markets)',
    },
    yes_price_raw: {
      type: ['string', 'null'],
      description: "The venue's value: Kalshi cents or dollars, Polymarket dollars",
    },
    price_unit: { type: ['string', 'null'], enum: ['usd_cents', 'usd', null] },
    price_field: { type: ['string', 'null'], description: 'The venue field the price came from' },
    outcomes: { type: 'array', items: OUTCOME },
    volume: { type: ['number', 'null'] },
    volume_unit: { type: ['string', 'null'], enum: ['contracts', 'usd', null] },
    liquidity: { type: ['number', 'null'], description: 'USD' },
    open_time: { type: ['string', 'null'], format: 'date-time' },
    close_time: { type: ['string', 'null'], format: 'date-time' },
    resolution_time: { type: ['string', 'null'], format: 'date-time' },
    outcome: { type: ['string', 'null'], description: 'The winning outcome once resolved' },
    url: { type: ['string', 'null'] },
    updated_at: { type: ['string', 'null'], format: 'date-time' },
    companies: {
      type: 'array',
      description: 'Companies the market names: company_id, ticker, method, matched, evidence, earnings_kind',
    },
    source: { type: 'string' },
    fetched_at: { type: 'string', format: 'date-time' },
  },
};

const SELECT = `
  select m.provider, m.market_id, m.event_id, m.question, m.category, m.status, m.status_raw,
         m.yes_price, m.yes_price_raw, m.price_unit, m.price_field, m.outcomes, m.volume, m.volume_unit, m.liquidity,
         ${ts('m.open_time')} as open_time, ${ts('m.close_time')} as close_time,
         ${ts('m.resolution_time')} as resolution_time, m.outcome, m.url, ${ts('m.updated_at')} as updated_at,
         coalesce((select json_agg(json_build_object('company_id', l.company_id, 'ticker', c.primary_ticker,
                    'method', l.method, 'matched', l.matched, 'evidence', l.evidence, 'earnings_kind', l.earnings_kind)
                    order by l.company_id)
                     from prediction_market_links l left join companies c on c.company_id = l.company_id
                    where l.provider = m.provider and l.market_id = m.market_id), '[]'::json) as companies,
         m.source, ${ts('m.fetched_at')} as fetched_at,
         coalesce(to_char(m.close_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), 'infinity') as _close_key
    from prediction_markets m`;

const ORDER = `order by coalesce(m.close_time, 'infinity'::timestamptz), m.provider, m.market_id`;

function keyset(page: Page, add: (v: unknown) => string): string | null {
  if (!page.after) return null;
  const [c, pr, id] = page.after;
  if ([c, pr, id].some((v) => typeof v !== 'string')) throw new ApiError(400, 'Malformed cursor');
  const at = c === 'infinity' ? `'infinity'::timestamptz` : `${add(c)}::timestamptz`;
  return `(coalesce(m.close_time, 'infinity'::timestamptz), m.provider, m.market_id) > (${at}, ${add(pr)}, ${add(id)})`;
}

/** The platform's cursor takes the row's key; the internal close key leaves the row after that. */
const cursorKey = ((r: { _close_key: string; provider: string; market_id: string }) => [
  r._close_key,
  r.provider,
  r.market_id,
]) as never;

const strip = (rows: Record<string, unknown>[]) =>
  rows.map((r) => {
    Object.defineProperty(r, '_close_key', { enumerable: false, value: r._close_key });
    return r;
  });

const STATUS = p.oneOf(['open', 'closed', 'resolved'] as const, {
  description: 'open, closed (trading ended, not resolved) or resolved (outcome known)',
  examples: { 'still trading': 'open' },
});

export const predictionMarketsRoute = defineRoute({
  path: '/v1/prediction-markets',
  summary: 'Prediction markets (Kalshi, Polymarket)',
  description:
    "Venue markets with prices as probabilities 0-1 (the venue's value and unit beside them: Kalshi cents or dollars, Polymarket dollar strings), volume, close and resolution times and the outcome once resolved. Markets naming a company carry it in `companies` with the evidence. q matches the question (case-insensitive); ticker keeps markets linked to that company.",
  tags: ['Prediction markets'],
  envelope: 'A',
  access: { dataset: 'prediction_markets' },
  query: {
    q: p.string({
      description: 'Words in the question (case-insensitive substring)',
      max: 200,
      example: 'deport',
    }),
    ticker: p.string({
      description: 'Markets linked to this company (ticker, CIK or cmp_ id)',
      max: 64,
      examples: { Apple: 'AAPL' },
    }),
    status: STATUS,
    category: p.string({
      description: "The venue's category (case-insensitive)",
      max: 100,
      examples: { economics: 'Economics' },
    }),
    provider: p.oneOf(['kalshi', 'polymarket'] as const, {
      description: 'One venue',
      examples: { Polymarket: 'polymarket' },
    }),
  },
  page: { default: 100, max: 500 },
  cursorKey,
  response: { schema: MARKET_SCHEMA, example: MARKET_EXAMPLE, description: 'Market rows' },
  handler: async ({ database, query, page }) => {
    const params: unknown[] = [];
    const add = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    const where: string[] = [];
    if (query.q) where.push(`strpos(lower(m.question), lower(${add(query.q)})) > 0`);
    if (query.status) where.push(`m.status = ${add(query.status)}`);
    if (query.category) where.push(`lower(m.category) = lower(${add(query.category)})`);
    if (query.provider) where.push(`m.provider = ${add(query.provider)}`);
    if (query.ticker) {
      const c = await new CompanyResolver(database).resolve(query.ticker.trim(), 'resolve');
      where.push(
        `exists (select 1 from prediction_market_links l where l.provider = m.provider and l.market_id = m.market_id and l.company_id = ${add(c.companyId)})`,
      );
    }
    const k = keyset(page, add);
    if (k) where.push(k);
    return strip(
      await database.query(
        `${SELECT} ${where.length ? `where ${where.join(' and ')}` : ''} ${ORDER} limit ${add(page.fetch)}`,
        params,
      ),
    );
  },
});

export const earningsMarketsRoute = defineRoute({
  path: '/v1/companies/:company_id/earnings-markets',
  summary: "Prediction markets about a company's earnings",
  description:
    'Markets that name this company (a ticker form, or its registry name in a question about its business; ambiguous names are not linked) and are about its earnings: earnings_kind eps_beat (EPS against a figure), revenue_beat, earnings_call_mention (a word said on the call) or earnings_other.',
  tags: ['Prediction markets'],
  envelope: 'A',
  access: { dataset: 'earnings_markets' },
  company: 'resolve',
  query: {
    status: STATUS,
    kind: p.oneOf(['eps_beat', 'revenue_beat', 'earnings_call_mention', 'earnings_other'] as const, {
      description: 'What about the earnings the market asks',
      examples: { 'EPS beats': 'eps_beat' },
    }),
  },
  page: { default: 100, max: 500 },
  cursorKey,
  response: {
    schema: MARKET_SCHEMA,
    example: MARKET_EXAMPLE,
    description: 'Market rows (companies names this one)',
  },
  handler: async ({ database, query, company, page }) => {
    const params: unknown[] = [];
    const add = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    const where = [
      `exists (select 1 from prediction_market_links l where l.provider = m.provider and l.market_id = m.market_id
                 and l.company_id = ${add(company!.companyId)} and l.earnings_kind is not null${
                   query.kind ? ` and l.earnings_kind = ${add(query.kind)}` : ''
                 })`,
    ];
    if (query.status) where.push(`m.status = ${add(query.status)}`);
    const k = keyset(page, add);
    if (k) where.push(k);
    return strip(
      await database.query(
        `${SELECT} where ${where.join(' and ')} ${ORDER} limit ${add(page.fetch)}`,
        params,
      ),
    );
  },
});

export const predictionMarketRoutes = [asAnyRoute(predictionMarketsRoute), asAnyRoute(earningsMarketsRoute)];
