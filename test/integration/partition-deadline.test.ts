import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financialsJob } from '../../jobs/edgar/financials.job.ts';
import { type Mirror, startMirror } from '../../jobs/http/mirror.ts';
import type { PartitionProgress } from '../../jobs/partition-watch.ts';
import { runPartition } from '../../jobs/pipeline.ts';
import type { DatasetJob } from '../../jobs/types.ts';
import type { Database } from '../../lib/db.ts';
import { PartitionStalledError } from '../../lib/errors.ts';
import { metrics } from '../../lib/metrics.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { createTestServices } from '../helpers/services.ts';

// Issue 26 (docs/scale.md, "What broke" 10): a partition that makes no progress is aborted after
// PARTITION_STALL_MS, fails with the step it stalled at, loads nothing, and the runtime retries it. The
// upstream here is a real loopback HTTP server that accepts a request and never answers it (the first
// `hang` requests), then serves the captured files through the offline mirror. The HTTP client's own
// timeout is a minute: only the partition's deadline can end the wait.

const CIK = '0001046179'; // a captured companyfacts (fixtures/upstream/data.sec.gov/api/xbrl/companyfacts)
const KEY = `cik:${CIK}`;
const FACTS = `/data.sec.gov/api/xbrl/companyfacts/CIK${CIK}.json`;
// short, but above any single step of this partition on a loaded 2-core machine (a raw-index lookup, a parse)
const STALL_MS = 1_500;

let mirror: Mirror;
let upstream: Server;
let upstreamUrl: string;
/** Requests to hold without an answer before serving again. */
let hang = 0;
const held: Socket[] = [];
const seen: string[] = [];

beforeAll(async () => {
  mirror = await startMirror({});
  upstream = createServer((req, res) => {
    seen.push(req.url ?? '');
    if (hang > 0) {
      hang--;
      held.push(req.socket); // accepted, read, never answered
      return;
    }
    const m = new URL(mirror.url);
    const fwd = httpRequest(
      { host: m.hostname, port: m.port, path: req.url, method: req.method, headers: req.headers },
      (r: IncomingMessage) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    fwd.on('error', () => res.destroy());
    req.pipe(fwd);
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`;
});

afterAll(async () => {
  for (const s of held) s.destroy();
  await new Promise((r) => upstream?.close(r));
  await mirror?.close();
});

const stalledCount = async () =>
  (await metrics.partitions.get()).values.find(
    (v) => v.labels.dataset === 'financials' && v.labels.outcome === 'stalled',
  )?.value ?? 0;

describe('a partition with no progress for PARTITION_STALL_MS', () => {
  let database: Database;
  let env: Awaited<ReturnType<typeof createTestServices>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    env = await createTestServices(database, {
      MIRROR_URL: upstreamUrl,
      PARTITION_STALL_MS: String(STALL_MS),
      HTTP_TIMEOUT_MS: '60000',
    });
  });
  afterAll(async () => {
    await env?.close();
    await database?.close();
  });

  const count = async (sql: string) =>
    Number(((await database.query<{ n: number }>(sql)) as [{ n: number }])[0].n);

  it('is aborted, names the request it stalled at, records the failure and loads nothing', async () => {
    hang = 1;
    seen.length = 0;
    const steps: PartitionProgress[] = [];
    const t0 = Date.now();
    const err = await runPartition(financialsJob as DatasetJob, KEY, {
      ...env.services.deps(),
      onProgress: (p) => steps.push(p),
    }).catch((e) => e);
    const took = Date.now() - t0;
    expect(err).toBeInstanceOf(PartitionStalledError);
    expect(err.stage).toBe(`GET https://data.sec.gov/api/xbrl/companyfacts/CIK${CIK}.json: attempt 1 sent`);
    expect(err.message).toMatch(
      /^financials\/cik:0001046179 made no progress for [12] s \(PARTITION_STALL_MS\)/,
    );
    // the deadline, not the HTTP client's 60 s timeout, ended it
    expect(took).toBeGreaterThanOrEqual(STALL_MS);
    expect(took).toBeLessThan(5_000);
    expect(seen).toEqual([FACTS]);
    // what the process waited on, logged with the error: Node's handles by type (the held request's socket among
    // them) and, on Postgres, the pool, which had a free client and nobody waiting: not the database
    expect(err.waits.resources.TCPSocketWrap).toBeGreaterThanOrEqual(1);
    if (database.kind === 'postgres') {
      expect(err.waits.pool.waiting).toBe(0);
      expect(err.waits.pool.idle).toBeGreaterThanOrEqual(1);
    } else expect(err.waits.pool).toBeNull();
    expect(steps.map((s) => s.stage)).toEqual([
      'fetch',
      `look up the raw index for https://data.sec.gov/api/xbrl/companyfacts/CIK${CIK}.json`,
      `request https://data.sec.gov/api/xbrl/companyfacts/CIK${CIK}.json`,
      `GET https://data.sec.gov/api/xbrl/companyfacts/CIK${CIK}.json: waiting for the sec rate limiter`,
      `GET https://data.sec.gov/api/xbrl/companyfacts/CIK${CIK}.json: attempt 1 sent`,
    ]);
    expect(await count(`select count(*)::int as n from financial_statements`)).toBe(0);
    expect(await count(`select count(*)::int as n from raw_documents`)).toBe(0);
    // the failure is recorded without being awaited (what stalled may be the database)
    await expect
      .poll(async () =>
        database.query<{ status: string; error: string }>(
          `select status, error from dataset_partitions where dataset_id = 'financials' and partition_key = '${KEY}'`,
        ),
      )
      .toEqual([{ status: 'failed', error: err.message }]);
  });

  it(`is retried by the runtime (${process.env.REDIS_URL ? 'BullMQ' : 'in-process'}) and loads on the next attempt`, async () => {
    hang = 1;
    seen.length = 0;
    const before = await stalledCount();
    const r = await env.runtime.runPartitions('financials', [KEY]);
    expect(r.failures).toEqual([]);
    expect(r.reports).toHaveLength(1);
    expect(r.reports[0]).toMatchObject({ partition: KEY, status: 'done' });
    expect(r.reports[0]!.rowsParsed).toBeGreaterThan(0);
    expect(await stalledCount()).toBe(before + 1);
    // the first attempt's companyfacts request was held; the retry asked again and went on to submissions
    expect(seen.slice(0, 2)).toEqual([FACTS, FACTS]);
    expect(
      await count(`select count(*)::int as n from financial_statements where cik = ${Number(CIK)}`),
    ).toBe(r.reports[0]!.rowsParsed);
    const [p] = await database.query<{ status: string }>(
      `select status from dataset_partitions where dataset_id = 'financials' and partition_key = '${KEY}'`,
    );
    expect(p!.status).toBe('done');
  }, 20_000);
});
