import { randomBytes } from 'node:crypto';
import { mkdtempSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Throughput, throughputMeter } from '../../cli/progress.ts';
import { backfillFeed, FEED_DATASETS } from '../../jobs/edgar/feed-backfill.ts';
import { createInProcessRuntime } from '../../jobs/runtime/in-process.ts';
import { createRuntime } from '../../jobs/runtime/index.ts';
import { type JobRuntime, RUNTIME_CLOSED } from '../../jobs/runtime/types.ts';
import { createServices, type Services } from '../../jobs/services.ts';
import { loadConfig } from '../../lib/config.ts';
import type { Database } from '../../lib/db.ts';
import { createLogger } from '../../lib/logger.ts';
import { syncDatasetRegistry } from '../../loaders/coverage.ts';
import { createTestDatabase, tableFingerprint } from '../helpers/db.ts';
import { deleteKeys } from '../helpers/services.ts';

// The Feed route fanned out: each filing day one runtime partition (`feed:YYYYMMDD`) on the `feed` queue. With
// REDIS_URL, two BullMQ runtimes on one queue prefix stand for two `etl worker` processes (one day at a time
// each); without it, the in-process runtime runs the same days. The day archives are the mirror's real packed
// Feed files (fixtures/edgar-feed/MANIFEST.tsv): 2025-01-08 holds Acorn Energy's 8-K and a 2seventy bio Form 4,
// 2025-01-22 Acorn Creek's 13F-HR; every other weekday between them is a 404 (not_found), 2025-01-20 included.
const ACFN = '0001493152-25-001317';
const TSVT = '0001562180-25-000280';
const ACORN = '0001951757-25-000093';
const DAYS = '2025-01-06..2025-01-22';
const ENV = { SEC_CIKS: '880984,1860782' };
const BULLMQ = Boolean(process.env.REDIS_URL);
/** What a Feed run writes: emptied between the two runs. */
const LOADED = [
  'filings',
  'filing_documents',
  'filing_items',
  'filing_exhibits',
  'ownership_index',
  'ownership_filings',
  'insider_trades',
  'thirteen_f_filings',
  'thirteen_f_holdings',
  'dataset_partitions',
  'raw_documents',
  'quarantine',
];

/** The loaded tables, fingerprinted (fetched_at left out), and the partitions' outcomes. */
async function tables(database: Database) {
  const fp = (t: string, order: string) => tableFingerprint(database, t, order);
  return {
    filings: await fp('filings', 'accession_number, cik'),
    documents: await fp('filing_documents', 'accession_number'),
    items: await fp('filing_items', 'accession_number, number'),
    exhibits: await fp('filing_exhibits', 'accession_number, number, url'),
    ownershipIndex: await fp('ownership_index', 'accession_number, cik'),
    ownershipFilings: await fp('ownership_filings', 'accession_number'),
    insiderTrades: await fp('insider_trades', 'accession_number, ordinal'),
    thirteenF: await fp('thirteen_f_filings', 'accession_number'),
    holdings: await fp('thirteen_f_holdings', 'accession_number, cusip, title_of_class'),
    partitions: await database.query(
      `select dataset_id, partition_key, status, rows, sha256 from dataset_partitions
        where status <> 'failed' order by dataset_id, partition_key`,
    ),
  };
}

interface Worker {
  services: Services;
  runtime: JobRuntime;
  /** The Feed days this worker downloaded, in order. */
  downloads: string[];
}

