import { ParseError } from '../../lib/errors.ts';
import { MONTH_NAMES } from '../../lib/months.ts';
import { isSubmissionText, parseSubmissionText, type SubmissionHeader } from '../edgar/filing-document.ts';
import { htmlToBlocks, looksLikeHtml, plainToBlocks } from '../edgar/items/text.ts';
import { captionScale, MISPRINTED_CELL } from './release-numbers.ts';

/**
 * Finds the press release in what we are given (an 8-K full-text submission with all its documents, a lone
 * `<DOCUMENT>` block, or the exhibit alone, HTML or plain text) and turns it into the exhibit text every
 * offset refers to: one block per paragraph, heading or table row (cells joined by " | "), blocks joined by
 * newlines.
 */

export interface Block {
  text: string;
  start: number;
  end: number;
  /** True for a table row (cells joined by " | "). */
  row: boolean;
}

export interface ReleaseDocument {
  /** The exhibit text that evidence offsets point into. */
  text: string;
  blocks: Block[];
  /** The `<TYPE>` of the document read (`EX-99.1`, `EX-99`, `8-K` when the release sits in the 8-K body), null for a bare exhibit. */
  documentType: string | null;
  filename: string | null;
  header: SubmissionHeader | null;
  /** Why other documents of the submission were passed over. */
  notes: string[];
}

/** A line break that ends a paragraph: not after a preposition, an article, a conjunction or a linking verb. */
const NOT_LINE_END =
  /(?<!\n|\b(?:to|of|from|were|was|is|are|and|or|the|a|an|by|at|as|in|for|with|than|per|on|into|totaled|reached))\n(?!\n)/gi;

/**
 * A plain-text line that opens with a cell mark followed by text, closes with one preceded by text, or sets two
 * cells apart with " | ". Checked piece by piece: one regexp with `.*\S.*\|` backtracks quadratically on a long
 * line (a 57 KB one-line body took seconds).
 */
function isCellRow(line: string): boolean {
  const open = /^[ \t]*\|/.exec(line);
  if (open && /\S/.test(line.slice(open[0].length))) return true;
  const close = /\|[ \t]*$/.exec(line);
  if (close && /\S/.test(line.slice(0, close.index))) return true;
  return /\S \| \S/.test(line);
}

const ENDED_OVER_DATE_CELL = new RegExp(
  String.raw`^([^|\n]*\bended)[ \t]*\n(?=[ \t]*(?:${MONTH_NAMES.join('|')})\.?\s+\d{1,2},\s+(?:19|20)\d{2}[ \t]*\|)`,
  'gim',
);

/** A markdown separator cell ("| :---- |", "| ---: |"). */
const MARKDOWN_RULE_CELL = /^\s*:?-{3,}:?\s*$/;

/**
 * (h-guid31) A markdown table run into one line ("Highlights | Metric | Value | | :--- | :--- | | Reported Net Sales |
 * $725.3 million | | ... | - The company's ..."): its rows are the runs of as many cells as its separator row has, each
 * set apart by an empty run between two marks; the prose before the head and after the last row are paragraphs of
 * their own, and the separator row is dropped. A line holding no separator row is left as it is.
 */
function markdownRunOnLine(line: string): string {
  const parts = line.split('|');
  const s = parts.findIndex((p, i) => i > 0 && MARKDOWN_RULE_CELL.test(p));
  if (s < 0) return line;
  let k = 0;
  while (s + k < parts.length && MARKDOWN_RULE_CELL.test(parts[s + k]!)) k++;
  const blank = (i: number) => i < parts.length && parts[i]!.trim() === '';
  const headAt = s - 1 - k;
  if (headAt < 1 || !blank(s - 1) || !blank(s + k)) return line;
  const row = (from: number) =>
    `| ${parts
      .slice(from, from + k)
      .map((c) => c.trim())
      .join(' | ')} |`;
  const lines = [parts.slice(0, headAt).join('|').trim(), row(headAt)];
  let j = s + k + 1;
  while (j + k < parts.length) {
    lines.push(row(j));
    j += k;
    if (j + 1 < parts.length && blank(j) && j + 1 + k < parts.length) {
      j += 1;
      continue;
    }
    break;
  }
  const rest = parts.slice(j).join('|').trim();
  return [...lines.filter((l) => l !== ''), ...(rest === '' ? [] : [markdownRunOnLine(rest)])].join('\n');
}

/** Every line of the body holding a markdown separator row, its run-on table split into rows (markdownRunOnLine). */
function markdownRunOns(body: string): string {
  return /\|\s*:?-{3,}:?\s*\|/.test(body)
    ? body.replace(/^.*\|\s*:?-{3,}:?\s*\|.*$/gm, (line) => markdownRunOnLine(line))
    : body;
}

/** Blocks of one document body, HTML or plain text. */
export function bodyToBlocks(input: string): Block[] {
  const read = unitRunOn(
    spaceThousands(pointDecimals(fullWidthMarks(escapedDollars(markdownRunOns(input))))),
  );
  // (h-earn29: Qorvo, "For the quarter ended" over "December 29, 2018 |".) In plain text a column heading that ends in
  // "ended" on a line of its own and the date cell on the line under it are one heading. ("Three Months Ending" over
  // "June 30, 2023 |" heads a forecast's column and is left as it is.)
  const body = looksLikeHtml(read)
    ? read
    : periodBoxRows(labelLineRows(stackedCodeTables(read)).replace(ENDED_OVER_DATE_CELL, '$1 '));
  // In plain text a line that opens with a bullet mark, or a heading line in capitals, starts a paragraph of
  // its own (hard-wrapped lines of one paragraph are otherwise joined), a line of nothing but cell marks ("|",
  // an empty table cell as a page store renders it) is a paragraph break, and a line that opens or closes with a
  // cell mark or sets cells apart with one ("| • | | Net revenue: $7.2 billion |") is a table row of its own.
  // (h-earn36: RLI Q3 2014 as a page store rendered it, "Operating earnings (1)" / "|" / "|" / "$" / "|" / "0.68" ...) In a
  // text where no line opens with a cell mark before a cell and no line holds two marks, a line of a single "|" (an
  // empty cell) is a blank line, so a table rendered one cell per paragraph is read as one.
  const unmarked =
    /^[ \t]*\|[ \t]*[^|\s]/m.test(body) || /^[ \t]*\|[ \t]*\|/m.test(body)
      ? body
      : body.replace(/^[ \t]*\|[ \t]*$/gm, '');
  const turned = looksLikeHtml(body) ? unmarked : labelAfterFigureColumns(unmarked);
  const plain = looksLikeHtml(body)
    ? body
    : runTogetherRows(
        spacedColumnRows(
          spanDateRows(
            pipeCellText(closedCellText(turned) ?? turned) ??
              lineCellText(turned) ??
              wrappedPipeRows(trailingPipeRows(boxedCellRows(turned))),
          ),
        ),
      );
  const raw = looksLikeHtml(body)
    ? htmlToBlocks(body)
    : plainToBlocks(
        // A prose line of 250 characters or more shows the text is not hard-wrapped: each line is a paragraph.
        // A line that ends on a word no sentence ends with ("... increased by 16.4% year-over-year to" above
        // "US$254.4 million ...") still continues on the next line.
        (/^[^\n<|]{250,}$/m.test(plain)
          ? relinearise(plain.split(/\n[ \t]*\n/))
              .join('\n\n')
              .replace(NOT_LINE_END, '\n\n')
          : plain
        )
          .replace(/^[ \t]*\|[ \t|]*$/gm, '')
          .replace(/^.*\|.*$/gm, (line) => (isCellRow(line) ? `\n${line}\n` : line))
          // (A dash or star before a non-breaking space opens an item as one before a space does: "-\u00a0\u00a0\u00a0Achieves
          // Positive Same-Store Sales ...\u00a0\u00a0\u00a0-", a subheadline of its own.)
          // (h-guid18: two bullet columns printed side by side, "• EPS -4.3%; Adjusted “Flat”      • Cash from operations
          // approx. $1 billion", are two items: a run of three or more spaces before a bullet ends the item before it.)
          .replace(/^([ \t]*[•·▪][^\n]*?\S)[ \t]{3,}(?=[•·▪][ \t])/gm, '$1\n')
          .replace(/\n(?=[ \t]*(?:[•·▪]|[-*][ \u00a0]|\|\s*·))/g, '\n\n')
          .replace(/\n([ \t]*[A-Z][A-Z0-9 ,&'’-]{7,}[ \t]*)(?=\n)/g, '\n\n$1\n'),
      );
  const blocks: Block[] = [];
  let pos = 0;
  for (const rawCells of spanRowsOverDayFirstDates(raw)) {
    const cells = unglued(rawCells);
    // A bullet list rendered as a two-column table ("• | Total revenues increased 10.6% ... |", "§ | Increased Q4
    // net sales ... |", "| • | | Net revenue: $7.2 billion |" with an empty cell between) is a list of bullet
    // paragraphs, not table rows.
    // (h-earn26: so is one whose mark is an em dash before a lower-case item, "— | operating earnings of $10.2 million,
    // or $1.20 per diluted common share, ... |", and one with empty cells after its text, "• | Net earnings for quarter
    // $11.520 million ... | |||".)
    const bullet =
      /^\s*\|?\s*([•·▪◾§]|\u2014(?=\s*\|(?:\s*\|)*\s*[a-z]))\s*\|(?:\s*\|)*\s*([^|]+?)(?:\s*\|)*\s*$/.exec(
        cells,
      );
    const text = bullet ? `${bullet[1]} ${bullet[2]}` : cells;
    blocks.push({ text, start: pos, end: pos + text.length, row: text.includes(' | ') });
    pos += text.length + 1;
  }
  return blocks;
}

/** A period code printed as a column heading over its year ("1H" over "2024", "Q3" over "2019"). */
const PERIOD_CODE_HEADING = /^(?:[1-4]Q|Q[1-4]|[12]H|H[12]|FY)$/i;
/** A cell of a fixed-width table: "572.6", "(7.9)", "14.7p" (pence), "12.5%", "350bps", "-" for nil. */
const FIXED_WIDTH_CELL = /^(?:\(?-?[£$€]?\d[\d,]*(?:\.\d+)?\)?(?:%|p|bps)?|[-\u2013\u2014])$/;

/** The pieces of a fixed-width line: text set apart by runs of two or more spaces, with their columns. */
function fixedWidthPieces(line: string): { text: string; start: number }[] {
  return [...line.matchAll(/\S+(?: \S+)*/g)].map((m) => ({ text: m[0], start: m.index }));
}

/**
 * (h-earn39: Morgan Advanced Materials' H1 2024 RNS, "£ million   1H   1H   As reported   Organic" over "unless otherwise
 * stated   2024   2023   change   constant- currency(1) change".) In plain text, a heading line of two or more period
 * codes set apart by runs of spaces over a line with a year under each code is one header row ("£ million unless
 * otherwise stated | 1H 2024 | 1H 2023 | As reported change | ..."), each other column's words read down; each line under
 * it is a row "label | cells" split at runs of two or more spaces when its cells are figures ("14.7p", "12.5%", "350bps"),
 * a label alone on its line is a heading of its own, and any other line ends the table.
 */
function stackedCodeTables(body: string): string {
  if (
    !/^[^\S\n]*\S.*?[ \t]{2,}(?:[1-4]Q|Q[1-4]|[12]H|H[12]|FY)[ \t]{2,}(?:[1-4]Q|Q[1-4]|[12]H|H[12]|FY)\b/im.test(
      body,
    )
  )
    return body;
  const lines = body.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const top = fixedWidthPieces(lines[i]!);
    const codes = top.filter((p) => PERIOD_CODE_HEADING.test(p.text));
    if (codes.length < 2) continue;
    let j = i + 1;
    while (j < lines.length && j <= i + 3 && lines[j]!.trim() === '') j++;
    if (j >= lines.length || lines[j]!.trim() === '') continue;
    const under = fixedWidthPieces(lines[j]!);
    const near = (a: { text: string; start: number }, b: { text: string; start: number }) =>
      b.start <= a.start + a.text.length + 1 && a.start <= b.start + b.text.length + 1;
    const years = codes.map((c) => under.find((u) => /^(?:19|20)\d{2}$/.test(u.text) && near(c, u)));
    if (years.some((y) => y === undefined)) continue;
    const first = codes[0]!.start;
    const caption = [...top, ...under]
      .filter((p) => p.start + p.text.length < first)
      .map((p) => p.text)
      .join(' ');
    const last = codes.at(-1)!.start + codes.at(-1)!.text.length;
    const restTop = top.filter((p) => p.start > last);
    const restUnder = under.filter((p) => p.start > last && !years.includes(p));
    const columns = restTop.map((p) => [p.text]);
    for (const u of restUnder) {
      const k = restTop.findLastIndex((p) => p.start <= u.start + 2);
      if (k >= 0) columns[k]!.push(u.text);
      else columns.push([u.text]);
    }
    const header = [
      caption,
      ...codes.map((c, n) => `${c.text} ${years[n]!.text}`),
      ...columns.map((c) => c.join(' ')),
    ].filter((c) => c !== '');
    lines[i] = `\n${header.join(' | ')}\n`;
    for (let k = i + 1; k <= j; k++) lines[k] = '';
    for (let k = j + 1; k < lines.length; k++) {
      const line = lines[k]!;
      if (line.trim() === '') continue;
      const pieces = fixedWidthPieces(line);
      if (
        pieces.length >= 2 &&
        pieces.slice(1).every((p) => FIXED_WIDTH_CELL.test(p.text)) &&
        /[A-Za-z]/.test(pieces[0]!.text)
      )
        lines[k] = `\n${pieces.map((p) => p.text).join(' | ')}\n`;
      else if (pieces.length === 1 && !/\d/.test(line) && line.trim().length <= 80)
        lines[k] = `\n${line.trim()}\n`;
      else break;
    }
  }
  return lines.join('\n');
}

/**
 * (h-earn39: Morgan Advanced Materials' H1 2022 statement as a page store rendered it, "Operating profit/(loss) |" over
 * "70.2 | - | 70.2 | 56.5 | 3.7 | 60.2 | 118.5 |" over "(5.4) |" over "113.1 |".) In a pipe table, a line of a label alone
 * closed by a cell mark, followed by lines of nothing but figure cells (lines of a lone "|" between them), is one row:
 * the label, then every figure cell until the next line with a label.
 */
function labelLineRows(body: string): string {
  if (!/^[^|\n]*[A-Za-z)][^|\n]*\|[ \t]*\n(?:[ \t]*\|[ \t]*\n)*[ \t]*\(?-?\d/m.test(body)) return body;
  const lines = body.split('\n');
  const figureOnly = (l: string) => {
    const cells = l.split('|').map((x) => x.trim());
    const filled = cells.filter((x) => x !== '');
    return (
      filled.length >= 1 && filled.every((x) => /^(?:\(?-?\d[\d,]*(?:\.\d+)?\)?|[-\u2013\u2014])$/.test(x))
    );
  };
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const label = /^[ \t]*([^|\s][^|]*?[A-Za-z)][^|]*?)[ \t]*\|[ \t]*$/.exec(line);
    let j = i + 1;
    while (j < lines.length && /^[ \t]*\|[ \t]*$/.test(lines[j]!)) j++;
    if (
      label === null ||
      j >= lines.length ||
      !figureOnly(lines[j]!) ||
      !/\d[^|]*\|[^|]*\d/.test(lines[j]!)
    ) {
      out.push(line);
      continue;
    }
    const cells: string[] = [];
    let k = j;
    while (k < lines.length && (figureOnly(lines[k]!) || /^[ \t]*\|[ \t]*$/.test(lines[k]!))) {
      for (const x of lines[k]!.split('|').map((c) => c.trim())) if (x !== '') cells.push(x);
      k++;
    }
    out.push(`${label[1]!.trim()} | ${cells.join(' | ')}`);
    i = k - 1;
  }
  return out.join('\n');
}

