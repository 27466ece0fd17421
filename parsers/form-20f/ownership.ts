import type { Form20fSection } from './items.ts';

/**
 * Item 7.A "Major Shareholders" -> one row per holder of the table that lists them. Tables arrive as
 * blocks whose cells are joined by ` | ` (items splitter). Rules:
 * - the subsection runs from the "Major Shareholders" heading (or Item 7's start) to the next lettered
 *   heading ("B. Related Party Transactions");
 * - a holder table is a run of rows under a header that names a holder column (name, shareholder, holder,
 *   owner); header rows may wrap over several blocks, which are aligned on their right edge;
 * - a data row starts with a name (letters, not a date or a total) and has a share count or a percentage;
 *   a `%` cell under a header word "voting" is the voting percentage, another `%` cell the ownership one;
 *   a bare number in a column whose header says % / percent is a percentage ("5.5" under "% of ...");
 * - a dual-class table (per-class "Number | %" pairs beside a percentage-of-total / as-converted column):
 *   the total is the ownership percentage, the column headed by voting power the voting one, and the
 *   shares are the sum of the class counts (`classColumns`);
 * - a table of holders **of record by country** (United States / Canada / Other with counts of holders) is a
 *   geography of the register, not a list of holders: a table whose header names a place column (country,
 *   region, jurisdiction, location, residence) or a count of holders ("number of holders", "holders of
 *   record", "registered holders"), or that follows a sentence about holders of record or registered
 *   holders, gives no rows;
 * - a sentence saying no one holds 5% or more (not "other than the holders below, no one ...") means zero
 *   ownership rows, whatever tables follow; it is reported as a warning that quotes it.
 * No table with a holder column -> no rows and a warning (a narrative Item 7.A, a share-movement table).
 */

export interface OwnershipRow {
  holder_name: string;
  shares: string | null;
  ownership_pct: string | null;
  voting_pct: string | null;
  row_text: string;
}

const SUBSECTION_START = /^(?:7\.?\s*)?A\.?\s*(?:\|\s*)?Major\s+Shareholders\b/i;
const NEXT_LETTER = /^(?:7\.?\s*)?[B-C]\.?\s*(?:\||\s)\s*\S/;
/** A holder column's heading word; "Identity of Person or Group" is Regulation S-K's own holder heading. */
const HOLDER_WORD = /\b(name|shareholders?|holders?|owners?|beneficial(?:ly)?|identity\s+of\s+persons?)\b/i;
const NOT_A_NAME = /^(as of|as at|total|number of|sold|purchase|adjustment|\(\d+\)|\*|note)/i;
const DATE_LIKE =
  /^(january|february|march|april|may|june|july|august|september|october|november|december)\b|^\d{4}$/i;
