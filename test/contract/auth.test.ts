import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, revokeApiKey } from '../../api/platform/accounts.ts';
import { KEY_PATTERN } from '../../api/platform/keys.ts';
import type { Database } from '../../lib/db.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';

import { seedRegistry } from '../helpers/registry.ts';
import { TEST_ROUTES } from '../helpers/test-routes.ts';

// Spec part 5 (authentication), 7.1/7.2 401 bodies, 5.9 CORS, 5.11 request ids, and keys kept out of logs.
let database: Database;
let api: RunningApi;
let key: string;
let accountId: string;
const CACHE_MS = 400;

beforeAll(async () => {
  database = await createApiTestDatabase();
  await seedRegistry(database, 50);
  api = await startApi(database, {
    routes: TEST_ROUTES,
    env: { KEY_CACHE_TTL_MS: String(CACHE_MS), CORS_ORIGINS: 'https://dashboard.example.com' },
  });
  ({ key, accountId } = await accountWithKey(database, 'fund', 1_000));
});

afterAll(async () => {
  await api?.close();
  await database?.close();
});

const STANDARD_401 = 'Invalid or missing API key';

function expectStandard401(body: unknown, path: string) {
  expect(body).toEqual({
    success: false,
    error: {
      statusCode: 401,
      message: STANDARD_401,
      error: 'Unauthorized',
      path,
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      requestId: expect.any(String),
    },
  });
}

