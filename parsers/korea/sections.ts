import { ParseError } from '../../lib/errors.ts';
import type { KrReportSectionInsert } from '../../schema/asia.ts';
import type { ParseContext, ParseResult } from '../types.ts';
import { dartRequestOf } from './financials.ts';
import { readDartBody } from './status.ts';

/**
 * OpenDART report-section endpoints by route (`section`) and `kind`. The label field names the row (holder,
 * investee, bond bucket); the date field is the settlement date or the report date.
 */
export const DART_SECTIONS = {
  elestock: { section: 'ownership', kind: 'insider', label: 'repror', date: 'rcept_dt' },
  majorstock: { section: 'ownership', kind: 'major_5pct', label: 'repror', date: 'rcept_dt' },
  hyslrSttus: { section: 'shareholders', kind: 'major', label: 'nm', date: 'stlm_dt' },
  mrhlSttus: { section: 'shareholders', kind: 'minority', label: 'se', date: 'stlm_dt' },
  hyslrChgSttus: {
    section: 'shareholders',
    kind: 'major_change',
    label: 'mxmm_shrholdr_nm',
    date: 'stlm_dt',
  },
  stockTotqySttus: { section: 'share_structure', kind: 'total', label: 'se', date: 'stlm_dt' },
  tesstkAcqsDspsSttus: { section: 'share_structure', kind: 'treasury', label: 'stock_knd', date: 'stlm_dt' },
  irdsSttus: { section: 'share_structure', kind: 'capital_change', label: 'isu_dcrs_stle', date: 'stlm_dt' },
  otrCprInvstmntSttus: {
    section: 'investments',
    kind: 'other_corporation',
    label: 'inv_prm',
    date: 'stlm_dt',
  },
  detScritsIsuAcmslt: { section: 'debt', kind: 'corp_bond_issue', label: 'scrits_knd_nm', date: 'stlm_dt' },
  cprndNrdmpBlce: { section: 'debt', kind: 'corp_bond_balance', label: 'remndr_exprtn2', date: 'stlm_dt' },
  entrprsBilScritsNrdmpBlce: { section: 'debt', kind: 'cp', label: 'remndr_exprtn2', date: 'stlm_dt' },
  srtpdPsndbtNrdmpBlce: {
    section: 'debt',
    kind: 'short_term_bond',
    label: 'remndr_exprtn2',
    date: 'stlm_dt',
  },
  newCaplScritsNrdmpBlce: {
    section: 'debt',
    kind: 'hybrid_capital',
    label: 'remndr_exprtn2',
    date: 'stlm_dt',
  },
  cndlCaplScritsNrdmpBlce: {
    section: 'debt',
    kind: 'contingent_capital',
    label: 'remndr_exprtn2',
    date: 'stlm_dt',
  },
} as const;
export type DartSectionEndpoint = keyof typeof DART_SECTIONS;

/** The filer's own total lines: 합계, 계, 소계, 총계 (spaces inside ignored), alone or as a row label. */
const SUBTOTAL = /^(합계|소계|총계|계)$/;
/** Fields that can carry a row label; a subtotal shows up in any of them. */
const LABEL_FIELDS = [
  'se',
  'nm',
  'stock_knd',
  'remndr_exprtn1',
  'remndr_exprtn2',
  'inv_prm',
  'isu_cmpny',
  'relate',
];
/** Envelope fields repeated on every row; not part of the row's own values. */
const ENVELOPE = new Set(['rcept_no', 'corp_cls', 'corp_code', 'corp_name']);

function none(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const s = String(v).trim();
  return s === '' || s === '-' ? null : s;
}

/** `2023-12-31`, `2023.12.31`, `20231231` -> ISO; anything else null. */
function isoDate(v: string | null): string | null {
  const m = v ? /^(\d{4})[-.]?(\d{2})[-.]?(\d{2})$/.exec(v) : null;
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/**
 * One OpenDART report-section body -> rows with the section and kind of the route, the filer's values kept
 * as strings exactly as filed (`-` is none: null, never zero; percentages keep their `%` as the filer wrote
 * it), and `is_subtotal` on the filer's own total lines so a user summing rows can leave them out. A row's
 * `bsns_year` / `reprt_code` come from the row when it has them, else from the request (`req`, else the
 * request URL's parameters): the section bodies mostly do not repeat them. A list item whose every value but
 * the envelope and `stlm_dt` is `-` is the filer's empty table: no row, a warning.
 */
export function parseDartSection(
  bytes: Buffer,
  ctx: ParseContext,
  req: { endpoint: DartSectionEndpoint; bsnsYear?: number; reprtCode?: string },
): ParseResult<KrReportSectionInsert> & { noData: boolean } {
  const spec = DART_SECTIONS[req.endpoint];
  if (!spec) throw new ParseError(`unknown OpenDART section ${req.endpoint}`, ctx.url);
  const body = readDartBody<{ list?: Record<string, unknown>[] }>(bytes, ctx.url);
  if (!body) return { rows: [], warnings: [], noData: true };
  if (!Array.isArray(body.list)) throw new ParseError('OpenDART status 000 without a list', ctx.url);
  const asked = dartRequestOf(ctx.url);
  const year = req.bsnsYear ?? asked.bsnsYear ?? null;
  const reprt = req.reprtCode ?? asked.reprtCode ?? null;
  const warnings: string[] = [];
  // the filer's empty table: OpenDART answers a section the report has nothing for with one list item whose
  // every value but the envelope and the settlement date is `-`; that item is no line of the table
  const lines = body.list.filter((r, i) => {
    const empty = Object.entries(r).every(([k, v]) => ENVELOPE.has(k) || k === 'stlm_dt' || none(v) === null);
    if (empty) warnings.push(`list item ${i + 1}: every value is '-' (the filer's empty table): no row`);
    return !empty;
  });
  const rows = lines.map((r, i): KrReportSectionInsert => {
    const ownYear = none(r.bsns_year);
    const ownReprt = none(r.reprt_code);
    const corpCode = none(r.corp_code);
    const rceptNo = none(r.rcept_no);
    if (!corpCode || !rceptNo) throw new ParseError('section row without corp_code or rcept_no', ctx.url);
    const fields: Record<string, string | null> = {};
    for (const [k, v] of Object.entries(r)) if (!ENVELOPE.has(k)) fields[k] = none(v);
    const isSubtotal = LABEL_FIELDS.some((k) => SUBTOTAL.test((none(r[k]) ?? '').replace(/\s+/g, '')));
    return {
      corpCode,
      section: spec.section,
      kind: spec.kind,
      endpoint: req.endpoint,
      bsnsYear: ownYear && /^\d{4}$/.test(ownYear) ? Number(ownYear) : year,
      reprtCode: ownReprt ?? reprt,
      rceptNo,
      lineNo: i + 1,
      label: none(r[spec.label]),
      asOfDate: isoDate(none(r[spec.date])),
      isSubtotal,
      fields,
      sourceUrl: ctx.url,
      fetchedAt: ctx.fetchedAt,
    };
  });
  return { rows, warnings, noData: false };
}
