import { setTimeout as delay } from 'node:timers/promises';
import { analyzeChangedTables } from '../lib/auto-analyze.ts';
import { eventsMaxAgeDays } from '../lib/config.ts';
import {
  ParseError,
  PartitionStalledError,
  type StallWaits,
  UnrecoverableError,
  UpstreamNotFoundError,
} from '../lib/errors.ts';
import { emitEvents } from '../lib/events/emit.ts';
import { metrics } from '../lib/metrics.ts';
import { isTransientFault } from '../lib/transient.ts';
import { recordPartition } from '../loaders/coverage.ts';
import { quarantine } from '../schema/datasets.ts';
import { type Archive, archivedDocuments, type HttpGetter, PartitionFetcher } from './fetcher.ts';
import { ArchiveFullError } from './http/archive.ts';
import { type PartitionProgress, watchPartition } from './partition-watch.ts';
import type { DatasetJob, JobContext, PartitionTask, RawDocument } from './types.ts';

export interface PartitionReport {
  dataset: string;
  partition: string;
  status: 'done' | 'not_found';
  documents: number;
  rowsParsed: number;
  inserted: number;
  updated: number;
  warnings: number;
  ms: number;
}

export interface PipelineDeps {
  ctx: JobContext;
  http: HttpGetter;
  archive: Archive;
  /** `--force`: every document is asked of the upstream (conditional GET), none reused from the archive. */
  refetch?: boolean;
  /** Aborted when the runtime closes: a partition waiting out a database outage stops waiting. */
  signal?: AbortSignal;
  /**
   * Each step the attempt begins (the runtime shows it: BullMQ's job progress). A step begun is what the
   * partition's deadline (PARTITION_STALL_MS, partition-watch.ts) counts as progress.
   */
  onProgress?: (p: PartitionProgress) => void;
}

/** What one attempt's steps see: the deps, with the attempt's own signal and its progress reporter. */
interface AttemptDeps extends PipelineDeps {
  /** Aborted when the attempt stalls or the runtime closes. */
  signal: AbortSignal;
  /** Aborted only when the attempt stalls: cuts off its requests (a shutdown lets them finish). */
  stallSignal: AbortSignal;
  progress(stage: string, opts?: { document?: boolean }): void;
}

/**
 * fetch -> parse -> load for one partition. A missing upstream document is recorded and skipped; a parse
 * error quarantines the document and fails without retry; everything else is rethrown for the runtime's
 * retry policy. The load and its coverage row share one transaction.
 *
 * Deadline: an attempt that begins no step for PARTITION_STALL_MS is aborted and fails with
 * PartitionStalledError, naming the step it stopped at, whatever it was waiting for (a request nobody
 * answers, a promise that never settles): the runtime retries it like any failure. Its signal cuts off its
 * requests; a step of the abandoned attempt that resumes later stops at its next check, before the load
 * commits, so nothing of it is loaded.
 *
 * A PartitionTask (a Feed day, jobs/types.ts) runs its own `run` in place of fetch -> parse -> load, under the
 * same deadline and outage wait.
 *
 * After an attempt succeeds (its load committed), on the embedded database only, every table changed past
 * autovacuum's threshold is analyzed (lib/auto-analyze.ts), outside the partition's deadline and transaction.
 */
