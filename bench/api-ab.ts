/**
 * An A/B of two checkouts of the API on a shared host, interleaved round by round so both see the same load:
 * api.bench.ts's server child forked from each checkout (its own scratch database), then per route, BENCH_PAIRS
 * times, for each checkout in turn (the first alternating): a bare round then a platform round of
 * BENCH_ROUND_MS, 16 clients, as api.bench.ts runs them. Per checkout and route: the median of the rounds' rps
 * ratios (platform / the bare round just before it) and of their p99 ratios, and each round's figures. A
 * whole `npm run bench -- api` run of one checkout after the other sees the host's load change between them by
 * more than most changes (host shared); here a load change lands on both within seconds. Run:
 * `DATABASE_URL=... node --import tsx bench/api-ab.ts <other checkout>` (this checkout is `b`, the other `a`).
 */
import { resolve } from 'node:path';
import type { forkApiBench } from './api-bench-child.ts';
import { ONLY, ROUTES } from './api-routes.ts';
import { benchDatabase } from './bench-database.ts';
import { median, type Req, round } from './http-load.ts';

const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 4_000);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 4);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const other = process.argv[2];
if (!other) throw new Error('usage: api-ab.ts <other checkout>');

const get =
  (route: keyof typeof ROUTES, key: string | null): Req =>
  (i) => ({
    path: ROUTES[route](i),
    headers: key ? { authorization: `Bearer ${key}` } : ({} as Record<string, string>),
  });

const sides = [] as {
  name: 'a' | 'b';
  child: import('node:child_process').ChildProcess;
  drop: () => Promise<void>;
}[];
const ready: Record<string, { platform: number; bare: number; key: string }> = {};
for (const [name, dir] of [
  ['a', resolve(other)],
  ['b', resolve(import.meta.dirname, '..')],
] as const) {
  const db = await benchDatabase(`bench_apiab_${name}`);
  const mod = (await import(`${dir}/bench/api-bench-child.ts`)) as { forkApiBench: typeof forkApiBench };
  const { child, ready: started } = mod.forkApiBench(db.url);
  sides.push({ name, child, drop: () => db.drop() });
  ready[name] = await started;
}
const r2 = (x: number) => Math.round(x * 1000) / 1000;
try {
  const out: Record<string, unknown>[] = [];
  for (const route of ONLY) {
    for (const s of sides) {
      await round(ready[s.name]!.bare, get(route, null), 1_500, { concurrency: CONCURRENCY });
      await round(ready[s.name]!.platform, get(route, ready[s.name]!.key), 1_500, {
        concurrency: CONCURRENCY,
      });
    }
    const rounds: Record<'a' | 'b', { rps: number; p99: number; bare_rps: number; bare_p99: number }[]> = {
      a: [],
      b: [],
    };
    for (let k = 0; k < PAIRS; k++) {
      const order = k % 2 === 0 ? sides : [...sides].reverse();
      for (const s of order) {
        const r = ready[s.name]!;
        const bare = await round(r.bare, get(route, null), ROUND_MS, { concurrency: CONCURRENCY });
        const plat = await round(r.platform, get(route, r.key), ROUND_MS, { concurrency: CONCURRENCY });
        rounds[s.name].push({ rps: plat.rps, p99: plat.p99, bare_rps: bare.rps, bare_p99: bare.p99 });
      }
    }
    const per = (xs: (typeof rounds)['a']) => ({
      ratio: r2(median(xs.map((x) => x.rps / x.bare_rps))),
      p99_ratio: r2(median(xs.map((x) => x.p99 / x.bare_p99))),
      rounds: xs.map(
        (x) => `${r2(x.rps / x.bare_rps)}/${r2(x.p99 / x.bare_p99)} (${x.rps}/${x.bare_rps} rps)`,
      ),
    });
    out.push({ route, a: per(rounds.a), b: per(rounds.b) });
  }
  process.stdout.write(
    `${JSON.stringify({ name: 'api-ab', a: resolve(other), round_ms: ROUND_MS, pairs: PAIRS, routes: out }, null, 1)}\n`,
  );
} finally {
  for (const s of sides) {
    s.child.send('stop');
    await new Promise((r) => s.child.once('exit', r));
    await s.drop();
  }
}
