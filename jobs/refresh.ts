import { and, eq, inArray, sql } from 'drizzle-orm';
import { blockingInput, readDatasetStates } from '../lib/dataset-inputs.ts';
import { DATASETS, type DatasetDecl, datasetDecl } from '../lib/datasets.ts';
import { setHistoryStatus, setPending } from '../loaders/coverage.ts';
import { datasetPartitions, datasets } from '../schema/datasets.ts';
import { JOBS, jobFor } from './registry.ts';
import type { JobRuntime, RunOutcome, RunProgress } from './runtime/types.ts';
import type { Services } from './services.ts';
import type { BackfillOptions, DatasetJob } from './types.ts';

export interface BackfillRun extends RunOutcome {
  skipped: number;
  /** The run was stopped (shutdown) before every partition was attempted. */
  stopped: boolean;
  /** The input that keeps the dataset pending after a clean run (`filings (3 partitions failed: ...)`). */
  blockedBy?: string | null;
}

/**
 * The datasets a backfill, run or reparse accepts: those with a job handler, plus those another dataset's
 * job builds (`financial_metrics` -> `financials`), derived from jobs/registry.ts so the list stays true.
 */
export function jobDatasets(): { id: string; builtBy?: string }[] {
  const withJob = JOBS.map((j) => ({ id: j.dataset }));
  const built = DATASETS.flatMap((d: DatasetDecl) =>
    d.builtBy && !JOBS.some((j) => j.dataset === d.id) ? [{ id: d.id, builtBy: d.builtBy }] : [],
  );
  return [...withJob, ...built];
}

/** The dataset whose job fills `dataset`: itself, or the dataset that builds it. */
export function jobDatasetOf(dataset: string): string {
  const built = jobDatasets().find((d) => d.id === dataset)?.builtBy;
  return built ?? jobFor(dataset).dataset;
}

/**
 * Runs a dataset's partitions over a window until none is left: listing can grow as earlier partitions
 * load (the ticker snapshot names the CIKs).
 *
 * Resume rule: a partition that finished (done or not_found) is not run again by a backfill, however long
 * ago it ran, with one exception: a time partition that finished before it became final (the current
 * quarter's index, run mid-quarter) runs once more after it has. Keeping finished partitions current is the
 * scheduled refresh's work (`refresh`). A failed partition is retried. `force` redoes everything.
 * `signal` stops the run between partitions (shutdown): running partitions finish, queued ones do not start.
 */
export async function backfill(
  services: Services,
  runtime: JobRuntime,
  dataset: string,
  opts: BackfillOptions & { force?: boolean; signal?: AbortSignal },
  onProgress?: (p: RunProgress & { dataset: string }) => void,
): Promise<BackfillRun> {
  const job = jobFor(dataset);
  const attempted = new Set<string>();
  const out: BackfillRun = { reports: [], failures: [], skipped: 0, stopped: false };
  for (;;) {
    if (opts.signal?.aborted) break;
    const now = new Date();
    const keys = (await job.partitions(services.deps(now).ctx, opts)).filter((k) => !attempted.has(k));
    if (keys.length === 0) break;
    for (const k of keys) attempted.add(k);
    const finished = opts.force ? new Set<string>() : await finishedPartitions(services, job, keys, now);
    const todo = keys.filter((k) => !finished.has(k));
    out.skipped += keys.length - todo.length;
    if (todo.length === 0) continue;
    const r = await runtime.runPartitions(dataset, todo, (p) => onProgress?.({ ...p, dataset }), {
      refetch: opts.force ?? false,
    });
    out.reports.push(...r.reports);
    out.failures.push(...r.failures);
  }
  out.stopped = opts.signal?.aborted ?? false;
  const complete =
    !out.stopped && out.failures.length === 0 && !opts.from && !opts.to && !opts.cik && !opts.ticker;
  const decl = datasetDecl(dataset);
  // Complete only if its inputs are: a dataset that ran over a failed or partial input (no filings -> no
  // filing items to split) has not covered its history, however cleanly its own partitions ran.
  const blocked = complete
    ? blockingInput(dataset, await readDatasetStates(services.database), new Set())
    : null;
  if (complete && !blocked) {
    await setHistoryStatus(
      services.database,
      dataset,
      decl.initialHistoryStatus === 'current_snapshot' ? 'current_snapshot' : 'complete',
      false,
    );
  } else if (blocked) {
    await setPending(services.database, dataset);
    services.logger.warn(
      { dataset, waitingFor: blocked },
      'backfill ran, but an input is failing or incomplete: the dataset stays pending',
    );
  }
  out.blockedBy = blocked;
  return out;
}

/** Partitions of `keys` a backfill skips: finished, and not owed a last run since becoming final. */
async function finishedPartitions(services: Services, job: DatasetJob, keys: string[], now: Date) {
  const rows = await finishedRows(services, job.dataset, keys.length < 5000 ? keys : null);
  return new Set(rows.filter((r) => !owesFinalRun(job, r, now)).map((r) => r.key));
}