export async function runPartition(
  job: DatasetJob | PartitionTask,
  key: string,
  deps: PipelineDeps,
): Promise<PartitionReport> {
  const started = performance.now();
  const observe = (outcome: string) => {
    metrics.partitions.inc({ dataset: job.dataset, outcome });
    metrics.partitionDuration.observe(
      { dataset: job.dataset, outcome },
      (performance.now() - started) / 1000,
    );
  };
  const watch = watchPartition(
    job.dataset,
    key,
    deps.ctx.config.PARTITION_STALL_MS ?? 0,
    deps.signal,
    deps.onProgress,
  );
  const attempt: AttemptDeps = {
    ...deps,
    signal: watch.signal,
    stallSignal: watch.stallSignal,
    progress: watch.progress,
  };
  const run = async (): Promise<PartitionReport> => {
    for (let outage = 1; ; outage++) {
      try {
        const r = 'run' in job ? await job.run(key, attempt) : await runPartitionOnce(job, key, attempt);
        observe(r.status);
        return r;
      } catch (err) {
        if (watch.stallSignal.aborted) throw watch.stallSignal.reason; // settled already by the race below
        // The database went away under the partition (a restart, a failover): wait for it and run the
        // partition again, without spending one of the runtime's retries (4 within ~15 s: shorter than a
        // restart of a large database). The load is one transaction, so nothing of the first run remains.
        if (
          !(err instanceof UnrecoverableError) &&
          isTransientFault(err) &&
          outage <= DB_OUTAGE.maxOutages &&
          (await databaseBack(deps.ctx, job.dataset, key, err, attempt))
        )
          continue;
        observe(err instanceof UnrecoverableError ? 'quarantined' : 'failed');
        // A full archive disk does not empty itself in the seconds of the runtime's retries: fail now.
        if (err instanceof ArchiveFullError) throw new UnrecoverableError(err.message);
        throw err;
      }
    }
  };
  try {
    const r = await Promise.race([run(), watch.stalled]);
    // committed: on the embedded database, analyze the tables it changed past autovacuum's threshold
    await analyzeChangedTables(
      deps.ctx.database,
      deps.ctx.logger.child({ dataset: job.dataset, partition: key }),
    );
    return r;
  } catch (err) {
    if (err instanceof PartitionStalledError) {
      observe('stalled');
      err.waits = stallWaits(deps.ctx.database);
      deps.ctx.logger
        .child({ dataset: job.dataset, partition: key })
        .error(
          { stage: err.stage, idleMs: err.idleMs, waits: err.waits },
          'partition stalled: attempt aborted',
        );
      // Not awaited: what stalled may be the database itself (a pool with no free connection).
      void (
        'run' in job ? job.recordFailure(deps.ctx, key, err.message) : recordFailure(job, key, deps.ctx, err)
      ).catch(() => undefined);
    }
    throw err;
  } finally {
    watch.stop();
  }
}

/**
 * What the process waits on at the moment a partition stalls: the pool's clients and Node's active handles and
 * requests by type (sockets, timers, file-system and zlib requests in the thread pool), so the log of a stall
 * says whether it was the database pool, the network or the thread pool.
 */
function stallWaits(database: JobContext['database']): StallWaits {
  const resources: Record<string, number> = {};
  for (const r of process.getActiveResourcesInfo()) resources[r] = (resources[r] ?? 0) + 1;
  return { pool: database.poolStats?.() ?? null, resources };
}

/** How long a partition waits for a database that went away, and how many outages it sits out. */
export const DB_OUTAGE = { waitMs: 300_000, pollMs: 1_000, maxOutages: 5 };

/**
 * Polls the database until it answers (true) or DB_OUTAGE.waitMs has passed (false). A database that
 * answers at once was not the fault (an upstream connection reset, or an outage already over): false,
 * and the runtime's retry policy takes the partition as before. A shutdown (`signal` aborted) ends the
 * wait at once: false, the partition fails and is run again by the next start or another worker.
 */
async function databaseBack(
  ctx: JobContext,
  dataset: string,
  key: string,
  err: unknown,
  attempt: Pick<AttemptDeps, 'signal' | 'progress'>,
): Promise<boolean> {
  const { signal } = attempt;
  const answers = () =>
    ctx.database.query('select 1').then(
      () => true,
      () => false,
    );
  if (ctx.database.kind !== 'postgres' || (await answers())) return false;
  const log = ctx.logger.child({ dataset, partition: key });
  // the pool's clients say whether the server is gone or the pool is held (every client checked out)
  log.warn(
    { err: (err as Error).message, pool: ctx.database.poolStats?.() ?? null },
    'database unavailable; the partition waits for it',
  );
  attempt.progress('waiting for the database to come back');
  const end = Date.now() + DB_OUTAGE.waitMs;
  while (Date.now() < end && !signal?.aborted) {
    // node's own timer promise: rejects at once when the signal aborts (the check below ends the wait)
    await delay(DB_OUTAGE.pollMs, undefined, { signal }).catch(() => undefined);
    if (signal?.aborted) break;
    if (await answers()) {
      log.info('database back; running the partition again');
      return true;
    }
  }
  if (signal?.aborted) log.warn('shutting down; the partition stops waiting for the database');
  return false;
}

