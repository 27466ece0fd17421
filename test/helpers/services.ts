import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { createRuntime } from '../../jobs/runtime/index.ts';
import type { JobRuntime } from '../../jobs/runtime/types.ts';
import { createServices, type Services } from '../../jobs/services.ts';
import { loadConfig } from '../../lib/config.ts';
import type { Database } from '../../lib/db.ts';
import { createLogger } from '../../lib/logger.ts';
import { syncDatasetRegistry } from '../../loaders/coverage.ts';

/**
 * Real services for an integration test: the given database, the offline mirror on loopback, a raw archive
 * in a temp dir, and BullMQ on the machine's Redis when REDIS_URL is set (a queue prefix per test file),
 * otherwise the in-process runtime.
 */
export async function createTestServices(
  database: Database,
  env: Record<string, string> = {},
): Promise<{ services: Services; runtime: JobRuntime; close(): Promise<void> }> {
  await syncDatasetRegistry(database);
  const dataDir = mkdtempSync(join(tmpdir(), 'findata-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    // the mirror's latest-filings feed stays the captured page (a test that wants it growing says so)
    MIRROR_LIVE_INTERVAL_MS: '0',
    ...env,
  });
  const services = await createServices(config, createLogger('silent'), {
    database,
    retry: { baseDelayMs: 20, maxDelayMs: 200, maxRetries: 2, maxThrottleWaitMs: 2_000 },
  });
  const prefix = `t${randomBytes(4).toString('hex')}`;
  const runtime = await createRuntime(services, { prefix });
  await runtime.startWorkers();
  return {
    services,
    runtime,
    async close() {
      await runtime.close();
      if (services.redis) await deleteKeys(services.redis, `${prefix}:*`);
      await services.close();
    },
  };
}

/** Removes this test file's queue keys, so runs leave nothing behind in the machine's Redis. */
export async function deleteKeys(redis: Redis, pattern: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    if (keys.length > 0) await redis.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
}
