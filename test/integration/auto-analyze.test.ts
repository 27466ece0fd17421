import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companiesJob } from '../../jobs/edgar/companies.job.ts';
import { filingsJob } from '../../jobs/edgar/filings.job.ts';
import { runPartition } from '../../jobs/pipeline.ts';
import type { DatasetJob } from '../../jobs/types.ts';
import { analyzeChangedTables } from '../../lib/auto-analyze.ts';
import type { Database } from '../../lib/db.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { capturingLogger } from '../helpers/log-capture.ts';
import { createTestServices } from '../helpers/services.ts';

const embedded = !process.env.DATABASE_URL;

describe(`planner statistics after a load (${embedded ? 'PGlite' : 'Postgres'})`, () => {
  let database: Database;
  let env: Awaited<ReturnType<typeof createTestServices>>;
  const log = capturingLogger();

  const deps = () => {
    const d = env.services.deps();
    return { ...d, ctx: { ...d.ctx, logger: log.logger } };
  };
  const table = async (name: string) => {
    const [r] = await database.query<{ reltuples: number; last_analyze: Date | null; n: number }>(
      `select c.reltuples::float8 as reltuples, s.last_analyze, (select count(*)::int from pg_stats p
               where p.schemaname = 'public' and p.tablename = $1) as n
         from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.oid = $1::regclass`,
      [name],
    );
    return r!;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    env = await createTestServices(database);
  });
  afterAll(async () => {
    await env?.close();
    await database?.close();
  });

  it('analyzes a table a load changed past autovacuum threshold, once the load has committed', async () => {
    // EDGAR's form index of 2020-03-18 (fixtures/upstream): its 10-K/10-Q/8-K... rows, far past 50 rows
    const before = await table('filings');
    expect(before.last_analyze).toBeNull();
    await runPartition(filingsJob as DatasetJob, 'd:20200318', deps());
    const [{ n }] = (await database.query<{ n: number }>('select count(*)::int as n from filings')) as [
      { n: number },
    ];
    expect(n).toBeGreaterThan(50);
    const after = await table('filings');
    if (!embedded) {
      // Postgres: autovacuum's job; nothing of ours ran (an autoanalyze sets last_autoanalyze, not this)
      expect(after.last_analyze).toBeNull();
      expect(log.parsed().filter((l) => l.table)).toEqual([]);
      return;
    }
    expect(after.last_analyze).not.toBeNull();
    expect(after.reltuples).toBe(n); // a table under ANALYZE's 30,000-row sample is counted exactly
    expect(after.n).toBeGreaterThan(0); // pg_stats has its columns
    const line = log.parsed().find((l) => l.table === 'filings');
    expect(line).toMatchObject({
      table: 'filings',
      changed: n,
      rows: n,
      dataset: 'filings',
      partition: 'd:20200318',
    });
    expect(typeof line!.ms).toBe('number');
  });

  it('leaves a table whose changes are under the threshold (50 rows + 10%) unanalyzed', async () => {
    const filingsBefore = await table('filings');
    // one filer's submissions: one companies row (and the filings table not touched at all)
    await runPartition(companiesJob as DatasetJob, 'cik:0000320193', deps());
    const [{ n }] = (await database.query<{ n: number }>('select count(*)::int as n from companies')) as [
      { n: number },
    ];
    expect(n).toBe(1);
    // the pipeline's pass came within the naptime of the first (deferred to its end): one now, no naptime
    expect(await analyzeChangedTables(database, log.logger, { naptimeMs: 0 })).toEqual([]);
    const companies = await table('companies');
    expect(companies.last_analyze).toBeNull();
    expect(companies.n).toBe(0);
    // (last_analyze only: on Postgres autovacuum may analyze filings meanwhile, which sets last_autoanalyze)
    expect((await table('filings')).last_analyze).toEqual(filingsBefore.last_analyze);
  });

  it('defers a pass within the naptime of the last one, then analyzes what is due', async () => {
    const before = await table('filings');
    // EDGAR's master index of 2020-01-03: other filings, more than 50 + 10% of those loaded above
    await runPartition(filingsJob as DatasetJob, 'd:20200103', deps());
    const [{ n }] = (await database.query<{ n: number }>('select count(*)::int as n from filings')) as [
      { n: number },
    ];
    expect(n - before.reltuples).toBeGreaterThan(50 + 0.1 * before.reltuples);
    expect((await table('filings')).last_analyze).toEqual(before.last_analyze); // deferred (or Postgres)
    const analyzed = await analyzeChangedTables(database, log.logger, { naptimeMs: 0 });
    if (!embedded) {
      expect(analyzed).toEqual([]);
      return;
    }
    expect(analyzed.map((a) => a.table)).toContain('filings');
    expect((await table('filings')).reltuples).toBe(n);
  });
});
