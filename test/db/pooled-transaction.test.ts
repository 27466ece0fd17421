import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_POOL_TIMEOUT_MS, type Database, openDatabase } from '../../lib/db.ts';
import { isTransientFault } from '../../lib/transient.ts';
import { createTestDatabase } from '../helpers/db.ts';

/**
 * lib/db.ts runs the Postgres pool's transactions itself (drizzle-orm 0.45 leaks the pooled client when
 * BEGIN fails, drizzle-team/drizzle-orm#6023): every transaction gives its client back, a failed one
 * destroyed, so `close()` never waits for a client nobody holds. Commit and rollback behave as before on
 * both runtimes.
 */
describe('pooled transactions', () => {
  let database: Database;
  const pool = () => (database.db as unknown as { $client: pg.Pool }).$client;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.query('create table tx_probe (n int primary key)');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('commits the callback and returns its value; a throw rolls back and rethrows', async () => {
    const v = await database.db.transaction(async (tx) => {
      await tx.execute('insert into tx_probe values (1)');
      return 'done';
    });
    expect(v).toBe('done');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute('insert into tx_probe values (2)');
        throw new Error('callback failed');
      }),
    ).rejects.toThrow('callback failed');
    const rows = await database.query<{ n: number }>('select n from tx_probe order by n');
    expect(rows.map((r) => r.n)).toEqual([1]);
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'a failed BEGIN gives the client back (destroyed): nothing stays checked out',
    async () => {
      const before = pool().totalCount;
      await expect(
        database.db.transaction(async () => 'never', { isolationLevel: 'no such level' as never }),
      ).rejects.toThrow();
      expect(pool().totalCount - pool().idleCount).toBe(0); // none checked out
      expect(pool().totalCount).toBeLessThanOrEqual(before); // the failed client was not kept
      expect(await database.query('select 1 as one')).toEqual([{ one: 1 }]);
    },
  );

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'a connection killed inside a transaction: the client is dropped, the next transaction works',
    async () => {
      await expect(
        database.db.transaction(async (tx) => {
          // the server ends this very connection (what a Postgres restart does to it)
          await tx.execute('select pg_terminate_backend(pg_backend_pid())');
        }),
      ).rejects.toThrow();
      expect(pool().totalCount - pool().idleCount).toBe(0);
      const v = await database.db.transaction(async (tx) => {
        await tx.execute('insert into tx_probe values (3)');
        return 3;
      });
      expect(v).toBe(3);
    },
  );

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'a caller finds every pool client held: it fails after the pool timeout instead of waiting forever',
    async () => {
      // the shipped pools wait a bounded time (node-postgres's own default is forever)
      expect(pool().options.connectionTimeoutMillis).toBe(DATABASE_POOL_TIMEOUT_MS);
      // a pool of one client, held by a transaction that does not end (a leaked client, or a transaction
      // waiting on something only a caller queued for the pool could free)
      const one = await openDatabase({
        databaseUrl: pool().options.connectionString!,
        poolSize: 1,
        poolTimeoutMs: 300,
      });
      let release = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      let begun = () => {};
      const inside = new Promise<void>((r) => {
        begun = r;
      });
      const holder = one.db.transaction(async (tx) => {
        await tx.execute('select 1');
        begun();
        await held;
      });
      try {
        await inside;
        expect(one.poolStats!()).toMatchObject({ total: 1, idle: 0 });
        const t0 = Date.now();
        const outcome = await Promise.race([
          one.query('select 1').then(
            () => 'answered',
            (err: Error) => err,
          ),
          new Promise((r) => setTimeout(() => r('still waiting after 5 s'), 5_000)),
        ]);
        expect(outcome).toBeInstanceOf(Error);
        expect((outcome as Error).message).toMatch(/timeout exceeded when trying to connect/);
        // a transient fault: the partition's outage wait and the API's 503 handle it
        expect(isTransientFault(outcome)).toBe(true);
        expect(Date.now() - t0).toBeLessThan(3_000);
      } finally {
        release();
        await holder;
      }
      // the held client given back, the pool serves again
      expect(await one.query('select 1 as one')).toEqual([{ one: 1 }]);
      await one.close();
    },
  );
});
