/**
 * MCP and screening. Run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/mcp.bench.ts`.
 * One server child (the real API on a throwaway database seeded with SEC's ticker file, ~9,400 companies,
 * and the real financials of Alphabet, Marvell and TSMC from their captured companyfacts); the load
 * generator (keep-alive HTTP, fixed concurrency) runs here.
 * - mcp: `tools/call companies {ticker}` POSTed to /mcp (stateless Streamable HTTP, JSON response) against
 *   `GET /v1/companies?ticker=` on the same server, rounds alternating. overhead = mcp p50 / http p50 - 1
 *   (goal <= 0.10); rps ratio too. Both paths charge a credit and record usage.
 * - screen: p50/p99 of three /v1/screen requests (ranges + sort; a registry set + numeric sort; the
 *   unfiltered first page) over the demo universe, then again after adding 10,000 synthetic companies with
 *   every screenable value (scaled copies of Alphabet's), goal p99 < 100 ms.
 * Knobs: BENCH_CONCURRENCY (8), BENCH_ROUND_MS (3000), BENCH_ROUNDS (3).
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { round as httpRound, type Req, type RoundResult, summary } from './http-load.ts';

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
    const mcpReq: Req = (i) => ({
      method: 'POST',
      path: '/mcp',
      headers: { ...auth, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: i,
        method: 'tools/call',
        params: { name: 'companies', arguments: { ticker: TICKERS[i % TICKERS.length] } },
      }),
    });
    await round(ready.port, httpReq, 1_000);
    await round(ready.port, mcpReq, 1_000);
    const h: RoundResult[] = [];
    const m: RoundResult[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      h.push(await round(ready.port, httpReq, ROUND_MS));
      m.push(await round(ready.port, mcpReq, ROUND_MS));
    }
    const hs = summary(h);
    const ms = summary(m);
    // The same comparison on a heavier route (the demo screen): the MCP cost is per call, not per row.
    const screenHttp: Req = () => ({ method: 'GET', path: SCREENS[0]!, headers: auth });
    const screenMcp: Req = (i) => ({
      ...mcpReq(i),
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: i,
        method: 'tools/call',
        params: {
          name: 'screen',
          arguments: {
            filter: ['revenue:gte:1000000000', 'net_margin:gte:0.1'],
            sort: '-revenue',
            limit: 50,
          },
        },
      }),
    });
    const sh: RoundResult[] = [];
    const sm: RoundResult[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      sh.push(await round(ready.port, screenHttp, ROUND_MS));
      sm.push(await round(ready.port, screenMcp, ROUND_MS));
    }
    const shs = summary(sh);
    const sms = summary(sm);

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
        mcp: ms,
        http: hs,
        mcp_overhead_p50: Math.round((ms.p50_ms / hs.p50_ms - 1) * 1000) / 1000,
        mcp_rps_ratio: Math.round((ms.rps / hs.rps) * 1000) / 1000,
        mcp_goal: 'overhead <= 0.10',
        screen_mcp: sms,
        screen_http: shs,
        screen_mcp_overhead_p50: Math.round((sms.p50_ms / shs.p50_ms - 1) * 1000) / 1000,
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