describe(`the Feed route fanned out over ${BULLMQ ? 'two BullMQ workers' : 'the in-process runtime'} (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  const prefix = `t${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'findata-feed-fanout-'));
  let database: Database;
  /** The tables the in-process run left, before they were emptied for the fanned-out run. */
  let reference: Awaited<ReturnType<typeof tables>>;
  const workers: Worker[] = [];
  /** The Feed day whose archive arrives cut to half (null: none). */
  let cut: string | null = '20250108';
  let inProcess: Awaited<ReturnType<typeof backfillFeed>>;
  let damaged: Awaited<ReturnType<typeof backfillFeed>>;
  let afterDamage: Record<string, number>;
  let rerun: Awaited<ReturnType<typeof backfillFeed>>;
  let overlap = 0;
  /** What `etl backfill --feed` shows at the end of the reference run (cli/progress.ts). */
  let progress: Throughput | null = null;
  /** Aborted once this day's archive has arrived (the stop test). */
  let stopAt: { day: string; stop: AbortController } | null = null;

  const services = async (database: Database) =>
    createServices(
      loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        MIRROR_LIVE_INTERVAL_MS: '0',
        ...(BULLMQ ? { REDIS_URL: process.env.REDIS_URL! } : {}),
        ...ENV,
      }),
      createLogger('silent'),
      { database, retry: { baseDelayMs: 20, maxDelayMs: 200, maxRetries: 2, maxThrottleWaitMs: 2_000 } },
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    await syncDatasetRegistry(database);

    // the reference: every day in this process, one after another; its tables kept, then emptied (one
    // database for both runs: a second test database costs seconds)
    const own = await services(database);
    const local = createInProcessRuntime(own);
    const meter = throughputMeter();
    inProcess = await backfillFeed(own, local, FEED_DATASETS, DAYS, {}, (p) => {
      progress = meter.update(p);
    });
    await local.close();
    await own.close();
    reference = await tables(database);
    await database.query(`truncate ${LOADED.join(', ')} cascade`);

    // the fan-out: two runtimes (two workers), each downloading through its own services; a day held for
    // 300 ms after its download so that the other worker takes the next one meanwhile
    let running = 0;
    for (let i = 0; i < 2; i++) {
      const s = await services(database);
      const runtime = BULLMQ ? await createRuntime(s, { prefix }) : createInProcessRuntime(s);
      await runtime.startWorkers();
      const w: Worker = { services: s, runtime, downloads: [] };
      const get = s.http.get.bind(s.http);
      s.http.get = async (url, opts) => {
        if (!opts?.toFile) return get(url, opts);
        const day = /(\d{8})\.nc\.tar\.gz$/.exec(url)?.[1] ?? url;
        w.downloads.push(day);
        overlap = Math.max(overlap, ++running);
        try {
          const doc = await get(url, opts);
          // the damaged copy: the whole file arrives, then is cut to half, as a damaged download would be
          if (day === cut) truncateSync(opts.toFile, Math.floor((doc.size ?? 0) / 2));
          if (day === stopAt?.day) stopAt.stop.abort();
          await new Promise((r) => setTimeout(r, 300));
          return doc;
        } finally {
          running--;
        }
      };
      workers.push(w);
    }
    // the backfill enqueues through the first runtime; on BullMQ both workers take the days
    damaged = await backfillFeed(workers[0]!.services, workers[0]!.runtime, FEED_DATASETS, DAYS);
    afterDamage = (
      await database.query<Record<string, number>>(
        `select (select count(*)::int from filings where accession_number in ($1, $2)) as filings,
                (select count(*)::int from filing_items) as items,
                (select count(*)::int from insider_trades) as trades,
                (select count(*)::int from ownership_index) as ownership_index,
                (select count(*)::int from raw_documents where partition_key in ($3, $4)) as raw,
                (select count(*)::int from dataset_partitions where partition_key in ($3, $4)) as partitions`,
        [ACFN, TSVT, `acc:${ACFN}`, `acc:${TSVT}`],
      )
    )[0]!;
    cut = null;
    rerun = await backfillFeed(workers[0]!.services, workers[0]!.runtime, FEED_DATASETS, DAYS);
  }, 60_000);

  afterAll(async () => {
    for (const w of workers) await w.runtime.close();
    if (BULLMQ && workers[0]) await deleteKeys(workers[0].services.redis!, `${prefix}:*`);
    for (const w of workers) await w.services.close();
    await database?.close();
  });

  it('the reference run loads the two filing days and finds no archive for the other eleven weekdays', () => {
    expect(inProcess.failures).toEqual([]);
    expect(inProcess.days).toHaveLength(13);
    expect(inProcess.days.filter((d) => d.status === 'done').map((d) => [d.day, d.submissions])).toEqual([
      ['2025-01-08', 2],
      ['2025-01-22', 1],
    ]);
    expect(inProcess.days.filter((d) => d.status === 'not_found')).toHaveLength(11);
    // the progress bar's figures: days done of the total, the submissions read (docs/s), rows, the ETA
    expect(progress).toMatchObject({ done: 13, total: 13, documents: 3, etaS: 0 });
    expect(progress!.rows).toBeGreaterThan(77); // the 13F's 77 holdings and the rest
  });

  it('a day whose archive arrives cut fails alone, once (no retry of an unreadable archive), and loads nothing', () => {
    expect(damaged.failures).toEqual([
      { partition: 'feed:20250108', message: expect.stringMatching(/corrupt or truncated gzip/) },
    ]);
    expect(damaged.days.find((d) => d.day === '2025-01-08')?.status).toBe('failed');
    expect(damaged.days.filter((d) => d.status === 'done').map((d) => d.day)).toEqual(['2025-01-22']);
    expect(damaged.days.filter((d) => d.status === 'not_found')).toHaveLength(11);
    expect(afterDamage).toEqual({
      filings: 0,
      items: 0,
      trades: 0,
      ownership_index: 0,
      raw: 0,
      partitions: 0,
    });
    const attempts = workers.flatMap((w) => w.downloads).filter((d) => d === '20250108');
    expect(attempts).toHaveLength(2); // the damaged attempt, then the rerun's
  });

  it('the rerun runs only the failed day, and the fanned-out tables equal the in-process run', async () => {
    expect(rerun.failures).toEqual([]);
    expect(rerun.skipped).toBe(12);
    expect(rerun.days.filter((d) => d.status === 'done').map((d) => d.day)).toEqual(['2025-01-08']);
    const fanned = await tables(database);
    expect(fanned.items.n).toBe(2);
    expect(fanned.holdings.n).toBe(77);
    expect(fanned.ownershipIndex.n).toBe(1);
    expect(fanned).toEqual(reference);
  });

  it.skipIf(!BULLMQ)('on BullMQ both workers took days, two at once', () => {
    const [a, b] = workers.map((w) => w.downloads.length);
    expect(a! + b!).toBe(13 + 1); // every day of the first run once, the failed day again
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    expect(overlap).toBe(2);
  });

  it('the filings the days hold are indexed once per filer', async () => {
    const rows = await database.query<{ accession_number: string; cik: number }>(
      `select accession_number, cik::int as cik from filings order by accession_number`,
    );
    expect(rows).toEqual([
      { accession_number: ACFN, cik: 880984 },
      { accession_number: ACORN, cik: 1994827 },
    ]);
  });

  it('a stop (Ctrl-C) lets the running day finish and runs none of the days after it, none of them failed', async () => {
    await database.query(`truncate ${LOADED.join(', ')} cascade`);
    const s = workers[0]!.services;
    const runtime = createInProcessRuntime(s); // closed by the stop
    stopAt = { day: '20250108', stop: new AbortController() };
    const r = await backfillFeed(s, runtime, FEED_DATASETS, DAYS, { signal: stopAt.stop.signal });
    expect(r.stopped).toBe(true);
    expect(r.days.map((d) => [d.day, d.status])).toEqual([
      ['2025-01-06', 'not_found'],
      ['2025-01-07', 'not_found'],
      ['2025-01-08', 'done'],
    ]);
    expect(r.failures).toHaveLength(10); // 2025-01-09..2025-01-22's weekdays, not run
    expect(r.failures.every((f) => f.message === RUNTIME_CLOSED)).toBe(true);
    const [n] = await database.query<{ n: number }>(
      `select count(*)::int as n from dataset_partitions where partition_key like 'feed:%' and partition_key > 'feed:20250108'`,
    );
    expect(n!.n).toBe(0);
  });

  it('a day that stops moving is cut off at PARTITION_STALL_MS and retried by the runtime, then loads', async () => {
    await database.query(`truncate ${LOADED.join(', ')} cascade`);
    const s = await createServices(
      loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PARTITION_STALL_MS: '2000', ...ENV }),
      createLogger('silent'),
      { database, retry: { baseDelayMs: 20, maxDelayMs: 200, maxRetries: 2, maxThrottleWaitMs: 2_000 } },
    );
    const runtime = createInProcessRuntime(s);
    const get = s.http.get.bind(s.http);
    let attempts = 0;
    s.http.get = async (url, opts) => {
      // the first attempt's request is never answered: only the deadline's abort ends it
      if (opts?.toFile && ++attempts === 1)
        return new Promise((_, reject) =>
          opts.signal?.addEventListener('abort', () => reject(opts.signal!.reason), { once: true }),
        );
      return get(url, opts);
    };
    try {
      const r = await backfillFeed(s, runtime, FEED_DATASETS, '2025-01-22');
      expect(r.failures).toEqual([]);
      expect(r.days.map((d) => [d.day, d.status, d.submissions])).toEqual([['2025-01-22', 'done', 1]]);
      expect(attempts).toBe(2);
      const [h] = await database.query<{ n: number }>(
        `select count(*)::int as n from thirteen_f_holdings where accession_number = $1`,
        [ACORN],
      );
      expect(h!.n).toBe(77);
    } finally {
      await runtime.close();
      await s.close();
    }
  }, 30_000);
});
