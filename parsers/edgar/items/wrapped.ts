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
  if (!looksLikeHtml(content)) return 'text';
  const tag = /<(\/?[a-z][a-z0-9:]*)/gi;
  let real = 0;
  for (let m = tag.exec(content); m; m = tag.exec(content)) {
    if (PSEUDO_TAGS.test(m[1]!)) continue;
    if (!WRAPPER_TAGS.test(m[1]!)) return 'html';
    real++;
  }
  return real > 0 ? 'wrapped_text' : 'html';
}

/** The plain text inside such a wrapper. */
export function unwrapText(content: string): string {
  return content.replace(/<\/?(html|head|body|div|pre|title)\b[^>]*>/gi, '').replace(/&amp;/g, '&');
}
