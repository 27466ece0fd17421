import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { httpRequestMetrics } from '../../lib/metrics.ts';

// The request counter and latency histogram count locally and hand their series to prom-client at scrape
// time (lib/metrics.ts). Their exposition must be what prom-client prints when every request goes through
// its own `inc` and `observe`: same names, labels, order of series, counts, bucket counts and float sums.
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function pair() {
  const localRegistry = new Registry();
  localRegistry.setDefaultLabels({ service: 'findata' });
  const local = httpRequestMetrics(localRegistry, BUCKETS);
  const refRegistry = new Registry();
  refRegistry.setDefaultLabels({ service: 'findata' });
  const labelNames = ['method', 'route', 'status'] as const;
  const counter = new Counter({
    name: 'findata_http_requests_total',
    help: 'API requests answered, by method, route template and status',
    labelNames,
    registers: [refRegistry],
  });
  const histogram = new Histogram({
    name: 'findata_http_request_duration_seconds',
    help: 'API request latency (first byte received to response sent), by method, route template and status',
    labelNames,
    buckets: BUCKETS,
    registers: [refRegistry],
  });
  return {
    localRegistry,
    refRegistry,
    observe(method: string, route: string, status: number, seconds: number) {
      local.observe(method, route, status, seconds);
      const labels = { method, route, status: String(status) };
      counter.inc(labels);
      histogram.observe(labels, seconds);
    },
  };
}

// Latencies that hit bucket bounds exactly, fall between them, exceed the last one, and whose float sum
// depends on the order of additions.
const LATENCIES = [0.005, 0.0051, 0.1, 0.3, 0.7, 0.1 + 0.2, 12.5, 0.000123, 2.5, 0.01, 1e-9, 0.0333];
const REQUESTS: [string, string, number][] = [
  ['GET', '/v1/companies', 200],
  ['GET', '/v1/filings', 200],
  ['GET', '/v1/companies', 404],
  ['POST', '/v1/companies', 200],
  ['GET', 'unmatched', 404],
];

describe('local HTTP request metrics', () => {
  it('print the same exposition as prom-client fed request by request, across several scrapes', async () => {
    const p = pair();
    expect(await p.localRegistry.metrics()).toBe(await p.refRegistry.metrics()); // no series yet
    let n = 0;
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 40; i++) {
        const [method, route, status] = REQUESTS[(i * 7 + round) % REQUESTS.length] as [
          string,
          string,
          number,
        ];
        p.observe(method, route, status, LATENCIES[(i + round * 5) % LATENCIES.length] as number);
        n++;
      }
      if (round === 2) p.observe('DELETE', '/v1/keys/:id', 204, 0.02); // a series first seen late
      const text = await p.localRegistry.metrics();
      expect(text).toBe(await p.refRegistry.metrics());
      // read by hand: 40 requests a round, spread over the five series by (i * 7 + round) mod 5 = 8 each
      expect(text).toContain(
        `findata_http_requests_total{method="GET",route="/v1/companies",status="200",service="findata"} ${8 * (round + 1)}`,
      );
    }
    expect(n).toBe(120);
    expect(await p.localRegistry.metrics()).toMatch(
      /findata_http_request_duration_seconds_count\{service="findata",method="DELETE",route="\/v1\/keys\/:id",status="204"\} 1\n/,
    );
  });

  it('resetMetrics clears the local series too', async () => {
    const p = pair();
    for (let i = 0; i < 5; i++) p.observe('GET', '/v1/companies', 200, 0.01 * i);
    await p.localRegistry.metrics();
    p.localRegistry.resetMetrics();
    p.refRegistry.resetMetrics();
    expect(await p.localRegistry.metrics()).toBe(await p.refRegistry.metrics());
    p.observe('GET', '/v1/companies', 200, 0.2);
    p.observe('GET', '/v1/companies', 500, 0.04);
    expect(await p.localRegistry.metrics()).toBe(await p.refRegistry.metrics());
    expect(await p.localRegistry.metrics()).toContain(
      'findata_http_requests_total{method="GET",route="/v1/companies",status="200",service="findata"} 1\n',
    );
  });

  it('refuses a latency that is not a number, as prom-client does', () => {
    const local = httpRequestMetrics(new Registry(), BUCKETS);
    expect(() => local.observe('GET', '/v1/companies', 200, Number.NaN)).toThrow(TypeError);
  });
});
