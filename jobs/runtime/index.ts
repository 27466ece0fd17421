import type { Services } from '../services.ts';
import { createBullmqRuntime } from './bullmq.ts';
import { createInProcessRuntime } from './in-process.ts';
import type { JobRuntime } from './types.ts';

export type { JobRuntime } from './types.ts';

/** BullMQ when Redis is configured, otherwise the in-process runtime. */
export function createRuntime(services: Services, opts: { prefix?: string } = {}): JobRuntime {
  return services.redis
    ? createBullmqRuntime(services, services.redis, opts.prefix)
    : createInProcessRuntime(services);
}
