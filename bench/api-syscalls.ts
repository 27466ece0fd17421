/**
 * The API platform's per-request work counted where the kernel sees it: syscalls, CPU time split user /
 * system and by thread, context switches, Postgres statements and Redis commands, per request, platform
 * against the bare fastify handler running the same SQL. Counts, unlike rps and wall time, barely move with
 * the load of a shared host. Run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> node --import tsx
 * bench/api-syscalls.ts` (needs `perf` with the syscalls tracepoints, and `strace` for BENCH_STRACE).
 *
 * The server is api.bench.ts's child (both servers in one process, a fresh database seeded the same way),
 * with BENCH_COUNT=1 (its pg clients' statements and its Redis commands counted). Per route: a warm-up of
 * BENCH_WARMUP requests per side, then BENCH_ROUNDS rounds alternating bare / platform of exactly
 * BENCH_REQUESTS (20,000) requests at BENCH_CONCURRENCY (16) in flight, keep-alive. Around each round:
 * `perf stat -e 'syscalls:sys_enter_*'` attached to the server process (every thread), its threads'
 * utime / stime and voluntary / involuntary context switches from /proc, and the statement / command counts.
 * Per side the median round of each figure, per request. With BENCH_STRACE=<n> (default 2,000; 0: none) one
 * more round per side under `strace -f -yy` classifies the socket reads and writes by peer (the HTTP
 * clients, Postgres, Redis) and counts the writes per response. BENCH_REDIS_URL: the rate limiter on that
 * Redis (the production setup) instead of in-memory counters. Prints one JSON object.
 */
import { execFileSync, type fork, spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { forkApiBench } from './api-bench-child.ts';
import { ONLY, ROUTES, type RouteName } from './api-routes.ts';
import { benchDatabase } from './bench-database.ts';
import { median, sendFixedFresh } from './http-load.ts';

const N = Number(process.env.BENCH_REQUESTS ?? 20_000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const STRACE_N = Number(process.env.BENCH_STRACE ?? 2_000);
const TICK_US = 1_000_000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

/** Sends exactly `n` requests, CONCURRENCY in flight; the number of non-200 answers. */
const send = (port: number, path: (i: number) => string, key: string | null, n: number) =>
  sendFixedFresh(port, path, key, n, CONCURRENCY);

interface ThreadStat {
  comm: string;
  utime: number;
  stime: number;
  vol: number;
  invol: number;
}

/** Every thread of the process: name, user / system ticks, voluntary / involuntary context switches. */
function threads(pid: number): Map<string, ThreadStat> {
  const out = new Map<string, ThreadStat>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const f = stat
        .slice(close + 2)
        .split(' ')
        .map((x) => x);
      const status = readFileSync(`/proc/${pid}/task/${tid}/status`, 'utf8');
      const num = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
      // fields after the comm: state is f[0]; utime is field 14 of stat, f[11]; stime f[12]
      out.set(tid, {
        comm,
        utime: Number(f[11]),
        stime: Number(f[12]),
        vol: num('voluntary_ctxt_switches'),
        invol: num('nonvoluntary_ctxt_switches'),
      });
    } catch {
      // the thread ended
    }
  }
  return out;
}

/** Threads grouped: node's main thread, V8's workers (GC, compiler), libuv's pool, the rest. */
function groupOf(pid: number, tid: string, comm: string): string {
  if (tid === String(pid)) return 'main';
  if (comm.startsWith('V8 ') || comm.startsWith('node')) return 'v8';
  if (comm.startsWith('libuv')) return 'libuv';
  return 'other';
}

/** What changed between two snapshots, per thread group: user / system µs and context switches. */
function threadDelta(pid: number, a: Map<string, ThreadStat>, b: Map<string, ThreadStat>) {
  const groups: Record<string, { user_us: number; sys_us: number; vol: number; invol: number }> = {};
  for (const [tid, after] of b) {
    const before = a.get(tid) ?? { utime: 0, stime: 0, vol: 0, invol: 0 };
    const name = groupOf(pid, tid, after.comm);
    const g = groups[name] ?? { user_us: 0, sys_us: 0, vol: 0, invol: 0 };
    groups[name] = g;
    g.user_us += (after.utime - before.utime) * TICK_US;
    g.sys_us += (after.stime - before.stime) * TICK_US;
    g.vol += after.vol - before.vol;
    g.invol += after.invol - before.invol;
  }
  return groups;
}

