import { XMLParser } from 'fast-xml-parser';
import { ParseError } from '../../lib/errors.ts';

/**
 * Shared XML reading for the ownership family (13F information tables and cover pages, Forms 3/4/5).
 * Namespace prefixes vary by filer (`ns1:`, `n1:`, default namespace), so elements are matched on their
 * local name; every value is kept as text (CUSIPs and CIKs have leading zeros) and converted by the caller.
 */
const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
});

export type XmlNode = Record<string, unknown>;

export function parseXml(text: string, document: string): XmlNode {
  try {
    return parser.parse(text.replace(/\r\n?/g, '\n').trim()) as XmlNode;
  } catch (err) {
    throw new ParseError(`malformed XML: ${(err as Error).message}`, document, { cause: err });
  }
}

/** The child as an array (fast-xml-parser yields a single object for one child, an array for several). */
export function list(v: unknown): XmlNode[] {
  if (v === undefined || v === null || v === '') return [];
  return (Array.isArray(v) ? v : [v]).filter((x): x is XmlNode => typeof x === 'object' && x !== null);
}

/** A child's text: a bare text node, or the `#text` of an element that has attributes. */
export function text(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'object' && '#text' in (v as XmlNode)) return text((v as XmlNode)['#text']);
  return null;
}

/** Walks a path of child names; undefined when any step is missing. */
export function at(node: unknown, ...path: string[]): unknown {
  let cur: unknown = node;
  for (const key of path) {
    if (cur === undefined || cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as XmlNode)[key];
  }
  return cur;
}

/** A number as filed: thousands separators and spaces removed; null when absent or not a number. */
export function num(v: unknown): number | null {
  const t = text(v);
  if (t === null) return null;
  const clean = t.replace(/[,\s$]/g, '');
  if (!/^-?\d*\.?\d+(e[+-]?\d+)?$/i.test(clean)) return null;
  const n = Number(clean);
  return Number.isFinite(n) ? n : null;
}

/** EDGAR booleans: `1`/`0`, `true`/`false`, `Y`/`N`. */
export function bool(v: unknown): boolean | null {
  const t = text(v)?.toLowerCase();
  if (t === undefined || t === null) return null;
  if (t === '1' || t === 'true' || t === 'y') return true;
  if (t === '0' || t === 'false' || t === 'n') return false;
  return null;
}

/** `MM-DD-YYYY` (13F cover pages) or `YYYY-MM-DD` or `YYYYMMDD` -> `YYYY-MM-DD`. */
export function isoDate(v: unknown): string | null {
  const t = text(v);
  if (t === null) return null;
  let m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(t);
  if (m) return `${m[3]}-${m[1]}-${m[2]}`;
  m = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(t);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  return null;
}

/** The XML text starting at the first `<?xml` or `<tag` whose local name is `rootLocal`, to its end. */
export function sliceXmlRoot(body: string, rootLocal: string): string | null {
  const re = new RegExp(`<([A-Za-z0-9_]+:)?${rootLocal}[\\s>]`);
  const m = re.exec(body);
  if (!m) return null;
  const closeRe = new RegExp(`</([A-Za-z0-9_]+:)?${rootLocal}>`, 'g');
  let end = -1;
  for (let c = closeRe.exec(body); c; c = closeRe.exec(body)) end = c.index + c[0].length;
  return body.slice(m.index, end > m.index ? end : body.length);
}
