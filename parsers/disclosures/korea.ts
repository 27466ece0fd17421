import { ParseError } from '../../lib/errors.ts';
import type { DisclosureInsert } from '../../schema/asia.ts';
import { readDartBody } from '../korea/status.ts';
import type { ParseContext, ParseResult } from '../types.ts';

interface DartListRow {
  corp_code?: string;
  corp_name?: string;
  stock_code?: string;
  report_nm?: string;
  rcept_no?: string;
  rcept_dt?: string;
  flr_nm?: string;
  rm?: string;
}

/**
 * OpenDART `list.json` (disclosure search) -> disclosure rows. Titles stay Korean as filed; the local code is
 * the 6-character stock code (null for an unlisted filer); the filing opens at dart.fss.or.kr by rcept_no.
 * Status 013 is an empty day, not an error.
 */
export function parseDartList(
  bytes: Buffer,
  ctx: ParseContext,
): ParseResult<DisclosureInsert> & { totalPages: number | null; noData: boolean } {
  const body = readDartBody<{ list?: DartListRow[]; total_page?: number | string }>(bytes, ctx.url);
  // status 013 is an answer, "no data", and says so like every OpenDART reader (not a silent empty list)
  if (!body) return { rows: [], warnings: [], totalPages: 0, noData: true };
  const rows = (body.list ?? []).map((r): DisclosureInsert => {
    if (!r.rcept_no || !r.rcept_dt || !/^\d{8}$/.test(r.rcept_dt))
      throw new ParseError('DART list row without rcept_no or rcept_dt', ctx.url);
    const title = (r.report_nm ?? '').replace(/\s+/g, ' ').trim();
    return {
      market: 'korea',
      sourceId: r.rcept_no,
      date: `${r.rcept_dt.slice(0, 4)}-${r.rcept_dt.slice(4, 6)}-${r.rcept_dt.slice(6)}`,
      time: null,
      companyName: r.corp_name ?? '',
      localCode: r.stock_code?.trim() || null,
      title,
      category: null,
      filingUrl: `https://dart.fss.or.kr/dsaf001/main.do?rcpNo=${r.rcept_no}`,
      xbrlUrl: null,
      text: null,
      descriptionChars: title.length,
      source: 'dart',
      sourceUrl: ctx.url,
      fetchedAt: ctx.fetchedAt,
    };
  });
  const tp = Number(body.total_page);
  return { rows, warnings: [], totalPages: Number.isFinite(tp) ? tp : null, noData: false };
}
