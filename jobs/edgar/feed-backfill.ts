import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { and, inArray } from 'drizzle-orm';
import { UnrecoverableError, UpstreamNotFoundError } from '../../lib/errors.ts';
import { INDEXED_FILING_TYPES, OWNERSHIP_FORM_TYPES } from '../../lib/filing-types.ts';
import { dashAccession, filingFolderUrl, padCik } from '../../lib/ids.ts';
import type { Logger } from '../../lib/logger.ts';
import { isProcessAlive } from '../../lib/processes.ts';
import { isTransientFault } from '../../lib/transient.ts';
import { recordPartition } from '../../loaders/coverage.ts';
import { loadFilings } from '../../loaders/filings.ts';
import { upsertRows } from '../../loaders/upsert.ts';
import { FeedArchiveError, readFeedArchive } from '../../parsers/edgar/feed-archive.ts';
import {
  parseSubmissionHeader,
  parseSubmissionText,
  type SubmissionHeader,
  type SubmissionParty,
} from '../../parsers/edgar/filing-document.ts';
import { canonicalFilingType } from '../../parsers/edgar/form-types.ts';
import { datasetPartitions } from '../../schema/datasets.ts';
import type { FilingInsert } from '../../schema/filings.ts';
import { ownershipIndex } from '../../schema/ownership.ts';
import { indexRawDocuments } from '../fetcher.ts';
import { insiderTradesJob } from '../ownership/insider-trades.job.ts';
import { thirteenFJob } from '../ownership/thirteen-f.job.ts';
import { loadDocuments, type PartitionReport, runPartition } from '../pipeline.ts';
import type { BackfillRun } from '../refresh.ts';
import type { JobRuntime } from '../runtime/index.ts';
import {
  FEED_QUEUE,
  RUNTIME_CLOSED,
  type RunOutcome,
  type RunProgress,
  RuntimeClosedError,
  settleAll,
} from '../runtime/types.ts';
import type { Services } from '../services.ts';
import type {
  BackfillOptions,
  DatasetJob,
  JobContext,
  PartitionTask,
  RawDocument,
  TaskDeps,
} from '../types.ts';
import { filingItemsJob, ITEM_FILING_TYPES } from './filing-items.job.ts';
import { backfillCiks } from './universe.ts';

/**
 * `etl backfill <dataset> --feed <from>..<to>`: EDGAR's daily `Feed` archives instead of one request per
 * filing. One `Archives/edgar/Feed/YYYY/QTRn/YYYYMMDD.nc.tar.gz` per filing day holds every submission of
 * that day (`<accession>.nc`, the dissemination SGML). Each day is downloaded through the shared HTTP client
 * (rate limit, retries, User-Agent) to a temporary file under DATA_DIR, read twice as a stream (never whole
 * in memory): first to the tar's end, so a truncated or corrupt archive fails its day before anything of it
 * is loaded; then submission by submission, each routed by its header to the per-filing datasets that want
 * it and put through that dataset's own job (`parse` and `load`, with the pipeline's coverage, quarantine and
 * events: jobs/pipeline.ts `loadDocuments`), under the same partition key (`acc:<accession>`) the per-filing
 * route uses, so the two routes resume each other and give the same rows.
 *
 * Which submissions a dataset takes (the per-filing route's partition lists, read from the header instead of
 * the index): `filings` every submission of an indexed type (one row per party of the header, as the index
 * files list them); `filing_items` a 10-K/10-Q/8-K (amendments and historical spellings) naming a filer of the
 * universe; `ownership_index` (also written when `insider_trades` is asked for) a Form 3/4/5 naming a company
 * of the universe; `insider_trades` a Form 3/4/5 whose issuer is in the universe; `institutional_holdings`
 * every 13F-HR (the holders), or only the universe's own filers when THIRTEEN_F_HOLDER_FILINGS is 0.
 *
 * Each day is one partition of the job runtime (a PartitionTask on the `feed` queue, `feedTaskFor`): on
 * BullMQ the `etl worker` processes take one day at a time each, with the runtime's retries; the pipeline
 * runs each attempt under the partition deadline and the database-outage wait (`runPartition`).
 *
 * The member is archived as the document `<filing folder>/<accession>.nc` (the folder of the lowest CIK the
 * header names, as the per-filing route takes the index's lowest), so `etl reparse` re-reads it offline. A
 * day is recorded as partition `feed:YYYYMMDD` of each dataset asked for: a resumed backfill skips the days
 * done (and the filings any route loaded); a day SEC has no archive for (a holiday) is `not_found`.
 */

