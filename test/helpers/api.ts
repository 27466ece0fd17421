import type { FastifyInstance } from 'fastify';
import { createAccount, createApiKey } from '../../api/platform/accounts.ts';
import type { RateLimitStore } from '../../api/platform/rate-limit.ts';
import type { AnyRoute } from '../../api/platform/route.ts';
import { buildApp } from '../../api/server.ts';
import { loadConfig } from '../../lib/config.ts';
import type { Database } from '../../lib/db.ts';
import { createTestDatabase } from './db.ts';
import { capturingLogger } from './log-capture.ts';

/** fetch's Response with the body typed loosely: tests assert on its shape. */
// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the assertions themselves
export type ApiResponse = Omit<Response, 'json'> & { json(): Promise<any> };

/** A running API over real HTTP (127.0.0.1, port 0), with the embedded or real backends of the test pass. */
export interface RunningApi {
  app: FastifyInstance;
  url: string;
  /** Every log line the instance wrote (pino JSON). */
  logs: string[];
  get(path: string, init?: RequestInit & { key?: string }): Promise<ApiResponse>;
  /** Settles the instance's credit holds (the balance then counts only what was served). */
  settleCredits(): Promise<void>;
  close(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  routes?: readonly AnyRoute[];
  rateLimitStore?: RateLimitStore;
  now?: () => number;
  logLevel?: string;
  coverageTtlMs?: number;
  operator?: { tokens?: string[]; queuePrefix?: string };
}

export async function startApi(database: Database, opts: StartOptions = {}): Promise<RunningApi> {
  const config = loadConfig({
    NODE_ENV: 'test',
    CURSOR_SECRET: 'test-cursor-secret-0123456789',
    REDIS_URL: process.env.REDIS_URL,
    ...opts.env,
  });
  const { logger, lines: logs } = capturingLogger(opts.logLevel ?? 'info');
  const app = await buildApp({
    database,
    config,
    logger,
    ...(opts.routes ? { routes: opts.routes } : {}),
    ...(opts.rateLimitStore ? { rateLimitStore: opts.rateLimitStore } : {}),
    ...(opts.now ? { now: opts.now } : {}),
    coverageTtlMs: opts.coverageTtlMs ?? 0,
    ...(opts.operator ? { operator: opts.operator } : {}),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  return {
    app,
    url,
    logs,
    get(path, init = {}) {
      const { key, headers, ...rest } = init;
      const h = new Headers(headers);
      if (key) h.set('authorization', `Bearer ${key}`);
      return fetch(url + path, { ...rest, headers: h });
    },
    settleCredits: () => app.creditMeter.settle(),
    close: () => closeReporting(app, logs),
  };
}

/**
 * app.close(); if it is still running after 20 s, the instance's close warnings (api/server.ts: connections
 * or requests still open, a step still running) go to stderr, where a CI log shows them, since a hook's
 * timeout alone does not say what close() waited for.
 */
async function closeReporting(app: FastifyInstance, logs: string[]): Promise<void> {
  const timer = setTimeout(() => {
    const warned = logs.filter((l) => l.includes('"msg":"close: '));
    process.stderr.write(
      `api.close() still running after 20 s; its close warnings:\n${warned.join('\n') || '(none)'}\n`,
    );
  }, 20_000);
  timer.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
}

export async function accountWithKey(
  database: Database,
  plan: 'free' | 'professional' | 'fund' = 'free',
  credits = 1_000,
): Promise<{ accountId: string; key: string; prefix: string }> {
  const account = await createAccount(database, { name: `test ${plan}`, plan, credits });
  const k = await createApiKey(database, { accountId: account.id, name: 'test' });
  return { accountId: account.id, key: k.key, prefix: k.prefix };
}

/**
 * createTestDatabase, plus an error listener on the Postgres pool. lib/db.ts's pool has none, and the
 * helper's `DROP DATABASE ... WITH (FORCE)` can terminate a pooled connection that is still closing after
 * `pool.end()`: the resulting 57P01 'error' event would otherwise surface as an uncaught exception.
 */
export async function createApiTestDatabase(): Promise<Database> {
  const database = await createTestDatabase();
  const client = (
    database.db as unknown as { $client?: { on?: (e: string, f: (err: Error) => void) => void } }
  ).$client;
  if (database.kind === 'postgres' && typeof client?.on === 'function') {
    client.on('error', (err) => {
      if ((err as { code?: string }).code !== '57P01') throw err;
    });
  }
  return database;
}
