import { Parser } from 'htmlparser2';

/**
 * Where a split item lies in the HTML source: the document's visible letters/digits with their source
 * offsets, an item found by its first and last letters/digits among them (the corpus README's method for a
 * splitter that keeps no offsets).
 */
export interface Visible {
  /** Letters and digits of the visible text, lower-cased. */
  chars: string;
  /** Source offset of each of them. */
  at: Int32Array;
}

const SKIP = new Set(['script', 'style', 'head', 'ix:header', 'noscript', 'xbrli:context', 'template']);

/** The document's visible letters/digits with their offsets in the HTML source (hidden parts skipped). */
export function visible(html: string): Visible {
  let chars = '';
  const at: number[] = [];
  let skip = 0;
  const parser: Parser = new Parser(
    {
      onopentag(name, attribs) {
        if (skip > 0) skip++;
        else if (SKIP.has(name) || /display\s*:\s*none/i.test(attribs['style'] ?? '')) skip = 1;
      },
      onclosetag() {
        if (skip > 0) skip--;
      },
      ontext(text) {
        if (skip > 0) return;
        const base = parser.startIndex;
        const raw = html.slice(base, parser.endIndex + 1);
        const exact = raw === text;
        for (let i = 0; i < text.length; i++) {
          const c = text[i]!;
          if (!/[\p{L}\p{N}]/u.test(c)) continue;
          chars += c.toLowerCase();
          at.push(exact ? base + i : base + Math.min(i, raw.length - 1));
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return { chars, at: Int32Array.from(at) };
}

export const alnum = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Where an item's text lies in the source: [start, end) offsets, searched from `from` (document order). */
export function locate(
  v: Visible,
  text: string,
  from: number,
): { start: number; end: number; pos: number } | null {
  const a = alnum(text);
  if (a.length === 0) return null;
  let pos = -1;
  for (const n of [128, 64, 32, 16]) {
    pos = v.chars.indexOf(a.slice(0, n), from);
    if (pos >= 0) break;
  }
  if (pos < 0) return null;
  let last = -1;
  for (const n of [128, 64, 32, 16]) {
    const tail = a.slice(-Math.min(n, a.length));
    // The item's letters are a subsequence of the document's from `pos` (page furniture dropped), so its
    // end lies at or after pos + its length: a running footer repeated earlier is not its end.
    const i = v.chars.indexOf(tail, pos + a.length - tail.length);
    if (i >= 0) {
      last = i + tail.length - 1;
      break;
    }
  }
  if (last < 0) last = Math.min(v.chars.length - 1, pos + a.length - 1);
  return { start: v.at[pos]!, end: v.at[last]! + 1, pos };
}

/** Letters/digits of the visible text whose source offset lies in [from, to). */
export function alnumBetween(v: Visible, from: number, to: number): number {
  const lo = lowerBound(v.at, Math.min(from, to));
  const hi = lowerBound(v.at, Math.max(from, to));
  return hi - lo;
}

function lowerBound(a: Int32Array, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
