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
  const path = route.path.replace(/:company_id/, 'AAPL');
  const throttled = isRateLimited(route);
  const parameters: Json[] = [];
  if (route.company) {
    parameters.push({
      name: 'company_id',
      in: 'path',
      required: true,
      description: acceptedForms(route.company === 'registry' ? 'registry' : route.company),
      schema: { type: 'string' },
      example: route.companyExample ?? (route.company === 'registry' ? 'cmp_256ba6d445efa9b724e6' : 'AAPL'),
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
    if (p.example !== undefined) param.example = p.repeatable ? [p.example] : p.example;
    parameters.push(param);
  }

  const ok = successSchema(route);
  const responses: Json = {
    200: {
      description: route.response.description ?? 'Success',
      content: { 'application/json': { schema: ok.schema, example: ok.example } },
    },
  };
  const strictNote =
    family === 'standard'
      ? ' Unknown query parameters are refused.'
      : ' Unknown query parameters are ignored.';
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
        'Read-only financial, ownership, market and filing data. Every route needs an API key (Authorization: Bearer or X-API-Key) except /v1/health and /v1/ready. Each response echoes X-Request-ID.',
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
