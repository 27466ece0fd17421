import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { ApiError } from '../../api/platform/errors.ts';
import * as p from '../../api/platform/params.ts';
import { type AnyRoute, asAnyRoute, defineRoute } from '../../api/platform/route.ts';
import { keysetAfter, keysetOrder, rangeConditions } from '../../api/platform/sql.ts';
import { companyEvents } from '../../schema/companies.ts';

/**
 * Test-only routes that exercise platform paths no shipped route uses yet: the statement family (envelope B,
 * rate limited with 402), a retrieval-style POST (envelope C, strict body, 429), plan tiers above Free,
 * failures after the charge, the spec's success-with-refund case, company resolution, range filters and
 * descending keyset paging.
 */
const anyObject = { schema: { type: 'object' }, example: {} };

export const statementRoute = defineRoute({
  path: '/v1/test/statements',
  summary: 'Statement-family stand-in',
  tags: ['test'],
  envelope: 'B',
  access: { dataset: 'filings' },
  query: { ticker: p.string({ description: 'ticker', required: true, max: 10 }) },
  page: { default: 10, max: null },
  response: anyObject,
  handler: async ({ query, page }) => ({
    filings: Array.from({ length: Math.min(page.limit, 3) }, (_, i) => ({ ticker: query.ticker, n: i })),
  }),
});

export const freeDiscoveryRoute = defineRoute({
  path: '/v1/test/statements/tickers',
  summary: 'Free discovery list stand-in',
  tags: ['test'],
  envelope: 'B',
  access: { dataset: 'filings', creditCost: 0 },
  response: anyObject,
  handler: async () => ({ resource: 'tickers', tickers: ['AAPL'] }),
});

export const proRoute = defineRoute({
  path: '/v1/test/holdings',
  summary: '13F holdings stand-in',
  tags: ['test'],
  envelope: 'B',
  access: { minPlan: 'professional', creditCost: 1, title: '13F holdings' },
  response: anyObject,
  handler: async () => ({ institutional_holdings: [] }),
});

export const retrieveRoute = defineRoute({
  method: 'POST',
  path: '/v1/test/retrieve',
  summary: 'Retrieval stand-in',
  tags: ['test'],
  envelope: 'C',
  access: { minPlan: 'free', creditCost: 1, title: 'Retrieval' },
  rateLimited: true,
  body: z
    .object({
      query: z.string().min(1).max(2000),
      top_k: z.number().int().min(1).max(50).optional(),
    })
    .strict(),
  response: anyObject,
  handler: async ({ body, requestId, countChunks }) => {
    countChunks(2);
    return {
      payload: { chunks: [{ id: 'c1', text: (body as { query: string }).query }] },
      meta: { total: 1, periodMismatch: null, requestId },
    };
  },
});

export const fundRoute = defineRoute({
  path: '/v1/test/screen',
  summary: 'Screening stand-in',
  tags: ['test'],
  envelope: 'C',
  access: { minPlan: 'fund', creditCost: 1, title: 'Screening' },
  response: anyObject,
  handler: async ({ requestId }) => ({ payload: { results: [] }, meta: { requestId } }),
});

export const failingRoute = defineRoute({
  path: '/v1/test/fail',
  summary: 'Fails after the charge',
  tags: ['test'],
  envelope: 'A',
  access: { dataset: 'companies' },
  query: {
    mode: p.oneOf(['crash', 'notfound', 'sync'] as const, { description: 'how to fail', required: true }),
  },
  response: anyObject,
  // `sync`: a handler that throws before it returns its promise (not an async function)
  handler: ({ query }) => {
    if (query.mode === 'sync') throw new Error('boom: thrown before the handler returned a promise');
    return (async () => {
      if (query.mode === 'notfound') throw new ApiError(404, 'No such document');
      throw new Error('boom: simulated fault with fd_live_0000000000000000000000000000000000000000 in it');
    })();
  },
});

export const failingStatementRoute = defineRoute({
  path: '/v1/test/statements/fail',
  summary: 'Statement-family route that fails after the charge',
  tags: ['test'],
  envelope: 'B',
  access: { dataset: 'filings' },
  rateLimited: false,
  response: anyObject,
  handler: async () => {
    throw new Error('boom');
  },
});

export const refundRoute = defineRoute({
  path: '/v1/test/unparseable',
  summary: 'Succeeds but refunds (unparseable filing)',
  tags: ['test'],
  envelope: 'B',
  access: { dataset: 'filings' },
  rateLimited: false,
  response: anyObject,
  handler: async ({ refund }) => {
    refund();
    return { items: [], items_unavailable_reason: 'unparseable_document' };
  },
});

const echoCompany = (mode: 'resolve' | 'tw' | 'kr', path: string) =>
  defineRoute({
    path,
    summary: `Resolves {company_id} (${mode})`,
    tags: ['test'],
    envelope: 'A',
    access: { dataset: 'companies' },
    company: mode,
    response: anyObject,
    handler: async ({ company }) => [company],
  });

const EVENT_ORDER = [
  { column: companyEvents.eventDate, desc: true },
  { column: companyEvents.companyId },
  { column: companyEvents.eventType },
  { column: companyEvents.detail },
];

export const eventsRoute = defineRoute({
  path: '/v1/test/events',
  summary: 'Registry events with date ranges, newest first',
  tags: ['test'],
  envelope: 'A',
  access: { dataset: 'companies' },
  query: {
    company_id: p.string({ description: 'company' }),
    ...p.range('event_date', p.date, 'Event date'),
  },
  page: { default: 100, max: 1000 },
  cursorKey: (r: { event_date: string; company_id: string; event_type: string; detail: string }) => [
    r.event_date,
    r.company_id,
    r.event_type,
    r.detail,
  ],
  response: anyObject,
  handler: async ({ db, query, page }) =>
    db
      .select({
        event_date: companyEvents.eventDate,
        company_id: companyEvents.companyId,
        event_type: companyEvents.eventType,
        detail: companyEvents.detail,
      })
      .from(companyEvents)
      .where(
        and(
          query.company_id ? eq(companyEvents.companyId, query.company_id) : undefined,
          ...rangeConditions(companyEvents.eventDate, query, 'event_date'),
          keysetAfter(EVENT_ORDER, page.after),
        ),
      )
      .orderBy(...keysetOrder(EVENT_ORDER))
      .limit(page.fetch),
});

/** Counts how often its query function runs (metering must not run queries for an empty account). */
export const queryRuns = { count: 0 };
const countedRoute = defineRoute({
  path: '/v1/test/counted',
  summary: 'Counts its query runs',
  tags: ['test'],
  envelope: 'A',
  result: 'single',
  access: { dataset: 'companies' },
  response: anyObject,
  handler: async () => {
    queryRuns.count++;
    return { ok: true };
  },
});

export const TEST_ROUTES: AnyRoute[] = [
  asAnyRoute(countedRoute),
  asAnyRoute(statementRoute),
  asAnyRoute(freeDiscoveryRoute),
  asAnyRoute(proRoute),
  asAnyRoute(retrieveRoute),
  asAnyRoute(fundRoute),
  asAnyRoute(failingRoute),
  asAnyRoute(refundRoute),
  asAnyRoute(failingStatementRoute),
  asAnyRoute(echoCompany('resolve', '/v1/test/companies/:company_id/echo')),
  asAnyRoute(echoCompany('tw', '/v1/test/companies/:company_id/tw/echo')),
  asAnyRoute(echoCompany('kr', '/v1/test/companies/:company_id/kr/echo')),
  asAnyRoute(eventsRoute),
];
