import type { AnnualReport, FilingItem } from './index.ts';
import { compactRanges, exhibitPages } from './pages.ts';
import { isPointerOnly, pageRefs, pointerSentence, type Target, targetOf } from './pointers.ts';
import { citedSubsections, holdsStatements, isPageIndex } from './subsections.ts';

/**
 * Incorporation by reference. Only an item whose body is essentially its pointer is expanded, and never the
 * exhibits item (its table is full of "incorporated by reference" to other filings). The expansion is
 * appended to the literal text:
 * - pages of the annual report to shareholders cited by number, from the EX-13 when the submission has it;
 * - another item of this document, or only the subsections the pointer cites by their heading; not an item
 *   that is a mere page index of a document outside the filing;
 * - a short financial-statements item pointing to F-pages after the signatures, when statements are there.
 * A pointer naming a document outside the filing (the proxy statement, a prior Form 10-K, an annual report
 * not included) stays literal, with a warning.
 */

/** Resolved text beyond this is cut and flagged `truncated`. */
export const RESOLVED_TEXT_CAP = 400_000;

const STATEMENTS_POINTER =
  /\bF-\d|index to (?:consolidated )?financial statements|financial statements[^.]{0,120}\b(?:follow|begin|beginning|appear|included|listed)/i;
const STATEMENTS_START =
  /^(?:index to (?:consolidated )?financial statements|report of independent|consolidated balance sheets?\b|consolidated statements? of)/i;

export interface ResolveContext {
  /** The form's scheme (`10-K`, `10-KSB`, `10-Q`, `8-K`...): in a 10-Q "Form 10-K" is another filing. */
  scheme: string;
  /** First block after the last item (after the signatures): where short Item 8s put their F-pages. */
  tailStart: number;
  /** The financial-statements item of the form (`Item-8`; `Item-7` on a 10-KSB), if any. */
  statementsCode: string | null;
}

export function resolveItems(
  items: FilingItem[],
  blocks: string[],
  annualReport: AnnualReport | undefined,
  warnings: string[],
  ctx: ResolveContext,
): void {
  let pages: Map<number, string[]> | null = null;
  const literal = new Map(items.map((i) => [i.number, i.text]));
  for (const item of items) {
    if (/exhibit/i.test(item.name)) continue;
    const pointer = pointerSentence(item);
    const target = pointer === null ? null : targetOf(pointer, items, item, ctx.scheme);
    if (item.number === ctx.statementsCode && statementsAfterSignatures(item, target, blocks, ctx, warnings))
      continue;
    if (pointer === null || target === null) continue;
    const only = isPointerOnly(item);
    const skip = (why: string) => warnings.push(`${item.number}: ${why}; kept literal`);
    if (target.kind === 'proxy') {
      skip('incorporated by reference from the proxy statement, which is not part of the filing');
    } else if (target.kind === 'other_filing') {
      skip(`points to another filing (${target.what}), which is not part of this one`);
    } else if (target.kind === 'item') {
      const text = itemTarget(target, literal.get(target.code)!, items, skip, pointer!);
      if (text === null) continue;
      // An item with text of its own is expanded only by a precise target (a cited subsection): a whole
      // item named in passing ("see Part I, Item 1") is a cross-reference, not an incorporation.
      if (!only && text.from === target.code) skip(`refers to ${text.from}, but it has text of its own`);
      else expand(item, text.text, 'in_document', text.from);
    } else if (target.kind === 'annual_report') {
      if (!annualReport || (!annualReport.html && !annualReport.text)) {
        skip('incorporated by reference from the annual report (EX-13), which is not in the filing');
        continue;
      }
      pages ??= exhibitPages(annualReport);
      // With text of its own, only the pages an incorporating sentence cites count: "Refer to Note V on
      // page 71" beside IBM's Item 5 incorporation of pages 78-79 is a cross-reference, not content.
      const wanted = pageRefs(only ? pointer : incorporating(pointer));
      const found = wanted.filter((p) => pages!.has(p));
      if (found.length === 0) {
        skip(`the annual report exhibit has no printed page ${wanted.join(', ') || '(none cited)'}`);
        continue;
      }
      // Cited pages are precise: they are expanded also when the item has text of its own (Item 5's
      // dividend sentence beside "incorporated by reference to page 74 of the Annual Report").
      const from = `${annualReport.url ?? 'EX-13'} page${found.length > 1 ? 's' : ''} ${compactRanges(found)}`;
      if (found.length < wanted.length) {
        const missing = wanted.filter((p) => !pages!.has(p));
        warnings.push(`${item.number}: annual report pages ${missing.join(', ')} not found in the exhibit`);
      }
      expand(item, found.flatMap((p) => pages!.get(p)!).join('\n'), 'annual_report_exhibit', from);
    }
  }
}

