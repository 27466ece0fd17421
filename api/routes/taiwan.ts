import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { twFinancials, twMonthlyRevenue } from '../../schema/asia.ts';
import * as p from '../platform/params.ts';
import { asAnyRoute, defineRoute } from '../platform/route.ts';
import { keysetAfter, keysetOrder } from '../platform/sql.ts';
import { num, rowSchema, TSMC_ID, taiwanCodes } from './asia-common.ts';
import { taiwanOwnershipRoutes } from './taiwan-ownership.ts';

/** Taiwan routes (spec 4.7): Professional, 1 credit, envelope A; the path takes a Taiwan code or 2330.TW. */
const nullableNumber = { type: ['number', 'null'] };
const str = { type: 'string' };

const f = twFinancials;
const FIN_ORDER = [
  { column: f.year, desc: true },
  { column: f.season, desc: true },
  { column: f.statement },
  { column: f.localSecurityCode },
] as const;

const FIN_EXAMPLE = {
  company_id: TSMC_ID,
  local_security_code: '2330',
  company_name: '台積電',
  market: 'twse',
  industry_class: 'general',
  year: 2023,
  season: 1,
  period_key: '2023Q1',
  period_end: '2023-03-31',
  statement: 'income',
  revenue_ytd: 508632973,
  operating_income_ytd: 231238157,
  net_income_ytd: 206949036,
  eps_basic_ytd: 7.98,
  revenue_q: 508632973,
  operating_income_q: 231238157,
  net_income_q: 206949036,
  eps_basic_q: 7.98,
  quarter_basis: 'reported',
  total_assets: null,
  total_liabilities: null,
  total_equity: null,
  report_date: null,
};

export const twFinancialsRoute = defineRoute({
  path: '/v1/companies/:company_id/tw/financials',
  summary: 'Taiwan quarterly financials',
  description:
    'Income (and balance) rows per season. Income lines are filed cumulative from January 1: `*_ytd` as filed, `*_q` the single quarter: `quarter_basis` `reported` when the filing states the quarter (Q1, or a statement page with a quarter column), `derived` when it is YTDn - YTDn-1 of two loaded seasons, null (with null `*_q`) when the previous season is not loaded: never zero. Season 2 is the first half and 4 the full year (Q4 = FY - 9M). Amounts in thousands of TWD as filed, EPS in TWD; consolidated, so they do not reconcile exactly with the parent-company monthly revenue. Newest season first. Balance rows (`statement=balance`) carry total_assets/total_liabilities/total_equity at the end of the season (point-in-time totals, never differenced; income fields null), from the consolidated MOPS statements page (t164sb01). Accepts a Taiwan code (2330), a suffixed symbol (2330.TW, 6488.TWO), an ISIN, a cmp_ id or a US ticker of a cross-listed company (TSM).',
  tags: ['Taiwan'],
  envelope: 'A',
  access: { dataset: 'tw_financials' },
  company: 'tw',
  companyExample: '2330.TW',
  query: {
    statement: p.oneOf(['income', 'balance'] as const, { description: 'Statement', example: 'income' }),
    year: p.int({ description: 'Fiscal year', min: 1990, max: 2100, example: 2023 }),
    season: p.int({
      description: 'Season 1-4 (2 = first half, 4 = full year, cumulative)',
      min: 1,
      max: 4,
      example: 1,
    }),
  },
  page: { default: 40, max: 1000 },
  cursorKey: (r: { year: number; season: number; statement: string; local_security_code: string }) => [
    r.year,
    r.season,
    r.statement,
    r.local_security_code,
  ],
  response: {
    schema: rowSchema(FIN_EXAMPLE, nullableNumber, {
      company_id: str,
      local_security_code: str,
      company_name: { type: ['string', 'null'] },
      market: { type: ['string', 'null'], description: 'twse (listed) or tpex (OTC)' },
      industry_class: {
        type: ['string', 'null'],
        description: 'MOPS statement format: general, bank, financial_holding, securities, insurance, other',
      },
      year: { type: 'integer' },
      season: { type: 'integer' },
      period_key: str,
      period_end: { type: 'string', format: 'date' },
      statement: { type: 'string', enum: ['income', 'balance'] },
      quarter_basis: { type: ['string', 'null'], enum: ['reported', 'derived', null] },
      report_date: { type: ['string', 'null'], format: 'date' },
    }),
    example: FIN_EXAMPLE,
  },
  handler: async ({ db, company, query, page }) => {
    const codes = await taiwanCodes(db, company!);
    const conds: (SQL | undefined)[] = [inArray(f.localSecurityCode, codes)];
    if (query.statement) conds.push(eq(f.statement, query.statement));
    if (query.year !== undefined) conds.push(eq(f.year, query.year));
    if (query.season !== undefined) conds.push(eq(f.season, query.season));
    conds.push(keysetAfter(FIN_ORDER, page.after));
    const rows = await db
      .select({
        company_id: sql<string>`${company!.companyId}`,
        local_security_code: f.localSecurityCode,
        company_name: f.companyName,
        market: f.market,
        industry_class: f.industryClass,
        year: f.year,
        season: f.season,
        period_key: sql<string>`${f.year}::text || 'Q' || ${f.season}::text`,
        period_end: f.periodEnd,
        statement: f.statement,
        revenue_ytd: num(f.revenueYtd),
        operating_income_ytd: num(f.operatingIncomeYtd),
        net_income_ytd: num(f.netIncomeYtd),
        eps_basic_ytd: num(f.epsBasicYtd),
        revenue_q: num(f.revenueQ),
        operating_income_q: num(f.operatingIncomeQ),
        net_income_q: num(f.netIncomeQ),
        eps_basic_q: num(f.epsBasicQ),
        quarter_basis: f.quarterBasis,
        total_assets: num(f.totalAssets),
        total_liabilities: num(f.totalLiabilities),
        total_equity: num(f.totalEquity),
        report_date: f.reportDate,
      })
      .from(f)
      .where(and(...conds))
      .orderBy(...keysetOrder(FIN_ORDER))
      .limit(page.fetch);
    return rows;
  },
});

