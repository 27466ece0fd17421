import { ParseError, UpstreamNotFoundError } from '../../lib/errors.ts';
import { filingFolderUrl } from '../../lib/ids.ts';
import { loadFinancialSegments, type SegmentFilingRows } from '../../loaders/financial-segments.ts';
import { xbrlFilesOf } from '../../parsers/xbrl/filing-index.ts';
import { parseInstance } from '../../parsers/xbrl/instance.ts';
import { parseLabels } from '../../parsers/xbrl/labels.ts';
import { buildSegments } from '../../parsers/xbrl/segments.ts';
import { getIfExists } from '../fetcher.ts';
import type { DatasetJob, RawDocument } from '../types.ts';
import { accessionOf, filingRow, perFilingPartitions } from './filing-partitions.ts';

/** Reports with segment notes: annual (10-K, 20-F) and quarterly (10-Q), amendments included. */
export const SEGMENT_FILING_TYPES = ['10-K', '10-K/A', '10-Q', '10-Q/A', '20-F'];
/** XBRL phase-in began with periods after June 2009; nothing older has an instance. */
const XBRL_FROM = '2009-01-01';
/** Inline XBRL was allowed from June 2016: only later primary documents can be the instance themselves. */
const INLINE_FROM = '2016-06-13';

/** The filing has an index but no XBRL instance (a small company's 2009-2011 report): nothing to load. */
class NoInstanceError extends UpstreamNotFoundError {
  constructor(url: string, why: string) {
    super(url);
    this.message = `${url}: ${why}`;
  }
}

/**
 * Segment financials: one partition per 10-K, 10-Q or 20-F of the universe's filing index (`acc:<accession>`,
 * amendments included), newest first.
 *
 * fetch: the filing folder's `index.json` names the instance (EDGAR's `_htm.xml` extract of an inline
 * filing, which also holds facts tagged in exhibits such as IBM's EX-13, or a pre-inline `.xml`) and the
 * label linkbase (the company's own segment names). Without an index.json (the offline mirror keeps only
 * some documents), an inline-era primary document is fetched and parsed as the instance itself. A missing
 * folder, document or instance is `not_found`; a missing label linkbase only costs the labels.
 *
 * Rows: every period of the filing's own grain (the current one and its comparatives), versions known from
 * the filing date, so a later recast is a new version and `as_of` still sees what was filed first.
 */
export const financialSegmentsJob: DatasetJob<SegmentFilingRows> = {
  dataset: 'financial_segments',
  ...perFilingPartitions(SEGMENT_FILING_TYPES, XBRL_FROM),
  // An accepted filing never changes; a parser fix is applied with `etl reparse financial_segments`.
  isFinal: true,
  async fetch(ctx, key, fetcher) {
    const row = await filingRow(ctx, key);
    const accession = row.accession;
    const folder = filingFolderUrl(row.cik, accession);
    const index = await getIfExists(fetcher, `${folder}index.json`);
    if (index) {
      const files = xbrlFilesOf(index.bytes.toString('utf8'), { document: index.url });
      if (!files.instance) throw new NoInstanceError(index.url, 'the filing has no XBRL instance');
      const instance = await fetcher.get(folder + files.instance);
      const labels = files.labels ? await getIfExists(fetcher, folder + files.labels) : null;
      return labels ? [instance, labels] : [instance];
    }
    const primary = row.primaryDocument;
    if (!primary || !/\.html?$/i.test(primary) || row.filingDate < INLINE_FROM)
      throw new NoInstanceError(
        `${folder}index.json`,
        'no index.json, and no inline primary document to use',
      );
    const doc = await fetcher.get(folder + primary);
    if (!/<ix:header/i.test(doc.bytes.toString('latin1')))
      throw new NoInstanceError(doc.url, 'no index.json, and the primary document is not inline XBRL');
    return [doc];
  },
  parse(docs, key) {
    const accession = accessionOf(key);
    const labelDoc = docs.find((d) => d.url.endsWith('_lab.xml'));
    const instanceDoc = docs.find((d) => d !== labelDoc && !d.url.endsWith('/index.json'));
    if (!instanceDoc) throw new ParseError('no instance document among the fetched files', key);
    const doc = parseInstance(instanceDoc.bytes.toString('utf8'), { document: instanceDoc.url });
    const warnings = [...doc.warnings];
    let labels: Map<string, string> | undefined;
    if (labelDoc) {
      try {
        labels = parseLabels(labelDoc.bytes.toString('utf8'), { document: labelDoc.url });
      } catch (err) {
        if (!(err instanceof ParseError)) throw err;
        warnings.push(`${err.message}: labels from member names instead`);
      }
    }
    const cik = cikOf(instanceDoc, doc.dei.EntityCentralIndexKey);
    const r = buildSegments(
      doc,
      { accession_number: accession, filing_url: filingFolderUrl(cik, accession) },
      labels,
    );
    warnings.push(...r.warnings);
    return { rows: { accession, cik, rows: r.rows, fetchedAt: instanceDoc.fetchedAt }, warnings };
  },
  load(tx, rows) {
    return loadFinancialSegments(tx, rows);
  },
};

/** The instance's own entity (the parent in a combined filing), else the filer whose folder served it. */
function cikOf(doc: RawDocument, deiCik: string | undefined): number {
  if (deiCik && /^\d{1,10}$/.test(deiCik.trim())) return Number(deiCik);
  const m = /\/Archives\/edgar\/data\/(\d+)\//.exec(doc.url);
  if (!m) throw new ParseError('no dei:EntityCentralIndexKey and no CIK in the document URL', doc.url);
  return Number(m[1]);
}
