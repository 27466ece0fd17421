import { and, eq, type SQL } from 'drizzle-orm';
import { form20fFacts, form20fFilings, form20fOwnership, form20fSegments } from '../../schema/form-20f.ts';
import * as p from '../platform/params.ts';
import { defineRoute } from '../platform/route.ts';
import { keysetAfter, keysetOrder } from '../platform/sql.ts';
import {
  ACCESS,
  accessionParam,
  COMPANY,
  cikOf,
  cursorOf,
  DOCUMENT_COMPANY,
  dashed,
  LONCOR_20F,
  newestFirst,
  PAGE,
  rowHead,
  TAGS,
  TSM_20F,
} from './form-20f-common.ts';
import * as s from './form-20f-schemas.ts';

/** Segments, ownership and raw XBRL facts of the Form 20-F routes (profile and notes: form-20f.ts). */

const DIMENSIONS = ['business', 'product', 'geographic'] as const;
const METRICS = [
  'revenue',
  'cost_of_revenue',
  'gross_profit',
  'operating_income',
  'net_income',
  'assets',
  'other',
] as const;

export const form20fSegmentsRoute = defineRoute({
  path: '/v1/companies/:company_id/20f/segments',
  summary: 'As-reported segment facts of Form 20-F filings',
  description:
    "Every monetary fact of the company's 20-F XBRL instances whose context is on a segment axis (IFRS 8 `ifrs-full:SegmentsAxis`, `ProductsAndServicesAxis`, `GeographicalAreasAxis`, and the US GAAP/srt equivalents), as reported: no subtotal removed, no currency converted. `dimension` is the axis kind, `metric` the kind of concept (the statement mapping's revenue ... net_income tags, assets, or other), `value` the number as filed with its `unit` and `decimals`. Newest period first. Filings without an instance (or known only from companyfacts) have no segment rows.",
  tags: TAGS,
  envelope: 'A',
  access: ACCESS,
  company: 'resolve',
  companyExample: COMPANY,
  query: {
    dimension: p.oneOf(DIMENSIONS, {
      description: 'Axis kind: business (operating segments), product, geographic',
      example: 'geographic',
    }),
    metric: p.oneOf(METRICS, { description: 'Kind of reported concept', example: 'revenue' }),
    year: p.int({
      description: 'Fiscal year: calendar year of the period end (1990-2100)',
      min: 1990,
      max: 2100,
      example: 2024,
    }),
  },
  page: PAGE,
  cursorKey: cursorOf('period_end'),
  response: { schema: s.SEGMENT_SCHEMA, example: s.SEGMENT_EXAMPLE },
  handler: async (ctx) => {
    const cik = cikOf(ctx);
    if (cik === null) return [];
    const q = ctx.query;
    const t = form20fSegments;
    const keys = newestFirst(t.periodEnd, t);
    const rows = await ctx.db
      .select()
      .from(t)
      .where(
        and(
          eq(t.cik, cik),
          q.dimension ? eq(t.dimension, q.dimension) : undefined,
          q.metric ? eq(t.metricKind, q.metric) : undefined,
          q.year !== undefined ? eq(t.fiscalYear, q.year) : undefined,
          keysetAfter(keys, ctx.page.after),
        ),
      )
      .orderBy(...keysetOrder(keys))
      .limit(ctx.page.fetch);
    return rows.map((r) => ({
      ...rowHead(ctx, r.accession, r.seq),
      dimension: r.dimension,
      segment_path: r.segmentPath,
      segment_name: r.segmentName,
      depth: r.depth,
      members: r.members,
      concept: r.concept,
      metric: r.metricKind,
      value: r.value,
      unit: r.unit,
      decimals: r.decimals,
      period_start: r.periodStart,
      period_end: r.periodEnd,
      fiscal_year: r.fiscalYear,
    }));
  },
});

