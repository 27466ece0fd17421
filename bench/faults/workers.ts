import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `etl worker` processes as the compose file runs them (BullMQ on REDIS_URL, Postgres on DATABASE_URL, one
 * shared DATA_DIR), started, killed with SIGKILL (kill -9) and replaced by a fault run.
 */
const ETL = join(dirname(fileURLToPath(import.meta.url)), '../../bin/etl.js');

export interface WorkerProc {
  child: ChildProcess;
  id: number;
  stderr: string;
  /** Resolves when the worker has started consuming (its "workers started" log line). */
  ready: Promise<void>;
}

export function spawnWorker(id: number, env: Record<string, string>): WorkerProc {
  const base: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) base[k] = v;
  const child = spawn(process.execPath, [ETL, 'worker'], {
    env: { ...base, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const w: WorkerProc = { child, id, stderr: '', ready: Promise.resolve() };
  w.ready = new Promise((resolve, reject) => {
    child.stderr!.on('data', (d) => {
      w.stderr = (w.stderr + d).slice(-20_000);
      if (w.stderr.includes('"msg":"workers started"')) resolve();
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`worker ${id} exited (${code ?? signal}) before starting:\n${w.stderr.slice(-2000)}`)),
    );
  });
  w.ready.catch(() => undefined);
  return w;
}

export async function killHard(w: WorkerProc): Promise<void> {
  if (w.child.exitCode !== null || w.child.signalCode !== null) return;
  const exited = new Promise((r) => w.child.once('exit', r));
  w.child.kill('SIGKILL');
  await exited;
}

export async function stopGracefully(w: WorkerProc, ms = 20_000): Promise<void> {
  if (w.child.exitCode !== null || w.child.signalCode !== null) return;
  const exited = new Promise((r) => w.child.once('exit', r));
  w.child.kill('SIGTERM');
  const t = setTimeout(() => w.child.kill('SIGKILL'), ms);
  await exited;
  clearTimeout(t);
}
