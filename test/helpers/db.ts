import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
    const db = await openDatabase({ dataDir: 'memory://', template: await migratedTemplate() });
    await db.migrate(); // a no-op on the template: every migration is recorded as applied
    return db;
  }
  const name = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${postgresTemplateName(url)}`);
    } catch (err) {
      // no template (a run without the global setup, or another run on the same database dropped it): plain
      if ((err as { code?: string }).code !== '3D000') throw err;
      await admin.query(`CREATE DATABASE ${name}`);
    }
    // A test database outlives no crash: its commits need not wait for the WAL to reach the disk (an fsync,
    // 2-3 ms on the CI host, paid by every writing transaction; demo-examples commits about 6,000 times).
    // What a commit makes visible, and when, is unchanged; only what a server crash would keep is not.
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: u.toString(), poolSize: 20 });
  await db.migrate(); // a no-op on a copy of the template: every migration is recorded as applied
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
 * A hash of the migrations folder (and of `extra`, the bytes of whatever else a template depends on): a
 * template made from other migrations never serves as this run's.
 */
function migrationsHash(extra = ''): string {
  const hash = createHash('sha256').update(extra);
  for (const f of readdirSync('migrations', { recursive: true, encoding: 'utf8' }).sort())
    if (f.endsWith('.sql') || f.endsWith('.json')) hash.update(f).update(readFileSync(join('migrations', f)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The Postgres pass's migrated template: a database beside DATABASE_URL's, named after it and the migrations,
 * made once per run by the global setup (`test/setup/postgres-template.ts`). A test database is a
 * `CREATE DATABASE ... TEMPLATE` copy of it, about 0.2 s instead of a second or more of migrations.
 */
export function postgresTemplateName(url: string): string {
  const base = new URL(url).pathname
    .slice(1)
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_');
  return `${base.slice(0, 40)}_tpl_${migrationsHash()}`;
}

let template: Promise<Blob> | null = null;

/**
 * A freshly migrated embedded database as a tarball, made once per set of migrations and shared by the test
 * processes through a file in the temp dir (keyed by a hash of the migrations folder and PGlite's version): a PGlite opened from
 * it skips initdb, about 5 s per test database on 2 cores. The template is an ordinary migrated database;
 * `migrate()` on the copy still runs and checks the journal.
 */
function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = templateFile();
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      const db = await openDatabase({ dataDir: 'memory://' });
      await db.migrate();
      // Only `postgres` (PGlite's database, where the schema is) is ever opened from the template: template0
      // and template1 (7.4 MB each of the 44 MB tarball) were unpacked into memory by every test database and
      // every seeded DATA_DIR for nothing (no PGlite test creates a database). Dropped, each open costs about
      // a quarter of a second less CPU (docs/testing.md).
      for (const name of TEMPLATE_DROPS) {
        await db.query(`ALTER DATABASE ${name} IS_TEMPLATE false`);
        await db.query(`DROP DATABASE ${name}`);
      }
      await db.query('CHECKPOINT');
      const blob = await db.dumpDataDir!();
      await db.close();
      const partial = `${file}.${process.pid}.tmp`;
      writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
      renameSync(partial, file); // atomic: a concurrent process reads a whole file or none
      return blob;
    }
  })();
  return template;
}

/** The databases of a fresh PGlite data directory that the template leaves out (migratedTemplate). */
const TEMPLATE_DROPS = ['template0', 'template1'];

/** The template's file in the temp dir, keyed by the migrations, the PGlite build (a data directory is only valid for its own build) and what it leaves out. */
function templateFile(): string {
  const hash = migrationsHash(
    readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8') + TEMPLATE_DROPS.join(','),
  );
  return join(tmpdir(), `findata-pglite-template-${hash}.tar`);
}

/**
 * Lays the migrated template out as the embedded database of `dataDir` (`<dataDir>/pg`, where lib/db.ts
 * opens it), so an `etl` started on that DATA_DIR resumes a migrated database, its `migrate` a no-op,
 * instead of paying initdb and every migration in the child (6-7 s idle, 20-60 s on a loaded machine). It is
 * what PGlite itself does on a new directory (initdb in memory, then that tarball unpacked into the
 * directory), minus the dump's `postmaster.pid`, which a cleanly closed directory does not have. For the
 * tests that are not about the first start; test/cli/start-interrupted.test.ts keeps a truly fresh one.
 */
export async function seedEmbeddedDataDir(dataDir: string): Promise<void> {
  const file = templateFile();
  if (!existsSync(file)) await migratedTemplate(); // none made yet by this run's processes: make it (it writes the file)
  const pg = join(dataDir, 'pg');
  mkdirSync(pg, { recursive: true });
  // the tarball's names are absolute (/PG_VERSION): tar strips the leading '/' (and warns on stderr)
  execFileSync('tar', ['-xf', file, '-C', pg], { stdio: ['ignore', 'ignore', 'pipe'] });
  rmSync(join(pg, 'postmaster.pid'), { force: true });
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

/**
 * A table's row count and an md5 over its rows in `order` (each row as JSON without `fetched_at`): two loads
 * gave the same rows when their fingerprints are equal.
 */
export async function tableFingerprint(
  database: Database,
  table: string,
  order: string,
): Promise<{ n: number; h: string }> {
  const [r] = await database.query<{ n: number; h: string }>(
    `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by ${order}), '')) as h
       from (select * from ${table}) s, lateral (select row_to_json(s)::jsonb - 'fetched_at' as t) x`,
  );
  return r!;
}

/** The fingerprints of a filing's item tables (documents, items, exhibits). */
export const itemTablesFingerprint = async (database: Database) => ({
  documents: await tableFingerprint(database, 'filing_documents', 'accession_number'),
  items: await tableFingerprint(database, 'filing_items', 'accession_number, number'),
  exhibits: await tableFingerprint(database, 'filing_exhibits', 'accession_number, number, url'),
});
