import type { Command } from 'commander';
import { mirrorLive } from '../../jobs/http/mirror-live.ts';
import { DATASETS } from '../../lib/datasets.ts';
import { openDatabase } from '../../lib/db.ts';
import { syncDatasetRegistry } from '../../loaders/coverage.ts';
import { type CliContext, cliContext, onShutdown } from '../context.ts';
import { bullmqDepth, readStatus, statusTable } from '../status.ts';

export function registerSystemCommands(program: Command, getCtx: () => CliContext = cliContext) {
  program
    .command('migrate')
    .description(
      'Apply the database migrations (PGlite under DATA_DIR, or Postgres at DATABASE_URL) and sync the dataset registry',
    )
    .action(async () => {
      const { config } = getCtx();
      const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
      try {
        await database.migrate();
        await syncDatasetRegistry(database);
        process.stderr.write(`migrated (${database.kind}); ${DATASETS.length} datasets registered\n`);
      } finally {
        await database.close();
      }
    });

  program
    .command('mirror')
    .description('Serve the offline upstream mirror (fixtures/upstream) on loopback, for UPSTREAM=fixtures')
    .option('--port <port>', 'port to listen on (default MIRROR_PORT, or 8090)')
    .option('--root <dir>', 'folder of captured upstream files', 'fixtures/upstream')
    .addHelpText(
      'after',
      "\nThen point jobs at it: MIRROR_URL=http://127.0.0.1:<port> etl backfill all\nEDGAR's latest-filings feed (getcurrent, start=0) grows by one captured filing every MIRROR_LIVE_INTERVAL_MS (0: it does not).\nFaults for testing: POST /__mirror/faults with a JSON array of rules; DELETE /__mirror/faults clears them.",
    )
    .action(async (opts: { port?: string; root: string }) => {
      const { config, logger } = getCtx();
      const port = Number(opts.port ?? (config.MIRROR_PORT || 8090));
      // imported by the command that serves it (as the queue names below): `etl status` and `etl migrate` start faster
      const { startMirror } = await import('../../jobs/http/mirror.ts');
      const mirror = await startMirror({ root: opts.root, port, logger, ...mirrorLive(config) });
      process.stderr.write(`mirror serving ${opts.root} at ${mirror.url}\n`);
      onShutdown(logger, () => mirror.close());
    });

  program
    .command('status')
    .description(
      'Per dataset: coverage, history, why it is pending (which input), rows, failed partitions, queue depth, last refresh, last error',
    )
    .option('--json', 'print JSON instead of a table')
    .option('--url <base>', 'read through a running API (needs OPERATOR_TOKEN), e.g. http://127.0.0.1:8080')
    .addHelpText(
      'after',
      '\nWhile etl start holds the embedded database, etl status reads through its API (DATA_DIR/server.json).',
    )
    .action(async (opts: { json?: boolean; url?: string }) => {
      const { config } = getCtx();
      const redisUrl = config.REDIS_URL;
      const QUEUE_NAMES = redisUrl ? (await import('../../api/operator.ts')).QUEUE_NAMES : [];
      const { status, via } = await readStatus({
        url: opts.url,
        token: config.OPERATOR_TOKEN,
        databaseUrl: config.DATABASE_URL,
        dataDir: config.DATA_DIR,
        runtime: redisUrl
          ? { kind: 'bullmq', queueDepth: () => bullmqDepth(redisUrl, QUEUE_NAMES) }
          : // nothing else runs on a free embedded database, so nothing is queued
            { kind: 'in-process', queueDepth: async () => ({}) },
      });
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(status, null, 2)}\n`);
        return;
      }
      process.stdout.write(
        `runtime: ${status.runtime}   queue depth: ${JSON.stringify(status.queue_depth)}   read from: ${via}\n`,
      );
      console.table(statusTable(status));
    });
}

/** The coverage window as the API reports it: available_to is null while the dataset is ongoing. */
export function coverageRange(from: string | null, to: string | null): string {
  if (!from && !to) return '-';
  return `${from ?? '?'} to ${to ?? 'ongoing'}`;
}
