import { ApiError } from '../platform/errors.ts';
import type { Param } from '../platform/params.ts';
import { CATEGORICAL_FIELDS, NUMERIC_BY_NAME } from './screen-fields.ts';

/**
 * One screening condition: `<field>:<op>:<value>`. Numeric fields take gte, lte (inclusive), gt, lt
 * (exclusive) and eq; categorical fields take eq and in (`sector:in:Technology|Energy`). The operator
 * names are the spec's range suffixes (4.0.7).
 */
export type Condition =
  | { field: string; kind: 'number'; op: 'gte' | 'lte' | 'gt' | 'lt' | 'eq'; value: number }
  | { field: string; kind: 'string'; op: 'eq' | 'in'; values: string[] };

export const SQL_OP = { gte: '>=', lte: '<=', gt: '>', lt: '<', eq: '=' } as const;
const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

const bad = (message: string): never => {
  throw new ApiError(400, `Invalid query parameter 'filter': ${message}`);
};

export function parseCondition(raw: string): Condition {
  const m = /^([a-z_]+):([a-z]+):(.*)$/s.exec(raw.trim());
  if (!m) return bad(`'${raw.slice(0, 80)}' must look like field:op:value, e.g. revenue:gte:1000000000`);
  const [, field, op, value] = m as unknown as [string, string, string, string];
  if (NUMERIC_BY_NAME.has(field)) {
    if (!(op in SQL_OP))
      return bad(`${field} is numeric: its operators are gte, lte, gt, lt, eq (got '${op}')`);
    if (!NUMBER.test(value.trim()) || !Number.isFinite(Number(value)))
      return bad(`${field}:${op} needs a number (got '${value.slice(0, 40)}')`);
    return { field, kind: 'number', op: op as keyof typeof SQL_OP, value: Number(value) };
  }
  if (CATEGORICAL_FIELDS.some((c) => c.name === field)) {
    if (op !== 'eq' && op !== 'in')
      return bad(`${field} is categorical: its operators are eq and in (got '${op}')`);
    const values = (op === 'in' ? value.split('|') : [value]).map((v) => v.trim());
    if (values.some((v) => v.length === 0 || v.length > 200))
      return bad(`${field}:${op} needs 1-200 character values (in: separated by |)`);
    if (values.length > 50) return bad(`${field}:in takes at most 50 values`);
    return { field, kind: 'string', op, values };
  }
  return bad(`unknown field '${field}': see /v1/screen/facets for the screenable fields`);
}

export const filterParam = {
  description:
    'One condition field:op:value; repeat the parameter to AND several. Numeric fields (statements, metrics, market data): gte, lte (inclusive), gt, lt (exclusive), eq, e.g. revenue:gte:1000000000, net_margin:gt:0.2. Categorical fields (country, sector, industry, exchange): eq or in with values separated by |, e.g. exchange:in:NASDAQ|NYSE. Field names, units and observed ranges: /v1/screen/facets; categorical values: /v1/screen/terms',
  schema: { type: 'string', pattern: '^[a-z_]+:[a-z]+:.+$', maxLength: 2000 },
  example: 'revenue:gte:1000000000',
  repeatable: true as const,
  maxItems: 20,
  parse: parseCondition,
} satisfies Param<Condition> & { repeatable: true; maxItems: number };
