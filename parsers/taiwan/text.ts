import iconv from 'iconv-lite';
import { ParseError } from '../../lib/errors.ts';

/**
 * Decodes a Taiwan upstream body. A UTF-8 BOM wins; otherwise the FIRST charset declaration of the page
 * decides (MOPS t164sb01 embeds a second, wrong `charset=utf-8` head later in its Big5 body); a page with no
 * declaration is decoded with the endpoint's known encoding (`fallback`).
 */
export function decodeTaiwan(bytes: Buffer, fallback: 'big5' | 'utf8'): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString('utf8');
  const head = bytes.subarray(0, 4096).toString('latin1');
  const m = /charset\s*=\s*['"]?([\w-]+)/i.exec(head);
  const declared = m?.[1]?.toLowerCase();
  const enc = declared ? (/big5|950|ms950/.test(declared) ? 'big5' : 'utf8') : fallback;
  // iconv-lite's big5 table is CP950 (Microsoft's Big5 with the extensions MOPS pages use).
  return enc === 'big5' ? iconv.decode(bytes, 'cp950') : bytes.toString('utf8');
}

/**
 * A MOPS page as a crawler kept it: bytes that are valid UTF-8 are UTF-8 (crawlers re-save MOPS's Big5 pages
 * and keep, or drop, the Big5 declaration); anything else is decoded as decodeTaiwan does (Big5 fallback).
 */
export function decodeMopsPage(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeTaiwan(bytes, 'big5');
  }
}

/** Whitespace of every kind (NBSP, ideographic space, CR-only line ends) collapsed and trimmed. */
export function cleanText(s: string): string {
  return s.replace(/[\s\u00a0\u3000]+/g, ' ').trim();
}

const NONE = new Set(['', '-', '--', '－', '—', 'N/A', 'NA', '不適用']);

/**
 * A Taiwan amount as filed: thousands separators, `$` and padding dropped, `(1,234)` and `( 1,234)` negative,
 * `-`/`--` none (null, never zero), `.00` decimals kept as the number they are. Returns the canonical decimal
 * string (what numeric columns store) or null; throws on anything else.
 */
export function twAmount(raw: string | number | null | undefined, document?: string): string | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'number') return Number.isFinite(raw) ? String(raw) : null;
  let s = cleanText(raw).replace(/[$＄,\s]/g, '');
  if (NONE.has(s)) return null;
  let negative = false;
  const paren = /^[(（](.*)[)）]$/.exec(s);
  if (paren) {
    negative = true;
    s = paren[1] ?? '';
  }
  if (s.endsWith('%')) s = s.slice(0, -1);
  if (!/^[-+]?\d+(\.\d+)?$/.test(s)) throw new ParseError(`not a number: "${raw}"`, document);
  if (s.startsWith('+')) s = s.slice(1);
  if (negative) s = s.startsWith('-') ? s.slice(1) : `-${s}`;
  // 309,395,702.00 -> 309395702 ; 7.980 -> 7.98
  if (s.includes('.')) s = s.replace(/\.?0+$/, '');
  if (s === '-0') s = '0';
  return s;
}

/** ROC year (民國) to Gregorian: 113 -> 2024. */
export function rocYear(roc: number): number {
  return roc + 1911;
}

/** `11407`, `113/05`, `113年05月` -> `2025-07` / `2024-05`. */
export function rocYearMonth(raw: string, document?: string): string {
  const m = /^(\d{2,3})\s*(?:\/|年)?\s*(\d{1,2})月?$/.exec(cleanText(raw));
  if (!m) throw new ParseError(`not a ROC year-month: "${raw}"`, document);
  const month = Number(m[2]);
  if (month < 1 || month > 12) throw new ParseError(`month out of range: "${raw}"`, document);
  return `${rocYear(Number(m[1]))}-${String(month).padStart(2, '0')}`;
}

/** `111/07/08`, `1130526`, `112年01月30日` -> `2022-07-08` / `2024-05-26` / `2023-01-30`; `-` or blank -> null. */
export function rocDate(raw: string, document?: string): string | null {
  const s = cleanText(raw);
  if (NONE.has(s)) return null;
  const m = /^(\d{2,3})(?:\/|年)?(\d{2})(?:\/|月)?(\d{2})日?$/.exec(s);
  if (!m) throw new ParseError(`not a ROC date: "${raw}"`, document);
  return `${rocYear(Number(m[1]))}-${m[2]}-${m[3]}`;
}
