import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../lib/db.ts';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or a new database on the
 * server named by DATABASE_URL (the CI's second pass), dropped again by `close()`.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await openDatabase({ dataDir: 'memory://' });
    await db.migrate();
    return db;
  }
  const name = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: u.toString(), poolSize: 20 });
  await db.migrate();
  return {
    ...db,
    async close() {
      await db.close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
