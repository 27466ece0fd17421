import { XMLParser } from 'fast-xml-parser';
import { ParseError } from '../../lib/errors.ts';
import { filingFolderUrl } from '../../lib/ids.ts';
import type { FilingInsert } from '../../schema/filings.ts';
import { decodeFeed } from '../news/feed.ts';
import type { ParseContext } from '../types.ts';
import { canonicalFilingType } from './form-types.ts';

/**
 * EDGAR's latest-filings Atom feed (`cgi-bin/browse-edgar?action=getcurrent&output=atom`), newest first.
 * Its format, as every captured page shows (2016, 2018 and 2025):
 * - one `<entry>` per filer role of a filing: the same accession appears under `(Filer)`, `(Issuer)`,
 *   `(Reporting)`, `(Subject)` or `(Filed by)`, each with that filer's CIK in the title
 *   (`4 - Hinge Health, Inc. (0001673743) (Issuer)`) and that CIK's folder in the link;
 * - the accession number in `<id>` (`urn:tag:sec.gov,2008:accession-number=...`), the form type in
 *   `<category term>`, the filing date and the 8-K item codes in the HTML-escaped `<summary>`
 *   (`Filed: 2025-12-12 AccNo: ... Item 2.02: Results of ...`);
 * - `<updated>`: EDGAR's acceptance time with its Eastern offset (`2025-12-12T18:02:43-05:00`).
 * A page that is not Atom (EDGAR answers an HTML "File Unavailable" page past start≈5000) is a ParseError.
 */
export interface CurrentFeedEntry {
  accession: string;
  cik: number;
  companyName: string;
  role: string | null;
  form: string;
  filingDate: string;
  acceptedAt: Date | null;
  /** 8-K item codes as the summary lists them (`2.02,9.01`, the submissions JSON's spelling), or null. */
  items: string | null;
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => name === 'entry' || name === 'link' || name === 'category',
});

const TITLE = /^(.+?) - (.*) \((\d{1,10})\)\s*(?:\(([^()]+)\))?\s*$/;
const ACCESSION = /accession-n[u]?[mn]ber=(\d{10}-\d{2}-\d{6})/;
const FILED = /Filed:\s*(?:<[^>]*>\s*)?(\d{4}-\d{2}-\d{2})/;
const ITEM = /Item (\d{1,2}\.\d{2})\b/g;

type Node = Record<string, unknown>;
const textOf = (v: unknown): string =>
  typeof v === 'string' ? v : v && typeof v === 'object' ? String((v as Node)['#text'] ?? '') : '';

export function parseCurrentFeed(
  bytes: Buffer,
  ctx: ParseContext,
): { entries: CurrentFeedEntry[]; warnings: string[] } {
  const { text } = decodeFeed(bytes);
  let doc: Node;
  try {
    doc = xml.parse(text) as Node;
  } catch (e) {
    throw new ParseError(`not an EDGAR Atom feed: ${(e as Error).message}`, ctx.url, { cause: e });
  }
  const feed = doc.feed as Node | undefined;
  if (!feed) {
    const title = /<title>([^<]*)<\/title>/i.exec(text)?.[1]?.trim();
    throw new ParseError(
      `not an EDGAR Atom feed${title ? ` (an HTML page titled "${title}")` : ''}`,
      ctx.url,
    );
  }
  const entries: CurrentFeedEntry[] = [];
  const warnings: string[] = [];
  for (const [i, e] of ((feed.entry as Node[] | undefined) ?? []).entries()) {
    const title = TITLE.exec(textOf(e.title));
    const accession = ACCESSION.exec(textOf(e.id))?.[1];
    const category = (e.category as Node[] | undefined)?.[0];
    const form = String(category?.term ?? title?.[1] ?? '').trim();
    const summary = textOf(e.summary);
    const filingDate = FILED.exec(summary)?.[1];
    if (!title || !accession || !form || !filingDate) {
      warnings.push(
        `${ctx.url} entry ${i}: skipped (title ${JSON.stringify(textOf(e.title))}, id ${JSON.stringify(textOf(e.id))})`,
      );
      continue;
    }
    const updated = textOf(e.updated);
    const acceptedAt = updated ? new Date(updated) : null;
    if (acceptedAt && Number.isNaN(acceptedAt.getTime()))
      warnings.push(`${ctx.url} entry ${i}: bad <updated> ${updated}`);
    const items = [...summary.matchAll(ITEM)].map((m) => m[1]);
    entries.push({
      accession,
      cik: Number(title[3]),
      companyName: title[2]!.trim(),
      role: title[4]?.trim() ?? null,
      form,
      filingDate,
      acceptedAt: acceptedAt && !Number.isNaN(acceptedAt.getTime()) ? acceptedAt : null,
      items: items.length > 0 ? items.join(',') : null,
    });
  }
  return { entries, warnings };
}

/**
 * Filing-index rows of the entries: one per accession and filer, as the daily index lists them, with the
 * feed's acceptance time (which the index files lack) and the 8-K items. Types outside `keep` are dropped.
 */
export function currentFeedFilings(
  entries: readonly CurrentFeedEntry[],
  keep: ReadonlySet<string>,
  fetchedAt: string,
): FilingInsert[] {
  const out = new Map<string, FilingInsert>();
  for (const e of entries) {
    const filingType = canonicalFilingType(e.form) ?? e.form;
    if (!keep.has(filingType)) continue;
    const key = `${e.accession}|${e.cik}`;
    if (out.has(key)) continue;
    out.set(key, {
      accessionNumber: e.accession,
      cik: e.cik,
      filingType,
      form: e.form,
      companyName: e.companyName,
      reportDate: null,
      filingDate: e.filingDate,
      acceptedAt: e.acceptedAt,
      primaryDocument: null,
      items: e.items,
      url: filingFolderUrl(e.cik, e.accession),
      source: 'live',
      fetchedAt: new Date(fetchedAt),
    });
  }
  return [...out.values()];
}
