import { UpstreamNotFoundError } from '../../lib/errors.ts';
import type { PriceProvider } from '../../parsers/prices/providers.ts';
import type { Fetcher, RawDocument } from '../types.ts';

/**
 * Fetches a symbol from the first provider that has it: a 404 moves on to the next provider, so a second
 * provider fills the first one's gaps; when none has it the partition is not_found. Any other failure
 * (throttling, 5xx past the retries) stops here and is retried later: a transient error never silently
 * switches a symbol to another source.
 */
export async function fetchFirst(
  fetcher: Fetcher,
  providers: readonly PriceProvider[],
  symbol: string,
  query: string,
): Promise<RawDocument[]> {
  let last: UpstreamNotFoundError | undefined;
  for (const p of providers) {
    try {
      return [await fetcher.get(withQuery(p.url(symbol), query))];
    } catch (err) {
      if (!(err instanceof UpstreamNotFoundError)) throw err;
      last = err;
    }
  }
  throw last ?? new UpstreamNotFoundError(symbol);
}

/** Which provider a fetched document came from (a re-parse from the archive sees only the URL). */
export function providerOf(providers: readonly PriceProvider[], url: string, symbol: string): PriceProvider {
  const base = (u: string) => u.split('?')[0];
  const hit = providers.find((p) => base(p.url(symbol)) === base(url) || url.startsWith(p.url(symbol)));
  if (!hit) throw new Error(`no price provider serves ${url}`);
  return hit;
}

/** The chart API takes the window as period1/period2 (epoch seconds); the other providers ignore it. */
function withQuery(url: string, query: string): string {
  if (!query || !url.includes('/v8/finance/chart/')) return url;
  return url.replace(/range=[^&]*/, query);
}

export const periodQuery = (from: string, now: Date) =>
  `period1=${Math.floor(Date.parse(`${from}T00:00:00Z`) / 1000)}&period2=${Math.floor(now.getTime() / 1000)}`;