export const FEED_DATASETS = [
  'filings',
  'filing_items',
  'ownership_index',
  'insider_trades',
  'institutional_holdings',
] as const;
export type FeedDataset = (typeof FEED_DATASETS)[number];

const DOWNLOAD_TIMEOUT_MS = 2 * 3600_000;
/** Filing-index rows per load transaction. */
const FILINGS_BATCH = 1_000;
/** Submissions read between two progress reports while an archive is checked to its end. */
const PROGRESS_EVERY = 1_000;
const INDEXED = new Set<string>(INDEXED_FILING_TYPES);
const OWNERSHIP = new Set<string>(OWNERSHIP_FORM_TYPES);
const THIRTEEN_F = new Set(['13F-HR', '13F-HR/A']);

export function feedDayUrl(day: string): string {
  const [y, m, d] = [day.slice(0, 4), day.slice(5, 7), day.slice(8, 10)];
  return `https://www.sec.gov/Archives/edgar/Feed/${y}/QTR${Math.floor((Number(m) - 1) / 3) + 1}/${y}${m}${d}.nc.tar.gz`;
}

/** The weekdays of `YYYY-MM-DD..YYYY-MM-DD` (or one day), oldest first: SEC disseminates no filing on weekends. */
export function feedDays(spec: string): string[] {
  const m = /^(\d{4}-\d{2}-\d{2})(?:\.\.(\d{4}-\d{2}-\d{2}))?$/.exec(spec.trim());
  const from = m ? new Date(`${m[1]}T00:00:00Z`) : null;
  const to = m ? new Date(`${m[2] ?? m[1]}T00:00:00Z`) : null;
  if (!from || !to || Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || to < from)
    throw new Error(`--feed ${spec}: expected YYYY-MM-DD or YYYY-MM-DD..YYYY-MM-DD (from <= to)`);
  if (from.toISOString().slice(0, 10) !== m![1] || to.toISOString().slice(0, 10) !== (m![2] ?? m![1]))
    throw new Error(`--feed ${spec}: not a calendar date`);
  const days: string[] = [];
  for (let t = from.getTime(); t <= to.getTime(); t += 86_400_000) {
    const d = new Date(t);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) days.push(d.toISOString().slice(0, 10));
  }
  return days;
}

export interface FeedOptions extends BackfillOptions {
  signal?: AbortSignal | undefined;
  force?: boolean | undefined;
}

/** What one day gave, for the summary and the rehearsal. */
export interface FeedDayReport {
  day: string;
  status: 'done' | 'not_found' | 'failed' | 'skipped';
  bytes: number;
  submissions: number;
  /** Submissions loaded into at least one dataset. */
  used: number;
  ms: number;
}

/** A day's partition report as the runtime returns it (through Redis on BullMQ: plain JSON). */
export interface FeedDayResult extends PartitionReport {
  bytes: number;
  submissions: number;
  used: number;
  /** Submissions of the day a dataset refused (`<dataset>/acc:<accession>`): the day is done without them. */
  failures: { partition: string; message: string }[];
}

/** The name a Feed day task is queued under: `edgar_feed+` and its datasets in FEED_DATASETS order. */
export const FEED_TASK_PREFIX = 'edgar_feed+';
export const feedTaskName = (datasets: readonly FeedDataset[]) =>
  FEED_TASK_PREFIX + FEED_DATASETS.filter((d) => datasets.includes(d)).join('+');
