import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRuntime } from '../../jobs/runtime/index.ts';
import { createServices } from '../../jobs/services.ts';
import { loadConfig } from '../../lib/config.ts';
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
    const runtime = createRuntime(services, { prefix });
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
});
