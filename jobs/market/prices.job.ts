import { datasetDecl } from '../../lib/datasets.ts';
import { ParseError } from '../../lib/errors.ts';
import { loadListingPrices } from '../../loaders/market-data.ts';
import { LISTING_PROVIDERS, listingCurrency } from '../../parsers/prices/providers.ts';
import { type DailyBar, toListingBar } from '../../parsers/prices/types.ts';
import type { PriceBarInsert, PriceEventInsert } from '../../schema/market-data.ts';
import type { DatasetJob } from '../types.ts';
import { homeCikOf, priceSymbols } from './listings.ts';
import { fetchFirst, periodQuery, providerOf } from './providers.ts';

interface Parsed {
  symbol: string;
  bars: Omit<PriceBarInsert, 'companyId'>[];
  events: PriceEventInsert[];
}

/** A listing's parsed daily bars as price_bars rows (adjusted-only sources keep no traded values: toListingBar). */
export function listingBarRows(
  bars: DailyBar[],
  row: { symbol: string; market: string; source: string; fetchedAt: Date },
): Omit<PriceBarInsert, 'companyId'>[] {
  return bars.map(toListingBar).map((b) => ({
    symbol: row.symbol,
    date: b.date,
    market: row.market,
    currency: b.currency,
    open: b.open,
    high: b.high,
    low: b.low,
    close: b.close,
    adjClose: b.adjClose,
    volume: b.volume,
    source: row.source,
    fetchedAt: row.fetchedAt,
  }));
}

export const symbolOf = (key: string) => key.replace(/^symbol:/, '');

/** A symbol's market: its suffix (`TW`, `L`), or `US` for a US listing (a one-letter share class is not a market). */
export function marketOf(symbol: string): string {
  const dot = symbol.lastIndexOf('.');
  const suffix = dot > 0 ? symbol.slice(dot + 1).toUpperCase() : '';
  if (suffix === '' || suffix === 'US' || (suffix.length === 1 && !['L', 'F', 'T'].includes(suffix)))
    return 'US';
  return suffix;
}

/**
 * Daily prices per listing (dataset `market_data`, also the market caps). Partition `symbol:<SYMBOL>`: the
 * symbol's history from the dataset's window start (2025-07-14) to now, from the first provider that has
 * it (Yahoo chart, Yahoo CSV download, stooq: parsers/prices/providers.ts). The quote currency is the
 * source's (chart meta) or, for CSVs, the one the market suffix implies; `GBp` stays pence. Adjusted-only
 * sources give adj_close without a traded close. Loading recomputes the symbol's market caps, the
 * registry's market-cap fields and the company's valuation metrics in the same transaction.
 */
export const pricesJob: DatasetJob<Parsed> = {
  dataset: 'market_data',
  async partitions(ctx, opts) {
    return (await priceSymbols(ctx, opts)).map((s) => `symbol:${s}`);
  },
  async latestPartitions(ctx) {
    return this.partitions(ctx, {});
  },
  isFinal: false,
  async fetch(ctx, key, fetcher) {
    const from = datasetDecl('market_data').availableFrom ?? '2025-07-14';
    return fetchFirst(fetcher, LISTING_PROVIDERS, symbolOf(key), periodQuery(from, ctx.now));
  },
  parse(docs, key) {
    const symbol = symbolOf(key);
    const doc = docs[0]!;
    const provider = providerOf(LISTING_PROVIDERS, doc.url, symbol);
    const r = provider.parse(doc.bytes, { symbol, currency: listingCurrency(symbol), document: doc.url });
    if (r.notFound) return { rows: { symbol, bars: [], events: [] }, warnings: [`${symbol}: ${r.notFound}`] };
    if (r.symbol && r.symbol.toUpperCase() !== symbol.toUpperCase())
      throw new ParseError(`the source answered for ${r.symbol}, not ${symbol}`, doc.url);
    const fetchedAt = new Date(doc.fetchedAt);
    const market = marketOf(symbol);
    const bars = listingBarRows(r.bars, { symbol, market, source: doc.url, fetchedAt });
    const events = r.events.map((e) => ({
      symbol,
      date: e.date,
      kind: e.kind,
      amount: e.amount,
      numerator: e.numerator,
      denominator: e.denominator,
      source: doc.url,
    }));
    return { rows: { symbol, bars, events }, warnings: r.warnings };
  },
  load(tx, parsed) {
    return loadListingPrices(tx, parsed.symbol, homeCikOf(parsed.symbol), parsed.bars, parsed.events);
  },
};
