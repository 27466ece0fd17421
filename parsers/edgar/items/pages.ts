import type { AnnualReport } from './index.ts';
import { htmlToBlocks, looksLikeHtml, plainToBlocks } from './text.ts';

/** Printed pages of an annual report exhibit (EX-13), which items cite by page number. */

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

/** "38-39, 50-77" */
export function compactRanges(pages: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < pages.length; i++) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === pages[j]! + 1) j++;
    parts.push(i === j ? `${pages[i]}` : `${pages[i]}-${pages[j]}`);
    i = j;
  }
  return parts.join(', ');
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
