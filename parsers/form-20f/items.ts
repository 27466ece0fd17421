import { CATALOGS } from '../edgar/items/catalog.ts';
import { toBlocks } from '../edgar/items/index.ts';
import { splitBlocks } from '../edgar/items/split.ts';
import { dropPageFurniture, plainToBlocks } from '../edgar/items/text.ts';
import { type DocumentFormat, documentFormat, unwrapText } from '../edgar/items/wrapped.ts';

export { type DocumentFormat, documentFormat };

/**
 * A Form 20-F primary document split into its items (Items 1-19, 4A, 16A-16J) with the shared splitter.
 *
 * Rule: a 20-F sub-item is written as a letter after the item number, with or without a dot or a space
 * (`ITEM 4A.`, `Item 16.A.`, `ITEM 16 F`). The shared heading grammar reads `4A` and `16A`-`16D` but not
 * `4.A` or `16E`-`16J`, so such heading numbers are rewritten before splitting: `4.A` -> `4A`, 16's
 * letters to the dotted numbers the catalog gives them (`16.F` -> `16.06`), and another item's letter glued
 * to its number to the dotted sub-item the grammar reads (`Item 7A` -> `Item 7.A`, Item 7's sub-item A: the
 * 20-F has no item 7A). Only a block's leading heading is rewritten; text is untouched.
 */

export interface Form20fSection {
  /** `Item-7`, `Item-16F` */
  code: string;
  name: string;
  /** The section's blocks (paragraphs and table rows, cells joined by ` | `). */
  blocks: string[];
}

const HEADING_NUMBER =
  /^((?:PART\s+[IV]+\b[\s.,:;|\u2013\u2014-]*)?ITEMS?\s*)(\d{1,2})\s*\.?\s*([A-J])(?=[\s.:;|\u2013\u2014-]|$)/i;

export function normalizeHeading(block: string): string {
  const m = HEADING_NUMBER.exec(block);
  if (!m) return block;
  const [all, head, number, letter] = m as unknown as [string, string, string, string];
  const L = letter.toUpperCase();
  let rewritten: string;
  if (number === '16') rewritten = `16.${String(L.charCodeAt(0) - 64).padStart(2, '0')}`;
  else if (number === '4' && L === 'A') rewritten = '4A';
  // any other item's letter is its sub-item (`Item 7A` -> `Item 7.A`): the 20-F has no item `7A`
  else rewritten = `${number}.${L}`;
  return `${head}${rewritten}${block.slice(all.length)}`;
}

/**
 * A plain-text line whose cells are joined by ` | ` is one table row, the form the HTML reader gives a row
 * (text renderings of HTML tables write rows so): it stands alone instead of joining the lines around it
 * into a paragraph.
 */
const PIPE_ROW = /^[^\n]*\S \|(?: |$)[^\n]*$/gm;

/** The document's blocks, read as its format says. */
export function form20fBlocks(content: string, format: DocumentFormat = documentFormat(content)): string[] {
  if (format === 'html') return dropPageFurniture(toBlocks(content, undefined));
  const text = format === 'wrapped_text' ? unwrapText(content) : content;
  return dropPageFurniture(plainToBlocks(text.replace(PIPE_ROW, '\n$&\n')));
}

export function splitForm20f(blocks: string[]): Form20fSection[] {
  const normalized = blocks.map(normalizeHeading);
  const sections = splitBlocks(normalized, '20-F', CATALOGS['20-F']);
  return sections.map((s) => ({
    code: s.code,
    name: s.name,
    blocks: blocks.slice(s.start, s.end),
  }));
}