/** `perf stat` on every syscall's entry and the scheduler's software events, attached to `pid`. */
function perfStat(pid: number) {
  const p = spawn(
    'perf',
    [
      'stat',
      '-x',
      ',',
      '-e',
      'syscalls:sys_enter_*',
      '-e',
      'context-switches,cpu-migrations,page-faults,task-clock',
      '-p',
      String(pid),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let err = '';
  p.stderr.on('data', (c) => {
    err += c;
  });
  const exited = new Promise<void>((r) => p.once('exit', () => r()));
  return {
    async stop(): Promise<Record<string, number>> {
      p.kill('SIGINT');
      await exited;
      const counts: Record<string, number> = {};
      for (const line of err.split('\n')) {
        const [v, , event] = line.split(',');
        const value = Number(v);
        if (!event || !Number.isFinite(value) || value === 0) continue;
        counts[event.replace('syscalls:sys_enter_', '')] = value;
      }
      return counts;
    },
  };
}

/** The server's statement / command counts so far. */
const countsOf = (child: ReturnType<typeof fork>) =>
  new Promise<Record<string, number>>((resolve) => {
    const on = (m: unknown) => {
      if (typeof m === 'object' && m !== null && 'counts' in m) {
        child.off('message', on);
        resolve((m as { counts: Record<string, number> }).counts);
      }
    };
    child.on('message', on);
    child.send('counts');
  });

const diff = (a: Record<string, number>, b: Record<string, number>) =>
  Object.fromEntries(
    Object.entries(b)
      .map(([k, v]) => [k, v - (a[k] ?? 0)] as const)
      .filter(([, v]) => v !== 0),
  );

const per = (x: number, n: number) => Math.round((x / n) * 1000) / 1000;

interface Round {
  errors: number;
  /** The round's wall time (host shared): the per-second work (usage flush, hold renewals) depends on the rate. */
  seconds: number;
  syscalls: Record<string, number>;
  threads: ReturnType<typeof threadDelta>;
  counts: Record<string, number>;
}

async function countedRound(
  child: ReturnType<typeof fork>,
  port: number,
  route: RouteName,
  key: string | null,
): Promise<Round> {
  const pid = child.pid!;
  const c0 = await countsOf(child);
  const perf = perfStat(pid);
  await new Promise((r) => setTimeout(r, 300)); // perf attaches to every thread
  const t0 = threads(pid);
  const start = performance.now();
  const errors = await send(port, ROUTES[route], key, N);
  const seconds = (performance.now() - start) / 1000;
  const t1 = threads(pid);
  const syscalls = await perf.stop();
  const c1 = await countsOf(child);
  return { errors, seconds, syscalls, threads: threadDelta(pid, t0, t1), counts: diff(c0, c1) };
}

const SOFTWARE_EVENTS = ['task-clock', 'context-switches', 'cpu-migrations', 'page-faults'];

/** Medians over the rounds of every figure, per request. */
function perRequest(rounds: Round[]) {
  const keys = (pick: (r: Round) => Record<string, number>) => [
    ...new Set(rounds.flatMap((r) => Object.keys(pick(r)))),
  ];
  const med = (pick: (r: Round) => Record<string, number>) =>
    Object.fromEntries(
      keys(pick)
        .map((k) => [k, per(median(rounds.map((r) => pick(r)[k] ?? 0)), N)] as const)
        .filter(([, v]) => v !== 0)
        .sort((a, b) => b[1] - a[1]),
    );
  const groups = [...new Set(rounds.flatMap((r) => Object.keys(r.threads)))];
  const cpu: Record<string, Record<string, number>> = {};
  for (const g of groups)
    cpu[g] = {
      user_us: per(median(rounds.map((r) => r.threads[g]?.user_us ?? 0)), N),
      sys_us: per(median(rounds.map((r) => r.threads[g]?.sys_us ?? 0)), N),
      vol_cs: per(median(rounds.map((r) => r.threads[g]?.vol ?? 0)), N),
      invol_cs: per(median(rounds.map((r) => r.threads[g]?.invol ?? 0)), N),
    };
  const total = (f: 'user_us' | 'sys_us') =>
    per(median(rounds.map((r) => Object.values(r.threads).reduce((a, x) => a + x[f], 0))), N);
  const sys = med((r) =>
    Object.fromEntries(Object.entries(r.syscalls).filter(([k]) => !SOFTWARE_EVENTS.includes(k))),
  );
  return {
    errors: rounds.reduce((a, r) => a + r.errors, 0),
    rps_host_shared: Math.round(N / median(rounds.map((r) => r.seconds))),
    cpu_us: { user: total('user_us'), sys: total('sys_us'), by_thread: cpu },
    syscalls_total: per(
      median(
        rounds.map((r) =>
          Object.entries(r.syscalls)
            .filter(([k]) => !SOFTWARE_EVENTS.includes(k))
            .reduce((a, [, v]) => a + v, 0),
        ),
      ),
      N,
    ),
    syscalls: sys,
    context_switches: per(median(rounds.map((r) => r.syscalls['context-switches'] ?? 0)), N),
    page_faults: per(median(rounds.map((r) => r.syscalls['page-faults'] ?? 0)), N),
    // pg statements, Redis commands, main-thread GCs (count and pause µs), per request
    counts: med((r) => r.counts),
  };
}

/**
 * One round of `n` requests under `strace -f -yy`: reads and writes by peer (the server's listening port:
 * HTTP clients; 5432: Postgres; 6379: Redis; anything else by its fd type), per request.
 */
async function straceRound(
  child: ReturnType<typeof fork>,
  port: number,
  route: RouteName,
  key: string | null,
  n: number,
) {
  const file = `/tmp/api-syscalls-${process.pid}.strace`;
  rmSync(file, { force: true });
  const st = spawn(
    'strace',
    [
      '-f',
      '-qq',
      '-yy',
      '-e',
      'trace=read,readv,write,writev,sendto,sendmsg,recvfrom,recvmsg',
      '-e',
      'signal=none',
      '-o',
      file,
      '-p',
      String(child.pid),
    ],
    { stdio: 'ignore' },
  );
  await new Promise((r) => setTimeout(r, 1_000));
  await send(port, ROUTES[route], key, n);
  await new Promise((r) => setTimeout(r, 200));
  st.kill('SIGINT');
  await new Promise((r) => st.once('exit', r));
  const by: Record<string, number> = {};
  const bytes: Record<string, number> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^\d+\s+(\w+)\((\d+)<([^>]*(?:>[^>]*)?)>.*\)\s+=\s+(-?\d+)/.exec(line);
    if (!m) continue;
    const [, call, , fd, ret] = m;
    let peer = 'other';
    const tcp = /TCP(?:v6)?:\[([^\]]*)\]/.exec(fd!);
    if (tcp) {
      const t = tcp[1]!;
      if (t.includes(`:${port}->`)) peer = 'http';
      else if (t.endsWith(':5432')) peer = 'postgres';
      else if (t.endsWith(':6379')) peer = 'redis';
      else peer = 'tcp other';
    } else if (fd!.startsWith('pipe') || fd!.startsWith('UNIX'))
      peer = fd!.startsWith('pipe') ? 'pipe' : 'unix';
    else if (fd!.startsWith('anon_inode')) peer = fd!.replace(/^anon_inode:\[?([a-z]+).*/, 'anon:$1');
    const k = `${call} ${peer}${Number(ret) < 0 ? ' (error)' : ''}`;
    by[k] = (by[k] ?? 0) + 1;
    if (Number(ret) > 0) bytes[k] = (bytes[k] ?? 0) + Number(ret);
  }
  rmSync(file, { force: true });
  return Object.fromEntries(
    Object.entries(by)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => [k, { per_request: per(v, n), bytes_per_call: Math.round((bytes[k] ?? 0) / v) }]),
  );
}

