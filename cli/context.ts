import type { JobRuntime } from '../jobs/runtime/types.ts';
import type { ServiceOptions, Services } from '../jobs/services.ts';
import { type Config, ConfigError, loadConfig } from '../lib/config.ts';
import { createLogger, type Logger } from '../lib/logger.ts';
import { cliLogOutput } from './progress.ts';

export interface CliContext {
  config: Config;
  logger: Logger;
}

/** Config and logger, or a readable exit when the environment is invalid. */
export function cliContext(): CliContext {
  try {
    const config = loadConfig();
    // Logs go to stderr so that commands printing JSON (parse, status --json) keep stdout clean; while a
    // progress bar runs on a TTY they are printed above it (cli/progress.ts).
    const logger = createLogger(config.LOG_LEVEL, cliLogOutput);
    return { config, logger };
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
}

/**
 * Services plus the job runtime, after checking the job registry (start-up refuses an inconsistent one).
 * Imported here, not at the top: the registry loads every job's parsers and loaders (about 1.2 s of CPU),
 * which commands that only read (`etl status`, `etl migrate`, `etl import`) never need.
 */
export async function withRuntime<T>(
  ctx: CliContext,
  fn: (s: Services, r: JobRuntime) => Promise<T>,
  opts: ServiceOptions & { keepOpen?: boolean } = {},
): Promise<T> {
  const [{ checkJobRegistry }, { createRuntime }, { createServices }] = await Promise.all([
    import('../jobs/registry.ts'),
    import('../jobs/runtime/index.ts'),
    import('../jobs/services.ts'),
  ]);
  checkJobRegistry();
  const services = await createServices(ctx.config, ctx.logger, opts);
  const runtime = await createRuntime(services);
  if (opts.keepOpen) return fn(services, runtime);
  try {
    return await fn(services, runtime);
  } finally {
    await runtime.close();
    await services.close();
  }
}

/**
 * Closes everything on SIGTERM/SIGINT: workers finish their current job, the database closes cleanly. A
 * second signal while closing exits at once.
 */
export function onShutdown(logger: Logger, close: () => Promise<void>) {
  let closing = false;
  const handler = (signal: string) => {
    if (closing) {
      logger.warn({ signal }, 'second signal: exiting without waiting');
      if (process.stderr.isTTY) process.stderr.write('\u001b[?25h'); // a progress bar hid the cursor
      process.exit(130);
    }
    closing = true;
    logger.info({ signal }, 'shutting down (send the signal again to exit at once)');
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
