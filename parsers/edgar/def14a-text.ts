import { ParseError } from '../../lib/errors.ts';
import type { OwnerKind, ProxyOwnershipRow } from './def14a.ts';

/**
 * The beneficial-ownership table of a proxy statement (or of a 10-K's Item 12 / 10-KSB's Item 11, which prints
 * the same Item 403 table) served as plain text: EDGAR's text era (1993-2000s) and text-only submissions.
 * Every rule is a statement about the plain-text format, never about a filer:
 * - A line that begins `- ` before a dash is EDGAR's escape of a leading dash, so the two characters are dropped
 *   (the column rules then line up with the header again); tabs are 8 columns; SGML `<TABLE>`/`<CAPTION>`/
 *   `<PAGE>` tag lines carry no text.
 * - The table's header is the block of at most six non-blank lines right above a rule line (runs of `-`, `_`
 *   or `=`, or the `<S>`/`<C>` column-marker line) whose words name the owner, a share amount and a percent;
 *   a header wrapped over several lines is joined column by column.
 * - The columns are the runs of the rule line (or the spans between `<S>`/`<C>` markers); a header word
 *   belongs to every column its characters lie over, and a figure to the column it overlaps most.
 * - A figure is a share count, a percent (`%` glued or apart), `*` (less than 1%), `-0-` or a dash; a line's
 *   figures are the trailing cells set off by two or more spaces, its text the rest.
 * - Holders are blocks of lines separated by blank lines: the block's first line is the name (joined with the
 *   next when it ends in a connective), the other lines are the address, and the figures may stand on any
 *   line of the block; in a table without blank lines each figure line is a holder, and a figure line whose
 *   text begins in lower case continues the name above it.
 * - A figure-less line naming a section (five percent holders, directors and executive officers) sets the
 *   section of the holders below it.
 * - The table ends at the next rule line, footnote line (`(1) ...`, `* Less than ...`), `</TABLE>` or prose line.
 * - A text whose lines begin with `|` rules its cells with `|` (a table rendered as text): the cells are read
 *   in order, a text cell after a figure begins the next holder, the first line of a cell is the name, and the
 *   figures fill the header's figure columns in order.
 * - Two share classes side by side: class names printed above the figure columns (one per pair of share and
 *   percent columns) give each pair its `security_class`; otherwise the share column's header names the class.
 * - A digit glued to a name's last letter or period (`Inc.4`, `LLC5`) is a footnote mark, like `(3)`.
 * - Owner kind: a name with "as a group" is `insider_group`; a section row decides when there is one; else
 *   the group row's members are the holders whose shares add up exactly to the group's shares (with the
 *   printed count of persons when there is one, and only when one set does): they are insiders and the
 *   others major holders; else a holder of 5% or more of any class is a major holder (in every class).
 * - The `<S>`/`<C>` marker line right under a rule line belongs to the header; a `<C>` that starts inside the name
 *   column's rule run starts the address printed beside the name (text from there on is not the name).
 * - The name column is the first whose header names the owner; a column headed "Title of Class" holds the class
 *   of its row's securities and of the rows below it, until the next class.
 * - A footnote mark standing apart after a figure (`12,761,411    (1)`) belongs to that figure.
 * - The name goes on below its figure line on lines that begin with a lower-case word, or on a line hanging
 *   deeper than the name above lines that return to the name's indentation; a dot leader ends the name, and a
 *   figure line ending in one takes every line of the block above it as the name.
 * - Share columns without a percent of their own, beside one that has it and no class to tell them apart, are
 *   the parts of that holding (shares held, options exercisable, ... total): the holding is the paired one.
 * - Item 403's two parts: a table whose lead-in (the paragraph above its header) names only holders of more
 *   than 5% lists major holders, and a table printed after it with no lead-in of its own (only `</TABLE>`,
 *   footnotes, a page number or `<PAGE>` between them) is management's: insiders.
 * A table whose figures cannot be placed under its columns is refused whole (ParseError), never half read.
 */

const FIGURE =
  /^(?:\$?\d{1,3}(?:,\d{3})+(?:\.\d+)?|\$?\d+(?:\.\d+)?)\s*%?(?:\s*\(\d+\))*$|^\*+$|^-0-$|^[—–-]{1,3}$|^none$/i;