async function main(): Promise<void> {
  const scratch = await benchDatabase('bench_apisys');
  const { child, ready: started } = forkApiBench(scratch.url, { BENCH_COUNT: '1' });
  try {
    const ready = await started;
    const results: Record<string, unknown>[] = [];
    for (const route of ONLY) {
      await send(ready.bare, ROUTES[route], null, WARMUP);
      await send(ready.platform, ROUTES[route], ready.key, WARMUP);
      const bare: Round[] = [];
      const platform: Round[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        bare.push(await countedRound(child, ready.bare, route, null));
        platform.push(await countedRound(child, ready.platform, route, ready.key));
      }
      const b = perRequest(bare);
      const p = perRequest(platform);
      results.push({
        route,
        path: ROUTES[route](0),
        platform: p,
        bare: b,
        cpu_extra_us: {
          user: per(p.cpu_us.user - b.cpu_us.user, 1),
          sys: per(p.cpu_us.sys - b.cpu_us.sys, 1),
        },
        syscalls_extra: per(p.syscalls_total - b.syscalls_total, 1),
        ...(STRACE_N > 0
          ? {
              strace: {
                requests: STRACE_N,
                bare: await straceRound(child, ready.bare, route, null, STRACE_N),
                platform: await straceRound(child, ready.platform, route, ready.key, STRACE_N),
              },
            }
          : {}),
      });
    }
    process.stdout.write(
      `${JSON.stringify({
        name: 'api-syscalls',
        requests_per_round: N,
        rounds: ROUNDS,
        concurrency: CONCURRENCY,
        redis: Boolean(process.env.BENCH_REDIS_URL),
        routes: results,
      })}\n`,
    );
  } finally {
    child.send('stop');
    await new Promise((r) => child.once('exit', r));
    await scratch.drop();
  }
}

await main();
