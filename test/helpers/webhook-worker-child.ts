// A webhook worker in its own process (the kill -9 test): the dispatcher on BullMQ, consuming the delivery
// queue, on the database and Redis named by its environment. Prints "ready" once consuming.
import { Redis } from 'ioredis';
import { loadConfig } from '../../lib/config.ts';
import { openDatabase } from '../../lib/db.ts';
import { createLogger } from '../../lib/logger.ts';
import { WebhookDispatcher } from '../../lib/webhooks/dispatcher.ts';
import { bullmqDeliveryQueue } from '../../lib/webhooks/queue.ts';
import { webhookSettings } from '../../lib/webhooks/settings.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL });
const redis = new Redis(config.REDIS_URL!, { maxRetriesPerRequest: null });
const queue = await bullmqDeliveryQueue(redis, process.env.WEBHOOK_TEST_PREFIX!, 8);
const dispatcher = new WebhookDispatcher(database, webhookSettings(config), queue, createLogger('silent'));
await dispatcher.start();
process.stdout.write('ready\n');
