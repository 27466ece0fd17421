import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mirror, startMirror } from '../../jobs/http/mirror.ts';
import { CHILD_TEST_TIMEOUT_MS, ChildDeadline, childExit, waitForChild } from '../helpers/child-wait.ts';
import { seedEmbeddedDataDir } from '../helpers/db.ts';

/**
 * `etl backfill financials --bulk` stopped with Ctrl-C while SEC's ~1 GB companyfacts.zip is on its way:
 * the download is cut off at once (not awaited to its end), and a download abandoned by an earlier killed
 * run is removed. The mirror holds the zip request open to stand in for a long transfer.
 *
 * @test-scope embedded-only: it runs `etl` on the embedded database whatever DATABASE_URL says.
 */
const ZIP_PATH = '/www.sec.gov/Archives/edgar/daily-index/xbrl/companyfacts.zip';

describe('etl backfill --bulk interrupted', () => {
  let mirror: Mirror;
  beforeAll(async () => {
    mirror = await startMirror();
    mirror.setFaults([{ path: ZIP_PATH, delayMs: 30_000 }]);
  });
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL'); // a failed wait
    return mirror.close();
  });

  it(
    'stops the download on SIGINT and leaves no companyfacts.zip behind',
    async () => {
      const deadline = new ChildDeadline(); // the start of `etl` may take minutes on a loaded host: not a failure
      const dataDir = mkdtempSync(join(tmpdir(), 'findata-bulk-'));
      await seedEmbeddedDataDir(dataDir); // a migrated database: the test is about the download, not a first start
      mkdirSync(join(dataDir, 'tmp'));
      // What a killed run leaves: its process (pid 2^22 + 1, above Linux's pid_max) no longer exists.
      const abandoned = join(dataDir, 'tmp', `companyfacts-${2 ** 22 + 1}-1.zip`);
      writeFileSync(abandoned, 'partial');

      const env: Record<string, string> = {};
      for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
      for (const k of ['DATABASE_URL', 'REDIS_URL']) delete env[k];
      Object.assign(env, {
        DATA_DIR: dataDir,
        MIRROR_URL: mirror.url,
        UPSTREAM: 'fixtures',
        LOG_LEVEL: 'info',
      });
      const child = spawn(process.execPath, ['bin/etl.js', 'backfill', 'financials', '--bulk'], {
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      children.push(child);
      let stderr = '';
      child.stderr!.on('data', (d) => {
        stderr += d;
      });

      await waitForChild(
        'the bulk download never started (awaited: the child requesting companyfacts.zip from the mirror)',
        () => mirror.requests.some((r) => r.path === ZIP_PATH),
        { child, stderr: () => stderr, deadline },
      );
      const t0 = performance.now();
      child.kill('SIGINT');
      const code = await childExit('etl backfill exiting after SIGINT', child, () => stderr, deadline);
      expect(performance.now() - t0).toBeLessThan(10_000); // the mirror would hold the request for 30 s
      expect(code).not.toBeNull();
      expect(existsSync(abandoned)).toBe(false);
      expect(readdirSync(join(dataDir, 'tmp')).filter((f) => f.startsWith('companyfacts-'))).toEqual([]);
      expect(stderr).toContain('removed an abandoned companyfacts.zip download');
    },
    CHILD_TEST_TIMEOUT_MS,
  );
});
