import { appendFileSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';

/**
 * Measurement aid (only with TEST_CPU_LOG=<file>; vitest.config.ts loads it then): appends one JSON line per
 * test file run in the `isolated` project (alone in a fresh process), for the per-file figures in
 * docs/testing.md. `cpu`: the process's CPU seconds (user + system; child processes excluded), `imported`:
 * of which before the first hook ran (worker start and the file's imports), `up`: its wall seconds. From the
 * main thread's /proc schedstat: `runq`, seconds it was ready but waited for a core (the machine's load), and
 * `blocked` = up - main thread's CPU - runq: seconds it waited on something else (timers, sockets, child
 * processes, the Postgres server). `blocked` is the part of a file's wall time a busy core cannot shorten.
 */
const log = process.env.TEST_CPU_LOG;
const seconds = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1e6;
/** The main thread's [on-CPU, waiting for a CPU] seconds (Linux; zeros elsewhere). */
function schedstat(): [number, number] {
  try {
    const [run, wait] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8')
      .split(' ')
      .map(Number);
    return [(run ?? 0) / 1e9, (wait ?? 0) / 1e9];
  } catch {
    return [0, 0];
  }
}
if (log) {
  let imported = 0;
  beforeAll(() => {
    imported = seconds(process.cpuUsage());
  });
  afterAll(() => {
    const state = (globalThis as { __vitest_worker__?: { filepath?: string } }).__vitest_worker__;
    const up = process.uptime();
    const [run, runq] = schedstat();
    const line = {
      file: state?.filepath,
      cpu: seconds(process.cpuUsage()),
      imported,
      up,
      runq,
      blocked: Math.max(0, up - run - runq),
    };
    appendFileSync(log, `${JSON.stringify(line)}\n`);
  });
}
