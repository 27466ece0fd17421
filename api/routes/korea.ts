import { and, eq, type SQL, sql } from 'drizzle-orm';
import { krFinancials } from '../../schema/asia.ts';
import * as p from '../platform/params.ts';
import { asAnyRoute, defineRoute } from '../platform/route.ts';
import { keysetAfter, keysetOrder } from '../platform/sql.ts';
import { koreaCorpCode, koreaRowsWithCoverage, rowSchema, SAMSUNG_ID } from './asia-common.ts';
import { koreaSectionRoutes } from './korea-sections.ts';

/** Korea routes (spec 4.7): Professional, 1 credit, envelope A; the path takes a corp code or 005930.KS. */
const REPORT_PERIOD = { annual: '11011', half: '11012', q1: '11013', q3: '11014' } as const;
const BASIS = { consolidated: 'CFS', separate: 'OFS' } as const;
const STATEMENT = {
  balance_sheet: 'BS',
  income: 'IS',
  comprehensive_income: 'CIS',
  cash_flow: 'CF',
  changes_in_equity: 'SCE',
} as const;

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
  amount_cumulative: null,
  amount_prior_year_period: null,
  amount_prior_year_cumulative: null,
  currency: 'KRW',
  rcept_no: '20240312000736',
  line_no: 17,
};
const nstr = { type: ['string', 'null'] };

export const krFinancialsRoute = defineRoute({
  path: '/v1/companies/:company_id/kr/financials',
  summary: 'Korea financial statements (OpenDART)',
  description:
    "The filer's own accounts for one business year, as filed with OpenDART: no normalized revenue field; match on `account_id` (IFRS or DART taxonomy id as filed: older filings carry the earlier IFRS taxonomy's `ifrs_` prefix, `ifrs_Equity` where newer ones say `ifrs-full_Equity`; or `-표준계정코드 미사용-` for a filer-specific line, which several lines may share), never on the Korean `account_nm`; equity-change lines sharing an `account_id` are told apart by `account_detail`. Amounts are strings in KRW exactly as filed (null where nothing was filed), one field per period the line is filed for: `amount` the current period (a balance-sheet line the period-end instant; in a q1/half/q3 report an income or comprehensive-income line its three months, a cash-flow or equity-change line the year to date: OpenDART files those year to date only, so their `amount_cumulative` is null), `amount_cumulative` the year to date, `amount_prior_period` the prior fiscal year (a balance-sheet line the prior year-end), `amount_two_periods_prior` two years back (annual reports; some q3 answers file it too, a balance-sheet line's year-end two years back), `amount_prior_year_period` the same period a year earlier (for a cash-flow or equity-change line the prior year to date) and `amount_prior_year_cumulative` that year to date (q1/half/q3 reports). The fields are periods of one line, never parts of a sum: in a q1 report the three months and the year to date are the same quarter. One basis per response: `basis` defaults to consolidated (CFS); separate (OFS) is the parent alone, and mixing the two double-counts. `year` is required (400 without it). Korea backfills largest companies and newest years first, so an older year may not be loaded yet (coverage.history_status).",
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
    schema: rowSchema(
      FIN_EXAMPLE,
      { type: 'string' },
      {
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
        amount_cumulative: nstr,
        amount_prior_year_period: nstr,
        amount_prior_year_cumulative: nstr,
        fs_div: { type: 'string', enum: ['CFS', 'OFS'] },
      },
    ),
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
        amount_cumulative: k.amountCumulative,
        amount_prior_year_period: k.amountPriorYearPeriod,
        amount_prior_year_cumulative: k.amountPriorYearCumulative,
        currency: k.currency,
        rcept_no: k.rceptNo,
        line_no: k.lineNo,
      })
      .from(k)
      .where(and(...conds))
      .orderBy(...keysetOrder(FIN_ORDER))
      .limit(page.fetch);
    return koreaRowsWithCoverage(database, rows, 'kr_financials', 'kr_financials');
  },
});

export const koreaRoutes = [asAnyRoute(krFinancialsRoute), ...koreaSectionRoutes];
