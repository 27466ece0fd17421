import pg from 'pg';
import { openDatabase } from '../../lib/db.ts';
import { postgresTemplateName } from '../helpers/db.ts';

/**
 * Vitest global setup of the Postgres pass (DATABASE_URL set; a no-op without it): migrates one template
 * database, which `createTestDatabase` copies with `CREATE DATABASE ... TEMPLATE` instead of migrating every
 * test database, and drops it when the run ends. The template is built under another name and renamed when
 * complete, so a run that finds it by name finds a whole one; an advisory lock serialises two runs on the
 * same DATABASE_URL.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  const url = process.env.DATABASE_URL;
  if (!url) return undefined;
  const name = postgresTemplateName(url);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rows.length === 0) {
      const building = `${name}_b`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const u = new URL(url);
      u.pathname = `/${building}`;
      const db = await openDatabase({ databaseUrl: u.toString(), poolSize: 2 });
      await db.migrate();
      await db.close();
      await whileInUse(() => admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`));
    }
    await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
  } finally {
    await admin.end();
  }
  return async () => {
    const a = new pg.Client({ connectionString: url });
    await a.connect();
    try {
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await a.end();
    }
  };
}

/** Retries while a closed connection's server process has not exited yet (55006: object in use). */
async function whileInUse(run: () => Promise<unknown>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await run();
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
