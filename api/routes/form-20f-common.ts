import type { AnyColumn } from 'drizzle-orm';
import * as p from '../platform/params.ts';
import type { RouteContext } from '../platform/route.ts';

/** Shared pieces of the Form 20-F routes (form-20f.ts, form-20f-tables.ts). */
export const TAGS = ['Form 20-F'];
export const ACCESS = { dataset: 'form_20f' };
export const PAGE = { default: 100, max: 1000 };
/** The demo's 20-F filer known from companyfacts (TSM's companyfacts are in the offline mirror). */
export const COMPANY = 'TSM';
export const TSM_20F = '0001193125-25-083423';
/**
 * The demo's 20-F filer read from its own document (Loncor's FY2015 20-F, HTML without XBRL: holders and
 * numbered notes; jobs/form-20f/demo-filings.ts).
 */
export const DOCUMENT_COMPANY = 'LONCF';
export const LONCOR_20F = '0001062993-16-008650';

export const accessionParam = (what: string, example: string) =>
  p.string({
    description: `Accession number of one 20-F or 20-F/A (dashes optional): ${what}`,
    pattern: /^\d{10}-?\d{2}-?\d{6}$/,
    patternHint: 'must be an accession number such as 0001193125-25-083423',
    example,
  });

export const dashed = (a: string) =>
  a.includes('-') ? a : `${a.slice(0, 10)}-${a.slice(10, 12)}-${a.slice(12)}`;
export const likeEscape = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The company's CIK as the tables store it; null for a company with no SEC presence (no rows). */
export function cikOf(ctx: RouteContext<unknown>): number | null {
  const cik = ctx.company?.cik;
  return cik ? Number(cik) : null;
}

export const rowHead = (ctx: RouteContext<unknown>, accession: string, seq: number) => ({
  company_id: ctx.company!.companyId,
  id: `${accession}-${seq}`,
  cik: ctx.company!.cik!,
  accession,
});

export const seqOf = (id: string) => Number(id.slice(id.lastIndexOf('-') + 1));

/**
 * The paging order of a 20-F table: `date` newest first, then accession (newest first), then the row's
 * order in its filing. `cursorOf` gives the matching cursor of an output row, whose `dateField` holds `date`.
 */
export const newestFirst = (date: AnyColumn, t: { accession: AnyColumn; seq: AnyColumn }) => [
  { column: date, desc: true },
  { column: t.accession, desc: true },
  { column: t.seq },
];
export const cursorOf =
  <K extends string>(dateField: K) =>
  (r: Record<K | 'accession' | 'id', string>) => [r[dateField], r.accession, seqOf(r.id)];
