import type { Redis } from 'ioredis';
import type { PartitionReport } from '../pipeline.ts';

export interface RunProgress {
  done: number;
  total: number;
  failed: number;
  last?: PartitionReport | undefined;
  lastError?: { partition: string; message: string } | undefined;
}

export interface RunOutcome {
  reports: PartitionReport[];
  failures: { partition: string; message: string }[];
}

/**
 * One interface, two implementations: in-process (p-queue per source + croner) on the embedded default,
 * BullMQ (one queue per upstream source, job schedulers, `etl worker` processes) when REDIS_URL is set.
 */
export interface JobRuntime {
  readonly kind: 'in-process' | 'bullmq';
  /** Runs the partitions (through the queue) and resolves when each has finished or failed for good. */
  runPartitions(
    dataset: string,
    keys: string[],
    onProgress?: (p: RunProgress) => void,
    opts?: RunOptions,
  ): Promise<RunOutcome>;
  /** Registers every dataset's schedule (UTC) and the status sweep. */
  startScheduler(): Promise<void>;
  /** Starts consuming queued partitions (BullMQ workers; the in-process runtime always consumes). */
  startWorkers(): Promise<void>;
  /** Partitions waiting or running, per source queue. */
  queueDepth(): Promise<Record<string, number>>;
  /**
   * Stops taking work: partitions not yet started settle as failed with RuntimeClosedError (BullMQ keeps
   * them queued for the next worker), running ones finish, then connections close.
   */
  close(): Promise<void>;
}

export interface RunOptions {
  /** Ask the upstream for every document (conditional GET), never reuse a recent archived copy (`--force`). */
  refetch?: boolean;
}

export const RUNTIME_CLOSED = 'not run: the job runtime is shutting down';

/** A partition the runtime did not run because it is shutting down; the next run picks it up. */
export class RuntimeClosedError extends Error {
  override name = 'RuntimeClosedError';
  constructor() {
    super(RUNTIME_CLOSED);
  }
}

export const RETRY_POLICIES = {
  /** Upstream fetches: transient network and 5xx failures, throttling past the client's own patience. */
  upstream: { attempts: 4, backoffMs: 2_000 },
  /** Internal jobs (status sweep): retry soon, not often. */
  internal: { attempts: 2, backoffMs: 5_000 },
} as const;

/** Partitions in flight per upstream source queue (the HTTP limiter, not this, bounds the request rate). */
/**
 * `live`: a poll's refresh job, its partition and a second poll arriving while the first awaits its
 * follow-ups (BullMQ runs the live feed's refreshes on that queue, not behind the internal queue's).
 * `feed`: EDGAR Feed days (jobs/edgar/feed-backfill.ts), one at a time per process: a day is a multi-GB
 * download to a temporary file and a stream of loads, so N worker processes run N days at once and the
 * temporary disk a worker needs is one day's archive.
 */
export const SOURCE_CONCURRENCY: Record<string, number> = { sec: 4, internal: 1, live: 3, feed: 1 };
/** The queue of the EDGAR Feed days. */
export const FEED_QUEUE = 'feed';
export const DEFAULT_CONCURRENCY = 2;

/**
 * BullMQ lock and stall settings, chosen rather than defaulted (defaults: 30 s lock, 30 s stall check,
 * which left a partition of a killed worker stalled 25-30 s, up to a minute).
 *
 * - `lockDuration` 15 s: a worker holds each running job's lock for this long and renews it every 7.5 s
 *   (half of it) from its event loop. A worker killed mid-job (kill -9, OOM, node lost) stops renewing, so
 *   its job is free at most 15 s after the last renewal. Our longest synchronous step (splitting the largest
 *   10-K at 30 MB/s, parsing one companyfacts JSON) blocks the loop for about a second, far from 15 s; a
 *   step that blocked longer would have its job run twice, which the idempotent upserts make harmless.
 * - `stalledInterval` 5 s: how often workers look for jobs whose lock expired and put them back in the wait
 *   list. With the lock, a killed worker's partition restarts 10-20 s after the kill on another worker.
 * - `maxStalledCount` 2: a job may stall twice (two worker deaths) and still run; a third stall fails it
 *   ("job stalled more than allowable limit"), so a document that crashes its worker (out of memory) cannot
 *   take down workers forever: it shows in the dashboard's failed list and in `etl status`.
 */
export const BULLMQ_LOCKS = { lockDuration: 15_000, stalledInterval: 5_000, maxStalledCount: 2 } as const;

/**
 * BullMQ's own connection settings from the service's ioredis client (same server, db and credentials):
 * BullMQ wants connections of its own with `maxRetriesPerRequest: null`. The partition queues and the
 * webhook queue both use it.
 */
export function bullmqConnection(redis: Redis) {
  const o = redis.options;
  return {
    host: o.host,
    port: o.port,
    username: o.username,
    password: o.password,
    db: o.db,
    ...(o.tls ? { tls: o.tls } : {}),
    maxRetriesPerRequest: null,
  };
}

export const jobId = (dataset: string, partition: string) => `${dataset}__${partition.replace(/[:/]/g, '_')}`;

/**
 * Collects partition results into a RunOutcome and reports progress after each one; both runtimes run
 * partitions their own way and settle each through this.
 */
export async function settleAll(
  keys: string[],
  run: (key: string) => Promise<PartitionReport>,
  onProgress?: (p: RunProgress) => void,
  onFailure?: (key: string, message: string) => void,
): Promise<RunOutcome> {
  const out: RunOutcome = { reports: [], failures: [] };
  const progress: RunProgress = { done: 0, total: keys.length, failed: 0 };
  await Promise.all(
    keys.map(async (key) => {
      try {
        const r = await run(key);
        out.reports.push(r);
        progress.last = r;
      } catch (err) {
        const message = (err as Error).message;
        out.failures.push({ partition: key, message });
        progress.failed++;
        progress.lastError = { partition: key, message };
        onFailure?.(key, message);
      }
      progress.done++;
      onProgress?.({ ...progress });
    }),
  );
  return out;
}
