import { Parser } from 'htmlparser2';
import { scanHtml } from './html-events.ts';
import { mergeCurrency, RULE_LINE, typedRow } from './typed-tables.ts';

/**
 * Filing bodies -> clean text blocks (one paragraph, heading or table row per block). The splitter only
 * ever sees blocks, so HTML and 1990s plain text go through the same heading logic.
 */

export const BLOCK_TAGS = new Set([
  'p',
  'div',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'table',
  'tr',
  'hr',
  'center',
  'blockquote',
  'pre',
  'section',
  'article',
  'header',
  'footer',
  'address',
  'page',
  'body',
  'caption',
  'tbody',
  'thead',
  'tfoot',
  'form',
  'title',
]);
export const CELL_TAGS = new Set(['td', 'th']);
export const SKIP_TAGS = new Set([
  'script',
  'style',
  'head',
  'ix:header',
  'noscript',
  'xbrli:context',
  'template',
]);
/** What a tag does to the blocks, in the order the rules test it: skipped, a cell, a row, a table, a block. */
const SKIP = 1;
const CELL = 2;
const ROW = 3;
const TABLE = 4;
const BLOCK = 5;
const KIND = new Map<string, number>([
  ...[...BLOCK_TAGS].map((t): [string, number] => [t, BLOCK]),
  ['table', TABLE],
  ['tr', ROW],
  ...[...CELL_TAGS].map((t): [string, number] => [t, CELL]),
  ...[...SKIP_TAGS].map((t): [string, number] => [t, SKIP]),
]);
const HIDDEN_STYLE = /display\s*:\s*none/i;
/**
 * Most tags carry inline styles: look for "none" before running the regex, and not even that in a style
 * shorter than the shortest the regex matches ("display:none", 12 characters).
 */
export const isHidden = (style: string): boolean =>
  style.length >= 12 &&
  (style.includes('none') || style.includes('NONE') || style.includes('None')) &&
  HIDDEN_STYLE.test(style);

const LEFT_SPACE = /(?:padding|margin)-left\s*:\s*(?:0*[1-9]|0*\.0*[1-9])/i;
/**
 * An inline element with a left padding or margin is set apart from the text before it: Workiva's "Item
 * 5.<span style="padding-left:24.02pt">Other Information" reads "Item 5. Other Information" (Netflix's 2025
 * 10-Q), as the page shows it. Only styles naming "-left" are tested further.
 */
export const hasLeftSpace = (style: string): boolean =>
  (style.includes('-left') || style.includes('-LEFT') || style.includes('-Left')) && LEFT_SPACE.test(style);

/** Decodes entities (Windows-1252 numeric references map to their real characters) and normalises spaces. */
export function decodeHtmlText(text: string): string {
  let out = '';
  const parser = new Parser({ ontext: (t) => (out += t) }, { decodeEntities: true });
  parser.end(text.replace(/</g, '&lt;'));
  return normalizeSpaces(out);
}

/** JavaScript's `\s` (NBSP, the U+2000 spaces, U+3000, BOM, line terminators) plus the zero-width space. */
const isSpace = (c: number): boolean =>
  c === 32 ||
  (c >= 9 && c <= 13) ||
  (c >= 0xa0 &&
    (c === 0xa0 ||
      c === 0x1680 ||
      (c >= 0x2000 && c <= 0x200b) ||
      c === 0x2028 ||
      c === 0x2029 ||
      c === 0x202f ||
      c === 0x205f ||
      c === 0x3000 ||
      c === 0xfeff));

/**
 * `text.replace(/[\s\u200b]+/g, ' ').trim()`, in one scan: runs of spaces become one space, the ends are
 * trimmed, and a string already clean comes back as is. Called once per block and table cell (tens of
 * thousands of times in a large 10-K), where the regex's per-call cost was a sixth of the splitter's time.
 */
