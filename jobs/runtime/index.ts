import type { Services } from '../services.ts';
import { createInProcessRuntime } from './in-process.ts';
import type { JobRuntime } from './types.ts';

export type { JobRuntime } from './types.ts';

/**
 * BullMQ when Redis is configured, otherwise the in-process runtime. The BullMQ runtime (and BullMQ, about
 * 0.4 s of CPU to import) loads only here, when Redis is configured.
 */
export async function createRuntime(services: Services, opts: { prefix?: string } = {}): Promise<JobRuntime> {
  if (!services.redis) return createInProcessRuntime(services);
  const { createBullmqRuntime } = await import('./bullmq.ts');
  return createBullmqRuntime(services, services.redis, opts.prefix);
}