/** A figure cell of a pipe table: "587.8", "(490.3)", "–" for nil. */
const FIGURE_CELL = /^(?:\(?-?\d[\d,]*(?:\.\d+)?\)?|[-\u2013\u2014])$/;

/**
 * (h-earn38: Bodycote's H1 2013 statement, "Year ended 31 Dec 2012 (Restated)* £m | | | Note | Half year to 30 June 2013"
 * over "£m | Half year to 30 June 2012 (Restated)* £m |" over "---|", then "587.8 | | Revenue | 2 | 316.5 | 301.3 |".) A
 * Markdown table's header line that does not end in a cell mark, followed by one that does and by the rule line
 * ("---|"), is one header row broken inside a cell; and a table whose rows each print a figure column before the label
 * (three or more rows opening with a figure, the label always in the same cell after figures and empty cells) has those
 * leading cells moved after the row's others, in its header too, so each row opens with its label as the reader expects.
 */
function labelAfterFigureColumns(body: string): string {
  if (!/^[ \t]*-{3,}[ \t]*\|/m.test(body)) return body;
  const lines = body.split('\n');
  for (let i = 0; i + 2 < lines.length; i++) {
    if (
      lines[i]!.includes('|') &&
      !/\|[ \t]*$/.test(lines[i]!) &&
      /\|[ \t]*$/.test(lines[i + 1]!) &&
      /^[ \t]*-{3,}[ \t]*\|[ \t|-]*$/.test(lines[i + 2]!)
    )
      lines.splice(i, 2, `${lines[i]!.trim()} ${lines[i + 1]!.trim()}`);
  }
  const cellsOf = (l: string) => {
    const c = l.split('|').map((x) => x.trim());
    if (c.length > 1 && c[c.length - 1] === '') c.pop();
    return c;
  };
  const labelAt = (c: string[]) => c.findIndex((x) => x !== '' && !FIGURE_CELL.test(x));
  for (let r = 0; r < lines.length; r++) {
    if (!/^[ \t]*-{3,}[ \t]*\|[ \t|-]*$/.test(lines[r]!) || r === 0 || !lines[r - 1]!.includes('|')) continue;
    let end = r + 1;
    while (end < lines.length && lines[end]!.includes('|')) end++;
    const rows = lines.slice(r + 1, end).map(cellsOf);
    // (A first cell of a bare year, "2023 | First quarter | ...", dates its row: no column left of the labels.)
    const opened = rows.filter(
      (c) => FIGURE_CELL.test(c[0] ?? '') && !/^(?:19|20)\d{2}$/.test(c[0]!) && labelAt(c) > 0,
    );
    if (opened.length < 3) continue;
    const k = labelAt(opened[0]!);
    if (!opened.every((c) => labelAt(c) === k)) continue;
    const labelled = rows.filter((c) => labelAt(c) >= 0 && labelAt(c) !== k);
    // Every other labelled row is a unit or heading row whose first cell is its only text before the label's cell.
    if (labelled.some((c) => c.slice(0, k).some((x) => x !== '' && !FIGURE_CELL.test(x)) && labelAt(c) !== 0))
      continue;
    // A "Note" column holds note references, not figures: dropped, so a heading row with a note number ("Earnings per
    // share | 5") stays a heading. (Empty cells are dropped too: the reader takes a row's figures in order, and " | | "
    // is no cell mark it splits on.)
    const header = cellsOf(lines[r - 1]!);
    const rotate = (c: string[]) => [...c.slice(k), ...c.slice(0, k)];
    const note = rotate(header).findIndex((x) => /^notes?$/i.test(x));
    const turn = (c: string[]) =>
      rotate(c)
        .filter((x, i) => i !== note && x !== '')
        .join(' | ');
    lines[r - 1] = turn(header);
    for (let j = r + 1; j < end; j++) lines[j] = turn(cellsOf(lines[j]!));
  }
  return lines.join('\n');
}

/**
 * A header row of period spans ("Quarter ended (Unaudited) | Year ended") followed, a unit caption ("Rm") between, by
 * column dates written day first on paragraphs of their own ("31 December" / "2011", "31 December 2011", with "Reviewed"
 * / "Audited" notes under them) is one header row of a span and a date per column: the spans take the dates in turn,
 * the next span starting where the first column's date comes again ("Quarter ended 31 December 2011 | ... | Year ended
 * 31 December 2011 | Year ended 31 December 2010"); the caption is set above it.
 */
