import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestDiff, tableDigests } from '../../bench/faults/digest.ts';
import { startProbe } from '../../bench/faults/probe.ts';
import { type PrivatePostgres, postgresBinDir, startPrivatePostgres } from '../../bench/faults/services.ts';
import { backfill } from '../../jobs/refresh.ts';
import { type Database, openDatabase } from '../../lib/db.ts';
import { accountWithKey, type RunningApi, startApi } from '../helpers/api.ts';
import { seedRegistry } from '../helpers/registry.ts';
import { createTestServices } from '../helpers/services.ts';

/**
 * Issue 26 section 3, Postgres restarted (CI size; `npm run faults -- postgres-restart` is the full one).
 * A private Postgres cluster (initdb in a temp dir, its own port; never the machine's shared server) is
 * stopped and started again (1) while four clients keep asking the API: meanwhile every answer is a 2xx or
 * a 503 with Retry-After in its family's body, and the API serves again by itself once Postgres is back;
 * (2) in the middle of a backfill: the partitions caught by it wait for the database and run again, and
 * every table ends identical (bench/faults/digest.ts) to a clean run of the same backfill.
 * Runs in the Postgres pass only: PGlite lives in the process, there is no server to restart.
 */
const enabled = Boolean(process.env.DATABASE_URL) && postgresBinDir() !== null;
const WINDOW = { from: '2021Q1', to: '2021Q4' };

describe.runIf(enabled)('Postgres restarted (private cluster)', () => {
  let pgs: PrivatePostgres;
  const opened: Database[] = [];
  const open = async (name: string) => {
    const admin = new pg.Client({ connectionString: pgs.url() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const d = await openDatabase({ databaseUrl: pgs.url(name), poolSize: 10 });
    await d.migrate();
    opened.push(d);
    return d;
  };

  beforeAll(async () => {
    pgs = await startPrivatePostgres();
  }, 60_000);

  afterAll(async () => {
    for (const d of opened) await d.close().catch(() => undefined);
    await pgs?.destroy();
  });

  it('API under load: 503 + Retry-After while Postgres is down, serving again by itself', async () => {
    const database = await open('api');
    await seedRegistry(database, 30);
    const api: RunningApi = await startApi(database, { logLevel: 'error' });
    const { key } = await accountWithKey(database, 'fund', 1_000_000);
    try {
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
          api.logs.map((l) => `${JSON.parse(l).err?.code} ${JSON.parse(l).err?.message}`),
        ))
          process.stderr.write(`logged: ${l.slice(0, 300)}\n`);
      expect(report.bad).toEqual([]);
      expect(report.unavailable).toBeGreaterThan(0);
      expect(recovered).toBe(true);
    } finally {
      await api.close();
    }
  }, 60_000);

  it('backfill: restarted in the middle, it finishes without a failure and every table equals a clean run', async () => {
    const clean = await open('clean');
    const cleanEnv = await createTestServices(clean);
    const c = await backfill(cleanEnv.services, cleanEnv.runtime, 'filings', WINDOW);
    await cleanEnv.close();
    expect(c.failures).toEqual([]);

    const faulty = await open('faulty');
    const env = await createTestServices(faulty);
    let restarted: Promise<void> | null = null;
    let doneAtStop = -1;
    const t0 = Date.now();
    const r = await backfill(env.services, env.runtime, 'filings', WINDOW, (p) => {
      if (p.done >= 1 && !restarted)
        restarted = (async () => {
          doneAtStop = p.done;
          await pgs.stop('fast');
          await new Promise((x) => setTimeout(x, 1_500));
          await pgs.start();
        })();
    });
    await restarted;
    // resumed: a second run finds every partition finished
    const again = await backfill(env.services, env.runtime, 'filings', WINDOW);
    await env.close();
    process.stderr.write(
      `backfill across a Postgres restart: ${r.reports.length} partitions loaded, ${r.failures.length} failed, ${Date.now() - t0} ms; resumed run loaded ${again.reports.length}\n`,
    );
    expect(restarted).not.toBeNull();
    expect(doneAtStop).toBeLessThan(r.reports.length); // partitions were still to run when it went down
    expect(r.failures).toEqual([]);
    expect(again.reports).toEqual([]);
    const [a, b] = [await tableDigests(clean), await tableDigests(faulty)];
    expect(digestDiff(a, b)).toEqual([]);
    expect(a.find((d) => d.table === 'filings')!.rows).toBeGreaterThan(100);
  }, 90_000);
});
