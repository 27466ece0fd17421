import type { Database } from '../../lib/db.ts';
import { ApiError, MALFORMED_CURSOR } from '../platform/errors.ts';
import * as p from '../platform/params.ts';
import { defineRoute } from '../platform/route.ts';
import {
  CATEGORICAL_FIELDS,
  MARKET_FIELDS,
  NUMERIC_FIELDS,
  registryExpr,
  SOURCE_NOTE,
} from './screen-fields.ts';

/**
 * The free discovery routes of screening: /v1/screen/facets (every screenable field with its type,
 * unit, filters and observed range) and /v1/screen/terms (the values of a categorical field).
 */
const FACET_EXAMPLE = {
  field: 'net_margin',
  type: 'number',
  unit: 'ratio',
  source: 'metrics',
  description: 'latest ttm (else annual) metrics',
  operators: ['gte', 'lte', 'gt', 'lt', 'eq'],
  min: 0.289856,
  max: 0.400227,
  companies: 3,
};

const FACET_SCHEMA = {
  type: 'object',
  required: Object.keys(FACET_EXAMPLE),
  properties: {
    field: { type: 'string' },
    type: { enum: ['number', 'string'] },
    unit: {
      type: ['string', 'null'],
      description:
        'currency (the company’s reporting currency), currency_per_share, shares, ratio (0.25 = 25%), days, market_cap_currency; null for categorical fields',
    },
    source: { enum: ['income', 'balance', 'cash_flow', 'metrics', 'market', 'registry'] },
    description: { type: 'string' },
    operators: {
      type: 'array',
      items: { type: 'string' },
      description: 'The operators of the field in /v1/screen filter=<field>:<op>:<value>',
    },
    min: { type: ['number', 'null'], description: 'Smallest observed value (numbers)' },
    max: { type: ['number', 'null'], description: 'Largest observed value (numbers)' },
    companies: { type: 'integer', description: 'Companies with a value' },
  },
};

interface Observed {
  min: number | null;
  max: number | null;
  companies: number;
}

const RANGE_TTL_MS = 60_000;
const cache = new WeakMap<Database, { at: number; ranges: Map<string, Observed> }>();

/** Observed ranges, one aggregate over screen_latest (cached a minute: the table changes with loads). */
async function observedRanges(database: Database): Promise<Map<string, Observed>> {
  const hit = cache.get(database);
  if (hit && Date.now() - hit.at < RANGE_TTL_MS) return hit.ranges;
  const ranges = new Map<string, Observed>();
  const stored = NUMERIC_FIELDS.filter((f) => f.source !== 'market');
  const [agg] = await database.query<Record<string, number | null>>(
    `select ${stored.map((f, i) => `min(${f.value}) as min${i}, max(${f.value}) as max${i}, count(${f.value})::int as n${i}`).join(', ')}
       from screen_latest s`,
  );
  stored.forEach((f, i) => {
    const min = agg?.[`min${i}`];
    const max = agg?.[`max${i}`];
    ranges.set(f.name, {
      min: min == null ? null : Number(min),
      max: max == null ? null : Number(max),
      companies: Number(agg?.[`n${i}`] ?? 0),
    });
  });
  for (const f of MARKET_FIELDS) {
    const [m] = await database.query<{ min: number | null; max: number | null; n: number }>(
      `select min(${f.value}) as min, max(${f.value}) as max, count(${f.value})::int as n from companies c`,
    );
    ranges.set(f.name, {
      min: m?.min == null ? null : Number(m.min),
      max: m?.max == null ? null : Number(m.max),
      companies: m?.n ?? 0,
    });
  }
  const [cat] = await database.query<Record<string, number>>(
    `select ${CATEGORICAL_FIELDS.map((c) => `count(${registryExpr(c.name)})::int as ${c.name}`).join(', ')}
       from companies c left join company_facts cf on cf.cik = c.cik`,
  );
  for (const c of CATEGORICAL_FIELDS)
    ranges.set(c.name, { min: null, max: null, companies: cat?.[c.name] ?? 0 });
  cache.set(database, { at: Date.now(), ranges });
  return ranges;
}

export const screenFacetsRoute = defineRoute({
  path: '/v1/screen/facets',
  summary: 'Screenable fields: type, unit, filters and observed range',
  description:
    'Every field /v1/screen filters, sorts or returns (`filter=<field>:<op>:<value>`): numeric fields with their unit and the smallest and largest value observed now, and categorical registry fields (their values are listed by /v1/screen/terms). Free, on every plan.',
  tags: ['Screening'],
  envelope: 'A',
  access: { dataset: 'screen_reference' },
  response: { schema: FACET_SCHEMA, example: FACET_EXAMPLE },
  handler: async ({ database }) => {
    const ranges = await observedRanges(database);
    const numeric = NUMERIC_FIELDS.map((f) => ({
      field: f.name,
      type: 'number',
      unit: f.unit,
      source: f.source,
      description: SOURCE_NOTE[f.source],
      operators: ['gte', 'lte', 'gt', 'lt', 'eq'],
      ...(ranges.get(f.name) ?? { min: null, max: null, companies: 0 }),
    }));
    const categorical = CATEGORICAL_FIELDS.map((c) => ({
      field: c.name,
      type: 'string',
      unit: null,
      source: 'registry',
      description: `${c.description} (values: /v1/screen/terms?field=${c.name})`,
      operators: ['eq', 'in'],
      ...(ranges.get(c.name) ?? { min: null, max: null, companies: 0 }),
    }));
    return [...categorical, ...numeric];
  },
});

const TERM_EXAMPLE = { field: 'exchange', value: 'NASDAQ', companies: 3611 };

export const screenTermsRoute = defineRoute({
  path: '/v1/screen/terms',
  summary: 'Values of a categorical screening field',
  description:
    'The distinct values of one categorical field (country, sector, industry, exchange) across the registry, alphabetically, with how many companies have each. Pass a value unchanged in a /v1/screen filter (`filter=exchange:eq:NASDAQ`). Free, on every plan.',
  tags: ['Screening'],
  envelope: 'A',
  access: { dataset: 'screen_reference' },
  query: {
    field: p.oneOf(
      CATEGORICAL_FIELDS.map((c) => c.name),
      { description: 'The categorical field', required: true, example: 'exchange' },
    ),
    q: p.string({ description: 'Case-insensitive substring of the value', max: 100, example: 'NAS' }),
  },
  page: { default: 100, max: 100 },
  cursorKey: (row: { value: string }) => [row.value],
  response: {
    schema: {
      type: 'object',
      required: ['field', 'value', 'companies'],
      properties: { field: { type: 'string' }, value: { type: 'string' }, companies: { type: 'integer' } },
    },
    example: TERM_EXAMPLE,
  },
  handler: async ({ database, query, page }) => {
    const col = registryExpr(query.field!);
    const params: unknown[] = [page.fetch];
    const where = [`${col} is not null`];
    if (query.q) {
      params.push(`%${query.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
      where.push(`${col} ilike $${params.length}`);
    }
    if (page.after) {
      if (typeof page.after[0] !== 'string') throw new ApiError(400, MALFORMED_CURSOR);
      params.push(page.after[0]);
      where.push(`${col} > $${params.length}`);
    }
    const rows = await database.query<{ value: string; companies: number }>(
      `select ${col} as value, count(*)::int as companies
         from companies c left join company_facts cf on cf.cik = c.cik
        where ${where.join(' and ')} group by 1 order by 1 limit $1`,
      params,
    );
    return rows.map((r) => ({ field: query.field, value: r.value, companies: r.companies }));
  },
});
