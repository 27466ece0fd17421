import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfill } from '../../jobs/refresh.ts';
import { pendingReason, readDatasetStates } from '../../lib/dataset-inputs.ts';
import type { Database } from '../../lib/db.ts';
import { recordPartition, setHistoryStatus } from '../../loaders/coverage.ts';
import { accountWithKey, type RunningApi, startApi } from '../helpers/api.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { createTestServices } from '../helpers/services.ts';

// Issue 8, fault 5: with filings and companies failed, filing_items and financial_segments were marked
// history_status=complete, pending=false after running 0 partitions.
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

const state = async (id: string) =>
  (
    await database.query<{ history_status: string; pending: boolean }>(
      'select history_status, pending from datasets where id = $1',
      [id],
    )
  )[0]!;

async function fail(dataset: string, key: string, error: string) {
  await database.db.transaction((tx) =>
    recordPartition(tx, { datasetId: dataset, partitionKey: key, status: 'failed', error, at: new Date() }),
  );
}

describe('a dataset over a failed input (fault 5)', () => {
  it('is not marked complete by a clean run of 0 partitions; it stays pending and says which input', async () => {
    await fail('companies', 'tickers', 'upstream 500 for https://www.sec.gov/files/company_tickers.json');
    await fail(
      'filings',
      'cik:0000320193',
      'upstream 500 for https://data.sec.gov/submissions/CIK0000320193.json',
    );
    for (const d of ['filing_items', 'financial_segments']) {
      const run = await backfill(env.services, env.runtime, d, {});
      expect(run.failures).toEqual([]);
      expect(run.reports).toEqual([]); // nothing indexed, nothing to split
      expect(await state(d)).toEqual({ history_status: 'backfill_in_progress', pending: true });
      expect(run.blockedBy).toBe(
        'filings (1 partition failed: upstream 500 for https://data.sec.gov/submissions/CIK0000320193.json) <- companies (1 partition failed: upstream 500 for https://www.sec.gov/files/company_tickers.json)',
      );
    }
    const states = await readDatasetStates(database);
    expect(pendingReason('filing_items', states)).toBe(
      'waiting for filings (1 partition failed: upstream 500 for https://data.sec.gov/submissions/CIK0000320193.json) <- companies (1 partition failed: upstream 500 for https://www.sec.gov/files/company_tickers.json)',
    );
    expect(pendingReason('filings', states)).toMatch(/^waiting for companies \(1 partition failed/);
    expect(pendingReason('companies', states)).toMatch(/^1 partition failed: upstream 500/);
  });

  it('/v1/_status says why a family is pending', async () => {
    const api: RunningApi = await startApi(database);
    try {
      const { key } = await accountWithKey(database, 'free', 10);
      const body = await (await api.get('/v1/_status', { key })).json();
      const financials = body.families.find((f: { family: string }) => f.family === 'financials');
      expect(financials.pending).toBe(true);
      expect(financials.note).toMatch(/^waiting for companies \(1 partition failed: upstream 500/);
      const filings = body.families.find((f: { family: string }) => f.family === 'filings');
      expect(filings.note).toMatch(/^last refresh failed: upstream 500/);
    } finally {
      await api.close();
    }
  });

  it('completes once its inputs are repaired and complete', async () => {
    const at = new Date();
    await database.db.transaction(async (tx) => {
      await recordPartition(tx, { datasetId: 'companies', partitionKey: 'tickers', status: 'done', at });
      await recordPartition(tx, { datasetId: 'filings', partitionKey: 'cik:0000320193', status: 'done', at });
    });
    await setHistoryStatus(database, 'companies', 'current_snapshot', false);
    // filings still pending (its backfill has not completed): filing_items waits for it
    let run = await backfill(env.services, env.runtime, 'filing_items', {});
    expect(run.blockedBy).toBe('filings (backfill not complete)');
    expect((await state('filing_items')).pending).toBe(true);
    await setHistoryStatus(database, 'filings', 'complete', false);
    run = await backfill(env.services, env.runtime, 'filing_items', {});
    expect(run.blockedBy).toBeNull();
    expect(await state('filing_items')).toEqual({ history_status: 'complete', pending: false });
  });
});
