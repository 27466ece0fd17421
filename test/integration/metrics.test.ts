import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companiesJob } from '../../jobs/edgar/companies.job.ts';
import { runPartition } from '../../jobs/pipeline.ts';
import type { DatasetJob } from '../../jobs/types.ts';
import type { Database } from '../../lib/db.ts';
import { type MetricsServer, startMetricsServer } from '../../lib/metrics-server.ts';
import { accountWithKey, type RunningApi, startApi } from '../helpers/api.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { createTestServices } from '../helpers/services.ts';
import { TEST_ROUTES } from '../helpers/test-routes.ts';

// Issue 8: the Prometheus endpoint, scraped after a few requests and jobs: the counters moved.
let database: Database;
let env: Awaited<ReturnType<typeof createTestServices>>;
let api: RunningApi;
let server: MetricsServer;

beforeAll(async () => {
  database = await createTestDatabase();
  env = await createTestServices(database);
  api = await startApi(database, { routes: TEST_ROUTES });
  server = await startMetricsServer({ host: '127.0.0.1', port: 0 });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await api?.close();
  await env?.close();
  await database?.close();
});

async function scrape(): Promise<string> {
  const r = await fetch(server.url);
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/text\/plain; version=0\.0\.4/);
  return r.text();
}

/** The value of one sample (labels in any order), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) {
      total += Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return total;
}

describe('metrics endpoint', () => {
  it('is on its own server: the API port does not serve it', async () => {
    expect((await api.get('/metrics')).status).toBe(404);
    expect((await fetch(server.url.replace('/metrics', '/other'))).status).toBe(404);
  });

  it('counts requests per route and status, latency, credits charged and refunded, rate-limit refusals', async () => {
    const before = await scrape();
    const { key } = await accountWithKey(database, 'free', 100);
    for (let i = 0; i < 3; i++) await api.get('/v1/test/statements?ticker=AAPL', { key });
    await api.get('/v1/test/statements', { key }); // 400: missing ticker
    await api.get('/v1/test/fail?mode=notfound', { key }); // charged then refunded
    const after = await scrape();
    const route = { route: '/v1/test/statements' };
    const delta = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(delta('findata_http_requests_total', { ...route, status: '200', method: 'GET' })).toBe(3);
    expect(delta('findata_http_requests_total', { ...route, status: '400' })).toBe(1);
    expect(delta('findata_http_request_duration_seconds_count', { ...route, status: '200' })).toBe(3);
    expect(
      delta('findata_http_request_duration_seconds_bucket', { ...route, status: '200', le: '+Inf' }),
    ).toBe(3);
    expect(delta('findata_http_request_duration_seconds_sum', { ...route, status: '200' })).toBeGreaterThan(
      0,
    );
    expect(delta('findata_credits_charged_total', { route: 'GET /v1/test/statements' })).toBe(3);
    expect(delta('findata_credits_refunded_total', {})).toBeGreaterThanOrEqual(1);
    expect(after).toMatch(/findata_process_cpu_seconds_total/);
  });

  it('counts rate-limit refusals', async () => {
    const before = await scrape();
    const { key } = await accountWithKey(database, 'free', 1_000);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push((await api.get('/v1/test/statements?ticker=AAPL', { key })).status);
    const refused = statuses.filter((s) => s === 402 || s === 429).length;
    expect(refused).toBeGreaterThan(0);
    const after = await scrape();
    expect(
      sample(after, 'findata_rate_limit_refusals_total', { plan: 'free' }) -
        sample(before, 'findata_rate_limit_refusals_total', { plan: 'free' }),
    ).toBe(refused);
  });

  it('counts partitions by dataset and outcome, rows loaded, upstream requests by host and status, quarantines', async () => {
    const before = await scrape();
    expect((await env.runtime.runPartitions('companies', ['tickers'])).failures).toEqual([]);
    await runPartition(companiesJob as DatasetJob, 'cik:0000000001', env.services.deps()); // 404 upstream
    const drifted: DatasetJob = {
      ...(companiesJob as DatasetJob),
      fetch: async (_c, _k, f) => [await f.get('https://www.sec.gov/files/company_tickers.json')],
    };
    await runPartition(drifted, 'cik:0000320193', env.services.deps()).catch(() => undefined);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(delta('findata_partitions_total', { dataset: 'companies', outcome: 'done' })).toBe(1);
    expect(delta('findata_partitions_total', { dataset: 'companies', outcome: 'not_found' })).toBe(1);
    expect(delta('findata_partitions_total', { dataset: 'companies', outcome: 'quarantined' })).toBe(1);
    expect(delta('findata_partition_duration_seconds_count', { dataset: 'companies', outcome: 'done' })).toBe(
      1,
    );
    expect(delta('findata_rows_loaded_total', { dataset: 'companies', kind: 'inserted' })).toBeGreaterThan(
      1000,
    );
    expect(delta('findata_quarantined_documents_total', { dataset: 'companies' })).toBe(1);
    expect(
      delta('findata_upstream_requests_total', { host: 'www.sec.gov', status: '200' }),
    ).toBeGreaterThanOrEqual(2);
    expect(delta('findata_upstream_requests_total', { host: 'data.sec.gov', status: '404' })).toBe(1);
    // queue depth is read at scrape time from the runtime
    expect(after).toMatch(/findata_queue_jobs\{[^}]*queue="sec"/);
  });
});
