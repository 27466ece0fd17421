/**
 * Throughput and p99 through a round, in 500 ms buckets: api.bench.ts's server child (BENCH_TRACE=1), rounds of
 * BENCH_ROUND_MS alternating bare / platform (16 clients, keep-alive) as api.bench.ts runs them, on one route
 * (BENCH_ROUTES, default companies). After each platform round, the start times (ms into the round) of the
 * platform's own statements: exact charges (first and last), charges that took a hold, renewals, settles, usage
 * inserts. What it shows that a round's total does not: a regime change inside a round (the first second of
 * every platform round charged exactly, before h-api6; a hold settled and re-taken over and over on a loaded
 * host). Run: `DATABASE_URL=... node --import tsx bench/api-timeline.ts`. Prints lines, not JSON.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { forkApiBench, requestTrace } from './api-bench-child.ts';
import { ROUTES, type RouteName } from './api-routes.ts';
import { benchDatabase } from './bench-database.ts';

const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 4_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BUCKET_MS = 500;
const route = (process.env.BENCH_ROUTES ?? 'companies') as RouteName;

/** One round of `ms`; per bucket "rps/p99 ms". */
async function run(port: number, key: string | null, ms: number): Promise<string> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
  const t0 = performance.now();
  const end = t0 + ms;
  const answers: [at: number, latency: number][] = [];
  let i = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (performance.now() < end) {
        const s = performance.now();
        await new Promise<void>((resolve) => {
          const req = http.request(
            { host: '127.0.0.1', port, path: ROUTES[route](i++), agent, headers },
            (res) => {
              res.resume();
              res.on('end', resolve);
            },
          );
          req.on('error', () => resolve());
          req.end();
        });
        const e = performance.now();
        answers.push([e - t0, e - s]);
      }
    }),
  );
  agent.destroy();
  const buckets: string[] = [];
  for (let b = 0; b * BUCKET_MS < ms; b++) {
    const xs = answers
      .filter(([t]) => t >= b * BUCKET_MS && t < (b + 1) * BUCKET_MS)
      .map(([, l]) => l)
      .sort((x, y) => x - y);
    const p99 = xs[Math.floor(xs.length * 0.99)] ?? 0;
    buckets.push(`${Math.round((xs.length * 1_000) / BUCKET_MS)}/${p99.toFixed(1)}`);
  }
  return buckets.join(' ');
}

const scratch = await benchDatabase('bench_apitl');
const { child, ready } = forkApiBench(scratch.url, { BENCH_TRACE: '1' });
const trace = () => requestTrace(child);
try {
  const r = await ready;
  await run(r.bare, null, 1_500);
  await run(r.platform, r.key, 1_500);
  console.log(`${route}: rps/p99 ms per ${BUCKET_MS} ms`);
  for (let k = 0; k < ROUNDS; k++) {
    console.log('bare     ', await run(r.bare, null, ROUND_MS));
    await trace();
    const t0 = performance.timeOrigin + performance.now();
    console.log('platform ', await run(r.platform, r.key, ROUND_MS));
    const at = new Map<string, number[]>();
    for (const [kind, start] of await trace())
      if (!kind.startsWith('gc')) at.set(kind, [...(at.get(kind) ?? []), Math.round(start - t0)]);
    for (const [kind, ts] of at)
      console.log(
        '   ',
        kind,
        ts.length,
        kind.includes('exact') ? `first ${ts[0]} last ${ts[ts.length - 1]}` : ts.slice(0, 12).join(','),
      );
  }
} finally {
  child.send('stop');
  await new Promise((res) => child.once('exit', res));
  await scratch.drop();
}
