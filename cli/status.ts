import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../lib/db.ts';
import { type OperatorStatus, operatorStatus } from '../lib/operator-status.ts';
import { isProcessAlive } from '../lib/processes.ts';

/**
 * `etl status` and the embedded database. PGlite is one process's database, so while `etl start` (or
 * `etl serve`) holds it, `etl status` reads the status through that process's API instead: the server
 * writes DATA_DIR/server.json (its URL and a per-start operator token, mode 0600: whoever can read DATA_DIR
 * can read the database anyway) and accepts that token on GET /admin/status. Against another machine:
 * `etl status --url <api base>` with OPERATOR_TOKEN set.
 */
export interface LocalServer {
  url: string;
  pid: number;
  token: string;
}

const fileOf = (dataDir: string) => join(dataDir, 'server.json');

/** Called once the API listens: returns the token to accept and a function that removes the file. */
export function localOperatorToken(): string {
  return `local-${randomBytes(24).toString('hex')}`;
}

export function writeLocalServer(dataDir: string, s: LocalServer): () => void {
  const file = fileOf(dataDir);
  writeFileSync(file, JSON.stringify(s), { mode: 0o600 });
  chmodSync(file, 0o600);
  return () => {
    try {
      const now = JSON.parse(readFileSync(file, 'utf8')) as LocalServer;
      if (now.pid === s.pid) rmSync(file);
    } catch {}
  };
}

export function readLocalServer(dataDir: string): LocalServer | null {
  try {
    const s = JSON.parse(readFileSync(fileOf(dataDir), 'utf8')) as LocalServer;
    return isProcessAlive(s.pid) && s.pid !== process.pid ? s : null;
  } catch {
    return null;
  }
}

export async function fetchStatus(base: string, token: string): Promise<OperatorStatus> {
  const url = `${base.replace(/\/+$/, '').replace(/\/v1$/, '')}/admin/status`;
  const r = await fetch(url, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(10_000),
  });
  if (r.status === 404)
    throw new Error(`${url}: 404 (the server has no operator pages: set OPERATOR_TOKEN on it)`);
  if (r.status === 401) throw new Error(`${url}: 401 (OPERATOR_TOKEN does not match the server's)`);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return (await r.json()) as OperatorStatus;
}

/**
 * The status from wherever it can be read: `--url`; else the database (Postgres, or the embedded one when
 * free); else the local server holding the embedded database; else an error saying exactly what to do.
 */
export async function readStatus(opts: {
  url?: string | undefined;
  token?: string | undefined;
  databaseUrl?: string | undefined;
  dataDir: string;
  runtime: { kind: string; queueDepth(): Promise<Record<string, number>> } | null;
}): Promise<{ status: OperatorStatus; via: string }> {
  if (opts.url) {
    if (!opts.token)
      throw new Error('etl status --url needs OPERATOR_TOKEN (the server’s operator credential)');
    return { status: await fetchStatus(opts.url, opts.token), via: opts.url };
  }
  if (!opts.databaseUrl) {
    const local = readLocalServer(opts.dataDir);
    if (local)
      return { status: await fetchStatus(local.url, local.token), via: `${local.url} (pid ${local.pid})` };
  }
  const database = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir }).catch(
    (err: Error) => {
      if (/in use by process/.test(err.message)) {
        throw new Error(
          `${err.message}\nThat process is not serving yet (it writes ${fileOf(opts.dataDir)} once it serves the API, and etl status then reads through it): wait for its Ready line and run etl status again; its progress is on its own terminal. With OPERATOR_TOKEN set on it, etl status --url http://HOST:PORT reads any running server.`,
        );
      }
      throw err;
    },
  );
  try {
    await database.migrate();
    const depth = opts.runtime ? await opts.runtime.queueDepth() : null;
    return {
      status: await operatorStatus(database, opts.runtime?.kind ?? 'unknown', depth),
      via: database.kind,
    };
  } finally {
    await database.close();
  }
}

/** The table `etl status` prints. */
export function statusTable(s: OperatorStatus) {
  return s.datasets.map((d) => ({
    dataset: d.dataset,
    coverage:
      d.available_from || d.available_to
        ? `${d.available_from ?? '?'} to ${d.available_to ?? 'ongoing'}`
        : '-',
    history: d.history_status,
    pending: d.pending_reason ?? (d.pending ? 'yes' : 'no'),
    rows: d.rows,
    failed: d.failed_partitions,
    queue: d.queue ? `${d.queue}: ${s.queue_depth?.[d.queue] ?? '?'}` : '-',
    'last refresh': d.last_refreshed_at ?? '-',
    'last error': d.last_error ? `${d.last_error_at ?? ''} ${d.last_error.slice(0, 60)}`.trim() : '-',
  }));
}

/** Jobs waiting or running per BullMQ queue, read from Redis directly (any process's queues). */
export async function bullmqDepth(redisUrl: string, names: string[], prefix = 'findata') {
  const { Queue } = await import('bullmq');
  const { Redis } = await import('ioredis');
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: 1, commandTimeout: 5_000 });
  connection.on('error', () => {});
  const out: Record<string, number> = {};
  try {
    for (const name of names) {
      const q = new Queue(name, { connection, prefix });
      const c = await q.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      out[name] = Object.values(c).reduce((a, b) => a + b, 0);
      await q.close();
    }
  } finally {
    connection.disconnect();
  }
  return out;
}