async function runPartitionOnce(job: DatasetJob, key: string, deps: AttemptDeps): Promise<PartitionReport> {
  const ctx: JobContext = { ...deps.ctx, progress: deps.progress };
  const log = ctx.logger.child({ dataset: job.dataset, partition: key });
  const started = performance.now();
  const fetcher = new PartitionFetcher(deps.http, deps.archive, ctx.database, job.dataset, key, {
    refetch: deps.refetch ?? false,
    signal: deps.stallSignal,
    progress: deps.progress,
  });
  let docs: RawDocument[];
  try {
    deps.progress('fetch');
    docs = await job.fetch(ctx, key, fetcher);
    deps.stallSignal.throwIfAborted();
  } catch (err) {
    if (deps.stallSignal.aborted) throw err; // abandoned: the deadline has failed the attempt already
    if (err instanceof UpstreamNotFoundError) {
      await ctx.database.db.transaction((tx) =>
        recordPartition(tx, {
          datasetId: job.dataset,
          partitionKey: key,
          status: 'not_found',
          error: err.message,
          at: new Date(),
        }),
      );
      log.debug({ url: err.url }, 'upstream has no document for this partition; recorded as not_found');
      return report(job, key, 'not_found', 0, 0, { inserted: 0, updated: 0 }, 0, started);
    }
    // A job that reads a listing to plan its requests (a filing's index) can meet a format it does not
    // know while fetching: the same verdict as in parse, since retrying would fetch the same bytes.
    if (err instanceof ParseError) await quarantineAndFail(job, key, ctx, err, undefined);
    await recordFailure(job, key, ctx, err);
    throw err;
  }
  return parseAndLoad(job, key, docs, ctx, started, deps);
}

/** Re-runs parse + load of a partition from the raw archive, without the network. */
export async function reparsePartition(
  job: DatasetJob,
  key: string,
  deps: PipelineDeps,
): Promise<PartitionReport> {
  const docs = await archivedDocuments(deps.ctx.database, deps.archive, job.dataset, key);
  const r = await parseAndLoad(job, key, docs, deps.ctx, performance.now());
  await analyzeChangedTables(
    deps.ctx.database,
    deps.ctx.logger.child({ dataset: job.dataset, partition: key }),
  );
  return r;
}

/**
 * parse + load of documents a bulk reader already holds (a `Feed` day archive's submission), exactly as a
 * fetched partition's: quarantine on a parse error, the load, coverage and events in one transaction.
 */
export function loadDocuments(job: DatasetJob, key: string, docs: RawDocument[], ctx: JobContext) {
  return parseAndLoad(job, key, docs, ctx, performance.now());
}

