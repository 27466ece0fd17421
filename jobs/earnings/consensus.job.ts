import { UpstreamNotFoundError } from '../../lib/errors.ts';
import type { ConsensusRows } from '../../loaders/consensus.ts';
import { loadConsensus } from '../../loaders/consensus.ts';
import { sessionTime, symbolMarket } from '../../parsers/earnings/calendar-time.ts';
import { computeSurprise } from '../../parsers/earnings/consensus-surprise.ts';
import type { ConsensusModules } from '../../parsers/earnings/consensus-types.ts';
import { CONSENSUS_PROVIDERS } from '../../parsers/earnings/consensus-yahoo.ts';
import { priceSymbols } from '../market/listings.ts';
import type { DatasetJob, RawDocument } from '../types.ts';

/** Symbols with consensus files in the offline mirror (fixtures/upstream/CONSENSUS-FIXTURES.md). */
export const DEMO_CONSENSUS_SYMBOLS = ['AAPL', 'CRM', 'BABA', 'BFLY', 'OCDO.L'];

const symbolOf = (key: string) => key.replace(/^symbol:/, '');

/**
 * Analyst consensus and the next earnings date per listing symbol (dataset `consensus`, which also builds
 * `earnings_calendar`'s provider rows). Partition `symbol:<SYMBOL>`, the prices job's symbols (every active
 * listing of the universe; the demo's consensus symbols against the mirror). Each provider module is its own
 * request: a module the provider does not have (404) leaves the stored rows of that module; when it has
 * none of them the partition is not_found. Daily: the snapshot of the day is `as_of`.
 */
export const consensusJob: DatasetJob<ConsensusRows> = {
  dataset: 'consensus',
  async partitions(ctx, opts) {
    const symbols = new Set(await priceSymbols(ctx, opts));
    if (!opts.ticker && ctx.config.UPSTREAM === 'fixtures')
      for (const s of DEMO_CONSENSUS_SYMBOLS) symbols.add(s);
    return [...symbols].sort().map((s) => `symbol:${s}`);
  },
  async latestPartitions(ctx) {
    return this.partitions(ctx, {});
  },
  isFinal: false,
  async fetch(_ctx, key, fetcher) {
    const symbol = symbolOf(key);
    const provider = CONSENSUS_PROVIDERS[0]!;
    const docs: RawDocument[] = [];
    let missing: UpstreamNotFoundError | undefined;
    for (const url of provider.urls(symbol)) {
      try {
        docs.push(await fetcher.get(url));
      } catch (err) {
        if (!(err instanceof UpstreamNotFoundError)) throw err;
        missing = err;
      }
    }
    if (docs.length === 0) throw missing ?? new UpstreamNotFoundError(symbol);
    return docs;
  },
  parse(docs, key) {
    const symbol = symbolOf(key);
    const provider = CONSENSUS_PROVIDERS[0]!;
    const warnings: string[] = [];
    const fetchedAt = new Date(
      docs.reduce((a, d) => (d.fetchedAt > a ? d.fetchedAt : a), docs[0]!.fetchedAt),
    );
    const asOf = fetchedAt.toISOString().slice(0, 10);
    const out: ConsensusRows = {
      symbol,
      provider: provider.id,
      asOf,
      estimates: null,
      history: null,
      calendar: undefined,
    };
    for (const doc of docs) {
      const m: ConsensusModules = provider.parse(doc.bytes, doc.url);
      warnings.push(...m.warnings);
      if (m.notFound) {
        warnings.push(`${symbol}: ${m.notFound}`);
        continue;
      }
      const meta = { source: doc.url, fetchedAt: new Date(doc.fetchedAt) };
      if (m.estimates)
        out.estimates = m.estimates.map((e) => ({ symbol, provider: provider.id, asOf, ...e, ...meta }));
      if (m.history)
        out.history = m.history.map((h) => {
          const s = computeSurprise({
            actual: h.epsActual,
            actualBasis: h.actualBasis,
            actualCurrency: h.currency,
            estimate: h.epsEstimate,
            estimateBasis: h.estimateBasis,
            estimateCurrency: h.currency,
          });
          return {
            symbol,
            provider: provider.id,
            ...h,
            surprise: s.surprise,
            surprisePercent: s.surprisePercent,
            surpriseReason: s.reason,
            ...meta,
          };
        });
      if (m.calendar !== undefined) {
        const c = m.calendar;
        if (!c) out.calendar = null;
        else {
          const market = symbolMarket(symbol);
          const first = sessionTime(c.dates[0]!, market);
          const last = sessionTime(c.dates.at(-1)!, market);
          out.calendar = {
            symbol,
            provider: provider.id,
            date: first.date,
            dateEnd: c.dates.length > 1 ? last.date : null,
            // a window's instants are its bounds, not a time of day
            startsAt: c.confirmed ? c.dates[0]! : null,
            timeOfDay: c.confirmed ? first.timeOfDay : 'unknown',
            confirmed: c.confirmed,
            callAt: c.callAt,
            epsAvg: c.epsAvg,
            epsLow: c.epsLow,
            epsHigh: c.epsHigh,
            revenueAvg: c.revenueAvg,
            revenueLow: c.revenueLow,
            revenueHigh: c.revenueHigh,
            ...meta,
          };
        }
      }
    }
    return { rows: out, warnings };
  },
  load(tx, rows) {
    return loadConsensus(tx, rows);
  },
};
