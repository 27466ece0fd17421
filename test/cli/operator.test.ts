import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashKey } from '../../api/platform/keys.ts';
import { anotherKeyHint, showDemoKey } from '../../cli/commands/serve.ts';
import { coverageRange } from '../../cli/commands/system.ts';
import { countRows } from '../../jobs/pipeline.ts';
import { jobDatasetOf, jobDatasets } from '../../jobs/refresh.ts';
import { JOBS } from '../../jobs/registry.ts';
import type { Database } from '../../lib/db.ts';
import { createTestDatabase } from '../helpers/db.ts';

describe('etl start: the demo key', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('is created when it is shown, shown once, and its account named for another key afterwards', async () => {
    const shown: { key: string | null; accountId: string }[] = [];
    const show = (key: string | null, accountId: string) => shown.push({ key, accountId });
    const [{ n: before }] = (await database.query<{ n: number }>(
      'select count(*)::int as n from api_keys',
    )) as [{ n: number }];
    expect(before).toBe(0);

    await showDemoKey(database, show);
    await showDemoKey(database, show);
    expect(shown).toHaveLength(2);
    const [first, second] = shown as [(typeof shown)[0], (typeof shown)[0]];
    expect(first.key).toMatch(/^fd_live_[0-9a-f]{40}$/);
    expect(second).toEqual({ key: null, accountId: first.accountId });
    const keys = await database.query<{ key_hash: string; account_id: string }>(
      'select key_hash, account_id from api_keys',
    );
    expect(keys).toEqual([{ key_hash: hashKey(first.key!), account_id: first.accountId }]);
    const [account] = await database.query<{ plan: string; credits: string }>(
      'select plan, credits from accounts where id = $1',
      [first.accountId],
    );
    expect({ plan: account!.plan, credits: Number(account!.credits) }).toEqual({
      plan: 'fund',
      credits: 10_000,
    });
  });

  it('tells how to make another key: stop etl start first on the embedded database', () => {
    expect(anotherKeyHint('pglite', 'acc_1')).toBe(
      'stop etl start first (the embedded database takes one process; or use DATABASE_URL), then: etl keys create --account acc_1',
    );
    expect(anotherKeyHint('postgres', 'acc_1')).toBe('etl keys create --account acc_1');
  });
});

describe('etl CLI listings', () => {
  it('offers only datasets a job fills, mapping a derived dataset to the job that builds it', () => {
    const ids = jobDatasets().map((d) => d.id);
    for (const j of JOBS) expect(ids).toContain(j.dataset);
    expect(jobDatasetOf('financial_metrics')).toBe('financials');
    expect(jobDatasetOf('filings')).toBe('filings');
    expect(() => jobDatasetOf('nope')).toThrow(/no job for dataset/);
    for (const d of jobDatasets()) expect(() => jobDatasetOf(d.id)).not.toThrow();
  });

  it('shows coverage in the status table as the API reports it', () => {
    expect(coverageRange('1993-01-01', null)).toBe('1993-01-01 to ongoing');
    expect(coverageRange('2009-01-01', '2024-12-31')).toBe('2009-01-01 to 2024-12-31');
    expect(coverageRange(null, null)).toBe('-');
  });
});

describe('partition row counts', () => {
  it('counts row objects at any depth of the parsed value, not warnings', () => {
    expect(countRows([{ a: 1 }, { a: 2 }])).toBe(2);
    expect(
      countRows({
        mode: 'entity',
        registry: { companies: [{}], identifiers: [{}, {}], listings: [], events: [{}] },
      }),
    ).toBe(4);
    expect(
      countRows({ filing: { items: [{}, {}], exhibits: null, warnings: ['odd heading'] }, sha256: 'x' }),
    ).toBe(2);
    expect(countRows({ cik: 320193, rows: [] })).toBe(0);
  });
});
