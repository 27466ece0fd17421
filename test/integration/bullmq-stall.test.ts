import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULLMQ_LOCKS } from '../../jobs/runtime/types.ts';
import { type OwnRedis, startOwnRedis } from '../helpers/redis-server.ts';

// Issue 8: a worker killed mid-job stalls its partition for the lock duration. With BULLMQ_LOCKS a second
// worker takes the job over within lockDuration + stalledInterval of the kill.
let redis: OwnRedis;
const prefix = `t${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  redis = await startOwnRedis();
});
afterAll(async () => {
  await redis?.stop();
});

describe('a worker killed mid-job (kill -9)', () => {
  it('leaves its job to another worker within lockDuration + stalledInterval', async () => {
    const connection = { host: '127.0.0.1', port: redis.port, maxRetriesPerRequest: null };
    const q = new Queue('sec', { connection, prefix });
    // The doomed worker: a separate process that takes the job and never finishes it.
    const script = `
      import { Worker } from 'bullmq';
      const w = new Worker('sec', async () => { process.stdout.write('taken\\n'); await new Promise(() => {}); },
        { connection: ${JSON.stringify(connection)}, prefix: '${prefix}', ...${JSON.stringify(BULLMQ_LOCKS)} });
    `;
    const doomed = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await q.add('filings', { kind: 'partition' }, { jobId: 'filings__q_2024Q1', attempts: 4 });
    await new Promise<void>((resolve) => doomed.stdout!.once('data', () => resolve()));
    doomed.kill('SIGKILL');
    const killedAt = Date.now();
    await new Promise((r) => doomed.once('exit', r));

    let takenAfter = -1;
    const rescuer = new Worker(
      'sec',
      async () => {
        takenAfter = Date.now() - killedAt;
        return 'done';
      },
      { connection, prefix, ...BULLMQ_LOCKS },
    );
    const deadline = Date.now() + 40_000;
    while (takenAfter < 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await rescuer.close();
    await q.close();
    expect(takenAfter).toBeGreaterThan(0);
    expect(takenAfter).toBeLessThanOrEqual(BULLMQ_LOCKS.lockDuration + BULLMQ_LOCKS.stalledInterval + 1_000);
    process.stderr.write(`stalled job taken over ${takenAfter} ms after the kill\n`);
  }, 60_000);
});
