import { checkJobRegistry } from '../jobs/registry.ts';
import { createRuntime, type JobRuntime } from '../jobs/runtime/index.ts';
import { createServices, type ServiceOptions, type Services } from '../jobs/services.ts';
import { type Config, ConfigError, loadConfig } from '../lib/config.ts';
import { createLogger, type Logger } from '../lib/logger.ts';

export interface CliContext {
  config: Config;
  logger: Logger;
}

/** Config and logger, or a readable exit when the environment is invalid. */
export function cliContext(): CliContext {
  try {
    const config = loadConfig();
    // Logs go to stderr so that commands printing JSON (parse, status --json) keep stdout clean.
    const logger = createLogger(config.LOG_LEVEL, process.stderr as never);
    return { config, logger };
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
}

/** Services plus the job runtime, after checking the job registry (start-up refuses an inconsistent one). */
export async function withRuntime<T>(
  ctx: CliContext,
  fn: (s: Services, r: JobRuntime) => Promise<T>,
  opts: ServiceOptions & { keepOpen?: boolean } = {},
): Promise<T> {
  checkJobRegistry();
  const services = await createServices(ctx.config, ctx.logger, opts);
  const runtime = createRuntime(services);
  if (opts.keepOpen) return fn(services, runtime);
  try {
    return await fn(services, runtime);
  } finally {
    await runtime.close();
    await services.close();
  }
}

/** Closes everything on SIGTERM/SIGINT: workers finish their current job, the database closes cleanly. */
export function onShutdown(logger: Logger, close: () => Promise<void>) {
  let closing = false;
  const handler = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    close()
      .then(() => process.exit(0))
      .catch((err) => {
        logger.error({ err: (err as Error).message }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => handler('SIGTERM'));
  process.on('SIGINT', () => handler('SIGINT'));
}