const RULE = /^\s*[-_=]{3,}(?:\s+[-_=]{3,})*$/;
/** tag lines that carry no text; `</TABLE>` stays: it ends a table */
const SGML_TAG_LINE =
  /^\s*(?:<(?:TABLE|CAPTION|PAGE|FN|DOCUMENT|TEXT)>|<\/(?:CAPTION|FN|DOCUMENT|TEXT)>)\s*$/i;
const MARKERS = /^\s*<S>(?:\s+<C>)+\s*$/i;
const OWNER_WORD = /\bname\b|\bowner\b|\bholder\b|\bstockholder|\bshareholder/i;
const SHARES_WORD = /shares|amount|number|owned|beneficial|holdings/i;
const PERCENT_WORD = /percent|%/i;
const CLASS_WORD = /\b(?:class|series|common|preferred|ordinary|voting)\b/i;
const CONNECTIVE = /(?:\band|\bof|\bor|&)$/i;
const MAJOR_SECTION =
  /five\s+percent|5\s*%|more than 5|principal (?:share|stock)holders|beneficial owners of more/i;
const INSIDER_SECTION = /^(?:the\s+)?(?:directors|executive officers|named executive|management)\b/i;
const FOOTNOTE_LINE = /^\s*(?:\(\d+\)|\*+)\s+\S/;

interface Cell {
  text: string;
  start: number;
  end: number;
}

interface Column {
  start: number;
  end: number;
  header: string[];
  classHeader: string[];
  kind: 'name' | 'shares' | 'percent' | 'class' | 'other';
  /** the name column's last text position when a `<C>` marker inside its rule run starts the address */
  textEnd?: number;
}

interface Holder {
  name: string;
  /** `derived`: set by the table's lead-in (or its absence), not by a section row */
  section: { kind: OwnerKind; label: string; derived?: boolean } | null;
  /** per figure column index: the figure text */
  figures: Map<number, string>;
  /** the row's class from a "Title of Class" column */
  rowClass?: string;
}

interface Table {
  columns: Column[];
  holders: Holder[];
}

/** Item 403(a)'s lead-in: the holders of more than 5%, naming no director, officer or management. */
const FIVE_PERCENT_ONLY =
  /more than (?:5|five)\s*(?:%|percent|per cent)|(?:5|five)\s*(?:%|percent|per cent) or more/i;
const MANAGEMENT_WORD = /director|officer|management|nominee/i;
const TITLE_OF_CLASS = /^title of class$|^class$/i;
const LOWER_WORD = /^[a-z]{2,}\b(?!\/)/;
const DOT_LEADER = /\.{3,}$/;

function cellsOf(line: string): Cell[] {
  const out: Cell[] = [];
  const re = /\S+(?: \S+)*/g;
  for (let m = re.exec(line); m; m = re.exec(line))
    out.push({ text: m[0], start: m.index, end: m.index + m[0].length - 1 });
  return out;
}

/** A name with its footnote marks dropped: `(3)(4)`, a trailing `*`, a digit glued to its last letter or period. */
export function cleanTextName(s: string): string {
  return s
    .replace(/\s*\.{3,}\s*$/, '')
    .replace(/\s*\(\d+\)/g, '')
    .replace(/\*+$/, '')
    .replace(/([A-Za-z.)])\d{1,2}$/, '$1')
    .replace(/\s+/g, ' ')
    .replace(/[,;:]$/, '')
    .trim();
}

function normalise(text: string): string[] {
  return text
    .replace(/\r/g, '')
    .split('\n')
    .map((l) => {
      let line = l;
      while (line.includes('\t')) {
        const i = line.indexOf('\t');
        line = line.slice(0, i) + ' '.repeat(8 - (i % 8)) + line.slice(i + 1);
      }
      return line.replace(/^- (?=-)/, '').replace(/\s+$/, '');
    })
    .filter((l) => !SGML_TAG_LINE.test(l));
}

const overlap = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  Math.min(a.end, b.end) - Math.max(a.start, b.start) + 1;

function kindOf(header: string): Column['kind'] {
  if (PERCENT_WORD.test(header)) return 'percent';
  if (SHARES_WORD.test(header)) return 'shares';
  return 'other';
}

