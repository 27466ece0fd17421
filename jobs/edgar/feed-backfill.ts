import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { UnrecoverableError } from 'bullmq';
import { and, eq, inArray } from 'drizzle-orm';
import { UpstreamNotFoundError } from '../../lib/errors.ts';
import { INDEXED_FILING_TYPES, OWNERSHIP_FORM_TYPES } from '../../lib/filing-types.ts';
import { dashAccession, filingFolderUrl, padCik } from '../../lib/ids.ts';
import type { Logger } from '../../lib/logger.ts';
import { isProcessAlive } from '../../lib/processes.ts';
import { isTransientFault } from '../../lib/transient.ts';
import { recordPartition } from '../../loaders/coverage.ts';
import { loadFilings } from '../../loaders/filings.ts';
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
import { indexRawDocuments } from '../fetcher.ts';
import { insiderTradesJob } from '../ownership/insider-trades.job.ts';
import { thirteenFJob } from '../ownership/thirteen-f.job.ts';
import { loadDocuments, type PartitionReport } from '../pipeline.ts';
import type { BackfillRun } from '../refresh.ts';
import type { RunProgress } from '../runtime/types.ts';
import type { Services } from '../services.ts';
import type { BackfillOptions, DatasetJob, JobContext, RawDocument } from '../types.ts';
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
 * universe; `insider_trades` a Form 3/4/5 whose issuer is in the universe; `institutional_holdings` every
 * 13F-HR (the holders), or only the universe's own filers when THIRTEEN_F_HOLDER_FILINGS is 0.
 *
 * The member is archived as the document `<filing folder>/<accession>.nc` (the folder of the lowest CIK the
 * header names, as the per-filing route takes the index's lowest), so `etl reparse` re-reads it offline. A
 * day is recorded as partition `feed:YYYYMMDD` of each dataset asked for: a resumed backfill skips the days
 * done (and the filings any route loaded); a day SEC has no archive for (a holiday) is `not_found`.
 */

export const FEED_DATASETS = ['filings', 'filing_items', 'insider_trades', 'institutional_holdings'] as const;
export type FeedDataset = (typeof FEED_DATASETS)[number];

const DOWNLOAD_TIMEOUT_MS = 2 * 3600_000;
/** Filing-index rows per load transaction. */
const FILINGS_BATCH = 1_000;
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

export async function backfillFeed(
  services: Services,
  datasets: readonly FeedDataset[],
  spec: string,
  opts: FeedOptions = {},
  onProgress?: (p: RunProgress & { dataset: string }) => void,
): Promise<BackfillRun & { days: FeedDayReport[] }> {
  const { ctx } = services.deps();
  const log = ctx.logger.child({ mode: 'feed', datasets });
  const days = feedDays(spec);
  const universe = new Set(await backfillCiks(ctx, opts));
  if (universe.size === 0 && datasets.some((d) => d !== 'filings' && d !== 'institutional_holdings'))
    log.warn('the universe is empty: run `etl backfill companies` first (SEC_CIKS=all)');
  const dir = join(services.config.DATA_DIR, 'tmp');
  await mkdir(dir, { recursive: true });
  await removeAbandonedDownloads(dir, log);
  const out: BackfillRun & { days: FeedDayReport[] } = {
    reports: [],
    failures: [],
    skipped: 0,
    stopped: false,
    days: [],
  };
  const progress: RunProgress = { done: 0, total: days.length, failed: 0 };
  for (const day of days) {
    if (opts.signal?.aborted) {
      out.stopped = true;
      break;
    }
    const r = await feedDay(services, ctx, datasets, day, universe, dir, opts, out, log);
    out.days.push(r);
    if (r.status === 'skipped') out.skipped++;
    progress.done++;
    progress.failed = out.failures.length;
    progress.last = out.reports.at(-1);
    onProgress?.({ ...progress, dataset: datasets.join('+') });
  }
  return out;
}

async function feedDay(
  services: Services,
  ctx: JobContext,
  datasets: readonly FeedDataset[],
  day: string,
  universe: Set<string>,
  dir: string,
  opts: FeedOptions,
  out: BackfillRun,
  log: Logger,
): Promise<FeedDayReport> {
  const started = performance.now();
  const dayKey = `feed:${day.replace(/-/g, '')}`;
  const url = feedDayUrl(day);
  const report = (status: FeedDayReport['status'], bytes = 0, submissions = 0, used = 0) => ({
    day,
    status,
    bytes,
    submissions,
    used,
    ms: Math.round(performance.now() - started),
  });
  if (!opts.force && (await finished(ctx, datasets, dayKey)).size === datasets.length)
    return report('skipped');
  const file = join(dir, `feed-${process.pid}-${day}.nc.tar.gz`);
  try {
    let fetchedAt: string;
    let bytes: number;
    try {
      const doc = await services.http.get(url, {
        toFile: file,
        timeoutMs: DOWNLOAD_TIMEOUT_MS,
        accept: 'application/gzip, application/x-tar, */*',
        ...(opts.signal ? { signal: opts.signal } : {}),
      });
      fetchedAt = doc.fetchedAt;
      bytes = doc.size ?? 0;
    } catch (err) {
      if (err instanceof UpstreamNotFoundError) {
        await recordDay(ctx, datasets, dayKey, 'not_found', `no Feed archive at ${url} (no filing day)`);
        log.info({ day, url }, 'no Feed archive for this day');
        return report('not_found');
      }
      if (opts.signal?.aborted) throw err;
      // a download cut off or refused past the client's retries: the day fails, a later run retries it
      const message = `download failed: ${(err as Error).message}`;
      await recordDay(ctx, datasets, dayKey, 'failed', message);
      out.failures.push({ partition: dayKey, message });
      log.error(
        { day, url, err: (err as Error).message },
        'Feed archive download failed: the day is not loaded',
      );
      return report('failed');
    }
    // pass 1: the whole archive must read to its end before anything of it is loaded
    let count = 0;
    try {
      for await (const _ of readFeedArchive(file, url)) count++;
    } catch (err) {
      if (!(err instanceof FeedArchiveError)) throw err;
      await recordDay(ctx, datasets, dayKey, 'failed', err.message);
      out.failures.push({ partition: dayKey, message: err.message });
      log.error({ day, err: err.message }, 'Feed archive unreadable: the day is not loaded');
      return report('failed', bytes);
    }
    // pass 2: submission by submission
    const loader = new DayLoader(services, ctx, datasets, universe, fetchedAt, opts, out, log);
    for await (const member of readFeedArchive(file, url)) await loader.submission(member.name, member.bytes);
    await loader.flushFilings();
    for (const d of datasets)
      await ctx.database.db.transaction((tx) =>
        recordPartition(tx, {
          datasetId: d,
          partitionKey: dayKey,
          status: 'done',
          rows: loader.rows[d],
          inserted: d === 'filings' ? loader.rows.filings : 0,
          at: new Date(),
        }),
      );
    log.info({ day, bytes, submissions: count, used: loader.used, rows: loader.rows }, 'Feed day loaded');
    return report('done', bytes, count, loader.used);
  } finally {
    await rm(file, { force: true });
  }
}

/** Routes one day's submissions to the datasets that take them and loads them through their jobs. */
class DayLoader {
  used = 0;
  rows: Record<string, number> = {};
  private filings: FilingInsert[] = [];
  private readonly jobs: Partial<Record<FeedDataset, DatasetJob>>;

  constructor(
    private readonly services: Services,
    private readonly ctx: JobContext,
    private readonly datasets: readonly FeedDataset[],
    private readonly universe: Set<string>,
    private readonly fetchedAt: string,
    private readonly opts: FeedOptions,
    private readonly out: BackfillRun,
    private readonly log: Logger,
  ) {
    for (const d of datasets) this.rows[d] = 0;
    this.jobs = {
      filing_items: filingItemsJob as DatasetJob,
      insider_trades: insiderTradesJob as DatasetJob,
      institutional_holdings: thirteenFJob as DatasetJob,
    };
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
    const wanted = this.datasets.filter((d) => d !== 'filings' && this.takes(d, header.form!, parties));
    const todo = this.opts.force
      ? wanted
      : await (async () => {
          const done = await finished(this.ctx, wanted, `acc:${accession}`);
          return wanted.filter((d) => !done.has(d));
        })();
    const rows = filingRows(header, accession, parties, this.fetchedAt);
    if (wanted.length > 0 || (rows.length > 0 && this.datasets.includes('filings'))) this.used++;
    if (todo.includes('filing_items')) {
      // the items loader reads the filing's index row (type, dates): written first, whether or not
      // `filings` was asked for, as the daily index would have listed it
      const r = await this.ctx.database.db.transaction((tx) => loadFilings(tx, rows, 'index'));
      if (this.datasets.includes('filings')) this.rows.filings! += r.inserted;
    } else if (this.datasets.includes('filings') && rows.length > 0) {
      this.filings.push(...rows);
      if (this.filings.length >= FILINGS_BATCH) await this.flushFilings();
    }
    if (todo.length === 0) return;
    const cik = Math.min(...parties.map((p) => Number(p.cik)));
    const doc: RawDocument = {
      url: `${filingFolderUrl(cik, accession)}${accession}.nc`,
      bytes,
      sha256: await this.services.archive.put(bytes),
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
        this.out.reports.push(r);
      } catch (err) {
        // a parse error was quarantined and recorded failed by the pipeline, as on the per-filing route; a
        // database that went away stops the run (the day is not marked done, a rerun resumes it); any other
        // error fails this filing's partition only, as the runtime would after its retries
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
        this.out.failures.push({ partition: `${d}/${key}`, message });
        this.log.error({ dataset: d, partition: key, err: message }, 'Feed submission failed');
      }
    }
  }

  async flushFilings(): Promise<void> {
    if (this.filings.length === 0) return;
    const rows = this.filings;
    this.filings = [];
    const r = await this.ctx.database.db.transaction((tx) => loadFilings(tx, rows, 'index'));
    this.rows.filings! += r.inserted;
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

/** The header of a member, read from the bytes before its first `<DOCUMENT>` (latin1: the header is ASCII). */
function feedHeader(bytes: Buffer): SubmissionHeader {
  const end = bytes.indexOf('<DOCUMENT>');
  return parseSubmissionHeader(
    bytes.subarray(0, end < 0 ? Math.min(bytes.length, 1 << 20) : end).toString('latin1'),
  );
}

/** The header's parties with 10-digit CIKs; a header naming none gives its first CIK as the filer. */
function partiesOf(header: SubmissionHeader): SubmissionParty[] {
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

/** Which of the datasets finished (done or not_found) the partition. */
async function finished(ctx: JobContext, datasets: readonly string[], key: string): Promise<Set<string>> {
  if (datasets.length === 0) return new Set();
  const rows = await ctx.database.db
    .select({ d: datasetPartitions.datasetId })
    .from(datasetPartitions)
    .where(
      and(
        eq(datasetPartitions.partitionKey, key),
        inArray(datasetPartitions.datasetId, [...datasets]),
        inArray(datasetPartitions.status, ['done', 'not_found']),
      ),
    );
  return new Set(rows.map((r) => r.d));
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
    const pid = Number(/^feed-(\d+)-[\d-]+\.nc\.tar\.gz$/.exec(name)?.[1]);
    if (!pid || pid === process.pid || isProcessAlive(pid)) continue;
    await rm(join(dir, name), { force: true });
    log.info({ file: name }, 'removed an abandoned Feed download');
  }
}
