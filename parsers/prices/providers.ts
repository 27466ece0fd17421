import { parseChartJson } from './chart-json.ts';
import { parsePriceCsv } from './csv.ts';
import type { PriceParseResult } from './types.ts';
import { currencyFromSuffix } from './units.ts';

/**
 * A price provider: where a symbol's daily history lives and how to read it. The prices and benchmarks
 * jobs try the providers in order and take the first that has the symbol, so a second provider fills a gap
 * (a symbol the first does not carry) or replaces the first (reorder the list). Adding one is a URL
 * function and a parser.
 */
export interface PriceProvider {
  id: string;
  url(symbol: string): string;
  /** Pure: the document's bytes -> bars. `currency` is the caller's evidence when the format has none. */
  parse(bytes: Buffer, ctx: { symbol: string; currency: string | null; document: string }): PriceParseResult;
}

/** Yahoo's chart API: OHLCV, adjusted close, dividends and splits, the quote currency in its meta block. */
export const yahooChart: PriceProvider = {
  id: 'yahoo-chart',
  url: (symbol) =>
    `https://query2.finance.yahoo.com/v8/finance/chart/${encodeURIComponent(symbol)}?interval=1d&range=1y&events=div%7Csplit`,
  parse: (bytes, ctx) => parseChartJson(bytes.toString('utf8'), ctx.document),
};

/** Yahoo's CSV download (and the yfinance exports of it): no currency, so the caller supplies it. */
export const yahooCsv: PriceProvider = {
  id: 'yahoo-csv',
  url: (symbol) =>
    `https://query1.finance.yahoo.com/v7/finance/download/${encodeURIComponent(symbol)}?interval=1d&events=history`,
  parse: (bytes, ctx) => parsePriceCsv(bytes.toString('utf8'), ctx),
};

/** stooq's per-symbol CSV (`aapl.us`): back-adjusted prices, US symbols only here (`.us` suffix). */
export const stooq: PriceProvider = {
  id: 'stooq',
  url: (symbol) => `https://stooq.com/q/d/l/?s=${stooqSymbol(symbol)}&i=d`,
  parse: (bytes, ctx) => parsePriceCsv(bytes.toString('utf8'), ctx),
};

/** stooq spells a US listing `aapl.us` and an index `^spx`; other markets are not mapped. */
export function stooqSymbol(symbol: string): string {
  const s = symbol.toLowerCase();
  return s.startsWith('^') || s.includes('.') ? s : `${s.replace(/-/g, '.')}.us`;
}

/** Company listings: the chart first (traded prices, events), then the CSV download, then stooq. */
export const LISTING_PROVIDERS: readonly PriceProvider[] = [yahooChart, yahooCsv, stooq];
/** Benchmarks: the same order. */
export const BENCHMARK_PROVIDERS: readonly PriceProvider[] = [yahooChart, yahooCsv, stooq];

/** The evidence for a listing's quote currency when its source names none: the market suffix. */
export const listingCurrency = currencyFromSuffix;