function ruleSpans(line: string): { start: number; end: number }[] {
  if (MARKERS.test(line)) {
    const starts: number[] = [];
    for (const m of line.matchAll(/<[SC]>/gi)) starts.push(m.index ?? 0);
    return starts.map((s, i) => ({ start: s, end: i + 1 < starts.length ? starts[i + 1]! - 1 : 10_000 }));
  }
  return [...line.matchAll(/[-_=]+/g)].map((m) => ({
    start: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length - 1,
  }));
}

function figuresOf(line: string): { text: Cell[]; figures: Cell[] } {
  const cells = line.split(/(\s{2,})/).reduce<{ cells: Cell[]; at: number }>(
    (acc, part) => {
      if (part.trim() !== '' && !/^\s+$/.test(part)) {
        const lead = part.length - part.trimStart().length;
        acc.cells.push({
          text: part.trim(),
          start: acc.at + lead,
          end: acc.at + lead + part.trim().length - 1,
        });
      }
      acc.at += part.length;
      return acc;
    },
    { cells: [], at: 0 },
  ).cells;
  // `14.20 %` and `* %`: a lone `%` belongs to the figure before it
  const merged: Cell[] = [];
  for (const c of cells) {
    const prev = merged.at(-1);
    if (c.text === '%' && prev) prev.text += '%';
    // `12,761,411    (1)`: a footnote mark standing apart belongs to the figure before it
    else if (/^(?:\(\d+\))+$/.test(c.text) && prev && FIGURE.test(prev.text.replace(/%$/, '').trim())) {
      prev.text += ` ${c.text}`;
      prev.end = c.end;
    } else merged.push({ ...c });
  }
  let i = merged.length;
  while (i > 0 && FIGURE.test(merged[i - 1]!.text.replace(/%$/, '').trim())) i--;
  // the name cell is never a figure (a holder named `3M` keeps its name)
  if (i === 0 && merged.length > 0) i = 1;
  return { text: merged.slice(0, i), figures: merged.slice(i) };
}

const isFigure = (s: string) => FIGURE.test(s.replace(/%$/, '').trim());

function sectionOf(label: string): { kind: OwnerKind; label: string } | null {
  const l = cleanTextName(label).replace(/:$/, '');
  if (/as a group/i.test(l)) return null;
  if (MAJOR_SECTION.test(l)) return { kind: 'major_holder', label: l };
  if (INSIDER_SECTION.test(l)) return { kind: 'insider', label: l };
  return null;
}

/**
 * The paragraph right above a table's header: its lead-in sentence, or null when the lines above are the end of
 * another table (`</TABLE>`, a rule, a footnote) with at most page numbers and blank lines between.
 */
function leadInOf(lines: string[], h: number): string | null {
  let j = h - 1;
  while (j >= 0 && (lines[j]!.trim() === '' || /^\s*\d{1,3}\s*$/.test(lines[j]!))) j--;
  if (j < 0) return null;
  const l = lines[j]!;
  if (/^\s*<\/TABLE>/i.test(l) || RULE.test(l) || FOOTNOTE_LINE.test(l)) return null;
  const para: string[] = [];
  while (j >= 0 && lines[j]!.trim() !== '') para.unshift(lines[j--]!.trim());
  return para.join(' ');
}

