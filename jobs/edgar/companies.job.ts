import { ParseError } from '../../lib/errors.ts';
import { loadRegistry } from '../../loaders/companies.ts';
import { parseCompanyTickers, parseCompanyTickersExchange } from '../../parsers/edgar/company-tickers.ts';
import { type RegistryRows, registryFromEntity, registryFromTickers } from '../../parsers/edgar/registry.ts';
import { parseSubmissions } from '../../parsers/edgar/submissions.ts';
import type { DatasetJob, RawDocument } from '../types.ts';
import { backfillCiks, cikKeys } from './universe.ts';

export const TICKERS_EXCHANGE_URL = 'https://www.sec.gov/files/company_tickers_exchange.json';
export const TICKERS_URL = 'https://www.sec.gov/files/company_tickers.json';
export const submissionsUrl = (cik: string) => `https://data.sec.gov/submissions/CIK${cik}.json`;

/** Submissions JSON fetched by the filings job within this window is reused instead of fetched again. */
const SUBMISSIONS_REUSE_MS = 6 * 3600_000;

interface Parsed {
  mode: 'tickers' | 'entity';
  registry: RegistryRows;
}

/**
 * Company registry: partition `tickers` is SEC's current ticker snapshot (every listed company, its
 * tickers and exchange); partition `cik:<CIK>` enriches one company from its submissions JSON (SIC,
 * location, fiscal year end, former names).
 */
export const companiesJob: DatasetJob<Parsed> = {
  dataset: 'companies',
  async partitions(ctx, opts) {
    const ciks = cikKeys(await backfillCiks(ctx, opts));
    return opts.cik || opts.ticker ? ciks : ['tickers', ...ciks];
  },
  async latestPartitions(ctx) {
    return this.partitions(ctx, {});
  },
  isFinal: false,
  async fetch(_ctx, key, fetcher) {
    if (key === 'tickers') return [await fetcher.get(TICKERS_EXCHANGE_URL), await fetcher.get(TICKERS_URL)];
    return [await fetcher.get(submissionsUrl(cikOf(key)), { maxAgeMs: SUBMISSIONS_REUSE_MS })];
  },
  parse(docs, key) {
    if (key === 'tickers') return parseTickers(docs);
    const doc = docs[0]!;
    const ctx = { url: doc.url, fetchedAt: doc.fetchedAt };
    const sub = parseSubmissions(doc.bytes.toString('utf8'), ctx);
    if (sub.entity.cik !== cikOf(key)) {
      throw new ParseError(`submissions for CIK ${sub.entity.cik} served for partition ${key}`, doc.url);
    }
    const registry = registryFromEntity(
      sub.entity,
      doc.fetchedAt.slice(0, 10),
      doc.url,
      new Date(doc.fetchedAt),
    );
    return { rows: { mode: 'entity', registry }, warnings: sub.warnings };
  },
  load(tx, rows) {
    return loadRegistry(tx, rows.registry, rows.mode);
  },
};

function parseTickers(docs: RawDocument[]): { rows: Parsed; warnings: string[] } {
  const [withExchange, plain] = docs as [RawDocument, RawDocument];
  const a = parseCompanyTickersExchange(withExchange.bytes.toString('utf8'), ctxOf(withExchange));
  const b = parseCompanyTickers(plain.bytes.toString('utf8'), ctxOf(plain));
  // The exchange file wins; tickers only the plain file lists are kept with an unknown exchange.
  const seen = new Set(a.rows.map((r) => `${r.cik}|${r.ticker}`));
  const entries = [...a.rows, ...b.rows.filter((r) => !seen.has(`${r.cik}|${r.ticker}`))];
  const registry = registryFromTickers(
    entries,
    withExchange.fetchedAt.slice(0, 10),
    withExchange.url,
    new Date(withExchange.fetchedAt),
  );
  return { rows: { mode: 'tickers', registry }, warnings: [...a.warnings, ...b.warnings] };
}

const ctxOf = (d: RawDocument) => ({ url: d.url, fetchedAt: d.fetchedAt });

export function cikOf(key: string): string {
  const m = /^cik:(\d{10})$/.exec(key);
  if (!m) throw new Error(`not a CIK partition: ${key}`);
  return m[1]!;
}