async function parseAndLoad(
  job: DatasetJob,
  key: string,
  docs: RawDocument[],
  ctx: JobContext,
  started: number,
  attempt?: Pick<AttemptDeps, 'stallSignal' | 'progress'>,
) {
  const log = ctx.logger.child({ dataset: job.dataset, partition: key });
  // an abandoned attempt (its deadline passed) stops here, before a step that writes
  const live = () => attempt?.stallSignal.throwIfAborted();
  const bytes = docs.reduce((n, d) => n + d.bytes.length, 0);
  let parsed: { rows: unknown; warnings: string[] };
  try {
    attempt?.progress(`parse ${docs.length} documents (${bytes} bytes)`);
    parsed = await job.parse(docs, key);
    live();
  } catch (err) {
    if (attempt?.stallSignal.aborted) throw err;
    if (err instanceof ParseError) {
      const doc = docs.find((d) => err.document && d.url.includes(err.document)) ?? docs[0];
      await quarantineAndFail(job, key, ctx, err, doc);
    }
    throw err;
  }
  for (const w of parsed.warnings.slice(0, 20)) log.warn({ warning: w }, 'parser warning');
  const rowsParsed = countRows(parsed.rows);
  const sha = docs[0]?.sha256 ?? null;
  attempt?.progress(`load ${rowsParsed} rows`);
  const result = await ctx.database.db.transaction(async (tx) => {
    live();
    const r = await job.load(tx, parsed.rows, key);
    live(); // throwing here rolls the load back
    attempt?.progress(`commit ${rowsParsed} rows`);
    await recordPartition(tx, {
      datasetId: job.dataset,
      partitionKey: key,
      status: 'done',
      rows: rowsParsed,
      inserted: r.inserted,
      sha256: sha,
      at: new Date(),
    });
    // The events of the rows just written, last in the same transaction (lib/events/emit.ts, docs/events.md)
    await emitEvents(tx, job.dataset, {
      key,
      rows: parsed.rows,
      detectedAt: detectedAt(docs),
      maxAgeDays: eventsMaxAgeDays(ctx.config),
    });
    live();
    return r;
  });
  if (job.afterLoad) {
    attempt?.progress('after-load');
    const more = await job.afterLoad(ctx, key);
    result.inserted += more.inserted;
    result.updated += more.updated;
  }
  metrics.rowsLoaded.inc({ dataset: job.dataset, kind: 'inserted' }, result.inserted);
  metrics.rowsLoaded.inc({ dataset: job.dataset, kind: 'updated' }, result.updated);
  const out = report(job, key, 'done', docs.length, rowsParsed, result, parsed.warnings.length, started);
  log.debug({ urls: docs.map((d) => d.url), bytes, ...out }, 'partition loaded');
  return out;
}

/** When the partition's documents were fetched (the newest fetch; now for a load without documents). */
function detectedAt(docs: RawDocument[]): string {
  let last = '';
  for (const d of docs) if (d.fetchedAt > last) last = d.fetchedAt;
  return last || new Date().toISOString();
}

async function recordFailure(job: DatasetJob, key: string, ctx: JobContext, err: unknown) {
  const message = err instanceof Error ? err.message : String(err);
  await ctx.database.db.transaction((tx) =>
    recordPartition(tx, {
      datasetId: job.dataset,
      partitionKey: key,
      status: 'failed',
      error: message,
      at: new Date(),
    }),
  );
}

/**
 * Rows a parser returned, whatever its shape: an array of rows, or an object holding arrays of rows at any
 * depth (`{ mode, registry: { companies, identifiers, listings, events } }`). Rows are objects: an array of
 * strings (`warnings`) is not counted, and elements are not descended.
 */
export function countRows(rows: unknown): number {
  if (Array.isArray(rows)) return typeof rows[0] === 'object' && rows[0] !== null ? rows.length : 0;
  if (rows && typeof rows === 'object') {
    return Object.values(rows).reduce<number>((n, v) => n + countRows(v), 0);
  }
  return 0;
}

function report(
  job: DatasetJob,
  key: string,
  status: 'done' | 'not_found',
  documents: number,
  rowsParsed: number,
  r: { inserted: number; updated: number },
  warnings: number,
  started: number,
): PartitionReport {
  return {
    dataset: job.dataset,
    partition: key,
    status,
    documents,
    rowsParsed,
    inserted: r.inserted,
    updated: r.updated,
    warnings,
    ms: Math.round(performance.now() - started),
  };
}

/** Quarantines the document a parser refused, records the failure and fails the partition without retry. */
async function quarantineAndFail(
  job: DatasetJob,
  key: string,
  ctx: JobContext,
  err: ParseError,
  doc: RawDocument | undefined,
): Promise<never> {
  const url = doc?.url ?? err.document ?? null;
  metrics.quarantined.inc({ dataset: job.dataset });
  await ctx.database.db.insert(quarantine).values({
    datasetId: job.dataset,
    partitionKey: key,
    url,
    sha256: doc?.sha256 ?? null,
    error: err.message,
  });
  await recordFailure(job, key, ctx, err);
  ctx.logger
    .child({ dataset: job.dataset, partition: key })
    .error({ err: err.message, url }, 'parse error: document quarantined');
  throw new UnrecoverableError(`parse error in ${job.dataset}/${key}: ${err.message}`);
}
