import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../lib/db.ts';
import { filingFolderUrl } from '../../lib/ids.ts';

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

/**
 * Indexes one filing as submissions JSON would (for a filing the captured index files do not list), so a
 * per-filing job can be run on it through the mirror.
 */
export async function indexFiling(
  database: Database,
  f: {
    accession: string;
    cik: number;
    type: string;
    reportDate: string;
    filingDate: string;
    primaryDocument: string | null;
  },
): Promise<void> {
  await database.query(
    `insert into filings (accession_number, cik, filing_type, form, report_date, filing_date, primary_document, url, source, fetched_at)
     values ($1, $2, $3, $3, $4, $5, $6, $7, 'submissions', now())`,
    [
      f.accession,
      f.cik,
      f.type,
      f.reportDate,
      f.filingDate,
      f.primaryDocument,
      filingFolderUrl(f.cik, f.accession),
    ],
  );
}
