/**
 * What every price provider's parser returns: one bar per symbol and local trading date, as the source
 * quotes it, plus the corporate events the source reports. Values are numbers in the listing's quote
 * currency (`currency` exactly as the source spells it: `GBp` is pence, `USX` US cents), never converted.
 *
 * `close` is the traded close (split-adjusted by Yahoo, which restates history on a split, but never
 * dividend-adjusted); `adj_close` is the close adjusted for splits and dividends as of the fetch. A source
 * that only gives adjusted prices (stooq, yfinance auto_adjust exports) marks its bars `adjusted`.
 */
export interface DailyBar {
  symbol: string;
  /** Local trading date at the exchange, `YYYY-MM-DD`. */
  date: string;
  currency: string | null;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
  adjClose: number | null;
  volume: number | null;
  /**
   * The printed open/high/low/close are themselves adjusted for later dividends and splits (stooq, yfinance
   * auto_adjust): the traded prices are not recoverable from the file, see toListingBar.
   */
  adjusted: boolean;
}

export interface PriceEvent {
  symbol: string;
  date: string;
  kind: 'dividend' | 'split';
  /** Dividend per share in the quote currency. */
  amount: number | null;
  /** Split ratio numerator:denominator (4:1 -> 4, 1). */
  numerator: number | null;
  denominator: number | null;
}

export interface PriceParseResult {
  /** Which format the bytes were (chart-json, yahoo-csv, yfinance-history, yfinance-download, stooq, stooq-bulk). */
  format: string;
  symbol: string;
  currency: string | null;
  bars: DailyBar[];
  events: PriceEvent[];
  /** Set when the source answered that it has no such symbol (the chart's error JSON). */
  notFound: string | null;
  warnings: string[];
}

/**
 * Yahoo serializes prices as float32 (464.70001220703125 for 464.7): print the shortest decimal that is
 * the same float32. A value that is not exactly a float32 is a real double and is kept as given.
 */
export function cleanFloat(x: number): number {
  if (!Number.isFinite(x) || Math.fround(x) !== x || Number.isInteger(x)) return x;
  for (let p = 1; p <= 9; p++) {
    const y = Number(x.toPrecision(p));
    if (Math.fround(y) === x) return y;
  }
  return x;
}

/**
 * A company listing's bar as stored: an adjusted-only bar keeps its close as `adj_close` and leaves the
 * traded open/high/low/close null (adjusted figures are never stored as traded ones; market cap needs the
 * traded close). Indices and futures have no corporate actions, so benchmarks use the printed values.
 */
export function toListingBar(b: DailyBar): DailyBar {
  if (!b.adjusted) return b;
  return { ...b, open: null, high: null, low: null, close: null, adjClose: b.adjClose ?? b.close };
}