export const feedDayKey = (day: string) => `feed:${day.replace(/-/g, '')}`;
const dayOfKey = (key: string) => {
  const m = /^feed:(\d{4})(\d{2})(\d{2})$/.exec(key);
  if (!m) throw new UnrecoverableError(`not a Feed day partition: ${key}`);
  return `${m[1]}-${m[2]}-${m[3]}`;
};

/**
 * The Feed day task a queued name stands for (jobs/registry.ts `runnableFor`), or null for any other name.
 * `selection` (`--cik`/`--ticker`) narrows the universe; a queued task has none (workers read the
 * configured universe), so a narrowed backfill runs its days in its own process.
 */
export function feedTaskFor(name: string, selection: BackfillOptions = {}): PartitionTask | null {
  if (!name.startsWith(FEED_TASK_PREFIX)) return null;
  const datasets = name.slice(FEED_TASK_PREFIX.length).split('+');
  const bad = datasets.filter((d) => !(FEED_DATASETS as readonly string[]).includes(d));
  if (bad.length > 0) throw new Error(`${name}: not Feed datasets: ${bad.join(', ')}`);
  const ds = datasets as FeedDataset[];
  return {
    dataset: name,
    source: FEED_QUEUE,
    run: (key, deps) => feedDay(ds, key, deps, selection),
    recordFailure: (ctx, key, message) => recordDay(ctx, ds, key, 'failed', message),
  };
}

/**
 * `etl backfill <datasets> --feed <days>`: one partition per filing day (`feed:YYYYMMDD`), the days not yet
 * finished for every dataset asked for, run by the job runtime on its `feed` queue like any dataset's
 * partitions: on BullMQ each day is a job the `etl worker` processes take one at a time each (N workers, N
 * days at once), with the runtime's retries, job ids and shutdown; in-process, one day after another. Each
 * attempt runs under the partition deadline (PARTITION_STALL_MS). With `--cik`/`--ticker` the days run in
 * this process (the narrowed universe is not queued), one after another, without the runtime's retries.
 */
export async function backfillFeed(
  services: Services,
  runtime: JobRuntime,
  datasets: readonly FeedDataset[],
  spec: string,
  opts: FeedOptions = {},
  onProgress?: (p: RunProgress & { dataset: string }) => void,
): Promise<BackfillRun & { days: FeedDayReport[] }> {
  const { ctx } = services.deps();
  const log = ctx.logger.child({ mode: 'feed', datasets });
  const days = feedDays(spec);
  const name = feedTaskName(datasets);
  const universe = await backfillCiks(ctx, opts);
  if (universe.length === 0 && datasets.some((d) => d !== 'filings' && d !== 'institutional_holdings'))
    log.warn('the universe is empty: run `etl backfill companies` first (SEC_CIKS=all)');
  const dir = join(services.config.DATA_DIR, 'tmp');
  await mkdir(dir, { recursive: true });
  await removeAbandonedDownloads(dir, log);
  const done = opts.force ? new Set<string>() : await finishedDays(ctx, datasets, days.map(feedDayKey));
  const todo = days.map(feedDayKey).filter((k) => !done.has(k));
  const progress = (p: RunProgress) => onProgress?.({ ...p, dataset: datasets.join('+') });
  const narrowed = Boolean(opts.cik || opts.ticker);
  // a stop (Ctrl-C) closes the runtime: days not begun are not run (on BullMQ they stay queued for the
  // workers), a running day's download is cut off and nothing more of it is loaded; a later run resumes
  const stop = () => void runtime.close().catch(() => undefined);
  if (!narrowed) opts.signal?.addEventListener('abort', stop, { once: true });
  const outcome = await (narrowed
    ? runHere(services, feedTaskFor(name, opts)!, todo, opts, progress)
    : runtime.runPartitions(name, todo, progress, { refetch: opts.force ?? false })
  ).finally(() => opts.signal?.removeEventListener('abort', stop));
  const results = outcome.reports as FeedDayResult[];
  const byKey = new Map(results.map((r) => [r.partition, r]));
  const failedDays = new Set(
    outcome.failures.filter((f) => f.message !== RUNTIME_CLOSED).map((f) => f.partition),
  );
  const out: BackfillRun & { days: FeedDayReport[] } = {
    reports: results,
    failures: [...outcome.failures, ...results.flatMap((r) => r.failures)],
    skipped: done.size,
    stopped: opts.signal?.aborted ?? false,
    days: [],
  };
  for (const day of days) {
    const key = feedDayKey(day);
    const r = byKey.get(key);
    if (r)
      out.days.push({
        day,
        status: r.status,
        bytes: r.bytes,
        submissions: r.submissions,
        used: r.used,
        ms: r.ms,
      });
    else if (done.has(key))
      out.days.push({ day, status: 'skipped', bytes: 0, submissions: 0, used: 0, ms: 0 });
    else if (failedDays.has(key))
      out.days.push({ day, status: 'failed', bytes: 0, submissions: 0, used: 0, ms: 0 });
  }
  return out;
}

