import { ParseError } from '../../lib/errors.ts';
import type { BenchmarkBarInsert } from '../../schema/market-data.ts';
import type { PriceParseResult } from '../prices/types.ts';
import { toMajor } from '../prices/units.ts';
import type { BenchmarkSeed } from './registry-data.ts';

/**
 * A benchmark's bars from any price provider's output. An index or a future has no dividends or splits, so
 * the printed prices are the series (a yfinance "adjusted" export of one is the raw series). The currency
 * is the source's when it names one (chart meta), else the registry's; `close_major`/`currency_major` are
 * the close in the major unit (`USX` cents / 100 -> `USD`), equal to `close`/`currency` otherwise.
 * A source currency that contradicts the registry's is a ParseError: the unit would be a guess.
 */
export function benchmarkRows(
  parsed: PriceParseResult,
  entry: Pick<BenchmarkSeed, 'symbol' | 'currency'>,
  provenance: { source: string; fetchedAt: Date },
): { rows: BenchmarkBarInsert[]; warnings: string[] } {
  const currency = parsed.currency ?? entry.currency;
  if (parsed.currency && parsed.currency !== entry.currency)
    throw new ParseError(
      `${entry.symbol}: the source quotes in ${parsed.currency}, the registry says ${entry.currency}; fix the registry`,
      provenance.source,
    );
  const rows: BenchmarkBarInsert[] = [];
  for (const b of parsed.bars) {
    if (b.close === null) continue;
    const major = toMajor(b.close, currency);
    rows.push({
      symbol: entry.symbol,
      date: b.date,
      currency,
      open: b.open,
      high: b.high,
      low: b.low,
      close: b.close,
      volume: b.volume,
      closeMajor: major.value!,
      currencyMajor: major.currency!,
      source: provenance.source,
      fetchedAt: provenance.fetchedAt,
    });
  }
  return { rows, warnings: parsed.warnings };
}
