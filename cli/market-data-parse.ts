import { basename } from 'node:path';
import { BENCHMARK_SEED } from '../parsers/benchmarks/registry-data.ts';
import { benchmarkRows } from '../parsers/benchmarks/series.ts';
import { parseShortInterest } from '../parsers/finra/short-interest.ts';
import { parseChartJson } from '../parsers/prices/chart-json.ts';
import { parsePriceCsv } from '../parsers/prices/csv.ts';
import type { PriceParseResult } from '../parsers/prices/types.ts';
import { toListingBar } from '../parsers/prices/types.ts';
import { currencyFromSuffix } from '../parsers/prices/units.ts';

/**
 * `etl parse prices|benchmark|short-interest <file> [--symbol S]`: the rows the market-data routes would
 * serve from one local file (newest first), without a database (company_id and share-count fields are the
 * loader's and route's work and are left out).
 */
type Opts = { symbol?: string };

/** A chart JSON or any price CSV; the symbol from --symbol, the chart's meta or the file name. */
function parsePrices(
  bytes: Buffer,
  file: string,
  symbol: string | undefined,
  currency: string | null | undefined,
) {
  const text = bytes.toString('utf8');
  if (/^\s*\{/.test(text)) return parseChartJson(text, file);
  const sym =
    symbol ??
    basename(file)
      .replace(/\.(csv|txt)$/i, '')
      .split('_')[0]!
      .toUpperCase();
  return parsePriceCsv(text, {
    symbol: sym,
    currency: currency === undefined ? currencyFromSuffix(sym) : currency,
    document: file,
  });
}

export function parsePricesCommand(bytes: Buffer, o: Opts, ctx: { url: string }) {
  const r: PriceParseResult = parsePrices(bytes, ctx.url, o.symbol, undefined);
  if (r.notFound) return { not_found: r.notFound };
  return {
    format: r.format,
    symbol: r.symbol,
    currency: r.currency,
    prices: r.bars
      .map(toListingBar)
      .reverse()
      .map((b) => ({
        symbol: b.symbol,
        date: b.date,
        currency: b.currency,
        open: b.open,
        high: b.high,
        low: b.low,
        close: b.close,
        adj_close: b.adjClose,
        volume: b.volume,
      })),
    events: r.events,
    warnings: r.warnings,
  };
}

export function parseBenchmarkCommand(bytes: Buffer, o: Opts, ctx: { url: string }) {
  const guess = o.symbol ?? basename(ctx.url).replace(/\.(csv|json)$/i, '');
  const entry = BENCHMARK_SEED.find((b) => b.symbol === guess);
  if (!entry)
    throw new Error(`--symbol ${guess}: not in the benchmark registry (parsers/benchmarks/registry-data.ts)`);
  const parsed = parsePrices(bytes, ctx.url, entry.symbol, null);
  const { rows, warnings } = benchmarkRows(parsed, entry, { source: ctx.url, fetchedAt: new Date(0) });
  return {
    symbol: entry.symbol,
    series: rows.reverse().map((b) => ({
      symbol: b.symbol,
      kind: entry.kind,
      name: entry.name,
      date: b.date,
      open: b.open,
      high: b.high,
      low: b.low,
      close: b.close,
      volume: b.volume,
      currency: b.currency,
      close_major: b.closeMajor,
      currency_major: b.currencyMajor,
    })),
    warnings,
  };
}

export function parseShortInterestCommand(bytes: Buffer, o: Opts, ctx: { url: string }) {
  const r = parseShortInterest(bytes.toString('utf8'), ctx.url);
  const rows = o.symbol ? r.rows.filter((x) => x.symbol === o.symbol!.toUpperCase()) : r.rows;
  return {
    short_interest: rows.map((x) => ({
      ticker: x.symbol,
      issue_name: x.issueName,
      category: x.category,
      market_class_code: x.marketClassCode,
      settlement_date: x.settlementDate,
      current_short_position: x.currentShortPosition,
      previous_short_position: x.previousShortPosition,
      change_previous: x.changePrevious,
      change_percent: x.changePercent,
      average_daily_volume: x.averageDailyVolume,
      days_to_cover: x.daysToCover,
      days_to_cover_computed: x.daysToCoverComputed,
      revision_flag: x.revisionFlag,
      stock_split_flag: x.stockSplitFlag,
    })),
    warnings: r.warnings,
  };
}
