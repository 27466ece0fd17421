import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UnrecoverableError as BullmqUnrecoverable, Queue } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { toBullmqUnrecoverable } from '../../jobs/runtime/bullmq.ts';
import { createRuntime } from '../../jobs/runtime/index.ts';
import { FEED_QUEUE, jobId, RETRY_POLICIES } from '../../jobs/runtime/types.ts';
import { createServices } from '../../jobs/services.ts';
import { loadConfig } from '../../lib/config.ts';
import { UnrecoverableError } from '../../lib/errors.ts';
import { createLogger } from '../../lib/logger.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { deleteKeys } from '../helpers/services.ts';

describe.skipIf(!process.env.REDIS_URL)('BullMQ runtime', () => {
  it('starts one worker per queue (the internal queue once) and leaves no keys behind', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger('info', { write: (l: string) => lines.push(JSON.parse(l)) });
    const database = await createTestDatabase();
    const config = loadConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'findata-bullmq-')),
      REDIS_URL: process.env.REDIS_URL!,
      UPSTREAM: 'fixtures',
    });
    const services = await createServices(config, logger, { database, startMirror: false });
    const prefix = `t${randomBytes(4).toString('hex')}`;
    const runtime = await createRuntime(services, { prefix });
    try {
      await runtime.startWorkers();
      const started = lines.find((l) => l.msg === 'workers started') as { queues: string[] };
      expect(started.queues).toContain('internal');
      expect(started.queues).toContain('sec');
      expect(new Set(started.queues).size).toBe(started.queues.length);
      expect(Object.keys(await runtime.queueDepth()).sort()).toEqual([...started.queues].sort());
    } finally {
      await runtime.close();
      await deleteKeys(services.redis!, `${prefix}:*`);
      expect(await services.redis!.keys(`${prefix}:*`)).toEqual([]);
      await services.close();
      await database.close();
    }
  });

  it('fails a partition that throws UnrecoverableError at its first attempt, as BullMQ unrecoverable', async () => {
    const database = await createTestDatabase();
    const config = loadConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'findata-bullmq-')),
      REDIS_URL: process.env.REDIS_URL!,
      UPSTREAM: 'fixtures',
    });
    const services = await createServices(config, createLogger('silent'), { database, startMirror: false });
    const prefix = `t${randomBytes(4).toString('hex')}`;
    const runtime = await createRuntime(services, { prefix });
    const queue = new Queue(FEED_QUEUE, { connection: services.redis!.duplicate(), prefix });
    try {
      await runtime.startWorkers();
      // a Feed day task given a key that is no day: jobs/edgar/feed-backfill.ts throws our UnrecoverableError
      const dataset = 'edgar_feed+filings';
      const r = await runtime.runPartitions(dataset, ['bogus']);
      expect(r.failures).toEqual([{ partition: 'bogus', message: 'not a Feed day partition: bogus' }]);
      const job = await queue.getJob(jobId(dataset, 'bogus'));
      expect(job!.opts.attempts).toBe(RETRY_POLICIES.upstream.attempts);
      expect(job!.attemptsMade).toBe(1); // not retried
      expect(await job!.getState()).toBe('failed');
    } finally {
      await runtime.close();
      await queue.close();
      await deleteKeys(services.redis!, `${prefix}:*`);
      await services.close();
      await database.close();
    }
  });
});

describe('toBullmqUnrecoverable', () => {
  it("is BullMQ's UnrecoverableError with the message, stack and cause of ours", () => {
    const cause = new Error('disk full');
    const ours = new UnrecoverableError('archive full', { cause });
    const theirs = toBullmqUnrecoverable(ours);
    expect(theirs).toBeInstanceOf(BullmqUnrecoverable);
    expect(theirs.name).toBe('UnrecoverableError');
    expect(theirs.message).toBe('archive full');
    expect(theirs.stack).toBe(ours.stack);
    expect(theirs.cause).toBe(cause);
  });
});