/** The days of a narrowed (`--cik`/`--ticker`) Feed backfill, one after another in this process. */
async function runHere(
  services: Services,
  task: PartitionTask,
  keys: string[],
  opts: FeedOptions,
  onProgress: (p: RunProgress) => void,
): Promise<RunOutcome> {
  let chain: Promise<unknown> = Promise.resolve();
  return settleAll(
    keys,
    (key) => {
      const next = chain.then(() => {
        if (opts.signal?.aborted) throw new RuntimeClosedError();
        return runPartition(task, key, {
          ...services.deps(),
          refetch: opts.force ?? false,
          ...(opts.signal ? { signal: opts.signal } : {}),
        });
      });
      chain = next.catch(() => undefined);
      return next;
    },
    onProgress,
  );
}

/**
 * One Feed day, one attempt: download the archive to a temporary file, read it to its end (a truncated or
 * corrupt archive fails the day before anything of it is loaded: UnrecoverableError, a later backfill
 * downloads it again), then route and load each submission, then record the day done for every dataset.
 * A download that fails past the HTTP client's retries is recorded failed and thrown for the runtime's
 * retries. Submissions a dataset refuses are recorded failed under their own `acc:` partitions and returned
 * with the day, which is done without them (a rerun of the day would refuse them again).
 */
