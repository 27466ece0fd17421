import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { krReportSections } from '../../schema/asia.ts';
import * as p from '../platform/params.ts';
import { asAnyRoute, defineRoute } from '../platform/route.ts';
import { keysetAfter, keysetOrder } from '../platform/sql.ts';
import { koreaCorpCode, koreaRowsWithCoverage, SAMSUNG_ID } from './asia-common.ts';

/** Korea report sections (spec 4.7): ownership, shareholders, share structure, investments, debt. */
const nstr = { type: ['string', 'null'] };

const s = krReportSections;
const SEC_ORDER = [{ column: s.rceptNo, desc: true }, { column: s.endpoint }, { column: s.lineNo }] as const;

const KINDS = {
  ownership: ['insider', 'major_5pct'],
  shareholders: ['major', 'minority', 'major_change'],
  share_structure: ['total', 'treasury', 'capital_change'],
  investments: ['other_corporation'],
  debt: [
    'corp_bond_issue',
    'corp_bond_balance',
    'cp',
    'short_term_bond',
    'hybrid_capital',
    'contingent_capital',
  ],
} as const;

const SECTION_EXAMPLE = {
  corp_code: '00126380',
  company_id: SAMSUNG_ID,
  section: 'shareholders',
  kind: 'major',
  source_endpoint: 'hyslrSttus',
  bsns_year: 2023,
  reprt_code: '11011',
  rcept_no: '20240312000736',
  line_no: 1,
  label: '삼성생명보험㈜',
  as_of_date: '2023-12-31',
  is_subtotal: false,
  fields: {
    stock_knd: '보통주',
    nm: '삼성생명보험㈜',
    relate: '최대주주 본인',
    bsis_posesn_stock_co: '508,157,148',
    bsis_posesn_stock_qota_rt: '8.51',
    trmend_posesn_stock_co: '508,157,148',
    trmend_posesn_stock_qota_rt: '8.51',
    rm: null,
    stlm_dt: '2023-12-31',
  },
};

function sectionRoute(
  section: keyof typeof KINDS,
  path: string,
  summary: string,
  example: string,
  year: number,
) {
  const kinds = KINDS[section];
  const ownership = section === 'ownership';
  return defineRoute({
    path: `/v1/companies/:company_id/kr/${path}`,
    summary,
    description: `Rows of the OpenDART report section, one per line the filer reported, with \`kind\` (${kinds.join(', ')}), the line's label, its date (settlement date, or the report date for ownership filings) and \`fields\`: the filer's own values as strings exactly as filed (\`-\` is null, never zero; percentages keep a \`%\` where the filer wrote one; amounts in KRW). \`is_subtotal\` marks the filer's own total lines (합계, 계, 소계, 총계): leave them out before summing. Newest report first. \`year\` is the business year${ownership ? ' (for ownership filings, the year of the filing date)' : ''}.`,
    tags: ['Korea'],
    envelope: 'A',
    access: { dataset: 'kr_sections' },
    envelopeExtras: true,
    company: 'kr',
    companyExample: '005930.KS',
    query: {
      kind: p.oneOf(kinds, { description: `Kind: ${kinds.join(', ')}`, example }),
      year: p.int({ description: 'Business year', min: 2000, max: 2100, example: year }),
      ...(ownership
        ? {
            date_gte: p.date({ description: 'Filing date on or after (inclusive)', example: '2024-01-01' }),
            date_lte: p.date({
              description: 'Filing date on or before (inclusive)',
              examples: { 'with date_gte, a closed range': '2024-12-31' },
            }),
          }
        : {}),
    },
    page: { default: 100, max: 1000 },
    cursorKey: (r: { rcept_no: string; source_endpoint: string; line_no: number }) => [
      r.rcept_no,
      r.source_endpoint,
      r.line_no,
    ],
    response: {
      schema: {
        type: 'object',
        required: Object.keys(SECTION_EXAMPLE),
        properties: {
          corp_code: { type: 'string' },
          company_id: { type: 'string' },
          section: { type: 'string' },
          kind: { type: 'string', enum: [...kinds] },
          source_endpoint: { type: 'string', description: 'The OpenDART endpoint the row came from' },
          bsns_year: { type: ['integer', 'null'] },
          reprt_code: nstr,
          rcept_no: { type: 'string' },
          line_no: { type: 'integer' },
          label: nstr,
          as_of_date: { type: ['string', 'null'], format: 'date' },
          is_subtotal: { type: 'boolean' },
          fields: { type: 'object', additionalProperties: nstr },
        },
      },
      example: SECTION_EXAMPLE,
    },
    handler: async ({ db, database, company, query, page }) => {
      const corp = await koreaCorpCode(db, company!);
      const q = query as { kind?: string; year?: number; date_gte?: string; date_lte?: string };
      const conds: (SQL | undefined)[] = [eq(s.corpCode, corp), eq(s.section, section)];
      if (q.kind) conds.push(eq(s.kind, q.kind));
      if (q.year !== undefined)
        conds.push(ownership ? sql`extract(year from ${s.asOfDate}) = ${q.year}` : eq(s.bsnsYear, q.year));
      if (q.date_gte) conds.push(gte(s.asOfDate, q.date_gte));
      if (q.date_lte) conds.push(lte(s.asOfDate, q.date_lte));
      conds.push(keysetAfter(SEC_ORDER, page.after));
      const rows = await db
        .select({
          corp_code: s.corpCode,
          company_id: sql<string>`${company!.companyId}`,
          section: s.section,
          kind: s.kind,
          source_endpoint: s.endpoint,
          bsns_year: s.bsnsYear,
          reprt_code: s.reprtCode,
          rcept_no: s.rceptNo,
          line_no: s.lineNo,
          label: s.label,
          as_of_date: s.asOfDate,
          is_subtotal: s.isSubtotal,
          fields: s.fields,
        })
        .from(s)
        .where(and(...conds))
        .orderBy(...keysetOrder(SEC_ORDER))
        .limit(page.fetch);
      return koreaRowsWithCoverage(database, rows, 'kr_sections', 'kr_report_sections');
    },
  });
}

export const koreaSectionRoutes = [
  asAnyRoute(
    sectionRoute('ownership', 'ownership', 'Korea ownership filings (insiders, 5% holders)', 'insider', 2024),
  ),
  asAnyRoute(
    sectionRoute(
      'shareholders',
      'shareholders',
      'Korea shareholders (largest, minority, changes)',
      'major',
      2023,
    ),
  ),
  asAnyRoute(
    sectionRoute(
      'share_structure',
      'share-structure',
      'Korea share structure (total, treasury, capital changes)',
      'total',
      2023,
    ),
  ),
  asAnyRoute(
    sectionRoute(
      'investments',
      'investments',
      'Korea investments in other corporations',
      'other_corporation',
      2023,
    ),
  ),
  asAnyRoute(
    sectionRoute(
      'debt',
      'debt',
      'Korea debt securities (issues and outstanding balances)',
      'corp_bond_balance',
      2023,
    ),
  ),
];
