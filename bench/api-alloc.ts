/**
 * The API platform's per-request allocation, counted: bytes allocated on the JS heap and garbage collections
 * per request, platform against the bare fastify handler running the same SQL. A count that the load of a
 * shared host barely moves, unlike rps or CPU time. Run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db>
 * node --import tsx bench/api-alloc.ts`.
 *
 * The server is api.bench.ts's child (both servers in one process, a fresh database seeded the same way). Per
 * route: a warm-up of BENCH_WARMUP requests per side, then BENCH_ROUNDS rounds alternating bare / platform of
 * exactly BENCH_REQUESTS (10,000) requests at BENCH_CONCURRENCY (16) in flight, keep-alive (`sendFixed`).
 * Around each round the server counts the bytes its JS heap allocated (its used size at the end, less at the
 * start, plus what each GC in between freed: `v8.GCProfiler`), the GCs by kind (count and time) and what the
 * scavenges promoted to the old generation (garbage that lived past a young collection). Per side
 * the median round, per request. With BENCH_SAMPLE=<bytes> (default 256; 0: none) one more round of
 * BENCH_SAMPLE_REQUESTS (4,000) per side runs under V8's sampling heap profiler keeping collected objects
 * too, and `sampled` lists where the two sides' allocation differs most: `by_function`, by allocating
 * function (file:line; under tsx a repo file's line is not its source line) and `by_owner`, by package (the
 * allocating function's file: node_modules/<pkg>, node:<module>, or the repo's own directory), bytes per
 * request, platform minus bare. V8 names the outermost function of an inlined call, so an allocation may show
 * under the caller on one side and the callee on the other. Prints one JSON object.
 */
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { forkApiBench } from './api-bench-child.ts';
import { ONLY, ROUTES, type RouteName } from './api-routes.ts';
import { benchDatabase } from './bench-database.ts';
import { median, sendFixedFresh } from './http-load.ts';

