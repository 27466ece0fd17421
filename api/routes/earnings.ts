import type { Database } from '../../lib/db.ts';
import { type GuidanceStatement, guidanceChanges } from '../../lib/guidance-changes.ts';
import type { CursorKey } from '../platform/cursors.ts';
import { ApiError, MALFORMED_CURSOR } from '../platform/errors.ts';
import * as p from '../platform/params.ts';
import { defineRoute } from '../platform/route.ts';
import { afterFilingWhere, filedAt, filedAtWhere } from './8k-exhibits.ts';
import {
  CHANGE_EXAMPLE,
  CHANGE_SCHEMA,
  EARNINGS_EXAMPLE,
  EARNINGS_SCHEMA,
  GUIDANCE_EXAMPLE,
  GUIDANCE_SCHEMA,
  MEASURE_EXAMPLE,
  MEASURE_SCHEMA,
} from './earnings-schemas.ts';

/**
 * Earnings results, company measures, guidance and guidance changes read from 8-K Item 2.02 press releases
 * (the earnings_releases job). Newest filing first; Fund plan, 1 credit per page.
 */

// (h-earn33) H1/H2: the first and second six-month half of a fiscal year (H2 ends with it), as non-US filers report.
const PERIODS = ['Q1', 'Q2', 'Q3', 'Q4', 'H1', 'H2', 'FY'] as const;
const fiscalFilters = {
  fiscal_year: p.int({
    description: 'Fiscal year as the release names it',
    min: 1990,
    max: 2100,
    example: 2011,
  }),
  fiscal_period: p.oneOf(PERIODS, {
    description: 'Fiscal period: Q1-Q4, H1/H2 (six-month halves, H2 ending the fiscal year) or FY',
    examples: { 'first quarter': 'Q1' },
  }),
};
const withKey = <T extends object>(row: T, key: CursorKey): T =>
  Object.defineProperty(row, '__key', { value: key, enumerable: false });
const cursorKey = (row: { __key: CursorKey }) => row.__key;

type Bind = (v: unknown) => string;
function binder(first: unknown[]): [unknown[], Bind] {
  const params = [...first];
  return [
    params,
    (v) => {
      params.push(v);
      return `$${params.length}`;
    },
  ];
}

const RELEASE_COLUMNS = `d.accession_number, lpad(d.cik::text, 10, '0') as cik, d.form, d.filing_date::text as filing_date,
  to_char(d.announced_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as announced_at, d.exhibit_url`;

/** XBRL income-statement field of each GAAP metric (financial_statements.values). */
const XBRL_FIELD: Record<string, string> = {
  revenue: 'revenue',
  gross_profit: 'gross_profit',
  operating_income: 'operating_income',
  net_income: 'net_income',
  eps_basic: 'earnings_per_share',
  eps_diluted: 'earnings_per_share_diluted',
};
const SCALE_TOLERANCE: Record<string, number> = {
  units: 0.5,
  thousands: 500,
  lakhs: 50_000,
  millions: 500_000,
  crores: 5_000_000,
  billions: 500_000_000,
  trillions: 500_000_000_000,
};

interface FigureRow {
  metric: string;
  basis: string;
  value: number;
  unit: string;
  scale: string;
  [k: string]: unknown;
}

type Statement = {
  period: string;
  report_period: string;
  values: Record<string, number | null>;
  accession_number: string | null;
};

/** The newest XBRL income statements of the company around the releases' period ends, in one query. */
async function statementsFor(database: Database, cik: number, periodEnds: string[]): Promise<Statement[]> {
  if (periodEnds.length === 0) return [];
  const sorted = [...periodEnds].sort();
  return database.query<Statement>(
    `select distinct on (s.period, s.report_period) s.period, s.report_period::text as report_period, s.values, s.accession_number
       from financial_statements s
      where s.cik = $1 and s.statement = 'income' and s.period in ('quarterly', 'annual')
        and s.report_period between ($2::date - 7) and ($3::date + 7)
      order by s.period, s.report_period, s.known_from desc`,
    [cik, sorted[0], sorted[sorted.length - 1]],
  );
}

