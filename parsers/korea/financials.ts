import { ParseError } from '../../lib/errors.ts';
import type { KrFinancialsInsert } from '../../schema/asia.ts';
import type { ParseContext, ParseResult } from '../types.ts';
import { readDartBody } from './status.ts';

/** OpenDART report codes (reprt_code) and the route's `report_period` names. */
export const REPORT_CODES = { '11013': 'q1', '11012': 'half', '11014': 'q3', '11011': 'annual' } as const;
export type ReprtCode = keyof typeof REPORT_CODES;

interface DartAccountRow {
  rcept_no?: string;
  reprt_code?: string;
  bsns_year?: string;
  corp_code?: string;
  sj_div?: string;
  sj_nm?: string;
  account_id?: string;
  account_nm?: string;
  account_detail?: string | null;
  thstrm_amount?: string | null;
  thstrm_add_amount?: string | null;
  frmtrm_amount?: string | null;
  frmtrm_q_amount?: string | null;
  frmtrm_add_amount?: string | null;
  bfefrmtrm_amount?: string | null;
  ord?: string;
  currency?: string;
}

/**
 * What the request named (OpenDART's query parameters): the statement basis `fs_div`, and the `bsns_year`,
 * `reprt_code` and `corp_code` a body may not repeat. Unknown or absent parameters are undefined.
 */
export interface DartRequest {
  fsDiv?: 'CFS' | 'OFS';
  bsnsYear?: number;
  reprtCode?: string;
  corpCode?: string;
}

export function dartRequestOf(url: string): DartRequest {
  let q: URLSearchParams;
  try {
    q = new URL(url).searchParams;
  } catch {
    return {};
  }
  const out: DartRequest = {};
  const fs = q.get('fs_div')?.toUpperCase();
  if (fs === 'CFS' || fs === 'OFS') out.fsDiv = fs;
  const year = q.get('bsns_year');
  if (year && /^\d{4}$/.test(year)) out.bsnsYear = Number(year);
  const reprt = q.get('reprt_code');
  if (reprt && reprt in REPORT_CODES) out.reprtCode = reprt;
  const corp = q.get('corp_code');
  if (corp && /^\d{8}$/.test(corp)) out.corpCode = corp;
  return out;
}

/** The statement basis is not known: OpenDART's rows never state it and the request did not say. */
export class DartBasisError extends ParseError {
  override name = 'DartBasisError';
}

/**
 * The basis of a fnlttSinglAcntAll response: the request URL's `fs_div` (the request the job made), or the
 * caller's when the URL has none; never guessed. A caller's basis that contradicts the URL's is refused.
 */
export function dartBasis(url: string, given?: 'CFS' | 'OFS'): 'CFS' | 'OFS' {
  const fromUrl = dartRequestOf(url).fsDiv;
  if (fromUrl && given && fromUrl !== given)
    throw new DartBasisError(`the request asked fs_div=${fromUrl}, the caller says ${given}`, url);
  const basis = fromUrl ?? given;
  if (!basis)
    throw new DartBasisError(
      'the statement basis is not known: OpenDART rows do not say whether they are consolidated (CFS) or separate (OFS); give the request URL with its fs_div (or the basis it asked)',
      url,
    );
  return basis;
}

/** An amount exactly as filed; only the empty string (no value filed) becomes null. */
function asFiled(v: string | null | undefined): string | null {
  return v === undefined || v === null || v === '' ? null : v;
}

/**
 * OpenDART `fnlttSinglAcntAll.json` (full statements of one company, year, report and basis). The basis
 * (`fs_div` CFS consolidated / OFS separate) is a request parameter the rows do not repeat, so it comes from
 * the request and every row carries it: the two bases never share a key. Accounts are matched by
 * `account_id` (`ifrs-full_*`, `dart_*`, or `-표준계정코드 미사용-` for a filer-specific line), never by name;
 * amounts stay strings in KRW as filed. Status 013 is an answer with no rows, read before the basis (it needs none). The basis comes from the
 * request URL (`ctx.url`'s `fs_div`, see dartBasis), or `req.fsDiv` when the URL does not carry it; with
 * neither it is a DartBasisError, never a guess. `bsns_year` / `reprt_code` missing from a row come from the
 * request; a row whose `corp_code`, `bsns_year` or `reprt_code` differs from the request's answers another
 * request, so its basis is not known either (DartBasisError).
 *
 * Each amount key is one period, kept in its own column (none is derived from another): `thstrm_amount` the
 * current period (a BS line's period-end instant; in a quarterly or half report an IS/CIS line's three
 * months, per the OpenDART guide), `thstrm_add_amount` the current year to date, `frmtrm_amount` the prior
 * fiscal year (a BS line's prior year-end), `frmtrm_q_amount` the same period a year earlier (quarterly and
 * half reports; IS/CIS three months per the guide), `frmtrm_add_amount` that prior year to date,
 * `bfefrmtrm_amount` two fiscal years back (annual reports; a 2016 third-quarter answer also files it on BS
 * lines, the year-end two years back, and on SCE lines). A key a row does not carry stays null: the
 * annual report files no `frmtrm_q`/`frmtrm_add`; the 2024 Q1 report files them on IS/CIS lines
 * (`frmtrm_q` also on CF/SCE lines), `frmtrm` only on BS lines and the SCE closing-equity line, no `bfefrmtrm`.
 */
