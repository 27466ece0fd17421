import { ParseError } from '../../lib/errors.ts';
import { loadCompanyFacts } from '../../loaders/financials.ts';
import { parseCompanyFactsFromSubmissions } from '../../parsers/xbrl/company-facts.ts';
import type { CompanyFactsInsert } from '../../schema/financials.ts';
import type { DatasetJob } from '../types.ts';
import { cikOf, submissionsUrl } from './companies.job.ts';
import { perCompanyPartitions } from './universe.ts';

/** Submissions JSON fetched by the companies or filings job within this window is reused. */
const SUBMISSIONS_REUSE_MS = 6 * 3600_000;

interface Parsed {
  cik: string;
  /** One row, or none when the CIK has no filing (an array so the pipeline counts it). */
  rows: CompanyFactsInsert[];
}

/**
 * Company facts (spec 2.5, 13 fields). Partition `cik:<CIK>`: the company's submissions JSON. A CIK
 * without any filing gives no row (the route answers 404 for it); a 404 from SEC is recorded not_found.
 */
export const companyFactsJob: DatasetJob<Parsed> = {
  dataset: 'company_facts',
  ...perCompanyPartitions,
  isFinal: false,
  async fetch(_ctx, key, fetcher) {
    return [await fetcher.get(submissionsUrl(cikOf(key)), { maxAgeMs: SUBMISSIONS_REUSE_MS })];
  },
  parse(docs, key) {
    const doc = docs[0]!;
    const cik = cikOf(key);
    const r = parseCompanyFactsFromSubmissions(doc.bytes.toString('utf8'), { document: doc.url });
    if (!r.found) return { rows: { cik, rows: [] }, warnings: [`${doc.url}: ${r.reason}`] };
    if (r.company_facts.cik !== cik)
      throw new ParseError(`submissions for CIK ${r.company_facts.cik} served for partition ${key}`, doc.url);
    const row = { cik, facts: r.company_facts, sourceUrl: doc.url, fetchedAt: new Date(doc.fetchedAt) };
    return { rows: { cik, rows: [row] }, warnings: [] };
  },
  load(tx, parsed) {
    return loadCompanyFacts(tx, parsed.cik, parsed.rows[0] ?? null);
  },
};
