import type { CitedTitle } from './pointers.ts';

/**
 * Reading an item's own structure: the subsection a pointer cites ("under the subheading "Litigation""),
 * and whether a text holds financial statements or only an index of the pages they are on.
 */

/** A statement line with a thousands-separated figure: what financial statements have and indexes lack. */
const STATEMENT_LINE =
  /\b(?:total assets|total liabilities|total current assets|net (?:income|loss|earnings)|net sales|total revenues?)\b[^\n]{0,120}?\d{1,3},\d{3}/i;
/** A row ending in a printed page reference: "Independent Auditors' Report | 44 | F-20", "statements | 45-64". */
const PAGE_REF_END =
  /(?:\s|\|)(?:\d{1,3}|[A-Z]-\d{1,3})(?:\s*(?:-|–|to|through)\s*(?:\d{1,3}|[A-Z]-\d{1,3}))?,?$/;
const NAMES_STATEMENT =
  /\bstatements?\b|balance sheets?|financial position|auditors|accountants|\bnotes\b|\bschedules?\b/i;

export function holdsStatements(text: string): boolean {
  return STATEMENT_LINE.test(text);
}

/** Three or more rows pointing statements to pages, and no statement itself (GE 1993's Item 14). */
export function isPageIndex(blocks: string[]): boolean {
  let rows = 0;
  for (let i = 0; i < blocks.length && rows < 3; i++) {
    const b = blocks[i]!;
    // A label wrapped over two lines names the statement on the line before its page numbers.
    if (b.length < 200 && PAGE_REF_END.test(b) && NAMES_STATEMENT.test(`${blocks[i - 1] ?? ''} ${b}`)) rows++;
  }
  return rows >= 3 && !blocks.some((b) => STATEMENT_LINE.test(b));
}

/**
 * 0 when the block is not a heading; else its rank: 2 for an all-caps or underlined heading, 1 for a
 * title-case one. A heading is short, has no table cells, does not end like a sentence or a label, and is
 * not the first half of a wrapped table label ("Earnings per" + "common share").
 */
function headingRank(block: string, next: string | undefined): number {
  const t = block.replace(/\s*_{3,}$/, '');
  if (t === '' || t.length > 100 || t.includes('|') || /[.,;:]$/.test(t)) return 0;
  if (!/^(?:\d{1,2}\.\s+)?[A-Z]/.test(t)) return 0;
  const words = t.match(/[A-Za-z][A-Za-z'’-]*/g) ?? [];
  if (words.some((w) => w.length >= 4 && /^[a-z]/.test(w))) return 0;
  if (next === undefined || /^[a-z]/.test(next)) return 0;
  return !/[a-z]/.test(t) || t !== block ? 2 : 1;
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * The blocks of the cited subsections: each cited heading to the next heading of the same or a higher
 * rank. A context title only moves the search past its own heading. Returns the first cited title that
 * could not be found as a heading.
 */
export function citedSubsections(
  blocks: string[],
  titles: CitedTitle[],
): { blocks: string[]; found: string[] } | { missing: string } {
  const find = (title: string, from: number) => {
    const want = norm(title);
    for (let i = from; i < blocks.length; i++) {
      if (norm(blocks[i]!) === want && headingRank(blocks[i]!, blocks[i + 1]) > 0) return i;
    }
    return -1;
  };
  let from = 0;
  for (const { title } of titles.filter((t) => t.context)) from = Math.max(from, find(title, 0));
  const ranges: [number, number, string][] = [];
  for (const { title } of titles.filter((t) => !t.context)) {
    let at = find(title, from);
    if (at < 0) at = find(title, 0);
    if (at < 0) return { missing: title };
    const rank = headingRank(blocks[at]!, blocks[at + 1]);
    let end = at + 1;
    while (end < blocks.length && headingRank(blocks[end]!, blocks[end + 1]) < rank) end++;
    ranges.push([at, end, title]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  return {
    blocks: ranges.flatMap(([s, e], k) => blocks.slice(Math.max(s, k > 0 ? ranges[k - 1]![1] : 0), e)),
    found: ranges.map(([, , title]) => title),
  };
}
