import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULLMQ_LOCKS } from '../../jobs/runtime/types.ts';
import { loadConfig } from '../../lib/config.ts';
import { type Database, openDatabase } from '../../lib/db.ts';
import { appendEvents, eventId, type NewEvent } from '../../lib/events/log.ts';
import { createLogger } from '../../lib/logger.ts';
import { WebhookDispatcher } from '../../lib/webhooks/dispatcher.ts';
import { bullmqDeliveryQueue } from '../../lib/webhooks/queue.ts';
import { webhookSettings } from '../../lib/webhooks/settings.ts';
import { accountWithKey, type RunningApi, startApi } from '../helpers/api.ts';
import { deleteKeys } from '../helpers/services.ts';
import { eventually, WebhookReceiver } from '../helpers/webhook-receiver.ts';

// A worker killed with kill -9 in the middle of a delivery: the delivery is still pending in Postgres and its
// BullMQ job is locked by the dead worker; BULLMQ_LOCKS' stalled check gives it to the next worker, which
// sends it again with the same webhook-id. Nothing is lost; the receiver sees one duplicate.
const url = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const ENV = { WEBHOOKS_ALLOW_PRIVATE: '1', WEBHOOKS_POLL_MS: '50', WEBHOOKS_RETRY_SCALE: '0.0001' };

let database: Database;
let dbUrl: string;
let dbName: string;
let api: RunningApi;
let receiver: WebhookReceiver;
let rescuer: WebhookDispatcher | null = null;
let prefix: string | null = null;
let redis: Redis | null = null;

const filing = (accession: string): NewEvent => ({
  type: 'filing.published',
  key: accession,
  occurredAt: '2024-11-01',
  acceptedAt: '2024-11-01T10:01:36Z',
  detectedAt: '2024-11-01T10:01:50Z',
  companyId: 'cmp_test_aapl',
  ticker: 'AAPL',
  data: {
    accession_number: accession,
    form: '8-K',
    cik: '0000320193',
    company_name: 'Apple Inc.',
    links: { self: '/v1/filings?ticker=AAPL' },
  },
});

describe.runIf(url && redisUrl)(
  'webhooks: a worker killed with kill -9 mid-delivery (Postgres + BullMQ)',
  () => {
    beforeAll(async () => {
      dbName = `t_wh_${process.pid}_${randomBytes(3).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      await admin.end();
      const u = new URL(url!);
      u.pathname = `/${dbName}`;
      dbUrl = u.toString();
      database = await openDatabase({ databaseUrl: dbUrl });
      await database.migrate();
      api = await startApi(database, { env: ENV });
      receiver = await new WebhookReceiver().start();
    });

    afterAll(async () => {
      await rescuer?.close();
      if (redis && prefix) await deleteKeys(redis, `${prefix}:*`);
      redis?.disconnect();
      await receiver?.close();
      await api?.close();
      await database?.close();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    });

    it('loses nothing: the next worker re-sends the interrupted delivery with the same webhook-id', async () => {
      const { key } = await accountWithKey(database, 'fund');
      const res = await api.get('/v1/events/subscriptions', {
        key,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: `${receiver.url}/kill`, types: ['filing.published'] }),
      });
      const sub = (await res.json()) as { data: { id: string }; secret: string };
      expect(res.status).toBe(201);
      receiver.setSecrets('/kill', [sub.secret]);
      // The first request is held open (the worker is mid-delivery when it dies); every later one is a 200.
      receiver.on('/kill', (n) => (n === 0 ? 'hold' : { status: 200, body: 'ok' }));

      prefix = `twk${randomBytes(4).toString('hex')}`;
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/webhook-worker-child.ts'], {
        env: {
          ...process.env,
          ...ENV,
          DATABASE_URL: dbUrl,
          REDIS_URL: redisUrl,
          WEBHOOK_TEST_PREFIX: prefix,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));

      const accessions = ['0000320193-24-000001', '0000320193-24-000002', '0000320193-24-000003'];
      await database.db.transaction((tx) => appendEvents(tx, [filing(accessions[0]!)]));
      await receiver.waitFor('/kill', 1); // the worker is now waiting for the receiver's answer
      const heldId = receiver.at('/kill')[0]!.headers['webhook-id'];
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      const killedAt = Date.now();
      // more events while no worker runs
      await database.db.transaction((tx) =>
        appendEvents(
          tx,
          accessions.slice(1).map((a) => filing(a)),
        ),
      );

      redis = new Redis(redisUrl!, { maxRetriesPerRequest: null });
      rescuer = new WebhookDispatcher(
        database,
        webhookSettings(loadConfig({ NODE_ENV: 'test', ...ENV })),
        await bullmqDeliveryQueue(redis, prefix, 8),
        createLogger('silent'),
      );
      await rescuer.start();
      const got = await receiver.waitFor('/kill', 4, 40_000);
      const ids = got.map((r) => r.headers['webhook-id']);
      const expected = accessions.map((a) => eventId('filing.published', a));
      expect(new Set(ids)).toEqual(new Set(expected)); // none lost
      expect(ids.filter((i) => i === heldId)).toHaveLength(2); // the interrupted one, sent again
      expect(ids).toHaveLength(4);
      expect(got.every((r) => r.verifiedBy.length === 1)).toBe(true);
      const resentAfter = got.filter((r) => r.headers['webhook-id'] === heldId)[1]!.at - killedAt;
      expect(resentAfter).toBeLessThanOrEqual(
        BULLMQ_LOCKS.lockDuration + BULLMQ_LOCKS.stalledInterval + 2_000,
      );
      const rows = await eventually(
        () =>
          database.query<{ status: string; attempts: number }>(
            'select status, attempts from webhook_deliveries',
          ),
        (r) => r.length === 3 && r.every((x) => x.status === 'delivered'),
      );
      expect(rows.map((r) => r.attempts)).toEqual([1, 1, 1]); // the killed attempt was never recorded
      process.stderr.write(`interrupted delivery re-sent ${resentAfter} ms after the kill\n`);
    }, 60_000);
  },
);
