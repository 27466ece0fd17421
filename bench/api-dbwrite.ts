/**
 * The platform's database writes per request, on Postgres: the CPU time of the one backend that runs them
 * (/proc/<pid>/schedstat), per row written. Run:
 * `DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> node --import tsx bench/api-dbwrite.ts`.
 *
 * On a scratch database (migrated, one account) and a pool of one connection, BENCH_ROUNDS (3) rounds of
 * BENCH_BATCHES (20) batches of BENCH_ROWS (500) rows each, for:
 * - `usage`: the usage batch as the API writes it (UsageRecorder: record() per event, then flush());
 * - `usage_json`: the same batch read as `json` rather than `jsonb` (the statement before this change, for
 *   comparison: each `->>` of a json element parses that element's text again);
 * - `settle`: a credit hold's settle of BENCH_ROWS charge rows (credits.ts settleHold, a row per request);
 * - `settle_one_row`: a settle of one charge row (what a hold's settle would cost if it wrote one row for all
 *   its requests: the statement's own cost, divided here by BENCH_ROWS requests);
 * - `charge`: an exact charge of a batch of BENCH_ROWS requests (reserveBatch).
 * Prints one JSON object: per kind, the backend's CPU µs per row (median of the rounds, and each round's).
 * CPU time, not wall time: it moves little with the host's load (the host is shared with other jobs).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createAccount } from '../api/platform/accounts.ts';
import { reserveBatch, settleHold } from '../api/platform/credits.ts';
import { hotQuery } from '../api/platform/sql.ts';
import { UsageRecorder } from '../api/platform/usage.ts';
import { openDatabase } from '../lib/db.ts';
import { createLogger } from '../lib/logger.ts';
import { benchDatabase } from './bench-database.ts';
import { median } from './http-load.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 20);
const ROWS = Number(process.env.BENCH_ROWS ?? 500);
const ROUTE = 'GET /v1/financials/income-statements';
const PREFIX = 'fd_live_abcd';

/** usage.ts's statement as it was before the batch was read as jsonb (kept here for the comparison only). */
const USAGE_JSON = `insert into usage_events (account_id, key_prefix, route, status, chunks_returned, request_id, created_at)
  select e->>0, e->>1, e->>2, (e->>3)::int, (e->>4)::int, e->>5,
         to_timestamp(at / 1000) + (at % 1000) * interval '1 millisecond'
    from (select e, $2::bigint + (e->>6)::bigint as at from json_array_elements($1::json) as e) u`;

const scratch = await benchDatabase('bench_dbwrite');
const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 1 });
try {
  await database.migrate();
  const [row] = await database.query<{ pid: number }>('select pg_backend_pid() as pid');
  const cpuUs = () => Number(readFileSync(`/proc/${row!.pid}/schedstat`, 'utf8').split(' ')[0]) / 1000;
  const account = await createAccount(database, { name: 'dbwrite', plan: 'fund', credits: 1_000_000_000 });
  const usage = new UsageRecorder(database, createLogger('warn'), 60_000, ROWS + 1);
  const ids = () => Array.from({ length: ROWS }, () => randomUUID());

  const kinds: Record<string, () => Promise<unknown>> = {
    usage: async () => {
      for (const id of ids())
        usage.record({
          accountId: account.id,
          keyPrefix: PREFIX,
          route: ROUTE,
          status: 200,
          chunksReturned: 0,
          requestId: id,
        });
      await usage.flush();
    },
    usage_json: () =>
      hotQuery(database, 'bench_usage_json', USAGE_JSON, [
        JSON.stringify(ids().map((id, i) => [account.id, PREFIX, ROUTE, 200, 0, id, i])),
        Date.now(),
      ]),
    settle: () => settle(ROWS),
    settle_one_row: () => settle(1),
    charge: () =>
      reserveBatch(
        database,
        account.id,
        ids().map((requestId) => ({
          accountId: account.id,
          keyPrefix: PREFIX,
          cost: 1,
          requestId,
          route: ROUTE,
        })),
      ),
  };
  const settle = (n: number) => {
    const requestIds = ids().slice(0, n);
    return settleHold(database, {
      id: `hold_${randomUUID()}`,
      accountId: account.id,
      amount: 0,
      keyPrefixes: requestIds.map(() => PREFIX),
      requestIds,
      routes: requestIds.map(() => ROUTE),
      deltas: requestIds.map(() => -1),
      reasons: requestIds.map(() => 'charge' as const),
    });
  };

  const out: Record<string, { db_cpu_us_per_row: number; rounds: number[] }> = {};
  for (const [kind, run] of Object.entries(kinds)) {
    for (let i = 0; i < 3; i++) await run(); // warm: the statement prepared on the connection
    const rounds: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const before = cpuUs();
      for (let b = 0; b < BATCHES; b++) await run();
      rounds.push(Math.round(((cpuUs() - before) / (BATCHES * ROWS)) * 100) / 100);
    }
    out[kind] = { db_cpu_us_per_row: median(rounds), rounds };
  }
  process.stdout.write(
    `${JSON.stringify({ name: 'api-dbwrite', rows_per_batch: ROWS, batches: BATCHES, rounds: ROUNDS, kinds: out })}\n`,
  );
} finally {
  await database.close();
  await scratch.drop();
}
