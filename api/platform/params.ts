import { ApiError } from './errors.ts';

/**
 * Query-parameter declarations. Each parameter knows how to parse its raw string (throwing a readable
 * message), and its JSON Schema, description and example for the OpenAPI document, so validation and
 * documentation come from one declaration.
 */
export type JsonSchema = Record<string, unknown>;

export type ExampleValue = string | number | boolean;

export interface Param<T = unknown> {
  readonly description: string;
  readonly schema: JsonSchema;
  /** The value the reference pre-fills: every pre-filled example of a route together is one working request. */
  readonly example?: ExampleValue;
  /** Named alternatives (another identifier, another range), shown in the reference but not pre-filled. */
  readonly examples?: Readonly<Record<string, ExampleValue>>;
  readonly required?: boolean;
  readonly repeatable?: boolean;
  /** Parses one raw value; throws a message (without the parameter name) when invalid. */
  parse(raw: string): T;
}

export type ParamSet = Record<string, Param>;
export type ParsedQuery<P extends ParamSet> = {
  [K in keyof P]?: P[K] extends Param<infer T> ? (P[K]['repeatable'] extends true ? T[] : T) : never;
};

class Invalid extends Error {}
const fail = (message: string): never => {
  throw new Invalid(message);
};

interface Common {
  description: string;
  /** Pre-filled in the reference; must combine with the route's other pre-filled examples. */
  example?: ExampleValue;
  /** Named alternatives, e.g. `{ 'Apple by CIK': '320193' }`: documented, not pre-filled. */
  examples?: Record<string, ExampleValue>;
  required?: boolean;
}

function make<T>(c: Common, schema: JsonSchema, parse: (raw: string) => T): Param<T> {
  return {
    description: c.description,
    example: c.example,
    ...(c.examples ? { examples: c.examples } : {}),
    required: c.required,
    schema,
    parse,
  };
}

export function string(
  c: Common & { min?: number; max?: number; pattern?: RegExp; patternHint?: string },
): Param<string> {
  const min = c.min ?? 1;
  const max = c.max ?? 200;
  return make(c, { type: 'string', minLength: min, maxLength: max }, (raw) => {
    const v = raw.trim();
    if (v.length < min) fail(min === 1 ? 'must not be empty' : `must be at least ${min} characters`);
    if (v.length > max) fail(`must be at most ${max} characters`);
    if (c.pattern && !c.pattern.test(v)) fail(c.patternHint ?? `must match ${c.pattern}`);
    return v;
  });
}

export function int(c: Common & { min: number; max?: number }): Param<number> {
  const schema: JsonSchema = { type: 'integer', minimum: c.min };
  if (c.max !== undefined) schema.maximum = c.max;
  const range = c.max === undefined ? `an integer >= ${c.min}` : `an integer between ${c.min} and ${c.max}`;
  return make(c, schema, (raw) => {
    if (!/^-?\d{1,15}$/.test(raw.trim())) fail(`must be ${range}`);
    const n = Number(raw.trim());
    if (n < c.min || (c.max !== undefined && n > c.max)) fail(`must be ${range}`);
    return n;
  });
}

export function number(c: Common & { min?: number; max?: number }): Param<number> {
  const schema: JsonSchema = { type: 'number' };
  if (c.min !== undefined) schema.minimum = c.min;
  if (c.max !== undefined) schema.maximum = c.max;
  return make(c, schema, (raw) => {
    const v = raw.trim();
    if (!/^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(v)) fail('must be a number');
    const n = Number(v);
    if (!Number.isFinite(n)) fail('must be a finite number');
    if (c.min !== undefined && n < c.min) fail(`must be >= ${c.min}`);
    if (c.max !== undefined && n > c.max) fail(`must be <= ${c.max}`);
    return n;
  });
}

