import { type ChildProcess, spawn } from 'node:child_process';
import { accepts, freePort, until } from '../../bench/faults/services.ts';

/**
 * A private redis-server child on its own port (never the shared Redis other test files use), so a test can
 * stop it and start it again on the same port. No persistence.
 */
export interface OwnRedis {
  port: number;
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const own: OwnRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      await until(() => accepts(port), 5_000, `redis-server on ${port}`);
    },
    async stop() {
      const c = child;
      if (!c || c.exitCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGKILL');
      await exited;
      child = null;
      await until(async () => !(await accepts(port)), 5_000, `redis-server on ${port} to stop`);
    },
  };
  await own.start();
  return own;
}
