import { ParseError } from '../../lib/errors.ts';
import { isForm10K, statedBrands } from '../news/brands.ts';
import { exhibit21Subsidiaries, type SubsidiaryList } from '../news/subsidiaries.ts';
import { isSubmissionText, parseSubmissionText, type SubmissionDocument } from './filing-document.ts';
import { type FilingIndexPage, parseFilingIndexPage } from './filing-index-page.ts';
import { canonicalFilingType } from './form-types.ts';
import { type FilingItem, type ItemForm, splitFilingFile, toBlocks } from './items/index.ts';
import { looksLikeHtml } from './items/text.ts';

/**
 * One fetched filing -> what the filing_items dataset stores: the split's outcome (items, literal and
 * resolved), the exhibit list with capped exhibit text, and the header facts (form, period of report).
 * Pure: the caller passes the bytes and the URL they came from.
 */

// edgar-items/22: in an 8-K, stacked headings over an item whose one block runs on past its heading share that block.
// edgar-items/23: in plain text, table-cell separators a block opens with are layout, an item heading in a row's
// first cell ("|Item 5.02.") or under an 8-K section caption ("Section 8 – Other Events") starts its own block.
// edgar-items/24: a table of contents of two item rows is one also when its last row is followed by page rows
// ("SIGNATURES | 5", "EXHIBIT 1.1", ...) too long to leave it dense, when both items come back with a body.
// edgar-items/25: in a 10-K or 10-Q, an exhibit index caption ("Index to Exhibits") closes any item but the exhibits item.
// edgar-items/26: one item row alone is an 8-K's table of contents when its block is page-numbered rows only
// ("ITEM 5.07. ... | 3 SIGNATURES | 5") and the item comes back later under a heading with a body.
/** Stored in `filing_documents.parser_version`; bump it when the split or the exhibit reading changes. */
export const ITEMS_PARSER_VERSION = 'edgar-items/26';

/**
 * Per-exhibit cap on stored exhibit text (characters of plain text). Spec 8.3 leaves the size open: 100,000
 * characters keeps a press release or a certification whole and cuts long contracts (flagged `truncated`).
 */
export const EXHIBIT_TEXT_CAP = 100_000;

export interface ParsedExhibit {
  /** The EDGAR document type without `EX-`: `99.1`, `31.1`, `10.A49`, `101.INS`. */
  number: string;
  description: string | null;
  url: string;
  /** Plain text, capped at EXHIBIT_TEXT_CAP; null for binary and XML (XBRL) exhibits. */
  text: string | null;
  truncated: boolean;
}

export interface ParsedItem extends FilingItem {
  /** The `resolve` expansion, when the item is incorporated by reference and could be expanded. */
  resolvedText: string | null;
}

export interface ParsedFiling {
  accessionNumber: string;
  cik: number;
  form: ItemForm;
  /** The submission type as filed, from the SGML header (null for a lone primary document). */
  formAsFiled: string | null;
  periodOfReport: string | null;
  documentUrl: string;
  status: 'ok' | 'unparseable_document';
  items: ParsedItem[];
  /** Null when only the primary document was available (no exhibit list known). */
  exhibits: ParsedExhibit[] | null;
  /**
   * A 10-K's Exhibit 21 documents and the subsidiary names read from each (`names` empty when none could be read);
   * absent for other forms and when no exhibit list is known.
   */
  subsidiaries?: SubsidiaryList[];
  /**
   * The brand names the 10-K document states (parsers/news/brands.ts `statedBrands`: "... under the Buick, Cadillac,
   * Chevrolet and GMC brands", "iPhone is the Company's line of smartphones"), read only from a document whose cover page
   * says Form 10-K, annual report (`isForm10K`: no amendment); `url` the document read. Absent for other forms.
   */
  brands?: { url: string; names: string[] };
  warnings: string[];
}

const FOLDER = /\/Archives\/edgar\/data\/(\d+)\/(\d{18})\//;

/** A filing's detail page and the exhibit documents fetched through it (when the `.txt` was missing). */
export interface FolderListing {
  /** The detail page's URL and what readFilingIndexPage read from it. */
  index: { url: string; page: FilingIndexPage };
  exhibits: { url: string; bytes: Buffer }[];
}

