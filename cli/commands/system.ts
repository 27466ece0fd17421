import type { Command } from 'commander';
import { startMirror } from '../../jobs/http/mirror.ts';
import { DATASETS } from '../../lib/datasets.ts';
import { openDatabase } from '../../lib/db.ts';
import { syncDatasetRegistry } from '../../loaders/coverage.ts';
import { datasets } from '../../schema/datasets.ts';
import { type CliContext, cliContext, onShutdown, withRuntime } from '../context.ts';

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
      '\nThen point jobs at it: MIRROR_URL=http://127.0.0.1:<port> etl backfill all\nFaults for testing: POST /__mirror/faults with a JSON array of rules; DELETE /__mirror/faults clears them.',
    )
    .action(async (opts: { port?: string; root: string }) => {
      const { config, logger } = getCtx();
      const port = Number(opts.port ?? (config.MIRROR_PORT || 8090));
      const mirror = await startMirror({ root: opts.root, port, logger });
      process.stderr.write(`mirror serving ${opts.root} at ${mirror.url}\n`);
      onShutdown(logger, () => mirror.close());
    });

  program
    .command('status')
    .description('Per dataset: coverage, last refresh, last error, rows, and queue depth')
    .option('--json', 'print JSON instead of a table')
    .action(async (opts: { json?: boolean }) => {
      const ctx = getCtx();
      await withRuntime(
        ctx,
        async (services, runtime) => {
          const rows = await services.database.db.select().from(datasets).orderBy(datasets.id);
          const depth = await runtime.queueDepth();
          const out = rows.map((r) => ({
            dataset: r.id,
            history_status: r.historyStatus,
            available_from: r.availableFrom,
            available_to: r.availableTo,
            pending: r.pending,
            rows: r.rowCount,
            last_refreshed_at: r.lastRefreshedAt?.toISOString() ?? null,
            last_error: r.lastError,
            last_sweep_at: r.lastSweepAt?.toISOString() ?? null,
          }));
          if (opts.json) {
            process.stdout.write(
              `${JSON.stringify({ runtime: runtime.kind, queue_depth: depth, datasets: out }, null, 2)}\n`,
            );
            return;
          }
          process.stdout.write(`runtime: ${runtime.kind}   queue depth: ${JSON.stringify(depth)}\n`);
          console.table(
            out.map((o) => ({
              dataset: o.dataset,
              coverage: coverageRange(o.available_from, o.available_to),
              history: o.history_status,
              pending: o.pending,
              rows: o.rows,
              'last refresh': o.last_refreshed_at ?? '-',
              'last error': o.last_error ? o.last_error.slice(0, 60) : '-',
            })),
          );
        },
        { startMirror: false },
      );
    });
}

/** The coverage window as the API reports it: available_to is null while the dataset is ongoing. */
export function coverageRange(from: string | null, to: string | null): string {
  if (!from && !to) return '-';
  return `${from ?? '?'} to ${to ?? 'ongoing'}`;
}
