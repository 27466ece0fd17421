import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount } from '../../api/platform/accounts.ts';
import { UsageRecorder } from '../../api/platform/usage.ts';
import type { Database } from '../../lib/db.ts';
import { createLogger } from '../../lib/logger.ts';
import { createApiTestDatabase } from '../helpers/api.ts';

// Usage events are stamped with the time the request was served, to the millisecond (usage.ts).
let database: Database;

beforeAll(async () => {
  database = await createApiTestDatabase();
});

afterAll(async () => {
  vi.restoreAllMocks();
  await database?.close();
});

describe('UsageRecorder', () => {
  it('writes each event with the millisecond it was recorded at, whatever `at` it was given', async () => {
    const a = await createAccount(database, { name: 'Usage', plan: 'free' });
    const usage = new UsageRecorder(database, createLogger('silent'), 60_000);
    const now = vi.spyOn(Date, 'now');
    // times read by hand: 2025-11-29 23:30:00.123 UTC, and the last millisecond of 1999
    for (const [ms, id] of [
      [1_764_459_000_123, 'req-a'],
      [946_684_799_999, 'req-b'],
    ] as const) {
      now.mockReturnValueOnce(ms);
      usage.record({
        accountId: a.id,
        keyPrefix: 'fd_live_abcd',
        route: 'GET /v1/companies',
        status: 200,
        chunksReturned: 0,
        requestId: id,
        // the pipeline gives `at: 0` (the field made with the object); record() stamps it all the same
        ...(id === 'req-b' ? { at: 0 } : {}),
      });
    }
    now.mockRestore();
    await usage.flush();
    const rows = await database.query<{ request_id: string; at: string; status: number }>(
      `select request_id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') as at, status
         from usage_events where account_id = $1 order by request_id`,
      [a.id],
    );
    expect(rows).toEqual([
      { request_id: 'req-a', at: '2025-11-29T23:30:00.123', status: 200 },
      { request_id: 'req-b', at: '1999-12-31T23:59:59.999', status: 200 },
    ]);
  });

  it('stores every field as given, quotes, backslashes and non-ASCII text included', async () => {
    const a = await createAccount(database, { name: 'Usage fields', plan: 'free' });
    const usage = new UsageRecorder(database, createLogger('silent'), 60_000);
    const events = [
      {
        keyPrefix: 'fd_live_q"\\',
        route: 'GET /v1/a"b\\c',
        status: 402,
        chunksReturned: 7,
        requestId: 'r-1',
      },
      {
        keyPrefix: 'fd_live_é',
        route: 'POST /v1/ünïcode ✓',
        status: 200,
        chunksReturned: 0,
        requestId: 'r-2',
      },
    ];
    for (const e of events) usage.record({ accountId: a.id, ...e });
    await usage.flush();
    const rows = await database.query<Record<string, unknown>>(
      `select account_id, key_prefix, route, status, chunks_returned, request_id
         from usage_events where account_id = $1 order by request_id`,
      [a.id],
    );
    expect(rows).toEqual([
      {
        account_id: a.id,
        key_prefix: 'fd_live_q"\\',
        route: 'GET /v1/a"b\\c',
        status: 402,
        chunks_returned: 7,
        request_id: 'r-1',
      },
      {
        account_id: a.id,
        key_prefix: 'fd_live_é',
        route: 'POST /v1/ünïcode ✓',
        status: 200,
        chunks_returned: 0,
        request_id: 'r-2',
      },
    ]);
  });
});
