import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { drizzle as drizzlePg, NodePgSession } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '../schema/index.ts';
import { isProcessAlive } from './processes.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** What a loader receives: the database or a transaction on it (same query API). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /** PGlite only: the data directory as an uncompressed tarball (OpenOptions.template). */
  dumpDataDir?(): Promise<Blob>;
  /** Runs raw SQL and returns the rows (for COPY-free bulk paths, checks and tests). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * LISTEN on a channel (NOTIFY is delivered at commit): a dedicated connection on Postgres, the instance's
   * own listener on PGlite. Returns the function that stops listening.
   */
  listen?(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** Postgres only: the pool's clients now (all, idle, callers waiting for one). */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/**
 * The longest a query or transaction waits for a client of the Postgres pool (or for a new connection to be
 * made), then fails with node-postgres's "timeout exceeded when trying to connect" (a transient fault,
 * lib/transient.ts). node-postgres's default is to wait forever: a pool whose clients are all held and never
 * given back (a leaked client, or a transaction waiting on something only a pool waiter could free) held every
 * later partition of the process until its deadline (PARTITION_STALL_MS, 10 min) with no word of why. A worker
 * process runs up to ~21 jobs at once (every queue's concurrency, jobs/runtime/types.ts) on 10 clients, so
 * waiting for a client is normal; a minute of it is far longer than any one load statement of a partition.
 */
export const DATABASE_POOL_TIMEOUT_MS = 60_000;

const MIGRATIONS = resolve(dirname(fileURLToPath(import.meta.url)), '../migrations');

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Directory for the embedded database; `memory://` keeps it in memory (tests). */
  dataDir?: string;
  poolSize?: number;
  /** Postgres: how long a caller waits for a free pool client (ms, default DATABASE_POOL_TIMEOUT_MS). */
  poolTimeoutMs?: number;
  /**
   * `memory://` only: start from this data directory (a tarball from `dumpEmbedded`) instead of running
   * initdb; a copy of a migrated database opens in about a second instead of six (the tests' databases).
   * The tarball comes from `Database.dumpDataDir`.
   */
  template?: Blob;
}

/**
 * drizzle-orm 0.45's pooled `transaction()` checks a client out and runs BEGIN before the try/finally that
 * releases it (drizzle-team/drizzle-orm#6023, #6241, open): when BEGIN fails because the idle connection
 * died (a Postgres restart), the client stays checked out forever and `pool.end()` then waits for it
 * forever (test/faults/postgres-restart's afterAll hung on it). Here the pool's transactions check the
 * client out themselves and always give it back: destroyed (release(err)) when the transaction failed, so a
 * client whose connection is gone, or whose ROLLBACK did not run, is never handed out again. The
 * transaction itself is drizzle's, run on a session over that one client (no pool, so no connect/release).
 */
function pooledTransactions(db: Db, pool: pg.Pool): void {
  const base = (db as unknown as { session: Record<string, unknown> }).session;
  const txn = async (fn: Parameters<Db['transaction']>[0], config?: Parameters<Db['transaction']>[1]) => {
    const client = await pool.connect();
    let failed: Error | undefined;
    try {
      const session = new NodePgSession(
        client,
        base.dialect as never,
        base.schema as never,
        base.options as never,
      );
      return await session.transaction(fn as never, config);
    } catch (err) {
      failed = err instanceof Error ? err : new Error(String(err));
      throw err;
    } finally {
      client.release(failed);
    }
  };
  Object.defineProperty(db, 'transaction', { value: txn, configurable: true, writable: true });
}

