import { and, eq, inArray, sql } from 'drizzle-orm';
import { analyzeChangedTables } from '../../lib/auto-analyze.ts';
import { eventsMaxAgeDays } from '../../lib/config.ts';
import type { Tx } from '../../lib/db.ts';
import { UpstreamNotFoundError } from '../../lib/errors.ts';
import { emitEvents } from '../../lib/events/emit.ts';
import { recordPartition } from '../../loaders/coverage.ts';
import { type FundReportRows, loadFundReports } from '../../loaders/funds.ts';
import { datasetPartitions, datasets, quarantine } from '../../schema/datasets.ts';
import { filings } from '../../schema/filings.ts';
import { PartitionFetcher } from '../fetcher.ts';
import type { PartitionReport } from '../pipeline.ts';
import type { BackfillRun } from '../refresh.ts';
import type { RunProgress } from '../runtime/types.ts';
import type { Services } from '../services.ts';
import { type BackfillOptions, type RawDocument, syncParse } from '../types.ts';
import { nportJob } from './nport.job.ts';
import { NportParseThread } from './nport-parse-pool.ts';

/**
 * `etl backfill fund_holdings --bulk`: the N-PORT partitions of a backfill (the same `acc:<accession>` /
 * `doc:<url>` keys, fetched and parsed by nportJob's own fetch and parse) loaded many filings per
 * transaction instead of one: loadFundReports (set-based: one report upsert, one delete, one link query,
 * one COPY of every position, one amendment pass, one fund refresh per batch), then each filing's partition
 * row and the batch's events (fund_holdings.published), all in the batch's transaction, so a batch is all
 * or nothing and coverage never claims rows that were rolled back. A month of N-PORT is ~10 million
 * positions in ~12,000 filings: the per-filing path's ~10 statements around each COPY are what this saves
 * (bench/funds.bench.ts). A document that does not parse is quarantined and its partition recorded
 * failed, the rest of its batch loads. The next batch is fetched and parsed while one loads. `parseThread`
 * parses on a worker thread (NportParseThread) instead, so the parse does not stall the COPY the main thread
 * feeds (in flight at most: one fetch slice parsing, one batch building, one batch loading); off by default:
 * on the 2-core target it did not pay (bench/funds.bench.ts `pipelined_vs_batched` 1.00 on Postgres, 0.95 on
 * PGlite: the second core is already Postgres's COPY, and the results cross the thread by structured clone).
 */

/** Positions per load transaction: big enough to amortise the statements, small enough for flat memory. */
export const NPORT_BATCH_POSITIONS = 50_000;
/** Filings per load transaction, whatever their size (most funds hold a few hundred positions). */
export const NPORT_BATCH_FILINGS = 400;
/** Documents fetched at once (the shared HTTP client still keeps SEC's request rate). */
const FETCH_CONCURRENCY = 8;

export interface NportParsed {
  key: string;
  doc: Omit<RawDocument, 'bytes'>;
  rows?: FundReportRows;
  warnings?: number;
  error?: Error;
  started: number;
}

/** nportJob's pure parse of one partition's document; a parse error is kept for loadNportBatch. */
export function parseNportPartition(key: string, doc: RawDocument): NportParsed {
  const started = performance.now();
  const { bytes: _bytes, ...ref } = doc;
  try {
    const parsed = syncParse(nportJob.parse([doc], key), 'fund_holdings');
    return { key, doc: ref, rows: parsed.rows, warnings: parsed.warnings.length, started };
  } catch (err) {
    return { key, doc: ref, error: err as Error, started };
  }
}

export type NportBatchResult = PartitionReport | { partition: string; message: string };

/**
 * One batch in one transaction: filing dates from the filing index (one query), the set-based load, the
 * partition rows (one insert for the batch) and the events of the reports written.
 */
