import {
  Counter,
  type CounterConfiguration,
  collectDefaultMetrics,
  Gauge,
  Histogram,
  type LabelValues,
  Registry,
} from 'prom-client';

/**
 * Prometheus metrics (prom-client), one registry per process: the API and the job runtime of the same
 * process (`etl start`) report into it, and `startMetricsServer` (lib/metrics-server.ts) serves it on its
 * own port (METRICS_PORT; off when unset, loopback by default), never on the public API port.
 *
 * Labels are bounded: routes are route templates (never raw URLs), hosts are upstream host names, datasets
 * come from the registry, statuses are HTTP codes.
 */
export const registry = new Registry();
registry.setDefaultLabels({ service: 'findata' });
collectDefaultMetrics({ register: registry, prefix: 'findata_' });

/** One label set of a DeferredCounter: what its callers counted since the counter was last read. */
export class CounterSeries<T extends string = string> {
  /** Counted since the last read (or reset). */
  pending = 0;
  /** In the counter's list of series counted since its last reset. */
  listed = false;

  constructor(
    private readonly owner: DeferredCounter<T>,
    readonly labels: LabelValues<T>,
  ) {}

  /** Adds `n` (default 1) to this label set, as the counter's `inc(labels, n)` would. */
  inc(n = 1): void {
    if (!this.listed) this.owner.list(this);
    this.pending += n;
  }
}

/**
 * A prom-client Counter whose per-request callers count into a CounterSeries of their own (one per label
 * set, made once): prom-client's `inc(labels)`, and its `labels()` children alike, validate the label object
 * and join its label string to find the series on every call (~0.3 kB of strings and a dictionary look-up a
 * call; bench/api-alloc.ts). A series adds to a number; what it counted reaches the counter, through
 * prom-client's own `inc`, when the counter is read (its `collect`, which prom-client runs before every read:
 * /metrics text and JSON alike). prom-client lists a counter's series in the order each was first
 * incremented since the last reset; the series are added in the order they were first counted since then, so
 * the output is what `inc` on every call gives. A direct `inc()` adds what waits first, for the same reason.
 */
export class DeferredCounter<T extends string = string> extends Counter<T> {
  private series: CounterSeries<T>[] = [];
  /** prom-client's own `inc` of this counter (an own property its constructor sets, not a prototype method). */
  private readonly add: (labels: LabelValues<T>, n: number) => void;

  constructor(config: CounterConfiguration<T>) {
    super({
      ...config,
      collect(this: Counter<T>) {
        (this as DeferredCounter<T>).flush();
      },
    });
    const add = this.inc.bind(this) as (...a: unknown[]) => void;
    this.add = add;
    this.inc = ((...a: unknown[]) => {
      this.flush();
      add(...a);
    }) as Counter<T>['inc'];
  }

  /** A series for these labels (keep it: each call makes a new one). */
  seriesOf(labels: LabelValues<T>): CounterSeries<T> {
    return new CounterSeries(this, labels);
  }

  /** (CounterSeries) the series' first count since the last reset. */
  list(s: CounterSeries<T>): void {
    s.listed = true;
    this.series.push(s);
  }

  /** Adds every series' pending count to the counter, in the order the series were first counted. */
  private flush(): void {
    for (const s of this.series) {
      if (s.pending === 0) continue;
      const n = s.pending;
      s.pending = 0;
      this.add(s.labels, n);
    }
  }

  override reset(): void {
    // prom-client's constructor resets the counter before this class's fields exist
    for (const s of this.series ?? []) {
      s.pending = 0;
      s.listed = false;
    }
    this.series = [];
    super.reset();
  }
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900];