export const form20fOwnershipRoute = defineRoute({
  path: '/v1/companies/:company_id/20f/ownership',
  summary: 'Major shareholders disclosed in Form 20-F Item 7.A',
  description:
    "The holders listed in the major-shareholders table of Item 7.A of the company's 20-F primary documents, newest filing first, in table order. `ownership_pct` is the percent of the class (0-100); `voting_pct` is given when the table has a separate voting column. A 20-F whose Item 7.A is narrative, or known only from companyfacts, has no rows.",
  tags: TAGS,
  envelope: 'A',
  access: ACCESS,
  company: 'resolve',
  companyExample: DOCUMENT_COMPANY,
  query: { accession: accessionParam('only its holders', LONCOR_20F) },
  page: PAGE,
  cursorKey: cursorOf('filing_date'),
  response: { schema: s.OWNERSHIP_SCHEMA, example: s.OWNERSHIP_EXAMPLE },
  handler: async (ctx) => {
    const cik = cikOf(ctx);
    if (cik === null) return [];
    const t = form20fOwnership;
    const keys = newestFirst(form20fFilings.filingDate, t);
    const rows = await ctx.db
      .select({ row: t, filingDate: form20fFilings.filingDate, form: form20fFilings.form })
      .from(t)
      .innerJoin(form20fFilings, eq(form20fFilings.accession, t.accession))
      .where(
        and(
          eq(t.cik, cik),
          ctx.query.accession ? eq(t.accession, dashed(ctx.query.accession)) : undefined,
          keysetAfter(keys, ctx.page.after),
        ),
      )
      .orderBy(...keysetOrder(keys))
      .limit(ctx.page.fetch);
    return rows.map(({ row: r, filingDate, form }) => ({
      ...rowHead(ctx, r.accession, r.seq),
      form,
      filing_date: filingDate,
      holder_name: r.holderName,
      shares: r.shares,
      ownership_pct: r.ownershipPct,
      voting_pct: r.votingPct,
      row_text: r.rowText,
    }));
  },
});

export const form20fFactsRoute = defineRoute({
  path: '/v1/companies/:company_id/20f/xbrl-facts',
  summary: 'Raw XBRL facts of Form 20-F filings',
  description:
    "The facts of the company's 20-F and 20-F/A filings exactly as filed: `taxonomy`, `tag`, `value` (a string: numbers with the inline scale applied, text as filed), `unit`, `decimals`, the period and the context's dimensions. From the filing's own instance (`source: instance`), or from SEC's companyfacts extract when the instance was not read (`source: companyfacts`: undimensioned facts only, `decimals` null because companyfacts omits it). At least one of `tag`, `accession`, `period_end` is required. Newest period first.",
  tags: TAGS,
  envelope: 'A',
  access: ACCESS,
  company: 'resolve',
  companyExample: COMPANY,
  query: {
    tag: p.string({
      description: 'Concept, with or without taxonomy prefix (ifrs-full:Revenue or Revenue)',
      max: 250,
      pattern: /^([A-Za-z][\w.-]*:)?[A-Za-z_][\w.-]*$/,
      patternHint: 'must be a concept name, optionally prefixed (ifrs-full:Name)',
      example: 'Revenue',
    }),
    accession: accessionParam('only its facts', TSM_20F),
    period_end: p.date({
      description: 'Period end (instant date or duration end), YYYY-MM-DD',
      example: '2024-12-31',
    }),
  },
  validate: (q) =>
    q.tag || q.accession || q.period_end
      ? undefined
      : 'At least one of tag, accession, period_end is required',
  page: PAGE,
  cursorKey: cursorOf('period_end'),
  response: { schema: s.FACT_SCHEMA, example: s.FACT_EXAMPLE },
  handler: async (ctx) => {
    const cik = cikOf(ctx);
    if (cik === null) return [];
    const q = ctx.query;
    const t = form20fFacts;
    const keys = newestFirst(t.periodEnd, t);
    let tagCond: SQL | undefined;
    if (q.tag) {
      const i = q.tag.indexOf(':');
      tagCond =
        i > 0 ? and(eq(t.taxonomy, q.tag.slice(0, i)), eq(t.tag, q.tag.slice(i + 1))) : eq(t.tag, q.tag);
    }
    const rows = await ctx.db
      .select()
      .from(t)
      .where(
        and(
          eq(t.cik, cik),
          tagCond,
          q.accession ? eq(t.accession, dashed(q.accession)) : undefined,
          q.period_end ? eq(t.periodEnd, q.period_end) : undefined,
          keysetAfter(keys, ctx.page.after),
        ),
      )
      .orderBy(...keysetOrder(keys))
      .limit(ctx.page.fetch);
    return rows.map((r) => ({
      ...rowHead(ctx, r.accession, r.seq),
      taxonomy: r.taxonomy,
      tag: r.tag,
      value: r.value,
      unit: r.unit,
      decimals: r.decimals,
      period_start: r.periodStart,
      period_end: r.periodEnd,
      instant: r.instant,
      dimensions: r.dimensions,
      source: r.source,
    }));
  },
});
