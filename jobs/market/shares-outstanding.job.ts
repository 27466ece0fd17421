import { ParseError } from '../../lib/errors.ts';
import { loadSharesOutstanding } from '../../loaders/market-caps.ts';
import { parseSharesOutstanding } from '../../parsers/xbrl/shares-outstanding.ts';
import type { SharesOutstandingInsert } from '../../schema/market-data.ts';
import { cikOf } from '../edgar/companies.job.ts';
import { companyFactsUrl } from '../edgar/financials.job.ts';
import { perCompanyPartitions } from '../edgar/universe.ts';
import type { DatasetJob } from '../types.ts';

interface Parsed {
  cik: string;
  rows: SharesOutstandingInsert[];
}

/** The financials job fetched the same companyfacts within this window: reuse its copy. */
const COMPANYFACTS_REUSE_MS = 24 * 3600_000;

/**
 * Shares outstanding (dataset `shares_outstanding`, the market caps' and short interest's share counts).
 * Partition `cik:<CIK>`: the company's companyfacts JSON (fetched once a day with the financials job),
 * its `dei:EntityCommonStockSharesOutstanding` facts as filed. A 404 (no XBRL) is not_found.
 */
export const sharesOutstandingJob: DatasetJob<Parsed> = {
  dataset: 'shares_outstanding',
  ...perCompanyPartitions,
  isFinal: false,
  async fetch(_ctx, key, fetcher) {
    return [await fetcher.get(companyFactsUrl(cikOf(key)), { maxAgeMs: COMPANYFACTS_REUSE_MS })];
  },
  parse(docs, key) {
    const doc = docs[0]!;
    const cik = cikOf(key);
    const r = parseSharesOutstanding(doc.bytes.toString('utf8'), doc.url);
    if (r.cik !== cik)
      throw new ParseError(`companyfacts for CIK ${r.cik} served for partition ${key}`, doc.url);
    const fetchedAt = new Date(doc.fetchedAt);
    return { rows: { cik, rows: r.rows.map((x) => ({ ...x, cik, fetchedAt })) }, warnings: r.warnings };
  },
  load(tx, parsed) {
    return loadSharesOutstanding(tx, parsed.cik, parsed.rows);
  },
};
