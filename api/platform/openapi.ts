import { z } from 'zod';
import { acceptedForms } from './company-resolution.ts';
import { COVERAGE_SCHEMA, fromDeclaration } from './coverage.ts';
import {
  type ErrorFamily,
  errorBody,
  FLAT_DEFAULT_MESSAGE,
  outOfCredits,
  planRequired,
  rateLimited,
  unauthorized,
} from './errors.ts';
import type { ExampleValue, Param } from './params.ts';
import { errorFamily, isRateLimited, routeParams } from './pipeline.ts';
import { PLAN_TITLE, RATE_LIMIT_PER_MINUTE } from './plans.ts';
import type { AnyRoute } from './route.ts';
import { resolveAccess } from './route.ts';

/**
 * The OpenAPI 3.1 document, generated from the route declarations: the same parameter objects that validate
 * requests describe them here, and every error example is produced by the same functions that build the
 * real error bodies.
 */
type Json = Record<string, unknown>;

const STANDARD_ERROR_SCHEMA = {
  type: 'object',
  required: ['success', 'error'],
  properties: {
    success: { const: false },
    error: {
      type: 'object',
      required: ['statusCode', 'message', 'error', 'path', 'timestamp', 'requestId'],
      properties: {
        statusCode: { type: 'integer' },
        message: { type: 'string' },
        error: { type: 'string', description: 'HTTP reason phrase' },
        path: { type: 'string' },
        timestamp: { type: 'string', format: 'date-time' },
        requestId: { type: 'string' },
      },
    },
  },
};

const FLAT_ERROR_SCHEMA = {
  type: 'object',
  required: ['error', 'message'],
  properties: { error: { type: 'string', description: 'HTTP reason phrase' }, message: { type: 'string' } },
};

const IGNORED_HEADER = {
  'X-Ignored-Parameters': {
    description:
      'Present when the request carried query parameters this route does not know (they are ignored): their names, percent-encoded, comma-separated, e.g. `asof`',
    schema: { type: 'string' },
  },
};

function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]+)/g, '{$1}');
}

function operationId(route: AnyRoute): string {
  const words = `${route.method ?? 'GET'} ${route.path}`
    .toLowerCase()
    .replace(/:([a-z_]+)/g, 'by $1')
    .split(/[^a-z0-9]+/)
    .filter((w) => w && w !== 'v1');
  return words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
}

function errorResponse(
  family: ErrorFamily,
  path: string,
  description: string,
  messages: Record<string, [number, string]>,
): Json {
  const examples: Json = {};
  for (const [name, [status, message]] of Object.entries(messages)) {
    const body = errorBody(family, status, message, { path, requestId: 'req_example' });
    if (family === 'standard')
      (body as { error: { timestamp: string } }).error.timestamp = '2026-01-31T12:00:00.000Z';
    examples[name] = { value: body };
  }
  return {
    description,
    content: {
      'application/json': { schema: family === 'flat' ? FLAT_ERROR_SCHEMA : STANDARD_ERROR_SCHEMA, examples },
    },
  };
}

function successSchema(route: AnyRoute): { schema: Json; example: unknown } {
  const { schema, example } = route.response;
  if (route.envelope !== 'A') return { schema, example };
  const access = resolveAccess(route);
  const coverage = access.datasetId ? fromDeclaration(access.datasetId) : null;
  const cov =
    coverage && route.historyStatus ? { ...coverage, history_status: route.historyStatus } : coverage;
  if (route.result === 'single') {
    return {
      schema: {
        type: 'object',
        required: ['data', 'coverage'],
        properties: { data: schema, coverage: COVERAGE_SCHEMA },
      },
      example: { data: example, coverage: cov },
    };
  }
  return {
    schema: {
      type: 'object',
      required: ['data', 'next_cursor', 'coverage'],
      properties: {
        data: { type: 'array', items: schema },
        next_cursor: { type: ['string', 'null'], description: 'Opaque; null on the last page' },
        coverage: COVERAGE_SCHEMA,
      },
    },
    example: { data: [example], next_cursor: null, coverage: cov },
  };
}