/** Fixed-width tables: every header block above a rule line that names an owner, shares and a percent. */
function fixedWidthTables(lines: string[]): Table[] {
  const tables: Table[] = [];
  // the section an Item 403(a) lead-in gave the table before, for a table that follows it without a lead-in
  let previousLeadIn: 'five_percent_only' | 'other' | null = null;
  for (let r = 0; r < lines.length; r++) {
    if (!RULE.test(lines[r]!) && !MARKERS.test(lines[r]!)) continue;
    let h = r;
    while (h > 0 && lines[h - 1]!.trim() !== '' && r - h < 6 && !RULE.test(lines[h - 1]!)) h--;
    const headerLines = lines.slice(h, r);
    const joined = headerLines.join(' ');
    if (headerLines.length === 0 || !OWNER_WORD.test(joined) || !PERCENT_WORD.test(joined)) continue;
    if (!SHARES_WORD.test(joined.replace(OWNER_WORD, ''))) continue;
    const spans = ruleSpans(lines[r]!);
    if (spans.length < 3) continue;
    const columns: Column[] = spans.map((s) => ({ ...s, header: [], classHeader: [], kind: 'other' }));
    for (const hl of headerLines)
      for (const c of cellsOf(hl)) {
        const over = columns.filter((col) => overlap(col, c) > 0);
        const targets = over.length
          ? over
          : [columns.reduce((a, b) => (Math.abs(a.start - c.start) <= Math.abs(b.start - c.start) ? a : b))];
        for (const t of targets) t.header.push(c.text);
      }
    // the name column is the first whose header names the owner; a column headed "Title of Class" holds the
    // class of the row's securities (Item 403's first column)
    const nameIdx = Math.max(
      0,
      columns.findIndex(
        (c) => !TITLE_OF_CLASS.test(c.header.join(' ')) && OWNER_WORD.test(c.header.join(' ')),
      ),
    );
    columns.forEach((col, i) => {
      const text = col.header.join(' ');
      col.kind = i === nameIdx ? 'name' : TITLE_OF_CLASS.test(text) ? 'class' : kindOf(text);
      // a class name printed over a pair of figure columns (`Class A Common Stock` over shares and percent)
      col.classHeader = col.header.filter(
        (t) => CLASS_WORD.test(t) && !SHARES_WORD.test(t) && !PERCENT_WORD.test(t),
      );
    });
    if (!columns.some((c) => c.kind === 'shares') || !columns.some((c) => c.kind === 'percent')) continue;
    const nameCol = columns[nameIdx]!;
    const classCol = columns.find((c) => c.kind === 'class');
    let first = r + 1;
    // the `<S>`/`<C>` marker line under the rule belongs to the header; a `<C>` inside the name column's run
    // starts the address printed beside the name
    if (MARKERS.test(lines[first] ?? '')) {
      const inside = ruleSpans(lines[first]!).find((m) => m.start > nameCol.start && m.start <= nameCol.end);
      if (inside) nameCol.textEnd = inside.start - 1;
      first++;
    }
    const leadIn = leadInOf(lines, h);
    const leadKind =
      leadIn === null
        ? null
        : FIVE_PERCENT_ONLY.test(leadIn) && !MANAGEMENT_WORD.test(leadIn)
          ? 'five'
          : 'other';
    // Item 403's two parts: a table introduced as the holders of more than 5% lists major holders, and the table
    // printed after it with no lead-in of its own is management's
    let section: Holder['section'] =
      leadKind === 'five'
        ? { kind: 'major_holder', label: 'holder of more than 5%', derived: true }
        : leadKind === null && previousLeadIn === 'five_percent_only'
          ? { kind: 'insider', label: 'directors and executive officers', derived: true }
          : null;
    const holders: Holder[] = [];
    let pending: string[] = [];
    let pendingIndent = -1;
    let lastInBlock: Holder | null = null;
    let rawName = '';
    let nameIndent = -1;
    let nameOpen = false;
    let currentClass: string | null = null;
    for (let i = first; i < lines.length; i++) {
      const line = lines[i]!;
      if (line.trim() === '') {
        if (pending.length && !lastInBlock) {
          const s = sectionOf(pending.join(' '));
          if (s) section = s;
        }
        pending = [];
        lastInBlock = null;
        nameOpen = false;
        continue;
      }
      if (RULE.test(line) || MARKERS.test(line) || FOOTNOTE_LINE.test(line) || /^\s*<\/TABLE>/i.test(line))
        break;
      const split = figuresOf(line);
      // a number standing in the name column (a ZIP code after two spaces) is text, not a figure
      const figures = split.figures.filter(
        (f) => !(overlap(nameCol, f) > 0 && columns.every((c) => c === nameCol || overlap(c, f) <= 0)),
      );
      const textCells = [...split.text, ...split.figures.filter((f) => !figures.includes(f))];
      const inClass = (c: Cell) =>
        classCol !== undefined && overlap(classCol, c) > 0 && overlap(nameCol, c) <= 0;
      const classText = textCells.filter(inClass);
      if (classText.length) currentClass = cleanTextName(classText.map((c) => c.text).join(' '));
      const nameCells = textCells.filter(
        (c) => !inClass(c) && (nameCol.textEnd === undefined || c.start <= nameCol.textEnd),
      );
      const own = nameCells.map((c) => c.text).join(' ');
      const indent = nameCells[0]?.start ?? -1;
      if (figures.length === 0) {
        // only an address beside the name, or a class cell
        if (own === '') continue;
        // prose (a long line with no column gap) ends the table
        if (textCells.length === 1 && own.length > 70) break;
        if (lastInBlock && nameOpen) {
          const next = lines[i + 1] ?? '';
          const nextIndent = next.trim() === '' ? -1 : next.length - next.trimStart().length;
          // the name goes on: a line beginning with a lower-case word, or one hanging deeper than the name
          // over lines that return to the name's indentation (the address)
          if (LOWER_WORD.test(own) || (indent > nameIndent && nextIndent === nameIndent)) {
            rawName = `${rawName} ${own}`;
            lastInBlock.name = cleanTextName(rawName);
            continue;
          }
          nameOpen = false;
        }
        if (!lastInBlock && sectionOf(own) && !pending.length) {
          section = sectionOf(own);
          continue;
        }
        if (!pending.length) pendingIndent = indent;
        pending.push(own);
        continue;
      }
      const continues = (prev: string) => /^[a-z]/.test(own) || CONNECTIVE.test(prev);
      let name: string;
      let startIndent = indent;
      if (pending.length && lastInBlock) {
        // lines after a holder's figures in the same block are its address, unless the name wraps onto this line
        name = continues(pending.at(-1)!) ? `${pending.at(-1)} ${own}` : own;
      } else if (pending.length) {
        const head = pending[0]!;
        startIndent = pendingIndent;
        // a dot leader closes the name: every line of the block down to it is the name
        name = DOT_LEADER.test(own)
          ? [...pending, own].join(' ')
          : CONNECTIVE.test(head)
            ? `${head} ${pending[1] ?? own}`
            : pending.length === 1 && /^[a-z]/.test(own)
              ? `${head} ${own}`
              : head;
      } else name = own;
      if (name.trim() === '')
        throw new ParseError(`plain-text ownership table: figures without a holder on "${line.trim()}"`);
      const placed = new Map<number, string>();
      for (const f of figures) {
        let best = -1;
        let bestOver = 0;
        columns.forEach((col, ci) => {
          if (col === nameCol || col.kind === 'class') return;
          const o = overlap(col, f);
          if (o > bestOver) {
            bestOver = o;
            best = ci;
          }
        });
        if (best < 0)
          best = columns.reduce(
            (b, col, ci) =>
              col !== nameCol &&
              col.kind !== 'class' &&
              Math.abs(col.end - f.end) < Math.abs((columns[b]?.end ?? 1e9) - f.end)
                ? ci
                : b,
            -1,
          );
        if (placed.has(best))
          throw new ParseError(
            `plain-text ownership table: two figures under one column on "${line.trim()}"`,
          );
        placed.set(best, f.text);
      }
      const holder: Holder = {
        name: cleanTextName(name),
        section,
        figures: placed,
        ...(currentClass ? { rowClass: currentClass } : {}),
      };
      holders.push(holder);
      lastInBlock = holder;
      rawName = name;
      nameIndent = startIndent;
      nameOpen = !DOT_LEADER.test(own);
      pending = [];
    }
    if (holders.length) tables.push({ columns, holders });
    previousLeadIn =
      leadKind === 'five' ? 'five_percent_only' : leadKind === 'other' ? 'other' : previousLeadIn;
  }
  return tables;
}