/** A dataset's finished (done or not_found) partitions, among `keys` or all of them. */
function finishedRows(services: Services, dataset: string, keys: string[] | null) {
  return services.database.db
    .select({ key: datasetPartitions.partitionKey, finishedAt: datasetPartitions.finishedAt })
    .from(datasetPartitions)
    .where(
      and(
        eq(datasetPartitions.datasetId, dataset),
        inArray(datasetPartitions.status, ['done', 'not_found']),
        keys ? inArray(datasetPartitions.partitionKey, keys) : sql`true`,
      ),
    );
}

/** Finished while its upstream could still change, and final now: one more run picks up the last changes. */
const owesFinalRun = (job: DatasetJob, r: { key: string; finishedAt: Date }, now: Date) =>
  typeof job.isFinal === 'function' && job.isFinal(r.key, now) && !job.isFinal(r.key, r.finishedAt);

/**
 * A scheduled refresh: the newest partitions of one dataset, always re-run (conditional GETs make an
 * unchanged document a 304), plus any finished partition that has become final since it last ran (last
 * quarter's index in the first days of a new quarter), so the schedule alone keeps history complete.
 */
export async function refresh(services: Services, runtime: JobRuntime, dataset: string): Promise<RunOutcome> {
  const job = jobFor(dataset);
  const now = new Date();
  const latest = await job.latestPartitions(services.deps(now).ctx);
  // A constant finality owes no final run: skip reading what may be millions of finished filings.
  const rows = typeof job.isFinal === 'boolean' ? [] : await finishedRows(services, dataset, null);
  const owed = rows.filter((r) => owesFinalRun(job, r, now)).map((r) => r.key);
  const outcome = await runtime.runPartitions(dataset, [...new Set([...latest, ...owed])]);
  if (job.followUps && outcome.reports.some((r) => r.inserted > 0)) {
    for (const next of await job.followUps(services.deps(now).ctx)) {
      if (next.partitions.length === 0) continue;
      const r = await runtime.runPartitions(next.dataset, next.partitions);
      outcome.reports.push(...r.reports);
      outcome.failures.push(...r.failures);
    }
  }
  return outcome;
}

/**
 * The status sweep: exact row counts, pending flags and last_sweep_at for every dataset, read by
 * /v1/_status. Cheap enough to run every few minutes.
 */
export async function statusSweep(services: Services): Promise<void> {
  const at = new Date();
  for (const d of DATASETS) {
    const [p] = await services.database.db
      .select({
        n: sql<number>`count(*)::int`,
        failed: sql<number>`count(*) filter (where ${datasetPartitions.status} = 'failed')::int`,
      })
      .from(datasetPartitions)
      .where(eq(datasetPartitions.datasetId, d.id));
    const decl: DatasetDecl = d;
    const rows = await countRows(services, decl.table, decl.tableWhere);
    const earliest = await earliestRow(services, decl);
    // A dataset another job builds (metrics rows written by the financials job) reports that job's state.
    const [builder] = decl.builtBy
      ? await services.database.db.select().from(datasets).where(eq(datasets.id, decl.builtBy))
      : [];
    await services.database.db
      .update(datasets)
      .set({
        lastSweepAt: at,
        ...(rows === null ? {} : { rowCount: rows }),
        ...(earliest ? { availableFrom: earliest } : {}),
        ...(p && p.n > 0 ? { coveragePct: ((p.n - p.failed) / p.n).toFixed(4) } : {}),
        ...(builder
          ? {
              historyStatus: builder.historyStatus,
              pending: builder.pending,
              lastRefreshedAt: builder.lastRefreshedAt,
              lastError: builder.lastError,
              coveragePct: builder.coveragePct,
            }
          : {}),
      })
      .where(eq(datasets.id, d.id));
  }
}

/**
 * The earliest period the dataset's rows hold (its `earliestColumn`), or null when it declares none or is empty:
 * a date or timestamp column gives its date (YYYY-MM-DD); a period column holding months (`YYYY-MM` text) or
 * years (an integer) gives that period as written.
 */
async function earliestRow(services: Services, decl: DatasetDecl): Promise<string | null> {
  if (!decl.table || !decl.earliestColumn) return null;
  const [r] = await services.database.query<{ first: string | null }>(
    `select min(${decl.earliestColumn})::text as first from ${decl.table}${decl.tableWhere ? ` where ${decl.tableWhere}` : ''}`,
  );
  const first = r?.first ?? null;
  return first && /^\d{4}-\d{2}-\d{2}/.test(first) ? first.slice(0, 10) : first;
}

/**
 * Above this many rows (Postgres's own estimate) the sweep reports the estimate instead of counting: an exact
 * count(*) reads the whole table every sweep (2.4 s for the 4.6 M filings of a full backfill, ~13 s for 25 M
 * 13F rows; docs/scale.md). The estimate is refreshed by autovacuum and every ANALYZE.
 */
export const EXACT_COUNT_BELOW = 1_000_000;

async function countRows(services: Services, table: string | null, where?: string): Promise<number | null> {
  if (!table) return null;
  if (!where) {
    const [e] = await services.database.query<{ n: string | number }>(
      'select reltuples::bigint as n from pg_class where oid = to_regclass($1)',
      [table],
    );
    if (e && Number(e.n) >= EXACT_COUNT_BELOW) return Number(e.n);
  }
  const [r] = await services.database.query<{ n: number }>(
    `select count(*)::int as n from ${table}${where ? ` where ${where}` : ''}`,
  );
  return r?.n ?? 0;
}
