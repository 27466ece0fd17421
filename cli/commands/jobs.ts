import type { Command } from 'commander';
import { and, eq } from 'drizzle-orm';
import { FEED_DATASETS, type FeedDataset, feedDays } from '../../jobs/edgar/feed-backfill.ts';
import { reparsePartition } from '../../jobs/pipeline.ts';
import { jobDatasetOf, jobDatasets, refresh, statusSweep } from '../../jobs/refresh.ts';
import { jobFor } from '../../jobs/registry.ts';
import type { JobRuntime } from '../../jobs/runtime/index.ts';
import type { Services } from '../../jobs/services.ts';
import { DATASETS } from '../../lib/datasets.ts';
import { startWebhooks } from '../../lib/webhooks/service.ts';
import { datasetPartitions } from '../../schema/datasets.ts';
import { runBackfills, runFeedBackfill } from '../backfills.ts';
import { type CliContext, cliContext, onShutdown, withRuntime } from '../context.ts';
import { startMetricsIfConfigured } from '../metrics.ts';
import { progressReporter } from '../progress.ts';

// Only datasets a job fills (jobs/registry.ts); a derived one is accepted and runs the job that builds it.
const datasetList = () =>
  jobDatasets()
    .map((d) => (d.builtBy ? `${d.id} (built by ${d.builtBy})` : d.id))
    .join(', ');

export function registerJobCommands(program: Command, getCtx: () => CliContext = cliContext) {
  program
    .command('backfill')
    .description(`Fetch, parse and load a dataset over a window (datasets: ${datasetList()}, or "all")`)
    .argument('<dataset>', 'dataset id, or "all" for every registered dataset in dependency order')
    .option('--from <date>', 'window start (YYYY-MM-DD or YYYYQn), where the dataset is partitioned by time')
    .option('--to <date>', 'window end (YYYY-MM-DD or YYYYQn)')
    .option('--ticker <tickers>', 'only these companies (comma-separated, resolved through the registry)')
    .option('--cik <ciks>', 'only these CIKs (comma-separated, any padding)')
    .option('--force', 'redo partitions that already finished')
    .option(
      '--bulk',
      "financials: every company from SEC's nightly companyfacts.zip (one ~1 GB download); fund_holdings: N-PORT filings loaded many per transaction (docs/funds.md)",
    )
    .option('--bulk-file <path>', 'financials only: like --bulk, from a companyfacts.zip already on disk')
    .option(
      '--feed <days>',
      `EDGAR's daily Feed archives (one tar.gz per filing day) instead of one request per filing: YYYY-MM-DD or YYYY-MM-DD..YYYY-MM-DD, for ${FEED_DATASETS.join(', ')} (comma-separated, or "all"); one partition per day, spread over the \`etl worker\` processes on BullMQ; docs/scale.md`,
    )
    .addHelpText(
      'after',
      '\nFinished partitions are skipped, so an interrupted backfill resumes where it stopped.\nExamples:\n  etl backfill all\n  etl backfill filings --from 2024Q1 --to 2024Q4\n  etl backfill filings --ticker AAPL\n  etl backfill filing_items,insider_trades --feed 2025-01-06..2025-01-10',
    )
    .action(async (dataset: string, opts) => {
      const ctx = getCtx();
      if (opts.feed) return feedAction(ctx, dataset, opts);
      const ids =
        dataset === 'all' ? DATASETS.filter((d) => d.schedule).map((d) => d.id) : [jobDatasetOf(dataset)];
      for (const id of ids) jobFor(id);
      const bulk = Boolean(opts.bulk || opts.bulkFile);
      if (bulk && ids.join() !== 'financials' && !(ids.join() === 'fund_holdings' && !opts.bulkFile)) {
        process.stderr.write(
          '--bulk applies to financials and fund_holdings, --bulk-file to financials only\n',
        );
        process.exitCode = 2;
        return;
      }
      await stoppableBackfill(ctx, async (services, runtime, signal) => {
        await runtime.startWorkers();
        return runBackfills(ctx, services, runtime, ids, opts, signal);
      });
    });

  program
    .command('run')
    .description('Run one scheduled job now: a dataset refresh (its newest partitions) or "status-sweep"')
    .argument('<job>', `dataset id (${datasetList()}) or status-sweep`)
    .action(async (job: string) => {
      const ctx = getCtx();
      await withRuntime(ctx, async (services, runtime) => {
        await runtime.startWorkers();
        if (job === 'status-sweep') return statusSweep(services);
        const r = await refresh(services, runtime, jobDatasetOf(job));
        process.stderr.write(
          `${job}: ${r.reports.length} partitions refreshed, ${r.failures.length} failed\n`,
        );
        process.exitCode = r.failures.length > 0 ? 1 : 0;
      });
    });

  program
    .command('reparse')
    .description(
      'Re-run parse + load of a dataset from the raw archive, without the network (after a parser fix)',
    )
    .argument('<dataset>', `dataset id (${datasetList()})`)
    .option('--partition <key>', 'only this partition (e.g. cik:0000320193 or q:2021Q1)')
    .action(async (dataset: string, opts: { partition?: string }) => {
      const ctx = getCtx();
      const job = jobFor(jobDatasetOf(dataset));
      await withRuntime(
        ctx,
        async (services) => {
          const rows = await services.database.db
            .select({ key: datasetPartitions.partitionKey })
            .from(datasetPartitions)
            .where(and(eq(datasetPartitions.datasetId, job.dataset), eq(datasetPartitions.status, 'done')));
          // a file loaded by `etl import` (key `import:...`) has no raw archive to re-parse from; a Feed day
          // (`feed:YYYYMMDD`) is a bookmark, its submissions are re-parsed as their own `acc:` partitions
          const keys = rows
            .map((r) => r.key)
            .filter((k) => !k.startsWith('import:') && !k.startsWith('feed:'))
            .filter((k) => !opts.partition || k === opts.partition);
          const bar = progressReporter(ctx.logger, dataset);
          let done = 0;
          let failed = 0;
          for (const key of keys) {
            try {
              await reparsePartition(job, key, services.deps());
            } catch (err) {
              failed++;
              process.stderr.write(`  ${key}: ${(err as Error).message}\n`);
            }
            bar.update({ done: ++done, total: keys.length, failed });
          }
          bar.stop();
          process.stderr.write(
            `${dataset}: ${done - failed} partitions re-parsed from the archive, ${failed} failed\n`,
          );
          process.exitCode = failed > 0 ? 1 : 0;
        },
        { startMirror: false },
      );
    });

  program
    .command('worker')
    .description(
      'Consume queued partitions (BullMQ; needs REDIS_URL). Run as many as you like, on any machine.',
    )
    .action(async () => {
      const ctx = getCtx();
      if (!ctx.config.REDIS_URL) {
        process.stderr.write(
          'etl worker needs REDIS_URL (BullMQ). On the embedded default, `etl start` runs jobs in-process.\n',
        );
        process.exit(2);
      }
      await withRuntime(
        ctx,
        async (services, runtime) => {
          await runtime.startWorkers();
          // Each worker also runs the webhook dispatcher and consumes the `webhooks` delivery queue.
          const webhooks = await startWebhooks({ ...services, logger: ctx.logger });
          const metricsServer = await startMetricsIfConfigured(ctx);
          onShutdown(ctx.logger, async () => {
            await webhooks.close();
            await runtime.close();
            await metricsServer?.close();
            await services.close();
          });
        },
        { keepOpen: true },
      );
    });

  program
    .command('scheduler')
    .description(
      'Register every dataset schedule (UTC) as BullMQ job schedulers (needs REDIS_URL), then exit',
    )
    .action(async () => {
      const ctx = getCtx();
      if (!ctx.config.REDIS_URL) {
        process.stderr.write(
          'etl scheduler needs REDIS_URL. On the embedded default, `etl start` schedules in-process.\n',
        );
        process.exit(2);
      }
      await withRuntime(ctx, (_s, runtime) => runtime.startScheduler(), { startMirror: false });
    });
}

