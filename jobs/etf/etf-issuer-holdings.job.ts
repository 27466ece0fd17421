import type { Config } from '../../lib/config.ts';
import { ParseError } from '../../lib/errors.ts';
import { type EtfIssuerHoldingsDoc, loadEtfIssuerHoldings } from '../../loaders/etf-issuer-holdings.ts';
import { parseIssuerHoldings } from '../../parsers/etf/issuer-holdings.ts';
import type { DatasetJob } from '../types.ts';

/** An ETF whose issuer publishes a daily holdings file, and that file's address. */
export interface IssuerHoldingsSource {
  fundTicker: string;
  url: string;
}

/** The issuers' own download addresses: the file behind each always holds the latest published day. */
export const ISSUER_HOLDINGS_SOURCES: readonly IssuerHoldingsSource[] = [
  {
    fundTicker: 'IVV',
    url: 'https://www.ishares.com/us/products/239726/ishares-core-sp-500-etf/1467271812596.ajax?fileType=csv&fileName=IVV_holdings&dataType=fund',
  },
  {
    fundTicker: 'SPY',
    url: 'https://www.ssga.com/us/en/intermediary/etfs/library-content/products/fund-data/etfs/us/holdings-daily-us-en-spy.xlsx',
  },
];

const GH = 'https://raw.githubusercontent.com';
/**
 * The offline mirror's captures of the same files (fixtures/upstream/FUNDS-FIXTURES.md): real downloads of
 * past days, committed in public repositories, served at the address they were captured from.
 */
export const DEMO_ISSUER_HOLDINGS_SOURCES: readonly IssuerHoldingsSource[] = [
  {
    fundTicker: 'IVV',
    url: `${GH}/martinbel/shiny-python/0290b7a5a29d8b45d4c5c51a3b997d83b22b0ada/IVV_holdings.csv`,
  },
  {
    fundTicker: 'SPY',
    url: `${GH}/onlyspx/ohlc-view/19748dcdeece405233775f45b0656b50065456c7/holdings-daily-us-en-spy.xlsx`,
  },
];

export function issuerHoldingsSources(config: Pick<Config, 'UPSTREAM'>): readonly IssuerHoldingsSource[] {
  return config.UPSTREAM === 'fixtures' ? DEMO_ISSUER_HOLDINGS_SOURCES : ISSUER_HOLDINGS_SOURCES;
}

const fundOf = (key: string) => key.replace(/^fund:/, '');

/**
 * ETF issuers' daily holdings (dataset `etf_issuer_holdings`, docs/funds.md "ETF issuer daily holdings").
 * Partition `fund:<ticker>`: the issuer's file for that ETF, which always holds its latest published day, so
 * a partition is never final and each daily run adds that day's rows (the as-of date the file states).
 * fetch -> parse (parsers/etf/issuer-holdings.ts, pure; not a holdings file is a ParseError, quarantined) ->
 * load (loaders/etf-issuer-holdings.ts, idempotent).
 */
export const etfIssuerHoldingsJob: DatasetJob<EtfIssuerHoldingsDoc> = {
  dataset: 'etf_issuer_holdings',
  async partitions(ctx, opts) {
    const only = (opts.ticker ?? '')
      .split(',')
      .map((t) => t.trim().toUpperCase())
      .filter(Boolean);
    return issuerHoldingsSources(ctx.config)
      .filter((s) => only.length === 0 || only.includes(s.fundTicker))
      .map((s) => `fund:${s.fundTicker}`);
  },
  async latestPartitions(ctx) {
    return this.partitions(ctx, {});
  },
  isFinal: false,
  async fetch(ctx, key, fetcher) {
    const source = issuerHoldingsSources(ctx.config).find((s) => s.fundTicker === fundOf(key));
    if (!source) throw new Error(`${key}: no issuer holdings source for this fund`);
    return [await fetcher.get(source.url)];
  },
  parse(docs, key) {
    const doc = docs[0]!;
    const fundTicker = fundOf(key);
    const file = parseIssuerHoldings(doc.bytes, doc.url);
    if (file.fundTicker && file.fundTicker.toUpperCase() !== fundTicker)
      throw new ParseError(`the file is ${file.fundTicker}'s holdings, not ${fundTicker}'s`, doc.url);
    return {
      rows: { fundTicker, file, sourceUrl: doc.url, sha256: doc.sha256, fetchedAt: new Date(doc.fetchedAt) },
      warnings: file.warnings,
    };
  },
  load(tx, doc) {
    return loadEtfIssuerHoldings(tx, doc);
  },
};