async function feedDay(
  datasets: readonly FeedDataset[],
  dayKey: string,
  deps: TaskDeps,
  selection: BackfillOptions,
): Promise<FeedDayResult> {
  const started = performance.now();
  const { ctx } = deps;
  const day = dayOfKey(dayKey);
  const log = ctx.logger.child({ mode: 'feed', datasets, partition: dayKey });
  const url = feedDayUrl(day);
  const report = (
    status: 'done' | 'not_found',
    bytes = 0,
    submissions = 0,
    loader?: DayLoader,
  ): FeedDayResult => {
    const parts = loader?.reports ?? [];
    return {
      dataset: feedTaskName(datasets),
      partition: dayKey,
      status,
      documents: submissions,
      rowsParsed: parts.reduce((n, r) => n + r.rowsParsed, 0),
      inserted: parts.reduce((n, r) => n + r.inserted, 0) + (loader?.indexRows ?? 0),
      updated: parts.reduce((n, r) => n + r.updated, 0),
      warnings: parts.reduce((n, r) => n + r.warnings, 0),
      ms: Math.round(performance.now() - started),
      bytes,
      submissions,
      used: loader?.used ?? 0,
      failures: loader?.failures ?? [],
    };
  };
  if (!deps.refetch && (await finished(ctx, datasets, dayKey)).size === datasets.length)
    return report('done');
  const universe = new Set(await backfillCiks(ctx, selection));
  const dir = join(ctx.config.DATA_DIR, 'tmp');
  await mkdir(dir, { recursive: true });
  const file = join(dir, `feed-${process.pid}-${day}-${randomBytes(4).toString('hex')}.nc.tar.gz`);
  try {
    let fetchedAt: string;
    let bytes: number;
    try {
      const doc = await deps.http.get(url, {
        toFile: file,
        timeoutMs: DOWNLOAD_TIMEOUT_MS,
        accept: 'application/gzip, application/x-tar, */*',
        signal: deps.signal,
        progress: deps.progress,
      });
      fetchedAt = doc.fetchedAt;
      bytes = doc.size ?? 0;
    } catch (err) {
      if (err instanceof UpstreamNotFoundError) {
        await recordDay(ctx, datasets, dayKey, 'not_found', `no Feed archive at ${url} (no filing day)`);
        log.info({ day, url }, 'no Feed archive for this day');
        return report('not_found');
      }
      if (deps.signal.aborted) throw err;
      // a download cut off or refused past the client's retries: the day fails, the runtime retries it
      const message = `download failed: ${(err as Error).message}`;
      await recordDay(ctx, datasets, dayKey, 'failed', message);
      log.error({ day, url, err: (err as Error).message }, 'Feed archive download failed');
      throw new Error(message);
    }
    // pass 1: the whole archive must read to its end before anything of it is loaded
    let count = 0;
    try {
      deps.progress(`read ${url} to its end`);
      for await (const _ of readFeedArchive(file, url)) {
        if (++count % PROGRESS_EVERY === 0) {
          deps.stallSignal.throwIfAborted();
          deps.progress(`read ${count} submissions of ${url}`);
        }
      }
    } catch (err) {
      if (!(err instanceof FeedArchiveError)) throw err;
      await recordDay(ctx, datasets, dayKey, 'failed', err.message);
      log.error({ day, err: err.message }, 'Feed archive unreadable: the day is not loaded');
      throw new UnrecoverableError(err.message);
    }
    // pass 2: submission by submission
    const loader = new DayLoader(deps, datasets, universe, fetchedAt, log);
    for await (const member of readFeedArchive(file, url)) {
      deps.stallSignal.throwIfAborted(); // an abandoned attempt writes nothing more
      deps.progress(`submission ${member.name}`, { document: true });
      await loader.submission(member.name, member.bytes);
    }
    await loader.flush();
    deps.stallSignal.throwIfAborted();
    await ctx.database.db.transaction(async (tx) => {
      for (const d of datasets)
        await recordPartition(tx, {
          datasetId: d,
          partitionKey: dayKey,
          status: 'done',
          rows: loader.rows[d],
          inserted: d === 'filings' || d === 'ownership_index' ? loader.rows[d] : 0,
          at: new Date(),
        });
    });
    log.info({ day, bytes, submissions: count, used: loader.used, rows: loader.rows }, 'Feed day loaded');
    return report('done', bytes, count, loader);
  } finally {
    await rm(file, { force: true });
  }
}

/** Routes one day's submissions to the datasets that take them and loads them through their jobs. */
class DayLoader {
  used = 0;
  rows: Record<string, number> = {};
  /** The per-filing reports of the day's submissions. */
  reports: PartitionReport[] = [];
  failures: { partition: string; message: string }[] = [];
  /** Index rows written (filings, ownership_index). */
  indexRows = 0;
  private filings: FilingInsert[] = [];
  private owned: OwnershipIndexRow[] = [];
  private readonly jobs: Partial<Record<FeedDataset, DatasetJob>>;
  private readonly ctx: JobContext;
  /** Whether the ownership index is written: asked for, or the insider trades that read it are. */
  private readonly indexesOwnership: boolean;

  constructor(
    private readonly deps: TaskDeps,
    private readonly datasets: readonly FeedDataset[],
    private readonly universe: Set<string>,
    private readonly fetchedAt: string,
    private readonly log: Logger,
  ) {
    this.ctx = deps.ctx;
    for (const d of datasets) this.rows[d] = 0;
    this.jobs = {
      filing_items: filingItemsJob as DatasetJob,
      insider_trades: insiderTradesJob as DatasetJob,
      institutional_holdings: thirteenFJob as DatasetJob,
    };
    this.indexesOwnership = datasets.includes('ownership_index') || datasets.includes('insider_trades');
  }