export async function loadNportBatch(
  tx: Tx,
  batch: readonly NportParsed[],
  opts: { maxAgeDays: number; at?: Date },
): Promise<NportBatchResult[]> {
  const at = opts.at ?? new Date();
  const out: NportBatchResult[] = [];
  for (const p of batch) {
    if (!p.error) continue;
    const message = `parse error in fund_holdings/${p.key}: ${p.error.message}`;
    await tx.insert(quarantine).values({
      datasetId: 'fund_holdings',
      partitionKey: p.key,
      url: p.doc.url,
      sha256: p.doc.sha256,
      error: p.error.message,
    });
    await recordPartition(tx, {
      datasetId: 'fund_holdings',
      partitionKey: p.key,
      status: 'failed',
      error: message,
      at,
    });
    out.push({ partition: p.key, message });
  }
  const ok = batch.filter((p): p is NportParsed & { rows: FundReportRows } => !p.error && !!p.rows);
  if (ok.length === 0) return out;
  const undated = ok.flatMap((p) =>
    p.rows.filingDate || p.rows.accessionNumber.startsWith('url:') ? [] : [p.rows.accessionNumber],
  );
  const dates = new Map<string, string>();
  if (undated.length > 0) {
    const rows = await tx
      .selectDistinct({ accession: filings.accessionNumber, filingDate: filings.filingDate })
      .from(filings)
      .where(inArray(filings.accessionNumber, undated));
    for (const r of rows) dates.set(r.accession, r.filingDate);
  }
  const list = ok.map((p) => ({
    ...p.rows,
    filingDate: p.rows.filingDate ?? dates.get(p.rows.accessionNumber) ?? null,
  }));
  const result = await loadFundReports(tx, list);
  // coverage: one row per partition (positions parsed), the dataset's counters once for the batch
  await tx
    .insert(datasetPartitions)
    .values(
      ok.map((p) => ({
        datasetId: 'fund_holdings',
        partitionKey: p.key,
        status: 'done' as const,
        rows: p.rows.doc.positions.length,
        sha256: p.doc.sha256,
        error: null,
        attempts: 1,
        finishedAt: at,
      })),
    )
    .onConflictDoUpdate({
      target: [datasetPartitions.datasetId, datasetPartitions.partitionKey],
      set: {
        status: sql`excluded.status`,
        rows: sql`excluded.rows`,
        sha256: sql`excluded.sha256`,
        error: sql`null`,
        attempts: sql`${datasetPartitions.attempts} + 1`,
        finishedAt: sql`excluded.finished_at`,
      },
    });
  await tx
    .update(datasets)
    .set({
      rowCount: sql`${datasets.rowCount} + ${result.inserted}`,
      lastRefreshedAt: at,
      updatedAt: at,
    })
    .where(eq(datasets.id, 'fund_holdings'));
  const detectedAt = ok.reduce((m, p) => (p.doc.fetchedAt > m ? p.doc.fetchedAt : m), '');
  await emitEvents(tx, 'fund_holdings', {
    key: `batch:${ok[0]!.key}`,
    rows: list,
    detectedAt: detectedAt || at.toISOString(),
    maxAgeDays: opts.maxAgeDays,
  });
  const perFiling = result.inserted / Math.max(1, ok.length);
  for (const p of ok) {
    out.push({
      dataset: 'fund_holdings',
      partition: p.key,
      status: 'done',
      documents: 1,
      rowsParsed: p.rows.doc.positions.length + 1,
      inserted: Math.round(perFiling),
      updated: 0,
      warnings: p.warnings ?? 0,
      ms: Math.round(performance.now() - p.started),
    });
  }
  return out;
}

/**
 * The bulk backfill: nportJob's partitions over the window, the finished ones skipped (a failed one is
 * retried), fetched FETCH_CONCURRENCY at a time, parsed, and loaded in batches (loadNportBatch) while the
 * next batch is fetched and parsed. `signal` stops between documents.
 */
