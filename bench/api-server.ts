/**
 * The server side the HTTP benches share (api.bench.ts, mcp.bench.ts, market-data.bench.ts): SEC's real ticker file as the
 * company registry, and the real API listening with a bench key. Imported by the benches' server child only.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { createAccount, createApiKey } from '../api/platform/accounts.ts';
import { buildApp } from '../api/server.ts';
import { loadConfig } from '../lib/config.ts';
import type { Database } from '../lib/db.ts';
import { createLogger } from '../lib/logger.ts';
import { loadRegistry } from '../loaders/companies.ts';
import { loadFilings } from '../loaders/filings.ts';
import { loadFinancialStatements } from '../loaders/financials.ts';
import { parseCompanyTickersExchange } from '../parsers/edgar/company-tickers.ts';
import { registryFromTickers } from '../parsers/edgar/registry.ts';
import { parseSubmissions } from '../parsers/edgar/submissions.ts';
import { financialStatementRows } from '../parsers/xbrl/financials.ts';

/** Loads the captured company_tickers_exchange.json (~9,400 tickers) as the company registry. */
export async function seedTickerRegistry(database: Database): Promise<void> {
  const src = 'https://www.sec.gov/files/company_tickers_exchange.json';
  const file = new URL(
    '../fixtures/upstream/www.sec.gov/files/company_tickers_exchange.json',
    import.meta.url,
  );
  const parsed = parseCompanyTickersExchange(readFileSync(file, 'utf8'), {
    url: src,
    fetchedAt: '2026-01-30T06:00:00Z',
  });
  const rows = registryFromTickers(parsed.rows, '2026-01-30', src, new Date('2026-01-30T06:00:00Z'));
  await database.db.transaction((tx) => loadRegistry(tx, rows, 'tickers'));
}

/**
 * The API benches' database (api.bench.ts, api-instructions.ts): migrated, SEC's ticker file as the
 * registry, Apple's real submissions (filing index), Alphabet's real companyfacts (statements), analyzed.
 */
export async function seedApiBench(database: Database): Promise<void> {
  await database.migrate();
  await seedTickerRegistry(database);
  const sec = new URL('../fixtures/upstream/data.sec.gov/', import.meta.url);
  const parsed = parseSubmissions(readFileSync(new URL('submissions/CIK0000320193.json', sec), 'utf8'), {
    url: 'https://data.sec.gov/submissions/CIK0000320193.json',
    fetchedAt: '2026-01-30T06:00:00Z',
  });
  await database.db.transaction((tx) => loadFilings(tx, parsed.filings, 'submissions'));
  const facts = readFileSync(new URL('api/xbrl/companyfacts/CIK0001652044.json', sec), 'utf8');
  const { rows } = financialStatementRows(facts, { fetchedAt: '2026-01-30T06:00:00Z' });
  await database.db.transaction((tx) => loadFinancialStatements(tx, 1652044, rows));
  await database.query('analyze');
}

/** The real API (production config, warn logging) on a free local port, and a fund-plan key with ample credits. */
export async function listenBenchApp(
  database: Database,
  opts: {
    /** The rate limiter's clock (a fast one lets a throughput bench run the limiter without hitting it). */
    now?: () => number;
    /**
     * Stretches the platform's time-based work (usage flush, coverage and key cache lifetimes, credit hold
     * length) by this factor, for a server that runs this many times slower than normal (under valgrind:
     * api-instructions.ts), so that work is amortised over as many requests as at full speed. Default 1.
     */
    timeScale?: number;
    /** The rate limiter's Redis (an `apiRedis` client); in-memory counters without it. */
    redis?: Redis;
  } = {},
): Promise<{ app: FastifyInstance; port: number; key: string }> {
  const account = await createAccount(database, { name: 'bench', plan: 'fund', credits: 1_000_000_000 });
  const { key } = await createApiKey(database, { accountId: account.id, name: 'bench' });
  const loaded = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    CURSOR_SECRET: randomBytes(16).toString('hex'),
    // CREDIT_HOLD_MS=0 runs the API with exact per-request charging (an A/B of the credit holds)
    ...(process.env.CREDIT_HOLD_MS ? { CREDIT_HOLD_MS: process.env.CREDIT_HOLD_MS } : {}),
    // CREDIT_IDLE_GRACE_MS=0: the credit meter without its idle grace (an A/B of credits.ts idleGraceMs)
    ...(process.env.CREDIT_IDLE_GRACE_MS ? { CREDIT_IDLE_GRACE_MS: process.env.CREDIT_IDLE_GRACE_MS } : {}),
  });
  const scale = opts.timeScale ?? 1;
  // Past the config's bounds on purpose when scaled (a slowed-down process, not a deployment).
  const config = {
    ...loaded,
    CREDIT_HOLD_MS: loaded.CREDIT_HOLD_MS * scale,
    KEY_CACHE_TTL_MS: loaded.KEY_CACHE_TTL_MS * scale,
  };
  const app = await buildApp({
    database,
    config,
    logger: createLogger('warn'),
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.redis ? { redis: opts.redis } : {}),
    ...(scale !== 1 ? { usageFlushMs: 1_000 * scale, coverageTtlMs: 5_000 * scale } : {}),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, port: (app.server.address() as { port: number }).port, key };
}