/** Below the table's threshold: "*" or "[*]" (less than 1%), Nil, None, n/a, a dash. */
const NO_VALUE = /^(?:\*+|\[\*+\]|nil|none|n\/a|[-\u2013\u2014])$/i;
/** A percentage cell; one in parentheses, `(17.5%)` under its count, is a percentage too. */
const PERCENT = /^(?:less than\s+)?\(?(\d{1,3}(?:\.\d+)?)\s*%/i;
/**
 * A share count, with a footnote mark after it: `(2)`, or a bare one- or two-digit number (`12,825,885 1`).
 * A count of 0 is a share count too: a director holding no shares (`Assaf Zipori | 0 | *`, Kornit FY2025)
 * is a row of the table below its threshold, not a header line.
 */
const SHARES = /^(\d{1,3}(?:,\d{3})+|\d{4,}|0)(?:\s*\(\w{1,3}\))*(?:\s+\d{1,2})?$/;
/** A header of the register's geography: a place column, or a count of holders. */
const GEOGRAPHY_HEADER =
  /\b(?:country|countries|region|jurisdiction|location|residence|domicile|geographic(?:al)?)\b|\bnumber\s+of\s+(?:record\s+|registered\s+)?(?:share)?holders\b|\b(?:holders?|shareholders?)\s+of\s+record\b|\b(?:record|registered)\s+(?:share)?holders\b/i;
/** The sentence before a table speaks of the register (holders of record), not of major holders. */
const REGISTER_SENTENCE =
  /\b(?:holders?|shareholders?)\s+of\s+record\b|\b(?:record|registered)\s+(?:share)?holders\b|\bheld\s+of\s+record\b/i;
/** A header column of beneficial ownership: a holder table, whatever sentence precedes it. */
const BENEFICIAL_HEADER = /\bbeneficial(?:ly)?\b/i;
const FIVE_PERCENT = /\b(?:5|five)(?:\.0+)?\s*(?:%|per\s?cent)/i;
const NOBODY =
  /\b(?:no\s+(?:person|persons|one|entity|entities|shareholders?|holders?|beneficial\s+owners?)|not\s+aware\s+of\s+any|none\s+of\s+(?:our|the)\s+(?:share)?holders|there\s+(?:is|are|were)\s+no)\b/i;
const QUALIFIED = /\b(?:other\s+than|except|besides|apart\s+from|save\s+for)\b/i;

/** The sentence of a block saying no one holds 5% or more, when it says so unqualified. */
export function nobodyHoldsFivePercent(block: string): string | null {
  for (const sentence of block.split(/(?<=\.)\s+(?=[A-Z])/)) {
    if (NOBODY.test(sentence) && FIVE_PERCENT.test(sentence) && !QUALIFIED.test(sentence))
      return sentence.trim();
  }
  return null;
}

export function majorShareholders(sections: Form20fSection[]): { rows: OwnershipRow[]; warnings: string[] } {
  const item7 = sections.find((s) => s.code === 'Item-7');
  if (!item7) return { rows: [], warnings: ['no Item 7 (Major Shareholders) in the document'] };
  let from = item7.blocks.findIndex((b) => SUBSECTION_START.test(b));
  if (from < 0) from = 0;
  let to = item7.blocks.length;
  for (let i = from + 1; i < item7.blocks.length; i++) {
    if (NEXT_LETTER.test(item7.blocks[i]!) && item7.blocks[i]!.length < 120) {
      to = i;
      break;
    }
  }
  const blocks = cellPerBlockRows(item7.blocks.slice(from, to));
  const warnings: string[] = [];
  for (const block of blocks) {
    if (block.includes(' | ')) continue;
    const nobody = nobodyHoldsFivePercent(block);
    if (nobody) {
      warnings.push(`Item 7.A: no holder of 5% or more ("${nobody.slice(0, 200)}"): no ownership rows`);
      return { rows: [], warnings };
    }
  }
  const tableRows = holderTableRows(blocks, warnings);
  const major = tableRows.filter(isMajorHolder);
  if (major.length < tableRows.length)
    warnings.push(
      `Item 7.A: ${tableRows.length - major.length} of the holder table's ${tableRows.length} rows left out (below 5%, or a group total)`,
    );
  const rows = oneRowPerHolder(major, warnings);
  if (tableRows.length === 0 && warnings.length === 0) {
    const prose = proseHolders(blocks);
    if (prose.length > 0) return { rows: prose, warnings };
    const named = namedMajorShareholder(blocks);
    if (named) return { rows: [named], warnings };
  }
  if (rows.length === 0 && warnings.length === 0) {
    const ref = referredItem(blocks);
    if (ref) return referredHolders(sections, ref);
  }
  if (rows.length === 0 && warnings.length === 0)
    warnings.push('Item 7.A has no table of holders (a holder-name column with share counts or percentages)');
  return { rows, warnings };
}

/** A block that is one table cell's value: a share count, a percentage, or "*" / a dash (below threshold). */
const VALUE_BLOCK =
  /^(?:\(?\d{1,3}(?:\.\d+)?\s*%\)?|\d{1,3}(?:,\d{3})+(?:\s*\(\w{1,3}\))*|\d{4,}|\*+|[-\u2013\u2014])$/;
/** A short block that can name a holder: it opens with a capital letter and is not a sentence. */
const NAME_BLOCK = /^[A-Z][^|]{0,78}$/;
/** A footnote block after a table: "*" or a footnote mark opening it ("* Based on ...", "(1)"). */
const FOOTNOTE_BLOCK = /^(?:\*|\(\w{1,3}\))/;

/**
 * A table whose cells arrive one per block (a text rendering that writes every phrase and cell as its own
 * paragraph, Diana Shipping FY2025: "Semiramis Paliou (1)" / "27,809,560" / "21.5%"), in an Item 7.A with
 * no row of cells joined by ` | `: a short block opening with a capital letter and followed by value blocks
 * (a count, a percentage, "*") is a row, joined to them by ` | `; a block that is only an initial ("F.")
 * just before such a row is the first word of its name ("F. Laeisz GmbH"); the rows end at the first
 * footnote block ("* Based on ...", "(1)"). Fewer than two such rows: the blocks are prose, left as they are.
 */
export function cellPerBlockRows(blocks: string[]): string[] {
  if (blocks.some((b) => b.includes(' | '))) return blocks;
  const isValue = (b: string | undefined) => b !== undefined && VALUE_BLOCK.test(b.trim());
  const rowAt = (i: number) =>
    NAME_BLOCK.test(blocks[i]!.trim()) && !isValue(blocks[i]) && isValue(blocks[i + 1]);
  const first = blocks.findIndex((_, i) => rowAt(i));
  if (first < 0) return blocks;
  const out = blocks.slice(0, first);
  let rows = 0;
  let initial = '';
  let i = first;
  for (; i < blocks.length; i++) {
    const b = blocks[i]!.trim();
    if (FOOTNOTE_BLOCK.test(b)) break;
    if (/^[A-Z]\.$/.test(b) && i + 1 < blocks.length && rowAt(i + 1)) {
      initial = `${b} `;
      continue;
    }
    if (!rowAt(i)) {
      out.push(blocks[i]!);
      continue;
    }
    const cells = [initial + b];
    initial = '';
    while (isValue(blocks[i + 1])) cells.push(blocks[++i]!.trim());
    out.push(cells.join(' | '));
    rows++;
  }
  return rows < 2 ? blocks : [...out, ...blocks.slice(i)];
}

/**
 * One row per holder: a row repeating an earlier row's holder name and share count is that holder listed
 * again in another section of the table (Namib Minerals' 2025 shell 20-F lists its CFO under "Directors"
 * and again under "Five Percent Holders"), not a second holder.
 */
export function oneRowPerHolder(rows: OwnershipRow[], warnings: string[]): OwnershipRow[] {
  const seen = new Set<string>();
  const out = rows.filter((r) => {
    const key = `${r.holder_name.toLowerCase()}|${r.shares ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (out.length < rows.length)
    warnings.push(
      `Item 7.A: ${rows.length - out.length} row(s) repeating a holder already listed (same name and share count) left out`,
    );
  return out;
}

/**
 * Item 7.A lists holders of 5% or more: a table row whose percentage is below 5, or is only "*" (less than
 * 1%), is a director's row of a combined table, and a row naming a group ("... as a group") is a total of
 * holders, not one holder. A row with no percentage cell at all (shares only) is kept. A row with no
 * percentage of all shares (Lions Gate's per-class table) is a holder when any class percentage is 5 or more;
 * so is a dual-class row beside total columns (its "Number | %" pairs: 5% of one class, totals below 5).
 */
export function isMajorHolder(row: OwnershipRow): boolean {
  if (/\bas\s+a\s+group\b/i.test(row.holder_name)) return false;
  const pct = [row.ownership_pct, row.voting_pct].filter((p): p is string => p !== null).map(Number);
  // a dual-class row's percent of each class counts too: 5% of one class makes a holder even when its
  // totals are below 5 (FMR LLC, Yandex FY2023: 5.51% of Class A, 4.96% by number, 2.63% of the votes)
  pct.push(...(CLASS_PERCENTS.get(row) ?? []));
  // no percentage of all shares (a per-class table): a holder of 5% or more of any class is listed
  if (row.ownership_pct === null)
    for (const c of row.row_text.split(' | ').slice(1)) {
      const m = PERCENT.exec(c.trim());
      if (m) pct.push(Number(m[1]));
    }
  if (pct.length > 0) return Math.max(...pct) >= 5;
  // the row's cells as the table reader reads them: a run of empty padding cells ("| |") is no cell
  return !rowCells(row.row_text)
    .slice(1)
    .some((c) => /^\[?\*+\]?$/.test(c.trim()));
}

/**
 * A holder named in prose (an Item 7.A with no holder table): a sentence whose subject is a name and whose
 * verb is holds / owns / beneficially owns, with a percentage of 5% or more ("Mas Alpha holds 302,196 shares
 * of our ordinary shares, which reflects approximately 5.6% of ..."). The share count is the sentence's
 * first number followed by "shares"; a one-line heading just before the sentence that starts with the
 * subject's words is the holder's full name. Sentences about holders of record (the register) are not read.
 */
const PROSE_HOLDER =
  /^((?:[A-Z][\w&.'\u2019-]*,?\s+){0,7}?[A-Z][\w&.'\u2019-]*)\s+(?:(?:currently|directly|indirectly|beneficially|together)\s+)*(?:holds|owns|owned|held|is\s+the\s+(?:registered\s+|beneficial\s+)?(?:owner|holder)\s+of)\b(.*)$/;
const NOT_A_SUBJECT =
  /^(?:we|our|the|this|these|those|such|each|all|none|no|any|it|its|they|their|he|she|as|to|in|of|for|based)\b/i;
const PROSE_PERCENT = /(\d{1,3}(?:\.\d+)?)\s*(?:%|per\s?cent\b)/i;
const PROSE_SHARES = /\b(\d{1,3}(?:,\d{3})+|\d{4,})\s+(?:[A-Za-z-]+\s+){0,3}?shares\b/i;

export function proseHolders(blocks: string[]): OwnershipRow[] {
  const rows: OwnershipRow[] = [];
  let previous = '';
  for (const block of blocks) {
    if (block.includes(' | ')) {
      previous = '';
      continue;
    }
    for (const sentence of block.split(/(?<=[.;])\s+(?=[A-Z])/)) {
      const m = PROSE_HOLDER.exec(sentence.trim());
      if (!m || NOT_A_SUBJECT.test(m[1]!) || REGISTER_SENTENCE.test(sentence)) continue;
      const pct = PROSE_PERCENT.exec(m[2]!);
      if (!pct || Number(pct[1]) < 5 || Number(pct[1]) > 100) continue;
      const shares = PROSE_SHARES.exec(m[2]!)?.[1]?.replace(/,/g, '') ?? null;
      const subject = m[1]!.replace(/,$/, '');
      const heading = previous.trim();
      const name =
        heading.length < 100 && !/[.;:]$/.test(heading) && heading.startsWith(`${subject} `)
          ? heading
          : subject;
      rows.push({
        holder_name: name,
        shares,
        ownership_pct: pct[1]!,
        voting_pct: null,
        row_text: sentence.trim(),
      });
    }
    previous = block;
  }
  return rows;
}

/**
 * A major shareholder named in a sentence ("The remaining major shareholder is the Dutch association
 * "Vereniging AEGON"", AEGON FY2000), in an Item 7.A with no holder table: the name is the quoted name of
 * the clause after "is", else its words up to the comma. Its holding is read from a table of movements of
 * that holding (rows from "As of <date>" to "As of <date>"): the last dated row's last share count and the
 * percentage (a number of at most 100) after it.
 */
const NAMED_MAJOR =
  /\b(?:remaining|only|sole|principal|largest|controlling)?\s*major\s+shareholder\s+is\s+(?:the\s+)?([^.;]+)/i;

export function namedMajorShareholder(blocks: string[]): OwnershipRow | null {
  for (const [i, block] of blocks.entries()) {
    if (block.includes(' | ')) continue;
    const m = NAMED_MAJOR.exec(block);
    if (!m) continue;
    const clause = m[1]!;
    const quoted = /["\u201c]([^"\u201d]{3,80})["\u201d]/.exec(clause.split(',')[0]!);
    const name = (quoted?.[1] ?? clause.split(',')[0]!).trim();
    if (!/^[A-Z]/.test(name) || name.length > 80) continue;
    let shares: string | null = null;
    let pct: string | null = null;
    for (const row of blocks.slice(i + 1)) {
      if (!row.includes(' | ')) continue;
      const cells = rowCells(row);
      if (!/^As\s+(?:of|at)\s/i.test(cells[0]!)) continue;
      const last = cells.map((c) => SHARES.test(c)).lastIndexOf(true);
      const after = cells[last + 1];
      if (
        last > 0 &&
        after !== undefined &&
        /^\d{1,3}(?:\.\d+)?%?$/.test(after) &&
        Number.parseFloat(after) <= 100
      ) {
        shares = SHARES.exec(cells[last]!)![1]!.replace(/,/g, '');
        pct = after.replace('%', '');
      }
    }
    return { holder_name: name, shares, ownership_pct: pct, voting_pct: null, row_text: m[0].trim() };
  }
  return null;
}

/** `Please refer to Item 6.E` / `see Item 6.E`: the item and sub-item 7.A sends its reader to. */
const REFERS_TO =
  /\b(?:refer(?:red)?\s+to|see|set\s+(?:forth|out)\s+(?:in|under)|described\s+(?:in|under))\s+["“‘]?\s*Item\s*(\d{1,2})\s*\.?\s*([A-J])\b/i;

export function referredItem(blocks: string[]): { item: string; letter: string; text: string } | null {
  for (const block of blocks) {
    if (block.includes(' | ')) continue;
    const m = REFERS_TO.exec(block);
    if (m && m[1] !== '7') return { item: m[1]!, letter: m[2]!.toUpperCase(), text: block.trim() };
  }
  return null;
}

/** A lettered subsection (`E. | Share Ownership`) of an item: its heading to the next lettered heading. */
export function subsectionBlocks(section: Form20fSection, letter: string): string[] | null {
  const head = new RegExp(`^(?:\\d{1,2}\\.?\\s*)?${letter}\\.?\\s*(?:\\||\\s)\\s*\\S`);
  const from = section.blocks.findIndex((b) => head.test(b) && b.length < 120);
  if (from < 0) return null;
  let to = section.blocks.length;
  for (let i = from + 1; i < section.blocks.length; i++) {
    const b = section.blocks[i]!;
    if (/^(?:\d{1,2}\.?\s*)?[A-J]\.?\s*(?:\||\s)\s*\S/.test(b) && b.length < 120 && !head.test(b)) {
      to = i;
      break;
    }
  }
  return section.blocks.slice(from, to);
}

/**
 * Item 7.A that sends its reader to another item for its holders (A-Power: "Please refer to Item 6.E,
 * Directors, Senior Management and Employees - Share Ownership") takes its holders from that subsection's
 * holder table, keeping the rows of 5% or more (Item 7.A lists holders of 5% or more; Item 6.E's table
 * also lists directors below 1%); without the subsection, no rows and a warning naming the reference.
 */
export function referredHolders(
  sections: Form20fSection[],
  ref: { item: string; letter: string; text: string },
): { rows: OwnershipRow[]; warnings: string[] } {
  const name = `Item ${ref.item}.${ref.letter}`;
  const quote = ref.text.slice(0, 160);
  const section = sections.find((s) => s.code === `Item-${ref.item}`);
  const blocks = section ? subsectionBlocks(section, ref.letter) : null;
  if (!blocks)
    return {
      rows: [],
      warnings: [
        `Item 7.A refers to ${name} for its holders ("${quote}"); the document holds no ${name}: no rows`,
      ],
    };
  const inner: string[] = [];
  const all = holderTableRows(blocks, inner);
  const rows = oneRowPerHolder(
    all.filter((r) => Number(r.ownership_pct ?? r.voting_pct ?? 0) >= 5),
    inner,
  );
  return {
    rows,
    warnings: [
      `Item 7.A refers to ${name} for its holders ("${quote}"): ${rows.length} of its ${all.length} table rows hold 5% or more`,
      ...inner,
    ],
  };
}

/** The rows of the holder tables among a subsection's blocks (geography tables excluded, with a warning). */
/**
 * An Item 7.A that announces its table of beneficial owners ("The following table sets forth ... the
 * beneficial ownership ...") makes a header of a share-count or percentage column a holder table even when
 * the header names no holder column (InMode FY2025: "Number of Ordinary Shares | Percentage").
 */
const ANNOUNCES_TABLE = /\bfollowing\s+table\b[^.]*\bbeneficial(?:ly)?\s+own/i;
const COUNT_HEADER = /\b(?:number|shares?|percent(?:age)?)\b|%/i;

function holderTableRows(blocks: string[], warnings: string[]): OwnershipRow[] {
  const announced = blocks.some((b) => !b.includes(' | ') && ANNOUNCES_TABLE.test(b));
  const rows: OwnershipRow[] = [];
  let header: string[] = [];
  let headerWidth = 0;
  let inTable = false;
  let geography = false;
  let sentence = '';
  // short one-cell lines just before a table: a header whose cells did not survive as columns (A-Power's
  // "Shares Beneficially Owned (1)" over "Number | %", read as two one-cell lines)
  let headerLines: string[] = [];
  // every heading of the current table: its one-cell lines and its header rows' cells, in order
  let headings: string[] = [];
  for (const block of blocks) {
    if (!block.includes(' | ')) {
      if (inTable && block.length > 200) inTable = false;
      if (!inTable) {
        header = [];
        headerWidth = 0;
        geography = false;
        headings = [];
      }
      if (block.length > 40) sentence = block;
      // a short label ending in ":" ("Directors and Executive Officers:") is a row group, not a header
      if (block.length < 80 && /:$/.test(block.trim())) continue;
      if (block.length < 80 && !/[.;]$/.test(block.trim())) headerLines.push(block);
      else headerLines = [];
      continue;
    }
    const cells = rowCells(block);
    const numeric = cells.slice(1).some((c) => PERCENT.test(c) || SHARES.test(c));
    if (numeric && !inTable && header.length === 0 && HOLDER_WORD.test(headerLines.join(' '))) inTable = true;
    // one-cell lines just before a table's first row, as many as its cells, are its header's columns in
    // order (the page store writes each header cell on a line of its own)
    if (numeric && header.length === 0 && headerLines.length > 1 && headerLines.length === cells.length) {
      header = [...headerLines];
      headerWidth = cells.length;
    }
    if (!numeric || header.length === 0) headings.push(...headerLines);
    if (!numeric) headings.push(...cells);
    headerLines = [];
    // a holder below the table's threshold: "*" (less than 1%), "Nil", a dash; a row of the table, not a header
    if (!numeric && inTable && cells.length > 1 && cells.slice(1).every((c) => NO_VALUE.test(c))) continue;
    if (!numeric) {
      if (/^\(\w{1,3}\)$/.test(cells[0]!)) continue; // a footnote row
      header = mergeHeader(header, cells);
      headerWidth = Math.max(headerWidth, cells.length);
      // one-cell heading lines over a header row of "Number | %" (a page-store table's spanning headings)
      // name its holder column as well as the row's own cells
      inTable = HOLDER_WORD.test(headings.join(' ')) || (announced && COUNT_HEADER.test(header.join(' ')));
      if (
        GEOGRAPHY_HEADER.test(header.join(' ')) ||
        (REGISTER_SENTENCE.test(lastSentence(sentence)) && !BENEFICIAL_HEADER.test(header.join(' ')))
      )
        geography = true;
      continue;
    }
    if (!inTable && !geography && REGISTER_SENTENCE.test(lastSentence(sentence))) geography = true;
    if (geography) {
      if (!warnings.some((w) => w.startsWith('Item 7.A: a table of holders of record')))
        warnings.push(
          "Item 7.A: a table of holders of record by country (the register's geography) is not a list of holders: no rows from it",
        );
      continue;
    }
    if (!inTable) continue;
    const row = classColumns(cells, headings, block) ?? dataRow(cells, header, headerWidth, block);
    if (!row) continue;
    // a name column headed "... Address": a holder's entry runs from its name line to the first line holding
    // its percentage; the lines between are its address, whose counts add to its shares
    const open = rows.at(-1);
    if (
      /\baddress\b/i.test(header[0] ?? '') &&
      open !== undefined &&
      open.ownership_pct === null &&
      open.voting_pct === null
    ) {
      if (row.shares !== null) open.shares = String(Number(open.shares ?? 0) + Number(row.shares));
      open.ownership_pct = row.ownership_pct;
      open.voting_pct = row.voting_pct;
      open.row_text += `\n${block}`;
      continue;
    }
    rows.push(row);
  }
  return rows;
}

/**
 * A row's cells: an empty cell is padding, not a column; a cell that is only `%` is the visual half of the percentage before it (`15.0 | %`), and a
 * cell that is only a footnote mark (`(3)`) after the name belongs to its neighbour; both are glued away.
 */
function rowCells(block: string): string[] {
  const cells: string[] = [];
  for (const raw of block.split(' | ')) {
    // a run of empty cells splits into bare pipes (`| | |`): they are padding too
    const c = raw.trim().replace(/^(?:\|\s*)+|(?:\s*\|)+$/g, '');
    if (c === '') continue; // an empty spacer cell (capedge's ` | | | ` padding) is no column
    if (cells.length > 0 && /^%$/.test(c)) cells[cells.length - 1] += '%';
    else if (cells.length > 0 && /^\(\d{1,2}\)$/.test(c)) continue;
    else cells.push(c);
  }
  return cells;
}

/** The last sentence of a block: what introduces the table after it. */
function lastSentence(block: string): string {
  const parts = block.split(/(?<=[.:])\s+(?=[A-Z])/);
  return parts.at(-1) ?? '';
}

/** Header rows wrapped over several blocks: cells aligned on the right edge and joined per column. */
function mergeHeader(prev: string[], cells: string[]): string[] {
  const width = Math.max(prev.length, cells.length);
  const pad = (xs: string[]) => [...new Array<string>(width - xs.length).fill(''), ...xs];
  const a = pad(prev);
  const b = pad(cells);
  return a.map((x, i) => `${x} ${b[i]}`.trim());
}

/**
 * A row's first cell as a holder's name (footnote marks, "*" and a trailing comma cut), or null when it
 * names no holder.
 */
function holderName(cell: string): string | null {
  const name = cell
    .replace(/\s*\(\w{1,3}\)(\s*\(\w{1,3}\))*\s*$/, '')
    .replace(/\s*\*+$/, '')
    // a digit or two glued to a name's last letter or period is a footnote mark ('FMR LLC5', 'M.D.3')
    .replace(/(?<=[A-Za-z.])\d{1,2}$/, '')
    // the comma ending the name line of a name-and-address cell ('VR Capital Group Ltd., (2)')
    .replace(/\s*,$/, '')
    .trim();
  if (!/[A-Za-z]{2}/.test(name) || NOT_A_NAME.test(name) || DATE_LIKE.test(name) || name.length > 150)
    return null;
  return name;
}

function dataRow(cells: string[], header: string[], width: number, text: string): OwnershipRow | null {
  const name = holderName(cells[0]!);
  if (name === null) return null;
  // Right-align the row on the header so a column's words describe its cell (a row longer than its header,
  // whose header has no name column, puts its extra cells on the left).
  const offset = width - cells.length;
  // value columns one per year ("... Owned October 2017 (%)" ... "October 2019 (%)"): the latest year's
  // column is the holding; the earlier ones are past holdings, not read
  const years = header.slice(1).map((h) => Number(/\b(?:19|20)\d{2}\b/.exec(h)?.[0] ?? 0));
  const latest = new Set(years.filter((y) => y > 0)).size > 1 ? Math.max(...years) : 0;
  let shares: string | null = null;
  let ownership: string | null = null;
  let voting: string | null = null;
  cells.slice(1).forEach((cell, k) => {
    const col = header[offset + k + 1] ?? '';
    if (latest > 0 && years[offset + k] !== latest) return;
    // a bare number in a column whose header says % / percent is a percentage ("5.5" under "% of ...")
    const pct =
      PERCENT.exec(cell) ??
      (PERCENT_COLUMN.test(col) && !COUNT_COLUMN.test(col) ? BARE_PERCENT.exec(cell) : null);
    if (pct) {
      const value = /^less than/i.test(cell) ? null : pct[1]!;
      if (/voting/i.test(col) && !/outstanding|shares/i.test(col)) voting ??= value;
      else if (ownership === null) ownership = value;
      else voting ??= value;
      return;
    }
    const sh = SHARES.exec(cell);
    if (sh && shares === null) shares = sh[1]!.replace(/,/g, '');
  });
  if (shares === null && ownership === null && voting === null) return null;
  return { holder_name: name, shares, ownership_pct: ownership, voting_pct: voting, row_text: text };
}

const PERCENT_COLUMN = /%|\bper\s?cent(?:age)?\b/i;
const COUNT_COLUMN = /\bnumber\b|\bshares\s*$/i;
const BARE_PERCENT = /^(\d{1,3}(?:\.\d+)?)$/;
const DASH = /^[-\u2013\u2014]$/;
/** A heading of a percentage of total (or as-converted) shares. */
const TOTAL_HEADING = /\btotal\b|\bas[-\s]+converted\b/i;
/** A heading naming a percentage column of its own (not the bare "%" of a "Number | %" pair). */
const OWN_PERCENT_HEADING = /^(?=.*(?:%|\bper\s?cent(?:age)?\b))(?=.*[a-z]{4})(?!number\b)/i;

/**
 * A dual-class table (Moatable 2025: Class A "Number | %", Class B "Number | %", "Percentage of total
 * ordinary shares on an as converted basis", "Percentage of aggregate voting power", ADS "Number | %"): where
 * the header has a percentage-of-total heading and a row holds two or more "Number | %" pairs (a share count
 * or a dash, then its percent of class), a percentage standing alone is a column of its own: the
 * standalone percentages take, in order, the header's own percentage headings (voting power -> voting_pct,
 * the total / as converted -> ownership_pct), and the row's shares are the sum of the class counts before
 * them (an ADS pair after them counts the same Class A shares). Per-class pairs with no total column (Lions
 * Gate 2020: "Class A Voting Shares" / "Class B Non-Voting Shares", "Number of Shares | % of Class" each),
 * one pair per class heading: the shares are the sum of the class counts, no ownership percentage (each is
 * of one class), and the voting percentage is the percent of the only class headed as voting when every
 * other class is headed non-voting. Other tables -> null (read by position).
 */
function classColumns(cells: string[], headings: string[], text: string): OwnershipRow | null {
  // sub-headings "By Voting (Power)" / "By Number of (Shares)" under a total heading name the standalone
  // percentages, in their order (Nebius FY2025: "Total Percentage" over "By Voting Power(1)" and "By Number of Shares")
  const by = headings.filter((h) => /^by\s+(?:voting|number)\b/i.test(h));
  const percentHeadings = headings.filter((h) => OWN_PERCENT_HEADING.test(h));
  const own = by.length > 0 ? by : percentHeadings;
  const total = percentHeadings.some((h) => TOTAL_HEADING.test(h));
  const classes = headings.filter((h) => CLASS_HEADING.test(h));
  if (!total && classes.length < 2) return null;
  const values = cells.slice(1);
  const pairs: { count: string; pct: string; beforeAlone: boolean }[] = [];
  const alone: string[] = [];
  for (let k = 0; k < values.length; k++) {
    const c = values[k]!;
    const next = values[k + 1];
    if (
      (SHARES.test(c) || DASH.test(c)) &&
      next !== undefined &&
      (PERCENT.test(next) || NO_VALUE.test(next))
    ) {
      pairs.push({ count: c, pct: next, beforeAlone: alone.length === 0 });
      k++;
    } else if (PERCENT.test(c) || NO_VALUE.test(c)) alone.push(c);
  }
  if (pairs.length < 2 || (total ? alone.length === 0 : alone.length > 0 || pairs.length !== classes.length))
    return null;
  const name = holderName(cells[0]!);
  if (name === null) return null;
  const row: OwnershipRow = {
    holder_name: name,
    shares: null,
    ownership_pct: null,
    voting_pct: null,
    row_text: text,
  };
  const value = (c: string) => {
    const m = PERCENT.exec(c);
    return m && !/^less than/i.test(c) ? m[1]! : null;
  };
  alone.forEach((c, i) => {
    const heading = own[i] ?? '';
    if (/\bvoting\b/i.test(heading)) row.voting_pct ??= value(c);
    else if (row.ownership_pct === null) row.ownership_pct = value(c);
    else row.voting_pct ??= value(c);
  });
  // no total column: each percentage is of one class, so none is of all shares; the one class headed as
  // voting where every other is headed non-voting gives the percentage of the votes
  if (!total) {
    const voting = classes.filter((h) => VOTING_CLASS.test(h) && !NON_VOTING.test(h));
    if (voting.length === 1 && classes.every((h) => h === voting[0] || NON_VOTING.test(h)))
      row.voting_pct = value(pairs[classes.indexOf(voting[0]!)]!.pct);
  }
  let sum = 0;
  for (const p of pairs)
    if (p.beforeAlone && !DASH.test(p.count)) sum += Number(SHARES.exec(p.count)![1]!.replace(/,/g, ''));
  row.shares = sum > 0 ? String(sum) : null;
  CLASS_PERCENTS.set(
    row,
    pairs.map((p) => value(p.pct)).flatMap((v) => (v === null ? [] : [Number(v)])),
  );
  return row;
}

/**
 * Each dual-class row's percentages of one class (its "Number | %" pairs), kept beside the row for
 * `isMajorHolder`: Item 7.A lists holders of 5% or more of each class, whatever their totals.
 */
const CLASS_PERCENTS = new WeakMap<OwnershipRow, number[]>();

/** A heading of one class's columns ("Class A Voting Shares", "Class B Non-Voting Shares"). */
const CLASS_HEADING = /^class\s+[A-Z0-9]{1,2}\b/i;
const VOTING_CLASS = /\bvoting\b/i;
const NON_VOTING = /\bnon[-\s]?voting\b/i;
