/**
 * The API platform's per-request work counted in instructions (valgrind's callgrind), not time: a count the
 * load of other processes barely moves. Run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node
 * --import tsx bench/api-instructions.ts` (needs `valgrind`; takes a few minutes).
 *
 * The server process of api.bench.ts (the real API and the bare fastify handler running the same SQL, on a
 * fresh database seeded the same way) runs under callgrind with V8's background threads off
 * (`--single-threaded`: GC and compilation on the main thread, all counted). The load generator runs here,
 * outside valgrind: per route and side, WARMUP requests, then the counters are zeroed (`callgrind_control
 * -z`), exactly N requests are sent (keep-alive, CONCURRENCY in flight, as api.bench.ts), and the counters are
 * dumped (`callgrind_control --dump`). The dump / N is the server's instructions per request, with everything
 * the request costs in that process (HTTP parsing, the platform, pg's protocol, GC, timers); Postgres is
 * another process and not counted. Rounds alternate bare / platform; per route the median round. The figures
 * compared (`platform_instructions`, `bare_instructions`, `ratio`) leave out V8's garbage collector and
 * optimizing compiler, whose work falls into rounds in lumps (one major GC of this heap is ~100-200 M
 * instructions, as much as the platform's own work over 1,000 requests): with them (`*_total`,
 * `total_ratio`) two rounds of the same side differ by up to 2x, without them by a few percent.
 *
 * Under valgrind node runs ~50x slower, so time-based work would be amortised over 50x fewer requests than at
 * full speed: the server runs with BENCH_TIME_SCALE (default 50) stretching the usage flush, the coverage and
 * key caches, the credit hold length and the rate limiter's clock by that factor.
 *
 * Output: one JSON object (per route `platform_instructions`, `bare_instructions`, `extra_instructions` per
 * request and `ratio` = platform / bare; top-level `ratio`, the worst route's) on stdout, and in
 * BENCH_BREAKDOWN=<dir> (default /tmp/api-instructions) per route `<route>.txt`: the functions whose
 * inclusive instructions per request grow most from bare to platform (callgrind_annotate --inclusive=yes on
 * the two dumps, JIT-compiled JS functions named from V8's `--perf-basic-prof` map; a JS function's tiers
 * are merged; inclusive costs of recursive or re-entered functions count more than once, so read them as
 * "where", not as a sum). Knobs: BENCH_REQUESTS (N, 1000), BENCH_WARMUP (3000), BENCH_ROUNDS (3),
 * BENCH_CONCURRENCY (16), BENCH_ROUTES, BENCH_TIME_SCALE.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ONLY, ROUTES } from './api-routes.ts';
import { benchDatabase } from './bench-database.ts';
import { sendFixed } from './http-load.ts';

const N = Number(process.env.BENCH_REQUESTS ?? 1_000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const TIME_SCALE = Number(process.env.BENCH_TIME_SCALE ?? 50);
const OUT = process.env.BENCH_BREAKDOWN ?? '/tmp/api-instructions';

/** Sends exactly `n` requests, `CONCURRENCY` in flight; the number of non-200 answers. */
const send = (agent: http.Agent, port: number, path: (i: number) => string, key: string | null, n: number) =>
  sendFixed(agent, port, path, key, n, CONCURRENCY);

const control = (pid: number, ...args: string[]) =>
  execFileSync('callgrind_control', [...args, String(pid)], { stdio: ['ignore', 'pipe', 'pipe'] });

/** V8's perf map (start, size, name), sorted by start; JS names without their tier mark. */
function perfMap(file: string): { starts: number[]; ends: number[]; names: string[] } {
  const rows = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [start, size, ...name] = line.split(' ');
      return {
        start: Number.parseInt(start!, 16),
        end: Number.parseInt(start!, 16) + Number.parseInt(size!, 16),
        name: name.join(' ').replace(/^JS:[~^+*]?/, 'JS:'),
      };
    })
    .sort((a, b) => a.start - b.start);
  return { starts: rows.map((r) => r.start), ends: rows.map((r) => r.end), names: rows.map((r) => r.name) };
}