/** Pipe-ruled text: cells between `|`, read in order. */
function pipeTables(text: string): Table[] {
  const cells = text
    .split('|')
    .map((c) =>
      c
        .split('\n')
        .map((l) => l.replace(/\s+/g, ' ').trim())
        .filter((l) => l !== '')
        .join('\n'),
    )
    .filter((c) => c !== '' && !/^[$%)]$/.test(c) && !/^\(\d+\)$/.test(c));
  const tables: Table[] = [];
  let i = 0;
  while (i < cells.length) {
    let first = i;
    while (first < cells.length && !isFigure(cells[first]!)) first++;
    if (first >= cells.length) break;
    // header: the cells from an owner-name cell to the cell before the first holder's name
    let h = -1;
    for (let k = first - 2; k >= i && k >= first - 12; k--) {
      const c = cells[k]!;
      if (c.length < 60 && OWNER_WORD.test(cleanTextName(c.replace(/\n/g, ' ')))) {
        h = k;
        break;
      }
    }
    const header = h >= 0 ? cells.slice(h, first - 1).map((c) => cleanTextName(c.replace(/\n/g, ' '))) : [];
    const figureHeads = header.slice(1);
    if (
      h < 0 ||
      !figureHeads.some((c) => PERCENT_WORD.test(c)) ||
      !figureHeads.some((c) => !PERCENT_WORD.test(c) && SHARES_WORD.test(c))
    ) {
      i = first + 1;
      continue;
    }
    const classes: string[] = [];
    for (let k = h - 1; k >= 0 && cells[k]!.length < 60 && CLASS_WORD.test(cells[k]!); k--)
      classes.unshift(cleanTextName(cells[k]!.replace(/\n/g, ' ')));
    const columns: Column[] = header.map((c, ci) => ({
      start: ci,
      end: ci,
      header: [c],
      classHeader: [],
      kind: ci === 0 ? 'name' : kindOf(c),
    }));
    const figureCols = columns.slice(1);
    if (classes.length > 1 && figureCols.length === classes.length * 2)
      figureCols.forEach((c, ci) => {
        c.classHeader = [classes[Math.floor(ci / 2)]!];
      });
    const holders: Holder[] = [];
    let k = first - 1;
    let section: Holder['section'] = null;
    while (k < cells.length) {
      const c = cells[k]!;
      if (isFigure(c)) break;
      if (c.length > 200) break; // prose ends the table
      const figs: string[] = [];
      let j = k + 1;
      while (j < cells.length && isFigure(cells[j]!)) figs.push(cells[j++]!);
      if (figs.length === 0) {
        const s = sectionOf(c.split('\n')[0]!);
        if (s) section = s;
        k = j;
        if (!s) break;
        continue;
      }
      if (figs.length !== figureCols.length)
        throw new ParseError(
          `plain-text ownership table: ${figs.length} figures for ${figureCols.length} columns on "${c.split('\n')[0]}"`,
        );
      const placed = new Map<number, string>();
      for (const [fi, f] of figs.entries()) placed.set(fi + 1, f);
      holders.push({ name: cleanTextName(c.split('\n')[0]!), section, figures: placed });
      k = j;
    }
    if (holders.length) tables.push({ columns, holders });
    i = Math.max(k, first + 1);
  }
  return tables;
}

