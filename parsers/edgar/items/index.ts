import { isAscii, isUtf8 } from 'node:buffer';
import { isSubmissionText, parseSubmissionText, type SubmissionDocument } from '../filing-document.ts';
import { CATALOGS, EIGHT_K_RENUMBERED_ON, type ItemForm, type Scheme } from './catalog.ts';
import { isCrossReferenceIndex, sliceCrossReference } from './cross-reference.ts';
import { resolveItems } from './resolve.ts';
import { splitBlocks } from './split.ts';
import { htmlToBlocks, looksLikeHtml, plainToBlocks } from './text.ts';
import { documentFormat, documentFormatOfHead, unwrapText } from './wrapped.ts';

export { ITEM_TYPES, type ItemForm, type ItemType } from './catalog.ts';

/** One item of a filing as the API serves it (spec 2.4; `exhibits` are attached later by the route). */
export interface FilingItem {
  /** Canonical code: `Item-1A` (10-K), `Part-II-Item-1A` (10-Q), `Item-2.02` (8-K), `Item-5` (8-K before 2004-08-23). */
  number: string;
  /** The standard title of the item (the era's title when the numbering changed, e.g. SOX-interim Item 14). */
  name: string;
  text: string;
  text_mode: 'literal' | 'resolved';
  resolved?: {
    source: 'in_document' | 'annual_report_exhibit';
    resolved_from?: string;
    text_chars: number;
    truncated: boolean;
  };
}

export interface SplitResult {
  items: FilingItem[];
  items_unavailable_reason?: 'unparseable_document';
  warnings: string[];
}

export interface AnnualReport {
  html?: string;
  text?: string;
  url?: string;
}

export interface SplitInput {
  html?: string;
  text?: string;
  form: ItemForm;
  /** `YYYY-MM-DD`; picks the 8-K numbering (Items 1-12 before 2004-08-23). */
  filingDate?: string;
  resolve?: boolean;
  /** The EX-13 annual report, when the submission includes it. */
  annualReport?: AnnualReport;
  /** The form as filed (`10KSB`, `10-K405`), when known; only used to pick the 10-KSB numbering. */
  formAsFiled?: string;
}

/** Splits one primary document into items. Never throws on bad input: returns `unparseable_document`. */
export function splitItems(input: SplitInput): SplitResult {
  return splitDocument(
    input,
    () => toBlocks(input.html, input.text),
    () => (input.html ? { html: input.html } : { text: input.text ?? '' }),
  );
}

/**
 * `splitItems` on a document given by its blocks (`readBlocks`, read first) and, for the rare cross-reference
 * index, by its whole text (`readDocument`, read only then); `input.html` and `input.text` are not read.
 */
function splitDocument(
  input: SplitInput,
  readBlocks: () => string[],
  readDocument: () => { html: string } | { text: string },
): SplitResult {
  const warnings: string[] = [];
  let blocks: string[];
  try {
    blocks = readBlocks();
  } catch (err) {
    return unparseable([`could not read the document: ${(err as Error).message}`]);
  }
  if (blocks.length === 0) return unparseable(['the document has no text']);
  const scheme = pickScheme(input, blocks);
  const catalog = CATALOGS[scheme];
  const sections = splitBlocks(blocks, scheme, catalog);
  if (sections.length === 0) return unparseable([`no ${input.form} item headings found`]);
  const items: FilingItem[] = sections.map((s) => ({
    number: s.code,
    name: s.name,
    text: (s.extra
      ? blocks.slice(s.start, s.end).concat(blocks.slice(s.extra[0], s.extra[1]))
      : blocks.slice(s.start, s.end)
    ).join('\n'),
    text_mode: 'literal',
  }));
  for (const s of sections) {
    if (s.combined) warnings.push(`${s.code}: filed under a combined heading shared with other items`);
  }
  const indexRows = sections.filter((s) => s.indexRow).length;
  const xref = isCrossReferenceIndex(sections, blocks)
    ? sliceCrossReference(sections, blocks, readDocument())
    : null;
  if (xref) {
    xref.texts.forEach((t, i) => {
      items[i]!.text = t;
    });
    warnings.push(xref.warning);
  } else if (indexRows * 2 >= sections.length && sections.every((s) => s.end - s.start <= 1 && !s.extra)) {
    warnings.push(
      'cross-reference index: the items map to pages of the annual report; each text is its index row',
    );
  }
  if (scheme === '10-KSB') warnings.push('10-KSB numbering: item codes follow Form 10-KSB, not Form 10-K');
  if (input.resolve) {
    const statementsCode = scheme === '10-K' ? 'Item-8' : scheme === '10-KSB' ? 'Item-7' : null;
    const tailStart = statementsCode ? Math.max(...sections.map((s) => s.end)) : blocks.length;
    resolveItems(items, blocks, input.annualReport, warnings, { scheme, tailStart, statementsCode });
  }
  return { items, warnings };
}

export interface SplitFileOptions {
  form: ItemForm;
  resolve?: boolean;
  filingDate?: string;
  url?: string;
}

/**
 * Splits an HTML/text primary document or a whole `.txt`/`.nc` submission (the primary document is picked by
 * type; an included EX-13 is the annual report for `resolve`). Output is exactly what the API serves.
 */
