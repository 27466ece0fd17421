import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../lib/db.ts';
import { startProbe } from '../../scripts/faults/probe.ts';
import { type PrivatePostgres, postgresBinDir, startPrivatePostgres } from '../../scripts/faults/services.ts';
import { accountWithKey, type RunningApi, startApi } from '../helpers/api.ts';
import { seedRegistry } from '../helpers/registry.ts';

/**
 * Issue 26 section 3, Postgres restarted under load (CI size; `npm run faults -- postgres-restart` is the
 * full one). A private Postgres cluster (initdb in a temp dir, its own port) is stopped and started again
 * while four clients keep asking the API: meanwhile every answer is a 2xx or a 503 with Retry-After in its
 * family's body, and the API serves again by itself once Postgres is back.
 * Runs in the Postgres pass only: PGlite is in the process, nothing to restart.
 */
const enabled = Boolean(process.env.DATABASE_URL) && postgresBinDir() !== null;

describe.runIf(enabled)('Postgres restarted under load (private cluster)', () => {
  let pgs: PrivatePostgres;
  let database: Database;
  let api: RunningApi;
  let key: string;

  beforeAll(async () => {
    pgs = await startPrivatePostgres();
    database = await openDatabase({ databaseUrl: pgs.url(), poolSize: 10 });
    await database.migrate();
    await seedRegistry(database, 30);
    api = await startApi(database, { logLevel: 'error' });
    ({ key } = await accountWithKey(database, 'fund', 1_000_000));
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await database?.close().catch(() => undefined);
    await pgs?.destroy();
  });

  it('answers 503 + Retry-After while Postgres is down and recovers by itself', async () => {
    const probe = startProbe({
      baseUrl: api.url,
      key,
      clients: 4,
      paths: ['/v1/companies?ticker=AAPL', '/v1/filings?ticker=AAPL&limit=5', '/v1/companies?ticker=MSFT'],
    });
    await new Promise((r) => setTimeout(r, 500));
    await pgs.stop('fast');
    await new Promise((r) => setTimeout(r, 1_500));
    await pgs.start();
    probe.markRecoveryStart();
    const recovered = await probe.recovered(15_000);
    const report = await probe.stop();
    process.stderr.write(`postgres restart under load: ${JSON.stringify(report)}\n`);
    if (report.bad.length)
      for (const l of new Set(
        api.logs.map(
          (l) => `${JSON.parse(l).err?.code} ${JSON.parse(l).err?.type} ${JSON.parse(l).err?.message}`,
        ),
      ))
        process.stderr.write(`logged: ${l}\n`);
    expect(report.bad).toEqual([]);
    expect(report.unavailable).toBeGreaterThan(0);
    expect(recovered).toBe(true);
  }, 60_000);
});