describe('API keys', () => {
  it('are 48 characters: a fixed 8-character prefix ending in _live_ and 40 hex characters', () => {
    expect(key).toHaveLength(48);
    expect(key.slice(0, 8)).toMatch(/^.{2}_live_$/);
    expect(key).toMatch(KEY_PATTERN);
    expect(key.slice(8)).toMatch(/^[0-9a-f]{40}$/);
  });

  it('are stored only as a SHA-256 hash, identified by their first 12 characters', async () => {
    const rows = await database.query<{ prefix: string; key_hash: string }>(
      'select prefix, key_hash from api_keys where account_id = $1',
      [accountId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.prefix).toBe(key.slice(0, 12));
    expect(rows[0]!.key_hash).toMatch(/^[0-9a-f]{64}$/);
    const dump = JSON.stringify(await database.query('select * from api_keys'));
    expect(dump).not.toContain(key);
    expect(dump).not.toContain(key.slice(12));
  });
});

describe('authentication', () => {
  it('accepts Authorization: Bearer and X-API-Key equally', async () => {
    const bearer = await api.get('/v1/companies?ticker=AAPL', {
      headers: { authorization: `Bearer ${key}` },
    });
    const header = await api.get('/v1/companies?ticker=AAPL', { headers: { 'x-api-key': key } });
    expect(bearer.status).toBe(200);
    expect(header.status).toBe(200);
    expect((await bearer.json()).data).toEqual((await header.json()).data);
  });

  it("reads X-API-Key when Authorization carries another scheme (a proxy's Basic credentials)", async () => {
    const r = await api.get('/v1/companies?ticker=AAPL', {
      headers: { authorization: 'Basic dXNlcjpwYXNz', 'x-api-key': key },
    });
    expect(r.status).toBe(200);
  });

  const badKeys: [string, () => Record<string, string>][] = [
    ['missing', () => ({})],
    ['malformed', () => ({ authorization: 'Bearer not-a-key' })],
    ['wrong scheme', () => ({ authorization: `Basic ${key}` })],
    ['empty bearer', () => ({ authorization: 'Bearer ' })],
    ['unknown', () => ({ authorization: `Bearer fd_live_${'0'.repeat(40)}` })],
    ['unknown via X-API-Key', () => ({ 'x-api-key': `fd_live_${'a'.repeat(40)}` })],
    ['right prefix, wrong secret', () => ({ authorization: `Bearer ${key.slice(0, 12)}${'f'.repeat(36)}` })],
    ['upper-cased', () => ({ authorization: `Bearer ${key.toUpperCase()}` })],
    ['one character short', () => ({ authorization: `Bearer ${key.slice(0, 47)}` })],
  ];
  it.each(badKeys)('401 with the standard body on envelope A routes: %s key', async (_name, headers) => {
    const r = await api.get('/v1/companies?ticker=AAPL', { headers: headers() });
    expect(r.status).toBe(401);
    expectStandard401(await r.json(), '/v1/companies');
  });

  it('401 with the flat body on statement-family routes', async () => {
    for (const headers of [{}, { authorization: 'Bearer nope' }] as Record<string, string>[]) {
      const r = await api.get('/v1/test/statements?ticker=AAPL', { headers });
      expect(r.status).toBe(401);
      expect(await r.json()).toEqual({ error: 'Unauthorized', message: 'Invalid API key provided' });
    }
    const status = await api.get('/v1/_status');
    expect(status.status).toBe(401);
    expect(await status.json()).toEqual({ error: 'Unauthorized', message: 'Invalid API key provided' });
  });

  it('401 before validation: a bad query without a key is still a 401', async () => {
    const r = await api.get('/v1/companies?bogus=1');
    expect(r.status).toBe(401);
  });

  it('/v1/health and /v1/ready need no key', async () => {
    const h = await api.get('/v1/health');
    expect(h.status).toBe(200);
    expect(await h.json()).toEqual({ status: 'ok', service: 'findata', timestamp: expect.any(String) });
    const r = await api.get('/v1/ready');
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({
      status: 'ready',
      checks: {
        config: 'ok',
        database: 'ok',
        ...(process.env.REDIS_URL ? { redis: 'ok' } : {}),
        // the retrieval embedder's state is reported, never a reason to be not ready
        embedder: expect.any(String),
      },
      embedder: expect.objectContaining({ state: expect.any(String) }),
      timestamp: expect.any(String),
    });
  });

  it('a revoked key keeps working at most for the cache bound, then gets 401', async () => {
    const k = await createApiKey(database, { accountId, name: 'to revoke' });
    expect((await api.get('/v1/companies?ticker=AAPL', { key: k.key })).status).toBe(200); // now cached
    await revokeApiKey(database, k.prefix);
    const revokedAt = Date.now();
    let firstRefusal = Number.POSITIVE_INFINITY;
    while (Date.now() - revokedAt < CACHE_MS * 4) {
      const r = await api.get('/v1/companies?ticker=AAPL', { key: k.key });
      if (r.status === 401) {
        firstRefusal = Date.now() - revokedAt;
        expectStandard401(await r.json(), '/v1/companies');
        break;
      }
      expect(r.status).toBe(200);
      await new Promise((res) => setTimeout(res, 25));
    }
    expect(firstRefusal).toBeLessThanOrEqual(CACHE_MS + 300);
    // and it stays refused; the other key of the account is untouched
    expect((await api.get('/v1/companies?ticker=AAPL', { key: k.key })).status).toBe(401);
    expect((await api.get('/v1/companies?ticker=AAPL', { key })).status).toBe(200);
  });
});

describe('request ids', () => {
  it('uses a client X-Request-ID as given and echoes it on every response', async () => {
    for (const [path, headers] of [
      ['/v1/companies?ticker=AAPL', { authorization: `Bearer ${key}` }],
      ['/v1/companies?ticker=AAPL', {}],
      ['/v1/health', {}],
      ['/v1/no-such-route', {}],
    ] as const) {
      const r = await api.get(path, { headers: { ...headers, 'x-request-id': 'client-req-42' } });
      expect(r.headers.get('x-request-id')).toBe('client-req-42');
      if (r.status >= 400) expect((await r.json()).error.requestId).toBe('client-req-42');
    }
  });

  it('generates one when none is sent, and the error body carries the same id', async () => {
    const r = await api.get('/v1/companies');
    const id = r.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await r.json()).error.requestId).toBe(id);
    const r2 = await api.get('/v1/health');
    expect(r2.headers.get('x-request-id')).not.toBe(id);
  });
});

