import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { Database } from '../db.ts';
import type { Logger } from '../logger.ts';
import { WebhookDispatcher } from './dispatcher.ts';
import { bullmqDeliveryQueue, type DeliveryQueue, inProcessDeliveryQueue } from './queue.ts';
import { webhookSettings } from './settings.ts';

/**
 * The webhook dispatcher of a job process: `etl start` (in process, embedded default) and every `etl worker`
 * (BullMQ queue `webhooks` on REDIS_URL, prefix `findata`). Several workers share the work safely (see
 * WebhookDispatcher).
 */
export async function startWebhooks(opts: {
  config: Config;
  database: Database;
  logger: Logger;
  redis: Redis | null;
  prefix?: string;
}): Promise<WebhookDispatcher> {
  const settings = webhookSettings(opts.config);
  const log = opts.logger.child({ component: 'webhooks' });
  const queue: DeliveryQueue = opts.redis
    ? await bullmqDeliveryQueue(opts.redis, opts.prefix ?? 'findata', settings.concurrency)
    : inProcessDeliveryQueue(settings.concurrency);
  if (!settings.box.encrypted)
    log.info(
      'webhook signing secrets are stored unencrypted (set WEBHOOKS_ENCRYPTION_KEY to encrypt them at rest)',
    );
  if (settings.allowPrivate)
    log.warn('WEBHOOKS_ALLOW_PRIVATE=1: webhooks may reach loopback and private addresses over plain http');
  const dispatcher = new WebhookDispatcher(opts.database, settings, queue, log, {
    databaseUrl: opts.config.DATABASE_URL,
  });
  await dispatcher.start();
  return dispatcher;
}
