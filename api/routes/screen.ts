import type { CursorKey } from '../platform/cursors.ts';
import { ApiError } from '../platform/errors.ts';
import * as p from '../platform/params.ts';
import { asAnyRoute, defineRoute } from '../platform/route.ts';
import {
  NUMERIC_BY_NAME,
  NUMERIC_FIELDS,
  type NumericField,
  registryExpr,
  SCREEN_FROM,
} from './screen-fields.ts';
import { type Condition, filterParam, SQL_OP } from './screen-filter.ts';
import { screenFacetsRoute, screenTermsRoute } from './screen-reference.ts';

/**
 * GET /v1/screen (Fund, 1 credit, envelope A). Design (spec 4.10 leaves it open):
 * - Conditions are one repeatable `filter` parameter, `<field>:<op>:<value>` (ops named like the spec's
 *   range suffixes: gte, lte, gt, lt, eq; in for sets), ANDed; not one query parameter per field
 *   (`revenue_gte`, ... would be 2 x ~110 parameters). One parameter keeps the route contract, its
 *   OpenAPI page and its MCP tool schema small and stable while fields are added (market data plugs in
 *   as new field names, not new parameters); every condition is still typed and checked per field with
 *   a message naming it, /v1/screen/facets lists the fields with units and observed ranges, and the
 *   cursor binds the filters like on any other route.
 * - Values are the latest of each field (screen_latest, rebuilt by the financials loader), compared in
 *   each company's reporting currency (`currency`; never converted). Every returned value carries the
 *   period and report_period it comes from.
 * - `sort=<field>` or `sort=-<field>` (descending) over a numeric field, `company_name` or `ticker`;
 *   sorting on a numeric field leaves out companies without that value (they cannot be ranked).
 */
/** Alphabet as the demo serves it (companyfacts through the financials job; no market data loaded). */
const ROW_EXAMPLE = {
  company_id: 'cmp_638d4358b64fd3656708',
  company_name: 'Alphabet Inc.',
  ticker: 'GOOGL',
  cik: '0001652044',
  country: null,
  sector: null,
  industry: null,
  exchange: 'NASDAQ',
  currency: 'USD',
  values: {
    revenue: { value: 422499000000, period: 'ttm', report_period: '2026-03-31' },
    net_income: { value: 160208000000, period: 'ttm', report_period: '2026-03-31' },
    net_margin: { value: 0.379191, period: 'ttm', report_period: '2026-03-31' },
    market_cap: null,
  },
};

const valueSchema = {
  type: ['object', 'null'],
  required: ['value', 'period', 'report_period'],
  properties: {
    value: { type: 'number' },
    period: { type: 'string', enum: ['ttm', 'annual', 'quarterly', 'latest'] },
    report_period: { type: 'string', format: 'date', description: 'Period end (market data: as-of date)' },
  },
};
const str = { type: ['string', 'null'] };
const ROW_SCHEMA = {
  type: 'object',
  required: Object.keys(ROW_EXAMPLE),
  properties: {
    company_id: { type: 'string' },
    company_name: { type: 'string' },
    ticker: str,
    cik: str,
    country: str,
    sector: str,
    industry: str,
    exchange: str,
    currency: { ...str, description: 'Reporting currency of the statement values (never converted)' },
    values: {
      type: 'object',
      description:
        'The requested fields (default revenue, net_income, net_margin, market_cap, plus every field filtered or sorted on): null when the company has no value',
      additionalProperties: valueSchema,
    },
  },
};

const DEFAULT_FIELDS = ['revenue', 'net_income', 'net_margin', 'market_cap'];
const fieldName = p.string({
  description: 'A field name from /v1/screen/facets',
  max: 60,
  pattern: /^[a-z_]+$/,
  patternHint: 'must be a field name from /v1/screen/facets',
});

const screenQuery = {
  filter: filterParam,
  sort: p.string({
    description: `Sort key: a field name for ascending, -name for descending (company_name, ticker or any numeric field of /v1/screen/facets); default company_name. A numeric sort leaves out companies without that value`,
    max: 61,
    pattern: /^-?[a-z_]+$/,
    patternHint: 'must be a field name, optionally prefixed with - for descending',
    example: '-revenue',
  }),
  fields: p.repeatable(
    {
      ...fieldName,
      description: 'Extra numeric fields to return in values (repeatable), from /v1/screen/facets',
      example: 'net_margin',
    },
    100,
  ),
};

interface ScreenRow {
  company_id: string;
  company_name: string;
  ticker: string | null;
  cik: string | null;
  country: string | null;
  sector: string | null;
  industry: string | null;
  exchange: string | null;
  currency: string | null;
  values: Record<string, { value: number; period: string; report_period: string } | null>;
}

function numeric(name: string, what: string): NumericField {
  const f = NUMERIC_BY_NAME.get(name);
  if (!f)
    throw new ApiError(400, `Unknown ${what} '${name}': see /v1/screen/facets for the screenable fields`);
  return f;
}