/** Reads a filing's detail page (decoded as the filing documents are); ParseError when it is not one. */
export function readFilingIndexPage(doc: { url: string; bytes: Buffer }): FilingIndexPage {
  return parseFilingIndexPage(decode(doc.bytes), { document: doc.url });
}

/**
 * Parses either the full-text submission (`<accession>.txt`, every document with its type) or, when that
 * was not available, the primary document: with its filing's detail page (`listing`) the exhibit list and
 * the fetched exhibit bodies come from there, without it there is no exhibit list. `formHint` is the filing
 * index's type (`10-K/A`, `8-K`...), used when the document itself does not say.
 */
export function parseFiling(
  doc: { url: string; bytes: Buffer },
  accessionNumber: string,
  formHint?: string,
  listing?: FolderListing,
): ParsedFiling {
  const m = FOLDER.exec(doc.url);
  if (!m) throw new ParseError('not a filing-folder URL', doc.url);
  const cik = Number(m[1]);
  const folder = doc.url.slice(0, doc.url.indexOf(m[2]!) + 18 + 1);
  const content = decode(doc.bytes);
  const warnings: string[] = [];
  let formAsFiled: string | null = null;
  let periodOfReport: string | null = null;
  let exhibits: ParsedExhibit[] | null = null;
  let documents: SubmissionDocument[] = [];
  if (isSubmissionText(content)) {
    const submission = parseSubmissionText(content);
    formAsFiled = submission.header.form;
    periodOfReport = submission.header.periodOfReport;
    const acc = submission.header.accessionNumber;
    if (acc && acc !== accessionNumber)
      throw new ParseError(`submission ${acc} served for ${accessionNumber}`, doc.url);
    documents = submission.documents;
    exhibits = readExhibits(documents, folder, accessionNumber);
  } else if (listing) {
    const page = listing.index.page;
    if (page.header.accessionNumber !== accessionNumber)
      throw new ParseError(
        `filing index page of ${page.header.accessionNumber} served for ${accessionNumber}`,
        listing.index.url,
      );
    formAsFiled = page.header.form;
    periodOfReport = page.header.periodOfReport;
    documents = page.exhibits.map((e): SubmissionDocument => {
      const fetched = e.url ? listing.exhibits.find((x) => x.url.endsWith(e.url!)) : undefined;
      return {
        type: e.type!,
        sequence: e.sequence,
        filename: e.filename,
        description: e.description,
        body: fetched ? decode(fetched.bytes) : '',
        isBinary: false,
      };
    });
    exhibits = readExhibits(documents, folder, accessionNumber);
    const missing = page.exhibits.filter(
      (e) => !listing.exhibits.some((x) => e.url && x.url.endsWith(e.url)),
    );
    const wanted = missing.filter((e) => e.url && wantsExhibitBody(e.type!, e.url));
    if (wanted.length) warnings.push(`exhibit bodies not available: ${wanted.map((e) => e.type).join(', ')}`);
  } else {
    warnings.push('only the primary document was available: no exhibit list');
  }
  const form = itemForm(formAsFiled) ?? itemForm(formHint ?? null) ?? coverForm(content);
  if (!form)
    throw new ParseError(`not a 10-K, 10-Q or 8-K (${formAsFiled ?? formHint ?? 'no form'})`, doc.url);
  const literal = splitFilingFile(content, { form, url: doc.url });
  warnings.push(...literal.warnings);
  const base = {
    accessionNumber,
    cik,
    form,
    formAsFiled,
    periodOfReport,
    documentUrl: doc.url,
    exhibits,
    ...(form === '10-K' && exhibits ? { subsidiaries: readSubsidiaries(documents, exhibits) } : {}),
    ...(form === '10-K' ? readBrands(documents, content, doc.url, folder) : {}),
  };
  if (literal.items_unavailable_reason)
    return { ...base, status: 'unparseable_document', items: [], warnings };
  const resolved = new Map(
    splitFilingFile(content, { form, url: doc.url, resolve: true }).items.map((i) => [i.number, i]),
  );
  const items = literal.items.map((item) => {
    const r = resolved.get(item.number);
    return r?.text_mode === 'resolved'
      ? { ...item, resolvedText: r.text, ...(r.resolved ? { resolved: r.resolved } : {}) }
      : { ...item, resolvedText: null };
  });
  return { ...base, status: 'ok', items, warnings };
}

