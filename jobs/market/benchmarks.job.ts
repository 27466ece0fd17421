import { datasetDecl } from '../../lib/datasets.ts';
import { loadBenchmarkBars, loadBenchmarkRegistry } from '../../loaders/market-data.ts';
import { BENCHMARK_SEED } from '../../parsers/benchmarks/registry-data.ts';
import { benchmarkRows } from '../../parsers/benchmarks/series.ts';
import { BENCHMARK_PROVIDERS } from '../../parsers/prices/providers.ts';
import type { BenchmarkBarInsert, BenchmarkInsert } from '../../schema/market-data.ts';
import type { DatasetJob } from '../types.ts';
import { symbolOf } from './prices.job.ts';
import { fetchFirst, periodQuery, providerOf } from './providers.ts';

type Parsed = { registry: BenchmarkInsert[] } | { bars: BenchmarkBarInsert[] };

/**
 * Benchmarks (dataset `benchmarks`). Partition `registry` loads the committed registry seed
 * (parsers/benchmarks/registry-data.ts, no fetch); partition `symbol:<SYMBOL>` one instrument's daily series
 * from the window start (2015-01-01), from the first provider that has it, weekend rows as given, with
 * `close_major` in the major currency unit (USX -> USD).
 */
export const benchmarksJob: DatasetJob<Parsed> = {
  dataset: 'benchmarks',
  async partitions(_ctx, opts) {
    const wanted = opts.ticker ? new Set(opts.ticker.split(',').map((s) => s.trim())) : null;
    const symbols = BENCHMARK_SEED.map((b) => b.symbol).filter((s) => !wanted || wanted.has(s));
    return ['registry', ...symbols.map((s) => `symbol:${s}`)];
  },
  async latestPartitions(ctx) {
    return this.partitions(ctx, {});
  },
  isFinal: false,
  async fetch(ctx, key, fetcher) {
    if (key === 'registry') return [];
    const from = datasetDecl('benchmarks').availableFrom ?? '2015-01-01';
    return fetchFirst(fetcher, BENCHMARK_PROVIDERS, symbolOf(key), periodQuery(from, ctx.now));
  },
  parse(docs, key) {
    if (key === 'registry')
      return {
        rows: {
          registry: BENCHMARK_SEED.map((b) => ({
            ...b,
            exchange: b.exchange,
            headline: b.headline ?? false,
          })),
        },
        warnings: [],
      };
    const symbol = symbolOf(key);
    const entry = BENCHMARK_SEED.find((b) => b.symbol === symbol);
    if (!entry) return { rows: { bars: [] }, warnings: [`${symbol} is no longer in the benchmark registry`] };
    const doc = docs[0]!;
    const parsed = providerOf(BENCHMARK_PROVIDERS, doc.url, symbol).parse(doc.bytes, {
      symbol,
      currency: null,
      document: doc.url,
    });
    if (parsed.notFound) return { rows: { bars: [] }, warnings: [`${symbol}: ${parsed.notFound}`] };
    const r = benchmarkRows(parsed, entry, { source: doc.url, fetchedAt: new Date(doc.fetchedAt) });
    return { rows: { bars: r.rows }, warnings: r.warnings };
  },
  load(tx, parsed) {
    return 'registry' in parsed
      ? loadBenchmarkRegistry(tx, parsed.registry)
      : loadBenchmarkBars(tx, parsed.bars);
  },
};