/** `reconciled` per GAAP figure: the XBRL value of the same period (report period within a week of the release's period end). */
function reconcile(statements: Statement[], periodEnd: string | null, period: string, figures: FigureRow[]) {
  const days = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;
  const st =
    // (XBRL statements are quarterly or annual: a half year has no statement of its period.)
    periodEnd === null || period === 'H1' || period === 'H2'
      ? undefined
      : statements.find(
          (s) =>
            s.period === (period === 'FY' ? 'annual' : 'quarterly') && days(s.report_period, periodEnd) <= 7,
        );
  return figures.map((f) => {
    const field = XBRL_FIELD[f.metric];
    if (!st || f.basis !== 'gaap' || !field) return { ...f, reconciled: null };
    const x = st.values[field];
    if (x === null || x === undefined) return { ...f, reconciled: null };
    const tol = f.unit === 'currency_per_share' ? 0.005 : (SCALE_TOLERANCE[f.scale] ?? 0.5);
    return {
      ...f,
      reconciled: {
        xbrl_value: x,
        agrees: Math.abs(x - f.value) <= tol + 1e-9,
        accession_number: st.accession_number,
      },
    };
  });
}

export const companyEarnings = defineRoute({
  path: '/v1/companies/:company_id/earnings',
  summary: 'A company’s reported results from its earnings press releases',
  description:
    'One row per 8-K Item 2.02 release and fiscal period it reports (a fourth-quarter release also gives its fiscal year): the period as the release words it, the GAAP figures (revenue, gross profit, operating income, net income, basic and diluted EPS) and the non-GAAP ones with the company’s own label, each with its basis, the scale as printed, the value in full units and its evidence (table row or sentence with offsets). GAAP figures carry `reconciled` against the XBRL financials once the 10-Q/10-K is loaded. Fund plan, 1 credit per page.',
  tags: ['Earnings'],
  envelope: 'A',
  access: { dataset: 'earnings_releases' },
  company: 'resolve',
  query: { ...fiscalFilters, ...filedAt },
  page: { default: 50, max: 500 },
  cursorKey,
  response: { schema: EARNINGS_SCHEMA, example: EARNINGS_EXAMPLE },
  handler: async ({ database, query, page, company }) => {
    if (!company?.cik) return [];
    const [params, bind] = binder([Number(company.cik)]);
    const where = [`d.cik = $1`, `d.status = 'ok'`];
    if (query.fiscal_year !== undefined) where.push(`d.fiscal_year = ${bind(query.fiscal_year)}`);
    if (query.fiscal_period) where.push(`f.fiscal_period = ${bind(query.fiscal_period)}`);
    where.push(...filedAtWhere(query, bind));
    if (page.after) where.push(afterFilingWhere(page.after, bind, 'd.accession_number', 'f.ord'));
    const rows = await database.query<
      Record<string, unknown> & {
        accession_number: string;
        filing_date: string;
        ord: number;
        fiscal_period: string;
        period_end: string | null;
        figures: FigureRow[];
      }
    >(
      `select ${RELEASE_COLUMNS}, d.fiscal_year, f.fiscal_period, d.period_end::text as period_end, d.fiscal_year_source, d.currency,
              f.ord, f.figures
         from earnings_releases d
         join lateral (
           select e.fiscal_period, (case e.fiscal_period when 'FY' then 5 when 'H1' then 6 when 'H2' then 7 else substr(e.fiscal_period, 2)::int end) as ord,
                  json_agg(json_build_object('metric', e.metric, 'label', e.label, 'basis', e.basis, 'value', e.value, 'unit', e.unit,
                    'scale', e.scale, 'as_printed', e.as_printed, 'scale_evidence', e.scale_evidence, 'evidence', e.evidence)
                    order by e.basis, e.metric) as figures
             from earnings_figures e where e.accession_number = d.accession_number
            group by e.fiscal_period) f on true
        where ${where.join(' and ')}
        order by d.filing_date desc, d.accession_number desc, f.ord asc
        limit ${bind(page.fetch)}`,
      params,
    );
    const statements = await statementsFor(
      database,
      Number(company.cik),
      rows.flatMap((r) => (r.period_end ? [r.period_end] : [])),
    );
    return rows.map((r) => {
      const { ord, figures, ...rest } = r;
      // A fourth-quarter release's FY row ends on the same date as its quarter.
      const reconciled = reconcile(statements, r.period_end, r.fiscal_period, figures);
      return withKey({ ...rest, figures: reconciled }, [r.filing_date, r.accession_number, ord]);
    });
  },
});

