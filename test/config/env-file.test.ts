import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { seedEmbeddedDataDir } from '../helpers/db.ts';

// @test-scope embedded-only: `etl` runs with only PATH and the .env's variables (no DATABASE_URL), whatever the pass.

const ETL = resolve('bin/etl.js');
const run = (cwd: string, env: Record<string, string> = {}) =>
  promisify(execFile)(process.execPath, [ETL, 'status', '--json'], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    timeout: 60_000,
  }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => ({
      code: e.code,
      stdout: e.stdout,
      stderr: e.stderr,
    }),
  );

describe('etl reads a .env in the working directory', () => {
  it('applies the file, and a variable set in the environment wins over it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'findata-env-'));
    // UPSTREAM=live without SEC_USER_AGENT is refused at start-up, naming the variable: proof the file was read.
    writeFileSync(join(dir, '.env'), `UPSTREAM=live\nDATA_DIR=${join(dir, 'data')}\nLOG_LEVEL=silent\n`);
    await seedEmbeddedDataDir(join(dir, 'data')); // a migrated database: the test is about the .env, not a first start
    const fromFile = await run(dir);
    expect(fromFile.code).not.toBe(0);
    expect(fromFile.stderr).toContain('SEC_USER_AGENT');

    const envWins = await run(dir, { UPSTREAM: 'fixtures' });
    expect(envWins.stderr).not.toContain('SEC_USER_AGENT');
    expect(envWins.code).toBe(0);
    expect(JSON.parse(envWins.stdout)).toBeTruthy();
  });
});
