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
  kind: 'name' | 'shares' | 'percent' | 'other';
}

interface Holder {
  name: string;
  section: { kind: OwnerKind; label: string } | null;
  /** per figure column index: the figure text */
  figures: Map<number, string>;
}

interface Table {
  columns: Column[];
  holders: Holder[];
}

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
    else merged.push({ ...c });
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

/** Fixed-width tables: every header block above a rule line that names an owner, shares and a percent. */
function fixedWidthTables(lines: string[]): Table[] {
  const tables: Table[] = [];
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
    columns.forEach((col, i) => {
      const text = col.header.join(' ');
      col.kind = i === 0 ? 'name' : kindOf(text);
      // a class name printed over a pair of figure columns (`Class A Common Stock` over shares and percent)
      col.classHeader = col.header.filter(
        (t) => CLASS_WORD.test(t) && !SHARES_WORD.test(t) && !PERCENT_WORD.test(t),
      );
    });
    if (!columns.some((c) => c.kind === 'shares') || !columns.some((c) => c.kind === 'percent')) continue;
    const holders: Holder[] = [];
    let section: Holder['section'] = null;
    let pending: string[] = [];
    let lastInBlock: Holder | null = null;
    for (let i = r + 1; i < lines.length; i++) {
      const line = lines[i]!;
      if (line.trim() === '') {
        if (pending.length && !lastInBlock) {
          const s = sectionOf(pending.join(' '));
          if (s) section = s;
        }
        pending = [];
        lastInBlock = null;
        continue;
      }
      if (RULE.test(line) || MARKERS.test(line) || FOOTNOTE_LINE.test(line) || /^\s*<\/TABLE>/i.test(line))
        break;
      const split = figuresOf(line);
      // a number standing in the name column (a ZIP code after two spaces) is text, not a figure
      const nameCol = columns[0]!;
      const figures = split.figures.filter(
        (f) => !(overlap(nameCol, f) > 0 && columns.slice(1).every((c) => overlap(c, f) <= 0)),
      );
      const text = [...split.text, ...split.figures.filter((f) => !figures.includes(f))];
      const own = text.map((c) => c.text).join(' ');
      if (figures.length === 0) {
        // prose (a long line with no column gap) ends the table
        if (text.length === 1 && own.length > 70) break;
        if (!lastInBlock && sectionOf(own) && !pending.length) {
          section = sectionOf(own);
          continue;
        }
        pending.push(own);
        continue;
      }
      const continues = (prev: string) => /^[a-z]/.test(own) || CONNECTIVE.test(prev);
      let name: string;
      if (pending.length && lastInBlock) {
        // lines after a holder's figures in the same block are its address, unless the name wraps onto this line
        name = continues(pending.at(-1)!) ? `${pending.at(-1)} ${own}` : own;
      } else if (pending.length) {
        const first = pending[0]!;
        name = CONNECTIVE.test(first)
          ? `${first} ${pending[1] ?? own}`
          : pending.length === 1 && /^[a-z]/.test(own)
            ? `${first} ${own}`
            : first;
      } else name = own;
      if (name.trim() === '')
        throw new ParseError(`plain-text ownership table: figures without a holder on "${line.trim()}"`);
      const placed = new Map<number, string>();
      for (const f of figures) {
        let best = -1;
        let bestOver = 0;
        columns.forEach((col, ci) => {
          if (ci === 0) return;
          const o = overlap(col, f);
          if (o > bestOver) {
            bestOver = o;
            best = ci;
          }
        });
        if (best < 0)
          best = columns.reduce(
            (b, col, ci) =>
              ci > 0 && Math.abs(col.end - f.end) < Math.abs((columns[b]?.end ?? 1e9) - f.end) ? ci : b,
            -1,
          );
        if (placed.has(best))
          throw new ParseError(
            `plain-text ownership table: two figures under one column on "${line.trim()}"`,
          );
        placed.set(best, f.text);
      }
      const holder: Holder = { name: cleanTextName(name), section, figures: placed };
      holders.push(holder);
      lastInBlock = holder;
      pending = [];
    }
    if (holders.length) tables.push({ columns, holders });
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
    const read = t.holders.map((h) => {
      const entries = pairs
        .map((p) => {
          const sharesCell = h.figures.get(p.shares);
          const pctCell = p.percent === null ? undefined : h.figures.get(p.percent);
          const shares = sharesCell === undefined ? null : amountOf(sharesCell);
          const star = pctCell !== undefined && /^\*+%?$/.test(pctCell.trim());
          const percent = pctCell === undefined || star ? null : amountOf(pctCell);
          return { cls: p.cls, shares, percent, star };
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
          confidence: r.isGroup || r.h.section ? 1 : members ? 0.9 : 0.7,
        });
      }
    }
  }
  return out;
}
