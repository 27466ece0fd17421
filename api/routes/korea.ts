import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { krFinancials, krReportSections } from '../../schema/asia.ts';
import * as p from '../platform/params.ts';
import { asAnyRoute, defineRoute } from '../platform/route.ts';
import { keysetAfter, keysetOrder } from '../platform/sql.ts';
import { koreaCorpCode, realCoverage } from './asia-common.ts';

/** Korea routes (spec 4.7): Professional, 1 credit, envelope A; the path takes a corp code or 005930.KS. */
const SAMSUNG_ID = 'cmp_01b524f82fc466e1711c';
const REPORT_PERIOD = { annual: '11011', half: '11012', q1: '11013', q3: '11014' } as const;
const BASIS = { consolidated: 'CFS', separate: 'OFS' } as const;
const STATEMENT = {
  balance_sheet: 'BS',
  income: 'IS',
  comprehensive_income: 'CIS',
  cash_flow: 'CF',
  changes_in_equity: 'SCE',
} as const;

/**
 * Korea's backfill runs largest companies first within a daily call budget: its history is in progress
 * while registry companies with a DART corp code still have no rows.
 */
const KOREA_PENDING = (table: string) =>
  `(select count(distinct corp_code) from ${table}) < (select count(*) from company_identifiers where id_type = 'DART_CORP')`;

const k = krFinancials;
const FIN_ORDER = [{ column: k.reprtCode }, { column: k.sjDiv }, { column: k.lineNo }] as const;
const FIN_EXAMPLE = {
  corp_code: '00126380',
  company_id: SAMSUNG_ID,
  bsns_year: 2023,
  reprt_code: '11011',
  fs_div: 'CFS',
  sj_div: 'IS',
  ord: 24,
  account_id: 'ifrs-full_Revenue',
  account_nm: '영업수익',
  account_detail: null,
  sj_nm: '손익계산서',
  amount: '258935494000000',
  amount_prior_period: '302231360000000',
  amount_two_periods_prior: '279604799000000',
  currency: 'KRW',
  rcept_no: '20240312000736',
  line_no: 17,
};
const nstr = { type: ['string', 'null'] };

export const krFinancialsRoute = defineRoute({
  path: '/v1/companies/:company_id/kr/financials',
  summary: 'Korea financial statements (OpenDART)',
  description:
    "The filer's own accounts for one business year, as filed with OpenDART: no normalized revenue field; match on `account_id` (IFRS or DART taxonomy id, or `-표준계정코드 미사용-` for a filer-specific line), never on the Korean `account_nm`. Amounts are strings in KRW exactly as filed (null where nothing was filed). One basis per response: `basis` defaults to consolidated (CFS); separate (OFS) is the parent alone, and mixing the two double-counts. `year` is required (400 without it). Korea backfills largest companies and newest years first, so an older year may not be loaded yet (coverage.history_status).",
  tags: ['Korea'],
  envelope: 'A',
  access: { dataset: 'kr_financials' },
  envelopeExtras: true,
  company: 'kr',
  companyExample: '005930.KS',
  query: {
    year: p.int({ description: 'Business year (required)', min: 2000, max: 2100, example: 2023 }),
    report_period: p.oneOf(['annual', 'half', 'q1', 'q3'] as const, {
      description: 'annual (11011), half (11012), q1 (11013), q3 (11014); there is no Q2 report',
      example: 'annual',
    }),
    basis: p.oneOf(['consolidated', 'separate'] as const, {
      description: 'consolidated (CFS, default) or separate (OFS); never mixed',
      example: 'consolidated',
    }),
    statement: p.oneOf(Object.keys(STATEMENT) as (keyof typeof STATEMENT)[], {
      description:
        'balance_sheet (BS), income (IS), comprehensive_income (CIS), cash_flow (CF), changes_in_equity (SCE)',
      example: 'income',
    }),
  },
  validate: (q) => (q.year === undefined ? 'year is required (an integer between 2000 and 2100)' : undefined),
  page: { default: 200, max: 1000 },
  cursorKey: (r: { reprt_code: string; sj_div: string; line_no: number }) => [
    r.reprt_code,
    r.sj_div,
    r.line_no,
  ],
  response: {
    schema: {
      type: 'object',
      required: Object.keys(FIN_EXAMPLE),
      properties: {
        ...Object.fromEntries(Object.keys(FIN_EXAMPLE).map((x) => [x, { type: 'string' }])),
        bsns_year: { type: 'integer' },
        line_no: {
          type: 'integer',
          description: "Position of the line within its statement in the filer's response",
        },
        ord: { type: ['integer', 'null'] },
        account_detail: nstr,
        amount: nstr,
        amount_prior_period: nstr,
        amount_two_periods_prior: nstr,
        fs_div: { type: 'string', enum: ['CFS', 'OFS'] },
      },
    },
    example: FIN_EXAMPLE,
  },
  handler: async ({ db, database, company, query, page }) => {
    const corp = await koreaCorpCode(db, company!);
    const conds: (SQL | undefined)[] = [
      eq(k.corpCode, corp),
      eq(k.bsnsYear, query.year!),
      eq(k.fsDiv, BASIS[query.basis ?? 'consolidated']),
    ];
    if (query.report_period) conds.push(eq(k.reprtCode, REPORT_PERIOD[query.report_period]));
    if (query.statement) conds.push(eq(k.sjDiv, STATEMENT[query.statement]));
    conds.push(keysetAfter(FIN_ORDER, page.after));
    const rows = await db
      .select({
        corp_code: k.corpCode,
        company_id: sql<string>`${company!.companyId}`,
        bsns_year: k.bsnsYear,
        reprt_code: k.reprtCode,
        fs_div: k.fsDiv,
        sj_div: k.sjDiv,
        ord: k.ord,
        account_id: k.accountId,
        account_nm: k.accountNm,
        account_detail: k.accountDetail,
        sj_nm: k.sjNm,
        amount: k.amount,
        amount_prior_period: k.amountPriorPeriod,
        amount_two_periods_prior: k.amountTwoPeriodsPrior,
        currency: k.currency,
        rcept_no: k.rceptNo,
        line_no: k.lineNo,
      })
      .from(k)
      .where(and(...conds))
      .orderBy(...keysetOrder(FIN_ORDER))
      .limit(page.fetch);
    return {
      rows,
      extra: {},
      coverage: await realCoverage(
        database,
        'kr_financials',
        'select min(bsns_year) from kr_financials',
        KOREA_PENDING('kr_financials'),
      ),
    };
  },
});

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
            date_lte: p.date({ description: 'Filing date on or before (inclusive)', example: '2024-12-31' }),
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
      return {
        rows,
        extra: {},
        coverage: await realCoverage(
          database,
          'kr_sections',
          'select min(bsns_year) from kr_report_sections',
        ),
      };
    },
  });
}

export const koreaRoutes = [
  asAnyRoute(krFinancialsRoute),
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
      'treasury',
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
