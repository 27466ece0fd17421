import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHILD_TEST_TIMEOUT_MS,
  ChildDeadline,
  childExit,
  execBound,
  execTimedOut,
  waitForChild,
} from '../helpers/child-wait.ts';
import { seedEmbeddedDataDir } from '../helpers/db.ts';

// @test-slow 25 (its rough wall seconds alone: vitest.config.ts starts the slow files first)
/**
 * `etl status` while another process holds the embedded database (issue 8): it reads through that process's
 * API (DATA_DIR/server.json), and says exactly what to do when that process does not serve yet.
 *
 * @test-scope embedded-only: it runs `etl` on the embedded database whatever DATABASE_URL says.
 */
const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), 'findata-status-'));
const children: ChildProcess[] = [];

function cliEnv(extra: Record<string, string> = {}) {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'MIRROR_URL', 'OPERATOR_TOKEN', 'METRICS_PORT'])
    delete env[k];
  return { ...env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', UPSTREAM: 'fixtures', ...extra };
}

// Bounded by what remains of the test's deadline (a loaded host may take minutes to start `etl`): when the
// bound kills the child, the test fails saying which command it awaited, with its stderr tail.
const etl = (args: string[], deadline: ChildDeadline) =>
  run(process.execPath, ['bin/etl.js', ...args], { env: cliEnv(), ...execBound(deadline) }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string; killed?: boolean; signal?: string }) => {
      const timedOut = execTimedOut(`etl ${args.join(' ')} (awaited: its exit)`, e);
      if (timedOut) throw timedOut;
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    },
  );

// a migrated database (its `etl migrate` below a no-op): the test is about who holds it, not a first start
beforeAll(() => seedEmbeddedDataDir(dataDir), CHILD_TEST_TIMEOUT_MS);

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

describe('etl status and the embedded database', () => {
  it(
    'reads through the running server while etl serve holds the database, and directly once it stops',
    async () => {
      const deadline = new ChildDeadline();
      expect((await etl(['migrate'], deadline)).code).toBe(0);
      const serve = spawn(process.execPath, ['bin/etl.js', 'serve'], {
        env: cliEnv(),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(serve);
      let stderr = '';
      serve.stderr!.on('data', (d) => {
        stderr += d;
      });
      await waitForChild("etl serve's 'API at ' line", () => stderr.includes('API at '), {
        child: serve,
        stderr: () => stderr,
        deadline,
        intervalMs: 100,
      });
      const file = join(dataDir, 'server.json');
      expect(existsSync(file)).toBe(true);
      expect(statSync(file).mode & 0o777).toBe(0o600);

      const through = await etl(['status', '--json'], deadline);
      expect(through.code).toBe(0);
      const body = JSON.parse(through.stdout);
      expect(body.runtime).toBe('in-process');
      expect(body.queue_depth).toEqual({}); // the serving process's own in-process queues (none ran)
      const items = body.datasets.find((d: { dataset: string }) => d.dataset === 'filing_items');
      expect(items.pending_reason).toBe('waiting for filings (never loaded) <- companies (never loaded)');
      const table = await etl(['status'], deadline);
      expect(table.stdout).toMatch(/read from: http:\/\/127\.0\.0\.1:\d+ \(pid \d+\)/);

      serve.kill('SIGTERM');
      await childExit('etl serve exiting after SIGTERM', serve, () => stderr, deadline);
      expect(existsSync(file)).toBe(false);
      const direct = await etl(['status'], deadline);
      expect(direct.code).toBe(0);
      expect(direct.stdout).toMatch(/read from: pglite/);
    },
    CHILD_TEST_TIMEOUT_MS,
  );

  it(
    'says exactly what to do when the holder does not serve yet',
    async () => {
      const deadline = new ChildDeadline();
      // alive as long as the test may wait on `etl status` (killed right after)
      const holder = spawn('sleep', [String(Math.ceil(CHILD_TEST_TIMEOUT_MS / 1000))]);
      children.push(holder);
      writeFileSync(join(dataDir, 'pg', 'findata.pid'), String(holder.pid));
      const r = await etl(['status'], deadline);
      holder.kill('SIGKILL');
      expect(r.code).not.toBe(0);
      expect(r.stderr).toMatch(/in use by process \d+/);
      expect(r.stderr).toMatch(/wait for its Ready line and run etl status again/);
    },
    CHILD_TEST_TIMEOUT_MS,
  );
});