export function parseDartFinancials(
  bytes: Buffer,
  ctx: ParseContext,
  req: { fsDiv?: 'CFS' | 'OFS' } = {},
): ParseResult<KrFinancialsInsert> & { noData: boolean } {
  // the envelope first: a status answer (013 no data, a key or throttling error) has no rows whose basis
  // could be wrong, so it is read whatever the request asked (a real 013 of a request without fs_div)
  const body = readDartBody<{ list?: DartAccountRow[] }>(bytes, ctx.url);
  if (!body) return { rows: [], warnings: [], noData: true };
  const fsDiv = dartBasis(ctx.url, req.fsDiv);
  const asked = dartRequestOf(ctx.url);
  if (!Array.isArray(body.list)) throw new ParseError('OpenDART status 000 without a list', ctx.url);
  const lineNos = new Map<string, number>();
  const rows = body.list.map((row): KrFinancialsInsert => {
    const r: DartAccountRow = {
      ...row,
      bsns_year: row.bsns_year || (asked.bsnsYear ? String(asked.bsnsYear) : undefined),
      reprt_code: row.reprt_code || asked.reprtCode,
      corp_code: row.corp_code || asked.corpCode,
    };
    for (const k of ['corp_code', 'bsns_year', 'reprt_code', 'sj_div', 'account_id', 'rcept_no'] as const)
      if (!r[k]) throw new ParseError(`OpenDART account row without ${k}`, ctx.url);
    // the basis is the request's, so a row must answer that request: a row naming another company, year or
    // report than the request asked belongs to another request, whose fs_div is not known
    for (const [k, want] of [
      ['corp_code', asked.corpCode],
      ['bsns_year', asked.bsnsYear === undefined ? undefined : String(asked.bsnsYear)],
      ['reprt_code', asked.reprtCode],
    ] as const)
      if (want !== undefined && r[k] !== want)
        throw new DartBasisError(
          `the rows answer another request: a row says ${k}=${r[k]}, the request asked ${k}=${want}; its basis (fs_div) is not known`,
          ctx.url,
        );
    if (!(r.reprt_code! in REPORT_CODES)) throw new ParseError(`unknown reprt_code ${r.reprt_code}`, ctx.url);
    const sj = r.sj_div as string;
    const lineNo = (lineNos.get(sj) ?? 0) + 1;
    lineNos.set(sj, lineNo);
    return {
      corpCode: r.corp_code as string,
      bsnsYear: Number(r.bsns_year),
      reprtCode: r.reprt_code as string,
      fsDiv,
      sjDiv: sj,
      lineNo,
      ord: r.ord && /^\d+$/.test(r.ord) ? Number(r.ord) : null,
      accountId: r.account_id as string,
      accountNm: r.account_nm ?? '',
      accountDetail: r.account_detail && r.account_detail !== '-' ? r.account_detail : null,
      sjNm: r.sj_nm ?? '',
      amount: asFiled(r.thstrm_amount),
      amountPriorPeriod: asFiled(r.frmtrm_amount),
      amountTwoPeriodsPrior: asFiled(r.bfefrmtrm_amount),
      amountCumulative: asFiled(r.thstrm_add_amount),
      amountPriorYearPeriod: asFiled(r.frmtrm_q_amount),
      amountPriorYearCumulative: asFiled(r.frmtrm_add_amount),
      currency: r.currency ?? 'KRW',
      rceptNo: r.rcept_no as string,
      sourceUrl: ctx.url,
      fetchedAt: ctx.fetchedAt,
    };
  });
  // answers fetched before OpenDART added the `currency` key state none: read as KRW (the won amounts OpenDART
  // publishes), and said so, since the answer itself does not say it
  const unstated = body.list.filter((r) => !r.currency).length;
  const warnings = unstated
    ? [
        `${unstated} of ${body.list.length} rows state no currency (an answer from before OpenDART's currency key): read as KRW`,
      ]
    : [];
  return { rows, warnings, noData: false };
}
