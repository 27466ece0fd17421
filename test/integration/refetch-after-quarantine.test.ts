import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companiesJob, submissionsUrl } from '../../jobs/edgar/companies.job.ts';
import { type Mirror, startMirror } from '../../jobs/http/mirror.ts';
import { runPartition } from '../../jobs/pipeline.ts';
import { backfill } from '../../jobs/refresh.ts';
import type { DatasetJob } from '../../jobs/types.ts';
import type { Database } from '../../lib/db.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { createTestServices } from '../helpers/services.ts';

// Issue 8, fault 3: a truncated submissions JSON was quarantined, and after the upstream was fixed the
// 6-hour reuse window kept serving the broken archived copy, even to `--force`.
const CIK = '0000310522';
const FILE = `CIK${CIK}.json`;
const URL = submissionsUrl(CIK);

let database: Database;
let env: Awaited<ReturnType<typeof createTestServices>>;
let mirror: Mirror;
let served: string;
const asked: string[] = [];

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'findata-mirror-'));
  mkdirSync(join(root, 'data.sec.gov', 'submissions'), { recursive: true });
  served = join(root, 'data.sec.gov', 'submissions', FILE);
  const good = readFileSync(join('fixtures/upstream/data.sec.gov/submissions', FILE));
  writeFileSync(served, good.subarray(0, Math.floor(good.length / 2))); // the broken upstream
  mirror = await startMirror({ root, port: 0 });
  database = await createTestDatabase();
  env = await createTestServices(database, { MIRROR_URL: mirror.url });
  // Count what the job asks of the upstream (the real client still answers).
  const http = env.services.http;
  const get = http.get.bind(http);
  http.get = (url, opts) => {
    asked.push(url);
    return get(url, opts);
  };
});

afterAll(async () => {
  await env?.close();
  await mirror?.close();
  await database?.close();
});

const fix = () => copyFileSync(join('fixtures/upstream/data.sec.gov/submissions', FILE), served);

async function partition() {
  const [p] = await database.query<{ status: string }>(
    `select status from dataset_partitions where dataset_id = 'companies' and partition_key = $1`,
    [`cik:${CIK}`],
  );
  return p?.status;
}

describe('a document that failed to parse (fault 3)', () => {
  it('is quarantined', async () => {
    const err = await runPartition(companiesJob as DatasetJob, `cik:${CIK}`, env.services.deps()).catch(
      (e) => e,
    );
    expect(String(err.message)).toMatch(/parse error in companies\/cik:0000310522/);
    const q = await database.query<{ url: string }>('select url from quarantine');
    expect(q.map((r) => r.url)).toEqual([URL]);
    expect(await partition()).toBe('failed');
  });

  it('is never reused from the archive: once the upstream is fixed, the next run asks it and loads', async () => {
    fix();
    asked.length = 0;
    const r = await runPartition(companiesJob as DatasetJob, `cik:${CIK}`, env.services.deps());
    expect(asked).toEqual([URL]);
    expect(r.status).toBe('done');
    expect(await partition()).toBe('done');
    const [c] = await database.query<{ name: string }>(
      `select company_name as name from companies where cik = $1`,
      [CIK],
    );
    expect(c?.name).toMatch(/FEDERAL NATIONAL MORTGAGE/i);
  });

  it('--force always asks the upstream, even inside the reuse window of a good copy', async () => {
    // without force the good copy inside the 6-hour window is reused: no request
    asked.length = 0;
    await runPartition(companiesJob as DatasetJob, `cik:${CIK}`, env.services.deps());
    expect(asked).toEqual([]);
    // a forced backfill goes through the runtime and asks (a conditional GET: the mirror answers 304)
    const run = await backfill(env.services, env.runtime, 'companies', { cik: '310522', force: true });
    expect(run.failures).toEqual([]);
    expect(run.reports.map((x) => x.partition)).toEqual([`cik:${CIK}`]);
    expect(asked).toEqual([URL]);
  });
});