/** The text an in-document pointer stands for, or null (with the reason given to `skip`). */
function itemTarget(
  target: Extract<Target, { kind: 'item' }>,
  text: string,
  items: FilingItem[],
  skip: (why: string) => void,
  pointer: string,
): { text: string; from: string } | null {
  const to = items.find((i) => i.number === target.code)!;
  if (pointerSentence({ ...to, text }) !== null) return null; // a pointer to a pointer
  const blocks = text.split('\n');
  if (isPageIndex(blocks)) {
    skip(`points to ${target.code}, which only indexes pages of a document that is not in the filing`);
    return null;
  }
  // The item's own title quoted back ("Part II, Item 7A, "Quantitative and ..."") names the whole item.
  const titles = target.titles.filter((t) => t.title.toLowerCase() !== to.name.toLowerCase());
  // "see Legal Matters in Note 10 of the Notes to Consolidated Financial Statements included in Item 8": a
  // numbered note is a part of the item, never the whole of it.
  const note = titles.every((t) => t.context) ? NOTE_REF.exec(pointer) : null;
  if (note) {
    const cut = noteSection(blocks, Number(note[1]));
    if (cut === null) {
      skip(`points to Note ${note[1]} in ${target.code}, which could not be located there`);
      return null;
    }
    return { text: cut.join('\n'), from: `${target.code} Note ${note[1]}` };
  }
  if (titles.every((t) => t.context)) return { text, from: target.code };
  const cut = citedSubsections(blocks.slice(1), titles);
  if ('missing' in cut) {
    skip(`points to "${cut.missing}" in ${target.code}, which could not be located there`);
    return null;
  }
  return { text: cut.blocks.join('\n'), from: `${target.code} ${cut.found.map((t) => `"${t}"`).join(', ')}` };
}

/** A numbered note of the financial statements cited by a pointer ("Note 10", "Note 16: Contingencies"). */
const NOTE_REF = /\bNote\s+(\d{1,2})\b(?!\s*(?:%|percent|million|billion))/i;

/**
 * The blocks of note `n` in an item's text: from its heading ("Note 10. Commitments and Contingencies",
 * "NOTE 16: CONTINGENCIES") to the next note's heading (or the item's end); null when no heading is found.
 */
function noteSection(blocks: string[], n: number): string[] | null {
  const heading = (b: string, num: string) =>
    b.length < 150 && new RegExp(`^note\\s+${num}\\s*(?:[.:\u2014\u2013-]|$|\\s+[A-Z])`, 'i').test(b);
  const start = blocks.findIndex((b) => heading(b, String(n)));
  if (start < 0) return null;
  let end = start + 1;
  while (end < blocks.length && !heading(blocks[end]!, '\\d{1,2}')) end++;
  return blocks.slice(start, end);
}

/**
 * A short statements item ("The financial statements ... begin on page F-1") gets the statements printed
 * after the signatures, when they are there. True when the item was handled (expanded or warned about).
 */
function statementsAfterSignatures(
  item: FilingItem,
  target: Target | null,
  blocks: string[],
  ctx: ResolveContext,
  warnings: string[],
): boolean {
  if (item.text.length >= 5_000 || !STATEMENTS_POINTER.test(item.text)) return false;
  // "... contained in our 2001 Annual Report to Shareholders": the statements are in another document.
  if (target !== null && target.kind !== 'item' && target.kind !== 'other') return false;
  const from = blocks.findIndex((b, i) => i >= ctx.tailStart && b.length < 150 && STATEMENTS_START.test(b));
  const tail = from < 0 ? '' : blocks.slice(from).join('\n');
  if (tail.length <= 2_000) return false;
  if (!holdsStatements(tail)) {
    warnings.push(
      `${item.number}: the text after the signatures holds no financial statements; kept literal`,
    );
    return true;
  }
  expand(item, tail, 'in_document', 'financial statements after the signatures');
  return true;
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

/** The sentences of a pointer body that incorporate by reference (not mere "refer to" cross-references). */
function incorporating(pointer: string): string {
  return pointer
    .split(/\n|(?<=\.)\s+(?=[A-Z])/)
    .filter((sentence) => /incorporated\b[^.]*\bby\s+reference|incorporated\s+herein/i.test(sentence))
    .join('\n');
}
