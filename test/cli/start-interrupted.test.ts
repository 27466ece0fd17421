import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `etl start` as a user runs it: a first start stopped with Ctrl-C during its backfill, then a restart.
 * Embedded database and in-process jobs (the case the key and lock bugs were about), one company and two
 * datasets (`--datasets`): the registry, which the Ctrl-C lands in, and financials (one partition), which the
 * first start never reaches and the restart loads. (The filings' 137 quarterly partitions in the place of
 * financials asserted nothing more and took about 13 s of the restart.)
 *
 * @test-scope embedded-only: it runs `etl` on the embedded database whatever DATABASE_URL says.
 * @test-slow 40 (its rough wall seconds alone: vitest.config.ts starts the slow files first)
 */
function start(dataDir: string, datasets = ['companies,financials']) {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'MIRROR_URL']) delete env[k];
  Object.assign(env, {
    DATA_DIR: dataDir,
    PORT: '0',
    MIRROR_PORT: '0',
    SEC_CIKS: '0000320193',
    LOG_LEVEL: 'info',
    UPSTREAM: 'fixtures',
  });
  const child = spawn(process.execPath, ['bin/etl.js', 'start', '--datasets', ...datasets], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run = { child, stdout: '', stderr: '' };
  child.stdout!.on('data', (d) => {
    run.stdout += d;
  });
  child.stderr!.on('data', (d) => {
    run.stderr += d;
  });
  return run;
}

const until = (run: { stdout: string; stderr: string; child: ChildProcess }, test: () => boolean) =>
  new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (test()) {
        clearInterval(timer);
        resolve();
      } else if (run.child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`etl start exited early (${run.child.exitCode}):\n${run.stderr.slice(-3000)}`));
      }
    }, 50);
  });

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

describe('etl start stopped during its first backfill', () => {
  it('creates no key, closes the database, and the restart shows a working key once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'findata-start-'));

    const first = start(dataDir);
    await until(first, () => first.stderr.includes('"msg":"backfill progress"'));
    first.child.kill('SIGINT');
    expect(await exited(first.child)).toBe(0);
    expect(first.stderr).toContain('stopping the backfill');
    expect(first.stdout).not.toContain('Demo API key');
    expect(existsSync(join(dataDir, 'pg', 'findata.pid'))).toBe(false); // closed, not killed

    const second = start(dataDir);
    try {
      await until(second, () => second.stdout.includes('  Try:'));
      const key = /Demo API key \(shown once, store it now\): (fd_live_[0-9a-f]{40})/.exec(
        second.stdout,
      )?.[1];
      expect(key).toBeDefined();
      expect(second.stderr).toMatch(/companies: \d+ partitions loaded, [1-9]\d* already done/);
      expect(second.stderr).toMatch(/financials: 1 partitions loaded, 0 already done/); // never reached before
      const base = /API: {3}(http:\/\/\S+)\/v1/.exec(second.stdout)![1];
      const res = await fetch(`${base}/v1/companies?ticker=AAPL`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(res.status).toBe(200);
    } finally {
      second.child.kill('SIGTERM');
      await exited(second.child);
    }
  }, 240_000);
});

describe('etl start --datasets', () => {
  it('refuses an unknown dataset before opening anything, naming the ones it takes', async () => {
    const run = start(mkdtempSync(join(tmpdir(), 'findata-start-')), ['companies,nope']);
    expect(await exited(run.child)).toBe(1);
    expect(run.stderr).toMatch(/etl: --datasets: unknown dataset nope; choose among companies, filings, /);
  });
});