export const metrics = {
  httpRequests: new DeferredCounter({
    name: 'findata_http_requests_total',
    help: 'API requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  }),
  httpDuration: new Histogram({
    name: 'findata_http_request_duration_seconds',
    help: 'API request latency (first byte received to response sent), by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  }),
  creditsCharged: new DeferredCounter({
    name: 'findata_credits_charged_total',
    help: 'Credits charged, by route',
    labelNames: ['route'] as const,
    registers: [registry],
  }),
  creditsRefunded: new Counter({
    name: 'findata_credits_refunded_total',
    help: 'Credits refunded (failed requests, refund cases), by route',
    labelNames: ['route'] as const,
    registers: [registry],
  }),
  creditRefusals: new Counter({
    name: 'findata_credit_refusals_total',
    help: 'Requests refused for lack of credits (402), by route',
    labelNames: ['route'] as const,
    registers: [registry],
  }),
  rateLimitRefusals: new Counter({
    name: 'findata_rate_limit_refusals_total',
    help: 'Requests refused by the per-key per-minute limit, by route and plan',
    labelNames: ['route', 'plan'] as const,
    registers: [registry],
  }),
  rateLimitUnavailable: new Counter({
    name: 'findata_rate_limit_store_errors_total',
    help: 'Rate-limited requests answered 503 because the counter store (Redis) was unreachable',
    registers: [registry],
  }),
  upstreamFetches: new Counter({
    name: 'findata_upstream_requests_total',
    help: 'Upstream HTTP requests sent (every attempt), by upstream host and status (network_error when none)',
    labelNames: ['host', 'status'] as const,
    registers: [registry],
  }),
  upstreamRetries: new Counter({
    name: 'findata_upstream_retries_total',
    help: 'Upstream requests retried after a transient failure (network, timeout, 5xx), by host',
    labelNames: ['host'] as const,
    registers: [registry],
  }),
  upstreamThrottled: new Counter({
    name: 'findata_upstream_throttled_total',
    help: 'Upstream answers that throttled us (429, 503, SEC 403 rate page), by host',
    labelNames: ['host'] as const,
    registers: [registry],
  }),
  partitions: new Counter({
    name: 'findata_partitions_total',
    help: 'Partition runs (fetch, parse, load) by dataset and outcome: done, not_found, failed, quarantined, stalled',
    labelNames: ['dataset', 'outcome'] as const,
    registers: [registry],
  }),
  partitionDuration: new Histogram({
    name: 'findata_partition_duration_seconds',
    help: 'Duration of one partition run, by dataset and outcome',
    labelNames: ['dataset', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [registry],
  }),
  rowsLoaded: new Counter({
    name: 'findata_rows_loaded_total',
    help: 'Rows written by loads, by dataset and kind (inserted, updated)',
    labelNames: ['dataset', 'kind'] as const,
    registers: [registry],
  }),
  quarantined: new Counter({
    name: 'findata_quarantined_documents_total',
    help: 'Documents a parser refused (quarantined), by dataset',
    labelNames: ['dataset'] as const,
    registers: [registry],
  }),
};

type DepthSource = () => Promise<Record<string, Record<string, number>>>;
const depthSources = new Set<DepthSource>();

/**
 * Jobs per queue and state (waiting, active, delayed, failed, ...), read at scrape time from every job
 * runtime of the process that registered a source.
 */
export const queueDepth = new Gauge({
  name: 'findata_queue_jobs',
  help: 'Jobs per queue and state, read at scrape time',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const source of depthSources) {
      const depth = await source().catch(() => ({}) as Record<string, Record<string, number>>);
      for (const [queue, states] of Object.entries(depth))
        for (const [state, n] of Object.entries(states)) this.set({ queue, state }, n);
    }
  },
});

/** Registers a runtime's queue counts for scrapes; returns the function that unregisters it. */
export function addQueueDepthSource(source: DepthSource): () => void {
  depthSources.add(source);
  return () => depthSources.delete(source);
}

/** The upstream host of a URL, for labels (the live host even when the mirror serves it). */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'invalid';
  }
}

type LiveSource = () => Promise<{
  last_poll_at: string | null;
  lag_seconds: { p50: number | null; p95: number | null };
}>;
let liveSource: LiveSource | null = null;

/** Filing latency (lib/live-status.ts), read from the database at scrape time: the same figures as /v1/_status. */
export const liveFilingsLag = new Gauge({
  name: 'findata_filings_live_lag_seconds',
  help: "Seconds from EDGAR's acceptance to the filing.published event, over the filings accepted in the last hour",
  labelNames: ['quantile'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    const s = await liveSource?.().catch(() => null);
    if (s?.lag_seconds.p50 != null) this.set({ quantile: '0.5' }, s.lag_seconds.p50);
    if (s?.lag_seconds.p95 != null) this.set({ quantile: '0.95' }, s.lag_seconds.p95);
    if (s?.last_poll_at) lastLivePoll.set(Date.parse(s.last_poll_at) / 1000);
  },
});
const lastLivePoll = new Gauge({
  name: 'findata_filings_live_last_poll_timestamp_seconds',
  help: "When EDGAR's latest-filings feed was last polled (unix seconds)",
  registers: [registry],
});

/** The database-backed reader of the live figures, registered by the process that holds the database. */
export function setLiveFilingsSource(source: LiveSource | null): void {
  liveSource = source;
}
