import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { percentile, round, warmAgent } from '../../bench/http-load.ts';
import { distinctGroups, pooled, spreadSample } from '../../bench/rehearse/stats.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('the rehearsal load test: p99 pooled over rounds', () => {
  it('takes the nearest rank from below: index floor(p * n), the last at most', () => {
    const xs = range(1, 200); // 1..200 ms
    expect(percentile(xs, 0.99)).toBe(199); // index 198
    expect(percentile(xs, 0.5)).toBe(101); // index 100
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.99)).toBe(0);
  });

  it('is the p99 of every request of every round, not the median of the rounds’ p99s', () => {
    // three rounds of 100 requests: two quiet (1..100 ms), one with a 10-request tail of 500 ms
    const quiet = range(1, 100);
    const tail = [...range(1, 90), ...Array(10).fill(500)];
    const rounds = [quiet, tail, quiet].map((latencies) => ({ latencies, seconds: 2, errors: 0 }));
    const p = pooled(rounds);
    // each round's own p99 (index 99 of 100): 100, 500, 100; their median would say 100
    expect(p.rounds).toEqual([100, 500, 100]);
    // pooled: 300 latencies, index floor(0.99 * 300) = 297 of the sorted whole; the 10 tail requests are
    // the last 10 (290..299), so the p99 is 500
    expect(p.p99).toBe(500);
    expect(p.requests).toBe(300);
    expect(p.rps).toBe(50); // 300 requests in 6 s
    // p50: index 150 of the sorted whole (the values 1..90 three times, 91..100 twice, then 500s): 51
    expect(p.p50).toBe(51);
  });

  it('sums the errors and keeps each round’s p99 in the order run', () => {
    const p = pooled([
      { latencies: [5, 6, 7], seconds: 1, errors: 1 },
      { latencies: [1, 2, 3], seconds: 1, errors: 2 },
    ]);
    expect(p.errors).toBe(3);
    expect(p.rounds).toEqual([7, 3]);
    expect(p.p99).toBe(7);
  });
});

describe('the rehearsal load test: route keys spread over companies', () => {
  // the baseline database's tickers in company_id order, as the runner took them before: Morgan Stanley's
  // share classes sort first, so "the first 8 tickers" were one company (docs/scale.md)
  const rows = [
    ...['MS', 'MS-PA', 'MS-PE', 'MS-PF', 'MS-PI', 'MS-PK', 'MS-PL', 'MS-PO'].map((t) => ({ c: 'cmp_ms', t })),
    { c: 'cmp_cat', t: 'CAT' },
    { c: 'cmp_nee', t: 'NEE' },
    { c: 'cmp_nee', t: 'NEE-PN' },
    { c: 'cmp_dis', t: 'DIS' },
  ];
  const company = (r: { c: string }) => r.c;

  it('the first 8 in order cover one company', () => {
    expect(distinctGroups(rows.slice(0, 8), company)).toBe(1);
  });

  it('takes one key of each company before a second of any', () => {
    const s = spreadSample(rows, company, 4);
    expect(s.map((r) => r.t)).toEqual(['MS', 'CAT', 'NEE', 'DIS']);
    expect(distinctGroups(s, company)).toBe(4);
  });

  it('with fewer companies than keys, goes round them again in the same order', () => {
    const s = spreadSample(rows, company, 7);
    expect(s.map((r) => r.t)).toEqual(['MS', 'CAT', 'NEE', 'DIS', 'MS-PA', 'NEE-PN', 'MS-PE']);
    expect(spreadSample(rows, company, 100)).toHaveLength(rows.length);
    expect(spreadSample([], company, 8)).toEqual([]);
  });
});

describe('the rehearsal load test: connections opened before the clock', () => {
  it('a round over a warmed agent opens no connection of its own', async () => {
    let connections = 0;
    const server = http.createServer((_req, res) => res.end('ok'));
    server.on('connection', () => connections++);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const make = () => ({ path: '/', headers: {} });
    try {
      const agent = await warmAgent(port, make, 8);
      expect(connections).toBe(8);
      const r = await round(port, make, 150, { concurrency: 8, agent, keepLatencies: true });
      agent.destroy();
      expect(r.requests).toBeGreaterThan(8);
      expect(r.latencies).toHaveLength(r.requests);
      expect(connections).toBe(8);
      // without an agent the round opens its own 8 (its first requests pay the connects)
      await round(port, make, 50, { concurrency: 8 });
      expect(connections).toBe(16);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
