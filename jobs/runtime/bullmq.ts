import { type Job, Queue, QueueEvents, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { DATASETS, scheduleOf } from '../../lib/datasets.ts';
import { UnrecoverableError as Unrecoverable } from '../../lib/errors.ts';
import { addQueueDepthSource } from '../../lib/metrics.ts';
import type { PartitionProgress } from '../partition-watch.ts';
import { type PartitionReport, runPartition } from '../pipeline.ts';
import { refresh, statusSweep } from '../refresh.ts';
import { queueOf, runnableFor } from '../registry.ts';
import type { Services } from '../services.ts';
import {
  BULLMQ_LOCKS,
  bullmqConnection,
  DEFAULT_CONCURRENCY,
  FEED_QUEUE,
  type JobRuntime,
  jobId,
  RETRY_POLICIES,
  RUNTIME_CLOSED,
  RuntimeClosedError,
  SOURCE_CONCURRENCY,
  settleAll,
} from './types.ts';

/**
 * A partition's steps as the job's BullMQ progress (the dashboard, `job.progress`): the current step and
 * since when, at most one Redis write a second. A step begun less than a second after the last write is
 * written when that second is over (the latest one only), so the dashboard never keeps showing an older
 * step than the one the partition waits at. A failed write is ignored: progress is advisory, the deadline
 * is kept in the process.
 */
export function jobProgress(job: Pick<Job, 'updateProgress'>): (p: PartitionProgress) => void {
  let sentAt = 0;
  let latest: PartitionProgress | null = null;
  let trailing: ReturnType<typeof setTimeout> | null = null;
  const send = (p: PartitionProgress) => {
    sentAt = Date.now();
    void job.updateProgress({ ...p }).catch(() => undefined);
  };
  return (p) => {
    const now = Date.now();
    if (now - sentAt >= 1_000 && !trailing) {
      send(p);
      return;
    }
    latest = p;
    trailing ??= setTimeout(
      () => {
        trailing = null;
        const last = latest;
        latest = null;
        if (last) send(last);
      },
      Math.max(0, 1_000 - (now - sentAt)),
    );
    trailing.unref?.();
  };
}

/**
 * Our UnrecoverableError (lib/errors.ts) as BullMQ's, which makes BullMQ fail the job without its remaining
 * attempts; same message, cause and stack, so the failed job in Redis (and Bull Board) reads as before.
 */
export function toBullmqUnrecoverable(err: Unrecoverable): UnrecoverableError {
  const out = new UnrecoverableError(err.message);
  if (err.stack) out.stack = err.stack;
  if (err.cause !== undefined) out.cause = err.cause;
  return out;
}

type Data =
  | { kind: 'partition'; dataset: string; partition: string; refetch?: boolean }
  | { kind: 'refresh'; dataset: string }
  | { kind: 'sweep' };

const INTERNAL_QUEUE = 'internal';
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'failed'] as const;

/**
 * BullMQ on Redis: one queue per upstream source (the SEC queue's workers share the Redis rate limiter),
 * job schedulers in UTC, deterministic job ids (`dataset__partition`), named retry policies, parse errors
 * as UnrecoverableError, graceful shutdown.
 */
