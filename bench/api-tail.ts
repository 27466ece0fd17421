/**
 * What was running in the API server while its slowest requests were served. api.bench.ts's server child with
 * BENCH_TRACE=1 records the platform's own statements (credit reserve / settle / refund, usage insert, each from
 * send to result) and every GC pause, with wall-clock times. Per route, BENCH_ROUNDS rounds alternating bare /
 * platform of BENCH_REQUESTS requests at BENCH_CONCURRENCY (16) in flight, keep-alive; every request's start
 * and end kept. Per side: p50 / p99 and, for the requests above the side's p99 ("tail") and for all requests,
 * the share that overlapped each kind of event. An event that causes the tail overlaps far more of the tail
 * than of all requests. Run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> node --import tsx
 * bench/api-tail.ts` (BENCH_ROUTES selects routes). Prints one JSON object.
 */
import { performance } from 'node:perf_hooks';
import type { TraceEvent } from './api.bench.ts';
import { forkApiBench, requestTrace as trace } from './api-bench-child.ts';
import { ONLY, ROUTES } from './api-routes.ts';
import { benchDatabase } from './bench-database.ts';
import { median, sendFixedFresh } from './http-load.ts';

const N = Number(process.env.BENCH_REQUESTS ?? 20_000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

/** Exactly `n` requests, CONCURRENCY in flight; each request's wall-clock [start, end]. */
async function timed(port: number, path: (i: number) => string, key: string | null, n: number) {
  const spans: [number, number][] = [];
  const origin = performance.timeOrigin;
  await sendFixedFresh(port, path, key, n, CONCURRENCY, (start, end) =>
    spans.push([origin + start, origin + end]),
  );
  return spans;
}

/** Per event kind: the share of the tail's requests and of all requests that overlapped one. */
function overlaps(spans: [number, number][], events: TraceEvent[]) {
  const lat = spans.map(([a, b]) => b - a).sort((x, y) => x - y);
  const p99 = lat[Math.floor(lat.length * 0.99)]!;
  const tail = spans.filter(([a, b]) => b - a >= p99);
  const kinds = [...new Set(events.map((e) => e[0]))];
  const share = (set: [number, number][], kind: string) => {
    const ev = events.filter((e) => e[0] === kind);
    let hit = 0;
    for (const [a, b] of set) if (ev.some(([, s, e]) => s < b && e > a)) hit++;
    return set.length ? hit / set.length : 0;
  };
  const out: Record<string, unknown> = {};
  for (const k of kinds) {
    const ev = events.filter((e) => e[0] === k);
    out[k] = {
      per_1000_requests: Math.round((ev.length * 1000 * 100) / spans.length) / 100,
      ms_median: Math.round(median(ev.map(([, s, e]) => e - s)) * 100) / 100,
      ms_max: Math.round(Math.max(...ev.map(([, s, e]) => e - s)) * 100) / 100,
      tail_share: Math.round(share(tail, k) * 1000) / 1000,
      all_share: Math.round(share(spans, k) * 1000) / 1000,
    };
  }
  return {
    p50_ms: Math.round(lat[Math.floor(lat.length / 2)]! * 100) / 100,
    p99_ms: Math.round(p99 * 100) / 100,
    tail_requests: tail.length,
    events: out,
  };
}

async function main(): Promise<void> {
  const scratch = await benchDatabase('bench_apitail');
  const { child, ready: started } = forkApiBench(scratch.url, { BENCH_TRACE: '1' });
  try {
    const ready = await started;
    const results: Record<string, unknown>[] = [];
    for (const route of ONLY) {
      await timed(ready.bare, ROUTES[route], null, WARMUP);
      await timed(ready.platform, ROUTES[route], ready.key, WARMUP);
      const rounds: Record<string, unknown>[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        for (const side of ['bare', 'platform'] as const) {
          await trace(child);
          const spans = await timed(
            side === 'bare' ? ready.bare : ready.platform,
            ROUTES[route],
            side === 'bare' ? null : ready.key,
            N,
          );
          rounds.push({ side, ...overlaps(spans, await trace(child)) });
        }
      }
      results.push({ route, rounds });
    }
    process.stdout.write(
      `${JSON.stringify({ name: 'api-tail', requests_per_round: N, concurrency: CONCURRENCY, routes: results }, null, 1)}\n`,
    );
  } finally {
    child.send('stop');
    await new Promise((r) => child.once('exit', r));
    await scratch.drop();
  }
}

await main();
