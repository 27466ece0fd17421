import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../api/platform/keys.ts';
import type { Database } from '../../lib/db.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';
import { seedRegistry } from '../helpers/registry.ts';

// Issue 8: request ids that carry keys, and the API's hardening for operators (431, HEAD, unknown keys).
let database: Database;
let api: RunningApi;
let key: string;
let accountId: string;

beforeAll(async () => {
  database = await createApiTestDatabase();
  await seedRegistry(database, 20);
  api = await startApi(database);
  ({ key, accountId } = await accountWithKey(database, 'fund', 1_000));
});

afterAll(async () => {
  await api?.close();
  await database?.close();
});

describe('a key in X-Request-ID (fault 1)', () => {
  it('is never used as the request id, logged or stored; a generated id replaces it and the response says so', async () => {
    const other = generateApiKey();
    for (const given of [other, `trace-${other}`, other.slice(8), other.toUpperCase()]) {
      const r = await api.get('/v1/companies?ticker=AAPL', { key, headers: { 'x-request-id': given } });
      expect(r.status).toBe(200);
      const id = r.headers.get('x-request-id')!;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(r.headers.get('x-request-id-refused')).toMatch(/secret|characters|longer/);
    }
    // the usage buffer and the ledger: no request id holds any part of the key
    await api.get('/v1/usage', { key });
    const stored = await database.query<{ request_id: string }>(
      `select request_id from credit_ledger where account_id = $1
       union all select request_id from usage_events where account_id = $1`,
      [accountId],
    );
    expect(stored.length).toBeGreaterThanOrEqual(8);
    for (const s of stored) expect(String(s.request_id)).not.toContain(other.slice(8, 30));
    const logs = api.logs.join('\n');
    expect(logs).not.toContain(other.slice(8, 30));
    expect(logs.toLowerCase()).not.toContain(other.slice(8, 30));
  });

  it('keeps a short plain client id, and refuses a long or odd one with the rule in the header', async () => {
    const ok = await api.get('/v1/health', { headers: { 'x-request-id': 'lb-7f3a:42.retry_1' } });
    expect(ok.headers.get('x-request-id')).toBe('lb-7f3a:42.retry_1');
    expect(ok.headers.get('x-request-id-refused')).toBeNull();
    const long = await api.get('/v1/health', { headers: { 'x-request-id': 'a'.repeat(65) } });
    expect(long.headers.get('x-request-id')).not.toBe('a'.repeat(65));
    expect(long.headers.get('x-request-id-refused')).toBe('longer than 64 characters');
    const odd = await api.get('/v1/health', { headers: { 'x-request-id': 'a b<script>' } });
    expect(odd.headers.get('x-request-id-refused')).toBe('characters other than A-Z a-z 0-9 . _ : -');
  });

  it('scrubs key-shaped strings from every log line, whatever field carries them', async () => {
    const secret = generateApiKey();
    api.app.log.info({ note: `pasted ${secret}`, nested: { deep: [secret] } }, `message with ${secret}`);
    api.app.log.warn(`encoded ${secret.replace(/_/g, '%5F')}`);
    const tail = api.logs.slice(-2).join('\n');
    expect(tail).toContain('[redacted]');
    expect(tail).not.toContain(secret.slice(8));
  });
});

function rawRequest(url: string, text: string): Promise<string> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const sock = new Socket();
    let out = '';
    sock.on('data', (d) => {
      out += d.toString();
    });
    sock.on('close', () => resolve(out));
    sock.on('error', reject);
    sock.connect(Number(u.port), u.hostname, () => sock.write(text));
  });
}

describe('hardening', () => {
  it('answers a request with oversized headers 431 in the standard error body, with Connection: close', async () => {
    const raw = await rawRequest(
      api.url,
      `GET /v1/companies?ticker=AAPL HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large/);
    expect(head).toMatch(/\r\nConnection: close/i);
    expect(JSON.parse(body!)).toEqual({
      success: false,
      error: {
        statusCode: 431,
        message: 'Request header fields too large: the request headers exceed 16 KB',
        error: 'Request Header Fields Too Large',
        path: '',
        timestamp: expect.any(String),
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    });
  });

  it('answers HEAD on /v1/health and /v1/ready (load balancers), never on a metered route', async () => {
    for (const path of ['/v1/health', '/v1/ready']) {
      const r = await api.get(path, { method: 'HEAD' });
      expect(r.status).toBe(200);
      expect(await r.text()).toBe('');
      expect(r.headers.get('content-type')).toMatch(/application\/json/);
    }
    const metered = await api.get('/v1/companies?ticker=AAPL', { method: 'HEAD', key });
    expect(metered.status).toBe(404);
  });

  it('costs the database one look-up per unknown key identifier, not one per request', async () => {
    let queries = 0;
    const counting: Database = {
      ...database,
      query: (text: string, params?: unknown[]) => {
        queries++;
        return database.query(text, params as never);
      },
    } as Database;
    const second = await startApi(counting);
    try {
      const unknown = generateApiKey();
      queries = 0;
      for (let i = 0; i < 25; i++) {
        const r = await second.get('/v1/companies?ticker=AAPL', { key: unknown });
        expect(r.status).toBe(401);
      }
      expect(queries).toBe(1);
      // a flood of distinct random keys is capped per second
      queries = 0;
      const floodStart = Date.now();
      const flood = await Promise.all(
        Array.from({ length: 200 }, () => second.get('/v1/companies?ticker=AAPL', { key: generateApiKey() })),
      );
      // at most 50 per clock second the flood touched (a loaded machine can stretch it over several)
      const seconds = Math.floor(Date.now() / 1000) - Math.floor(floodStart / 1000) + 1;
      expect(queries).toBeLessThanOrEqual(seconds * 50);
      const statuses = new Set(flood.map((r) => r.status));
      expect([...statuses].every((s) => s === 401 || s === 503)).toBe(true);
      const busy = flood.find((r) => r.status === 503);
      if (busy) expect(busy.headers.get('retry-after')).toBe('1');
      // the real key works again within a second
      await new Promise((r) => setTimeout(r, 1_100));
      expect((await second.get('/v1/companies?ticker=AAPL', { key })).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('keeps the API description open without a key (documented choice)', async () => {
    expect((await api.get('/v1/openapi.json')).status).toBe(200);
    expect((await api.get('/docs')).status).toBeLessThan(400);
  });
});
