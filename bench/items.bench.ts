/**
 * Time of the filing-items splitter against its floor. Run: `node --import tsx bench/items.bench.ts`.
 * Cases (documents in `bench/items-docs.ts`): `gainsco` (the largest 10-K fixture, 1.59 MB) and `fixtures`
 * (every HTML fixture of 100 KB or more, ~20 MB per pass). In each case, in one process, passes alternate
 * one by one: a floor pass (htmlparser2's Parser with no-op callbacks over the same HTML) and a splitter pass
 * (`splitFilingFile`, bytes in -> items out), the first of each pair alternating too, until BENCH_CASE_MS
 * (default 6,000) have passed and at least BENCH_PAIRS (default 15) pairs are done, after 3 warm-up pairs.
 * Every pass is timed on the process's CPU time (user + system, `process.cpuUsage`) and on the wall clock.
 * Per case: `cpu_ratio` = the median over pairs of split CPU / floor CPU, `wall_ratio` the same on the wall
 * clock, and the passes' medians. The goal (<= 1.2, issue 26) is read on `cpu_ratio`: time the process
 * spends descheduled while other processes run (a shared machine) inflates wall time, not CPU time, and two
 * passes a few milliseconds apart see the same machine. Top level: `ratio` = the highest case `cpu_ratio`,
 * `wall_ratio` the highest case wall ratio. `BENCH_CASES=gainsco` runs one case. Instruction counts, which
 * load does not move at all: `bench/items-instructions.ts`. Prints one JSON object on stdout.
 */
import { performance } from 'node:perf_hooks';
import { documents, floorPass, splitPass } from './items-docs.ts';

const CASE_MS = Number(process.env.BENCH_CASE_MS ?? 6_000);
const MIN_PAIRS = Number(process.env.BENCH_PAIRS ?? 15);
const CASES = (process.env.BENCH_CASES ?? 'gainsco,fixtures').split(',');

interface Pass {
  cpu: number;
  wall: number;
}

let sink = 0;
function timed(run: () => number): Pass {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  sink += run();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { cpu: (c.user + c.system) / 1000, wall };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const r2 = (x: number) => Math.round(x * 100) / 100;
const r3 = (x: number) => Math.round(x * 1000) / 1000;

const results: Record<string, unknown> = {};
const cpuRatios: number[] = [];
const wallRatios: number[] = [];
const heapBefore = process.memoryUsage().heapUsed;
for (const name of CASES) {
  const docs = documents(name);
  const bytes = docs.reduce((n, d) => n + d.bytes.length, 0);
  const floor = () => floorPass(docs);
  const split = () => splitPass(docs);
  const items = split();
  for (let i = 0; i < 3; i++) {
    floor();
    split();
  }
  const floors: Pass[] = [];
  const splits: Pass[] = [];
  const start = performance.now();
  for (let pair = 0; pair < MIN_PAIRS || performance.now() - start < CASE_MS; pair++) {
    if (pair % 2 === 0) {
      floors.push(timed(floor));
      splits.push(timed(split));
    } else {
      splits.push(timed(split));
      floors.push(timed(floor));
    }
  }
  const cpuRatio = median(splits.map((s, i) => s.cpu / floors[i]!.cpu));
  const wallRatio = median(splits.map((s, i) => s.wall / floors[i]!.wall));
  cpuRatios.push(cpuRatio);
  wallRatios.push(wallRatio);
  results[name] = {
    documents: docs.length,
    bytes,
    items_found: items,
    pairs: floors.length,
    htmlparser2_parse: {
      cpu_ms: r2(median(floors.map((p) => p.cpu))),
      wall_ms: r2(median(floors.map((p) => p.wall))),
    },
    splitFilingFile: {
      cpu_ms: r2(median(splits.map((p) => p.cpu))),
      wall_ms: r2(median(splits.map((p) => p.wall))),
      mb_per_s: r2(bytes / 1e6 / (median(splits.map((p) => p.wall)) / 1000)),
    },
    cpu_ratio: r3(cpuRatio),
    wall_ratio: r3(wallRatio),
  };
}
const memory = process.memoryUsage();
if (sink < 0) console.error(sink);

process.stdout.write(
  `${JSON.stringify({
    name: 'items',
    results: {
      ...results,
      peak_rss_mb: Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10,
      heap_used_mb: Math.round((memory.heapUsed / 1e6) * 10) / 10,
      heap_growth_mb: Math.round(((memory.heapUsed - heapBefore) / 1e6) * 10) / 10,
    },
    ratio: r2(Math.max(...cpuRatios)),
    cpu_ratio: r2(Math.max(...cpuRatios)),
    wall_ratio: r2(Math.max(...wallRatios)),
    goal: '<= 1.2 (cpu_ratio)',
  })}\n`,
);