const N = Number(process.env.BENCH_REQUESTS ?? 10_000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const SAMPLE = Number(process.env.BENCH_SAMPLE ?? 256);
const SAMPLE_N = Number(process.env.BENCH_SAMPLE_REQUESTS ?? 4_000);
const TOP = Number(process.env.BENCH_TOP ?? 40);

/** Sends exactly `n` requests, CONCURRENCY in flight; the number of non-200 answers. */
const send = (port: number, path: (i: number) => string, key: string | null, n: number) =>
  sendFixedFresh(port, path, key, n, CONCURRENCY);

interface Counted {
  allocated: number;
  promoted: number;
  gcs: Record<string, { count: number; us: number }>;
  profile: { head: ProfileNode } | null;
}

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

const ask = (child: ChildProcess, msg: { alloc: 'start' | 'stop'; sample?: number }) =>
  new Promise<Counted>((resolve) => {
    const on = (m: unknown) => {
      if (typeof m === 'object' && m !== null && 'alloc' in m) {
        child.off('message', on);
        resolve((m as { alloc: Counted }).alloc);
      }
    };
    child.on('message', on);
    child.send(msg);
  });

async function countedRound(
  child: ChildProcess,
  port: number,
  route: RouteName,
  key: string | null,
  n: number,
  sample?: number,
) {
  await ask(child, { alloc: 'start', ...(sample ? { sample } : {}) });
  const errors = await send(port, ROUTES[route], key, n);
  const c = await ask(child, { alloc: 'stop' });
  return { errors, ...c };
}

const per = (x: number, n: number) => Math.round((x / n) * 100) / 100;

function perRequest(rounds: Awaited<ReturnType<typeof countedRound>>[]) {
  const kinds = [...new Set(rounds.flatMap((r) => Object.keys(r.gcs)))];
  return {
    errors: rounds.reduce((a, r) => a + r.errors, 0),
    bytes_per_request: Math.round(median(rounds.map((r) => r.allocated)) / N),
    bytes_per_request_rounds: rounds.map((r) => Math.round(r.allocated / N)),
    // bytes a request left in the young generation long enough that a scavenge promoted them to old space
    promoted_bytes_per_request: Math.round(median(rounds.map((r) => r.promoted)) / N),
    gc_per_1000_requests: Object.fromEntries(
      kinds.map((k) => [
        k,
        {
          count: per(median(rounds.map((r) => r.gcs[k]?.count ?? 0)) * 1000, N),
          us: per(median(rounds.map((r) => r.gcs[k]?.us ?? 0)) * 1000, N),
        },
      ]),
    ),
  };
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Where a sampled allocation's function lives: a package, a node module, or the repo's directory. */
function ownerOf(url: string): string {
  if (!url) return '(native / V8)';
  if (url.startsWith('node:')) return url.split('/')[0]!.replace(/^(node:internal).*/, '$1');
  const path = url.replace(/^file:\/\//, '');
  const nm = path.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = path.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (path.startsWith(ROOT)) return path.slice(ROOT.length).split('/').slice(0, 2).join('/');
  return path;
}

/** Self bytes by allocating function and by owner, per request. */
function sites(profile: { head: ProfileNode }, n: number) {
  const byFn = new Map<string, number>();
  const byOwner = new Map<string, number>();
  const walk = (node: ProfileNode) => {
    if (node.selfSize) {
      const f = node.callFrame;
      const file = f.url.replace(/^file:\/\//, '').replace(ROOT, '');
      const k = `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`;
      byFn.set(k, (byFn.get(k) ?? 0) + node.selfSize);
      const o = ownerOf(f.url);
      byOwner.set(o, (byOwner.get(o) ?? 0) + node.selfSize);
    }
    for (const c of node.children) walk(c);
  };
  walk(profile.head);
  const norm = (m: Map<string, number>) => new Map([...m].map(([k, v]) => [k, v / n]));
  return { byFn: norm(byFn), byOwner: norm(byOwner) };
}

/** The keys where platform and bare differ most (platform minus bare, bytes per request). */
function diffTop(p: Map<string, number>, b: Map<string, number>, top: number) {
  const keys = new Set([...p.keys(), ...b.keys()]);
  return [...keys]
    .map((k) => ({ site: k, platform: Math.round(p.get(k) ?? 0), bare: Math.round(b.get(k) ?? 0) }))
    .map((x) => ({ ...x, extra: x.platform - x.bare }))
    .sort((x, y) => Math.abs(y.extra) - Math.abs(x.extra))
    .slice(0, top);
}

async function main(): Promise<void> {
  const scratch = await benchDatabase('bench_apialloc');
  const { child, ready: started } = forkApiBench(scratch.url);
  try {
    const ready = await started;
    const results: Record<string, unknown>[] = [];
    for (const route of ONLY) {
      await send(ready.bare, ROUTES[route], null, WARMUP);
      await send(ready.platform, ROUTES[route], ready.key, WARMUP);
      const bare = [];
      const platform = [];
      for (let r = 0; r < ROUNDS; r++) {
        bare.push(await countedRound(child, ready.bare, route, null, N));
        platform.push(await countedRound(child, ready.platform, route, ready.key, N));
      }
      const b = perRequest(bare);
      const p = perRequest(platform);
      let sampled: Record<string, unknown> = {};
      if (SAMPLE > 0) {
        const sb = await countedRound(child, ready.bare, route, null, SAMPLE_N, SAMPLE);
        const sp = await countedRound(child, ready.platform, route, ready.key, SAMPLE_N, SAMPLE);
        const xb = sites(sb.profile!, SAMPLE_N);
        const xp = sites(sp.profile!, SAMPLE_N);
        const total = (m: Map<string, number>) => Math.round([...m.values()].reduce((a, v) => a + v, 0));
        sampled = {
          sampled: {
            requests: SAMPLE_N,
            interval_bytes: SAMPLE,
            sampled_bytes_per_request: { platform: total(xp.byFn), bare: total(xb.byFn) },
            by_owner: diffTop(xp.byOwner, xb.byOwner, TOP),
            by_function: diffTop(xp.byFn, xb.byFn, TOP),
          },
        };
      }
      results.push({
        route,
        path: ROUTES[route](0),
        platform: p,
        bare: b,
        extra_bytes_per_request: p.bytes_per_request - b.bytes_per_request,
        ratio: Math.round((p.bytes_per_request / b.bytes_per_request) * 1000) / 1000,
        ...sampled,
      });
    }
    process.stdout.write(
      `${JSON.stringify({ name: 'api-alloc', requests_per_round: N, rounds: ROUNDS, concurrency: CONCURRENCY, routes: results })}\n`,
    );
  } finally {
    child.send('stop');
    await new Promise((r) => child.once('exit', r));
    await scratch.drop();
  }
}

await main();
