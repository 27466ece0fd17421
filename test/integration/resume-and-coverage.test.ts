import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filingsJob } from '../../jobs/edgar/filings.job.ts';
import { type PartitionReport, runPartition } from '../../jobs/pipeline.ts';
import { type BackfillRun, backfill, refresh } from '../../jobs/refresh.ts';
import type { DatasetJob } from '../../jobs/types.ts';
import type { Database } from '../../lib/db.ts';
import { recordPartition } from '../../loaders/coverage.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { createTestServices } from '../helpers/services.ts';

const keysOf = (r: { reports: PartitionReport[]; failures: { partition: string }[] }) =>
  [...r.reports.map((x) => x.partition), ...r.failures.map((x) => x.partition)].sort();

describe(`resume, refresh and coverage bookkeeping (${process.env.REDIS_URL ? 'BullMQ' : 'in-process'}, ${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let database: Database;
  let env: Awaited<ReturnType<typeof createTestServices>>;
  const first: Record<string, BackfillRun> = {};

  beforeAll(async () => {
    database = await createTestDatabase();
    env = await createTestServices(database);
    for (const d of ['companies', 'filings']) {
      first[d] = await backfill(env.services, env.runtime, d, {});
      expect(first[d]!.failures).toEqual([]);
    }
  }, 120_000);

  afterAll(async () => {
    await env?.close();
    await database?.close();
  });

  it('counts the rows of a company partition (the registry rows are nested in the parsed object)', async () => {
    const apple = first.companies!.reports.find((r) => r.partition === 'cik:0000320193')!;
    expect(apple.rowsParsed).toBeGreaterThan(1);
    const [row] = await database.query<{ rows: number }>(
      `select rows from dataset_partitions where dataset_id = 'companies' and partition_key = 'cik:0000320193'`,
    );
    expect(row!.rows).toBe(apple.rowsParsed);
  });

  it('reads a quarter the mirror holds only as form.idx instead of recording it not_found', async () => {
    const rows = await database.query<{ partition_key: string; status: string }>(
      `select partition_key, status from dataset_partitions
        where dataset_id = 'filings' and partition_key in ('q:2021Q1', 'q:2025Q1', 'q:1993Q4') order by 1`,
    );
    expect(rows).toEqual([
      { partition_key: 'q:1993Q4', status: 'done' },
      { partition_key: 'q:2021Q1', status: 'done' },
      { partition_key: 'q:2025Q1', status: 'done' },
    ]);
    const docs = await database.query<{ url: string }>(
      `select url from raw_documents where dataset_id = 'filings' and partition_key = 'q:2021Q1'`,
    );
    expect(docs.map((d) => d.url)).toEqual([
      'https://www.sec.gov/Archives/edgar/full-index/2021/QTR1/form.idx',
    ]);
  });

  it('re-checks an index with a conditional GET: an unchanged document costs a 304', async () => {
    const statuses: number[] = [];
    const deps = env.services.deps();
    const spy = {
      ...deps,
      http: {
        ...deps.http,
        async get(url: string, o?: Parameters<typeof deps.http.get>[1]) {
          const r = await deps.http.get(url, o);
          statuses.push(r.status);
          return r;
        },
      },
    };
    const r = await runPartition(filingsJob as DatasetJob, 'q:1993Q4', spy);
    expect(r.status).toBe('done');
    expect(statuses).toEqual([304]);
  });

  it('does not redo finished partitions on restart however old, except a time partition that has become final since', async () => {
    await database.query(
      `update dataset_partitions set finished_at = now() - interval '3 days'
        where dataset_id = 'filings' and partition_key like 'cik:%'`,
    );
    // Ran mid-quarter, so its index could still grow then: owed one run now that the quarter is final.
    await database.query(
      `update dataset_partitions set finished_at = '2021-02-01' where dataset_id = 'filings' and partition_key = 'q:2021Q1'`,
    );
    const r = await backfill(env.services, env.runtime, 'filings', {});
    expect(keysOf(r)).toEqual(['q:2021Q1']);
    const again = await backfill(env.services, env.runtime, 'filings', {});
    expect(keysOf(again)).toEqual([]);
  });

  it('lets the scheduled refresh re-run the newest partitions and any owed a final run', async () => {
    await database.query(
      `update dataset_partitions set finished_at = '2021-05-01' where dataset_id = 'filings' and partition_key = 'q:2021Q2'`,
    );
    const r = await refresh(env.services, env.runtime, 'filings');
    const keys = keysOf(r);
    expect(keys).toContain('q:2021Q2');
    expect(keys).toContain('cik:0000320193');
    expect(keys).not.toContain('q:2021Q3');
  });

  it('clears last_error once the failing partitions have succeeded, naming a failure still standing until then', async () => {
    const record = (key: string, status: 'done' | 'failed', error?: string) =>
      database.db.transaction((tx) =>
        recordPartition(tx, {
          datasetId: 'companies',
          partitionKey: key,
          status,
          ...(error ? { error } : {}),
          at: new Date(),
        }),
      );
    const lastError = async () =>
      (
        await database.query<{ last_error: string | null; at: unknown }>(
          `select last_error, last_error_at as at from datasets where id = 'companies'`,
        )
      )[0]!;
    await record('cik:0000320193', 'failed', 'timeout A');
    await record('cik:0000310522', 'failed', 'timeout B');
    expect((await lastError()).last_error).toBe('timeout B');
    await record('cik:0000310522', 'done');
    expect((await lastError()).last_error).toBe('timeout A');
    await record('cik:0000320193', 'done');
    expect(await lastError()).toEqual({ last_error: null, at: null });
  });
});
