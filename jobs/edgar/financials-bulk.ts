import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { like } from 'drizzle-orm';
import yauzl from 'yauzl';
import { analyzeChangedTables } from '../../lib/auto-analyze.ts';
import type { Logger } from '../../lib/logger.ts';
import { isProcessAlive } from '../../lib/processes.ts';
import { recordPartition, setHistoryStatus } from '../../loaders/coverage.ts';
import { rawDocuments } from '../../schema/datasets.ts';
import { sharesOutstandingJob } from '../market/shares-outstanding.job.ts';
import type { PartitionReport } from '../pipeline.ts';
import type { BackfillRun } from '../refresh.ts';
import type { RunProgress } from '../runtime/types.ts';
import type { Services } from '../services.ts';
import { type BackfillOptions, type RawDocument, syncParse } from '../types.ts';
import { submissionsUrl } from './companies.job.ts';
import { COMPANYFACTS_ZIP_URL, financialsJob } from './financials.job.ts';
import { docRef, loadBatch, type Parsed } from './financials-bulk-load.ts';
import { backfillCiks } from './universe.ts';

/**
 * `etl backfill financials --bulk`: SEC's nightly companyfacts.zip (one CIK##########.json per company,
 * ~1 GB, rebuilt around 3 a.m. ET) instead of one request per company: one download through the shared HTTP
 * client, streamed to a temporary file under DATA_DIR, then read entry by entry (never the whole archive in
 * memory). Each entry of a CIK in the backfill's universe goes through the job's own parse and load
 * (financialsJob.parse, loadFinancialStatements; the shares outstanding of the same entry with
 * sharesOutstandingJob, so market caps and valuation metrics follow as on the per-company path), in batches of companies per transaction, with the same
 * partition rows (`cik:<CIK>`) as the per-company path, so a later per-company backfill or refresh resumes
 * from it. Each entry is put in the raw archive under `<zip url>#<entry name>` so `etl reparse financials`
 * works offline as for fetched documents. The SIC code (industry mapping) comes from the newest archived
 * submissions JSON of the CIK when there is one (the per-company path fetches it; here it would cost one
 * request per company). Universe CIKs with no entry are recorded not_found, as a 404 would be.
 * `--bulk-file <path>` reads a companyfacts.zip already on disk (its mtime is the fetch time).
 */

const ENTRY = /^CIK(\d{10})\.json$/;
const DOWNLOAD_TIMEOUT_MS = 2 * 3600_000;
/** Companies per load transaction: big enough to amortise commits, small enough to keep memory flat. */
const BATCH_COMPANIES = 25;

export interface BulkOptions extends BackfillOptions {
  /** A companyfacts.zip on disk instead of downloading it. */
  bulkFile?: string | undefined;
  /** Stops between entries (shutdown); the batches read so far are loaded. */
  signal?: AbortSignal | undefined;
}

export async function backfillFinancialsBulk(
  services: Services,
  opts: BulkOptions,
  onProgress?: (p: RunProgress & { dataset: string }) => void,
): Promise<BackfillRun> {
  const { ctx } = services.deps();
  const log = ctx.logger.child({ dataset: 'financials', mode: 'bulk' });
  const universe = new Set(await backfillCiks(ctx, opts));
  if (universe.size === 0)
    log.warn('the universe is empty: run `etl backfill companies` first (SEC_CIKS=all)');
  const zip = await obtainZip(services, opts.bulkFile, log, opts.signal);
  try {
    const run = await loadZip(services, zip, universe, log, opts.signal, (p) =>
      onProgress?.({ ...p, dataset: 'financials' }),
    );
    const filtered = Boolean(opts.from || opts.to || opts.cik || opts.ticker);
    if (run.failures.length === 0 && !filtered && !run.stopped)
      await setHistoryStatus(services.database, 'financials', 'complete', false);
    return run;
  } finally {
    await zip.cleanup();
  }
}

interface Zip {
  file: string;
  url: string;
  fetchedAt: string;
  cleanup(): Promise<void>;
}