  async submission(name: string, bytes: Buffer): Promise<void> {
    const header = feedHeader(bytes);
    const accession = header.accessionNumber ? dashAccession(header.accessionNumber) : null;
    if (!accession || !header.form) {
      this.log.warn({ member: name }, 'Feed member without an accession number or type: skipped');
      return;
    }
    const parties = partiesOf(header);
    if (parties.length === 0) {
      this.log.warn({ member: name, accession }, 'Feed member whose header names no CIK: skipped');
      return;
    }
    const loaded = this.datasets.filter((d) => d !== 'filings' && d !== 'ownership_index');
    const wanted = loaded.filter((d) => this.takes(d, header.form!, parties));
    const todo = this.deps.refetch
      ? wanted
      : await (async () => {
          const done = await finished(this.ctx, wanted, `acc:${accession}`);
          return wanted.filter((d) => !done.has(d));
        })();
    const rows = filingRows(header, accession, parties, this.fetchedAt);
    const owned = this.indexesOwnership
      ? ownershipIndexRows(header, accession, parties, this.universe, bytes)
      : [];
    if (
      wanted.length > 0 ||
      (rows.length > 0 && this.datasets.includes('filings')) ||
      (owned.length > 0 && this.datasets.includes('ownership_index'))
    )
      this.used++;
    this.owned.push(...owned);
    if (this.owned.length >= FILINGS_BATCH || todo.includes('insider_trades')) await this.flushOwnership();
    if (todo.includes('filing_items')) {
      // the items loader reads the filing's index row (type, dates): written first, whether or not
      // `filings` was asked for, as the daily index would have listed it
      const r = await this.ctx.database.db.transaction((tx) => loadFilings(tx, rows, 'index'));
      if (this.datasets.includes('filings')) {
        this.rows.filings! += r.inserted;
        this.indexRows += r.inserted;
      }
    } else if (this.datasets.includes('filings') && rows.length > 0) {
      this.filings.push(...rows);
      if (this.filings.length >= FILINGS_BATCH) await this.flushFilings();
    }
    if (todo.length === 0) return;
    const cik = Math.min(...parties.map((p) => Number(p.cik)));
    const doc: RawDocument = {
      url: `${filingFolderUrl(cik, accession)}${accession}.nc`,
      bytes,
      sha256: await this.deps.archive.put(bytes),
      fetchedAt: this.fetchedAt,
      contentType: 'text/plain',
    };
    const binaries = binaryDocuments(bytes);
    if (binaries.length > 0)
      this.log.debug(
        { accession, documents: binaries },
        'uuencoded documents in the submission: not decoded, skipped',
      );
    const key = `acc:${accession}`;
    for (const d of todo) {
      this.deps.stallSignal.throwIfAborted();
      await indexRawDocuments(this.ctx.database.db, d, key, [
        {
          url: doc.url,
          sha256: doc.sha256,
          fetchedAt: doc.fetchedAt,
          contentType: doc.contentType,
          size: bytes.length,
          seq: 0,
        },
      ]);
      try {
        const r: PartitionReport = await loadDocuments(this.jobs[d]!, key, [doc], this.ctx);
        this.rows[d]! += r.inserted;
        this.reports.push(r);
      } catch (err) {
        // a parse error was quarantined and recorded failed by the pipeline, as on the per-filing route; a
        // database that went away fails the attempt (the day is not marked done, the pipeline waits for the
        // database and runs the day again, its finished submissions skipped); any other error fails this
        // filing's partition only, as the runtime would after its retries
        if (isTransientFault(err) && !(err instanceof UnrecoverableError)) throw err;
        const message = (err as Error).message;
        if (!(err instanceof UnrecoverableError))
          await this.ctx.database.db.transaction((tx) =>
            recordPartition(tx, {
              datasetId: d,
              partitionKey: key,
              status: 'failed',
              error: message,
              at: new Date(),
            }),
          );
        this.failures.push({ partition: `${d}/${key}`, message });
        this.log.error({ dataset: d, partition: key, err: message }, 'Feed submission failed');
      }
    }
  }

  async flush(): Promise<void> {
    await this.flushFilings();
    await this.flushOwnership();
  }

  private async flushFilings(): Promise<void> {
    if (this.filings.length === 0) return;
    const rows = this.filings;
    this.filings = [];
    const r = await this.ctx.database.db.transaction((tx) => loadFilings(tx, rows, 'index'));
    this.rows.filings! += r.inserted;
    this.indexRows += r.inserted;
  }

