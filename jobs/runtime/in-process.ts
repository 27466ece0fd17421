import { Cron } from 'croner';
import PQueue from 'p-queue';
import { DATASETS, scheduleOf } from '../../lib/datasets.ts';
import { UnrecoverableError } from '../../lib/errors.ts';
import { addQueueDepthSource } from '../../lib/metrics.ts';
import { type PartitionReport, runPartition } from '../pipeline.ts';
import { refresh, statusSweep } from '../refresh.ts';
import { queueOf, runnableFor } from '../registry.ts';
import type { Services } from '../services.ts';
import {
  DEFAULT_CONCURRENCY,
  type JobRuntime,
  RETRY_POLICIES,
  RuntimeClosedError,
  SOURCE_CONCURRENCY,
  settleAll,
} from './types.ts';

/** The embedded default: one p-queue per upstream source, croner for schedules, retries with backoff. */
export function createInProcessRuntime(services: Services): JobRuntime {
  const queues = new Map<string, PQueue>();
  const crons: Cron[] = [];
  const queueFor = (source: string) => {
    let q = queues.get(source);
    if (!q) {
      q = new PQueue({ concurrency: SOURCE_CONCURRENCY[source] ?? DEFAULT_CONCURRENCY });
      queues.set(source, q);
    }
    return q;
  };
  const log = services.logger.child({ runtime: 'in-process' });

  let closed = false;
  const shutdown = new AbortController();
  const dropDepth = addQueueDepthSource(async () =>
    Object.fromEntries([...queues].map(([s, q]) => [s, { waiting: q.size, active: q.pending }])),
  );
  // Backoff waits, cut short by close() so that a shutdown does not sit out a retry delay.
  const sleepers = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });

  async function withRetries(dataset: string, key: string, refetch: boolean): Promise<PartitionReport> {
    const policy = RETRY_POLICIES.upstream;
    for (let attempt = 1; ; attempt++) {
      if (closed) throw new RuntimeClosedError();
      try {
        return await runPartition(runnableFor(dataset), key, {
          ...services.deps(),
          refetch,
          signal: shutdown.signal,
        });
      } catch (err) {
        if (err instanceof UnrecoverableError || attempt >= policy.attempts) throw err;
        const wait = policy.backoffMs * 2 ** (attempt - 1) * (0.5 + Math.random() / 2);
        log.warn(
          { dataset, partition: key, attempt, err: (err as Error).message, waitMs: Math.round(wait) },
          'retrying partition',
        );
        await sleep(wait);
      }
    }
  }

  return {
    kind: 'in-process',
    async runPartitions(dataset, keys, onProgress, opts) {
      const q = queueFor(queueOf(dataset));
      const refetch = opts?.refetch ?? false;
      return settleAll(
        keys,
        (key) => q.add(() => withRetries(dataset, key, refetch), { throwOnTimeout: true }),
        onProgress,
        (key, message) => {
          if (!closed) log.error({ dataset, partition: key, err: message }, 'partition failed');
        },
      );
    },
    async startScheduler() {
      for (const d of DATASETS) {
        const schedule = scheduleOf(d, services.config);
        if (!schedule) continue;
        crons.push(
          new Cron(schedule, { timezone: 'UTC', protect: true, name: d.id }, async () => {
            const r = await refresh(services, this, d.id);
            log.info(
              { dataset: d.id, partitions: r.reports.length, failures: r.failures.length },
              'scheduled refresh finished',
            );
          }),
        );
      }
      crons.push(
        new Cron('*/5 * * * *', { timezone: 'UTC', protect: true, name: 'status-sweep' }, () =>
          statusSweep(services),
        ),
      );
    },
    async startWorkers() {},
    async queueDepth() {
      return Object.fromEntries([...queues].map(([s, q]) => [s, q.size + q.pending]));
    },
    async close() {
      closed = true;
      shutdown.abort();
      dropDepth();
      for (const c of crons) c.stop();
      for (const wake of [...sleepers]) wake();
      await Promise.all([...queues.values()].map((q) => q.onIdle()));
    },
  };
}
