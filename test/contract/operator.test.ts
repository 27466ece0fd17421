import { randomBytes } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../lib/db.ts';
import { recordPartition, syncDatasetRegistry } from '../../loaders/coverage.ts';
import { createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';
import { type OwnRedis, startOwnRedis } from '../helpers/redis-server.ts';

// Issue 8: the operator's pages (queue dashboard, status for `etl status`), off unless a credential exists.
const TOKEN = `op-${randomBytes(16).toString('hex')}`;
const prefix = `t${randomBytes(4).toString('hex')}`;
let database: Database;
let redis: OwnRedis;
let off: RunningApi;
let on: RunningApi;

beforeAll(async () => {
  redis = await startOwnRedis();
  database = await createApiTestDatabase();
  await syncDatasetRegistry(database);
  off = await startApi(database, { env: { REDIS_URL: redis.url } });
  on = await startApi(database, {
    env: { REDIS_URL: redis.url, OPERATOR_TOKEN: TOKEN },
    operator: { queuePrefix: prefix },
  });
}, 30_000);

afterAll(async () => {
  await on?.close();
  await off?.close();
  await redis?.stop();
  await database?.close();
});

const bearer = { authorization: `Bearer ${TOKEN}` };

describe('operator pages', () => {
  it('do not exist without an operator credential (default)', async () => {
    expect((await off.get('/admin/status', { headers: bearer })).status).toBe(404);
    expect((await off.get('/admin/queues', { headers: bearer })).status).toBe(404);
  });

  it('refuse a request without the credential, asking the browser for it', async () => {
    for (const h of [{}, { authorization: 'Bearer wrong-token-wrong-token-wrong' }] as Record<
      string,
      string
    >[]) {
      const r = await on.get('/admin/queues', { headers: h });
      expect(r.status).toBe(401);
      expect(r.headers.get('www-authenticate')).toMatch(/^Basic realm="findata operator"/);
    }
    expect((await on.get('/admin/status')).status).toBe(401);
  });

  it('GET /admin/status: per dataset coverage, rows, last error and why pending', async () => {
    await database.db.transaction((tx) =>
      recordPartition(tx, {
        datasetId: 'filings',
        partitionKey: 'q:2024Q1',
        status: 'failed',
        error: 'GET https://www.sec.gov/Archives/edgar/full-index/2024/QTR1/master.idx failed: HTTP 500',
        at: new Date(),
      }),
    );
    const r = await on.get('/admin/status', { headers: bearer });
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(body.runtime).toBe('bullmq');
    // one entry per source queue of the dataset registry, all idle here
    expect(body.queue_depth).toMatchObject({ sec: 0, internal: 0 });
    expect(Object.values(body.queue_depth).every((n) => n === 0)).toBe(true);
    const items = body.datasets.find((d: { dataset: string }) => d.dataset === 'filing_items');
    expect(items).toMatchObject({
      pending: true,
      pending_reason:
        'waiting for filings (1 partition failed: GET https://www.sec.gov/Archives/edgar/full-index/2024/QTR1/master.idx failed: HTTP 500) <- companies (never loaded)',
      queue: 'sec',
      failed_partitions: 0,
    });
    const filings = body.datasets.find((d: { dataset: string }) => d.dataset === 'filings');
    expect(filings.failed_partitions).toBe(1);
    expect(filings.last_error).toMatch(/HTTP 500$/);
  });

  it('/admin/queues: the dashboard lists failed jobs with their error and retries them', async () => {
    const connection = { host: '127.0.0.1', port: redis.port };
    const q = new Queue('sec', { connection, prefix });
    await q.add('filings', { kind: 'partition' }, { jobId: 'filings__q_2024Q1', attempts: 1 });
    const worker = new Worker(
      'sec',
      async () => {
        throw new Error('upstream exploded: HTTP 500');
      },
      { connection, prefix },
    );
    await new Promise<void>((resolve) => worker.once('failed', () => resolve()));
    await worker.close();

    const page = await on.get('/admin/queues', { headers: bearer });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<html/i);
    // basic auth works too (what a browser sends)
    const basic = `Basic ${Buffer.from(`ops:${TOKEN}`).toString('base64')}`;
    const list = await on.get(
      '/admin/queues/api/queues?activeQueue=sec&status=failed&page=1&jobsPerPage=10',
      {
        headers: { authorization: basic },
      },
    );
    expect(list.status).toBe(200);
    const { queues } = await list.json();
    const sec = queues.find((x: { name: string }) => x.name === 'sec');
    expect(sec.counts.failed).toBe(1);
    expect(sec.jobs[0].failedReason).toBe('upstream exploded: HTTP 500');

    const retry = await fetch(`${on.url}/admin/queues/api/queues/sec/retry/failed`, {
      method: 'PUT',
      headers: bearer,
    });
    expect(retry.status).toBe(200);
    const counts = await q.getJobCounts('failed', 'waiting');
    expect(counts).toEqual({ failed: 0, waiting: 1 });
    await q.obliterate({ force: true });
    await q.close();
  });
});
