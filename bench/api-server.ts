/**
 * The server side the HTTP benches share (api.bench.ts, mcp.bench.ts, market-data.bench.ts): SEC's real ticker file as the
 * company registry, and the real API listening with a bench key. Imported by the benches' server child only.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { createAccount, createApiKey } from '../api/platform/accounts.ts';
import { buildApp } from '../api/server.ts';
import { loadConfig } from '../lib/config.ts';
import type { Database } from '../lib/db.ts';
import { createLogger } from '../lib/logger.ts';
import { loadRegistry } from '../loaders/companies.ts';
import { parseCompanyTickersExchange } from '../parsers/edgar/company-tickers.ts';
import { registryFromTickers } from '../parsers/edgar/registry.ts';

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

/** The real API (production config, warn logging) on a free local port, and a fund-plan key with ample credits. */
export async function listenBenchApp(
  database: Database,
  /** The rate limiter's clock (a fast one lets a throughput bench run the limiter without hitting it). */
  opts: { now?: () => number } = {},
): Promise<{ app: FastifyInstance; port: number; key: string }> {
  const account = await createAccount(database, { name: 'bench', plan: 'fund', credits: 1_000_000_000 });
  const { key } = await createApiKey(database, { accountId: account.id, name: 'bench' });
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    CURSOR_SECRET: randomBytes(16).toString('hex'),
    // CREDIT_HOLD_MS=0 runs the API with exact per-request charging (an A/B of the credit holds)
    ...(process.env.CREDIT_HOLD_MS ? { CREDIT_HOLD_MS: process.env.CREDIT_HOLD_MS } : {}),
  });
  const app = await buildApp({ database, config, logger: createLogger('warn'), ...opts });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, port: (app.server.address() as { port: number }).port, key };
}