export function createBullmqRuntime(services: Services, redis: Redis, prefix = 'findata'): JobRuntime {
  // BullMQ closes the connections it creates from options; shared instances it would leave open.
  const connection = bullmqConnection(redis);
  const queues = new Map<string, Queue<Data>>();
  const events = new Map<string, QueueEvents>();
  const workers: Worker<Data>[] = [];

  const log = services.logger.child({ runtime: 'bullmq' });
  // One worker per queue: every dataset's source queue, the internal queue (refreshes, status sweep) and the
  // EDGAR Feed days' queue (one day at a time per worker process: FEED_QUEUE).
  const sources = [
    ...new Set([...DATASETS.map((d) => d.source ?? INTERNAL_QUEUE), INTERNAL_QUEUE, FEED_QUEUE]),
  ];
  // Settles the partitions a closing runtime was still waiting for (they stay queued in Redis).
  let closed = false;
  const shutdown = new AbortController();
  let rejectWaits: (err: Error) => void = () => {};
  const closing = new Promise<never>((_, reject) => {
    rejectWaits = reject;
  });
  closing.catch(() => {});

  const queue = (name: string) => {
    let q = queues.get(name);
    if (!q) {
      q = new Queue<Data>(name, { connection, prefix });
      q.setMaxListeners(0); // one transient listener per awaited job
      queues.set(name, q);
    }
    return q;
  };
  const queueEvents = async (name: string) => {
    let e = events.get(name);
    if (!e) {
      e = new QueueEvents(name, { connection, prefix });
      await e.waitUntilReady();
      events.set(name, e);
    }
    return e;
  };

  // Scrapes read every queue's counts per state (findata_queue_jobs).
  const dropDepth = addQueueDepthSource(async () => {
    const out: Record<string, Record<string, number>> = {};
    for (const s of sources) out[s] = await queue(s).getJobCounts(...QUEUE_STATES);
    return out;
  });

  const runtime: JobRuntime = {
    kind: 'bullmq',
    async runPartitions(dataset, keys, onProgress, opts) {
      if (closed)
        return { reports: [], failures: keys.map((partition) => ({ partition, message: RUNTIME_CLOSED })) };
      const source = queueOf(dataset);
      const q = queue(source);
      const ev = await queueEvents(source);
      const policy = RETRY_POLICIES.upstream;
      // A finished job keeps its id for a while (a failed one for inspection, a completed one for its waiter,
      // below); remove it so a new run of the partition is not a no-op. One still waiting or running is kept:
      // the partition is enqueued once (a second runner waits for the same job).
      for (const partition of keys) {
        const old = await q.getJob(jobId(dataset, partition));
        const state = old ? await old.getState() : null;
        if (state === 'failed' || state === 'completed') await old!.remove();
      }
      const jobs = await q.addBulk(
        keys.map((partition) => ({
          name: dataset,
          data: {
            kind: 'partition' as const,
            dataset,
            partition,
            ...(opts?.refetch ? { refetch: true } : {}),
          },
          opts: {
            jobId: jobId(dataset, partition),
            attempts: policy.attempts,
            backoff: { type: 'exponential', delay: policy.backoffMs },
            // kept 10 min, not removed at once: a job that completes before its waiter listens (waitUntilFinished
            // subscribes after an await) is read back from its completed state. Removed at once, the waiter finds no
            // job and rejects: a loaded partition reported as failed, with no worker log (the 1% rehearsal's one
            // "failed" insider partition: its tables were identical to a clean run's)
            removeOnComplete: { age: 600 },
            removeOnFail: { count: 1000 },
          },
        })),
      );
      const byKey = new Map(keys.map((k, i) => [k, jobs[i]!]));
      return settleAll(
        keys,
        async (key) =>
          (await Promise.race([byKey.get(key)!.waitUntilFinished(ev), closing])) as PartitionReport,
        onProgress,
      );
    },
    async startScheduler() {
      for (const d of DATASETS) {
        // the live poll refreshes on its own queue: the internal one runs one refresh at a time
        const on = queue(d.source === 'live' ? 'live' : INTERNAL_QUEUE);
        const schedule = scheduleOf(d, services.config);
        if (!schedule) {
          // switched off by configuration: a scheduler an earlier start registered stops too
          if (d.schedule) await on.removeJobScheduler(`refresh__${d.id}`);
          continue;
        }
        await on.upsertJobScheduler(
          `refresh__${d.id}`,
          { pattern: schedule, tz: 'UTC' },
          {
            name: `refresh:${d.id}`,
            data: { kind: 'refresh', dataset: d.id },
            opts: { attempts: RETRY_POLICIES.internal.attempts },
          },
        );
      }
      await queue(INTERNAL_QUEUE).upsertJobScheduler(
        'status-sweep',
        { pattern: '*/5 * * * *', tz: 'UTC' },
        { name: 'status-sweep', data: { kind: 'sweep' } },
      );
      log.info(
        { schedulers: DATASETS.filter((d) => scheduleOf(d, services.config)).length + 1 },
        'job schedulers registered',
      );
    },
    async startWorkers() {
      for (const source of sources) {
        const worker = new Worker<Data>(
          source,
          async (job) => {
            try {
              const d = job.data;
              if (d.kind === 'partition')
                return await runPartition(runnableFor(d.dataset), d.partition, {
                  ...services.deps(),
                  refetch: d.refetch ?? false,
                  signal: shutdown.signal,
                  onProgress: jobProgress(job),
                });
              if (d.kind === 'refresh') {
                const r = await refresh(services, runtime, d.dataset);
                return { partitions: r.reports.length, failures: r.failures.length };
              }
              await statusSweep(services);
              return { swept: true };
            } catch (err) {
              throw err instanceof Unrecoverable ? toBullmqUnrecoverable(err) : err;
            }
          },
          {
            connection,
            prefix,
            concurrency: SOURCE_CONCURRENCY[source] ?? DEFAULT_CONCURRENCY,
            ...BULLMQ_LOCKS,
            lockDuration: services.config.JOB_LOCK_MS ?? BULLMQ_LOCKS.lockDuration,
          },
        );
        // a database error wrapped by drizzle ("Failed query: <sql> params: ...") keeps what Postgres said
        // (a deadlock, a unique violation) in its cause: logged beside it, or the reason is lost
        worker.on('failed', (job, err) =>
          log.warn(
            {
              queue: source,
              jobId: job?.id,
              attempt: job?.attemptsMade,
              err: err.message,
              ...(err.cause instanceof Error ? { cause: err.cause.message } : {}),
            },
            'job attempt failed',
          ),
        );
        // Redis lost and back (issue 26): BullMQ reports what it could not finish (a job another worker took
        // over meanwhile: "Missing key for job ..."); logged, not printed raw to stderr.
        worker.on('error', (err) => log.warn({ queue: source, err: err.message }, 'worker error'));
        workers.push(worker);
      }
      log.info({ queues: sources }, 'workers started');
    },
    async queueDepth() {
      const out: Record<string, number> = {};
      for (const s of sources) {
        const c = await queue(s).getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        out[s] = Object.values(c).reduce((a, b) => a + b, 0);
      }
      return out;
    },
    async close() {
      closed = true;
      shutdown.abort();
      dropDepth();
      rejectWaits(new RuntimeClosedError());
      await Promise.all(workers.map((w) => w.close()));
      await Promise.all([...events.values()].map((e) => e.close()));
      await Promise.all([...queues.values()].map((q) => q.close()));
    },
  };
  return runtime;
}
