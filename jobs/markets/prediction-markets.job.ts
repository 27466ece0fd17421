import { ParseError } from '../../lib/errors.ts';
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
 * `active=true&closed=false`), refreshed every five minutes. A market the listing no longer shows keeps its last
 * state. A venue with nothing at the address (the offline mirror holds no Kalshi file) is not_found.
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
    return [await fetcher.get(providerOf(key).url())];
  },
  parse(docs, key) {
    const p = providerOf(key);
    const doc = docs[0]!;
    const r = p.parse(doc.bytes, doc.url);
    return {
      rows: { provider: p.id, markets: r.markets, source: doc.url, fetchedAt: new Date(doc.fetchedAt) },
      warnings: r.warnings,
    };
  },
  load(tx, rows) {
    return loadPredictionMarkets(tx, rows.provider, rows.markets, rows);
  },
};
