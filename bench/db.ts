import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../lib/db.ts';

/** A throwaway database on the server of `base` (a Postgres URL): its URL, and a drop for the end. */
export async function throwawayDatabase(
  base: string,
  prefix = 'bench',
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Runs `fn` on a migrated throwaway database, dropped afterwards whatever happens. */
export async function withBenchDatabase<T>(base: string, fn: (database: Database) => Promise<T>): Promise<T> {
  const db = await throwawayDatabase(base);
  const database = await openDatabase({ databaseUrl: db.url });
  try {
    await database.migrate();
    return await fn(database);
  } finally {
    await database.close();
    await db.drop();
  }
}