export const companyMeasures = defineRoute({
  path: '/v1/companies/:company_id/measures',
  summary: 'A company’s measures (KPIs) from its earnings press releases',
  description:
    'Company measures each release states (comparable sales, net interest margin, ARR, subscribers, units sold, backlog, book value per share...): the name as printed, a normalized `measure` where one fits, unit, period, value and the sentence it came from. Fund plan, 1 credit per page.',
  tags: ['Earnings'],
  envelope: 'A',
  access: { dataset: 'earnings_measures' },
  company: 'resolve',
  query: {
    measure: p.string({
      description: 'Normalized measure, e.g. comparable_sales',
      max: 60,
      pattern: /^[a-z_]+$/,
      patternHint: 'must be a measure name such as comparable_sales',
      example: 'units_sold',
    }),
    ...fiscalFilters,
    ...filedAt,
  },
  page: { default: 100, max: 1000 },
  cursorKey,
  response: { schema: MEASURE_SCHEMA, example: MEASURE_EXAMPLE },
  handler: async ({ database, query, page, company }) => {
    if (!company?.cik) return [];
    const [params, bind] = binder([Number(company.cik)]);
    const where = [`d.cik = $1`, `d.status = 'ok'`];
    if (query.measure) where.push(`m.measure = ${bind(query.measure)}`);
    if (query.fiscal_year !== undefined) where.push(`m.fiscal_year = ${bind(query.fiscal_year)}`);
    if (query.fiscal_period) where.push(`m.fiscal_period = ${bind(query.fiscal_period)}`);
    where.push(...filedAtWhere(query, bind));
    if (page.after) where.push(afterFilingWhere(page.after, bind, 'd.accession_number', 'm.ordinal'));
    const rows = await database.query<
      Record<string, unknown> & { accession_number: string; filing_date: string; ordinal: number }
    >(
      `select ${RELEASE_COLUMNS}, m.fiscal_year, m.fiscal_period, m.period, m.name, m.measure, m.value, m.unit,
              case when m.unit in ('currency', 'currency_per_share', 'currency_hundredths_per_unit') then d.currency end as currency, m.scale, m.as_printed, m.evidence, m.ordinal
         from earnings_measures m join earnings_releases d on d.accession_number = m.accession_number
        where ${where.join(' and ')}
        order by d.filing_date desc, d.accession_number desc, m.ordinal asc
        limit ${bind(page.fetch)}`,
      params,
    );
    return rows.map(({ ordinal, ...r }) => withKey(r, [r.filing_date, r.accession_number, ordinal]));
  },
});

const guidanceFilters = {
  metric: p.string({
    description: 'Normalized metric, e.g. revenue or eps_diluted',
    max: 60,
    pattern: /^[a-z_]+$/,
    patternHint: 'must be a metric name such as eps_diluted',
    example: 'eps_diluted',
  }),
  target_fiscal_year: p.int({
    description: 'The fiscal year the guidance is for',
    min: 1990,
    max: 2100,
    examples: { 'fiscal 2011': 2011 },
  }),
  ...filedAt,
};

type GuidanceRow = Record<string, unknown> & GuidanceStatement;

async function readGuidance(
  database: Database,
  cik: number,
  query: Record<string, unknown>,
  extra: string[],
  bindFirst?: (bind: Bind) => string[],
  limit?: number,
): Promise<GuidanceRow[]> {
  const [params, bind] = binder([cik]);
  // Guidance-only releases (status guidance_only) give guidance rows too.
  const where = [`d.cik = $1`, `d.status in ('ok', 'guidance_only')`, ...extra];
  if (query.metric) where.push(`g.metric = ${bind(query.metric)}`);
  if (query.target_fiscal_year !== undefined)
    where.push(`g.target_fiscal_year = ${bind(query.target_fiscal_year)}`);
  where.push(...filedAtWhere(query as never, bind));
  if (bindFirst) where.push(...bindFirst(bind));
  return database.query<GuidanceRow>(
    `select ${RELEASE_COLUMNS}, to_char(d.announced_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as issued_at,
            g.metric, g.label, g.basis, g.target_fiscal_year, g.target_fiscal_period, g.low, g.high, g.point, g.text_value,
            g.relative, g.unit, g.currency, g.scale, g.as_printed, g.status, g.evidence, g.ordinal
       from earnings_guidance g join earnings_releases d on d.accession_number = g.accession_number
      where ${where.join(' and ')}
      order by d.filing_date desc, d.accession_number desc, g.ordinal asc
      ${limit !== undefined ? `limit ${bind(limit)}` : ''}`,
    params,
  );
}