const r = twMonthlyRevenue;
const REV_ORDER = [{ column: r.dataYm, desc: true }, { column: r.localSecurityCode }] as const;
const REV_EXAMPLE = {
  company_id: TSMC_ID,
  local_security_code: '2330',
  data_ym: '2025-07',
  market: 'twse',
  company_name: '台積電',
  industry: '半導體業',
  revenue: 323165707,
  revenue_previous_month: 263708978,
  revenue_year_ago: 256953058,
  mom_pct: 22.546342354714977,
  yoy_pct: 25.768383344167088,
  revenue_ytd: 2096211240,
  revenue_ytd_year_ago: 1523107436,
  revenue_ytd_yoy_pct: 37.62727372043373,
  note: null,
};

export const twMonthlyRevenueRoute = defineRoute({
  path: '/v1/companies/:company_id/tw/monthly-revenue',
  summary: 'Taiwan monthly revenue',
  description:
    'Parent-company monthly revenue as published by MOPS / TWSE / TPEx, in thousands of TWD, with the published month-on-month, year-on-year and year-to-date figures (percentages 0-100 scale, as published). Newest month first. Parent-company basis: it does not reconcile exactly with the consolidated quarterly statements.',
  tags: ['Taiwan'],
  envelope: 'A',
  access: { dataset: 'tw_monthly_revenue' },
  company: 'tw',
  companyExample: '2330.TW',
  query: {
    month_gte: p.month({ description: 'First month (YYYY-MM, inclusive)', example: '2023-01' }),
    month_lte: p.month({
      description: 'Last month (YYYY-MM, inclusive)',
      examples: { 'with month_gte, a closed range': '2025-12' },
    }),
  },
  page: { default: 100, max: 1000 },
  cursorKey: (x: { data_ym: string; local_security_code: string }) => [x.data_ym, x.local_security_code],
  response: {
    schema: rowSchema(REV_EXAMPLE, nullableNumber, {
      company_id: str,
      local_security_code: str,
      data_ym: { type: 'string', pattern: '^\\d{4}-\\d{2}$' },
      market: str,
      company_name: str,
      industry: { type: ['string', 'null'] },
      note: { type: ['string', 'null'], description: "The company's own explanation, in Chinese" },
    }),
    example: REV_EXAMPLE,
  },
  handler: async ({ db, company, query, page }) => {
    const codes = await taiwanCodes(db, company!);
    const conds: (SQL | undefined)[] = [inArray(r.localSecurityCode, codes)];
    if (query.month_gte) conds.push(gte(r.dataYm, query.month_gte));
    if (query.month_lte) conds.push(lte(r.dataYm, query.month_lte));
    conds.push(keysetAfter(REV_ORDER, page.after));
    const rows = await db
      .select({
        company_id: sql<string>`${company!.companyId}`,
        local_security_code: r.localSecurityCode,
        data_ym: r.dataYm,
        market: r.market,
        company_name: r.companyName,
        industry: r.industry,
        revenue: num(r.revenue),
        revenue_previous_month: num(r.revenuePreviousMonth),
        revenue_year_ago: num(r.revenueYearAgo),
        mom_pct: num(r.momPct),
        yoy_pct: num(r.yoyPct),
        revenue_ytd: num(r.revenueYtd),
        revenue_ytd_year_ago: num(r.revenueYtdYearAgo),
        revenue_ytd_yoy_pct: num(r.revenueYtdYoyPct),
        note: r.note,
      })
      .from(r)
      .where(and(...conds))
      .orderBy(...keysetOrder(REV_ORDER))
      .limit(page.fetch);
    return rows;
  },
});

export const taiwanRoutes = [
  asAnyRoute(twFinancialsRoute),
  asAnyRoute(twMonthlyRevenueRoute),
  ...taiwanOwnershipRoutes,
];
