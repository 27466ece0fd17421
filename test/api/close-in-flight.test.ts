import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { int } from '../../api/platform/params.ts';
import { defineRoute } from '../../api/platform/route.ts';
import type { Database } from '../../lib/db.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';

// The API's close() while requests are in flight (the h-api10 revert: operations.test.ts's afterAll once waited
// past its 60 s limit in api.close()). A request in flight when close() starts is answered, then its connection
// closes: before, it stayed open for the server's keep-alive timeout (72 s) and close() waited for it. Every way
// out of the pipeline (answered, handler throwing or rejecting, client gone mid-query) leaves the account's
// ledger and usage rows right and close() prompt.

/** Each request to it waits until `release()`; `started` resolves once one is waiting. */
function gate() {
  let open!: () => void;
  let started!: () => void;
  const g = {
    opened: new Promise<void>((r) => {
      open = r;
    }),
    started: new Promise<void>((r) => {
      started = r;
    }),
    release: () => open(),
    arrive: () => started(),
  };
  return g;
}
let slow = gate();

const metered = { minPlan: 'free' as const, creditCost: 1, title: 'Close test' };
const routes = [
  defineRoute({
    path: '/v1/test/close/slow',
    summary: 'Answers when the test releases it',
    tags: ['test'],
    envelope: 'B',
    access: metered,
    rateLimited: false,
    query: { n: int({ min: 1, description: 'any positive integer (a bad one is a 400 before the charge)' }) },
    response: { schema: { type: 'object' }, example: {} },
    handler: async () => {
      slow.arrive();
      await slow.opened;
      return { ok: true };
    },
  }),
  defineRoute({
    path: '/v1/test/close/throws',
    summary: 'Throws before returning its promise',
    tags: ['test'],
    envelope: 'B',
    access: metered,
    rateLimited: false,
    response: { schema: { type: 'object' }, example: {} },
    handler: () => {
      throw new Error('sync failure');
    },
  }),
  defineRoute({
    path: '/v1/test/close/rejects',
    summary: 'Rejects',
    tags: ['test'],
    envelope: 'B',
    access: metered,
    rateLimited: false,
    response: { schema: { type: 'object' }, example: {} },
    handler: async () => {
      throw new Error('async failure');
    },
  }),
];

let database: Database;

beforeAll(async () => {
  database = await createApiTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

async function ledger(accountId: string): Promise<{ reason: string; n: number; sum: number }[]> {
  return database.query(
    `select reason, count(*)::int as n, sum(delta)::int as sum from credit_ledger
      where account_id = $1 and reason in ('charge', 'refund') group by reason order by reason`,
    [accountId],
  );
}

async function usage(accountId: string): Promise<{ route: string; status: number }[]> {
  return database.query(
    'select route, status from usage_events where account_id = $1 order by route, status',
    [accountId],
  );
}

/** close() started now: resolves to the time it ended, or to 'hung' after `limitMs`. */
function closeTimed(api: RunningApi, limitMs: number): Promise<number | 'hung'> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((r) => {
    timer = setTimeout(() => r('hung'), limitMs);
  });
  const ended = api.close().then(() => {
    clearTimeout(timer);
    return Date.now();
  });
  return Promise.race([ended, hung]);
}

/** Resolves once close() has stopped the server listening (then waits `ms` more). */
async function stoppedListening(api: RunningApi, ms: number): Promise<void> {
  while (api.app.server.listening) await new Promise((r) => setTimeout(r, 5));
  await new Promise((r) => setTimeout(r, ms));
}

describe('close() with requests in flight', () => {
  it('answers a keep-alive request in flight, then closes its connection at once (not after the keep-alive timeout)', async () => {
    slow = gate();
    const api = await startApi(database, { routes });
    const { key, accountId } = await accountWithKey(database, 'free', 100);
    const pending = api.get('/v1/test/close/slow', { key });
    await slow.started;
    const closing = closeTimed(api, 40_000);
    // the route answers once close() has stopped the server listening
    await stoppedListening(api, 50);
    slow.release();
    const res = await pending;
    const answeredAt = Date.now();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    // its connection closes with the answer: close() ends within a few seconds of it (the keep-alive timeout is
    // 72 s; the server's own deadline for open connections 10 s)
    const ended = await closing;
    expect(ended).not.toBe('hung');
    expect((ended as number) - answeredAt).toBeLessThan(5_000);
    expect(await ledger(accountId)).toEqual([{ reason: 'charge', n: 1, sum: -1 }]);
    expect(await usage(accountId)).toEqual([{ route: 'GET /v1/test/close/slow', status: 200 }]);
  }, 60_000);

  it('keeps the books right on every way out of the pipeline, and closes promptly after a client left mid-query', async () => {
    slow = gate();
    const api = await startApi(database, { routes });
    const { key, accountId } = await accountWithKey(database, 'free', 100);
    // a handler throwing before its promise, and one rejecting: 500, the charge refunded
    expect((await api.get('/v1/test/close/throws', { key })).status).toBe(500);
    expect((await api.get('/v1/test/close/rejects', { key })).status).toBe(500);
    // refused before the charge: a bad key (no account, no usage row) and a bad parameter (a usage row, no charge)
    expect((await api.get('/v1/test/close/slow', { key: `${key}x` })).status).toBe(401);
    expect((await api.get('/v1/test/close/slow?n=x', { key })).status).toBe(400);
    // the client hangs up while the query runs: the request is still served (and charged) once the query ends
    const abort = new AbortController();
    const gone = api.get('/v1/test/close/slow', { key, signal: abort.signal }).catch((e: Error) => e.name);
    await slow.started;
    abort.abort();
    expect(await gone).toBe('AbortError');
    let closed = false;
    const closing = closeTimed(api, 40_000).then((t) => {
      closed = true;
      return t;
    });
    // no connection is left to wait for, but the request is still running: close() waits for it, so its usage
    // event is in the last batch (before, close() settled and flushed at once and the event was never written)
    await stoppedListening(api, 300);
    expect(closed).toBe(false);
    slow.release();
    const releasedAt = Date.now();
    const ended = await closing;
    expect(ended).not.toBe('hung');
    expect((ended as number) - releasedAt).toBeLessThan(5_000);
    expect(await ledger(accountId)).toEqual([
      { reason: 'charge', n: 3, sum: -3 },
      { reason: 'refund', n: 2, sum: 2 },
    ]);
    expect(await usage(accountId)).toEqual([
      { route: 'GET /v1/test/close/rejects', status: 500 },
      { route: 'GET /v1/test/close/slow', status: 200 },
      { route: 'GET /v1/test/close/slow', status: 400 },
      { route: 'GET /v1/test/close/throws', status: 500 },
    ]);
  }, 60_000);
});
