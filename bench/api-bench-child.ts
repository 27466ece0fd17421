/**
 * The API bench's server process, as api.bench.ts, api-alloc.ts and api-syscalls.ts start it: api.bench.ts
 * forked in its server role on a scratch database (the platform and the bare handler in one process), ready
 * once it sends their ports and the bench key.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TraceEvent } from './api.bench.ts';

export interface BenchReady {
  platform: number;
  bare: number;
  key: string;
}

export function forkApiBench(
  dbUrl: string,
  env: Record<string, string> = {},
): { child: ChildProcess; ready: Promise<BenchReady> } {
  const child = fork(fileURLToPath(new URL('./api.bench.ts', import.meta.url)), [], {
    env: { ...process.env, BENCH_ROLE: 'server', BENCH_DB_URL: dbUrl, ...env },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ready = new Promise<BenchReady>((resolve, reject) => {
    child.once('message', (m) => resolve(m as BenchReady));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, ready };
}

/** The child's request trace (started with BENCH_TRACE=1): asked for over IPC, answered once. */
export function requestTrace(child: ChildProcess): Promise<TraceEvent[]> {
  return new Promise<TraceEvent[]>((resolve) => {
    const on = (m: unknown) => {
      if (typeof m === 'object' && m !== null && 'trace' in m) {
        child.off('message', on);
        resolve((m as { trace: TraceEvent[] }).trace);
      }
    };
    child.on('message', on);
    child.send('trace');
  });
}
