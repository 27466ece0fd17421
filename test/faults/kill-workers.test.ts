import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestDiff, tableDigests } from '../../bench/faults/digest.ts';
import { type PrivateRedis, startPrivateRedis } from '../../bench/faults/services.ts';
import { killHard, spawnWorker, stopGracefully, type WorkerProc } from '../../bench/faults/workers.ts';
import { backfill } from '../../jobs/refresh.ts';
import { createRuntime } from '../../jobs/runtime/index.ts';
import { createServices } from '../../jobs/services.ts';
import { loadConfig } from '../../lib/config.ts';
import { type Database, openDatabase } from '../../lib/db.ts';
import { createLogger } from '../../lib/logger.ts';
import { syncDatasetRegistry } from '../../loaders/coverage.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { createTestServices } from '../helpers/services.ts';

/**
 * Issue 26 section 3, kill -9 of workers during a backfill (CI size: two `etl worker` processes, one of
 * them killed with SIGKILL after the first partition and replaced; `npm run faults -- kill-workers` kills
 * one every few seconds through a whole backfill). The partitions the dead worker held are taken over
 * after their lock expires (BULLMQ_LOCKS) and every table ends equal to a clean run. Postgres pass only:
 * separate worker processes need a database server they can all reach (PGlite is one process's).
 */
const enabled = Boolean(process.env.DATABASE_URL);
const WINDOW = { from: '2021Q1', to: '2021Q4' };

describe.runIf(enabled)('kill -9 of an etl worker during a backfill', () => {
  let redis: PrivateRedis;
  const dbs: Database[] = [];
  const workers: WorkerProc[] = [];

  beforeAll(async () => {
    redis = await startPrivateRedis({ persist: false });
  });
  afterAll(async () => {
    for (const w of workers) await stopGracefully(w, 5_000);
    for (const d of dbs) await d.close().catch(() => undefined);
    await redis?.destroy();
  });

  it('ends with every table equal to a clean run', async () => {
    const clean = await createTestDatabase();
    dbs.push(clean);
    const cleanEnv = await createTestServices(clean, { REDIS_URL: redis.url });
    const c = await backfill(cleanEnv.services, cleanEnv.runtime, 'filings', WINDOW);
    await cleanEnv.close();
    expect(c.failures).toEqual([]);

    // a database the worker processes can reach by URL
    const name = `t_kill_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(process.env.DATABASE_URL!);
    u.pathname = `/${name}`;
    const url = u.toString();
    const faulty = await openDatabase({ databaseUrl: url });
    dbs.push({
      ...faulty,
      async close() {
        await faulty.close();
        const a = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    });
    await faulty.migrate();
    await syncDatasetRegistry(faulty);
    const dataDir = mkdtempSync(join(tmpdir(), 'findata-kill-'));
    const env = {
      DATABASE_URL: url,
      REDIS_URL: redis.url,
      DATA_DIR: dataDir,
      UPSTREAM: 'fixtures',
      MIRROR_PORT: '0',
      MIRROR_LIVE_INTERVAL_MS: '0',
      WEBHOOKS_POLL_MS: '60000',
    };
    for (let i = 0; i < 2; i++) workers.push(spawnWorker(i, env));
    await Promise.all(workers.map((w) => w.ready));
    // the backfill is enqueued from this process; only the worker processes consume
    const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
    const services = await createServices(config, createLogger('silent'), { database: faulty });
    const runtime = await createRuntime(services);
    let killed: Promise<void> | null = null;
    const t0 = Date.now();
    const r = await backfill(services, runtime, 'filings', WINDOW, (p) => {
      if (p.done >= 1 && !killed)
        killed = (async () => {
          await killHard(workers[0]!);
          workers.push(spawnWorker(2, env));
        })();
    });
    await killed;
    await runtime.close();
    await services.close();
    process.stderr.write(
      `backfill with a worker killed (kill -9): ${r.reports.length} partitions loaded, ${r.failures.length} failed, ${Date.now() - t0} ms\n`,
    );
    expect(killed).not.toBeNull();
    expect(r.failures).toEqual([]);
    expect(digestDiff(await tableDigests(clean), await tableDigests(faulty))).toEqual([]);
  }, 180_000);
});
