import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companiesJob, TICKERS_URL } from '../../jobs/edgar/companies.job.ts';
import { runPartition } from '../../jobs/pipeline.ts';
import { checkJobRegistry, JOBS, RegistryError } from '../../jobs/registry.ts';
import type { DatasetJob } from '../../jobs/types.ts';
import { DATASETS } from '../../lib/datasets.ts';
import { type Database, openDatabase } from '../../lib/db.ts';
import { ParseError, UnrecoverableError } from '../../lib/errors.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { createTestServices } from '../helpers/services.ts';

describe('pipeline error handling', () => {
  let database: Database;
  let env: Awaited<ReturnType<typeof createTestServices>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    env = await createTestServices(database);
  });
  afterAll(async () => {
    await env?.close();
    await database?.close();
  });

  it('quarantines a document the parser refuses, fails without retry and loads nothing', async () => {
    // The ticker file served where a submissions document is expected: a schema drift the parser must refuse.
    const drifted: DatasetJob = {
      ...(companiesJob as DatasetJob),
      fetch: async (_ctx, _key, fetcher) => [await fetcher.get(TICKERS_URL)],
    };
    const err = await runPartition(drifted, 'cik:0000320193', env.services.deps()).catch((e) => e);
    expect(err).toBeInstanceOf(UnrecoverableError);
    expect(String(err.message)).toMatch(/parse error in companies\/cik:0000320193/);
    const q = await database.query<{ url: string; error: string }>('select url, error from quarantine');
    expect(q).toHaveLength(1);
    expect(q[0]!.url).toBe(TICKERS_URL);
    const [p] = await database.query<{ status: string }>(
      `select status from dataset_partitions where dataset_id = 'companies' and partition_key = 'cik:0000320193'`,
    );
    expect(p!.status).toBe('failed');
    const [ds] = await database.query<{ last_error: string }>(
      `select last_error from datasets where id = 'companies'`,
    );
    expect(ds!.last_error).toMatch(/cik|submissions/i);
    const [{ n }] = (await database.query<{ n: number }>('select count(*)::int as n from companies')) as [
      { n: number },
    ];
    expect(n).toBe(0);
  });

  it('treats a listing the job cannot read while fetching like a parse error: quarantined, no retry', async () => {
    const planner: DatasetJob = {
      ...(companiesJob as DatasetJob),
      fetch: async () => {
        throw new ParseError(
          'not an EDGAR index.json: no directory.item list',
          'https://www.sec.gov/x/index.json',
        );
      },
    };
    const err = await runPartition(planner, 'cik:0000315090', env.services.deps()).catch((e) => e);
    expect(err).toBeInstanceOf(UnrecoverableError);
    const q = await database.query<{ url: string; error: string }>(
      `select url, error from quarantine where partition_key = 'cik:0000315090'`,
    );
    expect(q).toEqual([
      {
        url: 'https://www.sec.gov/x/index.json',
        error: 'not an EDGAR index.json: no directory.item list (https://www.sec.gov/x/index.json)',
      },
    ]);
  });

  it('stops waiting out a database outage when the runtime shuts down', async () => {
    // A real Postgres pool aimed at a port nothing listens on: the database "went away" and does not come
    // back. The partition would wait DB_OUTAGE.waitMs (5 minutes) for it; a shutdown must end that at once.
    const { createServer } = await import('node:net');
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const gone = await openDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${port}/gone`,
      poolSize: 1,
    });
    const deps = env.services.deps();
    const job: DatasetJob = {
      ...(companiesJob as DatasetJob),
      fetch: async (ctx) => {
        await ctx.database.query('select 1');
        return [];
      },
    };
    const shutdown = new AbortController();
    const running = runPartition(job, 'cik:0000320193', {
      ...deps,
      ctx: { ...deps.ctx, database: gone },
      signal: shutdown.signal,
    }).catch((e) => e);
    await new Promise((r) => setTimeout(r, 1_500)); // inside the wait (polls every second)
    shutdown.abort();
    const err = await running;
    expect(String(err?.message ?? err)).toMatch(/ECONNREFUSED|connect/i);
    await gone.close();
  });

  it('records an upstream 404 as not_found and moves on', async () => {
    const r = await runPartition(companiesJob as DatasetJob, 'cik:0000000001', env.services.deps());
    expect(r.status).toBe('not_found');
    const [p] = await database.query<{ status: string; error: string }>(
      `select status, error from dataset_partitions where partition_key = 'cik:0000000001'`,
    );
    expect(p).toMatchObject({ status: 'not_found' });
    expect(p!.error).toContain('https://data.sec.gov/submissions/CIK0000000001.json');
  });
  describe(`the job runtime (${process.env.REDIS_URL ? 'BullMQ' : 'in-process'})`, () => {
    const requestsTo = (path: string) => env.services.mirror!.requests.filter((r) => r.path === path).length;

    it("retries a partition whose upstream fails past the HTTP client's own retries, then succeeds", async () => {
      // The test client makes 3 attempts per fetch; 3 failures fail the first run of the partition.
      const path = '/data.sec.gov/submissions/CIK0000940418.json';
      env.services.mirror!.setFaults([{ path, status: 500, times: 3 }]);
      try {
        const r = await env.runtime.runPartitions('companies', ['cik:0000940418']);
        expect(r.failures).toEqual([]);
        expect(r.reports).toHaveLength(1);
      } finally {
        env.services.mirror!.clearFaults();
      }
      expect(requestsTo(path)).toBe(4);
      const [p] = await database.query<{ status: string }>(
        `select status from dataset_partitions where dataset_id = 'companies' and partition_key = 'cik:0000940418'`,
      );
      expect(p!.status).toBe('done');
    }, 30_000);

    it.skipIf(!process.env.REDIS_URL)(
      'runs a partition once when it is enqueued twice at the same time (deterministic job id)',
      async () => {
        const path = '/data.sec.gov/submissions/CIK0001800903.json';
        // A slow answer keeps the first job in flight while the second enqueue arrives.
        env.services.mirror!.setFaults([{ path, delayMs: 300, times: 1 }]);
        try {
          const [a, b] = await Promise.all([
            env.runtime.runPartitions('companies', ['cik:0001800903']),
            env.runtime.runPartitions('companies', ['cik:0001800903']),
          ]);
          expect([a.failures, b.failures]).toEqual([[], []]);
        } finally {
          env.services.mirror!.clearFaults();
        }
        expect(requestsTo(path)).toBe(1);
      },
    );
  });
});

describe('job registry check at start-up', () => {
  it('accepts the shipped registry', () => {
    expect(checkJobRegistry().size).toBe(JOBS.length);
  });

  it('refuses a scheduled dataset without a handler, and a dataset with two', () => {
    expect(() => checkJobRegistry(JOBS.filter((j) => j.dataset !== 'filings'))).toThrow(
      /dataset filings has a schedule but no job handler/,
    );
    expect(() => checkJobRegistry([...JOBS, JOBS[0]!])).toThrow(RegistryError);
    expect(() => checkJobRegistry([...JOBS, { ...JOBS[0]!, dataset: 'nope' }], DATASETS)).toThrow(
      /job handler for unknown dataset nope/,
    );
  });
});
