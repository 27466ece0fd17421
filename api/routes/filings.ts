import * as p from '../platform/params.ts';
import { asAnyRoute, defineRoute } from '../platform/route.ts';
import { filingItemsRoutes } from './filing-items.ts';
import { FILING_TYPES } from './filings-reference.ts';
import {
  companyQuery,
  filterConditions,
  pushFilterValues,
  type QueryFilters,
  requireCompany,
  statementCompany,
  unknownTicker,
} from './statement-query.ts';

/**
 * The US filing index (spec 4.2, row 2.3): envelope B (bare wrapper, flat errors, 402 rate limit), newest
 * first by filing date, `limit` only. The ticker, CIK and type lists are free discovery routes.
 */

const APPLE_10K = {
  cik: 320193,
  accession_number: '0000320193-94-000016',
  filing_type: '10-K',
  report_date: '1994-09-30',
  filing_date: '1994-12-13',
  ticker: 'AAPL',
  url: 'https://www.sec.gov/Archives/edgar/data/320193/000032019394000016/',
};

const FILING_SCHEMA = {
  type: 'object',
  required: Object.keys(APPLE_10K),
  properties: {
    cik: { type: 'integer', description: 'The only place the CIK is numeric in the filings family' },
    accession_number: { type: 'string', pattern: '^\\d{10}-\\d{2}-\\d{6}$' },
    filing_type: { type: 'string', enum: [...FILING_TYPES] },
    report_date: {
      type: ['string', 'null'],
      format: 'date',
      description: 'Period of report; null when the source gives none',
    },
    filing_date: { type: 'string', format: 'date' },
    ticker: { type: ['string', 'null'], description: "The company's current ticker" },
    url: { type: 'string', description: 'The filing folder on EDGAR' },
  },
};

const listQuery = {
  ...companyQuery,
  ticker: { ...companyQuery.ticker, example: 'AAPL' },
  cik: { ...companyQuery.cik, examples: { 'Apple, instead of ticker': '320193' } },
  filing_type: p.repeatable(
    p.oneOf(FILING_TYPES, {
      description:
        'Filing type; repeat for several (filing_type=10-K&filing_type=10-Q). Default: every type of this list (the index also keeps 20-F/A for the Form 20-F routes; it is not listed here)',
      example: '10-K',
    }),
    FILING_TYPES.length,
  ),
  ...p.range('filed_at', p.date, 'Filing date', '1994-01-01'),
};

/** The spec's filing types, the default filter (one array for every request: it is only read). */
const SERVED_TYPES: readonly string[] = [...FILING_TYPES];

/** The filed_at filters, in the order their conditions and parameters come. */
const FILED_AT: QueryFilters = [
  ['filing_date >=', 'filed_at_gte'],
  ['filing_date <=', 'filed_at_lte'],
  ['filing_date >', 'filed_at_gt'],
  ['filing_date <', 'filed_at_lt'],
];

/** The index read's SQL text for the filed_at filters in `mask`: cik, types, the filters' values, the limit. */
function filingsText(mask: number): string {
  const where = ['cik = $1', 'filing_type = any($2::text[])', ...filterConditions(FILED_AT, mask, 3)];
  return `select accession_number, filing_type, report_date::text as report_date, filing_date::text as filing_date, url
         from filings where ${where.join(' and ')}
        order by filings.filing_date desc, accession_number desc
        limit $${where.length + 1}`;
}

/** Built once per filter shape: the text depends only on which filed_at filters a request gives. */
const filingsTexts: string[] = [];

