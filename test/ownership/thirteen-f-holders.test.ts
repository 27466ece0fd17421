import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filingsJob } from '../../jobs/edgar/filings.job.ts';
import { demoFilings, demoKey } from '../../jobs/ownership/demo-filings.ts';
import { thirteenFJob } from '../../jobs/ownership/thirteen-f.job.ts';
import { runPartition } from '../../jobs/pipeline.ts';
import type { DatasetJob } from '../../jobs/types.ts';
import type { Database } from '../../lib/db.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { createTestServices } from '../helpers/services.ts';

// The holders of the universe's companies: 13F filings of filers outside the universe, discovered from the
// filing index. The real daily index of 2022-10-03 (company.idx) lists 25 13F-HR / 13F-HR/A filings, none of
// them by a company of the demo universe.
describe(`13F holders discovery (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let database: Database;
  let env: Awaited<ReturnType<typeof createTestServices>>;
  // offline, the ownership demo list's filings are always added (jobs/ownership/demo-filings.ts)
  let demo: Set<string>;
  const discovered = (keys: string[]) => keys.filter((k) => !demo.has(k));
  const ctxAt = (now: string, holderFilings?: number) => {
    const ctx = env.services.deps(new Date(now)).ctx;
    return holderFilings === undefined
      ? ctx
      : { ...ctx, config: { ...ctx.config, THIRTEEN_F_HOLDER_FILINGS: holderFilings } };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    env = await createTestServices(database);
    await runPartition(filingsJob as DatasetJob, 'd:20221003', env.services.deps());
    demo = new Set(demoFilings(env.services.deps().ctx.config, 'institutional_holdings').map(demoKey));
  }, 120_000);

  afterAll(async () => {
    await env?.close();
    await database?.close();
  });

  it('lists every filer 13F in the index inside the served window, newest first', async () => {
    const keys = await thirteenFJob.partitions(ctxAt('2022-10-10T00:00:00Z'), {});
    expect(keys).toContain('acc:0001905128-22-000005'); // American Trust, 13F-HR
    expect(keys).toContain('acc:0001297731-22-000007'); // Pensionfund DSM Netherlands, 13F-HR/A
    expect(discovered(keys)).toHaveLength(25);
  });

  it('is bounded by THIRTEEN_F_HOLDER_FILINGS, and 0 leaves the universe own filers only', async () => {
    const three = await thirteenFJob.partitions(ctxAt('2022-10-10T00:00:00Z', 3), {});
    expect(discovered(three)).toEqual([
      'acc:0001944579-22-000004',
      'acc:0001944579-22-000003',
      'acc:0001914099-22-000007',
    ]);
    const none = await thirteenFJob.partitions(ctxAt('2022-10-10T00:00:00Z', 0), {});
    expect(discovered(none)).toEqual([]);
  });

  it('leaves out filings older than the served window (8 quarters) and a --cik backfill names its filers only', async () => {
    const later = await thirteenFJob.partitions(ctxAt('2025-06-01T00:00:00Z'), {});
    expect(discovered(later)).toEqual([]);
    const byCik = await thirteenFJob.partitions(ctxAt('2022-10-10T00:00:00Z'), { cik: '1905128' });
    expect(byCik).toEqual(['acc:0001905128-22-000005']);
  });

  it('a scheduled refresh takes the holders filed in the last days', async () => {
    const latest = await thirteenFJob.latestPartitions(ctxAt('2022-10-04T12:00:00Z'));
    expect(latest).toContain('acc:0001905128-22-000005');
    expect(await thirteenFJob.latestPartitions(ctxAt('2022-10-20T00:00:00Z'))).toEqual([]);
  });
});