export async function runScreen(
  db: { query<T>(sql: string, params?: unknown[]): Promise<T[]> },
  query: Record<string, unknown>,
  page: { fetch: number; after: CursorKey | null },
): Promise<(ScreenRow & { __key: CursorKey })[]> {
  const params: unknown[] = [];
  const bind = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where: string[] = [];
  const shown = new Set(DEFAULT_FIELDS);
  for (const c of (query.filter as Condition[] | undefined) ?? []) {
    if (c.kind === 'string') {
      where.push(`${registryExpr(c.field)} = any(${bind(c.values)}::text[])`);
      continue;
    }
    const f = NUMERIC_BY_NAME.get(c.field)!;
    where.push(`${f.value} ${SQL_OP[c.op]} ${bind(c.value)}`);
    shown.add(f.name);
  }
  for (const name of (query.fields as string[] | undefined) ?? []) shown.add(numeric(name, 'field').name);

  const sortRaw = (query.sort as string | undefined) ?? 'company_name';
  const desc = sortRaw.startsWith('-');
  const sortName = desc ? sortRaw.slice(1) : sortRaw;
  let sortExpr: string;
  let sortIsNumber = false;
  if (sortName === 'company_name') sortExpr = 'c.company_name';
  else if (sortName === 'ticker') sortExpr = `coalesce(c.primary_ticker, '')`;
  else {
    const f = numeric(sortName, 'sort field');
    sortExpr = f.value;
    sortIsNumber = true;
    shown.add(f.name);
    where.push(`${f.value} is not null`);
  }
  if (page.after) {
    const [v, id] = page.after;
    if (typeof id !== 'string' || (sortIsNumber ? typeof v !== 'number' : typeof v !== 'string'))
      throw new ApiError(400, 'Malformed cursor');
    where.push(`(${sortExpr}, c.company_id) ${desc ? '<' : '>'} (${bind(v)}, ${bind(id)})`);
  }
  const dir = desc ? 'desc' : 'asc';
  const fields = NUMERIC_FIELDS.filter((f) => shown.has(f.name));
  const valueCols = fields.map((f, i) => `${f.value} as v${i}, ${f.period} as p${i}`).join(',\n            ');
  // Two steps: filter, sort and cut the page on typed columns, then read the page's periods and
  // registry details (the periods document is only opened for the rows returned).
  const rows = await db.query<Record<string, unknown>>(
    `with page as (
       select c.company_id, ${sortExpr} as sort_key
         from ${SCREEN_FROM}
        ${where.length ? `where ${where.join(' and ')}` : ''}
        order by ${sortExpr} ${dir}, c.company_id ${dir}
        limit ${bind(page.fetch)})
     select c.company_id, c.company_name, c.primary_ticker as ticker, c.cik, c.country,
            ${registryExpr('sector')} as sector, ${registryExpr('industry')} as industry,
            c.primary_exchange as exchange, s.currency, page.sort_key,
            ${valueCols}
       from page join ${SCREEN_FROM.replace('companies c', 'companies c on c.company_id = page.company_id')}
      order by page.sort_key ${dir}, c.company_id ${dir}`,
    params,
  );
  return rows.map((r) => {
    const values: ScreenRow['values'] = {};
    fields.forEach((f, i) => {
      const v = r[`v${i}`];
      const per = r[`p${i}`] as [string, string] | null;
      values[f.name] =
        v === null || v === undefined
          ? null
          : { value: Number(v), period: per?.[0] ?? '', report_period: per?.[1] ?? '' };
    });
    const row = {
      company_id: r.company_id as string,
      company_name: r.company_name as string,
      ticker: (r.ticker as string | null) ?? null,
      cik: (r.cik as string | null) ?? null,
      country: (r.country as string | null) ?? null,
      sector: (r.sector as string | null) ?? null,
      industry: (r.industry as string | null) ?? null,
      exchange: (r.exchange as string | null) ?? null,
      currency: (r.currency as string | null) ?? null,
      values,
    };
    const key: CursorKey = [sortIsNumber ? Number(r.sort_key) : String(r.sort_key), row.company_id];
    // The keyset rides along without being serialized (the route's rows are sent as JSON).
    return Object.defineProperty(row, '__key', { value: key, enumerable: false }) as ScreenRow & {
      __key: CursorKey;
    };
  });
}

export const screenRoute = defineRoute({
  path: '/v1/screen',
  summary: 'Screen companies on their latest financials, metrics, registry and market fields',
  description:
    'Filters the company registry with `filter=<field>:<op>:<value>` conditions, repeated and combined with AND: ranges on every numeric field of /v1/screen/facets (statements, metrics, market data; ops gte, lte, gt, lt, eq) and sets of registry values (country, sector, industry, exchange; ops eq, in with values separated by |). Example: `filter=revenue:gte:1000000000&filter=net_margin:gte:0.2&filter=exchange:in:NASDAQ|NYSE&sort=-revenue`. Values are each company’s latest (flows and metrics: ttm, else annual; balances: latest instant) in its reporting currency, never converted; each returned value says its period and report_period. Sort with `sort=-revenue`; page with the cursor. Fund plan, 1 credit per page.',
  tags: ['Screening'],
  envelope: 'A',
  access: { dataset: 'screen' },
  query: screenQuery,
  page: { default: 50, max: 1000 },
  cursorKey: (row: { __key: CursorKey }) => row.__key,
  response: { schema: ROW_SCHEMA, example: ROW_EXAMPLE },
  handler: async ({ database, query, page }) => runScreen(database, query as Record<string, unknown>, page),
});

export const screenRoutes = [
  asAnyRoute(screenRoute),
  asAnyRoute(screenFacetsRoute),
  asAnyRoute(screenTermsRoute),
];