async function obtainZip(
  services: Services,
  bulkFile: string | undefined,
  log: Logger,
  signal: AbortSignal | undefined,
): Promise<Zip> {
  if (bulkFile) {
    const info = await stat(bulkFile);
    log.info({ file: bulkFile, bytes: info.size }, 'reading companyfacts.zip from disk');
    const fetchedAt = info.mtime.toISOString();
    return { file: bulkFile, url: COMPANYFACTS_ZIP_URL, fetchedAt, cleanup: async () => {} };
  }
  const dir = join(services.config.DATA_DIR, 'tmp');
  await mkdir(dir, { recursive: true });
  await removeAbandonedDownloads(dir, log);
  const file = join(dir, `companyfacts-${process.pid}-${Date.now()}.zip`);
  const cleanup = () => rm(file, { force: true });
  try {
    const doc = await services.http.get(COMPANYFACTS_ZIP_URL, {
      toFile: file,
      timeoutMs: DOWNLOAD_TIMEOUT_MS,
      accept: 'application/zip',
      ...(signal ? { signal } : {}),
    });
    log.info({ bytes: doc.size, sha256: doc.sha256 }, 'downloaded companyfacts.zip');
    return { file, url: COMPANYFACTS_ZIP_URL, fetchedAt: doc.fetchedAt, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

async function loadZip(
  services: Services,
  zip: Zip,
  universe: Set<string>,
  log: Logger,
  signal: AbortSignal | undefined,
  onProgress: (p: RunProgress) => void,
): Promise<BackfillRun> {
  const out: BackfillRun = { reports: [], failures: [], skipped: 0, stopped: false };
  const archive = await yauzl.openPromise(zip.file, { lazyEntries: true, autoClose: true });
  const progress: RunProgress = { done: 0, total: archive.entryCount, failed: 0 };
  const sics = await archivedSubmissions(services);
  const seen = new Set<string>();
  // entries of companies outside the universe (not "already done": BackfillRun.skipped stays 0)
  let outside = 0;
  let batch: Parsed[] = [];
  // A batch loads (Postgres works) while the next one is parsed (this process works). A failed load (a
  // database error, not a bad entry) stops the run at the next flush; the error is held, never unhandled.
  let loading: Promise<unknown> = Promise.resolve();
  let loadError: unknown = null;
  const settle = async () => {
    await loading;
    if (loadError) throw loadError;
  };
  const flush = async () => {
    const todo = batch;
    batch = [];
    await settle();
    loading = loadBatch(services, todo).then(
      async (reports) => {
        for (const r of reports) {
          if ('message' in r) out.failures.push(r);
          else out.reports.push(r);
        }
        progress.failed = out.failures.length;
        progress.last = out.reports.at(-1);
        // committed: the embedded database has no autovacuum (lib/auto-analyze.ts)
        await analyzeChangedTables(services.database, services.logger.child({ dataset: 'financials' }));
      },
      (err) => {
        loadError = err;
      },
    );
  };
  try {
    for await (const entry of archive.eachEntry()) {
      if (signal?.aborted) {
        out.stopped = true;
        break;
      }
      progress.done++;
      const cik = ENTRY.exec(entry.fileName)?.[1];
      if (!cik) {
        if (!entry.fileName.endsWith('/'))
          log.warn({ entry: entry.fileName }, 'unexpected zip entry skipped');
      } else if (!universe.has(cik)) {
        outside++;
      } else {
        seen.add(cik);
        const bytes = await readAll(await archive.openReadStreamPromise(entry));
        const doc: RawDocument = {
          url: `${zip.url}#${entry.fileName}`,
          bytes,
          sha256: await services.archive.put(bytes),
          fetchedAt: zip.fetchedAt,
          contentType: 'application/json',
        };
        batch.push(parseEntry(services, cik, doc, await submissionsDoc(services, sics, cik)));
        if (batch.length >= BATCH_COMPANIES) await flush();
      }
      onProgress(progress);
    }
    await flush();
    await settle();
  } finally {
    await loading; // never leave a transaction running behind a thrown error
    archive.close();
  }
  // only a zip read to the end says which companies have no entry
  const missing = out.stopped ? [] : [...universe].filter((c) => !seen.has(c));
  await services.database.db.transaction(async (tx) => {
    for (const cik of missing) {
      await recordPartition(tx, {
        datasetId: 'financials',
        partitionKey: `cik:${cik}`,
        status: 'not_found',
        error: `no CIK${cik}.json in companyfacts.zip (the company files no XBRL financial data)`,
        at: new Date(),
      });
    }
  });
  out.reports.push(...missing.map((cik) => notFound(cik)));
  onProgress(progress);
  log.info(
    { loaded: seen.size, notFound: missing.length, outsideUniverse: outside, failed: out.failures.length },
    'companyfacts.zip loaded',
  );
  return out;
}

/** The job's own pure parse; a parse error becomes a failed partition (quarantined by loadBatch). */
function parseEntry(services: Services, cik: string, doc: RawDocument, subs: RawDocument | null): Parsed {
  const key = `cik:${cik}`;
  const docs = subs ? [doc, subs] : [doc];
  const refs = docs.map(docRef);
  const started = performance.now();
  try {
    const parsed = syncParse(financialsJob.parse(docs, key), 'financials');
    const shares = syncParse(sharesOutstandingJob.parse([doc], key), 'shares_outstanding');
    return { key, docs: refs, parsed, shares, started };
  } catch (err) {
    services.logger.child({ dataset: 'financials', partition: key }).error({ err }, 'parse failed');
    return { key, docs: refs, error: err as Error, started };
  }
}

/** CIK -> newest archived submissions JSON (sha256, fetched_at), read in one query. */
async function archivedSubmissions(services: Services) {
  const rows = await services.database.db
    .select({ url: rawDocuments.url, sha256: rawDocuments.sha256, fetchedAt: rawDocuments.fetchedAt })
    .from(rawDocuments)
    .where(like(rawDocuments.url, 'https://data.sec.gov/submissions/CIK%.json'));
  const out = new Map<string, { sha256: string; fetchedAt: Date; url: string }>();
  for (const r of rows) {
    const cik = /CIK(\d{10})\.json$/.exec(r.url)?.[1];
    if (!cik || r.url !== submissionsUrl(cik)) continue;
    const cur = out.get(cik);
    if (!cur || r.fetchedAt > cur.fetchedAt) out.set(cik, r);
  }
  return out;
}

async function submissionsDoc(
  services: Services,
  sics: Awaited<ReturnType<typeof archivedSubmissions>>,
  cik: string,
): Promise<RawDocument | null> {
  const hit = sics.get(cik);
  const bytes = hit ? await services.archive.get(hit.sha256) : null;
  if (!hit || !bytes) return null;
  return {
    url: hit.url,
    bytes,
    sha256: hit.sha256,
    fetchedAt: hit.fetchedAt.toISOString(),
    contentType: 'application/json',
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

function notFound(cik: string): PartitionReport {
  return {
    dataset: 'financials',
    partition: `cik:${cik}`,
    status: 'not_found',
    documents: 0,
    rowsParsed: 0,
    inserted: 0,
    updated: 0,
    warnings: 0,
    ms: 0,
  };
}

/**
 * Downloads left by a run that was killed (a second Ctrl-C, a crash) before it could remove its file: their
 * process is gone. A gigabyte each, so they are removed at the next bulk run.
 */
async function removeAbandonedDownloads(dir: string, log: Logger): Promise<void> {
  for (const name of await readdir(dir)) {
    const pid = Number(/^companyfacts-(\d+)-\d+\.zip$/.exec(name)?.[1]);
    if (!pid || pid === process.pid || isProcessAlive(pid)) continue;
    await rm(join(dir, name), { force: true });
    log.info({ file: name }, 'removed an abandoned companyfacts.zip download');
  }
}
