import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFamily } from '../../api/platform/pipeline.ts';
import type { AnyRoute } from '../../api/platform/route.ts';
import type { UsageRecorder } from '../../api/platform/usage.ts';
import { DATASET_ROUTES } from '../../api/routes/index.ts';
import { systemRoutes } from '../../api/routes/system.ts';
import type { Database } from '../../lib/db.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';

import { APPLE_ID, seedRegistry } from '../helpers/registry.ts';
import { TEST_ROUTES } from '../helpers/test-routes.ts';

// @test-slow 35 (its rough wall seconds alone: vitest.config.ts starts the slow files first)
// Property-based: whatever the query string, headers and body, every route answers without a 5xx and with
// the body shape of its family (spec 4.0 envelopes, 7.1/7.2 error bodies), and echoes a request id.
let database: Database;
let api: RunningApi;
let key: string;

const INTENTIONAL_FAULTS = new Set(['/v1/test/fail', '/v1/test/statements/fail']);
const ROUTES: AnyRoute[] = [
  ...systemRoutes({} as UsageRecorder),
  ...DATASET_ROUTES,
  ...TEST_ROUTES.filter((r) => !INTENTIONAL_FAULTS.has(r.path)),
];

beforeAll(async () => {
  database = await createApiTestDatabase();
  await seedRegistry(database, 50);
  api = await startApi(database, { routes: TEST_ROUTES, logLevel: 'silent' });
  ({ key } = await accountWithKey(database, 'fund', 1_000_000));
});

afterAll(async () => {
  await api?.close();
  await database?.close();
});

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom(
    '',
    ' ',
    'AAPL',
    '320193',
    '0000320193',
    '2330.TW',
    '2026-01-31',
    '2026-02-30',
    '-1',
    '0',
    '1001',
    '1e3',
    'true',
    'null',
    '[]',
    '{}',
    '%',
    '%%',
    '..',
    'a\u0000b',
    '\u0000',
    'cmp_',
    APPLE_ID,
    'a'.repeat(300),
  ),
  fc.integer({ min: -5, max: 5000 }).map(String),
);

function queryNames(route: AnyRoute): string[] {
  const names = Object.keys(route.query ?? {});
  if (route.page) names.push('limit', 'cursor');
  return names;
}

const queryString = (route: AnyRoute) =>
  fc
    .array(
      fc.tuple(fc.oneof(fc.constantFrom(...queryNames(route), 'unknown'), fc.string({ maxLength: 6 })), text),
      {
        maxLength: 5,
      },
    )
    .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'));