const DAY_MONTH = new RegExp(String.raw`^\d{1,2}\s+(?:${MONTH_NAMES.join('|')})$`, 'i');
const DAY_MONTH_YEAR = new RegExp(String.raw`^\d{1,2}\s+(?:${MONTH_NAMES.join('|')})\s+(?:19|20)\d{2}$`, 'i');
function spanRowsOverDayFirstDates(raw: string[]): string[] {
  const SPAN =
    /^(?:quarter|three months|3 months|(?:fiscal )?year|twelve months|12 months|six months|nine months)\s+ended\b/i;
  const out: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const cells = raw[i]!.split(' | ').map((c) => c.trim());
    if (cells.length < 2 || !cells.every((c) => SPAN.test(c))) {
      out.push(raw[i]!);
      continue;
    }
    let j = i + 1;
    const caption = j < raw.length && captionScale(raw[j]!.trim()) !== null ? raw[j]!.trim() : null;
    if (caption !== null) j++;
    const dates: string[] = [];
    for (; j < raw.length; j++) {
      const t = raw[j]!.trim();
      if (DAY_MONTH.test(t) && /^(?:19|20)\d{2}$/.test(raw[j + 1]?.trim() ?? '')) {
        dates.push(`${t} ${raw[j + 1]!.trim()}`);
        j++;
      } else if (DAY_MONTH_YEAR.test(t)) dates.push(t);
      else if (!/^(?:reviewed|audited|unaudited)$/i.test(t)) break;
    }
    const starts = dates.flatMap((d, k) => (k === 0 || d === dates[0] ? [k] : []));
    if (dates.length <= cells.length || starts.length !== cells.length) {
      out.push(raw[i]!);
      continue;
    }
    if (caption !== null) out.push(caption);
    const span = (k: number) =>
      cells[starts.filter((s0) => s0 <= k).length - 1]!.replace(/\s*\([^)]*\)/g, '');
    out.push(dates.map((d, k) => `${span(k)} ${d}`).join(' | '));
    i = j - 1;
  }
  return out;
}

/**
 * A plain-text paragraph that ends on a currency code ("The total income of the Group was TEUR", the amount set on the
 * next paragraph: "199,358 (TEUR: 225,846), a decrease of 11.7%.") runs on into that paragraph when it opens with a
 * figure: a sentence never ends on its unit.
 */
function unitRunOn(body: string): string {
  if (looksLikeHtml(body)) return body;
  return body.replace(
    /(\b[MTKmtk]?(?:EUR|SEK|NOK|DKK|ISK|CHF|USD|GBP))[ \t]*\n(?:[ \t]*\n)+[ \t]*(?=\(?-?\d)/g,
    '$1 ',
  );
}

/** A figure grouped with dots and ending on a decimal comma ("1.234,56"). */
const DOTTED_DECIMAL = /(?<![\d.,])\d{1,3}(?:\.\d{3})+,\d{1,2}(?![\d.,])/g;

/**
 * A text that prints a figure with dots grouping its thousands and a decimal comma ("4.477,8", "(1.597,2)") writes its
 * figures in the comma convention: each such figure, and each figure of digits, a comma and one or two digits ("553,8",
 * "36,5 %"), is rewritten in the point convention ("4,477.8", "553.8"), digit for digit (offsets unchanged).
 */
function pointDecimals(body: string): string {
  const dotted = (body.match(DOTTED_DECIMAL) ?? []).length;
  if (dotted === 0) return body;
  // (A text that prints more comma-grouped figures, "$7,932", "$1,009", than dotted ones is in the point convention: its
  // "$0.502,3" is $0.50 with footnote marks 2 and 3 glued on.)
  const commaGrouped = (body.match(/(?<![\d.,])\d{1,3}(?:,\d{3})+(?![\d,]|\.\d{3})/g) ?? []).length;
  if (commaGrouped > dotted) return body;
  return body
    .replace(DOTTED_DECIMAL, (f) => f.replace(/[.,]/g, (c) => (c === '.' ? ',' : '.')))
    .replace(/(?<![\d.,])(\d+),(\d{1,2})(?![\d.,])/g, '$1.$2');
}

/**
 * (h-guid32, guidance set 19: a page store's "\\$1.71", "\\$6.45 to \\$6.60 per share".) Backslashes right before a
 * dollar sign are a markdown escape, not text: "\\$1.71" is "$1.71".
 */
function escapedDollars(body: string): string {
  return body.includes('\\$') ? body.replace(/\\+\$/g, '$') : body;
}

/**
 * Full-width punctuation of a Japanese text ("，", "（", "）", "％", "：") is read as its ASCII mark, and a triangle before
 * a figure ("△ 32.3", "△271": the Japanese minus sign) as a minus, mark for mark (offsets unchanged).
 */
function fullWidthMarks(body: string): string {
  if (!/[，（）％：△▲]/.test(body)) return body;
  const ascii: Record<string, string> = { '，': ',', '（': '(', '）': ')', '％': '%', '：': ':' };
  return body.replace(/[，（）％：]/g, (c) => ascii[c]!).replace(/[△▲](?=\s?\d)/g, '-');
}

/**
 * A text that groups thousands with a single space ("7 258", "(19 886)", "31 453") and never with a comma writes its
 * figures in the space convention: each such figure is rewritten with commas ("7,258"), digit for digit (offsets
 * unchanged). Four such figures at least; a text with a comma-grouped figure is left as it is.
 */
function spaceThousands(body: string): string {
  const spaced = /(?<![\d,.]|\d )\d{1,3}(?: \d{3})+(?![\d,]|\.\d|\s\d)/g;
  if ((body.match(spaced) ?? []).length < 4 || /\d,\d{3}(?!\d)/.test(body)) return body;
  return body.replace(spaced, (f) => f.replace(/ /g, ','));
}

/**
 * Words a rendering ran together where a tag ended ("Gross profitof RMB46.5million", "Net incomeof", "fiscal
 * secondquarterended September 30, 2014", "Net lossfor the second quarter"): a name or period word glued to the "of" /
 * "ended" / "for" after it, or an ordinal glued to "quarter", is read as two words.
 */
function unglued(text: string): string {
  return (
    text
      .replace(/\b(first|second|third|fourth)(quarter)(?=\b|ended\b|of\b)/gi, '$1 $2')
      // (h-earn31: Goldman Sachs 3Q23 as copied, "Dilutedearningspercommonshare(EPS)was$5.47forthethird quarterof
      // 2023": a per-share name run together and "for the" run into the ordinal after it are read as their words.)
      .replace(
        /\b(diluted|basic)?(earnings|income|loss)per(common)?(share)\b/gi,
        (_, kind: string | undefined, name: string, common: string | undefined, share: string) =>
          [kind, name, 'per', common, share].filter((w) => w !== undefined && w !== '').join(' '),
      )
      .replace(/(?<![a-z])(for|in)(the)(first|second|third|fourth)\b/gi, '$1 $2 $3')
      .replace(
        /\b((?:gross |net |operating )?(?:profit|income|loss|earnings|revenues?|sales)|quarter|year|months|weeks)(of|ended|for)\b/gi,
        '$1 $2',
      )
  );
}

const SPAN_RUN = /^[ \t]*((?:(?:\d{1,2}|three|six|nine|twelve)[ \t]+months?[ \t]+ended[ \t]*){2,})$/i;
const COLUMN_DATE =
  /^[ \t]*((?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?[ \t]+\d{1,2},[ \t]*(?:19|20)\d{2})[ \t]*$/i;
const PLAIN_FIGURE = /^(?:\$?\(?-?\d[\d,]*(?:\.\d+)?\)?|-|\u2013|\u2014)$/;

/**
 * A plain-text statement an XBRL viewer rendered line by line: a line of two or more spans ("3 Months Ended 9 Months
 * Ended") over one column date per line ("Sep. 30, 2025") is a header row of those spans and dates, and each line under
 * it that ends in as many figures ("Net interest income [1] 14,940 13,362 44,127 40,362", a "$" before a figure apart)
 * is a row; a line with no figures is a heading between rows, and a sentence ends the table.
 */
function spanDateRows(body: string): string {
  if (!/months?[ \t]+ended[ \t]+(?:\d{1,2}|three|six|nine|twelve)[ \t]+months?[ \t]+ended/i.test(body))
    return body;
  const lines = body.split('\n');
  let columns = 0;
  for (let i = 0; i < lines.length; i++) {
    const spans = SPAN_RUN.exec(lines[i]!);
    if (spans) {
      const dates: string[] = [];
      let j = i + 1;
      for (; j < lines.length && COLUMN_DATE.test(lines[j]!); j++)
        dates.push(COLUMN_DATE.exec(lines[j]!)![1]!);
      if (dates.length < 2) continue;
      const words = spans[1]!.match(/(?:\d{1,2}|three|six|nine|twelve)[ \t]+months?[ \t]+ended/gi)!;
      lines[i] = `\n${[...words, ...dates].join(' | ')}\n`;
      for (let k = i + 1; k < j; k++) lines[k] = '';
      columns = dates.length;
      i = j - 1;
      continue;
    }
    if (columns === 0) continue;
    const t = lines[i]!.trim();
    if (t === '') continue;
    const tokens = t.replace(/\$[ \t]+(?=[(\d-])/g, '$').split(/[ \t]+/);
    const cells = tokens.slice(-columns);
    const label = tokens
      .slice(0, -columns)
      .join(' ')
      .replace(/(?:\s*\[\d+\],?)+$/, '');
    if (tokens.length > columns && cells.every((c) => PLAIN_FIGURE.test(c)) && /[A-Za-z]{3}/.test(label))
      lines[i] = `\n${label} | ${cells.join(' | ')}\n`;
    else if (t.length > 100 && /[.;]$/.test(t)) columns = 0;
    else lines[i] = `\n\n${t}\n\n`;
  }
  return lines.join('\n');
}

/** A page-store cell on a line of its own, closed by a mark: "31 221 |", "$ |", "(14.0 |". */
const CLOSED_CELL = /^[ \t]*([^|\s][^|]*?)[ \t]*\|[ \t]*$/;

/**
 * A table the page store rendered with each row's label between cell marks on a line ("| Net sales |") and each of its
 * cells on a line of its own closed by a mark ("31 221 |"), two or more of them, is read back one row per line:
 * "Net sales | 31 221 | 31 013 | ...". A line of nothing but marks ("| |", "|") sets rows apart.
 */
function trailingPipeRows(body: string): string {
  const lines = body.split('\n');
  const label = /^[ \t]*\|[ \t]*([^|]*?[A-Za-z0-9][^|]*?)[ \t]*\|[ \t]*$/;
  const cell = CLOSED_CELL;
  let rows = 0;
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = label.exec(lines[i]!);
    let j = i + 1;
    const cells: string[] = [];
    if (l !== null)
      for (; j < lines.length && cell.test(lines[j]!); j++) cells.push(cell.exec(lines[j]!)![1]!);
    if (l === null || cells.length < 2) {
      out.push(lines[i]!);
      continue;
    }
    out.push('', [l[1]!, ...cells].join(' | '), '');
    rows++;
    i = j - 1;
  }
  return rows >= 3 ? out.join('\n') : body;
}

/** A cell between marks on a line of its own: "| $ 540,260 |", "| December 28, 2019 |", "| Nine Months Ended | ||||". */
const BOXED_CELL = /^[ \t]*\|[ \t]*([^|\s][^|]*?)[ \t]*\|[ \t|]*$/;
/** A row's label and its first cell on one line: "GAAP gross margin | $ 483,478 |". */
const LABELLED_FIRST_CELL = /^[ \t]*([^|\s][^|]*?)[ \t]*\|[ \t]*([^|\s][^|]*?)[ \t]*\|[ \t]*$/;
const isValueCell = (c: string) => CELL_FIGURE.test(c) || /^[-\u2013\u2014]$/.test(c);

/**
 * (h-earn29: Xilinx's reconciliation page.) A table the page store rendered with a row's label and first cell on one
 * line ("GAAP net income | $ 162,012 |") and each further cell between marks on a line of its own ("| 226,993 |",
 * "| - |"), in a text with eight or more such figure lines and three or more such rows, is read back one row per line; a run of two or more heading
 * cells so rendered ("| Three Months Ended |", "| Nine Months Ended | ||||", "| December 28, 2019 |", ...) is one
 * header row.
 */
function boxedCellRows(body: string): string {
  const lines = body.split('\n');
  if (lines.filter((l) => CELL_FIGURE.test(BOXED_CELL.exec(l)?.[1] ?? '')).length < 8) return body;
  // (Three or more rows so laid out: a label line "Net income |" over "| $25,361 |" lines is another layout.)
  const rowStarts = lines.filter((l, k) => {
    const first = LABELLED_FIRST_CELL.exec(l)?.[2];
    const next = BOXED_CELL.exec(lines[k + 1] ?? '')?.[1];
    return first !== undefined && isValueCell(first) && next !== undefined && isValueCell(next);
  }).length;
  if (rowStarts < 3) return body;
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const labelled = LABELLED_FIRST_CELL.exec(lines[i]!);
    const boxed = BOXED_CELL.exec(lines[i]!);
    const heading = boxed !== null && !isValueCell(boxed[1]!);
    if (labelled === null && !heading) {
      out.push(lines[i]!);
      continue;
    }
    const cells = labelled !== null ? [labelled[1]!, labelled[2]!] : [boxed![1]!];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const next = BOXED_CELL.exec(lines[j]!)?.[1];
      if (next === undefined || isValueCell(next) !== (labelled !== null)) break;
      cells.push(next);
    }
    if (cells.length < 2 || (labelled !== null && j === i + 1)) {
      out.push(lines[i]!);
      continue;
    }
    out.push('', cells.join(' | '), '');
    i = j - 1;
  }
  return out.join('\n');
}

