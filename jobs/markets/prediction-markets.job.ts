import { ParseError, UpstreamNotFoundError } from '../../lib/errors.ts';
import { loadPredictionMarkets } from '../../loaders/prediction-markets.ts';
import { kalshi } from '../../parsers/markets/kalshi.ts';
import { polymarket } from '../../parsers/markets/polymarket.ts';
import type { MarketProvider, ParsedMarket } from '../../parsers/markets/types.ts';
import type { DatasetJob } from '../types.ts';

export const MARKET_PROVIDERS: readonly MarketProvider[] = [kalshi, polymarket];

interface Parsed {
  provider: string;
  markets: ParsedMarket[];
  source: string;
  /** The listing each market was read from, when not `source` (the resolved listing). */
  sourceOf: Record<string, string>;
  fetchedAt: Date;
}

const providerOf = (key: string) => {
  const p = MARKET_PROVIDERS.find((x) => `venue:${x.id}` === key);
  if (!p) throw new ParseError(`unknown prediction-market venue partition ${key}`);
  return p;
};

/**
 * Prediction markets (dataset `prediction_markets`, also building `earnings_markets`' company links).
 * Partition `venue:<id>`: one page of the venue's open markets (Kalshi `status=open`, Polymarket
 * `active=true&closed=false`) and, when the venue answers it, one page of its recently resolved ones (Kalshi
 * `status=settled`, Polymarket `closed=true` newest end first), so a market that left the open list gets its
 * outcome; refreshed every five minutes. A market neither listing shows keeps its last state. A venue with nothing at the address (the offline mirror holds no Kalshi file) is not_found.
 */
export const predictionMarketsJob: DatasetJob<Parsed> = {
  dataset: 'prediction_markets',
  async partitions() {
    return MARKET_PROVIDERS.map((p) => `venue:${p.id}`);
  },
  async latestPartitions() {
    return MARKET_PROVIDERS.map((p) => `venue:${p.id}`);
  },
  isFinal: false,
  async fetch(_ctx, key, fetcher) {
    const p = providerOf(key);
    const docs = [await fetcher.get(p.url())];
    try {
      docs.push(await fetcher.get(p.resolvedUrl()));
    } catch (err) {
      // the resolved listing is a complement: a venue (or the mirror) without it leaves the open list alone
      if (!(err instanceof UpstreamNotFoundError)) throw err;
    }
    return docs;
  },
  parse(docs, key) {
    const p = providerOf(key);
    const byId = new Map<string, ParsedMarket>();
    const sourceOf: Record<string, string> = {};
    const warnings: string[] = [];
    // the resolved listing comes second: a market in both is taken in its resolved state
    for (const doc of docs) {
      const r = p.parse(doc.bytes, doc.url);
      warnings.push(...r.warnings);
      for (const m of r.markets) {
        byId.set(m.marketId, m);
        sourceOf[m.marketId] = doc.url;
      }
    }
    const open = docs[0]!;
    return {
      rows: {
        provider: p.id,
        markets: [...byId.values()],
        source: open.url,
        sourceOf,
        fetchedAt: new Date(open.fetchedAt),
      },
      warnings,
    };
  },
  load(tx, rows) {
    return loadPredictionMarkets(tx, rows.provider, rows.markets, rows);
  },
};