export function boolean(c: Common): Param<boolean> {
  return make(c, { type: 'boolean' }, (raw) => {
    const v = raw.trim().toLowerCase();
    if (v === 'true') return true;
    if (v === 'false') return false;
    return fail('must be true or false');
  });
}

export function oneOf<const V extends string>(values: readonly V[], c: Common): Param<V> {
  return make(c, { type: 'string', enum: [...values] }, (raw) => {
    const v = raw.trim();
    if (!(values as readonly string[]).includes(v)) fail(`must be one of ${values.join(', ')}`);
    return v as V;
  });
}

/** Years 1-9999: what Postgres dates and ISO-8601 strings both hold (Postgres has no year 0). */
function validCalendarDate(y: number, m: number, d: number): boolean {
  if (y < 1 || y > 9999) return false;
  const t = new Date(0);
  t.setUTCFullYear(y, m - 1, d); // not Date.UTC, which reads years 0-99 as 1900-1999
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** `YYYY-MM-DD`, a real calendar date. */
export function date(c: Common): Param<string> {
  return make(c, { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }, (raw) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw.trim());
    if (!m || !validCalendarDate(Number(m[1]), Number(m[2]), Number(m[3])))
      fail('must be a date in YYYY-MM-DD form');
    return raw.trim();
  });
}

/** `YYYY-MM`. */
export function month(c: Common): Param<string> {
  return make(c, { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' }, (raw) => {
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(raw.trim())) fail('must be a month in YYYY-MM form');
    return raw.trim();
  });
}

const ISO_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** ISO-8601 timestamp (a bare date means its midnight UTC); returned normalised to ISO-8601 UTC. */
export function timestamp(c: Common): Param<string> {
  return make(c, { type: 'string', format: 'date-time' }, (raw) => {
    const v = raw.trim();
    const m = ISO_TIMESTAMP.exec(v);
    if (!m || !validCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]))) {
      return fail('must be an ISO-8601 timestamp such as 2026-01-31T00:00:00Z');
    }
    if (Number(m[4] ?? 0) > 23 || Number(m[5] ?? 0) > 59 || Number(m[6] ?? 0) > 59)
      fail('has an invalid time of day');
    const withZone = m[4] === undefined ? `${v}T00:00:00Z` : m[7] === undefined ? `${v}Z` : v;
    const t = Date.parse(withZone.replace(' ', 'T'));
    if (Number.isNaN(t)) fail('must be an ISO-8601 timestamp such as 2026-01-31T00:00:00Z');
    // A zone offset can carry 9999-12-31 into year 10000, which neither ISO-8601 nor Postgres accepts.
    const year = new Date(t).getUTCFullYear();
    if (year < 1 || year > 9999) fail('must fall within the years 0001-9999 (UTC)');
    return new Date(t).toISOString();
  });
}

/** Marks a parameter as repeatable (`?filing_type=10-K&filing_type=10-Q`). */
export function repeatable<T>(p: Param<T>, maxItems = 50): Param<T> & { repeatable: true; maxItems: number } {
  return { ...p, repeatable: true, maxItems };
}

/**
 * `<name>_gte`, `<name>_lte` (inclusive) and `<name>_gt`, `<name>_lt` (exclusive) for one parameter kind.
 * `example` is pre-filled on `_gte` only (one open-ended range, never four contradictory bounds); the
 * other three bounds show it as a named alternative.
 */
export function range<N extends string, T>(
  name: N,
  make: (c: Common) => Param<T>,
  what: string,
  example?: string,
): Record<`${N}_gte` | `${N}_lte` | `${N}_gt` | `${N}_lt`, Param<T>> {
  const params: Record<string, Param<T>> = {
    [`${name}_gte`]: make({ description: `${what} on or after (inclusive)`, example }),
    [`${name}_lte`]: make({ description: `${what} on or before (inclusive)`, ...alt(name, example) }),
    [`${name}_gt`]: make({ description: `${what} strictly after (exclusive)`, ...alt(name, example) }),
    [`${name}_lt`]: make({ description: `${what} strictly before (exclusive)`, ...alt(name, example) }),
  };
  return params as Record<`${N}_gte` | `${N}_lte` | `${N}_gt` | `${N}_lt`, Param<T>>;
}