/**
 * A period column heading: "FY 2013", "4Q 2013", "Q4 2013", a half year "H1 2021"; a footnote digit may be glued to its
 * year ("Q2 20201" is Q2 2020 with note 1).
 */
const PERIOD_COLUMN = String.raw`(?:FY|[1-4]Q|Q[1-4]|H[12])[ \t]?(?:19|20)\d{2}(?:\d(?![\d,.]))?`;
// (h-earn42: Shell Q1 2025, "Q1 2025 Q4 2024 Q1 2024 %¹ Reference") ... a change column may be a bare "%" with a
// footnote mark, and a "Reference" column of note letters may close the header.
const SPACED_HEADER = new RegExp(
  String.raw`^[ \t]*(.*?)[ \t]*((?:${PERIOD_COLUMN}[ \t]+)+${PERIOD_COLUMN})(?:[ \t]+(%[ \t]?Change|Change|Chg\.?|%[¹²³1-9]?(?=[ \t]+Reference\b)))?(?:[ \t]+(Reference))?[ \t]*$`,
  'i',
);
/**
 * (h-earn42: Shell Q1 2025, "4,780 928 7,358 +415 Income/(loss) attributable to Shell plc shareholders") A row under a
 * "Reference" header that opens with one figure per period column, then the change ("+415", "-29", "--" or none), then
 * its label and a note letter ("Adjusted Earnings A"): the label printed after the figures.
 */
const FIGURE_FIRST_CELL = /^\(?-?\d[\d,]*(?:\.\d+)?\)?%?$/;
const CHANGE_TOKEN = /^(?:[+-]\d[\d,]*(?:\.\d+)?%?|--)$/;
const TWO_PERIOD_COLUMNS = new RegExp(String.raw`${PERIOD_COLUMN}[ \t]+${PERIOD_COLUMN}`, 'i');
const SPACED_CELL = /^\(?-?\$?\d[\d,]*(?:\.\d+)?\)?(?:%|bps)?$/i;

/**
 * A plain-text table whose cells a single space sets apart ("($ Millions, except Earnings Per Share) FY 2012 FY 2013
 * Change" over "Sales 37,665 39,055 4%"): a header line of two or more period columns ("FY 2013", "4Q 2013") and an
 * optional change column makes each line under it that ends in as many figures a row, "label | 37,665 | 39,055 | 4%"
 * (a "bps" after a figure is part of it), until a line that is neither such a row nor blank.
 */
function spacedColumnRows(body: string): string {
  if (!TWO_PERIOD_COLUMNS.test(body)) return spacedYearRows(body);
  const lines = body.split('\n');
  let columns = 0;
  let referenced = false;
  for (const [i, line] of lines.entries()) {
    const header = SPACED_HEADER.exec(line);
    if (header) {
      const periods = header[2]!
        .match(new RegExp(PERIOD_COLUMN, 'gi'))!
        .map((p) => p.replace(/((?:19|20)\d{2})\d$/, '$1'));
      referenced = header[4] !== undefined;
      const change = referenced ? undefined : header[3];
      columns = periods.length + (change ? 1 : 0);
      const cells = [
        ...(header[1]!.trim() === '' ? [] : [header[1]!.trim()]),
        ...periods,
        ...(change ? [change] : []),
      ];
      // (h-earn42: Shell, "Quarters $ million" over "Q1 2025 Q4 2024 Q1 2024 %¹ Reference") a line right above the
      // header ending in a currency and a scale word is the unit of the header's columns.
      const above = lines.slice(0, i).findLast((l) => l.trim() !== '') ?? '';
      const unit = /(?:^|\s)((?:[A-Z]{0,3}\$|€|£)\s?(?:thousand|million|billion)s?)\s*$/i.exec(above)?.[1];
      if (header[1]!.trim() === '' && unit !== undefined) cells.unshift(unit);
      lines[i] = `\n${cells.join(' | ')}\n`;
      continue;
    }
    if (columns === 0 || line.trim() === '') continue;
    if (referenced) {
      const tokens = line.trim().split(/\s+/);
      const figures = tokens.slice(0, columns);
      const rest = tokens.slice(columns);
      if (rest.length > 0 && CHANGE_TOKEN.test(rest[0]!)) rest.shift();
      if (rest.length > 1 && /^[A-H]$/.test(rest.at(-1)!)) rest.pop();
      const label = rest.join(' ');
      if (
        figures.every((c) => FIGURE_FIRST_CELL.test(c)) &&
        /^[A-Za-z]/.test(label) &&
        /[A-Za-z]{3}/.test(label)
      ) {
        lines[i] = `\n${label} | ${figures.join(' | ')}\n`;
        continue;
      }
      columns = 0;
      continue;
    }
    const tokens = line
      .trim()
      .replace(/\s+bps\b/gi, 'bps')
      .split(/\s+/);
    const cells = tokens.slice(-columns);
    const label = tokens.slice(0, -columns).join(' ');
    if (tokens.length > columns && cells.every((c) => SPACED_CELL.test(c)) && /[A-Za-z]{3}/.test(label))
      lines[i] = `\n${label} | ${cells.join(' | ')}\n`;
    // A line whose fewer figures follow a run of spaces ("Net interest-bearing debt     2,618 2,114 2,193": the
    // period columns it has no value for left blank) is a line of the table apart, not its end.
    else if (/[A-Za-z)]\d?[ \t]{3,}\(?-?\d[\d,.]*\)?%?(?:[ \t]+\(?-?\d[\d,.]*\)?%?)*[ \t]*$/.test(line))
      lines[i] = `\n${line.trim()}\n`;
    else columns = 0;
  }
  return lines.join('\n');
}

const YEAR_HEADER =
  /^[ \t]*(?:[A-Za-z-]+\*?[ \t]*\n?[ \t]*)?((?:19|20)\d{2})(?:[ \t]+(?:19|20)\d{2})+[ \t]*$/;
/** A titled header of bare years with a change column: "Financial highlights 2013 2012 Increase %". */
const TITLED_YEAR_HEADER =
  /^[ \t]*((?:[A-Za-z-]+[ \t]+){1,3})((?:19|20)\d{2}(?:[ \t]+(?:19|20)\d{2})+)[ \t]+((?:Increase|Decrease|Change|Growth)[ \t]*%?)[ \t]*$/i;
const SPACED_FIGURE = /^(?:\(?-?\d[\d,]*(?:\.\d+)?\)?p?|-|\u2013|\u2014)$/;

/**
 * A plain-text statement whose columns a single space sets apart under a header line of bare years ("2012 2011") and
 * a unit line ("Note £m £m"): each line under it ending in as many figures ("1,564.9 1,513.3", "46.4p 67.2p", a "-" for
 * nil) is a row "label | 1,564.9 | 1,513.3", the note references before the figures ("Revenue 1, 2") dropped; the unit
 * line is a caption paragraph; a line with no figure is a heading between rows; a sentence ends the table.
 */