export function normalizeSpaces(text: string): string {
  const n = text.length;
  let i = 0;
  while (i < n && isSpace(text.charCodeAt(i))) i++;
  if (i === n) return '';
  let j = n;
  while (isSpace(text.charCodeAt(j - 1))) j--;
  let out = '';
  let seg = i;
  let k = i;
  while (k < j) {
    const c = text.charCodeAt(k);
    if (c === 32 ? !isSpace(text.charCodeAt(k + 1)) : !isSpace(c)) {
      k++;
      continue;
    }
    // a run of spaces other than one plain space (k < j: the run ends before the last character)
    out += text.slice(seg, k);
    out += ' ';
    k++;
    while (isSpace(text.charCodeAt(k))) k++;
    seg = k;
  }
  if (seg === i) return i === 0 && j === n ? text : text.slice(i, j);
  return out + text.slice(seg, j);
}

/** True when a `<TEXT>` body is HTML rather than plain text. */
export function looksLikeHtml(body: string): boolean {
  return /<(html|body|p|div|font|br|span|td|tr)[\s>/]/i.test(body.slice(0, 20_000));
}

/** Characters per chunk when HTML bytes are read in chunks (a string this size stays in V8's young space). */
const CHUNK_CHARS = 1 << 16;

/** Latin-1 `bytes` as strings of CHUNK_CHARS characters, in order. */
function* latin1Chunks(bytes: Buffer): Generator<string> {
  for (let at = 0; at < bytes.length; at += CHUNK_CHARS)
    yield bytes.toString('latin1', at, Math.min(at + CHUNK_CHARS, bytes.length));
}

/**
 * HTML -> blocks. Table rows become one block with non-empty cells joined by ' | '. Bytes are read as
 * Latin-1 (the caller's choice of decoding), in chunks: the same blocks as from `bytes.toString('latin1')`
 * without building that string.
 */
export function htmlToBlocks(html: string | Buffer): string[] {
  const blocks: string[] = [];
  // The current line, kept as `normalizeSpaces` of its text while the text arrives: runs of spaces are one
  // space and there is none at either end; `gap` says a run of spaces came after its last character. Text
  // is copied straight from the document by runs between spaces, never sliced, concatenated and re-scanned.
  let line = '';
  let gap = false;
  let cells: string[] | null = null;
  let cell = '';
  let skipDepth = 0;
  let tableDepth = 0;

  /** Appends `source[from, to)`: one slice per run of text whose only spaces are single plain ones. */
  const appendRange = (source: string, from: number, to: number) => {
    let seg = -1;
    for (let i = from; i < to; i++) {
      const c = source.charCodeAt(i);
      if (c === 32 ? seg >= 0 && i + 1 < to && !isSpace(source.charCodeAt(i + 1)) : !isSpace(c)) {
        if (seg < 0) {
          if (gap && line !== '') line += ' ';
          gap = false;
          seg = i;
        }
        continue;
      }
      if (seg >= 0) {
        line += source.slice(seg, i);
        seg = -1;
      }
      gap = true;
    }
    if (seg >= 0) line += source.slice(seg, to);
  };
  /** Appends an entity's text (one or two characters). */
  const appendEntity = (text: string) => {
    for (let i = 0; i < text.length; i++) {
      if (isSpace(text.charCodeAt(i))) {
        gap = true;
        continue;
      }
      if (gap && line !== '') line += ' ';
      gap = false;
      line += text[i];
    }
  };
  const flushLine = () => {
    const t = line;
    line = '';
    gap = false;
    if (t === '') return;
    if (cells !== null) cell += (cell === '' ? '' : ' ') + t;
    else blocks.push(t);
  };
  const flushCell = () => {
    flushLine();
    const t = cell.trim();
    cell = '';
    if (cells === null || t === '') return;
    // "$" and ")" / "%" cells are the visual halves of a number; glue them to the neighbour.
    const last = cells.length - 1;
    if (last >= 0 && (cells[last] === '$' || cells[last] === '(' || /^[)%]+$/.test(t))) cells[last] += t;
    else cells.push(t);
  };
  const flushRow = () => {
    flushCell();
    if (cells !== null && cells.length > 0) blocks.push(cells.join(' | '));
    if (cells !== null) cells = [];
  };

  scanHtml(typeof html === 'string' ? html : latin1Chunks(html), {
    opentag(name, style) {
      if (skipDepth > 0) {
        skipDepth++;
        return;
      }
      const kind = KIND.get(name);
      if (kind === SKIP || (style !== undefined && isHidden(style))) {
        skipDepth = 1;
        return;
      }
      if (kind === undefined) {
        if (style !== undefined && hasLeftSpace(style)) gap = true;
        return;
      }
      if (kind === CELL) flushCell();
      else if (kind === ROW) {
        flushRow();
        // A row outside any <table> (an excerpt cut mid-table) is still one row.
        if (cells === null) {
          flushLine();
          cells = [];
        }
      } else if (kind === TABLE) {
        flushLine();
        tableDepth++;
        if (tableDepth === 1) cells = [];
      } else if (kind === BLOCK) flushLine();
    },
    text(source, start, end) {
      if (skipDepth === 0) appendRange(source, start, end);
    },
    entity(text) {
      if (skipDepth === 0) appendEntity(text);
    },
    closetag(name) {
      if (skipDepth > 0) {
        skipDepth--;
        return;
      }
      const kind = KIND.get(name);
      if (kind === CELL) flushCell();
      else if (kind === ROW) {
        flushRow();
        if (tableDepth === 0) cells = null;
      } else if (kind === TABLE) {
        if (tableDepth === 1) {
          flushRow();
          cells = null;
        }
        tableDepth = Math.max(0, tableDepth - 1);
      } else if (kind === BLOCK) flushLine();
    },
  });
  if (cells !== null) flushRow();
  cells = null;
  flushLine();
  return dropPageFurniture(blocks);
}