export const companyGuidance = defineRoute({
  path: '/v1/companies/:company_id/guidance',
  summary: 'A company’s guidance statements from its earnings press releases',
  description:
    'One row per forward statement: the metric (normalized, and as printed), basis, target fiscal period, low/high or point (a qualitative target kept as text with no number), unit, currency and scale, when it was issued, the sentence or table row with offsets, and the status as worded (initiated, raised, lowered, narrowed, widened, reaffirmed, updated, withdrawn; null when the release words none; a withdrawal naming no metric is one row of metric `all` with no number). A release without guidance adds no rows. Fund plan, 1 credit per page.',
  tags: ['Earnings'],
  envelope: 'A',
  access: { dataset: 'earnings_guidance' },
  company: 'resolve',
  query: guidanceFilters,
  page: { default: 100, max: 1000 },
  cursorKey,
  response: { schema: GUIDANCE_SCHEMA, example: GUIDANCE_EXAMPLE },
  handler: async ({ database, query, page, company }) => {
    if (!company?.cik) return [];
    const rows = await readGuidance(
      database,
      Number(company.cik),
      query,
      [],
      (bind) => (page.after ? [afterFilingWhere(page.after, bind, 'd.accession_number', 'g.ordinal')] : []),
      page.fetch,
    );
    return rows.map(({ ordinal, ...r }) => withKey(r, [r.filing_date, r.accession_number, ordinal]));
  },
});

export const companyGuidanceChanges = defineRoute({
  path: '/v1/companies/:company_id/guidance/changes',
  summary: 'How a company’s guidance moved from one release to the next',
  description:
    'Each guidance statement compared with the company’s previous statement for the same metric, basis and target period: previous and current ranges, the change computed from the numbers (raised, lowered, maintained, initiated, withdrawn, narrowed, widened) with the release’s worded status beside it, and `disagrees` when the two differ. Newest first. Fund plan, 1 credit per page.',
  tags: ['Earnings'],
  envelope: 'A',
  access: { dataset: 'earnings_guidance' },
  company: 'resolve',
  query: guidanceFilters,
  page: { default: 100, max: 1000 },
  cursorKey,
  response: { schema: CHANGE_SCHEMA, example: CHANGE_EXAMPLE },
  handler: async ({ database, query, page, company }) => {
    if (!company?.cik) return [];
    // Every statement of the company (bounded: a few per release) so each finds its predecessor.
    const all = await readGuidance(
      database,
      Number(company.cik),
      { metric: query.metric, target_fiscal_year: query.target_fiscal_year },
      [],
    );
    const range = (g: GuidanceRow) => ({
      low: g.low,
      high: g.high,
      point: g.point,
      text_value: g.text_value,
      accession_number: g.accession_number,
      issued_at: g.announced_at,
    });
    const changes = guidanceChanges(all).map(({ statement: g, previous, change, disagrees }) => ({
      metric: g.metric,
      basis: g.basis,
      target_fiscal_year: g.target_fiscal_year,
      target_fiscal_period: g.target_fiscal_period,
      unit: g.unit,
      issued_at: g.announced_at,
      accession_number: g.accession_number,
      filing_date: g.filing_date,
      previous: previous ? range(previous) : null,
      current: range(g),
      change,
      worded_status: g.status,
      disagrees,
      __k: [g.filing_date, g.accession_number, g.ordinal] as CursorKey,
    }));
    const filtered = changes.filter((c) => {
      if (query.filed_at_gte && c.filing_date < query.filed_at_gte) return false;
      if (query.filed_at_lte && c.filing_date > query.filed_at_lte) return false;
      if (query.filed_at_gt && c.filing_date <= query.filed_at_gt) return false;
      if (query.filed_at_lt && c.filing_date >= query.filed_at_lt) return false;
      return true;
    });
    let start = 0;
    if (page.after) {
      const [d, a, o] = page.after;
      if (typeof d !== 'string' || typeof a !== 'string' || typeof o !== 'number')
        throw new ApiError(400, MALFORMED_CURSOR);
      const at = filtered.findIndex((c) => c.__k[0] === d && c.__k[1] === a && c.__k[2] === o);
      start = at < 0 ? filtered.length : at + 1;
    }
    return filtered
      .slice(start, start + page.fetch)
      .map(({ __k, filing_date: _fd, ...c }) => withKey(c, __k));
  },
});

export const earningsRoutes = [companyEarnings, companyMeasures, companyGuidance, companyGuidanceChanges];