function spacedYearRows(body: string): string {
  const lines = stackedYearHeaders(body.split('\n'));
  let columns = 0;
  for (const [i, line] of lines.entries()) {
    const header = YEAR_HEADER.exec(line);
    if (header && !line.includes('|')) {
      const years = line.match(/(?:19|20)\d{2}/g)!;
      columns = years.length;
      // (A word before the years, "Underlying*", is a heading above them.)
      const word = /^\s*([A-Za-z-]+\*?)[ \t]*\n?[ \t]*(?:19|20)\d{2}/.exec(line)?.[1];
      lines[i] = `${word !== undefined ? `\n\n${word}\n\n` : '\n'}${years.join(' | ')}\n`;
      continue;
    }
    // A header of bare years may open with a short title and close with a change column ("Financial highlights 2013
    // 2012 Increase %"): the title is a heading of its own, and each row under it ends in one more figure, the change.
    const titled = TITLED_YEAR_HEADER.exec(line);
    if (titled && !line.includes('|')) {
      const years = titled[2]!.match(/(?:19|20)\d{2}/g)!;
      columns = years.length + 1;
      lines[i] = `\n\n${titled[1]!.trim()}\n\n${[...years, titled[3]!.trim()].join(' | ')}\n`;
      continue;
    }
    if (columns === 0 || line.trim() === '') continue;
    const t = line.trim();
    if (/^(?:notes?\s+)?(?:[£$€]|[A-Z]{3}\s?)m(?:\s+(?:[£$€]|[A-Z]{3}\s?)m)+$/i.test(t)) {
      lines[i] = `\n\n${t}\n\n`;
      continue;
    }
    // A numbered note ("1. Underlying profit is calculated as ...") the page set between the header and its rows is a
    // paragraph, not the end of the table.
    if (/^\d{1,2}\.\s+[A-Z][a-z]/.test(t) && /[.;]$/.test(t)) {
      lines[i] = `\n\n${t}\n\n`;
      continue;
    }
    const tokens = t.split(/\s+/);
    const cells = tokens.slice(-columns);
    const label = tokens
      .slice(0, -columns)
      .join(' ')
      .replace(/(?:\s+\d{1,2},?)+$/, '');
    if (
      tokens.length > columns &&
      cells.every((c) => SPACED_FIGURE.test(c)) &&
      cells.some((c) => /\d/.test(c)) &&
      /[A-Za-z]{3}/.test(label)
    )
      lines[i] = `\n${label} | ${cells.join(' | ')}\n`;
    // A line whose cells are figures but one misprinted ("1.421.4", "11.7pp") is still a row: the misprinted cell holds
    // its column and gives no value (MISPRINTED_CELL in release-tables); the table goes on.
    else if (
      tokens.length > columns &&
      cells.every((c) => SPACED_FIGURE.test(c) || MISPRINTED_CELL.test(c)) &&
      cells.filter((c) => MISPRINTED_CELL.test(c)).length === 1 &&
      /[A-Za-z]{3}/.test(label)
    )
      lines[i] = `\n${label} | ${cells.join(' | ')}\n`;
    else if (
      tokens.length > columns &&
      cells.every((c) => /^\(?-?\d[\d.,]*\)?p?$/.test(c)) &&
      /[A-Za-z]{3}/.test(label)
    )
      lines[i] = `\n\n${t}\n\n`;
    else if (/\d\s*$/.test(t) || (t.length > 100 && /[.;]$/.test(t))) columns = 0;
    else lines[i] = `\n\n${t}\n\n`;
  }
  return lines.join('\n');
}

/**
 * A header the page store stacked one cell per line ("Total" / "2013" / "Total" / "2014" / ... / "2015" / "Restated",
 * or "2023" / "£m" / "2021(2)" / "£m"): a run of short lines, each a bare year (a note mark after it) or the same column
 * word (with "Restated" or a unit "£m" beside a year), holding two or more years and followed by a line of more tokens
 * than years that ends in a figure, is one header line of those years; the column word is a heading above it
 * ("Underlying*").
 */
function stackedYearHeaders(lines: string[]): string[] {
  const out = [...lines];
  for (let i = 0; i < lines.length; i++) {
    const years: string[] = [];
    const words = new Set<string>();
    let unit: string | null = null;
    let j = i;
    for (; j < lines.length; j++) {
      const t = lines[j]!.trim();
      if (t === '') continue;
      if (/^(?:19|20)\d{2}(?:\s?\(\d\))?$/.test(t)) years.push(t.slice(0, 4));
      else if (/^restated$/i.test(t) && years.length > 0) continue;
      else if (/^(?:[£$€]|[A-Z]{3}\s?)m$/.test(t) && years.length > 0) unit = t;
      else if (/^[A-Za-z][A-Za-z-]{2,20}[*^]?$/.test(t) && !/^restated$/i.test(t)) words.add(t);
      else break;
    }
    if (years.length < 2 || words.size > 1) continue;
    const next = lines[j]?.trim() ?? '';
    const tokens = next.split(/\s+/);
    if (tokens.length <= years.length || !/^\(?-?\d[\d,.]*\)?p?$/.test(tokens.at(-1)!)) continue;
    for (let k = i; k < j; k++) out[k] = '';
    out[i] = `${words.size === 1 ? `${[...words][0]} ` : ''}${years.join(' ')}`;
    // (The unit, "£m", stays as the caption under the header.)
    if (unit !== null && j - 1 > i) out[j - 1] = unit;
    i = j - 1;
  }
  return out;
}

/** Two or more amounts, each opening with "$", with or without spaces between them ("$118 $3,047 $(223)$3,165"). */
const DOLLAR_RUN = String.raw`(?:\$\s?\(?\d[\d,]*(?:\.\d+)?\)?[ \t]*){2,}`;
const RUN_ROW = new RegExp(String.raw`^([^$|\n]{3,120}?[A-Za-z)])[ \t]*(${DOLLAR_RUN})$`);
const RUN_VALUES = new RegExp(String.raw`^[ \t]*${DOLLAR_RUN}$`);

/**
 * A table row whose cells the page store ran together ("Net Income (Loss) (GAAP)$118 $3,047 $6,965 $(223)$3,165"),
 * or a label line above a line of nothing but such amounts ("Adjusted Net Income (Non-GAAP) (1)" over "$275 $3,059
 * ..."), is split into cells before each "$": "label | $118 | $3,047 | ...".
 */
function runTogetherRows(body: string): string {
  if (!/\d[ \t]*\$\s?\(?\d[^\n]*\$/.test(body)) return body;
  const lines = body.split('\n');
  const cells = (run: string) =>
    run.match(/\$\s?\(?\d[\d,]*(?:\.\d+)?\)?/g)!.map((c) => c.replace(/\s/g, ''));
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const row = RUN_ROW.exec(line.trim());
    const next = lines[i + 1] ?? '';
    if (row && !/[.;:]\s/.test(row[1]!)) {
      out.push(`${row[1]!.trim()} | ${cells(row[2]!).join(' | ')}`);
    } else if (
      RUN_VALUES.test(next) &&
      /[A-Za-z]{3}/.test(line) &&
      line.trim().length <= 120 &&
      !/\$|[.;:]\s|[.:]$/.test(line.trim())
    ) {
      out.push(`${line.trim()} | ${cells(next).join(' | ')}`);
      i++;
    } else out.push(line);
  }
  return out.join('\n');
}

/**
 * A figure cell; its currency mark may be a "$" or a code ("SFr 444.3", "CHF 12.1"); a change in percentage points
 * ("-3.2pp") is a cell of its row too.
 */