const TABLE_OPEN = /^<(TABLE|CAPTION)>/i;
const PSEUDO_TAGS = /<\/?(S|C|FN|CAPTION|R|F\d*|PAGE|TABLE)>/gi;
/**
 * A typed page's folio with its period ("2.", centred at the page's foot): a line holding only a number and a
 * period, with a blank line before it and a blank line or the <PAGE> mark after it. A number that ends a
 * wrapped line ("Exhibit 10.D.3-" / "1.") follows its text directly and stays.
 */
function typedFolio(lines: string[], i: number, clean: string): boolean {
  if (clean.length > 4 || !/^\d{1,3}\.$/.test(clean)) return false;
  const before = lines[i - 1];
  const after = lines[i + 1];
  return (
    before !== undefined &&
    before.trim() === '' &&
    (after === undefined || after.trim() === '' || /^<PAGE>/i.test(after.trim()))
  );
}

/** 1990s plain text -> blocks: paragraphs re-flowed, `<TABLE>` lines kept one per block with columns split. */
export function plainToBlocks(text: string): string[] {
  const lines = (text.indexOf('\r') >= 0 ? text.replace(/\r\n?/g, '\n') : text).split('\n');
  const blocks: string[] = [];
  let para = '';
  let inTable = false;
  let wrappedHeading = false;
  /** The last block was a typed table row: a short line now may be the first half of a wrapped label. */
  let lastWasRow = false;
  const flush = () => {
    const t = para.trim();
    para = '';
    wrappedHeading = false;
    if (t !== '') {
      blocks.push(t);
      lastWasRow = false;
    }
  };
  for (let li = 0; li < lines.length; li++) {
    const raw = lines[li]!;
    const trimmed = raw.trim();
    if (/^<\/TABLE>/i.test(trimmed)) {
      flush();
      inTable = false;
      continue;
    }
    if (TABLE_OPEN.test(trimmed) && /^<TABLE>/i.test(trimmed)) {
      flush();
      inTable = true;
    }
    const clean = trimmed.replace(PSEUDO_TAGS, '').trim();
    if (/^<PAGE>/i.test(trimmed) || clean === '' || typedFolio(lines, li, clean)) {
      flush();
      continue;
    }
    if (RULE_LINE.test(clean)) {
      // A rule under a short line makes it a heading ("General" / "-------"); inside a paragraph it only
      // underlined words ("writ of" / "-------"), and in a table it only separates rows.
      if (
        !inTable &&
        para.length > 0 &&
        para.length < 100 &&
        !/[.,;:]$/.test(para) &&
        !/\b[a-z]{4,}/.test(para)
      )
        flush();
      continue;
    }
    if (inTable) {
      const cells = clean
        .replace(/\s*\.{3,}\s*/g, '  ')
        .split(/\s{2,}/)
        .filter((c) => c !== '' && !RULE_LINE.test(c));
      blocks.push(mergeCurrency(cells.join(' | ').replace(/\s*\|\s*(\|\s*)+/g, ' | ')));
      continue;
    }
    const row = typedRow(clean);
    if (row) {
      // A label wrapped over two lines ("Materials and" / "production costs....  2,125.9  1,858.2") reads
      // as one; a real paragraph before the table is its own block.
      const wrapped = lastWasRow && para.length < 60 && /[a-z]/.test(para) && !/[.:;]$/.test(para);
      const label = para !== '' && wrapped ? `${para} ` : '';
      if (label === '') flush();
      para = '';
      wrappedHeading = false;
      blocks.push(label + row);
      lastWasRow = true;
      continue;
    }
    if (para === '') lastWasRow = blocks.length > 0 && lastWasRow;
    // A line opening with a table cell's separator before an item heading ("|Item 5.02.") is a new table row:
    // the separator is layout, and the heading starts its own block whatever the line before ended with.
    // So is a line of separators alone that would open a block ("|" / "Item" / "3.01" / "|" / "Notice ...").
    if (para === '' && BARS_ALONE.test(clean)) continue;
    const rowHeading = CELL_HEADING.test(clean);
    const decoded = (rowHeading ? clean.replace(/^\|\s*/, '') : clean).replace(/\s+/g, ' ');
    if (wrappedHeading) {
      // "ITEM 5. MARKET FOR THE REGISTRANT'S COMMON EQUITY AND RELATED STOCKHOLDER" + "MATTERS."
      wrappedHeading = false;
      const continues = !/[a-z]/.test(decoded) && decoded.length < 80 && !STARTS_HEADING.test(decoded);
      if (continues && !/^PART\s/i.test(decoded)) {
        para += ` ${decoded}`;
        flush();
        continue;
      }
      flush();
    }
    // A heading line starts its own block even when the typist left no blank line before it: after a sentence,
    // or under a PART heading typed alone on its line ("PART I" / "ITEM 1. BUSINESS.").
    if (
      para !== '' &&
      STARTS_HEADING.test(decoded) &&
      (rowHeading || /[.:;]$/.test(para) || PART_ALONE.test(para) || SECTION_ALONE.test(para))
    )
      flush();
    para += (para === '' ? '' : ' ') + decoded;
    // An all-caps heading line ends its block, so its title is never glued to the first paragraph;
    // a long one without final punctuation may wrap onto the next line.
    // (length first: a regexp on the growing paragraph would flatten it on every line, quadratic in a long one)
    if (para.length < 120 && STARTS_HEADING.test(para) && !/[a-z]/.test(para)) {
      if (para.length >= 55 && !/[.:]$/.test(para)) wrappedHeading = true;
      else flush();
    }
  }
  flush();
  return dropPageFurniture(blocks);
}

