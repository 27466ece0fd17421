import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../lib/db.ts';
import { seedEmbeddedDataDir } from '../helpers/db.ts';

// @test-scope embedded-only: every open here is `openDatabase({ dataDir })`, the embedded database, whatever
// DATABASE_URL says: the Postgres pass ran the same PGlite test a second time.

describe('embedded database', () => {
  it('refuses a directory another live process holds, saying what to do instead', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'findata-lock-'));
    mkdirSync(join(dir, 'pg'));
    // The parent process (vitest's) is alive and is not us.
    writeFileSync(join(dir, 'pg', 'findata.pid'), String(process.ppid));
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/in use by process \d+.*DATABASE_URL/);
  });

  it('takes over a lock left by a process that is gone, migrates and persists', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'findata-lock-'));
    // the migrated template (a first start's initdb and migrations are test/cli/start-interrupted's): the
    // test is about the stale lock; migrate() still runs and finds nothing to do
    await seedEmbeddedDataDir(dir);
    writeFileSync(join(dir, 'pg', 'findata.pid'), '2147483646');
    const db = await openDatabase({ dataDir: dir });
    await db.migrate();
    await db.query(`insert into settings (key, value) values ('probe', 'kept')`);
    await db.close();
    const again = await openDatabase({ dataDir: dir });
    expect(await again.query(`select value from settings where key = 'probe'`)).toEqual([{ value: 'kept' }]);
    await again.close();
  });
});