// (A per-share cell may omit the zero before its decimal point, as older releases print it: "(.26", ".27".)
// (h-earn35: voestalpine's "–48.7": an en dash or minus sign right before the digits is a minus, as in parseAmount.)
// (h-earn37: Keller's "+25%" and "39.5p" one per line: a plus sign before a percent change, pence after an amount.)
const CELL_FIGURE =
  /^(?:\(?[-\u2013\u2212]?(?:\$|¥|(?:SFr\.?|CHF|EUR|GBP|USD|SEK|NOK|DKK|JPY|HKD|ZAR|KRW|TWD|RMB|CNY|INR|CAD|AUD) )?\s?\(?(?:\d[\d,]*(?:\.\d+)?|\.\d+)\)?(?: ?%|pp|p)?|\+\d+(?:\.\d+)? ?%)$/;
/** A single page-store cell on a line of its own: "|149,779", "|(14,842", "|)", "|$", "|Three Months Ended ...". */
const LONE_CELL = /^\|([^|]*)$/;
// (A quarter code with its year, "3Q11", "Q3/2025", "Q3 2025", is a column heading too.)
// (... and so is a code of months with its year, "6M24", "9M2023", or a year-first quarter code, "22.3Q".)
const SPAN_CELL =
  /\b(?:months?|weeks?|quarter|year)s?\b.*\bended\b|^(?:19|20)\d{2}$|^(?:[1-4]Q|Q ?[1-4])(?: ?|\/)(?:(?:19|20)\d{2}|\d{2})$|^(?:[369]|12)M(?:(?:19|20)\d{2}|\d{2})$/i;
const YEAR_FIRST_QUARTER = /^\d{2}\.[1-4]Q$/;
/** A column heading cell: a span ("Three Months Ended December 31,") or a year, short and stating no amount. */
const isHeaderCell = (c: string) =>
  (c.length <= 60 && !/[$%]|\d\.\d/.test(c) && SPAN_CELL.test(c)) || YEAR_FIRST_QUARTER.test(c);
/**
 * A column heading that is one only within a run of column headings: a change column ("Chg %", "Var.", "YoY", "QoQ",
 * "Change") or a column code under a year ("YTD", "TOTAL", a bare "Q2").
 */
const CHANGE_CELL = /^(?:chg\.?\s?%?|var\.?\s?%?|change|% change|yoy|qoq|ytd|total|q[1-4])$/i;
/** A column date cell: "June 30, 2017", "March 31, 2023" (a month, a day, a year and nothing else). */
/** A column date's month and day, its year set apart ("May 29,"). */
const MONTH_DAY_CELL = /^(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.? \d{1,2},?$/;
const DATE_CELL =
  /^(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.? \d{1,2}, (?:19|20)\d{2}$/;

/**
 * A table the page store rendered one cell per line, each opening with "|" (a label, then "|$", "|149,779",
 * "|(14,842", "|)"), is read back into rows as a table rendered one cell per paragraph is: a lone ")" or "%" cell
 * closes the figure before it, a lone bullet mark opens the text after it, and a run of two or more header cells
 * (spans "Three Months Ended ...", years "2008", "2007") is one header row. This is done on the text's lines,
 * before paragraphs are formed: a figure cell repeated on its own ("|(0.56" for basic and diluted) would otherwise
 * read as a running page footer and be dropped.
 */
function pipeCellText(body: string): string | null {
  // Cheap test first: eight lines that are one cell each ("|149,779"), or the text is left as it is.
  let n = 0;
  for (const m of body.matchAll(/^[ \t]*\|([^|\n]*)$/gm)) if (m[1]!.trim() !== '' && ++n >= 8) break;
  if (n < 8) return null;
  const lines = body.split('\n');
  // Each cell line is an entry of its own; other lines keep their paragraphs (hard-wrapped lines stay together).
  const entries: string[] = [];
  let para: string[] = [];
  const flush = () => {
    if (para.length > 0) entries.push(para.join('\n'));
    para = [];
  };
  for (const l of lines) {
    if (l.trim() === '') flush();
    else if (LONE_CELL.test(l.trim())) {
      flush();
      entries.push(l.trim());
    } else para.push(l);
  }
  flush();
  return pipeCells(entries).join('\n\n');
}

/**
 * A table the page store rendered one cell per line, each closing with "|" ("Revenue |", "$ |", "140.7 |", "(14.0 |",
 * ") |"), in a text where no line opens with a mark before a cell and such lines hold eight or more figures, is the same
 * table as one whose cells open with "|": each such line becomes "|140.7", a line of nothing but marks a blank line.
 */
function closedCellText(body: string): string | null {
  const closed = CLOSED_CELL;
  if (/^[ \t]*\|[ \t]*[^|\s]/m.test(body)) return null;
  const lines = body.split('\n');
  if (lines.filter((l) => CELL_FIGURE.test(closed.exec(l)?.[1] ?? '')).length < 8) return null;
  return lines
    .map((l) => {
      const m = closed.exec(l);
      if (m) return `|${m[1]}`;
      return /^[ \t]*\|[ \t|]*$/.test(l) ? '' : l;
    })
    .join('\n');
}

/**
 * A table whose rows the page store wrapped over several lines that each end with "|" ("| Revenues |", "$ |",
 * "158,633 | $ | 168,607 | $ | 497,397 | $ |", "497,111 |"), rows set apart by lines of nothing but "|" marks (at
 * least four such lines of two or more marks in the text), is read back one row per line: the lines between two
 * separators are one row; a footnote mark cell after a figure ("51,584 | (1) |") is the figure's note, not a column;
 * and a row whose only cell is a sentence (a footnote the store put in the table) is a paragraph.
 */
function wrappedPipeRows(body: string): string {
  if ((body.match(/^[ \t]*\|{2,}[ \t]*$/gm) ?? []).length < 4) return body;
  const out: string[] = [];
  let row: string[] = [];
  const flush = () => {
    if (row.length === 0) return;
    const line = `| ${row.join(' ')}`.replace(/(\d\)?)\s*\|\s*\(\d\)\s*(?=\|)/g, '$1 ');
    out.push(line);
    row = [];
  };
  const cellsOfLine = (t: string) =>
    t
      .split('|')
      .map((c) => c.trim())
      .filter((c) => c !== '');
  for (const l of body.split('\n')) {
    const t = l.trim();
    const cells = cellsOfLine(t);
    if (cells.length === 1 && cells[0]!.length >= 80) {
      flush();
      out.push('', cells[0]!, '');
    } else if (/^\|*$/.test(t)) {
      flush();
      out.push('');
    } else if (/\|$/.test(t)) {
      // (h-guid19) A line opening with a label after a row that holds a figure already ("GAAP EPS Guidance | $2.15 to
      // $2.55 | ||" under "Fiscal Year End 2017 | |||") starts the next row: a wrapped row's later lines hold no label.
      if (/^\|?\s*[A-Za-z]/.test(t) && row.some((r) => /\d/.test(r.replace(/\b(?:19|20)\d{2}\b/g, ''))))
        flush();
      row.push(t);
      // (... and a label followed by nothing but three or more marks, "Fiscal Year End 2017 | |||", "(in millions) | |||",
      // is a heading row of its own.)
      if (/^\|?\s*[^|\s][^|]*(?:\|\s*){3,}$/.test(t)) flush();
    } else {
      flush();
      out.push(l);
    }
  }
  flush();
  return out.join('\n');
}

/**
 * A table the page store rendered one cell per line with no cell marks (a label line, then "$", "92,812", "$",
 * "89,686" each on a line of its own; "40.3" over "%"), in a text where lines of a lone figure are at least eight and
 * a quarter of the non-empty lines and lines setting cells apart with " | " are none or under a tenth of those
 * figures, is read back into rows as a table rendered one cell per "|" line is: each line is a cell.
 */
function lineCellText(body: string): string | null {
  const lines = body
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !/^\|\s*$/.test(l));
  const pipeLines = lines.filter((l) => l.includes(' | ') || /\|\s*$/.test(l)).length;
  const figures = lines.filter((l) => CELL_FIGURE.test(l) && !/^(?:19|20)\d{2}$/.test(l)).length;
  if (figures < 8 || figures * 4 < lines.length) return null;
  // (A line or two setting words apart with " | " (a site's menu, "Sign In | Register") makes no pipe table: ten lone
  // figures for each such line still show a table rendered one cell per line.)
  if (pipeLines > 0 && pipeLines * 10 > figures) return null;
  // A column heading ending in "Ended" and the date on the line under it are one heading ("Three Months Ended" over
  // "June 30, 2017"; also a date whose year is left to the year row below, "Three Months Ended" over "September 30,").
  const joined: string[] = [];
  const transposed = new Set<string>();
  for (const l of transposedSummaries(
    periodRowSummaries(periodCodeRows(lines, transposed), transposed),
    transposed,
  )) {
    const prev = joined[joined.length - 1];
    if (prev !== undefined && /\bended$/i.test(prev) && (DATE_CELL.test(l) || MONTH_DAY_CELL.test(l)))
      joined[joined.length - 1] = `${prev} ${l}`;
    else joined.push(l);
  }
  // (A transposed summary's rows are rows already.)
  return pipeCells(joined.map((l) => (transposed.has(l) ? l : `|${l.replace(/^\|/, '')}`))).join('\n\n');
}

/** A summary box's cell: a period code (perhaps "YTD") and one amount, "3Q23          $11.82 billion". */
const PERIOD_AMOUNT_LINE =
  /^((?:[1-4]Q|Q[1-4]) ?(?:(?:19|20)\d{2}|\d{2})(?: YTD)?)\s+(\$?\(?-?\d[\d,]*(?:\.\d+)?\)?(?:%| (?:billion|million|thousand))?)$/i;

/**
 * (h-earn32) A summary box printed as two to six measure names each on its own line, then lines of a period code and one
 * amount ("3Q23 $11.82 billion", "3Q23 $2.06 billion", "3Q23 $5.47", "3Q23 YTD $34.94 billion", ...) in runs of one
 * period each, the first run one line per name: the n-th line of each run is the n-th name's, so the box is read as a
 * table, one row per name under a header row of the runs' periods.
 */
function periodBoxRows(body: string): string {
  if (!/^(?:[1-4]Q|Q[1-4]) ?\d{2}/m.test(body)) return body;
  const lines = body.split('\n');
  const full: number[] = [];
  for (let i = 0; i < lines.length; i++) if (lines[i]!.trim() !== '') full.push(i);
  const out = lines.slice();
  for (let p = 0; p < full.length; p++) {
    let q = p;
    while (
      q < full.length &&
      NAME_LINE.test(lines[full[q]!]!.trim()) &&
      !PERIOD_CODE.test(lines[full[q]!]!.trim())
    )
      q++;
    const names = full.slice(p, q).map((i) => lines[i]!.trim());
    if (names.length < 2 || names.length > 6) continue;
    const runs: { period: string; values: string[] }[] = [];
    let r = q;
    for (; r < full.length; r++) {
      const m = PERIOD_AMOUNT_LINE.exec(lines[full[r]!]!.trim());
      if (!m) break;
      const period = m[1]!.replace(/\s+/g, ' ');
      const last = runs[runs.length - 1];
      if (last !== undefined && last.period === period) last.values.push(m[2]!);
      else runs.push({ period, values: [m[2]!] });
    }
    const periods = new Set(runs.map((x) => x.period));
    if (
      runs.length === 0 ||
      periods.size !== runs.length ||
      runs[0]!.values.length !== names.length ||
      runs.some((x) => x.values.length > names.length)
    )
      continue;
    const rows = [
      runs.map((x) => x.period).join(' | '),
      ...names.map((n, k) => [n, ...runs.map((x) => x.values[k] ?? '—')].join(' | ')),
    ];
    for (let k = p; k < r; k++) out[full[k]!] = '';
    out[full[p]!] = rows.join('\n\n');
    p = r - 1;
  }
  return out.join('\n');
}

/** A period code with its year alone on its line: "3Q 2013", "Q3 2013", "3Q13", "FY 2013". */
const PERIOD_CODE = /^(?:(?:[1-4]Q|Q[1-4]) ?(?:(?:19|20)\d{2}|\d{2})|FY ?(?:19|20)\d{2})$/i;
/** A column name's line: words (a footnote digit may close it), no figure, no sentence. */
const NAME_LINE = /^[A-Za-z][A-Za-z .,&'/-]{0,40}\d?$/;

/**
 * (h-earn32) A summary whose rows are periods and whose columns are measures, rendered one cell per line: two or more
 * rows each a period code ("3Q 2013") followed by the same number of figures, under that many column names (each
 * on a line, or each name's two lines with all first lines before all second lines, "Net" / "MS Income" / ... /
 * "Revenues" / "Cont. Ops." / ...), perhaps under group headings that split the columns evenly ("As Reported" /
 * "Excluding DVA" over two columns each), is read back one row per measure, "name - group | figure per period",
 * under a header row of the period codes.
 */
function periodCodeRows(lines: string[], rows: Set<string>): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!PERIOD_CODE.test(line) || (i > 0 && VALUE_CELL(lines[i - 1]!))) {
      out.push(line);
      continue;
    }
    let width = 0;
    while (i + 1 + width < lines.length && VALUE_CELL(lines[i + 1 + width]!)) width++;
    const periods: string[] = [];
    const values: string[][] = [];
    let r = i;
    while (
      width >= 2 &&
      r + width < lines.length &&
      PERIOD_CODE.test(lines[r]!) &&
      lines.slice(r + 1, r + 1 + width).every(VALUE_CELL) &&
      !VALUE_CELL(lines[r + 1 + width] ?? '')
    ) {
      periods.push(lines[r]!);
      values.push(lines.slice(r + 1, r + 1 + width));
      r += width + 1;
    }
    // The column names: the name lines just above the first period row.
    let a = out.length;
    while (a > 0 && NAME_LINE.test(out[a - 1]!) && !PERIOD_CODE.test(out[a - 1]!)) a--;
    const names = out.slice(a);
    // Two lines per name (first lines, then second lines) or one; the lines above them are group headings only when
    // they split the columns evenly.
    let items: string[] = [];
    let groups: string[] = [];
    for (const depth of [2, 1]) {
      const n = width * depth;
      if (names.length < n) continue;
      const extra = names.length - n;
      if (extra > 0 && (extra < 2 || width % extra !== 0)) continue;
      const own = names.slice(extra);
      items = own.slice(0, width).map((x, k) => (depth === 2 ? `${x} ${own[width + k]}` : x));
      groups = names.slice(0, extra);
      break;
    }
    if (periods.length < 2 || items.length !== width) {
      out.push(line);
      continue;
    }
    out.length = a;
    const header = periods.join(' | ');
    rows.add(header);
    out.push(header);
    for (const [k, item] of items.entries()) {
      const group = groups.length > 0 ? groups[Math.floor(k / (width / groups.length))] : undefined;
      const row = [group === undefined ? item : `${item} - ${group}`, ...values.map((v) => v[k]!)].join(
        ' | ',
      );
      rows.add(row);
      out.push(row);
    }
    i = r - 1;
  }
  return out;
}

