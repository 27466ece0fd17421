/**
 * The load generator the HTTP benches share (api.bench.ts, mcp.bench.ts): keep-alive requests at a fixed
 * concurrency for a fixed time, and the summary of rounds. Node built-ins only, so a bench's load-generator
 * process loads none of the app.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface RoundResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  /** Every request's latency in ms, in the order they ended (only with RoundOptions.keepLatencies). */
  latencies?: number[];
  /** The round's measured time in seconds (from its first request to its last answer). */
  seconds: number;
}

/** The i-th request of a round. */
export type Req = (i: number) => {
  method?: 'GET' | 'POST';
  path: string;
  body?: string;
  headers: Record<string, string>;
};

export interface RoundOptions {
  concurrency: number;
  /** Read each response body and count it as an error when it contains this text (a non-200 always is). */
  bodyError?: string;
  /**
   * The keep-alive agent to send over (its sockets opened beforehand, `warmAgent`); the caller destroys it.
   * Without it the round makes its own, so its first `concurrency` requests also open the connections.
   */
  agent?: http.Agent;
  /** Return every request's latency (RoundResult.latencies), for percentiles pooled over several rounds. */
  keepLatencies?: boolean;
}

/**
 * A keep-alive agent with `concurrency` connections to `port` already open and each used once: the requests
 * `make(0)` ... `make(concurrency - 1)` are sent at once (so each takes its own socket) and not counted, so a
 * round over the agent starts its clock with every connection made.
 */
export async function warmAgent(port: number, make: Req, concurrency: number): Promise<http.Agent> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  await Promise.all(
    Array.from(
      { length: concurrency },
      (_, k) =>
        new Promise<void>((resolve) => {
          const r = make(k);
          const req = http.request(
            { host: '127.0.0.1', port, method: r.method, path: r.path, agent, headers: r.headers },
            (res) => {
              res.resume();
              res.on('end', resolve);
            },
          );
          req.on('error', () => resolve());
          if (r.body) req.write(r.body);
          req.end();
        }),
    ),
  );
  return agent;
}

/** Sends `make(i)` requests from `concurrency` workers for `ms` milliseconds; latency percentiles and rps. */
export async function round(port: number, make: Req, ms: number, opts: RoundOptions): Promise<RoundResult> {
  const { concurrency, bodyError } = opts;
  const agent = opts.agent ?? new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + ms;
  let i = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      const r = make(i++);
      const t0 = performance.now();
      const done = (failed: boolean) => {
        if (failed) errors++;
        latencies.push(performance.now() - t0);
        resolve();
      };
      const req = http.request(
        { host: '127.0.0.1', port, method: r.method, path: r.path, agent, headers: r.headers },
        (res) => {
          if (bodyError === undefined) {
            res.resume();
            res.on('end', () => done(res.statusCode !== 200));
            return;
          }
          const chunks: Buffer[] = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () =>
            done(res.statusCode !== 200 || Buffer.concat(chunks).toString().includes(bodyError)),
          );
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      if (r.body) req.write(r.body);
      req.end();
    });
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) await one();
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  if (!opts.agent) agent.destroy();
  const kept = opts.keepLatencies ? [...latencies] : undefined;
  latencies.sort((a, b) => a - b);
  return {
    rps: Math.round(latencies.length / seconds),
    p50: Math.round(percentile(latencies, 0.5) * 100) / 100,
    p99: Math.round(percentile(latencies, 0.99) * 100) / 100,
    errors,
    requests: latencies.length,
    seconds,
    ...(kept ? { latencies: kept } : {}),
  };
}

/**
 * The p-th percentile (0..1) of latencies sorted ascending: the value at index floor(p * n), the last one
 * at most (nearest rank from below, as every bench here reports it); 0 when there are none.
 */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The medians of a bench's rounds, with their error and request totals. */
export const summary = (rs: RoundResult[]) => ({
  rps: median(rs.map((x) => x.rps)),
  p50_ms: median(rs.map((x) => x.p50)),
  p99_ms: median(rs.map((x) => x.p99)),
  errors: rs.reduce((a, x) => a + x.errors, 0),
  requests: rs.reduce((a, x) => a + x.requests, 0),
});

/**
 * Sends exactly `n` GET requests over `agent`, `concurrency` in flight (the instruction and syscall counters'
 * fixed-count load, where `round` runs for a time); the number of non-200 answers.
 */
export async function sendFixed(
  agent: http.Agent,
  port: number,
  path: (i: number) => string,
  key: string | null,
  n: number,
  concurrency: number,
  /** Called as each answer ends, with the request's start and end (performance.now()). */
  onAnswer?: (start: number, end: number) => void,
): Promise<number> {
  let next = 0;
  let errors = 0;
  const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
  const worker = async () => {
    while (next < n) {
      const i = next++;
      const start = onAnswer ? performance.now() : 0;
      await new Promise<void>((resolve) => {
        const req = http.request({ host: '127.0.0.1', port, path: path(i), agent, headers }, (res) => {
          if (res.statusCode !== 200) errors++;
          res.resume();
          res.on('end', resolve);
        });
        req.on('error', () => {
          errors++;
          resolve();
        });
        req.end();
      });
      onAnswer?.(start, performance.now());
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return errors;
}

/** sendFixed over a keep-alive agent of its own, destroyed after (a counted round's connections its own). */
export async function sendFixedFresh(
  port: number,
  path: (i: number) => string,
  key: string | null,
  n: number,
  concurrency: number,
  onAnswer?: (start: number, end: number) => void,
): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    return await sendFixed(agent, port, path, key, n, concurrency, onAnswer);
  } finally {
    agent.destroy();
  }
}
