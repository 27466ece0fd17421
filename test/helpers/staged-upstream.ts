import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect } from 'vitest';
import { startMirror } from '../../jobs/http/mirror.ts';
import type { Database } from '../../lib/db.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from './api.ts';
import { createTestServices } from './services.ts';

export interface Staged {
  database: Database;
  api: RunningApi;
  /** A Professional key with credits to spare. */
  key: string;
  close(): Promise<void>;
}

/**
 * End to end on documents a test stages itself: an offline mirror serving only `files` (upstream address ->
 * bytes, plus the mirror's error bodies, so anything else is a 404), the dataset's partitions run through the
 * real fetch code and job runtime into a fresh database, and the API on top of it.
 */
export async function runStaged(opts: {
  files: Record<string, string | Uint8Array>;
  dataset: string;
  partitions: string[];
  env?: Record<string, string>;
}): Promise<Staged> {
  const root = mkdtempSync(join(tmpdir(), 'staged-upstream-'));
  cpSync('fixtures/upstream/_errors', join(root, '_errors'), { recursive: true });
  for (const [address, bytes] of Object.entries(opts.files)) {
    const u = new URL(address);
    const path = join(root, u.host, `${u.pathname}${u.search}`);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, bytes);
  }
  const mirror = await startMirror({ root });
  const database = await createApiTestDatabase();
  const env = await createTestServices(database, { MIRROR_URL: mirror.url, ...opts.env });
  const r = await env.runtime.runPartitions(opts.dataset, opts.partitions, () => {}, { refetch: false });
  expect(r.failures).toEqual([]);
  const api = await startApi(database, { logLevel: 'warn' });
  const { key } = await accountWithKey(database, 'professional', 1_000);
  return {
    database,
    api,
    key,
    async close() {
      await api.close();
      await env.close();
      await database.close();
      await mirror.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