function operation(route: AnyRoute): Json {
  const access = resolveAccess(route);
  const family = errorFamily(route);
  const companyExample = route.companyExample ?? 'AAPL';
  const path = route.path.replace(/:company_id/, companyExample);
  const throttled = isRateLimited(route);
  const parameters: Json[] = [];
  if (route.company) {
    parameters.push({
      name: 'company_id',
      in: 'path',
      required: true,
      description: acceptedForms(route.company === 'registry' ? 'registry' : route.company),
      schema: { type: 'string' },
      example: route.company === 'registry' ? 'cmp_256ba6d445efa9b724e6' : companyExample,
    });
  }
  for (const [name, p] of Object.entries(route.pathParams ?? {})) {
    parameters.push({
      name,
      in: 'path',
      required: true,
      description: p.description,
      schema: p.schema,
      example: p.example,
    });
  }
  for (const [name, p] of Object.entries(routeParams(route))) {
    const param: Json = {
      name,
      in: 'query',
      required: Boolean(p.required),
      description: p.description,
      schema: p.repeatable ? { type: 'array', items: p.schema } : p.schema,
    };
    if (p.repeatable) Object.assign(param, { style: 'form', explode: true });
    Object.assign(param, paramExamples(p));
    parameters.push(param);
  }

  const ok = successSchema(route);
  const responses: Json = {
    [route.successStatus ?? 200]: {
      description: route.response.description ?? 'Success',
      content: { 'application/json': { schema: ok.schema, example: ok.example } },
      ...(family === 'flat' ? { headers: IGNORED_HEADER } : {}),
    },
  };
  const strictNote =
    family === 'standard'
      ? ' Unknown query parameters are refused.'
      : ' Unknown query parameters are ignored and named in the X-Ignored-Parameters header.';
  responses[400] = errorResponse(family, path, `Invalid request.${strictNote}`, {
    validation: [400, validationExample(route)],
    ...(route.envelope === 'A' && route.page ? { cursor: [400, 'Malformed cursor'] } : {}),
  });
  if (!access.public) {
    responses[401] = errorResponse(family, path, 'Missing, malformed, unknown or revoked API key', {
      unauthorized: [401, unauthorized(family).message],
    });
    const payment: Record<string, [number, string]> = {};
    if (access.minPlan !== 'free') {
      payment.plan = [402, planRequired(access.title, PLAN_TITLE[access.minPlan], 'Free').message];
    }
    if (access.creditCost > 0) payment.credits = [402, outOfCredits(access.creditCost).message];
    if (throttled && route.envelope === 'B') {
      payment.rate_limit = [402, rateLimited(402, RATE_LIMIT_PER_MINUTE.free, 42).message];
    }
    if (Object.keys(payment).length) {
      responses[402] = errorResponse(
        family,
        path,
        'Out of credits, dataset outside the plan, or (statement family) rate limit; told apart by the message',
        payment,
      );
    }
    if (throttled && route.envelope !== 'B') {
      responses[429] = errorResponse(family, path, 'Per-key per-minute rate limit exceeded', {
        rate_limit: [429, rateLimited(429, RATE_LIMIT_PER_MINUTE.free, 42).message],
      });
    }
  }
  if (route.company || route.notFound) {
    const message = route.company
      ? `No company found for 'XYZ'. ${acceptedForms(route.company === 'registry' ? 'registry' : route.company)}`
      : route.notFound!;
    responses[404] = errorResponse(family, path, 'Not found', { not_found: [404, message] });
  }
  responses[500] = errorResponse(family, path, 'Unexpected fault (a bug)', {
    fault: [500, FLAT_DEFAULT_MESSAGE[500]!],
  });
  responses[503] = errorResponse(family, path, 'Temporarily unavailable; may carry Retry-After in seconds', {
    unavailable: [503, FLAT_DEFAULT_MESSAGE[503]!],
  });

  const lines = [route.description ?? ''];
  if (!access.public) {
    lines.push(
      `**Plan:** ${PLAN_TITLE[access.minPlan]} and above. **Credits:** ${access.creditCost === 0 ? 'free' : `${access.creditCost} per call, refunded when the request fails`}.` +
        (throttled
          ? ` **Rate limit:** per key per minute (Free ${RATE_LIMIT_PER_MINUTE.free}, Professional ${RATE_LIMIT_PER_MINUTE.professional}, Fund ${RATE_LIMIT_PER_MINUTE.fund}); exceeding it gives ${route.envelope === 'B' ? '402' : '429'} and costs nothing.`
          : ''),
    );
  } else lines.push('No API key needed.');
  lines.push(
    `**Envelope:** ${{ A: 'A (`{data, next_cursor, coverage}`, standard error body)', B: 'B (bare wrapper, flat error body)', C: 'C (`{...payload, meta}`, standard error body)', raw: 'plain body' }[route.envelope]}.`,
  );

  const op: Json = {
    operationId: operationId(route),
    summary: route.summary,
    description: lines.filter(Boolean).join('\n\n'),
    tags: route.tags,
    parameters,
    responses,
    security: access.public ? [] : [{ bearerAuth: [] }, { apiKeyHeader: [] }],
  };
  if (route.body) {
    const schema = z.toJSONSchema(route.body, { io: 'input' }) as Json;
    delete schema.$schema;
    op.requestBody = { required: true, content: { 'application/json': { schema } } };
  }
  return op;
}

