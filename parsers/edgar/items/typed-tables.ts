/**
 * Tables typed in plain text (1990s filings): figure columns set apart by spaces or dot leaders. Shared by
 * the `<TABLE>`-tagged path and the untagged one of plainToBlocks.
 */
/** A figure as typed in a column: `$4,556.9`, `(73.9)`, `.70`, `12%`, `--`, `$` alone before its figure. */
const FIGURE = /^(?:\$\s?)?\(?-?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?\)?%?$|^(?:\$\s?)?-{1,2}$|^\$$/;

/**
 * A typed table row outside `<TABLE>` tags (1990s text filings), as `label | figure | figure`: a line
 * ending in at least two figure columns set apart by two or more spaces (or a dot leader). One figure is not
 * enough: a table of contents line ("Business.......  3") and prose stay text. Dot leaders go.
 */
export function typedRow(line: string): string | null {
  // A dot leader separates a label from its first figure even where one space follows it.
  const cells = line
    .replace(/\s*\.{3,}\s*/g, '  ')
    .trim()
    .split(/\s{2,}/);
  let figures = 0;
  for (let i = cells.length - 1; i >= 0 && FIGURE.test(cells[i]!) && /[\d$-]/.test(cells[i]!); i--) figures++;
  // Two figure columns at least ("--" is a nil figure; a lone "$" belongs to the next cell), one with digits.
  const columns = cells.slice(cells.length - figures).filter((c) => c !== '$');
  if (columns.length < 2 || !columns.some((c) => /\d/.test(c))) return null;
  const label = cells
    .slice(0, cells.length - figures)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  const row = [label, ...cells.slice(-figures)].filter((c) => c !== '').join(' | ');
  return mergeCurrency(row);
}
/** Dashes, equals signs or underscores only (EDGAR escapes a leading "-" as "- -----"): a drawn rule. */
export const RULE_LINE = /^(?=.*[-=_]{3})[-=_\s]+$/;

/**
 * A typed table puts "$" in its own column ("Gross margin | $ | 678,873"): glue it to its figure, as the
 * HTML reader does with a "$" cell.
 */
export function mergeCurrency(row: string): string {
  return row.replace(/(^|\| |\s)\$(?: \| | )(?=[(\d.]|--?(?: |$))/g, '$1$');
}