function amountOf(cell: string): number | null {
  const t = cell.replace(/[$,\s%]/g, '').replace(/(\(\d+\))+$/, '');
  if (t === '-0-') return 0;
  if (t === '' || /^[—–-]+$|^none$|^\*+$/i.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

const WORD_NUMBERS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
];

function personsOf(groupName: string): number | null {
  const m = /\(?\b(\d+|[a-z]+)\s+(?:persons|individuals|people)\b/i.exec(groupName);
  if (!m) return null;
  const n = /^\d+$/.test(m[1]!) ? Number(m[1]) : WORD_NUMBERS.indexOf(m[1]!.toLowerCase());
  return n > 0 ? n : null;
}

/**
 * The group row's members: the one set of holders whose shares add up to the group's (leaving out at most
 * three holders), of the printed number of persons when the row prints one. Null when no set or several do.
 */
function groupMembers(
  holders: { name: string; shares: number }[],
  group: { name: string; shares: number },
): Set<number> | null {
  const n = holders.length;
  const total = holders.reduce((s, h) => s + h.shares, 0);
  const persons = personsOf(group.name);
  const found: Set<number>[] = [];
  const consider = (out: number[]) => {
    const kept = n - out.length;
    if (persons !== null && kept !== persons) return;
    if (kept === 0) return;
    const sum = total - out.reduce((s, i) => s + holders[i]!.shares, 0);
    if (sum === group.shares) found.push(new Set(holders.map((_, i) => i).filter((i) => !out.includes(i))));
  };
  consider([]);
  for (let a = 0; a < n; a++) {
    consider([a]);
    for (let b = a + 1; b < n; b++) {
      consider([a, b]);
      for (let c = b + 1; c < n; c++) consider([a, b, c]);
    }
  }
  return found.length === 1 ? found[0]! : null;
}

function classOf(col: Column, shareCol: Column | undefined): string | null {
  if (col.classHeader.length) return col.classHeader.join(' ');
  const text = cleanTextName((shareCol ?? col).header.join(' '));
  const m = /((?:class\s+[a-z0-9]+\s+)?(?:common|preferred|ordinary)\s+(?:stock|shares))/i.exec(text);
  return m ? m[1]! : null;
}

/** Reads every plain-text beneficial-ownership table of a document; an empty list when it has none. */
export function readTextOwnership(text: string, document?: string): ProxyOwnershipRow[] {
  const lines = normalise(text);
  const piped = lines.filter((l) => l.startsWith('|')).length;
  let tables: Table[];
  try {
    tables = piped >= 3 ? pipeTables(text) : fixedWidthTables(lines);
  } catch (e) {
    if (e instanceof ParseError) throw new ParseError(e.message, document);
    throw e;
  }
  const out: ProxyOwnershipRow[] = [];
  const seen = new Set<string>();
  for (const t of tables) {
    // one entry per (holder, class): a share column and the percent column after it
    const pairs: { shares: number; percent: number | null; cls: string | null }[] = [];
    t.columns.forEach((c, ci) => {
      if (c.kind !== 'shares') return;
      const pi = t.columns.findIndex((p, pj) => pj > ci && p.kind === 'percent');
      const nextShares = t.columns.findIndex((p, pj) => pj > ci && p.kind === 'shares');
      pairs.push({
        shares: ci,
        percent: pi > 0 && (nextShares < 0 || pi < nextShares) ? pi : null,
        cls: classOf(c, c),
      });
    });
    // share columns without a percent of their own, beside one that has it and no class to tell them apart,
    // are the parts of that holding (shares held, options exercisable, ... total): the holding is the total
    const pairsRead = pairs.filter(
      (p) => p.percent !== null || p.cls !== null || !pairs.some((q) => q.percent !== null && q.cls === null),
    );
    const read = t.holders.map((h) => {
      const entries = pairsRead
        .map((p) => {
          const sharesCell = h.figures.get(p.shares);
          const pctCell = p.percent === null ? undefined : h.figures.get(p.percent);
          const shares = sharesCell === undefined ? null : amountOf(sharesCell);
          const star = pctCell !== undefined && /^\*+%?$/.test(pctCell.trim());
          const percent = pctCell === undefined || star ? null : amountOf(pctCell);
          return { cls: p.cls ?? h.rowClass ?? null, shares, percent, star };
        })
        .filter((e) => e.shares !== null);
      return { h, entries, isGroup: /as a group/i.test(h.name) };
    });
    const plain = read.filter((r) => !r.isGroup && r.entries.length);
    const group = read.find((r) => r.isGroup && r.entries.length);
    let members: Set<number> | null = null;
    if (group && !plain.some((r) => r.h.section))
      members = groupMembers(
        plain.map((r) => ({ name: r.h.name, shares: r.entries[0]!.shares! })),
        { name: group.h.name, shares: group.entries[0]!.shares! },
      );
    for (const r of read) {
      if (!r.entries.length) continue;
      const maxPct = Math.max(...r.entries.map((e) => e.percent ?? 0));
      const idx = plain.indexOf(r);
      const kind: OwnerKind = r.isGroup
        ? 'insider_group'
        : (r.h.section?.kind ??
          (members
            ? members.has(idx)
              ? 'insider'
              : 'major_holder'
            : maxPct >= 5
              ? 'major_holder'
              : 'insider'));
      for (const e of r.entries) {
        const key = `${r.h.name}|${e.cls}|${e.shares}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({
          owner_name: r.h.name,
          owner_role: r.isGroup
            ? 'All directors and executive officers as a group'
            : (r.h.section?.label ?? null),
          owner_kind: kind,
          security_class: e.cls,
          shares_owned: e.shares,
          percent: e.percent,
          percent_source: e.star ? 'less_than_1_percent' : e.percent === null ? 'not_printed' : 'as_printed',
          is_group: r.isGroup,
          confidence:
            r.isGroup || (r.h.section && !r.h.section.derived) ? 1 : r.h.section || members ? 0.9 : 0.7,
        });
      }
    }
  }
  return out;
}