/** GC, compilation and deoptimization entry points (see costs()). */
const NOISE =
  /^(v8::internal::(Heap::|Runtime_Allocate|Runtime_CompileOptimized|Runtime_NotifyDeoptimized|Runtime_StackGuard|IncrementalMarking|Factory::NewFillerObject|Scavenger|MarkCompact|Compiler::)|Builtins_(NotifyDeoptimized|Allocate))/;

/**
 * Every cost line of a callgrind dump, with the function it is charged to and, for a call's inclusive cost, the
 * callee (`null` for the function's own instructions); JIT code named from the perf map.
 */
function walkDump(
  file: string,
  map: ReturnType<typeof perfMap>,
  visit: (fn: string, callee: string | null, v: number) => void,
) {
  const lookup = (addr: number) => {
    let lo = 0;
    let hi = map.starts.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (map.starts[mid]! <= addr) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    // the latest code object at that address (code space is reused after GC)
    return found >= 0 && addr < map.ends[found]! ? map.names[found]! : null;
  };
  const names = new Map<string, string>();
  const objects = new Map<string, string>();
  /** `(id) name` or `(id)`: the name, remembered by id (callgrind's name compression). */
  const named = (table: Map<string, string>, v: string) => {
    const m = /^\((\d+)\)(?: (.*))?$/.exec(v);
    if (!m) return v;
    if (m[2] !== undefined) table.set(m[1]!, m[2]);
    return table.get(m[1]!) ?? v;
  };
  const label = (fn: string, ob: string) => {
    const hex = /^0x([0-9a-f]+)$/.exec(fn);
    if (hex) return lookup(Number.parseInt(hex[1]!, 16)) ?? `${fn} [${ob}]`;
    return fn.startsWith('JS:') ? fn : `${fn} [${ob.split('/').pop()}]`;
  };
  let ob = '';
  let fn = '';
  let callee: string | null = null;
  let callOb = '';
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('ob=')) ob = named(objects, line.slice(3));
    else if (line.startsWith('cob=')) callOb = named(objects, line.slice(4));
    else if (line.startsWith('fn=')) {
      fn = label(named(names, line.slice(3)), ob);
      callOb = ob;
    } else if (line.startsWith('cfn=')) callee = label(named(names, line.slice(4)), callOb || ob);
    else if (line.startsWith('calls=')) continue;
    else if (/^[-+*\d]/.test(line)) {
      visit(fn, callee, Number(line.slice(line.lastIndexOf(' ') + 1)));
      if (callee !== null) {
        callee = null;
        callOb = ob;
      }
    }
  }
}

/** Self and inclusive instructions per function of a callgrind dump. */
function costs(file: string, map: ReturnType<typeof perfMap>) {
  const self = new Map<string, number>();
  const incl = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
  walkDump(file, map, (fn, callee, v) => {
    if (callee !== null) {
      // the inclusive cost of a call, charged to the caller's inclusive (not to itself when recursive)
      // GC and JIT work is charged to whatever allocation or call triggered it: kept out of the callers'
      // inclusive costs (it stays in the totals and in its own functions' rows)
      if (callee !== fn && !NOISE.test(callee)) add(incl, fn, v);
    } else {
      add(self, fn, v);
      add(incl, fn, v);
    }
  });
  return { self, incl };
}

/**
 * Who calls the functions whose name matches `pattern` (e.g. `KeyedLoadIC_Megamorphic`): per caller, the
 * instructions per request spent in those callees from it (the call's inclusive cost), largest first.
 */
function callers(file: string, map: ReturnType<typeof perfMap>, n: number, pattern: RegExp): string {
  const by = new Map<string, number>();
  walkDump(file, map, (fn, callee, v) => {
    if (callee !== null && pattern.test(callee) && !pattern.test(fn)) by.set(fn, (by.get(fn) ?? 0) + v);
  });
  return `${[...by]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 60)
    .map(([k, v]) => `${Math.round(v / n)}\t${k}`)
    .join('\n')}\n`;
}