/** The range's example as a named alternative of its other bounds (only `_gte` is pre-filled). */
const alt = (name: string, example: string | undefined) =>
  example === undefined ? {} : { examples: { [`a bound, instead of ${name}_gte`]: example } };

export type RawQuery = Record<string, string | string[] | undefined>;

/**
 * Validates a raw query against its declaration. Strict routes (envelopes A and C) refuse undeclared
 * parameters; lenient ones (envelope B) ignore them, as the spec asks, and name them in `ignored`.
 */
export function parseQuery(
  raw: RawQuery,
  params: ParamSet,
  strict: boolean,
  ignored?: string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const { entries, index } = declared(params);
  // Each given parameter's value by its declared position: one look-up per parameter given, none per
  // parameter declared (statements declares 19; an `Object.hasOwn` each, bench/api-instructions.ts).
  const given: (string | string[] | undefined)[] = new Array(entries.length);
  for (const name of Object.keys(raw)) {
    const i = index.get(name);
    if (i !== undefined) {
      given[i] = raw[name];
      continue;
    }
    if (!strict) {
      ignored?.push(name);
      continue;
    }
    const allowed = Object.keys(params);
    throw new ApiError(
      400,
      allowed.length
        ? `Unknown query parameter '${clip(name)}'. This route accepts: ${allowed.join(', ')}`
        : `Unknown query parameter '${clip(name)}'. This route takes no query parameters`,
    );
  }
  for (let i = 0; i < entries.length; i++) {
    const [name, param] = entries[i]!;
    const value = given[i];
    if (value === undefined) {
      if (param.required)
        throw new ApiError(400, `Missing required query parameter '${name}': ${param.description}`);
      continue;
    }
    const maxItems = (param as { maxItems?: number }).maxItems ?? 1;
    if (!Array.isArray(value)) {
      if (maxItems < 1)
        throw new ApiError(400, `Query parameter '${name}' may be given at most ${maxItems} times`);
      const parsed = parseOne(name, param, value);
      out[name] = param.repeatable ? [parsed] : parsed;
      continue;
    }
    if (value.length > 1 && !param.repeatable) {
      throw new ApiError(400, `Query parameter '${name}' may be given only once`);
    }
    if (value.length > maxItems)
      throw new ApiError(400, `Query parameter '${name}' may be given at most ${maxItems} times`);
    const parsed: unknown[] = [];
    for (const v of value) parsed.push(parseOne(name, param, v));
    out[name] = param.repeatable ? parsed : parsed[0];
  }
  return out;
}

/** A route's parameters in order and each one's position, computed once per parameter set. */
interface Declared {
  entries: [string, Param][];
  index: Map<string, number>;
}
const declaredCache = new WeakMap<ParamSet, Declared>();
function declared(params: ParamSet): Declared {
  let d = declaredCache.get(params);
  if (!d) {
    const entries = Object.entries(params);
    d = { entries, index: new Map(entries.map(([name], i) => [name, i])) };
    declaredCache.set(params, d);
  }
  return d;
}

function parseOne(name: string, param: Param, v: string): unknown {
  // Postgres text cannot hold NUL; refuse it here rather than let it surface as a database error.
  if (v.includes('\u0000'))
    throw new ApiError(400, `Invalid query parameter '${name}': must not contain NUL characters`);
  try {
    return param.parse(v);
  } catch (err) {
    if (err instanceof Invalid) throw new ApiError(400, `Invalid query parameter '${name}': ${err.message}`);
    throw err;
  }
}

function clip(s: string): string {
  return s.length > 60 ? `${s.slice(0, 60)}...` : s;
}
