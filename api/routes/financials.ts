import type { Database } from '../../lib/db.ts';
import * as p from '../platform/params.ts';
import { asAnyRoute, defineRoute } from '../platform/route.ts';
import {
  BALANCE_EXAMPLE,
  CASH_FLOW_EXAMPLE,
  INCOME_EXAMPLE,
  METRICS_EXAMPLE,
} from './financials-examples.ts';
import {
  companyQuery,
  periodConditionsOf,
  periodFilters,
  pushPeriodValues,
  requireCompany,
  type StatementCompany,
  statementCompany,
  unknownTicker,
} from './statement-query.ts';

/**
 * Standardized statements and metrics (spec 4.3): Free, 1 credit each, envelope B (bare wrapper, flat
 * errors, 402 rate limit). Rows are read from `financial_statements`, which keeps every version of a row
 * with the filing date it was known from; `as_of` picks the versions known on a date.
 */

type Statement = 'income' | 'balance' | 'cash_flow' | 'metrics';

const HEAD = [
  'ticker',
  'cik',
  'report_period',
  'period',
  'fiscal_period',
  'currency',
  'accounting_standard',
  'accession_number',
  'filing_url',
] as const;

const valueFields = (example: Record<string, unknown>) =>
  Object.keys(example).filter((k) => !(HEAD as readonly string[]).includes(k) && k !== 'calendar_date');

/** Spec 2.5's value fields per row type, in the spec's order. */
export const VALUE_FIELDS: Record<Statement, string[]> = {
  income: valueFields(INCOME_EXAMPLE),
  balance: valueFields(BALANCE_EXAMPLE),
  cash_flow: valueFields(CASH_FLOW_EXAMPLE),
  metrics: valueFields(METRICS_EXAMPLE),
};

const statementQuery = {
  ...companyQuery,
  period: p.oneOf(['annual', 'quarterly', 'ttm'] as const, {
    description:
      'Required, no default. annual; quarterly (Q1-Q3 only: Q4 is the year minus Q1-Q3); ttm (trailing-twelve-month sums for flows, the latest instant for balances). Form 20-F filers have annual rows only',
    required: true,
    example: 'annual',
  }),
  ...periodFilters,
};
type StatementQuery = p.ParsedQuery<typeof statementQuery>;

interface StoredRow {
  ticker: string | null;
  report_period: string;
  fiscal_period: string;
  calendar_date: string | null;
  currency: string | null;
  accounting_standard: string | null;
  accession_number: string | null;
  filing_url: string | null;
  values: Record<string, unknown>;
}

/** The statement read's SQL text for the period filters in `mask` (pushPeriodValues): cik, statement, period,
 * the filters' values, then the limit. */
function statementText(mask: number): string {
  const conditions = periodConditionsOf(mask, 4);
  return `select ticker, report_period::text as report_period, fiscal_period, calendar_date::text as calendar_date,
            currency, accounting_standard, accession_number, filing_url, "values"
       from (select distinct on (report_period) * from financial_statements
              where cik = $1 and statement = $2 and period = $3 ${conditions.map((c) => `and ${c}`).join(' ')}
              order by report_period desc, known_from desc) v
      where fiscal_period is not null
      order by report_period desc
      limit $${4 + conditions.length}`;
}

/** Built once per filter shape: the text depends only on which period filters a request gives. */
const statementTexts: string[] = [];

/** Newest first, `limit` rows: per report_period the newest version (as of `as_of`), removals skipped. */
export async function readStatements(
  database: Database,
  company: StatementCompany,
  statement: Statement,
  q: StatementQuery,
  limit: number,
): Promise<Record<string, unknown>[]> {
  const params: unknown[] = [company.cik, statement, q.period];
  const mask = pushPeriodValues(q, params);
  params.push(limit);
  let text = statementTexts[mask];
  if (text === undefined) {
    text = statementText(mask);
    statementTexts[mask] = text;
  }
  const rows = await database.query<StoredRow>(text, params);
  return rows.map((r) => {
    const out: Record<string, unknown> = {
      ticker: company.registryTicker ?? r.ticker ?? company.ticker,
      cik: company.cik,
      report_period: r.report_period,
      period: q.period,
      fiscal_period: r.fiscal_period,
      currency: r.currency,
      accounting_standard: r.accounting_standard,
      accession_number: r.accession_number,
      filing_url: r.filing_url,
    };
    if (statement === 'income') out.calendar_date = r.calendar_date;
    for (const f of VALUE_FIELDS[statement]) out[f] = r.values[f] ?? null;
    return out;
  });
}

