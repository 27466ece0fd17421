import { load } from 'cheerio';

/** Collapse whitespace (feeds re-indent titles and links mid-sentence) and trim. */
export function cleanText(s: string): string {
  return s.replace(/[\s\u00a0]+/g, ' ').trim();
}

/** Text of an HTML fragment (descriptions carry <a>, <img>, feedflare divs, tables): markup dropped, entities decoded. */
export function htmlToText(s: string): string {
  if (!s) return '';
  if (!/[<&]/.test(s)) return cleanText(s);
  const $ = load(`<div>${s.replace(/<(br|p|div|tr|td|th|li)\b/gi, ' <$1')}</div>`, null, false);
  $('script,style,.feedflare').remove();
  return cleanText($.root().text());
}
