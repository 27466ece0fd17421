import type { AnnualReport } from './index.ts';
import { compactRanges, exhibitPages } from './pages.ts';
import type { Section } from './split.ts';

/**
 * Cross-reference-index filers (GE, Intel, Citigroup style) print no item headings in the body: a table
 * (`Form 10-K Cross Reference Index`) maps each item to printed pages of the same document (`Item 1A. |
 * Risk Factors | 27-36`, several ranges, sub-rows per topic, footnotes pointing to the proxy statement).
 * The item's literal text is then its index row followed by the pages the row cites, in the order cited;
 * a footnote the row marks (`(a)`) is appended, so an item that only points to the proxy statement stays a
 * pointer. The pages are the document's own only when every cited page is printed in it and the table's
 * header does not name the annual report: an index citing the pages of an annual report exhibit (EX-13)
 * is left to `resolve` as before.
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
  for (let b = first - 1; b >= Math.max(0, first - 6); b--) {
    if (!XREF_TITLE.test(blocks[b]!)) continue;
    // A header naming the annual report ("Page(s) in 2023 Annual Report") cites the EX-13's pages.
    return !blocks.slice(b, first).some((h) => /annual\s+report/i.test(h));
  }
  return false;
}

export function sliceCrossReference(
  sections: Section[],
  blocks: string[],
  document: AnnualReport,
): CrossReferenceResult | null {
  const rows = sections.map((s) => rowLines(blocks, s));
  const cited = rows.map(citedRanges);
  const all = new Set(cited.flatMap((c) => c.ranges.flatMap((r) => pagesOf(r))));
  if (all.size === 0) return null;
  const printed = exhibitPages(document);
  if ([...all].some((p) => !printed.has(p))) return null;
  const pages = new Map([...all].map((p) => [p, withoutFolio(printed.get(p)!, p)]));
  // Where a topic starts on the first page of its range: the block opening with its title, run in or alone
  // ("RISK FACTORS. The following discussion ..."); every such start ends what runs before it on the page.
  const starts = new Map<number, number[]>();
  const anchor = cited.map((c) =>
    c.ranges.map((r) => {
      const at = titleBlock(pages.get(r.from)!, r.title);
      if (at >= 0) starts.set(r.from, [...(starts.get(r.from) ?? []), at]);
      return at;
    }),
  );
  const footnotes = footnoteTexts(blocks, sections);
  const texts = sections.map((_, i) => {
    const row = rows[i]!;
    const { ranges, marks } = cited[i]!;
    const notes = marks.map((m) => footnotes.get(m)).filter((t): t is string => t !== undefined);
    const used = new Set<number>();
    const body: string[] = [];
    ranges.forEach((r, k) => {
      for (const p of pagesOf(r)) {
        if (used.has(p)) continue;
        used.add(p);
        const page = pages.get(p)!;
        // Its own heading found: from there to the next topic's; not found on its first page: the whole
        // page (where on it the item starts is unknown); a continuation page: up to the next topic's.
        const own = p === r.from ? anchor[i]![k]! : 0;
        const from = Math.max(0, own);
        const next =
          own === -1 ? undefined : (starts.get(p) ?? []).filter((b) => b > from).sort((a, b) => a - b)[0];
        body.push(...page.slice(from, next ?? page.length));
      }
    });
    return [...row, ...body, ...notes].join('\n');
  });
  const sliced = cited.filter((c) => c.ranges.length > 0).length;
  return {
    texts,
    warning: `cross-reference index: ${sliced} items sliced from the printed pages their index rows cite (${compactRanges([...all].sort((a, b) => a - b))}); the literal text is the row, then those pages`,
  };
}

interface Range {
  /** The row's (or sub-row's) title: `Risk Factors`, `Liquidity and capital resources`. */
  title: string;
  from: number;
  to: number;
}

function pagesOf(r: Range): number[] {
  return Array.from({ length: r.to - r.from + 1 }, (_, k) => r.from + k);
}

const norm = (t: string) =>
  t
    .toUpperCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ');

/**
 * The block of a page that is a heading for a title: the title alone, or run in in capitals
 * (`LEGAL PROCEEDINGS. Refer to ...`; not the sentence `Legal proceedings - We are subject to ...`), or -1.
 */
function titleBlock(page: string[], title: string): number {
  const want = norm(title.replace(/[:.]\s*$/, '').trim());
  if (want.length < 6) return -1;
  return page.findIndex((b) => {
    const have = norm(b);
    if (!have.startsWith(want) || /^[A-Z0-9]/.test(have.slice(want.length))) return false;
    const alone = /^[\s.:]*$/.test(b.slice(want.length));
    return alone || b.slice(0, want.length) === b.slice(0, want.length).toUpperCase();
  });
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

/** Page ranges a row cites (cells after the title; sub-rows: after their topic) and its footnote marks. */
function citedRanges(lines: string[]): { ranges: Range[]; marks: string[] } {
  const ranges: Range[] = [];
  const marks: string[] = [];
  lines.forEach((line, i) => {
    const cells = line.split('|').map((c) => c.trim());
    const title = (i === 0 ? cells[1] : cells[0]) ?? '';
    for (const cell of cells.slice(i === 0 ? 2 : 1)) {
      for (const m of cell.matchAll(FOOTNOTE_MARK)) if (!marks.includes(m[1]!)) marks.push(m[1]!);
      const bare = cell.replace(FOOTNOTE_MARK, '').replace(/\bpages?\b/gi, '');
      if (!/^[\d\s,\u2013\u2014-]+$/.test(bare) || !/\d/.test(bare)) continue;
      for (const r of bare.matchAll(/(\d{1,3})(?:\s*[-\u2013\u2014]\s*(\d{1,3}))?/g)) {
        const from = Number(r[1]);
        const to = r[2] ? Number(r[2]) : from;
        if (to >= from && to - from <= 150) ranges.push({ title, from, to });
      }
    }
  });
  return { ranges, marks };
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
