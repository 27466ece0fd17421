import { type MetricsServer, startMetricsServer } from '../lib/metrics-server.ts';
import type { CliContext } from './context.ts';

/** The metrics endpoint when METRICS_PORT is set (etl start, serve, worker); null otherwise. */
export async function startMetricsIfConfigured(ctx: CliContext): Promise<MetricsServer | null> {
  if (ctx.config.METRICS_PORT === undefined) return null;
  const server = await startMetricsServer({
    host: ctx.config.METRICS_HOST,
    port: ctx.config.METRICS_PORT,
    logger: ctx.logger,
  });
  process.stderr.write(`metrics at ${server.url}\n`);
  return server;
}