const UNIT_CELL = /^(?:millions? (?:of )?yen|yen(?: mln)?|%)$/i;
/** A period row's heading: a span ended on a date ("Year ended Mar. 31, 2021", "Three months ended June 30, 2021"). */
// (... or a fiscal year's code with its quarter, "FY2021 Q1", "FY2020".)
const PERIOD_ROW =
  /^(?:(?:fiscal )?year|(?:three|six|nine|twelve) months)(?: ended)? (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.? \d{1,2}, (?:19|20)\d{2}$|^FY ?(?:19|20)\d{2}(?: ?Q[1-4])?$/i;
const VALUE_CELL = (v: string) => CELL_FIGURE.test(v) || /^[-\u2013\u2014―]$/.test(v);

/**
 * A results summary whose heading names the items across (each on a line, a wrapped name's second line in lower case,
 * or every name's second line after all first lines: "Basic earnings" / ... / "per share" / ...), then a unit per
 * column ("Yen", "%"; only "%" lines, one per item, when the amounts' unit is the caption's and each amount is followed
 * by its change), then one row per period, a span ended on a date ("Year ended Mar. 31, 2021") and its values: each
 * item becomes a row of its amounts under a header of those spans (the "%" columns dropped, "―" no value).
 */
function periodRowSummaries(lines: string[], rows: Set<string>): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!UNIT_CELL.test(lines[i]!) || (out.length > 0 && UNIT_CELL.test(out[out.length - 1]!))) {
      out.push(lines[i]!);
      continue;
    }
    let u = i;
    while (u < lines.length && UNIT_CELL.test(lines[u]!)) u++;
    const units = lines.slice(i, u);
    // A unit and "%" in turn ("Million yen", "%", "Million yen", "%", ...): each item's amount and its change, the
    // unit the table's caption.
    const alternating =
      units.length >= 4 && units.length % 2 === 0 && units.every((x, k) => (x === '%') === (k % 2 === 1));
    // Only "%" units: each item's amount comes before its change.
    const paired = alternating || units.every((x) => x === '%');
    const itemCount = alternating ? units.length / 2 : units.length;
    const width = alternating ? units.length : paired ? itemCount * 2 : itemCount;
    let a = out.length;
    while (a > 0 && /^[A-Za-z][A-Za-z ,'()/-]*$/.test(out[a - 1]!) && out.length - a < itemCount * 2) a--;
    const labelLines = out.slice(a);
    let items: string[] = [];
    // A name wrapped over more lines than the others is printed around them: its first line, ending on a word no name
    // ends with ("Net income attributable"), above the one-line names, its lower-case lines ("to parent company",
    // "shareholders") after them; it is the last column's (the tanshin form's order ends on the net income).
    const tail = labelLines.findIndex((_l, k) => k > 1 && labelLines.slice(k).every((x) => /^[a-z]/.test(x)));
    if (
      alternating &&
      tail > 1 &&
      /\b(?:attributable|to|of|per|and|before|from)$/i.test(labelLines[0]!) &&
      labelLines.slice(1, tail).every((x) => /^[A-Z]/.test(x))
    )
      items = [...labelLines.slice(1, tail), [labelLines[0]!, ...labelLines.slice(tail)].join(' ')];
    else if (labelLines.length === itemCount * 2)
      items = labelLines.slice(0, itemCount).map((l, k) => `${l} ${labelLines[itemCount + k]}`);
    else
      for (const l of labelLines) {
        if (/^[a-z]/.test(l) && items.length > 0) items[items.length - 1] = `${items[items.length - 1]} ${l}`;
        else items.push(l);
      }
    const periods: string[] = [];
    const values: string[][] = [];
    let r = u;
    while (
      r + width < lines.length &&
      PERIOD_ROW.test(lines[r]!) &&
      lines.slice(r + 1, r + 1 + width).every(VALUE_CELL)
    ) {
      periods.push(lines[r]!);
      values.push(lines.slice(r + 1, r + 1 + width));
      r += width + 1;
    }
    if (items.length !== itemCount || periods.length === 0) {
      out.push(lines[i]!);
      continue;
    }
    out.length = a;
    if (alternating) out.push(units[0]!);
    rows.add(periods.join(' | '));
    out.push(periods.join(' | '));
    for (const [k, item] of items.entries()) {
      const c = paired ? k * 2 : k;
      if (!paired && units[k] === '%') continue;
      const row = [item, ...values.map((v) => (CELL_FIGURE.test(v[c]!) ? v[c]! : '—'))].join(' | ');
      rows.add(row);
      out.push(row);
    }
    i = r - 1;
  }
  return out;
}

/**
 * A results summary whose heading names the items across ("Net sales", "Operating profit", ... each on a line, a
 * wrapped name's second line in lower case or the second line of every name after the first lines), then a span
 * ("Three months ended"), then a unit per column ("Million yen", "%"), then one row per period (a date, then a value
 * per unit): each item becomes a row of its values (the "%" columns dropped) under a header of the span and dates,
 * the unit its caption.
 */
function transposedSummaries(lines: string[], rows: Set<string>): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const span = lines[i]!;
    if (!/^(?:three|six|nine|twelve) months ended$/i.test(span)) {
      out.push(span);
      continue;
    }
    let u = i + 1;
    while (u < lines.length && UNIT_CELL.test(lines[u]!)) u++;
    const units = lines.slice(i + 1, u);
    const itemCount = units.filter((x) => x !== '%').length;
    // The item names: the label lines just above the span, back to a line that is a figure or ends a sentence.
    let a = out.length;
    while (a > 0 && /^[A-Za-z][A-Za-z ,'()-]*$/.test(out[a - 1]!) && out.length - a < itemCount * 2) a--;
    const labelLines = out.slice(a);
    let items: string[] = [];
    if (labelLines.length === itemCount * 2 && labelLines.slice(itemCount).every((l) => /^[a-z]/.test(l)))
      items = labelLines.slice(0, itemCount).map((l, k) => `${l} ${labelLines[itemCount + k]}`);
    else
      for (const l of labelLines) {
        if (/^[a-z]/.test(l) && items.length > 0) items[items.length - 1] = `${items[items.length - 1]} ${l}`;
        else items.push(l);
      }
    items = items.slice(-itemCount);
    // The period rows: a date, then one value per unit ("-" for none).
    const dates: string[] = [];
    const values: string[][] = [];
    let r = u;
    while (
      r + units.length < lines.length &&
      DATE_CELL.test(lines[r]!) &&
      lines
        .slice(r + 1, r + 1 + units.length)
        .every((v) => CELL_FIGURE.test(v) || /^[-\u2013\u2014―]$/.test(v))
    ) {
      dates.push(lines[r]!);
      values.push(lines.slice(r + 1, r + 1 + units.length));
      r += units.length + 1;
    }
    if (itemCount === 0 || items.length !== itemCount || dates.length === 0) {
      out.push(span);
      continue;
    }
    out.length = a;
    // The columns' unit ("Million yen") stays above the rows as their caption.
    const scaled = units.find((x) => x !== '%' && /\b(?:thousand|million|billion)/i.test(x));
    if (scaled !== undefined) out.push(scaled);
    out.push(dates.map((d) => `${span} ${d}`).join(' | '));
    let k = 0;
    units.forEach((unit, c) => {
      if (unit === '%') return;
      const cells = values.map((v) => (CELL_FIGURE.test(v[c]!) ? v[c]! : '—'));
      const row = [items[k++], ...cells].join(' | ');
      rows.add(row);
      out.push(row);
    });
    i = r - 1;
  }
  return out;
}

