import { Counter, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { DeferredCounter } from '../../lib/metrics.ts';

// lib/metrics.ts DeferredCounter: the request and credits-charged counters count into series objects and reach
// prom-client when read. Whatever the mix of series counts, direct inc() calls, reads and resets, the registry's
// text and JSON must be exactly those of prom-client's own Counter given every count as an inc() at once.
const config = {
  name: 'findata_test_requests_total',
  help: 'test counter',
  labelNames: ['method', 'route', 'status'] as const,
};

function pair() {
  const plainRegistry = new Registry();
  const deferredRegistry = new Registry();
  plainRegistry.setDefaultLabels({ service: 'findata' });
  deferredRegistry.setDefaultLabels({ service: 'findata' });
  const plain = new Counter({ ...config, registers: [plainRegistry] });
  const deferred = new DeferredCounter({ ...config, registers: [deferredRegistry] });
  const same = async () => {
    const [a, b] = [await plainRegistry.metrics(), await deferredRegistry.metrics()];
    expect(b).toBe(a);
    expect(await deferredRegistry.getMetricsAsJSON()).toEqual(await plainRegistry.getMetricsAsJSON());
    return a;
  };
  return { plain, deferred, same, plainRegistry, deferredRegistry };
}

const A = { method: 'GET', route: '/v1/companies', status: '200' };
const B = { method: 'GET', route: '/v1/filings', status: '200' };
const C = { method: 'POST', route: '/v1/screen', status: '400' };

describe('DeferredCounter', () => {
  it('reads as prom-client counting every call: values, series order, direct inc() between counts', async () => {
    const { plain, deferred, same } = pair();
    const a = deferred.seriesOf(A);
    const b = deferred.seriesOf(B);
    // nothing counted: no series at all
    expect(await same()).not.toContain('route="/v1/companies"');
    // B first seen before A: B is listed first
    b.inc();
    plain.inc(B);
    a.inc(3);
    plain.inc(A, 3);
    a.inc();
    plain.inc(A);
    const text = await same();
    expect(text).toContain(
      'findata_test_requests_total{method="GET",route="/v1/companies",status="200",service="findata"} 4',
    );
    expect(text.indexOf('/v1/filings')).toBeLessThan(text.indexOf('/v1/companies'));
    // a direct inc() of a new label set (C) after a new series (E) was first counted: E is listed before C,
    // as inc() on every call lists them; then a series made after both
    a.inc(2);
    plain.inc(A, 2);
    const E = { method: 'GET', route: '/v1/earnings', status: '200' };
    deferred.seriesOf(E).inc();
    plain.inc(E);
    deferred.inc(C);
    plain.inc(C);
    const d = deferred.seriesOf({ method: 'GET', route: '/v1/news', status: '200' });
    d.inc(7);
    plain.inc({ method: 'GET', route: '/v1/news', status: '200' }, 7);
    const mixed = await same();
    expect(mixed.indexOf('/v1/earnings')).toBeLessThan(mixed.indexOf('/v1/screen'));
    // a read with nothing new changes nothing
    await same();
  });

  it('after a reset, lists series in the order they are first counted again', async () => {
    const { plain, deferred, same, deferredRegistry, plainRegistry } = pair();
    const a = deferred.seriesOf(A);
    const b = deferred.seriesOf(B);
    a.inc();
    plain.inc(A);
    b.inc();
    plain.inc(B);
    await same();
    b.inc(5); // pending when the reset comes: forgotten, as prom-client forgets its counts
    deferredRegistry.resetMetrics();
    plainRegistry.resetMetrics();
    expect(await same()).not.toContain('/v1/filings');
    b.inc(2);
    plain.inc(B, 2);
    a.inc();
    plain.inc(A);
    const text = await same();
    expect(text.indexOf('/v1/filings')).toBeLessThan(text.indexOf('/v1/companies'));
    expect(text).toContain('route="/v1/filings",status="200",service="findata"} 2');
  });
});
