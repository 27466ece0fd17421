import type { AnnualReport, FilingItem } from './index.ts';
import { htmlToBlocks, looksLikeHtml, plainToBlocks } from './text.ts';

/**
 * Incorporation by reference. An item whose body is only a pointer ("incorporated by reference to pages
 * 28 through 37 of the Company's 1995 Annual Report") is expanded from the EX-13 exhibit when the
 * submission includes it: the exhibit is cut into its printed pages and the cited pages are appended to
 * the literal text. A pointer to another item of the same document is expanded from that item. Anything
 * else (the proxy statement, an annual report not in the filing) stays literal, with a warning.
 */

/** Resolved text beyond this is cut and flagged `truncated`. */
export const RESOLVED_TEXT_CAP = 400_000;

const POINTER =
  /incorporated\s+(?:\w+\s+){0,3}by\s+reference|\brefer\s+to\b|\breported\s+(?:on|as|in)\b|\bcan\s+be\s+found\b|\bsee\s+(?:pages?|the\s+information|index|["\u201c])|(?:is|are)\s+(?:included|contained|set\s+forth|presented|found|shown)\s+(?:in|on|under)\b|\bappears?\s+(?:on|under|in)\s+(?:pages?|the)\b/i;
const POINTER_BODY_MAX = 1_500;

/** The item body (heading line dropped) when it is only a pointer to text elsewhere, else null. */
export function pointerSentence(item: FilingItem): string | null {
  const nl = item.text.indexOf('\n');
  const body = nl < 0 ? item.text.replace(/^[^.:|]*[.:|]\s*/, '') : item.text.slice(nl + 1);
  if (body.length === 0 || body.length > POINTER_BODY_MAX) return null;
  return POINTER.test(body) ? body : null;
}

/** True when pointer sentences make up at least half of the item body: nothing of substance is literal. */
export function isPointerOnly(item: FilingItem): boolean {
  const body = pointerSentence(item);
  if (body === null) return false;
  const sentences = body.split(/(?<=[.:;])\s+/);
  const pointing = sentences.filter((s) => POINTER.test(s)).reduce((n, s) => n + s.length, 0);
  return pointing * 2 >= body.length;
}

type Target =
  | { kind: 'annual_report' }
  | { kind: 'proxy' }
  | { kind: 'item'; code: string }
  | { kind: 'other' };

function targetOf(pointer: string, items: FilingItem[], self: FilingItem): Target {
  if (/annual\s+report|\bexhibit\s+13\b/i.test(pointer)) return { kind: 'annual_report' };
  if (/proxy\s+statement|information\s+statement/i.test(pointer)) return { kind: 'proxy' };
  const m = /\b(?:in|under|to|see)\s+(?:Part\s+[IV]+,?\s+)?Item\s+(\d{1,2}[A-C]?)\b/i.exec(pointer);
  if (m) {
    const num = m[1]!.toUpperCase();
    const hit = items.find(
      (i) => i !== self && (i.number === `Item-${num}` || i.number.endsWith(`-Item-${num}`)),
    );
    if (hit) return { kind: 'item', code: hit.number };
  }
  return { kind: 'other' };
}

const STATEMENTS_POINTER =
  /\bF-\d|index to (?:consolidated )?financial statements|financial statements[^.]{0,120}\b(?:follow|begin|beginning|appear|included|listed)/i;
const STATEMENTS_START =
  /^(?:index to (?:consolidated )?financial statements|report of independent|consolidated balance sheets?\b|consolidated statements? of)/i;

/**
 * @param tailStart first block after the last item (after the signatures): where 10-Ks put the F-pages
 *   that a short Item 8 points to ("The financial statements ... begin on page F-1").
 * @param statementsCode the financial-statements item of the form (`Item-8`; `Item-7` on a 10-KSB).
 */
export function resolveItems(
  items: FilingItem[],
  blocks: string[],
  annualReport: AnnualReport | undefined,
  warnings: string[],
  tailStart = blocks.length,
  statementsCode: string | null = null,
): void {
  let pages: Map<number, string[]> | null = null;
  for (const item of items) {
    if (item.number === statementsCode && item.text.length < 5_000 && STATEMENTS_POINTER.test(item.text)) {
      const from = blocks.findIndex((b, i) => i >= tailStart && b.length < 150 && STATEMENTS_START.test(b));
      const tail = from < 0 ? '' : blocks.slice(from).join('\n');
      if (tail.length > 2_000) {
        expand(item, tail, 'in_document', 'financial statements after the signatures');
        continue;
      }
    }
    const pointer = pointerSentence(item);
    if (pointer === null) continue;
    const target = targetOf(pointer, items, item);
    if (target.kind === 'item') {
      const from = items.find((i) => i.number === target.code)!;
      if (pointerSentence(from) !== null) continue;
      expand(item, from.text, 'in_document', target.code);
      continue;
    }
    if (target.kind === 'proxy') {
      warnings.push(
        `${item.number}: incorporated by reference from the proxy statement, which is not part of the filing; kept literal`,
      );
      continue;
    }
    if (target.kind !== 'annual_report') continue;
    if (!annualReport || (!annualReport.html && !annualReport.text)) {
      warnings.push(
        `${item.number}: incorporated by reference from the annual report (EX-13), which is not in the filing; kept literal`,
      );
      continue;
    }
    pages ??= exhibitPages(annualReport);
    const wanted = pageRefs(pointer);
    const found = wanted.filter((p) => pages!.has(p));
    if (found.length === 0) {
      warnings.push(
        `${item.number}: the annual report exhibit has no printed page ${wanted.join(', ') || '(none cited)'}; kept literal`,
      );
      continue;
    }
    if (found.length < wanted.length) {
      const missing = wanted.filter((p) => !pages!.has(p));
      warnings.push(`${item.number}: annual report pages ${missing.join(', ')} not found in the exhibit`);
    }
    const text = found.flatMap((p) => pages!.get(p)!).join('\n');
    const from = `${annualReport.url ?? 'EX-13'} page${found.length > 1 ? 's' : ''} ${compactRanges(found)}`;
    expand(item, text, 'annual_report_exhibit', from);
  }
}

function expand(
  item: FilingItem,
  text: string,
  source: 'in_document' | 'annual_report_exhibit',
  from: string,
) {
  const truncated = text.length > RESOLVED_TEXT_CAP;
  const kept = truncated ? text.slice(0, RESOLVED_TEXT_CAP) : text;
  item.text = `${item.text}\n${kept}`;
  item.text_mode = 'resolved';
  item.resolved = { source, resolved_from: from, text_chars: kept.length, truncated };
}

/** Printed page numbers cited in the annual-report sentences of a pointer ("pages 38 through 49 and page 50"). */
export function pageRefs(pointer: string): number[] {
  const out: number[] = [];
  const sentences = pointer.split(/(?<=\.)\s+(?=[A-Z])/);
  for (const s of sentences) {
    if (
      !/annual\s+report|exhibit\s+13/i.test(s) ||
      /proxy\s+statement|this\s+(form|document|report)\b/i.test(s)
    ) {
      continue;
    }
    const re = /\bpages?\s+((?:\d{1,3}(?:\s*(?:through|thru|to|-|–|,\s*and|and|,|&)\s*(?:pages?\s+)?)?)+)/gi;
    for (let m = re.exec(s); m; m = re.exec(s)) {
      const list = m[1]!;
      const tokens = list
        .split(/\s*(through|thru|to|-|–|,\s*and|and|,|&)\s*(?:pages?\s+)?/i)
        .filter((t) => t !== '');
      let prev: number | null = null;
      let range = false;
      for (const t of tokens) {
        if (/^\d+$/.test(t)) {
          const n = Number(t);
          if (range && prev !== null && n >= prev && n - prev < 200)
            for (let p = prev + 1; p <= n; p++) out.push(p);
          else out.push(n);
          prev = n;
          range = false;
        } else range = /^(through|thru|to|-|–)$/i.test(t);
      }
    }
  }
  return [...new Set(out)];
}

function compactRanges(pages: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < pages.length; i++) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === pages[j]! + 1) j++;
    parts.push(i === j ? `${pages[i]}` : `${pages[i]}-${pages[j]}`);
    i = j;
  }
  return parts.join(', ');
}