export function openApiDocument(routes: readonly AnyRoute[], serverUrl?: string): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const p = openApiPath(route.path);
    paths[p] ??= {};
    paths[p][(route.method ?? 'GET').toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'findata API',
      version: '1.0.0',
      description:
        'Read-only financial, ownership, market and filing data. Every route needs an API key except /v1/health and /v1/ready. Each response echoes X-Request-ID.\n\n' +
        '**Getting a key.** `npm start` (`etl start`) prints a demo key for a Fund account with 10,000 credits in its Ready banner, once (only its SHA-256 is stored). More keys: `etl keys create --account <acc_ id>` (the banner names the demo account; `etl accounts create --name <name> --plan fund --credits <n>` makes another account). Send the key as `Authorization: Bearer <key>` or as `X-API-Key: <key>`; on this page, press **Authorize** and paste it into either field.\n\n' +
        "**Examples.** Each operation's pre-filled parameters form one request that returns data on the demo; other identifiers and ranges are listed as named examples.\n\n" +
        '**Unknown parameters.** Routes with the flat error body (envelope B) ignore unknown query parameters, as the contract says, and name them in the `X-Ignored-Parameters` response header (e.g. `X-Ignored-Parameters: asof` when `as_of` was meant); the other routes refuse them with a 400.',
    },
    servers: [{ url: serverUrl ?? '/' }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API key>' },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      },
    },
  };
}

/**
 * A parameter's examples. The pre-filled one is `example`, or, when there are named alternatives too, the
 * first entry of `examples` (what Swagger UI fills in; OpenAPI forbids both fields at once). Alternatives of
 * a parameter that is not pre-filled go into its description, so "Try it out" leaves it empty.
 */
function paramExamples(p: Param): Json {
  const wrap = (v: ExampleValue) => (p.repeatable ? [v] : v);
  const alternatives = Object.entries(p.examples ?? {});
  if (!alternatives.length) return p.example === undefined ? {} : { example: wrap(p.example) };
  if (p.example === undefined) {
    const list = alternatives.map(([name, v]) => `\`${v}\` (${name})`).join(', ');
    return { description: `${p.description.replace(/\.$/, '')}. Example: ${list}` };
  }
  const examples: Json = { default: { summary: `${p.example} (pre-filled)`, value: wrap(p.example) } };
  for (const [name, v] of alternatives) examples[name] = { summary: `${v} (${name})`, value: wrap(v) };
  return { examples };
}

/** The value "Try it out" pre-fills for a parameter of the OpenAPI document (`example`, else the first of `examples`). */
export function prefilledExample(param: Json): unknown {
  if (param.example !== undefined) return param.example;
  const first = Object.values((param.examples ?? {}) as Record<string, { value?: unknown }>)[0];
  return first?.value;
}

/** A real 400 message of this route: its own limit bounds, else a missing required parameter. */
function validationExample(route: AnyRoute): string {
  if (route.page) {
    const range = route.page.max === null ? 'an integer >= 1' : `an integer between 1 and ${route.page.max}`;
    return `Invalid query parameter 'limit': must be ${range}`;
  }
  const required = Object.entries(route.query ?? {}).find(([, p]) => p.required);
  if (required) return `Missing required query parameter '${required[0]}': ${required[1].description}`;
  return 'Invalid request parameters';
}