/** Where a function's code comes from: a package, a project file, node's JS, or a part of V8 / node / libc. */
function group(name: string): string {
  if (name.startsWith('JS:')) {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(name);
    if (m) return `js ${m[1]}`;
    const own = /file:\/\/\/work\/[^/]+\/([^:]+)/.exec(name);
    if (own) return `js ${own[1]}`;
    const node = /(node:[^:\s]+)/.exec(name);
    return node ? `js ${node[1]}` : 'js (other)';
  }
  if (/^(RegExp|Builtin|BytecodeHandler|Handler|Stub):|^Builtins_/.test(name)) {
    if (/RegExp/.test(name)) return 'v8 regexp';
    if (/Handler/.test(name)) return 'v8 interpreter';
    return 'v8 builtins';
  }
  if (
    /v8::internal::compiler::|Compiler|Turbofan|Maglev|baseline::|Deoptimi|TranslatedState|TranslatedValue/.test(
      name,
    )
  )
    return 'v8 optimizing compiler';
  if (
    /Heap|Marking|Sweep|Scaveng|Evacuat|Collector|Remembered|Slot|GC|MemoryChunk|Page|FreeList|ActiveSystemPages/.test(
      name,
    )
  )
    return 'v8 gc';
  if (/^v8::/.test(name)) return 'v8 runtime';
  if (/uv_|uv__/.test(name)) return 'libuv';
  if (/^node::|llhttp/.test(name)) return 'node c++';
  if (/\[libc|malloc|memcpy|memset|memmove|strlen/.test(name)) return 'libc';
  if (/^0x/.test(name)) return 'unnamed jit code';
  return `other ${name.replace(/^.*\[/, '[')}`;
}

/**
 * A dump's instructions split into V8's garbage collector, its optimizing compiler (and deoptimizer), and
 * the rest ("work"): the request's own code, which does not depend on when a major GC or a recompilation
 * happens to fall into a round (one major GC of this heap is ~100-200 M instructions, as much as the whole
 * platform's work of 1,000 requests).
 */
function split(file: string): { total: number; gc: number; jit: number; work: number } {
  const empty = { starts: [], ends: [], names: [] };
  let gc = 0;
  let jit = 0;
  let total = 0;
  for (const [name, v] of costs(file, empty).self) {
    total += v;
    const g = group(name);
    if (g === 'v8 gc') gc += v;
    else if (g === 'v8 optimizing compiler') jit += v;
  }
  return { total, gc, jit, work: total - gc - jit };
}

/** The functions whose cost per request grows most from bare to platform, as text. */
function breakdown(route: string, platform: string, bare: string, n: number, mapFile: string): string {
  const map = perfMap(mapFile);
  const p = costs(platform, map);
  const b = costs(bare, map);
  const lines = [
    `# ${route}: instructions per request, platform minus bare; JS functions are named file:line:column of tsx's output`,
  ];
  // self costs by where the code comes from
  const groups = (self: Map<string, number>) => {
    const g = new Map<string, number>();
    for (const [name, v] of self) {
      const k = group(name);
      g.set(k, (g.get(k) ?? 0) + v);
    }
    return g;
  };
  const pg = groups(p.self);
  const bg = groups(b.self);
  const keys = [...new Set([...pg.keys(), ...bg.keys()])];
  const rows = keys.map(
    (k) =>
      [k, ((pg.get(k) ?? 0) - (bg.get(k) ?? 0)) / n, (pg.get(k) ?? 0) / n, (bg.get(k) ?? 0) / n] as const,
  );
  rows.sort((x, y) => y[1] - x[1]);
  lines.push('\n## self cost by origin: extra per request | platform | bare | origin');
  for (const [k, d, pv, bv] of rows)
    lines.push(`${Math.round(d)}\t${Math.round(pv)}\t${Math.round(bv)}\t${k}`);
  for (const kind of ['incl', 'self'] as const) {
    const names = new Set([...p[kind].keys(), ...b[kind].keys()]);
    const diff = [...names].map(
      (k) => [k, ((p[kind].get(k) ?? 0) - (b[kind].get(k) ?? 0)) / n, (p[kind].get(k) ?? 0) / n] as const,
    );
    diff.sort((x, y) => y[1] - x[1]);
    lines.push(
      `\n## ${kind === 'incl' ? 'inclusive' : 'self'}: extra per request | platform per request | function`,
    );
    for (const [name, d, v] of diff.slice(0, kind === 'incl' ? 120 : 80))
      lines.push(`${Math.round(d)}\t${Math.round(v)}\t${name}`);
  }
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  const scratch = await benchDatabase('bench_apiinstr');
  // seeded here, at full speed: the server under valgrind only serves
  const { openDatabase } = await import('../lib/db.ts');
  const { seedApiBench } = await import('./api-server.ts');
  const seeding = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
  await seedApiBench(seeding);
  await seeding.close();
  const dir = join(OUT, `run-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      // start-up and warm-up run uninstrumented (several times faster); each route's counted rounds are not
      '--instr-atstart=no',
      `--callgrind-out-file=${dir}/cg.out`,
      process.execPath,
      '--single-threaded',
      '--expose-gc',
      '--perf-basic-prof',
      '--interpreted-frames-native-stack',
      '--import',
      'tsx',
      fileURLToPath(new URL('./api.bench.ts', import.meta.url)),
    ],
    {
      env: {
        ...process.env,
        BENCH_ROLE: 'server',
        BENCH_SEEDED: '1',
        BENCH_DB_URL: scratch.url,
        BENCH_TIME_SCALE: String(TIME_SCALE),
        CREDIT_HOLD_MS: process.env.CREDIT_HOLD_MS ?? '1000',
      },
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    },
  );
  const pid = child.pid!;
  let dumps = 0;
  /**
   * BENCH_GC=1: a full GC in the server before each counted round. Not the default: it clears V8's inline
   * caches, so each round then re-warms (bare companies ~840k instructions per request with it, ~400-500k
   * without).
   */
  const collect = () =>
    new Promise<void>((resolve) => {
      const on = (m: unknown) => {
        if (typeof m === 'object' && m !== null && 'gc' in m) {
          child.off('message', on);
          resolve();
        }
      };
      child.on('message', on);
      child.send('gc');
    });
  /** Zeroes the counters, runs the requests, dumps: the dump file. */
  const counted = async (label: string, run: () => Promise<number>) => {
    if (process.env.BENCH_GC) await collect();
    control(pid, '-z');
    const errors = await run();
    control(pid, `--dump=${label}`);
    dumps++;
    const file = `${dir}/cg.out.${dumps}`;
    if (!readdirSync(dir).includes(`cg.out.${dumps}`)) throw new Error(`no dump ${file}`);
    if (errors) throw new Error(`${label}: ${errors} requests failed`);
    return file;
  };
  try {
    const ready = await new Promise<{ platform: number; bare: number; key: string }>((resolve, reject) => {
      child.once('message', (m) => resolve(m as { platform: number; bare: number; key: string }));
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    // A fresh keep-alive agent per round: a round of the other side can outlast the server's keep-alive
    // timeout (72 s) under valgrind, and a reused socket the server closed would fail its request.
    const round = async (port: number, path: (i: number) => string, key: string | null, n: number) => {
      const agent = new http.Agent({ keepAlive: true });
      try {
        return await send(agent, port, path, key, n);
      } finally {
        agent.destroy();
      }
    };
    const results: Record<string, unknown>[] = [];
    for (const route of ONLY) {
      const path = ROUTES[route];
      await round(ready.bare, path, null, WARMUP);
      await round(ready.platform, path, ready.key, WARMUP);
      control(pid, '--instr=on');
      // per round: the work (instructions less GC and JIT), the total, and GC + JIT, per request
      const per: Record<'bare' | 'platform', number[]> = { bare: [], platform: [] };
      const all: Record<'bare' | 'platform', number[]> = { bare: [], platform: [] };
      const gcJit: Record<'bare' | 'platform', number[]> = { bare: [], platform: [] };
      const files: Record<'bare' | 'platform', string> = { bare: '', platform: '' };
      for (let r = 0; r < ROUNDS; r++) {
        for (const side of ['bare', 'platform'] as const) {
          const port = side === 'bare' ? ready.bare : ready.platform;
          const key = side === 'bare' ? null : ready.key;
          const file = await counted(`${route}-${side}-${r}`, () => round(port, path, key, N));
          const parts = split(file);
          per[side].push(parts.work / N);
          all[side].push(parts.total / N);
          gcJit[side].push((parts.gc + parts.jit) / N);
          files[side] = file;
        }
      }
      control(pid, '--instr=off');
      const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
      const p = med(per.platform);
      const b = med(per.bare);
      const r3 = (x: number) => Math.round(x * 1000) / 1000;
      results.push({
        route,
        path: path(0),
        // instructions per request less V8's GC and optimizing compiler (medians of the rounds)
        platform_instructions: Math.round(p),
        bare_instructions: Math.round(b),
        extra_instructions: Math.round(p - b),
        ratio: r3(p / b),
        // everything counted, GC and JIT included (moves by +-30% between rounds: see split())
        platform_total: Math.round(med(all.platform)),
        bare_total: Math.round(med(all.bare)),
        total_ratio: r3(med(all.platform) / med(all.bare)),
        rounds: {
          platform: per.platform.map(Math.round),
          bare: per.bare.map(Math.round),
          platform_total: all.platform.map(Math.round),
          bare_total: all.bare.map(Math.round),
          platform_gc_jit: gcJit.platform.map(Math.round),
          bare_gc_jit: gcJit.bare.map(Math.round),
        },
      });
      // the breakdown of the last round (JIT code named from the perf map as it is now)
      writeFileSync(
        join(OUT, `${route}.txt`),
        breakdown(route, files.platform, files.bare, N, `/tmp/perf-${pid}.map`),
      );
    }
    process.stdout.write(
      `${JSON.stringify({
        name: 'api-instructions',
        bench:
          'api: server instructions per request (callgrind), platform vs a bare fastify handler running the same SQL',
        requests: N,
        warmup: WARMUP,
        rounds: ROUNDS,
        concurrency: CONCURRENCY,
        time_scale: TIME_SCALE,
        routes: results,
        ratio: Math.max(...results.map((r) => r.ratio as number)),
        breakdown: OUT,
      })}\n`,
    );
  } finally {
    child.send('stop');
    await new Promise((r) => child.once('exit', r));
    if (!process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true });
    if (!process.env.BENCH_KEEP) rmSync(`/tmp/perf-${pid}.map`, { force: true });
    await scratch.drop();
  }
}

// `... split <dump>...`: each dump's split (total, gc, jit, work); `node --import tsx bench/api-instructions.ts analyze <route> <platform dump> <bare dump> <perf map> <n>`:
// the breakdown of kept dumps (BENCH_KEEP=1) on stdout; `... callers <dump> <perf map> <n> <regexp>`: who
// calls the functions matching the regexp, instructions per request from each caller; `... self|incl <dump>
// <perf map> <n> <regexp>`: the self or inclusive cost per request of the functions matching the regexp
if (process.argv[2] === 'split') {
  for (const f of process.argv.slice(3)) process.stdout.write(`${f} ${JSON.stringify(split(f))}\n`);
} else if (process.argv[2] === 'analyze') {
  const [route, platform, bare, map, n] = process.argv.slice(3);
  process.stdout.write(breakdown(route!, platform!, bare!, Number(n), map!));
} else if (process.argv[2] === 'self' || process.argv[2] === 'incl') {
  // `... self|incl <dump> <perf map> <n> <regexp>`: the self (or inclusive, GC and JIT left out) instructions
  // per request of every function matching the regexp (JS functions by name and file, V8 builtins, C++),
  // largest first, and their sum (a sum of inclusive costs counts a callee twice when both match)
  const [dump, map, n, pattern] = process.argv.slice(3);
  const re = new RegExp(pattern!);
  const table = costs(dump!, perfMap(map!))[process.argv[2]];
  const rows = [...table].filter(([k]) => re.test(k)).sort((a, b) => b[1] - a[1]);
  const per = (v: number) => Math.round(v / Number(n));
  for (const [k, v] of rows.slice(0, 60)) process.stdout.write(`${per(v)}\t${k}\n`);
  process.stdout.write(`${per(rows.reduce((a, [, v]) => a + v, 0))}\tsum of ${rows.length}\n`);
} else if (process.argv[2] === 'callers') {
  const [dump, map, n, pattern] = process.argv.slice(3);
  process.stdout.write(callers(dump!, perfMap(map!), Number(n), new RegExp(pattern!)));
} else await main();