export function splitFilingFile(bytes: Buffer | string, opts: SplitFileOptions): SplitResult {
  if (typeof bytes !== 'string' && isAscii(bytes)) {
    // An ASCII HTML document (nearly every one EDGAR serves) is read from its bytes in chunks, never decoded
    // whole; what its first characters decide is what the whole string would (see `documentFormatOfHead`).
    const complete = bytes.length <= HEAD_CHARS;
    const head = bytes.toString('latin1', 0, Math.min(bytes.length, HEAD_CHARS));
    if (!isSubmissionText(head) && documentFormatOfHead(head, complete) === 'html') {
      return splitDocument(
        {
          form: opts.form,
          ...(opts.filingDate ? { filingDate: opts.filingDate } : {}),
          ...(opts.resolve ? { resolve: true } : {}),
        },
        () => htmlToBlocks(bytes),
        () => ({ html: bytes.toString('latin1') }),
      );
    }
  }
  const content = typeof bytes === 'string' ? bytes : decodeBytes(bytes);
  if (!isSubmissionText(content)) {
    const isHtml = looksLikeHtml(content);
    return splitItems({
      ...(isHtml ? { html: content } : { text: content }),
      form: opts.form,
      ...(opts.filingDate ? { filingDate: opts.filingDate } : {}),
      ...(opts.resolve ? { resolve: true } : {}),
    });
  }
  let submission: ReturnType<typeof parseSubmissionText>;
  try {
    submission = parseSubmissionText(content);
  } catch (err) {
    return unparseable([(err as Error).message]);
  }
  const primary = pickPrimary(submission.documents, opts.form);
  if (!primary) return unparseable([`no ${opts.form} document in the submission`]);
  const ex13 = submission.documents.find((d) => /^EX-13(\.\d+)?$/i.test(d.type) && !d.isBinary);
  const filingDate = opts.filingDate ?? submission.header.filedAt ?? undefined;
  const formAsFiled = submission.header.form ?? primary.type;
  return splitItems({
    ...(looksLikeHtml(primary.body) ? { html: primary.body } : { text: primary.body }),
    form: opts.form,
    formAsFiled,
    ...(filingDate ? { filingDate } : {}),
    ...(opts.resolve ? { resolve: true } : {}),
    ...(ex13
      ? {
          annualReport: {
            ...(looksLikeHtml(ex13.body) ? { html: ex13.body } : { text: ex13.body }),
            url: ex13.filename ?? (opts.url ? `${opts.url}#EX-13` : 'EX-13'),
          },
        }
      : {}),
  });
}

/** How much of a document decides its format (`looksLikeHtml` reads 20,000 characters, `isSubmissionText` 8,192). */
const HEAD_CHARS = 1 << 16;

function unparseable(warnings: string[]): SplitResult {
  return { items: [], items_unavailable_reason: 'unparseable_document', warnings };
}

/**
 * UTF-8, except that a file with a U+FFFD once decoded (invalid UTF-8: a legacy single-byte file) is read as
 * Latin-1 rather than emit U+FFFD. EDGAR documents are nearly all ASCII, where Latin-1 gives the same string
 * for a fraction of a UTF-8 decode's time; invalid UTF-8 (found by a validation far cheaper than a decode)
 * is never decoded as UTF-8 only to be thrown away.
 */
function decodeBytes(bytes: Buffer): string {
  if (isAscii(bytes) || !isUtf8(bytes)) return bytes.toString('latin1');
  const utf8 = bytes.toString('utf8');
  // valid UTF-8 may still spell U+FFFD itself
  return utf8.includes('\uFFFD') ? bytes.toString('latin1') : utf8;
}

/**
 * The document's blocks. Plain text in a converter's wrapper (`<html><body><div>` and nothing else around a
 * text filing, see `documentFormat`) is read line by line as the text it was, as Form 20-F does.
 */
export function toBlocks(html: string | undefined, text: string | undefined): string[] {
  const doc =
    html !== undefined && html !== '' ? html : text !== undefined && looksLikeHtml(text) ? text : null;
  if (doc !== null)
    return documentFormat(doc) === 'wrapped_text' ? plainToBlocks(unwrapText(doc)) : htmlToBlocks(doc);
  if (text !== undefined && text !== '') return plainToBlocks(text);
  return [];
}

function pickScheme(input: SplitInput, blocks: string[]): Scheme {
  if (input.form === '10-Q') return '10-Q';
  if (input.form === '10-K') {
    if (input.formAsFiled && /KSB/i.test(input.formAsFiled)) return '10-KSB';
    const head = blocks.slice(0, 40).join(' ');
    return /FORM\s+10-?KSB\b/i.test(head) ? '10-KSB' : '10-K';
  }
  if (input.filingDate) return input.filingDate < EIGHT_K_RENUMBERED_ON ? '8-K-pre2004' : '8-K';
  return blocks.some((b) => /^ITEM\s+\d\.\d\d/i.test(b)) ? '8-K' : '8-K-pre2004';
}

function pickPrimary(documents: SubmissionDocument[], form: ItemForm): SubmissionDocument | undefined {
  const base = form.replace('-', '');
  const matches = (d: SubmissionDocument) => {
    const t = d.type.toUpperCase().replace('-', '');
    return t === base || t.startsWith(base) || (form === '10-K' && t.startsWith('10K'));
  };
  return documents.find((d) => !d.isBinary && matches(d)) ?? documents.find((d) => !d.isBinary);
}
