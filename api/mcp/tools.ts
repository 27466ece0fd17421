import type { JsonSchema, Param } from '../platform/params.ts';
import { routeParams } from '../platform/pipeline.ts';
import { PLAN_TITLE } from '../platform/plans.ts';
import { type AnyRoute, type HttpMethod, resolveAccess } from '../platform/route.ts';

/**
 * One read-only MCP tool per declared route ("one declaration, two doors"): the name comes from the path,
 * the description from the summary, plan and credit cost, the input schema from the route's own query and
 * path parameters. A tool call is answered by the route itself (see dispatch.ts), so validation messages,
 * plan refusals, credits and envelopes are the route's; nothing here re-implements them.
 */
export interface McpTool {
  name: string;
  title: string;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, JsonSchema>; required?: string[] };
  annotations: { title: string; readOnlyHint: true; openWorldHint: false; idempotentHint: boolean };
  route: AnyRoute;
  method: HttpMethod;
  /** Path segments given as arguments, e.g. `company_id`. */
  pathParams: string[];
}

/** `/v1/companies/:company_id/listings` -> `companies_listings`; `/v1/companies/:company_id` -> `companies_get`. */
export function toolName(path: string): string {
  const segments = path.replace(/^\/v1\//, '').split('/');
  const words = segments
    .filter((s) => !s.startsWith(':'))
    .map((s) => s.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, ''))
    .filter(Boolean);
  if (segments[segments.length - 1]?.startsWith(':')) words.push('get');
  return words.join('_');
}

const COMPANY_ID_SCHEMA: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  description:
    'The company: a cmp_ id, a ticker, a CIK or an ISIN (registry routes take the literal cmp_ id only)',
};

function paramSchema(param: Param): JsonSchema {
  const one: JsonSchema = { ...param.schema, description: param.description };
  if (param.example !== undefined) one.examples = [param.example];
  if (!param.repeatable) return one;
  const { description, examples, ...item } = one;
  return {
    type: 'array',
    items: item,
    maxItems: (param as { maxItems?: number }).maxItems ?? 50,
    description: `${description as string} (one or more values)`,
    ...(examples ? { examples: [examples] } : {}),
  };
}

function describe(route: AnyRoute): string {
  const access = resolveAccess(route);
  const cost =
    access.creditCost === 0
      ? 'free (no credit)'
      : `${access.creditCost} credit${access.creditCost === 1 ? '' : 's'} per call`;
  const parts = [
    `${route.summary}.`,
    route.description ?? '',
    `Wraps ${route.method ?? 'GET'} ${route.path.replace(/:([a-z_]+)/g, '{$1}')}: the result is that route's JSON body, unchanged.`,
    `Plan: ${PLAN_TITLE[access.minPlan]} or higher; ${cost}.`,
  ];
  return parts.filter(Boolean).join(' ');
}

export function toolFor(route: AnyRoute): McpTool {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const pathParams = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
  for (const name of pathParams) {
    const declared = route.pathParams?.[name];
    properties[name] =
      name === 'company_id' && !declared
        ? COMPANY_ID_SCHEMA
        : declared
          ? paramSchema(declared)
          : { type: 'string' };
    required.push(name);
  }
  for (const [name, param] of Object.entries(routeParams(route))) {
    properties[name] = paramSchema(param);
    if (param.required) required.push(name);
  }
  if (route.body) {
    // POST routes: the arguments are the JSON body, checked by the route's own schema.
    properties.body = { type: 'object', description: 'The JSON request body of the route' };
  }
  const name = toolName(route.path);
  return {
    name,
    title: route.summary,
    description: describe(route),
    inputSchema: { type: 'object', properties, ...(required.length ? { required } : {}) },
    annotations: { title: route.summary, readOnlyHint: true, openWorldHint: false, idempotentHint: true },
    route,
    method: route.method ?? 'GET',
    pathParams,
  };
}

/**
 * Every keyed read route becomes a tool (health and readiness need no key and are not data; mutating routes,
 * such as webhook subscription management, are not lookups).
 */
export function mcpTools(routes: readonly AnyRoute[]): McpTool[] {
  const tools = routes.filter((r) => r.access !== 'public' && !r.mutating).map(toolFor);
  const seen = new Map<string, string>();
  for (const t of tools) {
    const other = seen.get(t.name);
    if (other) throw new Error(`MCP tool name ${t.name} is taken by both ${other} and ${t.route.path}`);
    seen.set(t.name, t.route.path);
  }
  return tools;
}

/** The route request a tool call stands for. */
export interface ToolRequest {
  route: AnyRoute;
  method: HttpMethod;
  /** The request path (path arguments filled in, percent-encoded), as error bodies name it. */
  url: string;
  /** The path arguments, decoded (what the router would hand the route). */
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  body?: unknown;
}

/** A JSON scalar as the query string would carry it; objects are passed as JSON for the route to refuse. */
function queryValue(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

/**
 * The HTTP request a tool call stands for. Arguments the route does not declare are passed on, so a
 * strict route answers them with its own "Unknown query parameter" 400. A missing path argument is the
 * only refusal made here (there is no route path without it).
 */
export function toRequest(tool: McpTool, args: Record<string, unknown>): ToolRequest | string {
  let url = tool.route.path;
  const params: Record<string, string> = {};
  const rest: Record<string, unknown> = { ...args };
  for (const name of tool.pathParams) {
    const v = rest[name];
    delete rest[name];
    if (v === undefined || v === null || queryValue(v).trim() === '')
      return `Missing required argument '${name}'`;
    params[name] = queryValue(v);
    url = url.replace(`:${name}`, encodeURIComponent(params[name]));
  }
  let body: unknown;
  if (tool.route.body) {
    body = rest.body ?? {};
    delete rest.body;
  }
  const query: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(rest)) {
    if (v === undefined || v === null) continue;
    query[k] = Array.isArray(v) ? v.map(queryValue) : queryValue(v);
  }
  return { route: tool.route, method: tool.method, url, params, query, ...(tool.route.body ? { body } : {}) };
}
