import { ParseError, UpstreamNotFoundError } from '../../lib/errors.ts';
import { loadFinancialStatements } from '../../loaders/financials.ts';
import { applyValuations } from '../../loaders/valuations.ts';
import { financialStatementRows } from '../../parsers/xbrl/financials.ts';
import type { FinancialStatementInsert } from '../../schema/financials.ts';
import type { DatasetJob, RawDocument } from '../types.ts';
import { cikOf, submissionsUrl } from './companies.job.ts';
import { perCompanyPartitions } from './universe.ts';

export const companyFactsUrl = (cik: string) => `https://data.sec.gov/api/xbrl/companyfacts/CIK${cik}.json`;
/** SEC's nightly bulk file of every companyfacts JSON (`etl backfill financials --bulk`, financials-bulk.ts). */
export const COMPANYFACTS_ZIP_URL = 'https://www.sec.gov/Archives/edgar/daily-index/xbrl/companyfacts.zip';

/** A companyfacts document: fetched per company, or an entry of the bulk zip (`<zip url>#CIK….json`). */
const isCompanyFacts = (url: string) =>
  url.includes('/api/xbrl/companyfacts/') || url.startsWith(`${COMPANYFACTS_ZIP_URL}#`);

/** The SIC code only picks the industry mapping (banks, insurers, REITs, utilities): a day-old copy will do. */
const SUBMISSIONS_REUSE_MS = 24 * 3600_000;

interface Parsed {
  cik: number;
  rows: FinancialStatementInsert[];
}

/**
 * Standardized statements and metrics (dataset `financials`, also serving `financial_metrics`).
 * Partition `cik:<CIK>`: the company's companyfacts JSON (a 404 means the company files no XBRL: recorded
 * not_found), plus its submissions JSON when there is one, for the SIC code. Every version of every row is
 * derived from the whole document (parsers/xbrl/financials.ts), so a re-run is a no-op and a corrected
 * fact rewrites exactly the versions it changes. `etl backfill financials --bulk` loads the same partitions
 * from SEC's nightly companyfacts.zip (financials-bulk.ts).
 */
export const financialsJob: DatasetJob<Parsed> = {
  dataset: 'financials',
  ...perCompanyPartitions,
  isFinal: false,
  async fetch(_ctx, key, fetcher) {
    const cik = cikOf(key);
    const facts = await fetcher.get(companyFactsUrl(cik));
    try {
      return [facts, await fetcher.get(submissionsUrl(cik), { maxAgeMs: SUBMISSIONS_REUSE_MS })];
    } catch (err) {
      if (err instanceof UpstreamNotFoundError) return [facts];
      throw err;
    }
  },
  parse(docs, key) {
    // the newest companyfacts document (a re-parse may see a bulk entry and a later per-company fetch)
    const facts =
      docs
        .filter((d) => isCompanyFacts(d.url))
        .sort((a, b) => (a.fetchedAt < b.fetchedAt ? 1 : a.fetchedAt > b.fetchedAt ? -1 : 0))[0] ?? docs[0]!;
    const { sic, warnings } = sicOf(docs.find((d) => d.url.includes('/submissions/')));
    const r = financialStatementRows(facts.bytes.toString('utf8'), {
      fetchedAt: facts.fetchedAt,
      document: facts.url,
      ...(sic ? { sic } : {}),
    });
    if (r.cik !== Number(cikOf(key)))
      throw new ParseError(`companyfacts for CIK ${r.cik} served for partition ${key}`, facts.url);
    return { rows: { cik: r.cik, rows: r.rows }, warnings: [...warnings, ...r.warnings] };
  },
  async load(tx, parsed) {
    const r = await loadFinancialStatements(tx, parsed.cik, parsed.rows);
    await applyValuations(tx, parsed.cik); // the eight valuation metrics from our market caps
    return r;
  },
};

/** The SIC code from submissions JSON; an unreadable copy only costs the industry mapping (a warning). */
function sicOf(doc: RawDocument | undefined): { sic?: string; warnings: string[] } {
  if (!doc) return { warnings: [] };
  try {
    const sic = (JSON.parse(doc.bytes.toString('utf8')) as { sic?: unknown }).sic;
    return typeof sic === 'string' && /^\d{3,4}$/.test(sic) ? { sic, warnings: [] } : { warnings: [] };
  } catch {
    return { warnings: [`${doc.url} is not JSON; statements built without the SIC industry mapping`] };
  }
}
