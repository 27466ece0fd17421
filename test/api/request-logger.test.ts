import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRoute } from '../../api/platform/route.ts';
import type { Database } from '../../lib/db.ts';
import { createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';

// A route's `ctx.log` (fastify's req.log): its lines carry the request id right after the root logger's
// bindings, and so do the lines of its children and grandchildren, whatever makes the request's logger.
const loggingRoute = defineRoute({
  path: '/v1/test/logging',
  summary: 'Logs through the request logger',
  tags: ['test'],
  envelope: 'raw',
  access: 'public',
  response: { schema: { type: 'object' }, example: {} },
  handler: async ({ log }) => {
    const enabled = {
      info: log.isLevelEnabled('info'),
      debug: log.isLevelEnabled('debug'),
      level: log.level,
    };
    log.warn({ part: 'route' }, 'route line');
    const child = log.child({ step: 'inner' });
    child.warn('child line');
    child.child({ deeper: 1 }).error({ n: 2 }, 'grandchild line');
    log.debug('not written at info');
    return { status: 200, body: enabled };
  },
});

let database: Database;
let api: RunningApi;

beforeAll(async () => {
  database = await createApiTestDatabase();
  api = await startApi(database, { routes: [loggingRoute] });
});

afterAll(async () => {
  await api?.close();
  await database?.close();
});

/** The request's lines less their time, in the order written. */
function linesOf(reqId: string): Record<string, unknown>[] {
  return api.logs
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.reqId === reqId)
    .map(({ time: _time, ...rest }) => rest);
}

describe('request logger', () => {
  it('writes the route, child and grandchild lines with the request id, in pino field order', async () => {
    const res = await api.get('/v1/test/logging', { headers: { 'x-request-id': 'log-test-1' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ info: true, debug: false, level: 'info' });
    const lines = linesOf('log-test-1');
    expect(lines.slice(0, 3)).toEqual([
      { level: 40, service: 'findata', reqId: 'log-test-1', part: 'route', msg: 'route line' },
      { level: 40, service: 'findata', reqId: 'log-test-1', step: 'inner', msg: 'child line' },
      {
        level: 50,
        service: 'findata',
        reqId: 'log-test-1',
        step: 'inner',
        deeper: 1,
        n: 2,
        msg: 'grandchild line',
      },
    ]);
    expect(Object.keys(lines[0]!)).toEqual(['level', 'service', 'reqId', 'part', 'msg']);
    expect(Object.keys(lines[2]!)).toEqual(['level', 'service', 'reqId', 'step', 'deeper', 'n', 'msg']);
    // the access line (onResponse hook, root logger) comes last; nothing at debug
    expect(lines.slice(3).map((l) => l.msg)).toEqual(['request']);
    expect(lines[3]).toMatchObject({ reqId: 'log-test-1', route: '/v1/test/logging', statusCode: 200 });
  });

  it('gives each request its own id', async () => {
    await api.get('/v1/test/logging', { headers: { 'x-request-id': 'log-test-2' } });
    await api.get('/v1/test/logging', { headers: { 'x-request-id': 'log-test-3' } });
    expect(linesOf('log-test-2').map((l) => l.msg)).toEqual([
      'route line',
      'child line',
      'grandchild line',
      'request',
    ]);
    expect(linesOf('log-test-3').map((l) => l.msg)).toEqual([
      'route line',
      'child line',
      'grandchild line',
      'request',
    ]);
  });

  it('the app logger logs without a request id', () => {
    api.app.log.warn({ note: 'app' }, 'app line');
    const line = JSON.parse(api.logs.at(-1)!) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 40, service: 'findata', note: 'app', msg: 'app line' });
    expect(line.reqId).toBeUndefined();
  });
});