function pipeCells(raw: string[]): string[] {
  const cells: string[] = [];
  for (const r of raw) {
    const lone = LONE_CELL.exec(r.trim());
    const text = lone ? lone[1]!.trim() : r;
    const prev = cells.length - 1;
    // A bullet mark in a cell of its own opens the text cell after it ("|•" above "|Net loss of 56 cents ...").
    if (prev >= 0 && /^[•·▪◾§]$/.test(cells[prev]!.trim()) && lone && text !== '') {
      cells[prev] = `${cells[prev]!.trim()} ${text}`;
      continue;
    }
    if (
      lone &&
      /^[)%]$/.test(text) &&
      prev >= 0 &&
      CELL_FIGURE.test(`${cells[prev]}${text}`.replace('(', '').replace(')', ''))
    ) {
      cells[prev] = `${cells[prev]}${text}`;
      continue;
    }
    cells.push(lone && text === '' ? r : text);
  }
  const joined: string[] = [];
  for (let i = 0; i < cells.length; i++) {
    let j = i;
    const inRun = (c: string) => isHeaderCell(c) || (j > i && CHANGE_CELL.test(c));
    // (An empty cell, "|", between two column headings is passed over: the store sets one between every two cells.)
    while (
      j < cells.length &&
      (inRun(cells[j]!.trim()) ||
        (j > i && /^\|?\s*$/.test(cells[j]!.trim()) && inRun(cells[j + 1]?.trim() ?? '')))
    )
      j++;
    // The column dates under a run of span cells ("3 Months Ended", "6 Months Ended", then "Jun. 30, 2023", ...,
    // empty cells between them) are the header's second line: one header row.
    // (A single span cell ending on "ended" over two or more column dates, "Quarter Ended:" over "Sept 30, 2003" and
    // "Sept 30, 2002", is a header row too.)
    if (j - i >= 2 || (j - i === 1 && /\bended:?$/i.test(cells[i]!.trim()))) {
      // (A scale caption between the span cells and their dates, "(dollars in thousands, except per share amounts)",
      // is the table's caption: it is set above the header row, and the dates, also split over two lines
      // ("September 30," / "2025"), still join the header.)
      // (A date in figures, month first, "9/30/2006" under "Three Months Ended", is a column date too: it is written
      // out, "September 30, 2006", as the period readers read dates.)
      const date = (c: string) =>
        DATE_CELL.test(c.trim().replace(/\s+/g, ' ')) || numericDate(c.trim()) !== null;
      let d = j;
      while (d < cells.length && /^\|?\s*$/.test(cells[d]!.trim())) d++;
      const caption =
        d < cells.length && captionScale(cells[d]!.trim()) !== null && !date(cells[d]!) ? d : -1;
      let k = caption >= 0 ? caption + 1 : j;
      while (k < cells.length && (date(cells[k]!) || /^\|?\s*$/.test(cells[k]!.trim()))) k++;
      let dates = cells
        .slice(caption >= 0 ? caption + 1 : j, k)
        .filter(date)
        .map((c) => numericDate(c.trim()) ?? c);
      // (Dates whose days and years the store set in two runs, "May 29," "May 30," ... then "2011" "2010" ..., are
      // the same dates, paired in order.)
      if (dates.length < 2) {
        const days: string[] = [];
        let e = caption >= 0 ? caption + 1 : j;
        while (
          e < cells.length &&
          (MONTH_DAY_CELL.test(cells[e]!.trim()) || /^\|?\s*$/.test(cells[e]!.trim()))
        ) {
          if (MONTH_DAY_CELL.test(cells[e]!.trim())) days.push(cells[e]!.trim().replace(/,$/, ''));
          e++;
        }
        // (h-earn28: an audit note under each day, "(Unaudited)", sits between the days and the years; and a day set
        // once per span group, "February 28," over "Three Months Ended" and over "Nine Months Ended", dates the two
        // year columns of its group: "2007 | 2006 | 2007 | 2006".)
        while (e < cells.length && /^\|?\s*\(unaudited\)\s*$/i.test(cells[e]!.trim())) e++;
        const years: string[] = [];
        while (
          e < cells.length &&
          years.length < 2 * days.length &&
          /^(?:19|20)\d{2}$/.test(cells[e]!.trim())
        ) {
          years.push(cells[e]!.trim());
          e++;
        }
        if (days.length >= 2 && years.length === days.length) {
          dates = days.map((d, n) => `${d}, ${years[n]}`);
          k = e;
        } else if (days.length >= 2 && days.length === j - i && years.length === 2 * days.length) {
          dates = years.map((y, n) => `${days[Math.floor(n / 2)]}, ${y}`);
          k = e;
        } else if (days.length >= 2 && years.length > days.length) {
          // (Years beyond the days' count belong to no pairing above: the first as many as the days are theirs.)
          dates = days.map((d, n) => `${d}, ${years[n]}`);
          e -= years.length - days.length;
          k = e;
        }
      }
      if (j - i === 1 && dates.length < 2) {
        joined.push(cells[i]!);
        continue;
      }
      const header = cells.slice(i, j);
      if (dates.length >= 2) {
        if (caption >= 0) joined.push(cells[caption]!.trim());
        header.push(...dates);
        j = k;
      }
      joined.push(
        header
          .filter((c) => !/^\|?\s*$/.test(c.trim()))
          .map((c) => c.trim().replace(/\s+/g, ' ').replace(/,$/, ''))
          .join(' | '),
      );
      i = j - 1;
      continue;
    }
    joined.push(cells[i]!);
  }
  return relinearise(joined);
}

/** A date in figures, month first ("9/30/2006"), written out ("September 30, 2006"); null for any other cell. */
function numericDate(cell: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/((?:19|20)\d{2})$/.exec(cell);
  if (!m) return null;
  const month = Number(m[1]);
  const day = Number(m[2]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const name = MONTH_NAMES[month - 1]!;
  return `${name[0]!.toUpperCase()}${name.slice(1)} ${day}, ${m[3]}`;
}

const CELL_MARK = /^(?:\$|%|[-\u2013\u2014]{1,2}|\(\d\))$/;

/**
 * A table rendered one cell per paragraph (a label, then "$", "55,783", "$", "49,303" each on its own) is read
 * back into rows: a label paragraph followed only by figure and currency-mark paragraphs, with at least two
 * figures, is one row "label | 55,783 | 49,303"; a run of year paragraphs ("2024", "2023") is a header row.
 */
function relinearise(paragraphs: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < paragraphs.length; i++) {
    const label = paragraphs[i]!.trim();
    let j = i + 1;
    const figures: string[] = [];
    while (
      j < paragraphs.length &&
      (CELL_FIGURE.test(paragraphs[j]!.trim()) ||
        CELL_MARK.test(paragraphs[j]!.trim()) ||
        // "n.m." (not meaningful) is a change column's entry, passed over as its percent cells are (a row's
        // change cells are no period's figures).
        (/^n\.m\.$/i.test(paragraphs[j]!.trim()) &&
          figures.length > 0 &&
          CELL_FIGURE.test(paragraphs[j + 1]?.trim() ?? '')) ||
        // An empty cell (a paragraph of nothing but spaces) between a row's cells is skipped.
        paragraphs[j]!.trim() === '')
    ) {
      // A currency mark in its own cell belongs to the figure after it ("$" / "55,783" is "$55,783").
      if (CELL_FIGURE.test(paragraphs[j]!.trim()))
        figures.push(`${paragraphs[j - 1]?.trim() === '$' && j > i + 1 ? '$' : ''}${paragraphs[j]!.trim()}`);
      j++;
    }
    const isYears = (t: string) => /^(?:19|20)\d{2}$/.test(t);
    if (
      figures.length >= 2 &&
      label.length < 200 &&
      !CELL_FIGURE.test(label) &&
      !CELL_MARK.test(label) &&
      /[A-Za-z]{3}/.test(label) &&
      !figures.every((f) => isYears(f.replace('$', '')))
    ) {
      out.push([label, ...figures].join(' | '));
      i = j - 1;
      continue;
    }
    out.push(paragraphs[i]!);
  }
  return out;
}

const RESULTS_WORDS =
  /\b(?:net (?:income|loss|earnings|profit)|earnings per (?:diluted )?share|per diluted share|(?:net )?revenues?|net sales)\b/i;
const PERIOD_WORDS =
  /\b(?:quarter|three months|thirteen weeks|twelve weeks|sixteen weeks|\d{2}[- ]weeks?|six months|nine months|(?:fiscal )?year) ended\b|\b(?:first|second|third|fourth) (?:fiscal )?quarter\b|\bQ[1-4]\b/i;

/** How strongly a document reads as an earnings release (0 = not one). */
export function earningsScore(text: string): number {
  const head = text.slice(0, 60_000);
  if (!RESULTS_WORDS.test(head) || !PERIOD_WORDS.test(head)) return 0;
  let score = 1;
  if (
    /\b(?:reports?|reported|announces?|announced|posts?|posted)\b[^.]{0,160}\b(?:results|earnings|net (?:income|loss|profit))\b/i.test(
      head,
    )
  )
    score += 2;
  if (/statements? of (?:operations|income|earnings)|income statements?/i.test(head)) score += 2;
  if (/\bper (?:diluted |basic )?share\b/i.test(head)) score += 1;
  // A call transcript repeats the numbers in speech: many "Operator:" / speaker turns.
  if (
    (head.match(/\bOperator:/g)?.length ?? 0) >= 2 ||
    /conference call transcript|^\s*(?:final )?transcript\b/im.test(head)
  )
    score = 0;
  return score;
}

/** Reads the release out of the input; throws ParseError when the input holds no text at all. */
export function readRelease(input: string): ReleaseDocument {
  const notes: string[] = [];
  if (isSubmissionText(input)) {
    const sub = parseSubmissionText(input);
    const docs = sub.documents.filter((d) => !d.isBinary && d.body.trim() !== '');
    const exhibits = docs.filter((d) => /^EX-99/i.test(d.type));
    let best: { doc: (typeof docs)[number]; blocks: Block[]; score: number } | null = null;
    for (const doc of exhibits) {
      const blocks = bodyToBlocks(doc.body);
      const score = earningsScore(blocks.map((b) => b.text).join('\n'));
      if (score === 0) notes.push(`${doc.type} ${doc.filename ?? ''}: not an earnings release`.trim());
      if (score > 0 && (best === null || score > best.score)) best = { doc, blocks, score };
    }
    if (best === null) {
      // Small issuers put the release in the 8-K body itself.
      const main = docs.find((d) => !/^EX-/i.test(d.type) && !/^(GRAPHIC|ZIP|XML|JSON|EX-101)/i.test(d.type));
      if (main) {
        const blocks = bodyToBlocks(main.body);
        if (earningsScore(blocks.map((b) => b.text).join('\n')) >= 3) best = { doc: main, blocks, score: 1 };
      }
    }
    const chosen =
      best ?? (exhibits[0] ? { doc: exhibits[0], blocks: bodyToBlocks(exhibits[0].body), score: 0 } : null);
    if (chosen === null) {
      const main = docs[0];
      if (!main) throw new ParseError('submission holds no readable document');
      const blocks = bodyToBlocks(main.body);
      return {
        text: joinBlocks(blocks),
        blocks,
        documentType: main.type,
        filename: main.filename,
        header: sub.header,
        notes,
      };
    }
    return {
      text: joinBlocks(chosen.blocks),
      blocks: chosen.blocks,
      documentType: chosen.doc.type,
      filename: chosen.doc.filename,
      header: sub.header,
      notes,
    };
  }
  if (input.trim() === '') throw new ParseError('empty document');
  const blocks = bodyToBlocks(input);
  return { text: joinBlocks(blocks), blocks, documentType: null, filename: null, header: null, notes };
}

function joinBlocks(blocks: Block[]): string {
  return blocks.map((b) => b.text).join('\n');
}
