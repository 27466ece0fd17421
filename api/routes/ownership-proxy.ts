import { and, desc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import { executiveCompensation, proxyFilings, proxyOwnership } from '../../schema/ownership.ts';
import * as p from '../platform/params.ts';
import { asAnyRoute, defineRoute } from '../platform/route.ts';
import { keysetAfter, keysetOrder } from '../platform/sql.ts';

/**
 * DEF 14A company routes (spec 4.6, rows 2.8), envelope A: executive compensation (Summary Compensation
 * Table) and proxy beneficial ownership (the company's latest proxy only).
 */

const KEOHANE_2023 = {
  id: 'ec_8c1d5b0e4a1f2c3d4e5f',
  company_id: 'cmp_124ae1bd4e5ae03967fc',
  ticker: 'CBT',
  person_name: 'Sean D. Keohane',
  position: 'President and CEO',
  is_ceo: true,
  fiscal_year: 2023,
  salary: 1083750,
  bonus: null,
  stock_award: 3509911,
  option_award: 1890051,
  non_equity_incentive: 1045704,
  pension: 26843,
  other: 235251,
  total_disclosed: 7791510,
  total_computed: 7791510,
  component_gap: false,
};

const money = (what: string) => ({
  type: ['number', 'null'],
  description: `${what}, US dollars; null when not reported (never 0 for a blank)`,
});
const COMP_SCHEMA = {
  type: 'object',
  required: Object.keys(KEOHANE_2023),
  properties: {
    id: { type: 'string' },
    company_id: { type: 'string' },
    ticker: { type: ['string', 'null'] },
    person_name: { type: 'string' },
    position: { type: ['string', 'null'] },
    is_ceo: { type: 'boolean', description: 'From the printed role (chief executive / CEO)' },
    fiscal_year: { type: 'integer' },
    salary: money('Salary'),
    bonus: money('Bonus'),
    stock_award: money('Stock awards'),
    option_award: money('Option awards'),
    non_equity_incentive: money('Non-equity incentive plan compensation'),
    pension: money('Change in pension value and nonqualified deferred compensation earnings'),
    other: money('All other compensation'),
    total_disclosed: money('Total as printed'),
    total_computed: { type: 'number', description: 'Sum of the seven components' },
    component_gap: {
      type: 'boolean',
      description: 'true when the totals differ by more than $10: cite total_disclosed',
    },
  },
};

const COMP_ORDER = [
  { column: executiveCompensation.fiscalYear, desc: true },
  { column: executiveCompensation.id },
];

export const executiveCompensationRoute = defineRoute({
  path: '/v1/companies/:company_id/executive-compensation',
  companyExample: 'CBT',
  summary: 'Executive compensation',
  description:
    "Summary Compensation Table rows from the company's DEF 14A proxy statements: one row per person and fiscal year (the newest proxy's reading), newest fiscal year first. Fiscal years from 2000; foreign private issuers file no proxy and are absent.",
  tags: ['Ownership'],
  envelope: 'A',
  access: { dataset: 'executive_compensation' },
  company: 'resolve',
  query: {
    fiscal_year: p.int({ description: 'Exact fiscal year', min: 1990, max: 2100, example: 2023 }),
    fiscal_year_gte: p.int({
      description: 'Fiscal year on or after',
      min: 1990,
      max: 2100,
      examples: { 'a range, instead of fiscal_year': 2021 },
    }),
    fiscal_year_lte: p.int({
      description: 'Fiscal year on or before',
      min: 1990,
      max: 2100,
      examples: { 'a range, instead of fiscal_year': 2023 },
    }),
    ceo_only: p.boolean({ description: 'Only the chief executive officer rows', example: false }),
  },
  page: { default: 100, max: 1000 },
  cursorKey: (row: { fiscal_year: number; id: string }) => [row.fiscal_year, row.id],
  response: { schema: COMP_SCHEMA, example: KEOHANE_2023, description: 'Executive compensation rows' },
  handler: ({ db, company, query, page }) => {
    const e = executiveCompensation;
    return db
      .select({
        id: e.id,
        company_id: sql<string>`${company!.companyId}`,
        ticker: sql<string | null>`${company!.primaryTicker}`,
        person_name: e.personName,
        position: e.position,
        is_ceo: e.isCeo,
        fiscal_year: e.fiscalYear,
        salary: e.salary,
        bonus: e.bonus,
        stock_award: e.stockAward,
        option_award: e.optionAward,
        non_equity_incentive: e.nonEquityIncentive,
        pension: e.pension,
        other: e.other,
        total_disclosed: e.totalDisclosed,
        total_computed: e.totalComputed,
        component_gap: e.componentGap,
      })
      .from(e)
      .where(
        and(
          eq(e.cik, Number(company!.cik ?? -1)),
          query.fiscal_year !== undefined ? eq(e.fiscalYear, query.fiscal_year) : undefined,
          query.fiscal_year_gte !== undefined ? gte(e.fiscalYear, query.fiscal_year_gte) : undefined,
          query.fiscal_year_lte !== undefined ? lte(e.fiscalYear, query.fiscal_year_lte) : undefined,
          query.ceo_only ? eq(e.isCeo, true) : undefined,
          keysetAfter(COMP_ORDER, page.after),
        ),
      )
      .orderBy(...keysetOrder(COMP_ORDER))
      .limit(page.fetch);
  },
});

const BLACKROCK = {
  id: 'po_6f1c2a9d0b3e_0000',
  company_id: 'cmp_124ae1bd4e5ae03967fc',
  ticker: 'CBT',
  owner_name: 'BlackRock, Inc.',
  owner_role: 'Holders of More than Five Percent of Common Stock',
  owner_kind: 'major_holder',
  security_class: null,
  shares_owned: 6888619,
  percent: 12.43,
  percent_source: 'as_printed',
  is_group: false,
  confidence: 1,
};

const OWNER_KINDS = ['insider', 'insider_group', 'major_holder'] as const;
const PROXY_SCHEMA = {
  type: 'object',
  required: Object.keys(BLACKROCK),
  properties: {
    id: { type: 'string' },
    company_id: { type: 'string' },
    ticker: { type: ['string', 'null'] },
    owner_name: { type: 'string' },
    owner_role: { type: ['string', 'null'], description: 'The section of the table the row is printed in' },
    owner_kind: {
      type: 'string',
      enum: [...OWNER_KINDS],
      description: 'insider_group already includes the insiders: never sum across kinds',
    },
    security_class: { type: ['string', 'null'] },
    shares_owned: { type: ['number', 'null'] },
    percent: {
      type: ['number', 'null'],
      description: '0-100 as printed; null for `*` (less than 1%), never a computed value',
    },
    percent_source: { type: 'string', enum: ['as_printed', 'less_than_1_percent', 'not_printed'] },
    is_group: { type: 'boolean' },
    confidence: {
      type: 'number',
      description:
        '1 when the kind comes from the table section or a group row, 0.7 when inferred from the percent',
    },
  },
};

/** Ids sort in printed order within a proxy (`po_<proxy>_<ordinal>`). */
const PROXY_ORDER = [{ column: proxyOwnership.id }];

export const proxyOwnershipRoute = defineRoute({
  path: '/v1/companies/:company_id/proxy-ownership',
  companyExample: 'TURN',
  summary: 'Proxy beneficial ownership',
  description:
    "The beneficial-ownership table of the company's latest proxy statement (DEF 14A), in printed order: 5% holders (`major_holder`), directors and officers (`insider`), and the all-directors-and-officers group (`insider_group`, which already includes the insiders).",
  tags: ['Ownership'],
  envelope: 'A',
  access: { dataset: 'proxy_ownership' },
  company: 'resolve',
  query: {
    owner_kind: p.oneOf(OWNER_KINDS, { description: 'Only this kind of owner', example: 'major_holder' }),
    min_percent: p.number({
      description: 'Only rows with a printed percent at least this (0-100)',
      min: 0,
      max: 100,
      example: 5,
    }),
  },
  page: { default: 100, max: 1000 },
  cursorKey: (row: { id: string }) => [row.id],
  response: { schema: PROXY_SCHEMA, example: BLACKROCK, description: 'Proxy ownership rows' },
  handler: async ({ db, company, query, page }) => {
    const cik = Number(company!.cik ?? -1);
    const [latest] = await db
      .select({ sourceId: proxyFilings.sourceId })
      .from(proxyFilings)
      .where(and(eq(proxyFilings.cik, cik), sql`${proxyFilings.ownershipRows} > 0`))
      .orderBy(sql`${proxyFilings.filingDate} desc nulls last`, desc(proxyFilings.fetchedAt))
      .limit(1);
    if (!latest) return [];
    const o = proxyOwnership;
    const rows = await db
      .select({
        id: o.id,
        company_id: sql<string>`${company!.companyId}`,
        ticker: sql<string | null>`${company!.primaryTicker}`,
        owner_name: o.ownerName,
        owner_role: o.ownerRole,
        owner_kind: o.ownerKind,
        security_class: o.securityClass,
        shares_owned: o.sharesOwned,
        percent: o.percent,
        percent_source: o.percentSource,
        is_group: o.isGroup,
        confidence: o.confidence,
      })
      .from(o)
      .where(
        and(
          eq(o.sourceId, latest.sourceId),
          query.owner_kind ? eq(o.ownerKind, query.owner_kind) : undefined,
          query.min_percent !== undefined
            ? and(isNotNull(o.percent), gte(o.percent, query.min_percent))
            : undefined,
          keysetAfter(PROXY_ORDER, page.after),
        ),
      )
      .orderBy(...keysetOrder(PROXY_ORDER))
      .limit(page.fetch);
    return rows;
  },
});

export const ownershipProxyRoutes = [asAnyRoute(executiveCompensationRoute), asAnyRoute(proxyOwnershipRoute)];