/** `10-K` for 10-K, 10-K405, 10-KSB, 10-K/A ...; null for anything that is not a 10-K, 10-Q or 8-K. */
export function itemForm(form: string | null): ItemForm | null {
  if (!form) return null;
  const t = canonicalFilingType(form)?.replace(/\/A$/, '');
  return t === '10-K' || t === '10-Q' || t === '8-K' ? t : null;
}

/** The form a lone primary document names on its cover page (`FORM 10-Q`), read from its first blocks. */
function coverForm(content: string): ItemForm | null {
  const head = (looksLikeHtml(content) ? toBlocks(content, undefined) : toBlocks(undefined, content))
    .slice(0, 60)
    .join('\n');
  const m = /\bFORM\s+(10-?K|10-?Q|8-?K)\b/i.exec(head);
  return m ? itemForm(m[1]!.toUpperCase().replace(/^(10|8)-?/, '$1-')) : null;
}

function readExhibits(documents: SubmissionDocument[], folder: string, accession: string): ParsedExhibit[] {
  const out: ParsedExhibit[] = [];
  const seen = new Set<string>();
  for (const d of documents) {
    if (!/^EX-/i.test(d.type)) continue;
    const number = d.type.replace(/^EX-/i, '').toUpperCase();
    // Pre-2001 submissions name no file: the exhibit lives inside the .txt itself.
    let url = d.filename ? folder + d.filename : `${folder}${accession}.txt`;
    if (seen.has(`${number}|${url}`)) url += `#document-${d.sequence ?? out.length + 1}`;
    seen.add(`${number}|${url}`);
    const plain = exhibitText(d);
    const truncated = plain !== null && plain.length > EXHIBIT_TEXT_CAP;
    out.push({
      number,
      description: d.description,
      url,
      text: plain === null ? null : truncated ? plain.slice(0, EXHIBIT_TEXT_CAP) : plain,
      truncated,
    });
  }
  return out;
}

/**
 * The Exhibit 21 documents among a filing's documents, each with the names its rows give. `exhibits` is what
 * readExhibits made of the same documents: one entry per `EX-` document, in order, so it gives each one's URL.
 */
function readSubsidiaries(documents: SubmissionDocument[], exhibits: ParsedExhibit[]): SubsidiaryList[] {
  const ex = documents.filter((d) => /^EX-/i.test(d.type));
  const out: SubsidiaryList[] = [];
  ex.forEach((d, i) => {
    if (!/^EX-21\b/i.test(d.type) || d.isBinary) return;
    out.push({ url: (exhibits[i] as ParsedExhibit).url, names: exhibit21Subsidiaries(d.body) });
  });
  return out;
}

/**
 * The brands the filing's 10-K document states: a full-text submission's document of a 10-K type, else the document
 * fetched (a lone primary document); none when that document's cover page is not a 10-K annual report's.
 */
function readBrands(
  documents: SubmissionDocument[],
  content: string,
  url: string,
  folder: string,
): Pick<ParsedFiling, 'brands'> {
  const own = isSubmissionText(content)
    ? documents.find((d) => !d.isBinary && itemForm(d.type) === '10-K')
    : undefined;
  const text = own ? own.body : isSubmissionText(content) ? null : content;
  if (text === null || !isForm10K(text)) return {};
  return { brands: { url: own?.filename ? folder + own.filename : url, names: statedBrands(text) } };
}

function exhibitText(d: SubmissionDocument): string | null {
  if (d.isBinary || /^EX-101\./i.test(d.type) || /^\s*<\?xml/i.test(d.body)) return null;
  const blocks = looksLikeHtml(d.body) ? toBlocks(d.body, undefined) : toBlocks(undefined, d.body);
  const text = blocks.join('\n').trim();
  return text === '' ? null : text;
}

function decode(bytes: Buffer): string {
  const utf8 = bytes.toString('utf8');
  return utf8.includes('\uFFFD') ? bytes.toString('latin1') : utf8;
}

/** Exhibits whose body is text worth fetching: not XBRL (EX-101.*), not images, archives or PDFs. */
export function wantsExhibitBody(type: string, url: string): boolean {
  return !/^EX-101\./i.test(type) && !/\.(jpe?g|gif|png|pdf|zip|xml|xsd|xlsx?)$/i.test(url);
}
