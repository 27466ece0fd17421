import type { AnnualReport } from './index.ts';
import { compactRanges, exhibitPages } from './pages.ts';
import type { Section } from './split.ts';

/**
 * Cross-reference-index filers (GE, Intel, Citigroup style) print no item headings in the body: a table
 * (`Form 10-K Cross Reference Index`) maps each item to printed pages of the same document (`Item 1A. |
 * Risk Factors | 27-36`, several ranges, sub-rows per topic, footnotes pointing to the proxy statement).
 * The item's literal text is then its index row followed by the pages the row cites, in the order cited;
 * a footnote the row marks (`(a)`) is appended, so an item that only points to the proxy statement stays a
 * pointer. The pages are the document's own only when every cited page is printed in it: an index citing
 * the pages of an annual report exhibit (EX-13) is left to `resolve` as before.
 */

const XREF_TITLE = /^(?:FORM\s+10-?[KQ]\s+)?CROSS[-\s]?REFERENCE\s+(?:INDEX|TABLE)\b/i;
/** Where the index's own rows stop: the signatures row or the footnotes under the table. */
const ROWS_END = /^(?:Signatures?\b|\([a-z]\)\s*\S)/i;
const FOOTNOTE_MARK = /\(([a-z])\)/g;

export interface CrossReferenceResult {
  /** Per section (same order): the row, then the pages it cites and the footnotes it marks. */
  texts: string[];
  warning: string;
}

/**
 * True when the sections are the rows of a cross-reference index table printed in the document: they
 * follow one another with at most a PART row between them, right under the table's title.
 */
export function isCrossReferenceIndex(sections: Section[], blocks: string[]): boolean {
  if (sections.length < 3) return false;
  for (let i = 1; i < sections.length; i++) {
    if (sections[i]!.start > sections[i - 1]!.end + 1 || sections[i - 1]!.end - sections[i - 1]!.start > 12)
      return false;
  }
  const first = sections[0]!.start;
  for (let b = first - 1; b >= Math.max(0, first - 6); b--) if (XREF_TITLE.test(blocks[b]!)) return true;
  return false;
}

export function sliceCrossReference(
  sections: Section[],
  blocks: string[],
  document: AnnualReport,
): CrossReferenceResult | null {
  const rows = sections.map((s) => rowLines(blocks, s));
  const cited = rows.map(citedPages);
  const all = new Set(cited.flatMap((c) => c.pages));
  if (all.size === 0) return null;
  const pages = exhibitPages(document);
  if ([...all].some((p) => !pages.has(p))) return null;
  const footnotes = footnoteTexts(blocks, sections);
  const texts = sections.map((_, i) => {
    const row = rows[i]!;
    const { pages: wanted, marks } = cited[i]!;
    const notes = marks.map((m) => footnotes.get(m)).filter((t): t is string => t !== undefined);
    if (wanted.length === 0 && notes.length === 0) return row.join('\n');
    const body = wanted.flatMap((p) => withoutFolio(pages.get(p)!, p));
    return [...row, ...body, ...notes].join('\n');
  });
  const sliced = cited.filter((c) => c.pages.length > 0).length;
  return {
    texts,
    warning: `cross-reference index: ${sliced} items sliced from the printed pages their index rows cite (${compactRanges([...all].sort((a, b) => a - b))}); the literal text is the row, then those pages`,
  };
}

/** The row and its per-topic sub-rows, without the signatures row and footnotes that follow the table. */
function rowLines(blocks: string[], s: Section): string[] {
  const out: string[] = [];
  for (let b = s.start; b < s.end; b++) {
    if (b > s.start && ROWS_END.test(blocks[b]!)) break;
    out.push(blocks[b]!);
  }
  return out;
}

/** Printed pages a row cites (cells after the title; sub-rows: after their topic) and its footnote marks. */
function citedPages(lines: string[]): { pages: number[]; marks: string[] } {
  const pages: number[] = [];
  const marks: string[] = [];
  lines.forEach((line, i) => {
    for (const cell of line.split('|').slice(i === 0 ? 2 : 1)) {
      for (const m of cell.matchAll(FOOTNOTE_MARK)) if (!marks.includes(m[1]!)) marks.push(m[1]!);
      const bare = cell.replace(FOOTNOTE_MARK, '').replace(/\bpages?\b/gi, '');
      if (!/^[\d\s,\u2013\u2014-]+$/.test(bare) || !/\d/.test(bare)) continue;
      for (const r of bare.matchAll(/(\d{1,3})(?:\s*[-\u2013\u2014]\s*(\d{1,3}))?/g)) {
        const from = Number(r[1]);
        const to = r[2] ? Number(r[2]) : from;
        if (to < from || to - from > 150) continue;
        for (let p = from; p <= to; p++) if (!pages.includes(p)) pages.push(p);
      }
    }
  });
  return { pages, marks };
}

/** Footnotes under the index table: `(a) Incorporated by reference to "Governance" in the Proxy Statement`. */
function footnoteTexts(blocks: string[], sections: Section[]): Map<string, string> {
  const notes = new Map<string, string>();
  const last = sections.at(-1);
  if (!last) return notes;
  for (let b = last.start + 1; b < Math.min(blocks.length, last.end + 40); b++) {
    const m = /^\(([a-z])\)\s*(\S.*)$/i.exec(blocks[b]!);
    if (m && !notes.has(m[1]!.toLowerCase())) notes.set(m[1]!.toLowerCase(), blocks[b]!);
  }
  return notes;
}

/** A page's printed folio ("2023 FORM 10-K 27", "Other Key Information | 40") is furniture, not text. */
function withoutFolio(page: string[], number: number): string[] {
  const folio = new RegExp(`(?:^${number}\\b.{0,80}$|^.{0,80}\\b${number}$)`);
  let from = 0;
  let to = page.length;
  if (to > 0 && page[to - 1]!.length < 100 && folio.test(page[to - 1]!)) to--;
  if (to > from && page[from]!.length < 100 && folio.test(page[from]!)) from++;
  return page.slice(from, to);
}
