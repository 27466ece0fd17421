import * as p from '../platform/params.ts';
import { asAnyRoute, defineRoute } from '../platform/route.ts';
import { SEGMENT_EXAMPLE } from './financials-examples.ts';
import {
  companyQuery,
  periodConditions,
  periodFilters,
  requireCompany,
  statementCompany,
  unknownTicker,
} from './statement-query.ts';

/**
 * Segment financials (spec 4.3): income-statement metrics by business segment, product or service and
 * geography, one row per period (the newest filing's breakdown as of `as_of`). Balance-sheet and
 * cash-flow segment routes exist and are always empty, as the spec says.
 */

const segmentQuery = {
  ...companyQuery,
  period: p.oneOf(['annual', 'quarterly'] as const, {
    description: 'annual (default) or quarterly; there is no ttm for segments',
    example: 'annual',
  }),
  ...periodFilters,
};

const bucket = {
  type: 'object',
  required: ['label', 'value'],
  properties: {
    label: { type: 'string', description: "The company's own segment name" },
    value: { type: 'number' },
  },
};
const payload = {
  type: 'object',
  description: 'metric -> dimension (segment, product_or_service, geography) -> buckets',
  additionalProperties: { type: 'object', additionalProperties: { type: 'array', items: bucket } },
};
const HEAD = {
  ticker: { type: ['string', 'null'] },
  report_period: { type: 'string', format: 'date' },
  fiscal_period: { type: ['string', 'null'] },
  period: { type: 'string', enum: ['annual', 'quarterly'] },
  currency: { type: ['string', 'null'] },
  accession_number: { type: 'string' },
  filing_url: { type: ['string', 'null'] },
};
const rowSchema = (payloads: string[]) => {
  const properties: Record<string, unknown> = { ...HEAD };
  for (const k of payloads) properties[k] = payload;
  return { type: 'object', required: Object.keys(properties), properties };
};

interface StoredSegment {
  ticker: string | null;
  report_period: string;
  fiscal_period: string | null;
  currency: string | null;
  accession_number: string;
  filing_url: string | null;
  income_statement: Record<string, unknown>;
}

const COMMON = {
  tags: ['Financial statements'],
  envelope: 'B' as const,
  access: { dataset: 'financial_segments' },
  query: segmentQuery,
  validate: requireCompany,
  page: { default: 4, max: null },
  notFound: unknownTicker('XYZ'),
};

function segmentRoute(path: string, key: string, summary: string, variant: 'all' | 'income') {
  const head = Object.fromEntries(Object.keys(HEAD).map((k) => [k, SEGMENT_EXAMPLE[k as keyof typeof HEAD]]));
  const example =
    variant === 'all' ? SEGMENT_EXAMPLE : { ...head, income_statement: SEGMENT_EXAMPLE.income_statement };
  const payloads =
    variant === 'all' ? ['income_statement', 'balance_sheet', 'cash_flow_statement'] : ['income_statement'];
  return defineRoute({
    ...COMMON,
    path,
    summary,
    description: 'One row per period, newest first, `limit` rows (default 4).',
    response: {
      schema: {
        type: 'object',
        required: [key],
        properties: { [key]: { type: 'array', items: rowSchema(payloads) } },
      },
      example: { [key]: [example] },
    },
    handler: async ({ database, query, page }) => {
      const company = await statementCompany(database, query);
      const period = query.period ?? 'annual';
      const { conditions, params } = periodConditions(query, 3);
      const rows = await database.query<StoredSegment>(
        `select * from (select distinct on (report_period) ticker, report_period::text as report_period,
                fiscal_period, currency, accession_number, filing_url, income_statement
              from financial_segments where cik = $1 and period = $2 ${conditions.map((c) => `and ${c}`).join(' ')}
              order by report_period desc, known_from desc, accession_number desc) v
          order by report_period desc limit $${3 + params.length}`,
        [company.cik, period, ...params, page.limit],
      );
      return {
        [key]: rows.map((r) => {
          const out: Record<string, unknown> = {
            ticker: company.registryTicker ?? r.ticker ?? company.ticker,
            report_period: r.report_period,
            fiscal_period: r.fiscal_period,
            period,
            currency: r.currency,
            accession_number: r.accession_number,
            filing_url: r.filing_url,
            income_statement: r.income_statement,
          };
          if (variant === 'all') Object.assign(out, { balance_sheet: {}, cash_flow_statement: {} });
          return out;
        }),
      };
    },
  });
}

function emptyRoute(path: string, key: string, summary: string) {
  return defineRoute({
    ...COMMON,
    path,
    summary,
    description: 'Always an empty list: segment breakdowns are reported for income-statement metrics only.',
    response: {
      schema: { type: 'object', required: [key], properties: { [key]: { type: 'array', maxItems: 0 } } },
      example: { [key]: [] },
    },
    handler: async ({ database, query }) => {
      await statementCompany(database, query);
      return { [key]: [] };
    },
  });
}

export const financialSegmentsRoutes = [
  asAnyRoute(segmentRoute('/v1/financials/segments', 'segmented_financials', 'Segment financials', 'all')),
  asAnyRoute(
    segmentRoute(
      '/v1/financials/income-statements/segments',
      'income_statement_segments',
      'Income-statement segments',
      'income',
    ),
  ),
  asAnyRoute(
    emptyRoute('/v1/financials/balance-sheets/segments', 'balance_sheet_segments', 'Balance-sheet segments'),
  ),
  asAnyRoute(
    emptyRoute(
      '/v1/financials/cash-flow-statements/segments',
      'cash_flow_statement_segments',
      'Cash-flow segments',
    ),
  ),
];
