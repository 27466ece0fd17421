import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { DeferredCounter, SeriesHistogram } from '../../lib/series-metrics.ts';

// lib/series-metrics.ts must expose exactly what prom-client's own Counter and Histogram would: the same
// requests counted and observed into both, then the two registries' text (and JSON) compared whole.
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function pair() {
  const theirs = new Registry();
  const ours = new Registry();
  for (const r of [theirs, ours]) r.setDefaultLabels({ service: 'findata' });
  const names = ['method', 'route', 'status'] as const;
  const pc = {
    requests: new Counter({
      name: 'x_requests_total',
      help: 'Requests',
      labelNames: names,
      registers: [theirs],
    }),
    latency: new Histogram({
      name: 'x_seconds',
      help: 'Latency, by "route"\\n',
      labelNames: names,
      buckets: BUCKETS,
      registers: [theirs],
    }),
    credits: new Counter({
      name: 'x_credits_total',
      help: 'Credits',
      labelNames: ['route'],
      registers: [theirs],
    }),
  };
  const requests = new DeferredCounter({
    name: 'x_requests_total',
    help: 'Requests',
    labelNames: names,
    registers: [ours],
  });
  const latency = new SeriesHistogram('x_seconds', 'Latency, by "route"\\n', BUCKETS, ours);
  const credits = new DeferredCounter({
    name: 'x_credits_total',
    help: 'Credits',
    labelNames: ['route'],
    registers: [ours],
  });
  const series = new Map<string, ReturnType<typeof requests.series>>();
  const hseries = new Map<string, ReturnType<typeof latency.series>>();
  const cseries = new Map<string, ReturnType<typeof credits.series>>();
  const request = (method: string, route: string, status: number, seconds: number) => {
    const labels = { method, route, status: String(status) };
    pc.requests.inc(labels);
    pc.latency.observe(labels, seconds);
    const k = `${method} ${route} ${status}`;
    if (!series.has(k)) series.set(k, requests.series(labels));
    if (!hseries.has(k)) hseries.set(k, latency.series(labels));
    requests.inc(series.get(k)!, 1);
    latency.observe(hseries.get(k)!, seconds);
  };
  const charge = (route: string, n: number) => {
    pc.credits.inc({ route }, n);
    if (!cseries.has(route)) cseries.set(route, credits.series({ route }));
    credits.inc(cseries.get(route)!, n);
  };
  return { theirs, ours, request, charge, latency, pc };
}

// latencies on, between and beyond the bounds, and sums whose float rounding depends on the order of additions
const SECONDS = [0, 0.005, 0.0050001, 0.1, 0.1 + 0.2, 0.7, 1e-9, 10, 10.5, 123.456, 0.01, 0.025, 2.5, 1 / 3];
const ROUTES = ['/v1/companies', '/v1/filings', '/v1/financials/income-statements', 'unmatched'];

describe('series metrics', () => {
  it('scrape the same text and JSON as prom-client, before and after more requests, a new series and a reset', async () => {
    const m = pair();
    const same = async () => {
      const text = await m.ours.metrics();
      expect(text).toBe(await m.theirs.metrics());
      expect(JSON.stringify(await m.ours.getMetricsAsJSON())).toBe(
        JSON.stringify(await m.theirs.getMetricsAsJSON()),
      );
      return text;
    };
    expect(await same()).toContain('# TYPE x_seconds histogram');
    for (let i = 0; i < 200; i++) {
      m.request(i % 7 ? 'GET' : 'POST', ROUTES[i % 3]!, i % 11 ? 200 : 400, SECONDS[i % SECONDS.length]!);
      if (i % 4 === 0) m.charge(ROUTES[i % 3]!, 1 + (i % 3));
    }
    const first = await same();
    expect(first).toContain(
      'x_requests_total{method="GET",route="/v1/companies",status="200",service="findata"} ',
    );
    expect(first).toContain('x_seconds_bucket{le="+Inf",service="findata",method="GET",route="/v1/filings"');
    // a series first seen after a scrape, then an old one again
    m.request('GET', 'unmatched', 404, 0.02);
    m.request('GET', '/v1/companies', 200, 0.3);
    m.charge('/v1/filings', 5);
    await same();
    await same(); // a scrape with nothing new
    m.theirs.resetMetrics();
    m.ours.resetMetrics();
    await same();
    m.request('GET', '/v1/filings', 200, 0.04);
    m.request('GET', '/v1/companies', 200, 0.001);
    m.charge('/v1/companies', 1);
    await same();
  });

  it('refuses a latency that is not a finite number, as prom-client does', () => {
    const m = pair();
    const s = m.latency.series({ method: 'GET', route: '/x', status: '200' });
    const theirs = (() => {
      try {
        m.pc.latency.observe({ method: 'GET', route: '/x', status: '200' }, Number.NaN);
      } catch (err) {
        return (err as Error).message;
      }
    })();
    expect(() => m.latency.observe(s, Number.NaN)).toThrow(theirs!);
    expect(theirs).toBe('Value is not a valid number: NaN');
  });
});