  private async flushOwnership(): Promise<void> {
    if (this.owned.length === 0) return;
    const rows = this.owned;
    this.owned = [];
    const r = await this.ctx.database.db.transaction((tx) =>
      upsertRows(tx, ownershipIndex, rows, [ownershipIndex.accessionNumber, ownershipIndex.cik]),
    );
    if (this.datasets.includes('ownership_index')) {
      this.rows.ownership_index! += r.inserted;
      this.indexRows += r.inserted;
    }
  }

  private takes(d: FeedDataset, form: string, parties: SubmissionParty[]): boolean {
    const inUniverse = (roles: string[] | null) =>
      parties.some((p) => (roles === null || roles.includes(p.role)) && this.universe.has(p.cik));
    const type = canonicalFilingType(form) ?? form;
    if (d === 'filing_items') return ITEM_FILING_TYPES.includes(type) && inUniverse(null);
    if (d === 'insider_trades') return OWNERSHIP.has(form) && inUniverse(['ISSUER']);
    if (d === 'institutional_holdings')
      return THIRTEEN_F.has(form) && (this.ctx.config.THIRTEEN_F_HOLDER_FILINGS > 0 || inUniverse(null));
    return false;
  }
}

type OwnershipIndexRow = typeof ownershipIndex.$inferInsert;

/**
 * The ownership-index rows of a Form 3/4/5 (amendments included), as the per-filing route's
 * `ownership_index` job reads them from each universe company's submissions JSON: one row per company of
 * the universe the header names (issuer or reporting owner: its submissions list the form either way),
 * with the form as filed, the filing and period dates of the header, and the primary document as the
 * submissions JSON names it. Empty for any other form.
 */
export function ownershipIndexRows(
  header: SubmissionHeader,
  accession: string,
  parties: SubmissionParty[],
  universe: Set<string>,
  bytes: Buffer,
): OwnershipIndexRow[] {
  const form = header.form?.trim().toUpperCase() ?? '';
  if (!OWNERSHIP.has(form) || !header.filedAt) return [];
  const ciks = [...new Set(parties.filter((p) => universe.has(p.cik)).map((p) => Number(p.cik)))];
  if (ciks.length === 0) return [];
  const primaryDocument = ownershipPrimaryDocument(bytes);
  return ciks.map((cik) => ({
    accessionNumber: accession,
    cik,
    form,
    filingDate: header.filedAt!,
    reportDate: header.periodOfReport,
    primaryDocument,
  }));
}

/**
 * A Form 3/4/5's primary document as EDGAR's submissions JSON names it: the first document's file name,
 * behind the folder of its rendered view, `xslF345X<NN>/`, where NN is the first two digits of the XML's
 * `<schemaVersion>` (`X0306` -> `xslF345X03/`, `X0508` -> `xslF345X05/`). A paper-era form without an XML
 * document is named by its file alone.
 */
export function ownershipPrimaryDocument(bytes: Buffer): string | null {
  const first = parseSubmissionText(bytes.toString('latin1')).documents[0];
  if (!first?.filename) return null;
  const version = /<schemaVersion>\s*X(\d\d)/.exec(first.body)?.[1];
  return version ? `xslF345X${version}/${first.filename}` : first.filename;
}

/** The header of a member, read from the bytes before its first `<DOCUMENT>` (latin1: the header is ASCII). */
function feedHeader(bytes: Buffer): SubmissionHeader {
  const end = bytes.indexOf('<DOCUMENT>');
  return parseSubmissionHeader(
    bytes.subarray(0, end < 0 ? Math.min(bytes.length, 1 << 20) : end).toString('latin1'),
  );
}

/** The header's parties with 10-digit CIKs; a header naming none gives its first CIK as the filer. */
export function partiesOf(header: SubmissionHeader): SubmissionParty[] {
  const parties =
    header.parties ?? (header.cik ? [{ role: 'FILER', cik: header.cik, name: header.companyName }] : []);
  return parties.flatMap((p) => {
    const cik = padCik(p.cik);
    return cik ? [{ ...p, cik }] : [];
  });
}

