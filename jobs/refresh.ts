import { and, eq, inArray, sql } from 'drizzle-orm';
import { DATASETS, type DatasetDecl, datasetDecl } from '../lib/datasets.ts';
import { setHistoryStatus } from '../loaders/coverage.ts';
import { datasetPartitions, datasets } from '../schema/datasets.ts';
import { jobFor } from './registry.ts';
import type { JobRuntime, RunOutcome, RunProgress } from './runtime/types.ts';
import type { Services } from './services.ts';
import type { BackfillOptions } from './types.ts';

/** Non-final partitions finished more recently than this are not redone by a resumed backfill. */
const FRESH_MS = 12 * 3600_000;

export interface BackfillRun extends RunOutcome {
  skipped: number;
}

/**
 * Runs a dataset's partitions over a window until none is left: listing can grow as earlier partitions
 * load (the ticker snapshot names the CIKs). Finished partitions are skipped unless `force`, so a restart
 * resumes instead of redoing work.
 */
export async function backfill(
  services: Services,
  runtime: JobRuntime,
  dataset: string,
  opts: BackfillOptions & { force?: boolean },
  onProgress?: (p: RunProgress & { dataset: string }) => void,
): Promise<BackfillRun> {
  const job = jobFor(dataset);
  const attempted = new Set<string>();
  const out: BackfillRun = { reports: [], failures: [], skipped: 0 };
  for (;;) {
    const now = new Date();
    const keys = (await job.partitions(services.deps(now).ctx, opts)).filter((k) => !attempted.has(k));
    if (keys.length === 0) break;
    for (const k of keys) attempted.add(k);
    const finished = opts.force
      ? new Set<string>()
      : await finishedPartitions(services, dataset, keys, (k) => job.isFinal(k, now));
    const todo = keys.filter((k) => !finished.has(k));
    out.skipped += keys.length - todo.length;
    if (todo.length === 0) continue;
    const r = await runtime.runPartitions(dataset, todo, (p) => onProgress?.({ ...p, dataset }));
    out.reports.push(...r.reports);
    out.failures.push(...r.failures);
  }
  const complete = out.failures.length === 0 && !opts.from && !opts.to && !opts.cik && !opts.ticker;
  const decl = datasetDecl(dataset);
  if (complete) {
    await setHistoryStatus(
      services.database,
      dataset,
      decl.initialHistoryStatus === 'current_snapshot' ? 'current_snapshot' : 'complete',
      false,
    );
  }
  return out;
}

async function finishedPartitions(
  services: Services,
  dataset: string,
  keys: string[],
  isFinal: (k: string) => boolean,
) {
  const rows = await services.database.db
    .select()
    .from(datasetPartitions)
    .where(
      and(
        eq(datasetPartitions.datasetId, dataset),
        inArray(datasetPartitions.status, ['done', 'not_found']),
        keys.length < 5000 ? inArray(datasetPartitions.partitionKey, keys) : sql`true`,
      ),
    );
  const cutoff = Date.now() - FRESH_MS;
  return new Set(
    rows.filter((r) => isFinal(r.partitionKey) || r.finishedAt.getTime() > cutoff).map((r) => r.partitionKey),
  );
}

/** A scheduled refresh: the newest partitions of one dataset, always re-run. */
export async function refresh(services: Services, runtime: JobRuntime, dataset: string): Promise<RunOutcome> {
  const job = jobFor(dataset);
  const keys = await job.latestPartitions(services.deps().ctx);
  return runtime.runPartitions(dataset, keys);
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
    // A dataset another job builds (metrics rows written by the financials job) reports that job's state.
    const [builder] = decl.builtBy
      ? await services.database.db.select().from(datasets).where(eq(datasets.id, decl.builtBy))
      : [];
    await services.database.db
      .update(datasets)
      .set({
        lastSweepAt: at,
        ...(rows === null ? {} : { rowCount: rows }),
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

async function countRows(services: Services, table: string | null, where?: string): Promise<number | null> {
  if (!table) return null;
  const [r] = await services.database.query<{ n: number }>(
    `select count(*)::int as n from ${table}${where ? ` where ${where}` : ''}`,
  );
  return r?.n ?? 0;
}
