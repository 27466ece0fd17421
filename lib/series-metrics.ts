import { format } from 'node:util';
import { Counter, type Registry } from 'prom-client';

/**
 * Counters and a histogram for the per-request metrics (requests answered, their latency, credits charged)
 * that count into series objects the caller keeps, instead of prom-client's `inc(labels)` /
 * `observe(labels, v)`: each of those checks the labels object, builds the label string and looks it up
 * per call (3-5k instructions a request for the three calls, bench/api-instructions.ts). What a scrape sees
 * is what prom-client's own Counter and Histogram would show, byte for byte, series in the same order
 * (test/lib/series-metrics.test.ts compares the two).
 */

export interface CounterSeries<L extends string> {
  readonly labels: Record<L, string>;
  /** Counted here and not yet added to the prom-client counter. */
  pending: number;
}

/**
 * A prom-client Counter whose counts wait in their series until the counter is read (its `collect`): they
 * are then added with `inc`, series in the order they first counted since the last read, which is the
 * order prom-client would have kept them in.
 */
export class DeferredCounter<L extends string> {
  readonly counter: Counter<L>;
  /** Series with pending counts, in the order they first counted. */
  private queue: CounterSeries<L>[] = [];

  constructor(config: { name: string; help: string; labelNames: readonly L[]; registers: Registry[] }) {
    const self = this;
    this.counter = new Counter<L>({
      ...config,
      collect() {
        const queue = self.queue;
        self.queue = [];
        for (const s of queue) {
          const n = s.pending;
          s.pending = 0;
          this.inc(s.labels, n);
        }
      },
    });
    // reset() forgets what waits here too
    const reset = this.counter.reset.bind(this.counter);
    this.counter.reset = () => {
      for (const s of this.queue) s.pending = 0;
      this.queue = [];
      reset();
    };
  }

  series(labels: Record<L, string>): CounterSeries<L> {
    return { labels, pending: 0 };
  }

  /** prom-client's `inc(labels, n)` for a positive finite n. */
  inc(s: CounterSeries<L>, n: number): void {
    if (s.pending === 0) this.queue.push(s);
    s.pending += n;
  }
}

export interface HistogramSeries {
  readonly labels: Record<string, string>;
  /** Observations per upper bound, not cumulative (prom-client's `bucketValues`). */
  readonly buckets: number[];
  sum: number;
  count: number;
}

interface ExportedValue {
  labels: Record<string, string | number>;
  sharedLabels: Record<string, string>;
  value: number;
  metricName: string;
  exemplar?: null;
}

/**
 * A histogram registered in a prom-client registry and exported as prom-client exports its Histogram (the
 * same samples and labels, series in the order they were first observed since the last reset).
 */
export class SeriesHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  /** The series observed since the last reset, in that order. */
  private observed: HistogramSeries[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    readonly upperBounds: readonly number[],
    registry: Registry,
  ) {
    registry.registerMetric(this as never);
  }

  series(labels: Record<string, string>): HistogramSeries {
    return { labels, buckets: this.upperBounds.map(() => 0), sum: 0, count: 0 };
  }

  /** prom-client's Histogram `observe`, into one series. */
  observe(s: HistogramSeries, value: number): void {
    if (!Number.isFinite(value)) throw new TypeError(`Value is not a valid number: ${format(value)}`);
    if (s.count === 0) this.observed.push(s);
    const bounds = this.upperBounds;
    for (let i = 0; i < bounds.length; i++) {
      if (value <= bounds[i]!) {
        s.buckets[i]! += 1;
        break;
      }
    }
    s.sum += value;
    s.count += 1;
  }

  /** Forgets every observation (`registry.resetMetrics()` calls it). */
  reset(): void {
    for (const s of this.observed) {
      s.buckets.fill(0);
      s.sum = 0;
      s.count = 0;
    }
    this.observed = [];
  }

  async getForPromString(): Promise<{
    name: string;
    help: string;
    type: string;
    values: ExportedValue[];
    aggregator: string;
  }> {
    const bucket = `${this.name}_bucket`;
    const values: ExportedValue[] = [];
    for (const s of this.observed) {
      let acc = 0;
      for (let i = 0; i < this.upperBounds.length; i++) {
        acc += s.buckets[i]!;
        const le = this.upperBounds[i]!;
        values.push({
          labels: { le },
          sharedLabels: s.labels,
          value: acc,
          metricName: bucket,
          exemplar: null,
        });
      }
      values.push(
        {
          labels: { le: '+Inf' },
          sharedLabels: s.labels,
          value: s.count,
          metricName: bucket,
          exemplar: null,
        },
        {
          labels: {},
          sharedLabels: s.labels,
          value: s.sum,
          metricName: `${this.name}_sum`,
          exemplar: undefined,
        },
        {
          labels: {},
          sharedLabels: s.labels,
          value: s.count,
          metricName: `${this.name}_count`,
          exemplar: undefined,
        },
      );
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** prom-client's Histogram `get()`: each sample's labels with its series' labels merged in. */
  async get() {
    const data = await this.getForPromString();
    return {
      ...data,
      values: data.values.map(({ sharedLabels, labels, ...rest }) => {
        for (const k of Object.keys(sharedLabels)) labels[k] = sharedLabels[k]!;
        return { ...rest, labels };
      }),
    };
  }
}