/** Filing-index rows of a submission, one per party (distinct CIK), as the daily index lists them. */
export function filingRows(
  header: SubmissionHeader,
  accession: string,
  parties: SubmissionParty[],
  fetchedAt: string,
): FilingInsert[] {
  const form = header.form!;
  const filingType = canonicalFilingType(form) ?? form;
  if (!INDEXED.has(filingType) || !header.filedAt) return [];
  const seen = new Set<string>();
  const rows: FilingInsert[] = [];
  for (const p of parties) {
    if (seen.has(p.cik)) continue;
    seen.add(p.cik);
    rows.push({
      accessionNumber: accession,
      cik: Number(p.cik),
      filingType,
      form,
      companyName: p.name,
      reportDate: header.periodOfReport,
      filingDate: header.filedAt,
      acceptedAt: null,
      primaryDocument: null,
      items: header.items?.join(',') ?? null,
      url: filingFolderUrl(p.cik, accession),
      source: 'feed',
      fetchedAt: new Date(fetchedAt),
    });
  }
  return rows;
}

/** `<SEQUENCE> <FILENAME>` of the uuencoded (or `<PDF>`) documents, which no parser reads. */
function binaryDocuments(bytes: Buffer): string[] {
  if (bytes.indexOf('begin ') < 0 && bytes.indexOf('<PDF>') < 0) return [];
  return parseSubmissionText(bytes.toString('latin1'))
    .documents.filter((d) => d.isBinary)
    .map((d) => `${d.sequence ?? '?'} ${d.filename ?? d.type}`);
}

/** The (partition, dataset) pairs among `keys` x `datasets` that finished (done or not_found). */
async function finishedPairs(
  ctx: JobContext,
  datasets: readonly string[],
  keys: string[],
): Promise<{ key: string; d: string }[]> {
  if (datasets.length === 0 || keys.length === 0) return [];
  return ctx.database.db
    .select({ key: datasetPartitions.partitionKey, d: datasetPartitions.datasetId })
    .from(datasetPartitions)
    .where(
      and(
        inArray(datasetPartitions.partitionKey, keys),
        inArray(datasetPartitions.datasetId, [...datasets]),
        inArray(datasetPartitions.status, ['done', 'not_found']),
      ),
    );
}

/** Which of the datasets finished (done or not_found) the partition. */
async function finished(ctx: JobContext, datasets: readonly string[], key: string): Promise<Set<string>> {
  return new Set((await finishedPairs(ctx, datasets, [key])).map((r) => r.d));
}

/** The days (keys) every one of the datasets finished (done or not_found): a backfill skips them. */
async function finishedDays(
  ctx: JobContext,
  datasets: readonly string[],
  keys: string[],
): Promise<Set<string>> {
  const n = new Map<string, number>();
  for (const r of await finishedPairs(ctx, datasets, keys)) n.set(r.key, (n.get(r.key) ?? 0) + 1);
  return new Set([...n].filter(([, c]) => c === datasets.length).map(([k]) => k));
}

async function recordDay(
  ctx: JobContext,
  datasets: readonly string[],
  key: string,
  status: 'not_found' | 'failed',
  error: string,
) {
  await ctx.database.db.transaction(async (tx) => {
    for (const d of datasets)
      await recordPartition(tx, { datasetId: d, partitionKey: key, status, error, at: new Date() });
  });
}

/** Day archives left by a killed run (their process is gone): removed at the next Feed run. */
async function removeAbandonedDownloads(dir: string, log: Logger): Promise<void> {
  for (const name of await readdir(dir)) {
    const pid = Number(/^feed-(\d+)-[\d-]+(?:-[0-9a-f]+)?\.nc\.tar\.gz$/.exec(name)?.[1]);
    if (!pid || pid === process.pid || isProcessAlive(pid)) continue;
    await rm(join(dir, name), { force: true });
    log.info({ file: name }, 'removed an abandoned Feed download');
  }
}