const rawQueryString = fc.oneof(
  fc.constantFrom(
    'a=%',
    '%E0%A4%A',
    'a=%ZZ',
    '&&&',
    '=',
    'a[b]=1',
    '__proto__=1',
    'constructor=1',
    'a=1&a=2&a=3',
    'limit=1&limit=2',
  ),
  fc.string({ maxLength: 20 }).map((s) => s.replace(/[#\s]/g, '')),
);

const headers = fc.record(
  {
    auth: fc.oneof(
      fc.constant({ authorization: 'valid' }),
      fc.constant({ 'x-api-key': 'valid' }),
      fc.constant({}),
      fc
        .string({ maxLength: 60 })
        .map((s) => ({ authorization: `Bearer ${s.replace(/[^\x21-\x7e]/g, '')}` })),
      fc.string({ maxLength: 60 }).map((s) => ({ 'x-api-key': s.replace(/[^\x21-\x7e]/g, '') })),
    ),
    requestId: fc.option(
      fc.string({ maxLength: 250 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
      { nil: undefined },
    ),
    contentType: fc.option(
      fc.constantFrom(
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/json; charset=utf-8',
        '',
      ),
      { nil: undefined },
    ),
  },
  { requiredKeys: ['auth'] },
);

const body = fc.oneof(
  fc.json(),
  fc.string({ maxLength: 40 }),
  fc
    .record({ query: fc.string({ maxLength: 30 }), top_k: fc.oneof(fc.integer(), fc.string()) })
    .map((o) => JSON.stringify(o)),
  fc
    .record({ query: fc.string({ minLength: 1, maxLength: 30 }) }, { requiredKeys: [] })
    .map((o) => JSON.stringify(o)),
  fc.constant('{"query":"a\\u0000b"}'),
);

function pathFor(route: AnyRoute, segment: string): string {
  return route.path.replace(':company_id', encodeURIComponent(segment) || '%20');
}

function checkShape(route: AnyRoute | null, status: number, parsed: unknown) {
  expect(status).toBeLessThan(500);
  expect(parsed).toBeTypeOf('object');
  const b = parsed as Record<string, unknown>;
  if (status >= 400) {
    if (route && errorFamily(route) === 'flat') {
      expect(Object.keys(b).sort()).toEqual(['error', 'message']);
      expect(b.error).toBeTypeOf('string');
      expect(b.message).toBeTypeOf('string');
    } else {
      expect(b.success).toBe(false);
      const e = b.error as Record<string, unknown>;
      expect(Object.keys(e).sort()).toEqual([
        'error',
        'message',
        'path',
        'requestId',
        'statusCode',
        'timestamp',
      ]);
      expect(e.statusCode).toBe(status);
    }
    return;
  }
  if (!route) return;
  if (route.envelope === 'A') {
    expect(Object.keys(b).sort()).toEqual(
      route.result === 'single'
        ? ['coverage', 'data']
        : route.envelopeExtras
          ? expect.arrayContaining(['coverage', 'data', 'next_cursor'])
          : ['coverage', 'data', 'next_cursor'],
    );
  } else if (route.envelope === 'C') {
    expect(b.meta).toBeTypeOf('object');
  } else if (route.envelope === 'B') {
    expect(b).not.toHaveProperty('success');
  }
}

async function call(
  route: AnyRoute,
  path: string,
  qs: string,
  h: { auth: Record<string, string>; requestId?: string | undefined; contentType?: string | undefined },
  payload?: string,
) {
  const hs: Record<string, string> = {};
  for (const [k, v] of Object.entries(h.auth))
    hs[k] = v === 'valid' ? (k === 'authorization' ? `Bearer ${key}` : key) : v;
  if (h.requestId !== undefined) hs['x-request-id'] = h.requestId;
  if (h.contentType) hs['content-type'] = h.contentType;
  const method = route.method ?? 'GET';
  const r = await fetch(`${api.url}${path}${qs ? `?${qs}` : ''}`, {
    method,
    headers: hs,
    ...(method === 'POST' && payload !== undefined ? { body: payload } : {}),
  });
  const raw = await r.text();
  expect(r.headers.get('x-request-id')).toBeTruthy();
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(`${method} ${path}?${qs} -> ${r.status} non-JSON body: ${raw.slice(0, 200)}`);
  }
  return { status: r.status, parsed };
}

describe('fuzzing every route', () => {
  it.each(ROUTES.map((r) => [`${r.method ?? 'GET'} ${r.path}`, r] as const))(
    '%s: never a 5xx, always the family body shape',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(queryString(route), rawQueryString),
          headers,
          fc.oneof(text, fc.constantFrom('AAPL', APPLE_ID, '2330.TW', 'US0378331005')),
          body,
          async (qs, h, segment, payload) => {
            const { status, parsed } = await call(route, pathFor(route, segment), qs, h, payload);
            checkShape(route, status, parsed);
          },
        ),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 40) },
      );
    },
  );

  it('unknown paths and methods get the standard 404 body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.webPath(),
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD'),
        async (p, method) => {
          const r = await fetch(`${api.url}/v1/zz${p}`, { method });
          expect(r.status).toBeLessThan(500);
          if (method !== 'HEAD') {
            const b = (await r.json()) as { success: boolean };
            expect(b.success).toBe(false);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
