/**
 * The rehearsal's API process (forked by run.ts): the real API on the rehearsal database with a fund-plan
 * key, and, on request, the SQL each request sends (pg's Client.query recorded while a capture is on), so
 * the parent can EXPLAIN (ANALYZE, BUFFERS) exactly the statements a route runs.
 */
import pg from 'pg';
import { createAccount, createApiKey } from '../../api/platform/accounts.ts';
import { openDatabase } from '../../lib/db.ts';
import { listenBenchApp } from '../api-server.ts';
import { capturedStatement } from './capture.ts';

interface Captured {
  text: string;
  values: unknown[];
}

let capture: Captured[] | null = null;
const original = pg.Client.prototype.query;
// biome-ignore lint/suspicious/noExplicitAny: pg's overloads
(pg.Client.prototype as any).query = function (this: pg.Client, ...args: any[]) {
  if (capture) {
    const statement = capturedStatement(args);
    if (statement) capture.push(statement);
  }
  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads
  return (original as any).apply(this, args);
};

const database = await openDatabase({
  databaseUrl: process.env.REHEARSE_DB_URL!,
  poolSize: Number(process.env.REHEARSE_API_POOL ?? 10),
});
const { app, port, key } = await listenBenchApp(database);
// one fund account per client slot: the load test measures the routes, not the plan's per-minute limit
const keys = [key];
for (let i = 1; i < Number(process.env.REHEARSE_KEYS ?? 64); i++) {
  const account = await createAccount(database, {
    name: `rehearse${i}`,
    plan: 'fund',
    credits: 1_000_000_000,
  });
  keys.push((await createApiKey(database, { accountId: account.id, name: 'rehearse' })).key);
}
process.send!({ port, keys });
process.on('message', async (m: { op: string }) => {
  if (m.op === 'capture') {
    capture = [];
    process.send!({ op: 'capturing' });
  } else if (m.op === 'dump') {
    const out = capture ?? [];
    capture = null;
    process.send!({ op: 'dump', queries: out });
  } else if (m.op === 'close') {
    await app.close();
    await database.close();
    process.exit(0);
  }
});