/** Opens Postgres when a URL is given, otherwise the embedded PGlite database under `dataDir/pg`. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: opts.poolTimeoutMs ?? DATABASE_POOL_TIMEOUT_MS,
      options: VECTOR_SESSION_OPTIONS,
    });
    // An idle client's connection can die (server restart, DROP DATABASE ... FORCE); the pool replaces it.
    // Without a listener that error would crash the process.
    pool.on('error', (err) => process.emitWarning(`postgres pool: idle client error: ${err.message}`));
    // A checked-out client between two queries (inside a transaction, a COPY) gets the same error as an
    // event, which the pool does not listen to then: it crashed the worker on a Postgres restart (issue 26).
    // The caller's next query fails instead (a transient fault, lib/transient.ts), and the pool drops it.
    pool.on('connect', (client) => {
      client.on('error', (err) => process.emitWarning(`postgres: connection lost: ${err.message}`));
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    pooledTransactions(db, pool);
    return {
      kind: 'postgres',
      db,
      async query(sql, params) {
        const r = await pool.query(sql, params as unknown[]);
        return r.rows;
      },
      async migrate() {
        await createVectorExtension((q) => pool.query(q));
        await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS });
      },
      close: () => pool.end(),
      listen: (channel, onNotify) => listenPg(opts.databaseUrl!, channel, onNotify),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const dataDir = opts.dataDir ?? './data';
  let client: PGlite;
  if (dataDir === 'memory://') {
    client = new PGlite({ extensions: { vector }, ...(opts.template ? { loadDataDir: opts.template } : {}) });
  } else {
    const dir = join(dataDir, 'pg');
    mkdirSync(dir, { recursive: true });
    lockEmbedded(dir);
    client = new PGlite(dir, { extensions: { vector } });
  }
  await client.waitReady;
  await client.exec(VECTOR_SESSION_SQL);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async query(sql, params) {
      const r = await client.query(sql, params as unknown[]);
      return r.rows as never[];
    },
    async migrate() {
      await createVectorExtension((q) => client.exec(q));
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS });
    },
    async listen(channel, onNotify) {
      return client.listen(channel, onNotify);
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    async close() {
      await client.close();
      if (dataDir !== 'memory://') unlockEmbedded(join(dataDir, 'pg'));
    },
  };
}

/**
 * A dedicated Postgres connection that LISTENs (a pooled one would lose the LISTEN when returned). It
 * reconnects after an error, every second until it succeeds; a caller that must not miss a wake-up
 * also polls (the events stream does).
 */
async function listenPg(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (m) => {
      if (m.channel === channel) onNotify(m.payload ?? '');
    });
    c.on('error', () => {
      if (client === c) client = null;
      void c.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), 1_000);
    });
    try {
      await c.connect();
      await c.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch (err) {
      await c.end().catch(() => undefined);
      if (stopped) return;
      retry = setTimeout(() => void connect().catch(() => undefined), 1_000);
      throw err;
    }
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    if (c) await c.end().catch(() => undefined);
  };
}

/**
 * pgvector session settings (retrieval): an HNSW scan returns at most `ef_search` rows (default 40), fewer
 * than the 100 vector candidates the hybrid search fuses; the iterative scan (pgvector 0.8) keeps scanning
 * until a filtered query (ticker, period) has its LIMIT instead of returning what survived the filter.
 */
const VECTOR_SESSION_OPTIONS = '-c hnsw.ef_search=100 -c hnsw.iterative_scan=relaxed_order';
const VECTOR_SESSION_SQL = 'SET hnsw.ef_search = 100; SET hnsw.iterative_scan = relaxed_order;';

/**
 * pgvector (retrieval, schema/retrieval.ts) is created before the migrations, which are generated and so
 * cannot hold `CREATE EXTENSION`. PGlite loads it from @electric-sql/pglite-pgvector; Postgres needs the
 * extension installed on the server (docs/retrieval.md: Debian package build, or a pgvector image).
 */
async function createVectorExtension(run: (sql: string) => Promise<unknown>): Promise<void> {
  try {
    await run('CREATE EXTENSION IF NOT EXISTS vector');
  } catch (e) {
    throw new Error(
      `the pgvector extension is not available on this Postgres server (${(e as Error).message}). Install it (Debian: build postgresql-NN-pgvector from Debian's source package, see docs/retrieval.md; Docker: a pgvector image such as pgvector/pgvector:pg15).`,
      { cause: e },
    );
  }
}

/**
 * PGlite is one process's database: a second process opening the same directory would corrupt it. A pid
 * file refuses that with a message saying what to do instead.
 */
function lockEmbedded(dir: string) {
  const file = join(dir, 'findata.pid');
  let holder: number | null = null;
  try {
    holder = Number(readFileSync(file, 'utf8').trim()) || null;
  } catch {}
  if (holder && holder !== process.pid && isProcessAlive(holder)) {
    throw new Error(
      `the embedded database in ${dir} is in use by process ${holder} (etl start?). Stop it first, or set DATABASE_URL to use Postgres, which many processes can share.`,
    );
  }
  writeFileSync(file, String(process.pid));
}

function unlockEmbedded(dir: string) {
  const file = join(dir, 'findata.pid');
  try {
    if (Number(readFileSync(file, 'utf8').trim()) === process.pid) rmSync(file);
  } catch {}
}