describe('CORS', () => {
  it('gives no CORS grant to an arbitrary origin, so browsers block it', async () => {
    const pre = await fetch(`${api.url}/v1/companies?ticker=AAPL`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    const r = await api.get('/v1/companies?ticker=AAPL', {
      key,
      headers: { origin: 'https://evil.example' },
    });
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('grants the origins listed in CORS_ORIGINS', async () => {
    const pre = await fetch(`${api.url}/v1/companies?ticker=AAPL`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://dashboard.example.com',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(pre.status).toBeLessThan(300);
    expect(pre.headers.get('access-control-allow-origin')).toBe('https://dashboard.example.com');
  });

  // Every header of the answer, in the order it is sent (node's rawHeaders; fetch's Headers sort them), less
  // those that change per request: what a change to the CORS or request-id hooks must keep byte for byte.
  const rawHeaders = (path: string, method: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: string[] }>((resolve, reject) => {
      const req = http.request(`${api.url}${path}`, { method, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          const out: string[] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            const name = res.rawHeaders[i]!.toLowerCase();
            const value = res.rawHeaders[i + 1]!;
            out.push(['date', 'content-length', 'x-request-id'].includes(name) ? name : `${name}: ${value}`);
          }
          resolve({ status: res.statusCode!, headers: out });
        });
      });
      req.on('error', reject);
      req.end();
    });
  const EXPOSED = 'X-Request-ID, X-Request-ID-Refused, Retry-After, X-Ignored-Parameters';
  const DASHBOARD = 'https://dashboard.example.com';

  it('sends Vary: Origin on every answer and the grant headers only to a listed origin, in a fixed order', async () => {
    const auth = { authorization: `Bearer ${key}` };
    const path = '/v1/companies?ticker=AAPL';
    const granted = await rawHeaders(path, 'GET', { ...auth, origin: DASHBOARD });
    expect(granted).toEqual({
      status: 200,
      headers: [
        'x-request-id',
        'vary: Origin',
        `access-control-allow-origin: ${DASHBOARD}`,
        `access-control-expose-headers: ${EXPOSED}`,
        'content-type: application/json; charset=utf-8',
        'content-length',
        'date',
        'connection: keep-alive',
        'keep-alive: timeout=72',
      ],
    });
    const plain = ['x-request-id', 'vary: Origin', 'content-type: application/json; charset=utf-8'];
    const tail = ['content-length', 'date', 'connection: keep-alive', 'keep-alive: timeout=72'];
    for (const origin of [{ origin: 'https://evil.example' }, {}] as Record<string, string>[]) {
      expect(await rawHeaders(path, 'GET', { ...auth, ...origin })).toEqual({
        status: 200,
        headers: [...plain, ...tail],
      });
    }
    // a refused request id, an unknown path and a bad key: the same CORS headers after the request id's
    expect(
      await rawHeaders(path, 'GET', { ...auth, origin: DASHBOARD, 'x-request-id': 'fd_live_0123' }),
    ).toEqual({
      status: 200,
      headers: [
        'x-request-id',
        'x-request-id-refused: looks like a secret (key prefix or a long hex run)',
        'vary: Origin',
        `access-control-allow-origin: ${DASHBOARD}`,
        `access-control-expose-headers: ${EXPOSED}`,
        ...plain.slice(2),
        ...tail,
      ],
    });
    for (const [p, status] of [
      ['/v1/nowhere', 404],
      [path, 401],
    ] as const) {
      const r = await rawHeaders(p, 'GET', { origin: DASHBOARD });
      expect(r.status).toBe(status);
      expect(r.headers.slice(0, 4)).toEqual([
        'x-request-id',
        'vary: Origin',
        `access-control-allow-origin: ${DASHBOARD}`,
        `access-control-expose-headers: ${EXPOSED}`,
      ]);
    }
  });

  it('writes the request id and CORS headers with no onRequest hook, and leaves the framework errors as they were', async () => {
    // AccessLog's incomingRequest writes them (api/server.ts): a declared route runs no hook runner; the one
    // onRequest hook left is @fastify/cors's, on its preflight route.
    expect(api.app.printRoutes({ includeHooks: true }).match(/\(onRequest\).*/g)).toEqual([
      '(onRequest) ["handleCors()"]',
    ]);
    // A bad URL and a too long path parameter are answered by frameworkErrors, which ran no hook: the request
    // id only, no CORS header.
    for (const p of ['/v1/companies/%E0%A4%A', `/v1/companies/${'a'.repeat(201)}`]) {
      const r = await rawHeaders(p, 'GET', { origin: DASHBOARD });
      expect(r.status).toBe(400);
      expect(r.headers).toEqual([
        'x-request-id',
        'content-type: application/json; charset=utf-8',
        'content-length',
        'date',
        'connection: keep-alive',
        'keep-alive: timeout=72',
      ]);
    }
  });

  it("answers a listed origin's preflight with 204 and the allowed methods and headers; any other with 404", async () => {
    const preflight = {
      origin: DASHBOARD,
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization',
    };
    expect(await rawHeaders('/v1/companies?ticker=AAPL', 'OPTIONS', preflight)).toEqual({
      status: 204,
      headers: [
        'x-request-id',
        'vary: Origin',
        `access-control-allow-origin: ${DASHBOARD}`,
        `access-control-expose-headers: ${EXPOSED}`,
        'access-control-allow-methods: GET, POST, PATCH, DELETE',
        'access-control-allow-headers: Authorization, X-API-Key, X-Request-ID, Content-Type',
        'access-control-max-age: 600',
        'content-length',
        'date',
        'connection: keep-alive',
        'keep-alive: timeout=72',
      ],
    });
    // a listed origin without the preflight's request-method header: cors's strict preflight refuses it
    const strict = await rawHeaders('/v1/filings', 'OPTIONS', { origin: DASHBOARD });
    expect(strict.status).toBe(400);
    expect(strict.headers.slice(0, 4)).toEqual([
      'x-request-id',
      'vary: Origin',
      `access-control-allow-origin: ${DASHBOARD}`,
      `access-control-expose-headers: ${EXPOSED}`,
    ]);
    for (const headers of [{ ...preflight, origin: 'https://evil.example' }, {}]) {
      const r = await rawHeaders('/v1/companies?ticker=AAPL', 'OPTIONS', headers);
      expect(r.status).toBe(404);
      expect(r.headers.slice(0, 3)).toEqual([
        'x-request-id',
        'vary: Origin',
        'content-type: application/json; charset=utf-8',
      ]);
    }
  });
});

describe('logs', () => {
  it('never contain a key, whichever way it was sent (headers, query string, error messages)', async () => {
    const { key: other } = await accountWithKey(database, 'free', 5);
    await api.get('/v1/companies?ticker=AAPL', { headers: { authorization: `Bearer ${other}` } });
    await api.get('/v1/companies?ticker=AAPL', { headers: { 'x-api-key': other } });
    await api.get(`/v1/companies?ticker=AAPL&api_key=${other}`, { key: other });
    await api.get(`/v1/companies?ticker=AAPL&x=${other.replaceAll('_', '%5F')}`, { key: other });
    await api.get(`/v1/companies?ticker=AAPL&x=${other.replaceAll('_', '%255F')}`, { key: other });
    await api.get(`/v1/companies/${other}/identifiers`, { key: other });
    await api.get('/v1/test/fail?mode=crash', { key: other });
    await api.get('/v1/companies?ticker=AAPL', { headers: { authorization: `Bearer ${other}x` } });
    await api.get('/v1/companies?ticker=AAPL', {
      headers: { authorization: `Bearer ${other.slice(0, 47)}` },
    });
    await new Promise((r) => setTimeout(r, 50));
    const all = api.logs.join('\n');
    expect(api.logs.length).toBeGreaterThan(5);
    expect(all).toContain('"msg":"request"');
    expect(all).not.toContain(other.slice(8));
    expect(all).not.toContain(other.slice(12, 40));
    expect(all).not.toContain(key.slice(12, 40));
    expect(all).not.toContain('fd_live_0000000000000000000000000000000000000000');
    // the 12-character identifier is what a log line may carry
    expect(all).toContain(other.slice(0, 12));
  });
});
