import { looksLikeHtml } from './text.ts';

export type DocumentFormat = 'html' | 'text' | 'wrapped_text';

const PSEUDO_TAGS = /^\/?(table|caption|s|c|fn|page)$/i;
const WRAPPER_TAGS = /^\/?(html|head|body|div|pre|title)$/i;

/**
 * How to read a primary document. Rule: a document whose only tags, besides the 1990s text pseudo-tags
 * (`<TABLE>`, `<CAPTION>`, `<S>`, `<C>`, `<FN>`, `<PAGE>`), are html/body/div/pre wrappers is plain text in a
 * wrapper (a converter's `<html><body><div>` around a text filing): it is read line by line, as text.
 * The scan stops at the first other tag, so a real HTML document costs a few tags, not its whole length.
 */
export function documentFormat(content: string): DocumentFormat {
  return documentFormatOfHead(content, true)!;
}

/**
 * `documentFormat` of a document read from its first characters only (at least the 20,000 `looksLikeHtml`
 * reads, or all of them: `complete`): undefined when they do not decide it (no tag other than a wrapper or a
 * pseudo-tag yet), so the whole document must be read.
 */
export function documentFormatOfHead(head: string, complete: boolean): DocumentFormat | undefined {
  if (!looksLikeHtml(head)) return 'text';
  const tag = /<(\/?[a-z][a-z0-9:]*)/gi;
  let real = 0;
  for (let m = tag.exec(head); m; m = tag.exec(head)) {
    // a name that reaches the end of the head may go on after it
    if (!complete && m.index + m[0].length >= head.length) return undefined;
    if (PSEUDO_TAGS.test(m[1]!)) continue;
    if (!WRAPPER_TAGS.test(m[1]!)) return 'html';
    real++;
  }
  if (!complete) return undefined;
  return real > 0 ? 'wrapped_text' : 'html';
}

/** The plain text inside such a wrapper. */
export function unwrapText(content: string): string {
  return content.replace(/<\/?(html|head|body|div|pre|title)\b[^>]*>/gi, '').replace(/&amp;/g, '&');
}
