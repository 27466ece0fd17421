import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * Private servers for fault runs: a Postgres cluster (initdb into a temp dir, its own port) and a
 * redis-server (its own port), both started from the binaries installed on the machine. A fault run stops,
 * kills and restarts these, never the machine's shared Postgres or Redis.
 */
const run = promisify(execFile);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = new Socket();
    sock.once('error', () => resolve(false));
    sock.connect(port, '127.0.0.1', () => {
      sock.destroy();
      resolve(true);
    });
  });
}

export async function until(cond: () => Promise<boolean> | boolean, ms: number, what: string) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out after ${ms} ms waiting for ${what}`);
}

/** The directory of the newest installed Postgres server binaries (Debian: /usr/lib/postgresql/NN/bin). */
export function postgresBinDir(): string | null {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

export interface PrivatePostgres {
  port: number;
  /** Connection URL of database `name` (default `postgres`). */
  url(name?: string): string;
  /** Fast shutdown (clients see 57P01 / connection refused) ... */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  restart(mode?: 'fast' | 'immediate'): Promise<void>;
  destroy(): Promise<void>;
}

/**
 * initdb + pg_ctl start on a free port, trust auth on loopback, fsync off (a throwaway cluster). As root
 * the server runs as the `postgres` user (initdb refuses root). Throws if no binaries are installed.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('no Postgres server binaries (initdb) found; set PG_BIN_DIR');
  const dir = mkdtempSync(join(tmpdir(), 'findata-faults-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: g } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(g.trim()));
  }
  const pgRun = (exe: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, exe), ...args]) : run(join(bin, exe), args);
  const port = await freePort();
  const data = join(dir, 'data');
  await pgRun('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const ctl = (args: string[]) => pgRun('pg_ctl', ['-D', data, '-l', join(dir, 'log'), ...args]);
  const own: PrivatePostgres = {
    port,
    url: (name = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${name}`,
    async start() {
      await ctl(['-o', opts, '-w', 'start']);
    },
    async stop(mode = 'fast') {
      await ctl(['-m', mode, '-w', 'stop']);
    },
    async restart(mode = 'fast') {
      await ctl(['-m', mode, '-o', opts, '-w', 'restart']);
    },
    async destroy() {
      await ctl(['-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await own.start();
  return own;
}

export interface PrivateRedis {
  port: number;
  url: string;
  /** SIGKILL (a crash: what was not yet written to the append-only file is lost) or SIGTERM (a clean stop). */
  stop(signal?: 'SIGKILL' | 'SIGTERM'): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/**
 * A redis-server child on a free port. `persist` keeps an append-only file fsynced on every write in a temp
 * dir (what a production Redis behind BullMQ runs: the compose file's `--appendonly yes`), so a restart
 * finds the queues again; without it a restart starts empty.
 */
export async function startPrivateRedis(opts: { persist?: boolean } = {}): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'findata-faults-redis-'));
  let child: ChildProcess | null = null;
  const own: PrivateRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', ''];
      args.push(
        ...(opts.persist ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no']),
      );
      child = spawn('redis-server', args, { stdio: 'ignore' });
      await until(() => accepts(port), 10_000, `redis-server on ${port}`);
    },
    async stop(signal = 'SIGKILL') {
      const c = child;
      if (!c || c.exitCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill(signal);
      await exited;
      child = null;
      await until(async () => !(await accepts(port)), 5_000, `redis-server on ${port} to stop`);
    },
    async destroy() {
      await own.stop('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await own.start();
  return own;
}