const num = { type: ['number', 'null'] };
const str = { type: ['string', 'null'] };
const HEAD_SCHEMA = {
  ticker: str,
  cik: { type: 'integer' },
  report_period: { type: 'string', format: 'date', description: 'Period end' },
  period: {
    type: 'string',
    enum: ['annual', 'quarterly', 'ttm'],
    description: 'Echo of the requested grain',
  },
  fiscal_period: { type: 'string', enum: ['FY', 'Q1', 'Q2', 'Q3'] },
  currency: { type: 'string', description: 'Reporting currency; figures are never converted' },
  accounting_standard: { type: ['string', 'null'], enum: ['us_gaap', 'ifrs', null] },
  accession_number: str,
  filing_url: str,
};

function rowSchema(statement: Statement) {
  const properties: Record<string, unknown> = { ...HEAD_SCHEMA };
  if (statement === 'income')
    properties.calendar_date = { type: 'string', format: 'date', description: 'Calendar quarter end' };
  for (const f of VALUE_FIELDS[statement]) properties[f] = num;
  return {
    type: 'object',
    required: Object.keys(properties),
    properties,
    description: 'null = the source did not report it (or, for metrics, it is not computable); never zero',
  };
}

const wrapper = (key: string, statement: Statement) => ({
  type: 'object',
  required: [key],
  properties: { [key]: { type: 'array', items: rowSchema(statement) } },
});

const COMMON = {
  tags: ['Financial statements'],
  envelope: 'B' as const,
  access: { dataset: 'financials' },
  query: statementQuery,
  validate: requireCompany,
  page: { default: 4, max: null },
  notFound: unknownTicker('XYZ'),
};

const DESCRIPTION =
  'Rows newest first, `limit` rows (default 4). Figures as of `as_of` when given (default: latest, restatements included). 20-F filers: annual only; quarterly and ttm are empty.';

function statementRoute(path: string, key: string, statement: Statement, summary: string, example: unknown) {
  return defineRoute({
    ...COMMON,
    path,
    summary,
    description: DESCRIPTION,
    response: { schema: wrapper(key, statement), example: { [key]: [example] } },
    handler: async ({ database, query, page }) => {
      const company = await statementCompany(database, query);
      return { [key]: await readStatements(database, company, statement, query, page.limit) };
    },
  });
}

export const incomeStatements = statementRoute(
  '/v1/financials/income-statements',
  'income_statements',
  'income',
  'Income statements',
  INCOME_EXAMPLE,
);
export const balanceSheets = statementRoute(
  '/v1/financials/balance-sheets',
  'balance_sheets',
  'balance',
  'Balance sheets',
  BALANCE_EXAMPLE,
);
export const cashFlowStatements = statementRoute(
  '/v1/financials/cash-flow-statements',
  'cash_flow_statements',
  'cash_flow',
  'Cash-flow statements',
  CASH_FLOW_EXAMPLE,
);

export const allFinancials = defineRoute({
  ...COMMON,
  path: '/v1/financials',
  summary: 'All three statements',
  description: `${DESCRIPTION} \`limit\` applies to each statement.`,
  response: {
    schema: {
      type: 'object',
      required: ['financials'],
      properties: {
        financials: {
          type: 'object',
          required: ['income_statements', 'balance_sheets', 'cash_flow_statements'],
          properties: {
            income_statements: { type: 'array', items: rowSchema('income') },
            balance_sheets: { type: 'array', items: rowSchema('balance') },
            cash_flow_statements: { type: 'array', items: rowSchema('cash_flow') },
          },
        },
      },
    },
    example: {
      financials: {
        income_statements: [INCOME_EXAMPLE],
        balance_sheets: [BALANCE_EXAMPLE],
        cash_flow_statements: [CASH_FLOW_EXAMPLE],
      },
    },
  },
  handler: async ({ database, query, page }) => {
    const company = await statementCompany(database, query);
    const read = (s: Statement) => readStatements(database, company, s, query, page.limit);
    return {
      financials: {
        income_statements: await read('income'),
        balance_sheets: await read('balance'),
        cash_flow_statements: await read('cash_flow'),
      },
    };
  },
});

export const financialMetrics = defineRoute({
  ...COMMON,
  access: { dataset: 'financial_metrics' },
  path: '/v1/financial-metrics',
  summary: 'Financial metrics',
  description: `${DESCRIPTION} The 38 metrics of spec 2.5 computed from the statements of the same period (and the prior comparable period for growth); quarterly ratios are not annualised. The eight valuation metrics (enterprise_value ... peg_ratio) need prices and market cap, which this service does not load yet: they are null.`,
  response: {
    schema: wrapper('financial_metrics', 'metrics'),
    example: { financial_metrics: [METRICS_EXAMPLE] },
  },
  handler: async ({ database, query, page }) => {
    const company = await statementCompany(database, query);
    return { financial_metrics: await readStatements(database, company, 'metrics', query, page.limit) };
  },
});

export const financialsRoutes = [
  asAnyRoute(allFinancials),
  asAnyRoute(incomeStatements),
  asAnyRoute(balanceSheets),
  asAnyRoute(cashFlowStatements),
  asAnyRoute(financialMetrics),
];
