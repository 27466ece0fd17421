import { backfillFeed, type FeedDataset } from '../jobs/edgar/feed-backfill.ts';
import { backfillFinancialsBulk } from '../jobs/edgar/financials-bulk.ts';
import { backfillNportBatched } from '../jobs/edgar/nport-batch.ts';
import { backfill } from '../jobs/refresh.ts';
import { type JobRuntime, RUNTIME_CLOSED } from '../jobs/runtime/types.ts';
import type { Services } from '../jobs/services.ts';
import type { BackfillOptions } from '../jobs/types.ts';
import type { CliContext } from './context.ts';
import { formatDuration, progressReporter } from './progress.ts';

export interface BackfillsOptions extends BackfillOptions {
  force?: boolean;
  /** financials: read SEC's companyfacts.zip (downloaded, or `bulkFile` on disk); fund_holdings: batched loads. */
  bulk?: boolean;
  bulkFile?: string;
  /** filings, filing_items, insider_trades, institutional_holdings: EDGAR's daily Feed archives of these days (`YYYY-MM-DD..YYYY-MM-DD`). */
  feed?: string;
}

/**
 * Backfills datasets one after another, each with its progress bar and a summary line on stderr (`etl
 * backfill`, and `etl start` before it serves). `signal` stops between partitions; partitions a shutdown
 * left unrun are reported as such, not as failures. Returns the number of failed partitions.
 */
export async function runBackfills(
  ctx: CliContext,
  services: Services,
  runtime: JobRuntime,
  ids: string[],
  opts: BackfillsOptions,
  signal: AbortSignal,
): Promise<number> {
  let failures = 0;
  for (const id of ids) {
    if (signal.aborted) break;
    ctx.logger.info({ dataset: id }, 'backfill started');
    const started = Date.now();
    const bar = progressReporter(ctx.logger, id);
    const runOpts = { ...opts, signal };
    const r = await (opts.bulk && id === 'fund_holdings'
      ? backfillNportBatched(services, runOpts, (p) => bar.update(p))
      : opts.bulk || opts.bulkFile
        ? backfillFinancialsBulk(services, runOpts, (p) => bar.update(p))
        : backfill(services, runtime, id, runOpts, (p) => bar.update(p))
    ).finally(() => bar.stop()); // also on failure: the bar holds back log lines while it runs
    const failed = r.failures.filter((f) => f.message !== RUNTIME_CLOSED);
    const notRun = r.failures.length - failed.length;
    failures += failed.length;
    const rows = r.reports.reduce((n, x) => n + x.inserted, 0);
    const secs = Math.max(0.001, (Date.now() - started) / 1000);
    const docs = r.reports.reduce((n, x) => n + x.documents, 0);
    const rate = `in ${formatDuration(secs)}: ${Math.round(rows / secs)} rows/s, ${(docs / secs).toFixed(1)} documents/s`;
    ctx.logger.info(
      {
        dataset: id,
        loaded: r.reports.length,
        skipped: r.skipped,
        failed: failed.length,
        rows,
        seconds: Math.round(secs * 10) / 10,
        documents: docs,
      },
      'backfill finished',
    );
    process.stderr.write(
      `${id}: ${r.reports.length} partitions loaded, ${r.skipped} already done, ${failed.length} failed (${rows} new rows) ${rate}${r.stopped ? `, stopped (${notRun} not run)` : ''}\n`,
    );
    for (const f of failed.slice(0, 10)) process.stderr.write(`  failed ${f.partition}: ${f.message}\n`);
    if ('blockedBy' in r && r.blockedBy)
      process.stderr.write(`  still pending: waiting for ${r.blockedBy}\n`);
  }
  return failures;
}

/**
 * `etl backfill <datasets> --feed <days>`: every day's Feed archive read once for all the datasets asked for
 * (jobs/edgar/feed-backfill.ts), one runtime partition per day (on BullMQ, spread over the `etl worker`
 * processes), with a progress bar over the days (days done / total, submissions/s as documents/s, ETA) and
 * a summary line: days, submissions, bytes, documents/s and MB/s. Returns the number of failures (failed
 * days and refused submissions; days a shutdown left unrun are not failures).
 */
export async function runFeedBackfill(
  ctx: CliContext,
  services: Services,
  runtime: JobRuntime,
  ids: FeedDataset[],
  opts: BackfillsOptions & { feed: string },
  signal: AbortSignal,
): Promise<number> {
  const label = ids.join('+');
  ctx.logger.info({ datasets: ids, feed: opts.feed }, 'feed backfill started');
  const started = Date.now();
  const bar = progressReporter(ctx.logger, `${label} (feed)`, { unit: 'days' });
  const r = await backfillFeed(services, runtime, ids, opts.feed, { ...opts, signal }, (p) =>
    bar.update(p),
  ).finally(() => bar.stop());
  const failed = r.failures.filter((f) => f.message !== RUNTIME_CLOSED);
  const notRun = r.failures.length - failed.length;
  const secs = Math.max(0.001, (Date.now() - started) / 1000);
  const sum = (k: 'bytes' | 'submissions' | 'used') => r.days.reduce((n, d) => n + d[k], 0);
  const count = (s: string) => r.days.filter((d) => d.status === s).length;
  const rows = r.reports.reduce((n, x) => n + x.inserted, 0);
  process.stderr.write(
    `${label} from the Feed: ${count('done')} days loaded, ${r.skipped} already done, ${count('not_found')} without an archive, ${count('failed')} failed; ` +
      `${sum('submissions')} submissions (${sum('used')} used), ${(sum('bytes') / 1e6).toFixed(1)} MB, ${rows} new rows ` +
      `in ${formatDuration(secs)}: ${(sum('submissions') / secs).toFixed(1)} documents/s, ${(sum('bytes') / 1e6 / secs).toFixed(1)} MB/s${r.stopped ? `, stopped (${notRun} days not run)` : ''}\n`,
  );
  for (const f of failed.slice(0, 10)) process.stderr.write(`  failed ${f.partition}: ${f.message}\n`);
  return failed.length;
}
