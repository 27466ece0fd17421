/**
 * MCP and screening. Run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/mcp.bench.ts`.
 * One server child (the real API on a throwaway database seeded with SEC's ticker file, ~9,400 companies,
 * and the real financials of Alphabet, Marvell and TSMC from their captured companyfacts); the load
 * generator (keep-alive HTTP, fixed concurrency) runs here.
 * - mcp: `tools/call companies {ticker}` POSTed to /mcp against `GET /v1/companies?ticker=` on the same
 *   server, rounds alternating, same load generator, same key. The MCP request is the one the SDK's own
 *   client sends: a real Client (StreamableHTTPClientTransport) connects and calls the tool once, its
 *   tools/call POST (headers and body) is captured and then replayed with the id and ticker varied. The load
 *   generator replays it rather than running Client.callTool for every call because the comparison is of
 *   the server: the SDK client's own work (zod parsing of each result) would run on the same two cores and
 *   be counted as MCP latency. overhead = mcp p50 / http p50 - 1 (goal <= 0.10), for p99 too, rps ratio,
 *   and the server process's CPU time per call on each side (process.cpuUsage around each round), the
 *   figure that stays comparable when other processes load the machine. Both paths charge a credit and
 *   record usage.
 * - screen: p50/p99 of three /v1/screen requests (ranges + sort; a registry set + numeric sort; the
 *   unfiltered first page) over the demo universe, then again after adding 10,000 synthetic companies with
 *   every screenable value (scaled copies of Alphabet's), goal p99 < 100 ms.
 * Knobs: BENCH_CONCURRENCY (8), BENCH_ROUND_MS (3000), BENCH_ROUNDS (3).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { round as httpRound, median, type Req, summary } from './http-load.ts';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 3_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TICKERS = ['AAPL', 'MSFT', 'NVDA', 'META', 'BRK-B', 'TSLA', 'V', 'JPM'];
const SCREENS = [
  '/v1/screen?filter=revenue:gte:1000000000&filter=net_margin:gte:0.1&sort=-revenue&limit=50',
  '/v1/screen?filter=exchange:eq:NASDAQ&sort=-net_margin&limit=100',
  '/v1/screen?limit=50',
];

interface Ready {
  port: number;
  key: string;
}

async function server(): Promise<void> {
  const { createHash } = await import('node:crypto');
  const { readFileSync } = await import('node:fs');
  const { openDatabase } = await import('../lib/db.ts');
  const { financialsJob } = await import('../jobs/edgar/financials.job.ts');
  const { listenBenchApp, seedTickerRegistry } = await import('./api-server.ts');

  const database = await openDatabase({ databaseUrl: process.env.BENCH_DB_URL!, poolSize: 10 });
  await database.migrate();
  await seedTickerRegistry(database);
  for (const cik of ['0001652044', '0001835632', '0001046179']) {
    const path = `data.sec.gov/api/xbrl/companyfacts/CIK${cik}.json`;
    const bytes = readFileSync(new URL(`../fixtures/upstream/${path}`, import.meta.url));
    const doc = {
      url: `https://${path}`,
      bytes,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      fetchedAt: '2026-01-30T08:15:00.000Z',
      contentType: 'application/json',
    };
    const job = financialsJob as unknown as {
      parse(d: unknown[], k: string): { rows: unknown };
      load(tx: unknown, rows: unknown, k: string): Promise<unknown>;
    };
    const { rows: r } = job.parse([doc], `cik:${cik}`);
    await database.db.transaction((tx) => job.load(tx, r, `cik:${cik}`) as Promise<unknown>);
  }
  await database.query('analyze');
  const { app, port, key } = await listenBenchApp(database);
  process.send!({ port, key } satisfies Ready);
  process.on('message', async (m) => {
    if (m === 'cpu') {
      const c = process.cpuUsage();
      process.send!({ cpuMicros: c.user + c.system });
      return;
    }
    if (m === 'synthetic') {
      // 10,000 companies, each with every screenable value: Alphabet's latest values scaled at random.
      await database.query(
        `insert into companies (company_id, company_name, country, cik, primary_ticker, primary_exchange, n_listings, as_of_date, source_url, fetched_at)
         select 'cmp_synth_' || g, 'Synthetic ' || g, 'US', lpad((9000000000 + g)::text, 10, '0'), 'SY' || g,
                (array['NASDAQ', 'NYSE', 'OTC'])[1 + g % 3], 1, '2026-01-30', 'bench', now()
           from generate_series(1, 10000) g`,
      );
      const { SCREEN_VALUE_FIELDS } = await import('../schema/screen.ts');
      const cols = SCREEN_VALUE_FIELDS.map((f) => `"${f}"`).join(', ');
      const scaled = SCREEN_VALUE_FIELDS.map((f) => `s."${f}" * (0.001 + random() * 2)`).join(', ');
      await database.query(
        `insert into screen_latest (company_id, cik, currency, ${cols}, periods)
         select 'cmp_synth_' || g, 9000000000 + g, 'USD', ${scaled}, s.periods
           from generate_series(1, 10000) g
          cross join (select * from screen_latest where cik = 1652044) s`,
      );
      await database.query('analyze');
      process.send!('synthetic-ready');
      return;
    }
    await app.close();
    await database.close();
    process.exit(0);
  });
}

const round = (port: number, make: Req, ms: number, concurrency = CONCURRENCY) =>
  httpRound(port, make, ms, { concurrency, bodyError: '"isError":true' });

interface Captured {
  headers: Record<string, string>;
  body: { params: Record<string, unknown> } & Record<string, unknown>;
}

/** The tools/call POST the SDK's own client sends (after its initialize), captured from one real call. */
async function sdkToolCall(port: number, key: string): Promise<Captured> {
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { StreamableHTTPClientTransport } = await import(
    '@modelcontextprotocol/sdk/client/streamableHttp.js'
  );
  let captured: Captured | undefined;
  const capture = (url: string | URL, init?: RequestInit) => {
    if (init?.method === 'POST' && String(init.body).includes('"tools/call"')) {
      captured = {
        headers: Object.fromEntries(new Headers(init.headers).entries()),
        body: JSON.parse(String(init.body)),
      };
    }
    return fetch(url, init);
  };
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${key}` } },
      fetch: capture,
    }),
  );
  const r = await client.callTool({ name: 'companies', arguments: { ticker: 'AAPL' } });
  await client.close();
  if (!captured || r.isError) throw new Error('the SDK client call failed');
  return captured;
}

/** The server child's CPU time so far (microseconds). */
const serverCpu = (child: ChildProcess) =>
  new Promise<number>((resolve) => {
    child.once('message', (m) => resolve((m as { cpuMicros: number }).cpuMicros));
    child.send('cpu');
  });

/** One round, with the server's CPU milliseconds per request in it. */
async function measured(child: ChildProcess, port: number, make: Req) {
  const before = await serverCpu(child);
  const r = await round(port, make, ROUND_MS);
  const cpu = (await serverCpu(child)) - before;
  return { ...r, cpuMs: cpu / 1000 / Math.max(1, r.requests) };
}

type Measured = Awaited<ReturnType<typeof measured>>;

const withCpu = (rs: Measured[]) => ({
  ...summary(rs),
  server_cpu_ms_per_call: Math.round(median(rs.map((r) => r.cpuMs)) * 1000) / 1000,
});

const ratio = (a: number, b: number) => Math.round((a / b - 1) * 1000) / 1000;

async function main(): Promise<void> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    process.stdout.write(`${JSON.stringify({ error: 'DATABASE_URL is required (real Postgres)' })}\n`);
    process.exit(2);
  }
  const { throwawayDatabase } = await import('./db.ts');
  const db = await throwawayDatabase(base, 'bench_mcp');
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_ROLE: 'server', BENCH_DB_URL: db.url },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      child.once('message', (m) => resolve(m as Ready));
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const auth = { authorization: `Bearer ${ready.key}` };
    const httpReq: Req = (i) => ({
      method: 'GET',
      path: `/v1/companies?ticker=${TICKERS[i % TICKERS.length]}`,
      headers: auth,
    });
    const sdk = await sdkToolCall(ready.port, ready.key);
    const toolCall =
      (name: string, args: (i: number) => Record<string, unknown>): Req =>
      (i) => ({
        method: 'POST',
        path: '/mcp',
        headers: sdk.headers,
        body: JSON.stringify({
          ...sdk.body,
          id: i,
          params: { ...sdk.body.params, name, arguments: args(i) },
        }),
      });
    const mcpReq = toolCall('companies', (i) => ({ ticker: TICKERS[i % TICKERS.length] }));
    await round(ready.port, httpReq, 1_000);
    await round(ready.port, mcpReq, 1_000);
    const h: Measured[] = [];
    const m: Measured[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      h.push(await measured(child, ready.port, httpReq));
      m.push(await measured(child, ready.port, mcpReq));
    }
    const hs = withCpu(h);
    const ms = withCpu(m);
    // The same comparison on a heavier route (the demo screen): the MCP cost is per call, not per row.
    const screenHttp: Req = () => ({ method: 'GET', path: SCREENS[0]!, headers: auth });
    const screenMcp = toolCall('screen', () => ({
      filter: ['revenue:gte:1000000000', 'net_margin:gte:0.1'],
      sort: '-revenue',
      limit: 50,
    }));
    const sh: Measured[] = [];
    const sm: Measured[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      sh.push(await measured(child, ready.port, screenHttp));
      sm.push(await measured(child, ready.port, screenMcp));
    }
    const shs = withCpu(sh);
    const sms = withCpu(sm);

    const screenReq: Req = (i) => ({ method: 'GET', path: SCREENS[i % SCREENS.length]!, headers: auth });
    // Sequential requests: the latency of one screen, not the queueing of many.
    await round(ready.port, screenReq, 1_000, 1);
    const demo = summary([await round(ready.port, screenReq, ROUND_MS, 1)]);
    child.send('synthetic');
    await new Promise((resolve) => child.once('message', resolve));
    await round(ready.port, screenReq, 1_000, 1);
    const synthetic = summary([await round(ready.port, screenReq, ROUND_MS, 1)]);

    process.stdout.write(
      `${JSON.stringify({
        bench: 'mcp: tools/call vs GET /v1/companies?ticker=; /v1/screen p99',
        concurrency: CONCURRENCY,
        round_ms: ROUND_MS,
        rounds: ROUNDS,
        mcp_request: { headers: Object.keys(sdk.headers).sort(), from: 'the SDK client (captured)' },
        mcp: ms,
        http: hs,
        mcp_overhead_p50: ratio(ms.p50_ms, hs.p50_ms),
        mcp_overhead_p99: ratio(ms.p99_ms, hs.p99_ms),
        mcp_overhead_server_cpu: ratio(ms.server_cpu_ms_per_call, hs.server_cpu_ms_per_call),
        mcp_rps_ratio: Math.round((ms.rps / hs.rps) * 1000) / 1000,
        mcp_goal: 'overhead <= 0.10',
        screen_mcp: sms,
        screen_http: shs,
        screen_mcp_overhead_p50: ratio(sms.p50_ms, shs.p50_ms),
        screen_mcp_overhead_p99: ratio(sms.p99_ms, shs.p99_ms),
        screen_mcp_overhead_server_cpu: ratio(sms.server_cpu_ms_per_call, shs.server_cpu_ms_per_call),
        screen_demo: { companies: '~9,400 registry, 3 with financials', ...demo },
        screen_synthetic_10k: { companies: '+10,000 with every value', ...synthetic },
        screen_goal_p99_ms: 100,
      })}\n`,
    );
  } finally {
    child.send('stop');
    await new Promise((r) => child.once('exit', r));
    await db.drop();
  }
}

if (process.env.BENCH_ROLE === 'server') await server();
else await main();
