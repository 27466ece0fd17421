import { ParseError } from '../../lib/errors.ts';
import { padCik } from '../../lib/ids.ts';
import type { ParseContext, ParseResult } from '../types.ts';

/**
 * One ticker of www.sec.gov/files/company_tickers[_exchange].json. Several tickers can share a CIK
 * (BRK-B, BRK-A); the files are ordered by market value, so the first ticker of a CIK is its primary.
 */
export interface TickerEntry {
  /** 10-digit zero-padded CIK (the files give it as an integer). */
  cik: string;
  name: string;
  ticker: string;
  /** `Nasdaq`, `NYSE`, `OTC`, `Cboe US`; null when unknown (`''` upstream) or not in the file. */
  exchange: string | null;
}

function parseJson(text: string, ctx: ParseContext): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ParseError(`not JSON: ${(err as Error).message}`, ctx.url, { cause: err });
  }
}

/** Validates one row's values; returns the entry or the reason it was rejected. */
function toEntry(cik: unknown, name: unknown, ticker: unknown, exchange: unknown): TickerEntry | string {
  const padded = typeof cik === 'number' || typeof cik === 'string' ? padCik(cik) : null;
  if (!padded) return `bad cik ${JSON.stringify(cik)}`;
  if (typeof ticker !== 'string' || ticker.trim() === '') return `bad ticker ${JSON.stringify(ticker)}`;
  if (typeof name !== 'string') return `bad name ${JSON.stringify(name)}`;
  if (exchange != null && typeof exchange !== 'string') return `bad exchange ${JSON.stringify(exchange)}`;
  return { cik: padded, name: name.trim(), ticker: ticker.trim(), exchange: exchange?.trim() || null };
}

/** `{ fields: ['cik','name','ticker','exchange'], data: [[320193, 'Apple Inc.', 'AAPL', 'Nasdaq'], ...] }` */
export function parseCompanyTickersExchange(text: string, ctx: ParseContext): ParseResult<TickerEntry> {
  const doc = parseJson(text, ctx) as { fields?: unknown; data?: unknown } | null;
  if (!doc || !Array.isArray(doc.fields) || !Array.isArray(doc.data)) {
    throw new ParseError('company_tickers_exchange: expected { fields: [], data: [] }', ctx.url);
  }
  const fields = doc.fields as unknown[];
  const col = (name: string) => fields.indexOf(name);
  const [iCik, iName, iTicker, iExchange] = [col('cik'), col('name'), col('ticker'), col('exchange')];
  if (iCik < 0 || iName < 0 || iTicker < 0) {
    throw new ParseError(`company_tickers_exchange: unknown fields ${JSON.stringify(fields)}`, ctx.url);
  }
  const rows: TickerEntry[] = [];
  const warnings: string[] = [];
  if (iExchange < 0) warnings.push('company_tickers_exchange: no exchange field; exchange set to null');
  doc.data.forEach((raw: unknown, i: number) => {
    if (!Array.isArray(raw)) {
      warnings.push(`data[${i}]: not an array, skipped`);
      return;
    }
    const entry = toEntry(raw[iCik], raw[iName], raw[iTicker], iExchange < 0 ? null : raw[iExchange]);
    if (typeof entry === 'string') warnings.push(`data[${i}]: ${entry}, skipped`);
    else rows.push(entry);
  });
  return { rows, warnings };
}

/** `{ "0": { cik_str: 789019, ticker: 'MSFT', title: 'MICROSOFT CORP' }, "1": ... }` (no exchange). */
export function parseCompanyTickers(text: string, ctx: ParseContext): ParseResult<TickerEntry> {
  const doc = parseJson(text, ctx);
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) {
    throw new ParseError('company_tickers: expected an object keyed by row number', ctx.url);
  }
  const rows: TickerEntry[] = [];
  const warnings: string[] = [];
  // Integer-like keys enumerate in ascending numeric order, which is the file's market-value order.
  for (const [key, raw] of Object.entries(doc as Record<string, unknown>)) {
    if (!raw || typeof raw !== 'object') {
      warnings.push(`[${key}]: not an object, skipped`);
      continue;
    }
    const r = raw as { cik_str?: unknown; title?: unknown; ticker?: unknown };
    const entry = toEntry(r.cik_str, r.title, r.ticker, null);
    if (typeof entry === 'string') warnings.push(`[${key}]: ${entry}, skipped`);
    else rows.push(entry);
  }
  if (rows.length === 0 && warnings.length > 0) {
    throw new ParseError('company_tickers: no row has the { cik_str, ticker, title } shape', ctx.url);
  }
  return { rows, warnings };
}
