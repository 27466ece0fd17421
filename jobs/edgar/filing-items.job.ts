import { ParseError, UpstreamNotFoundError } from '../../lib/errors.ts';
import { filingFolderUrl } from '../../lib/ids.ts';
import { type FilingItemsRows, loadFilingItems } from '../../loaders/filing-items.ts';
import type { FilingIndexPage } from '../../parsers/edgar/filing-index-page.ts';
import { parseFiling, readFilingIndexPage, wantsExhibitBody } from '../../parsers/edgar/filing-items.ts';
import { getIfExists } from '../fetcher.ts';
import type { DatasetJob, Fetcher, RawDocument } from '../types.ts';
import { accessionOf, filingRow, perFilingPartitions } from './filing-partitions.ts';

/** The filing types whose documents are split into items (spec 4.2), amendments included. */
export const ITEM_FILING_TYPES = ['10-K', '10-Q', '8-K', '10-K/A', '10-Q/A', '8-K/A'];

/**
 * Filing items: one partition per 10-K, 10-Q or 8-K (`acc:<accession>`, amendments and historical
 * spellings included through `filing_type`) in the filing index for the CIK universe, newest first.
 *
 * fetch: the full-text submission `<accession>.txt` in the filing folder. It is the one upstream document
 * that carries every document of the filing with its EDGAR type and description, so the primary document is
 * picked by type and exhibits are numbered from their type (EX-99.1 -> 99.1) in a single request. The
 * folder's `index.json` lists only file names, sizes and icons (no document type), so it cannot number
 * exhibits and would cost extra requests per exhibit. When the `.txt` is missing, the filing's detail page
 * (`<accession>-index.html`) names the primary document and each exhibit with its type: the primary document
 * and the text exhibits (at most MAX_EXHIBIT_FETCHES; XBRL, images and PDFs are listed, not fetched) come
 * from there. Without that page, a primary document named by the index row (submissions JSON) is fetched
 * alone: items, but no exhibit list. A filing with none of these is a 404: recorded `not_found`.
 */
export const filingItemsJob: DatasetJob<FilingItemsRows> = {
  dataset: 'filing_items',
  ...perFilingPartitions(ITEM_FILING_TYPES),
  // An accepted EDGAR filing never changes; a parser fix is applied with `etl reparse filing_items`.
  isFinal: true,
  async fetch(ctx, key, fetcher) {
    const row = await filingRow(ctx, key);
    const accession = row.accession;
    const folder = filingFolderUrl(row.cik, accession);
    const txt = await getIfExists(fetcher, `${folder}${accession}.txt`);
    if (txt) return [txt];
    const listed = await throughIndexPage(fetcher, row.cik, accession);
    if (listed) return listed;
    if (!row.primaryDocument) throw new UpstreamNotFoundError(`${folder}${accession}.txt`);
    return [await fetcher.get(folder + row.primaryDocument)];
  },
  parse(docs, key) {
    // By role, not position: the raw archive numbers documents in fetch order (the index page first), and
    // a re-parse reads them back in that order.
    const index = docs.find((d) => INDEX_PAGE.test(d.url));
    const page = index ? readFilingIndexPage(index) : null;
    const primaryUrl = page?.primary?.url ? SEC_WWW + page.primary.url : null;
    const doc = docs.find((d) => d.url === primaryUrl) ?? docs.find((d) => d !== index)!;
    const listing =
      index && page
        ? { index: { url: index.url, page }, exhibits: docs.filter((d) => d !== index && d !== doc) }
        : undefined;
    const filing = parseFiling(doc, accessionOf(key), undefined, listing);
    return { rows: { filing, sha256: doc.sha256, fetchedAt: doc.fetchedAt }, warnings: filing.warnings };
  },
  load(tx, rows) {
    return loadFilingItems(tx, rows);
  },
};

const SEC_WWW = 'https://www.sec.gov';
const INDEX_PAGE = /-index\.html?$/;
/** Exhibit bodies fetched per filing through its detail page (a 10-K rarely has more text exhibits). */
const MAX_EXHIBIT_FETCHES = 30;

/**
 * [primary document, detail page, exhibit bodies...] through the filing's detail page, or null when the page
 * is missing or names no primary file (pre-2001 filings exist only as the `.txt`).
 */
async function throughIndexPage(
  fetcher: Fetcher,
  cik: number,
  accession: string,
): Promise<RawDocument[] | null> {
  const index = await getIfExists(fetcher, `${SEC_WWW}/Archives/edgar/data/${cik}/${accession}-index.html`);
  if (!index) return null;
  // Only reads which files to fetch; parse() reads the page again, purely, for the exhibit list. A page
  // that cannot be read is no way in (retrying would fetch the same bytes): fall back as if it were missing.
  let page: FilingIndexPage;
  try {
    page = readFilingIndexPage(index);
  } catch (err) {
    if (err instanceof ParseError) return null;
    throw err;
  }
  if (!page.primary?.url) return null;
  const primary = await fetcher.get(SEC_WWW + page.primary.url);
  const exhibits: RawDocument[] = [];
  for (const e of page.exhibits) {
    if (!e.url || !wantsExhibitBody(e.type!, e.url) || exhibits.length >= MAX_EXHIBIT_FETCHES) continue;
    const doc = await getIfExists(fetcher, SEC_WWW + e.url); // a missing body: listed without it (parse warns)
    if (doc) exhibits.push(doc);
  }
  return [primary, index, ...exhibits];
}
