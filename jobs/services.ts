import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { Config } from '../lib/config.ts';
import { type Database, openDatabase } from '../lib/db.ts';
import { liveFilingsStatus } from '../lib/live-status.ts';
import type { Logger } from '../lib/logger.ts';
import { setLiveFilingsSource } from '../lib/metrics.ts';
import { syncDatasetRegistry } from '../loaders/coverage.ts';
import { createDiskArchive, type RawArchive } from './http/archive.ts';
import { createHttpClient, type HttpClient } from './http/client.ts';
import { type Mirror, startMirror } from './http/mirror.ts';
import { mirrorLive } from './http/mirror-live.ts';
import {
  createMemoryLimiter,
  createRedisLimiter,
  limitsFromConfig,
  type RateLimiter,
} from './http/rate-limit.ts';
import type { PipelineDeps } from './pipeline.ts';
import type { JobContext } from './types.ts';

/** Everything a job needs, built once per process from the config. */
export interface Services {
  config: Config;
  logger: Logger;
  database: Database;
  http: HttpClient;
  archive: RawArchive;
  limiter: RateLimiter;
  mirror: Mirror | null;
  redis: Redis | null;
  deps(now?: Date): PipelineDeps;
  close(): Promise<void>;
}

export interface ServiceOptions {
  /** Start the offline mirror in this process when UPSTREAM=fixtures and no MIRROR_URL is set (default true). */
  startMirror?: boolean;
  database?: Database;
  retry?: Parameters<typeof createHttpClient>[0]['retry'];
}

export async function createServices(
  config: Config,
  logger: Logger,
  opts: ServiceOptions = {},
): Promise<Services> {
  const database =
    opts.database ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  if (!opts.database) {
    await database.migrate();
    await syncDatasetRegistry(database);
  }
  let mirror: Mirror | null = null;
  let mirrorUrl = config.MIRROR_URL;
  if (config.UPSTREAM === 'fixtures' && !mirrorUrl && opts.startMirror !== false) {
    mirror = await startMirror({
      port: config.MIRROR_PORT,
      logger: logger.child({ component: 'mirror' }),
      ...mirrorLive(config),
    });
    mirrorUrl = mirror.url;
  }
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: null }) : null;
  const limits = limitsFromConfig(config);
  const limiter = redis ? createRedisLimiter(redis, limits) : createMemoryLimiter(limits);
  // the AWS SDK is loaded only when ARCHIVE_URL asks for S3: every other process (each `etl` command, each test
  // file's services) would pay its import time for nothing
  const archive = config.ARCHIVE_URL
    ? (await import('./http/archive-s3.ts')).createS3Archive({
        url: config.ARCHIVE_URL,
        endpoint: config.ARCHIVE_ENDPOINT,
        region: config.ARCHIVE_REGION,
        accessKeyId: config.ARCHIVE_ACCESS_KEY_ID,
        secretAccessKey: config.ARCHIVE_SECRET_ACCESS_KEY,
        timeoutMs: config.ARCHIVE_TIMEOUT_MS,
      })
    : createDiskArchive(join(config.DATA_DIR, 'raw'));
  // Built on first use: commands that never fetch (status, reparse, serve) need no mirror.
  let client: HttpClient | null = null;
  const httpClient = () =>
    (client ??= createHttpClient({
      config,
      logger: logger.child({ component: 'http' }),
      limiter,
      archive,
      ...(mirrorUrl ? { mirrorUrl } : {}),
      ...(opts.retry ? { retry: opts.retry } : {}),
    }));
  const http: HttpClient = {
    get: (url, options) => httpClient().get(url, options),
    post: (url, form, options) => httpClient().post(url, form, options),
  };
  setLiveFilingsSource(() => liveFilingsStatus(database));
  const services: Services = {
    config,
    logger,
    database,
    http,
    archive,
    limiter,
    mirror,
    redis,
    deps(now = new Date()) {
      const ctx: JobContext = { config, database, logger, now };
      return { ctx, http, archive };
    },
    async close() {
      await limiter.close();
      if (mirror) await mirror.close();
      if (redis) redis.disconnect();
      if (!opts.database) await database.close();
    },
  };
  return services;
}
