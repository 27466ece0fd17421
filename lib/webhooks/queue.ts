import type { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import PQueue from 'p-queue';
import { BULLMQ_LOCKS, bullmqConnection } from '../../jobs/runtime/types.ts';

/** One attempt of one delivery, as the queue carries it (the state is in Postgres). */
export interface DeliveryJob {
  deliveryId: string;
  attempt: number;
  delayMs?: number;
}

export type DeliveryHandler = (job: DeliveryJob) => Promise<void>;

/**
 * The delivery queue: BullMQ (queue `webhooks`, shown in Bull Board) when REDIS_URL is set, else in process.
 * Job ids are `deliveryId__attempt`, so adding an attempt that is already queued, delayed or running is a
 * no-op: the dispatcher's sweeper can re-add every due delivery without doubling one.
 */
export interface DeliveryQueue {
  readonly kind: 'bullmq' | 'in-process';
  add(jobs: readonly DeliveryJob[]): Promise<void>;
  /** Starts consuming (a process that only enqueues never calls it). */
  start(handler: DeliveryHandler): void;
  depth(): Promise<number>;
  close(): Promise<void>;
}

export const WEBHOOK_QUEUE = 'webhooks';
export const deliveryJobId = (j: DeliveryJob) => `${j.deliveryId}__${j.attempt}`;

/**
 * BullMQ: an attempt that throws (database unreachable) is removed and left to the sweeper, which re-adds
 * the delivery while Postgres still says pending. A worker killed mid-attempt (kill -9) stops renewing its
 * job's lock; BULLMQ_LOCKS' stalled check hands the job to another worker 10-20 s later, which sends it
 * again with the same webhook-id (at least once). BullMQ is imported here, when Redis is configured: the
 * embedded default never loads it (about 0.4 s of CPU per process).
 */
export async function bullmqDeliveryQueue(
  redis: Redis,
  prefix: string,
  concurrency: number,
): Promise<DeliveryQueue> {
  const { Queue, Worker } = await import('bullmq');
  const connection = bullmqConnection(redis);
  const queue = new Queue<DeliveryJob>(WEBHOOK_QUEUE, { connection, prefix });
  let worker: Worker<DeliveryJob> | null = null;
  return {
    kind: 'bullmq',
    async add(jobs) {
      if (jobs.length === 0) return;
      await queue.addBulk(
        jobs.map((j) => ({
          name: 'deliver',
          data: { deliveryId: j.deliveryId, attempt: j.attempt },
          opts: {
            jobId: deliveryJobId(j),
            ...(j.delayMs ? { delay: j.delayMs } : {}),
            attempts: 1,
            removeOnComplete: true,
            removeOnFail: true,
          },
        })),
      );
    },
    start(handler) {
      worker = new Worker<DeliveryJob>(WEBHOOK_QUEUE, (job) => handler(job.data), {
        connection,
        prefix,
        concurrency,
        ...BULLMQ_LOCKS,
      });
      worker.on('error', () => {}); // connection errors: BullMQ reconnects; the sweeper covers the gap
    },
    async depth() {
      const c = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      return Object.values(c).reduce((a, b) => a + b, 0);
    },
    async close() {
      await worker?.close();
      await queue.close();
    },
  };
}

/** In process (embedded default): timers for delays, a p-queue for concurrency, the same job-id dedup. */
export function inProcessDeliveryQueue(concurrency: number): DeliveryQueue {
  const q = new PQueue({ concurrency });
  const known = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  let handler: DeliveryHandler | null = null;
  const backlog: DeliveryJob[] = [];
  let closed = false;
  const run = (j: DeliveryJob) => {
    void q.add(async () => {
      try {
        await handler!(j);
      } catch {
        // left pending in Postgres: the sweeper re-adds it
      } finally {
        known.delete(deliveryJobId(j));
      }
    });
  };
  const schedule = (j: DeliveryJob) => {
    if (!handler) {
      backlog.push(j);
      return;
    }
    if (!j.delayMs) return run(j);
    const t = setTimeout(() => {
      timers.delete(t);
      if (!closed) run(j);
    }, j.delayMs);
    timers.add(t);
  };
  return {
    kind: 'in-process',
    async add(jobs) {
      for (const j of jobs) {
        if (closed) return;
        const id = deliveryJobId(j);
        if (known.has(id)) continue;
        known.add(id);
        schedule(j);
      }
    },
    start(h) {
      handler = h;
      for (const j of backlog.splice(0)) schedule(j);
    },
    async depth() {
      return known.size;
    },
    async close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      q.clear();
      await q.onIdle();
    },
  };
}