export async function backfillNportBatched(
  services: Services,
  opts: BackfillOptions & { force?: boolean; signal?: AbortSignal; parseThread?: boolean },
  onProgress: (p: RunProgress) => void = () => {},
): Promise<BackfillRun> {
  const deps = services.deps();
  const keys = await nportJob.partitions(deps.ctx, opts);
  const finished = opts.force
    ? new Set<string>()
    : new Set(
        (
          await services.database.db
            .select({ key: datasetPartitions.partitionKey })
            .from(datasetPartitions)
            .where(
              and(
                eq(datasetPartitions.datasetId, 'fund_holdings'),
                inArray(datasetPartitions.status, ['done', 'not_found']),
              ),
            )
        ).map((r) => r.key),
      );
  const todo = keys.filter((k) => !finished.has(k));
  const out: BackfillRun = { reports: [], failures: [], skipped: keys.length - todo.length, stopped: false };
  const progress: RunProgress = { done: 0, total: todo.length, failed: 0 };
  const maxAgeDays = eventsMaxAgeDays(services.config);
  let batch: NportParsed[] = [];
  let positions = 0;
  let loading: Promise<unknown> = Promise.resolve();
  let loadError: unknown = null;
  const thread = opts.parseThread && todo.length > 0 ? new NportParseThread() : null;
  const flush = async () => {
    const todoBatch = batch;
    batch = [];
    positions = 0;
    await loading;
    if (loadError) throw loadError;
    loading = services.database.db
      .transaction((tx) => loadNportBatch(tx, todoBatch, { maxAgeDays }))
      .then(
        async (reports) => {
          for (const r of reports) {
            if ('message' in r) out.failures.push(r);
            else out.reports.push(r);
          }
          progress.failed = out.failures.length;
          progress.last = out.reports.at(-1);
          onProgress(progress);
          // committed: the embedded database has no autovacuum (lib/auto-analyze.ts)
          await analyzeChangedTables(services.database, services.logger.child({ dataset: 'fund_holdings' }));
        },
        (err) => {
          loadError = err;
        },
      );
  };
  try {
    for (let i = 0; i < todo.length; i += FETCH_CONCURRENCY) {
      if (opts.signal?.aborted) {
        out.stopped = true;
        break;
      }
      const slice = todo.slice(i, i + FETCH_CONCURRENCY);
      const fetched = await Promise.all(
        slice.map(async (key) => {
          const fetcher = new PartitionFetcher(
            deps.http,
            deps.archive,
            services.database,
            'fund_holdings',
            key,
            {
              refetch: opts.force ?? false,
            },
          );
          try {
            const [doc] = await nportJob.fetch(deps.ctx, key, fetcher);
            return { key, doc: doc!, error: null };
          } catch (err) {
            return { key, doc: null, error: err as Error };
          }
        }),
      );
      // the slice's documents all go to the parse thread at once, then are taken in order
      const parses = fetched.map((f) => (thread && f.doc && !f.error ? thread.parse(f.key, f.doc) : null));
      for (const p of parses) p?.catch(() => {}); // a dead thread rejects them all; each is awaited below
      for (const [n, f] of fetched.entries()) {
        progress.done++;
        if (f.error || !f.doc) {
          const message = f.error?.message ?? 'no document';
          // a filing the upstream does not have is recorded not_found, as the pipeline does
          const missing = f.error instanceof UpstreamNotFoundError;
          await services.database.db.transaction((tx) =>
            recordPartition(tx, {
              datasetId: 'fund_holdings',
              partitionKey: f.key,
              status: missing ? 'not_found' : 'failed',
              error: message,
              at: new Date(),
            }),
          );
          if (!missing) out.failures.push({ partition: f.key, message });
          continue;
        }
        const parsed = (await parses[n]) ?? parseNportPartition(f.key, f.doc);
        batch.push(parsed);
        positions += parsed.rows?.doc.positions.length ?? 0;
        if (positions >= NPORT_BATCH_POSITIONS || batch.length >= NPORT_BATCH_FILINGS) await flush();
      }
      onProgress(progress);
    }
    if (batch.length > 0) await flush();
    await loading;
    if (loadError) throw loadError;
  } finally {
    await loading; // never leave a transaction running behind a thrown error
    await thread?.close();
  }
  return out;
}
