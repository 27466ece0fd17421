import type { Config } from '../lib/config.ts';
import type { Database, Tx } from '../lib/db.ts';
import type { Logger } from '../lib/logger.ts';
import type { Archive, HttpGetter } from './fetcher.ts';
import type { PartitionReport } from './pipeline.ts';

/** A raw upstream document as fetched (or read back from the archive for `etl reparse`). */
export interface RawDocument {
  url: string;
  bytes: Buffer;
  sha256: string;
  fetchedAt: string;
  contentType: string | null;
}

export interface Fetcher {
  /** Fetches a document through the shared HTTP client and records it in the raw archive index. */
  get(url: string, opts?: { maxAgeMs?: number }): Promise<RawDocument>;
  /** A form POST (a MOPS query form); the document's url is its identity, the URL with the form body. */
  post(url: string, form: Record<string, string>, opts?: { maxAgeMs?: number }): Promise<RawDocument>;
}

export interface JobContext {
  config: Config;
  database: Database;
  logger: Logger;
  /** The job's notion of "now", passed in so partitions are reproducible in tests. */
  now: Date;
  /**
   * Inside a partition attempt: reports a step begun, so a job doing long work of its own between fetches
   * (reading stored documents, embedding) is not taken for stalled (PARTITION_STALL_MS). Fetches report
   * themselves.
   */
  progress?: (stage: string) => void;
}

export interface BackfillOptions {
  from?: string | undefined;
  to?: string | undefined;
  ticker?: string | undefined;
  cik?: string | undefined;
}

/** What a parse gives: rows and the warnings about the documents. */
export interface ParseResult<Parsed> {
  rows: Parsed;
  warnings: string[];
}

/** A parse that must be synchronous (a bulk loader's): a Promise back is a programming error. */
export function syncParse<P>(r: ParseResult<P> | Promise<ParseResult<P>>, dataset: string): ParseResult<P> {
  if (r instanceof Promise)
    throw new Error(`${dataset}: parse is asynchronous where a synchronous one is needed`);
  return r;
}

export interface LoadResult {
  inserted: number;
  updated: number;
}

/**
 * A dataset's way to refresh itself. The runtime only ever sees (dataset, partition key) pairs: a backfill
 * is "run these partitions", a schedule is "run the newest partitions".
 */
export interface DatasetJob<Parsed = unknown> {
  dataset: string;
  /** Every partition of a backfill over the options' window. */
  partitions(ctx: JobContext, opts: BackfillOptions): Promise<string[]>;
  /** The partitions a scheduled refresh runs. */
  latestPartitions(ctx: JobContext): Promise<string[]>;
  /**
   * Whether a partition's upstream can still change (a past quarter's index cannot; the current one can).
   * A constant when it does not depend on the partition or the date (an accepted filing never changes),
   * so a refresh need not read the dataset's finished partitions to find the ones owing a final run.
   */
  isFinal: boolean | ((key: string, now: Date) => boolean);
  /**
   * Work other datasets owe this one's new rows (a live filing's items and 8-K events): when a refresh
   * inserted rows, these partitions run right after it instead of at their datasets' own schedules.
   */
  followUps?(ctx: JobContext): Promise<{ dataset: string; partitions: string[] }[]>;
  fetch(ctx: JobContext, key: string, fetcher: Fetcher): Promise<RawDocument[]>;
  /**
   * Pure: raw documents -> rows and warnings. Throws ParseError on an unknown format. Asynchronous only where
   * the reading library is (pdf.js for Form ADV brochures).
   */
  parse(docs: RawDocument[], key: string): ParseResult<Parsed> | Promise<ParseResult<Parsed>>;
  /** Upserts inside the caller's transaction; coverage is written by the pipeline in the same one. */
  load(tx: Tx, rows: Parsed, key: string): Promise<LoadResult>;
  /**
   * Optional work after the load's transaction committed, outside it, in short transactions of its own
   * (the documents job embeds the chunks its loads left without a vector). Its counts add to the load's.
   */
  afterLoad?(ctx: JobContext, key: string): Promise<LoadResult>;
}

/** What a PartitionTask's attempt is given: the pipeline's deps, the attempt's signals and its progress. */
export interface TaskDeps {
  ctx: JobContext;
  http: HttpGetter;
  archive: Archive;
  /** `--force`: redo what finished. */
  refetch?: boolean;
  /** Aborted when the attempt stalls or the runtime closes. */
  signal: AbortSignal;
  /** Aborted only when the attempt stalls: nothing more may be written. */
  stallSignal: AbortSignal;
  /** A step begun: what the partition's deadline (PARTITION_STALL_MS) counts as progress. */
  progress(stage: string, opts?: { document?: boolean }): void;
}

/**
 * A partition that is not one fetch -> parse -> load of one dataset: an EDGAR Feed day archive, read once for
 * the several datasets it feeds (jobs/edgar/feed-backfill.ts). The runtimes queue and retry it like a
 * dataset's partition (same queue machinery, job ids, retries) and the pipeline runs it under the same
 * deadline and database-outage wait (jobs/pipeline.ts `runPartition`); its `run` records its own coverage.
 * `dataset` is the task's name in the queue, logs and metrics (not a registered dataset).
 */
export interface PartitionTask {
  dataset: string;
  /** The runtime queue it runs on (one worker slot per process: SOURCE_CONCURRENCY). */
  source: string;
  run(key: string, deps: TaskDeps): Promise<PartitionReport>;
  /** Records the partition failed (an attempt that stalled, whose own `run` could not say so). */
  recordFailure(ctx: JobContext, key: string, message: string): Promise<void>;
}
