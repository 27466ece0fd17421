/**
 * The one table of minor currency units. Exchanges quote some instruments in hundredths of a currency:
 * US cents (`USX`: CBOT grains, softs and livestock), pence (`GBp`/`GBX` on the LSE), South African cents
 * (`ZAc`), Israeli agorot (`ILA`). The lookup is case-sensitive on purpose: `GBp` (pence) and `GBP`
 * (pounds) differ only in case, and a case-insensitive lookup would be a 100x error.
 */
export const MINOR_UNITS: Readonly<Record<string, { major: string; divisor: number }>> = {
  USX: { major: 'USD', divisor: 100 },
  USc: { major: 'USD', divisor: 100 },
  GBp: { major: 'GBP', divisor: 100 },
  GBX: { major: 'GBP', divisor: 100 },
  ZAc: { major: 'ZAR', divisor: 100 },
  ILA: { major: 'ILS', divisor: 100 },
};

/** A figure in `currency` converted to its major unit; unchanged when the currency is already major. */
export function toMajor(
  value: number | null,
  currency: string | null,
): { value: number | null; currency: string | null } {
  const unit = currency ? MINOR_UNITS[currency] : undefined;
  if (!unit) return { value, currency };
  return { value: value === null ? null : value / unit.divisor, currency: unit.major };
}

/**
 * The quote currency a market suffix implies, for sources that name no currency (CSVs). Only markets whose
 * every listing quotes in one currency are here: the LSE (`.L`) quotes in pence, pounds or dollars by
 * listing, so a `.L` symbol's currency must come from the source (the chart's meta) and is otherwise null.
 */
const SUFFIX_CURRENCY: Readonly<Record<string, string>> = {
  '': 'USD',
  US: 'USD',
  TW: 'TWD',
  TWO: 'TWD',
  KS: 'KRW',
  KQ: 'KRW',
  T: 'JPY',
  HK: 'HKD',
  DE: 'EUR',
  PA: 'EUR',
  AS: 'EUR',
};

export function currencyFromSuffix(symbol: string): string | null {
  const dot = symbol.lastIndexOf('.');
  const suffix = dot > 0 ? symbol.slice(dot + 1).toUpperCase() : '';
  const known = SUFFIX_CURRENCY[suffix];
  if (known) return known;
  // a share-class dot (BRK.B) is not a market suffix; London and Frankfurt are, with mixed currencies
  return suffix.length === 1 && suffix !== 'L' && suffix !== 'F' ? 'USD' : null;
}
