/**
 * A scratch Postgres database beside DATABASE_URL's for one bench run (api.bench.ts, api-instructions.ts):
 * created under a random name, dropped by `drop()`. Without DATABASE_URL the bench prints a JSON error and
 * exits 2: these benches measure real Postgres only.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface BenchDatabase {
  /** The scratch database's connection URL. */
  url: string;
  /** A connection to DATABASE_URL's database, open until drop(). */
  admin: pg.Client;
  drop(): Promise<void>;
}

export async function benchDatabase(prefix: string): Promise<BenchDatabase> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    process.stdout.write(`${JSON.stringify({ error: 'DATABASE_URL is required (real Postgres)' })}\n`);
    process.exit(2);
  }
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    admin,
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
