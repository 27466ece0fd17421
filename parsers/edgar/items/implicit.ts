import type { CatalogItem, Scheme } from './catalog.ts';
import { type Candidate, PAGE_SUFFIX, partOf } from './headings.ts';
import type { Section } from './split.ts';

/** A financial statement's title: what a Part I that starts straight with the statements opens with. */
const STATEMENT_TITLE =
  /\b(?:balance sheets?|statements? of (?:consolidated )?(?:income|operations|earnings|comprehensive|cash flows|financial (?:position|condition))|financial statements)\b/i;

/**
 * A 10-Q's Part I that starts straight with the financial statements, with no `Item 1.` heading in the
 * body (only a table-of-contents row, or none), still has its Item 1: the text from the body's start (after
 * the table of contents and the PART I heading) to the first item heading of the body, when that text
 * opens with a financial statement. The table-of-contents row, if it was taken as the item, gives way.
 */
export function implicitStatementsItem(
  sections: Section[],
  candidates: Candidate[],
  blocks: string[],
  scheme: Scheme,
  catalog: readonly CatalogItem[],
): void {
  if (scheme !== '10-Q') return;
  const first = catalog.findIndex((c) => c.part === 'I' && c.number === '1');
  const own = sections.find((s) => s.index === first);
  if (own && !own.indexRow) return;
  const body = sections.find((s) => s !== own && !s.indexRow);
  if (!body || body.index <= first) return;
  let tocEnd = 0;
  for (const c of candidates) if (c.tocLike && c.block < body.start) tocEnd = Math.max(tocEnd, c.block + 1);
  let partI = -1;
  for (let b = tocEnd; b < body.start; b++) if (partOf(blocks[b]!) === 'I') partI = b;
  if (tocEnd === 0 && partI < 0) return;
  let start = Math.max(tocEnd, partI + 1);
  while (
    start < body.start &&
    (partOf(blocks[start]!) !== null || (blocks[start]!.length < 150 && PAGE_SUFFIX.test(blocks[start]!)))
  )
    start++;
  let end = body.start;
  while (end > start && partOf(blocks[end - 1]!) !== null) end--;
  const opening = blocks.slice(start, Math.min(end, start + 60));
  if (!opening.some((b) => b.length < 200 && STATEMENT_TITLE.test(b))) return;
  const item = catalog[first]!;
  if (own) {
    own.start = start;
    own.end = end;
    own.indexRow = false;
    own.name = item.titles[0]!;
    own.combined = false;
    return;
  }
  sections.splice(sections.indexOf(body), 0, {
    index: first,
    code: item.code,
    name: item.titles[0]!,
    start,
    end,
    combined: false,
    indexRow: false,
  });
}
