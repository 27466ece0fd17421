/**
 * The rehearsal's load-test statistics (run.ts): a fraction's figures pooled over all its rounds of a route
 * and client count, and the spread of the keys a route's requests cycle through.
 */
import { percentile } from '../http-load.ts';

export interface Round {
  /** Every request's latency in ms. */
  latencies: number[];
  /** The round's measured time in seconds. */
  seconds: number;
  errors: number;
}

export interface Pooled {
  /** Requests per second over all rounds: all requests over all rounds' time. */
  rps: number;
  /** Percentiles of every request of every round taken together (ms). */
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  /** Each round's own p99 (ms), in the order run: how far one round's tail moves. */
  rounds: number[];
}

const ms = (x: number) => Math.round(x * 100) / 100;

/**
 * The figures of several rounds taken as one sample: p50 and p99 of all their requests' latencies pooled
 * (not the median of the rounds' own percentiles: with 3 rounds that statistic is one round's p99, and one
 * round's tail at 64 clients on a shared host moved 70-409 ms, docs/scale.md), rps as all requests over all
 * rounds' time, errors summed.
 */
export function pooled(rounds: Round[]): Pooled {
  const all = rounds.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const seconds = rounds.reduce((a, r) => a + r.seconds, 0);
  return {
    rps: seconds > 0 ? Math.round(all.length / seconds) : 0,
    p50: ms(percentile(all, 0.5)),
    p99: ms(percentile(all, 0.99)),
    errors: rounds.reduce((a, r) => a + r.errors, 0),
    requests: all.length,
    rounds: rounds.map((r) =>
      ms(
        percentile(
          [...r.latencies].sort((a, b) => a - b),
          0.99,
        ),
      ),
    ),
  };
}

/**
 * Up to `n` of `rows` (in order of preference) spread over as many groups as there are: the first row of
 * each group in the order the groups first appear, then the second of each, and so on. The route keys of
 * the load test are drawn this way with the company as the group, so 8 tickers are 8 companies, not 8 share
 * classes of one company (docs/scale.md, "companies by ticker").
 */
export function spreadSample<T>(rows: T[], groupOf: (row: T) => string, n: number): T[] {
  const groups = new Map<string, T[]>();
  for (const r of rows) {
    const g = groupOf(r);
    const list = groups.get(g);
    if (list) list.push(r);
    else groups.set(g, [r]);
  }
  const out: T[] = [];
  for (let depth = 0; out.length < n; depth++) {
    let took = false;
    for (const list of groups.values()) {
      if (out.length >= n) break;
      const r = list[depth];
      if (r === undefined) continue;
      out.push(r);
      took = true;
    }
    if (!took) break;
  }
  return out;
}

/** How many distinct groups a sample covers (the load test records it for each key sample). */
export function distinctGroups<T>(sample: T[], groupOf: (row: T) => string): number {
  return new Set(sample.map(groupOf)).size;
}