const STARTS_HEADING = /^(?:PART\s+[IV]+\W*)?ITEMS?\s+\d/i;
/** A PART heading typed alone on its line, its title in capitals or none ("PART I", "PART II - OTHER INFORMATION"). */
const PART_ALONE = /^P(?:ART|art)\s+[IV]+\.?(?:\s*[-\u2013\u2014:.]?\s*[A-Z][A-Z ,&'-]*)?$/;
/** A Form 8-K section caption typed alone on its line over its items ("Section 8 – Other Events"). */
const SECTION_ALONE = /^Section\s+[1-9]\s*[-\u2013\u2014:.]\s*[A-Z][A-Za-z ,;&'-]{2,80}$/;
/** A table row's first cell holding an item heading, its separator printed at the line's start ("|Item 5.02."). */
const CELL_HEADING = /^\|\s*ITEMS?\s*\d/i;
const BARS_ALONE = /^\|(?:\s*\|)*$/;

// "12", "iv", "F-3", "II-254", a part-numbered folio of a combined filing ("III-1"), "3 of 40"
const PAGE_NUMBER =
  /^(?:page\s+)?[-\u2013\u2014(]?\s*(?:\d{1,3}|[ivxlc]{1,7}|(?:[A-Z]{1,2}|[IVX]{3,4})\s?-\s?\d{1,3}|\d{1,3}\s+of\s+\d{1,3})\s*[-\u2013\u2014)]?$/i;
// one navigation link, or several in one running header ("Table of Contents    Index to Financial Statements")
const NAV_LINK =
  /^(?:(?:table of contents|index to (?:consolidated )?financial statements|index|back to (?:top|contents|index)|return to (?:top|table of contents|index)|toc)(?:\s*\|?\s*|$))+$/;
const NUMBERED_FURNITURE =
  /^(.{3,80}?)\s*(?:\|\s*)?(?:page\s+)?\d{1,3}$|^(?:page\s+)?\d{1,3}\s*(?:\|\s*)?(.{3,80})$/i;
// a period label alone in its block, a quarter, half or fiscal year code with its year ("3Q 2013", "Q3 2013",
// "2Q13", "H1 2013", "FY2013"): a row label of a table, never a running footer "3Q 2" with a page number "013"
const PERIOD_LABEL = /^(?:[1-4]Q|Q[1-4]|[1-2]H|H[1-2]|FY)\s?'?(?:\d{2}|\d{4})$/i;
// the text of a page footer that names the form before the page number ("Apple Inc. | Q3 2025 Form 10-Q | 19",
// "Fiscal 2024 Form 10-K | 75"): the key of such a block ends with the form's name. (The pages of a
// cross-reference index are read one by one, where each footer is printed once: their folio is left to
// `withoutFolio`.)
const FORM_FOOTER = /\bform 10-[kq]$/;
// a running header of one navigation link and a short title, the registrant's name ("Table of Contents |
// Alphabet Inc." atop every page of a Workiva 10-K): the key of such a block (a table row)
const NAV_HEADER = /^table of contents\s*\|\s*(?!pages?\b)[a-z][^|]{1,40}$/;
// a page number printed with a period ("91."), a folio only where such a running header follows it
const DOTTED_FOLIO = /^\d{1,3}\.$/;
// the description of an XBRL exhibit of Regulation S-K Item 601(b)(101)/(104) ("Cover Page Interactive Data
// File ...", "Inline XBRL Instance Document", "XBRL Taxonomy Extension ..."): the bare number in the block
// before it ("104"), an exhibit table printed one cell a paragraph, is that exhibit's number, not a folio
const XBRL_EXHIBIT =
  /^(?:the\s+)?(?:cover page interactive data file|(?:inline\s+)?xbrl\s+(?:instance|taxonomy))/i;

const PART_LINE = /^PART\s+[IVX]+\b/i;
/** A block that opens a section of the form: an item or PART heading, the signatures or their paragraph. */
const OPENS_SECTION =
  /^(?:(?:PART\s+[IVX]+\W*)?ITEMS?\s+\d|PART\s+[IVX]+\b|S\s?I\s?G\s?N\s?A\s?T\s?U\s?R\s?E|Pursuant to the requirements of|In accordance with Section 13)/i;

/**
 * A running header without a page number ("ROCK OF AGES CORPORATION" / "FORM 8-K" atop every page): the one or
 * two short blocks that directly follow a page folio, the same text after at least half of the folios (and two).
 * Marks those occurrences only, and only where an item or PART heading or the signatures come next: there the
 * header belongs to the new page, not to the item that ends before it (elsewhere it opens a page of the item's
 * own text, a statement's title, and stays). Never an item or PART heading, nor a table row. A title that opens
 * only some pages (an auditor's report) is not a running header. Null when the document has fewer than two
 * folios (most have none in their own block).
 */
function runningHeader(
  blocks: string[],
  keys: ({ key: string; numbered: boolean } | null)[],
  folio: boolean[],
): boolean[] | null {
  const folios: number[] = [];
  for (let i = 0; i < blocks.length; i++) if (folio[i]) folios.push(i);
  if (folios.length < 2) return null;
  const header = (j: number): string | null => {
    const k = keys[j];
    const b = blocks[j];
    if (k === null || k === undefined || b === undefined || folio[j] || PART_LINE.test(b) || b.includes('|'))
      return null;
    return k.key;
  };
  // how often each text stands first (second) after a folio
  const seen = [new Map<string, number>(), new Map<string, number>()];
  for (const f of folios) {
    for (let off = 0; off < 2; off++) {
      const key = header(f + 1 + off);
      if (key === null) break;
      seen[off]!.set(key, (seen[off]!.get(key) ?? 0) + 1);
    }
  }
  let marks: boolean[] | null = null;
  for (const f of folios) {
    let n = 0;
    for (let off = 0; off < 2; off++) {
      const key = header(f + 1 + off);
      const count = key === null ? 0 : (seen[off]!.get(key) ?? 0);
      if (count < 2 || count * 2 < folios.length) break;
      n++;
    }
    // only where a heading or the signatures follow: there the header is the page's, not the ending item's
    const next = blocks[f + 1 + n];
    if (n === 0 || next === undefined || !OPENS_SECTION.test(next)) continue;
    marks ??= new Array<boolean>(blocks.length).fill(false);
    for (let off = 0; off < n; off++) marks[f + 1 + off] = true;
  }
  return marks;
}

/**
 * Drops bare page numbers, "Table of Contents" back-links and running headers/footers ("Apple Inc. |
 * 2024 Form 10-K | 12"): a short block whose text minus its page number repeats on at least four pages, or
 * whose text before the page number ends with the form's name (`FORM_FOOTER`) on at least two. A period label
 * alone in its block (`PERIOD_LABEL`, "3Q 2013") is a table's row label, never furniture.
 */
export function dropPageFurniture(blocks: string[]): string[] {
  const isDigit = (c: number) => c >= 48 && c <= 57;
  // Key of a short block: its text minus a leading/trailing page number; null for long blocks and headings.
  const keys = blocks.map((b): { key: string; numbered: boolean } | null => {
    if (b.length > 100 || STARTS_HEADING.test(b) || PERIOD_LABEL.test(b)) return null;
    const numberedEdge = isDigit(b.charCodeAt(0)) || isDigit(b.charCodeAt(b.length - 1));
    const m = numberedEdge ? NUMBERED_FURNITURE.exec(b) : null;
    return { key: (m ? (m[1] ?? m[2] ?? '') : b).toLowerCase(), numbered: m !== null };
  });
  const counts = new Map<string, number>();
  for (const k of keys) if (k !== null) counts.set(k.key, (counts.get(k.key) ?? 0) + 1);
  const navHeader = (i: number): boolean => {
    const k = keys[i];
    return k != null && !k.numbered && NAV_HEADER.test(k.key) && (counts.get(k.key) ?? 0) >= 2;
  };
  // a dotted page number counts only before a running navigation header: elsewhere "1." alone in its block is
  // the number of a note whose title is the next block ("1." / "BASIS OF PRESENTATION")
  const folio = blocks.map(
    (b, i) =>
      b.length <= 20 &&
      ((PAGE_NUMBER.test(b) && !XBRL_EXHIBIT.test(blocks[i + 1] ?? '')) ||
        (DOTTED_FOLIO.test(b) && navHeader(i + 1))),
  );
  const header = runningHeader(blocks, keys, folio);
  return blocks.filter((_, i) => {
    if (folio[i] || header?.[i]) return false;
    const k = keys[i];
    if (k === null || k === undefined) return true;
    const seen = counts.get(k.key) ?? 0;
    // a running header of a navigation link and the registrant's name, once it is printed on two pages
    if (navHeader(i)) return false;
    // a page footer naming the form is furniture once it is printed on two pages (the others need four)
    if (k.numbered && seen >= 2 && FORM_FOOTER.test(k.key)) return false;
    // under 3, a block is kept whatever it says
    if (seen < 3) return true;
    if (NAV_LINK.test(k.key)) return false;
    return !(k.numbered && seen >= 4);
  });
}
