import { eq } from 'drizzle-orm';
import { loadProxyStatement, type ProxyRows } from '../../loaders/proxy-statements.ts';
import { parseProxyStatement } from '../../parsers/edgar/def14a.ts';
import { isSubmissionText, parseSubmissionText } from '../../parsers/edgar/filing-document.ts';
import { filings } from '../../schema/filings.ts';
import { accessionOf, perFilingPartitions } from '../edgar/filing-partitions.ts';
import type { DatasetJob } from '../types.ts';
import { fetchSubmission, ownershipFilingRef, withDemo } from './partitions.ts';

/** Spec 8.3: executive compensation from fiscal year 2000 (the Summary Compensation Table era). */
const EARLIEST = '2000-01-01';

/**
 * DEF 14A proxy statements of the universe since 2000, one partition per filing: the Summary Compensation
 * Table (`executive_compensation`) and the beneficial-ownership table (`proxy_ownership`, built by this
 * job). A proxy without HTML tables (plain text) gives its ownership table only (parsers/edgar/def14a-text.ts);
 * one without an ownership table in its text is a ParseError: quarantined.
 */
export const proxyStatementsJob: DatasetJob<ProxyRows> = {
  dataset: 'executive_compensation',
  ...withDemo(perFilingPartitions(['DEF 14A'], EARLIEST), 'executive_compensation'),
  isFinal: true,
  async fetch(ctx, key, fetcher) {
    return fetchSubmission(fetcher, await ownershipFilingRef(ctx, key, 'executive_compensation'));
  },
  parse(docs, key) {
    const doc = docs[0]!;
    const text = doc.bytes.toString('utf8');
    const statement = parseProxyStatement(text, doc.url);
    const header = isSubmissionText(text) ? parseSubmissionText(text).header : null;
    // the Archives folder names the CIK the filing was fetched under; a `doc:<cik>:<url>` key names it
    const docKey = /^doc:(\d+):/.exec(key);
    const cik = Number(
      docKey?.[1] ?? /\/Archives\/edgar\/data\/(\d+)\//.exec(doc.url)?.[1] ?? header?.cik ?? 0,
    );
    return {
      rows: {
        statement,
        sourceId: docKey ? `url:${doc.url}` : accessionOf(key),
        cik,
        filingDate: header?.filedAt ?? null,
        url: doc.url,
        sha256: doc.sha256,
        fetchedAt: doc.fetchedAt,
      },
      warnings: statement.warnings,
    };
  },
  async load(tx, rows) {
    if (!rows.cik) throw new Error(`${rows.sourceId}: no CIK for the proxy statement`);
    if (rows.filingDate) return loadProxyStatement(tx, rows);
    const [index] = await tx
      .select({ filingDate: filings.filingDate })
      .from(filings)
      .where(eq(filings.accessionNumber, rows.sourceId))
      .limit(1);
    return loadProxyStatement(tx, { ...rows, filingDate: index?.filingDate ?? null });
  },
};