/** `etl backfill <datasets> --feed <days>`: checks the datasets and the days, then runs each day once for all of them. */
async function feedAction(
  ctx: CliContext,
  dataset: string,
  opts: { feed: string; bulk?: boolean; bulkFile?: string },
) {
  const ids = dataset === 'all' ? [...FEED_DATASETS] : dataset.split(',').map((d) => d.trim());
  const bad = ids.filter((d) => !(FEED_DATASETS as readonly string[]).includes(d));
  let problem =
    bad.length > 0 ? `--feed loads ${FEED_DATASETS.join(', ')} (or "all"), not ${bad.join(', ')}` : null;
  if (!problem && (opts.bulk || opts.bulkFile))
    problem = '--feed and --bulk/--bulk-file are different routes: give one';
  if (!problem) {
    try {
      feedDays(opts.feed);
    } catch (err) {
      problem = (err as Error).message;
    }
  }
  if (problem) {
    process.stderr.write(`${problem}\n`);
    process.exitCode = 2;
    return;
  }
  await stoppableBackfill(ctx, async (services, runtime, signal) => {
    // the backfill takes days too (on BullMQ, beside the `etl worker` processes), as the per-partition route does
    await runtime.startWorkers();
    return runFeedBackfill(
      ctx,
      services,
      runtime,
      ids as FeedDataset[],
      { ...opts, feed: opts.feed },
      signal,
    );
  });
}

/**
 * Runs a backfill whose result is its number of failures, then the status sweep. Ctrl-C / SIGTERM stops it
 * between partitions (a download is cut off), lets running ones finish and closes the database; a second
 * signal exits at once. A shutdown that cuts off a download rejects the run: that is the stop asked for,
 * not a failure. Exit code 1 on any failure or a stop.
 */
async function stoppableBackfill(
  ctx: CliContext,
  body: (services: Services, runtime: JobRuntime, signal: AbortSignal) => Promise<number>,
): Promise<void> {
  const stop = new AbortController();
  const run = withRuntime(ctx, async (services, runtime) => {
    const failures = await body(services, runtime, stop.signal);
    await statusSweep(services);
    return failures;
  });
  onShutdown(ctx.logger, async () => {
    stop.abort();
    await run.catch(() => {});
  });
  const failed = await run.catch((err: unknown) => {
    if (stop.signal.aborted) return 1;
    throw err;
  });
  process.exitCode = failed > 0 || stop.signal.aborted ? 1 : 0;
}
