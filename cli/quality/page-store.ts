/**
 * The search tool's page store renders SEC HTML tables as one cell after each `|`. Fixtures transcribed from
 * it (MANIFEST: "transcribed") are turned back into rows here, by the scorer and the tests, before a parser
 * reads them: no upstream serves this rendering, so the parsers do not read it.
 *
 * A text whose lines are mostly a bare `|` (`|\n|\n|273,617,566\n|`) marks no rows: a cell holding words
 * (a name, a heading, a label) starts a row, and the cells after it that hold only a number, a percentage, a
 * dash, `*` or `%` are that row's cells (a count may carry its footnote mark, `45,714,286(1a)`, and a
 * percentage may stand in parentheses, `(17.5%)`). The text before the first cell is prose, kept with its
 * line breaks. Rows are written one a line (blank line between), cells joined by ` | `; null when the text
 * is not such a rendering (fewer than 20 bare `|` lines, or under a quarter of its lines).
 */
const VALUE_CELL =
  /^(?:\(?[\d.,]+\)?\s*%?|[\d,]+\s*\(\w{1,3}\)|\([\d.]+\s*%\)|[-\u2013\u2014]|\*+|%|\(\w{1,3}\))$/;
export function cellStreamRows(text: string): string | null {
  const lines = text.split('\n');
  const bare = lines.filter((l) => l.trim() === '|').length;
  if (bare < 20 || bare < lines.length / 4) return null;
  const first = text.search(/^\|/m);
  const prose = first > 0 ? text.slice(0, first).trim() : '';
  const rows: string[] = prose ? [prose] : [];
  for (const raw of (first > 0 ? text.slice(first) : text).split('|')) {
    const cell = raw.replace(/\s+/g, ' ').trim();
    if (cell === '') continue;
    if (VALUE_CELL.test(cell) && rows.length > 0) rows[rows.length - 1] += ` | ${cell}`;
    else rows.push(cell);
  }
  return rows.join('\n\n');
}