/** Cuts the exhibit into printed pages keyed by the page number printed at their foot (or head). */
export function exhibitPages(report: AnnualReport): Map<number, string[]> {
  const pages = new Map<number, string[]>();
  const body = report.html ?? report.text ?? '';
  const html = report.html !== undefined || looksLikeHtml(body);
  const chunks = html
    ? body.split(
        /<hr[^>]*>|(?=<[^>]+page-break-before\s*:\s*always)|(?<=<[^>]+page-break-after\s*:\s*always[^>]*>)/i,
      )
    : body.split(/^\s*<PAGE>.*$/im);
  for (const chunk of chunks) {
    const number = printedPageNumber(chunk, html);
    if (number === null || pages.has(number)) continue;
    const blocks = html ? htmlToBlocks(chunk) : plainToBlocks(chunk);
    if (blocks.length > 0) pages.set(number, blocks);
  }
  dropRunningHeads(pages);
  return pages;
}

function printedPageNumber(chunk: string, html: boolean): number | null {
  const text = html ? chunk.replace(/<[^>]*>/g, '\n').replace(/&nbsp;|&#160;/gi, ' ') : chunk;
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  for (const line of [lines.at(-1), lines[0]]) {
    const m = line === undefined ? null : /^(?:page\s+)?-?\s*(\d{1,3})\s*-?$/i.exec(line);
    if (m) return Number(m[1]);
  }
  return null;
}

/** A first or last line repeated on three or more pages is a running head/foot ("management discussion"). */
function dropRunningHeads(pages: Map<number, string[]>): void {
  const counts = new Map<string, number>();
  for (const blocks of pages.values()) {
    for (const edge of new Set([blocks[0], blocks.at(-1)])) {
      if (edge !== undefined && edge.length < 80) counts.set(edge, (counts.get(edge) ?? 0) + 1);
    }
  }
  for (const [number, blocks] of pages) {
    let from = 0;
    let to = blocks.length;
    if ((counts.get(blocks[0]!) ?? 0) >= 3) from = 1;
    if (to > from && (counts.get(blocks[to - 1]!) ?? 0) >= 3) to--;
    pages.set(number, blocks.slice(from, to));
  }
}