export const listFilings = defineRoute({
  path: '/v1/filings',
  summary: 'Filing index',
  description:
    'Filings of one company (ticker or cik required), newest first by filing date, `limit` rows (default 10). Historical spellings (10-K405, 10-KSB...) are served under their spec type.',
  tags: ['Filings'],
  envelope: 'B',
  access: { dataset: 'filings' },
  query: listQuery,
  validate: requireCompany,
  page: { default: 10, max: null },
  notFound: unknownTicker('XYZ'),
  response: {
    schema: {
      type: 'object',
      required: ['filings'],
      properties: { filings: { type: 'array', items: FILING_SCHEMA } },
    },
    example: { filings: [APPLE_10K] },
  },
  handler: async ({ database, query, page }) => {
    const company = await statementCompany(database, query);
    // the index also keeps forms outside spec 2.3 (20-F/A, for form_20f): never served here
    const params: unknown[] = [company.cik, query.filing_type?.length ? query.filing_type : SERVED_TYPES];
    const mask = pushFilterValues(FILED_AT, query, params);
    params.push(page.limit);
    let text = filingsTexts[mask];
    if (text === undefined) {
      text = filingsText(mask);
      filingsTexts[mask] = text;
    }
    const rows = await database.query<Omit<typeof APPLE_10K, 'ticker' | 'cik'>>(text, params);
    return { filings: rows.map((r) => ({ cik: company.cik, ...r, ticker: company.ticker })) };
  },
});

const listSchema = (key: string, item: Record<string, unknown>) => ({
  type: 'object',
  required: ['resource', key],
  properties: { resource: { type: 'string' }, [key]: { type: 'array', items: item } },
});

export const filingTickers = defineRoute({
  path: '/v1/filings/tickers',
  summary: 'Tickers with filings',
  description:
    'Free discovery list (no credit, not rate limited): current tickers of companies with indexed filings, sorted.',
  tags: ['Filings'],
  envelope: 'B',
  access: { dataset: 'filings', creditCost: 0 },
  response: {
    schema: listSchema('tickers', { type: 'string' }),
    example: { resource: 'filings', tickers: ['AAPL', 'FNMA'] },
  },
  handler: async ({ database }) => {
    const rows = await database.query<{ t: string }>(
      `select distinct c.primary_ticker as t from companies c
        where c.primary_ticker is not null and c.cik is not null
          and exists (select 1 from filings f where f.cik = c.cik::bigint and f.filing_type = any($1::text[]))
        order by 1`,
      [[...FILING_TYPES]],
    );
    return { resource: 'filings', tickers: rows.map((r) => r.t) };
  },
});

export const filingCiks = defineRoute({
  path: '/v1/filings/ciks',
  summary: 'CIKs with filings',
  description: 'Free discovery list (no credit, not rate limited), 10-character zero-padded, sorted.',
  tags: ['Filings'],
  envelope: 'B',
  access: { dataset: 'filings', creditCost: 0 },
  response: {
    schema: listSchema('ciks', { type: 'string', pattern: '^\\d{10}$' }),
    example: { resource: 'filings', ciks: ['0000310522', '0000320193'] },
  },
  handler: async ({ database }) => {
    const rows = await database.query<{ cik: string }>(
      `select lpad(cik::text, 10, '0') as cik
         from (select distinct cik from filings where filing_type = any($1::text[])) f order by 1`,
      [[...FILING_TYPES]],
    );
    return { resource: 'filings', ciks: rows.map((r) => r.cik) };
  },
});

export const filingTypes = defineRoute({
  path: '/v1/filings/types',
  summary: 'Filing types',
  description: 'Free: the filing types the index serves (spec 2.3).',
  tags: ['Filings'],
  envelope: 'B',
  access: { dataset: 'filings', creditCost: 0 },
  response: {
    schema: {
      type: 'object',
      required: ['filing_types'],
      properties: { filing_types: { type: 'array', items: { type: 'string' } } },
    },
    example: { filing_types: [...FILING_TYPES] },
  },
  handler: async () => ({ filing_types: [...FILING_TYPES] }),
});

export const filingsRoutes = [
  asAnyRoute(listFilings),
  asAnyRoute(filingTickers),
  asAnyRoute(filingCiks),
  asAnyRoute(filingTypes),
  ...filingItemsRoutes,
];
