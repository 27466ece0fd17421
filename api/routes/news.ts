import { type AnyColumn, and, eq, gte, lte, or, type SQL, sql } from 'drizzle-orm';
import { newsArticles, newsCompanyRows, newsEvents, newsThemeRows } from '../../schema/news.ts';
import * as p from '../platform/params.ts';
import { asAnyRoute, defineRoute } from '../platform/route.ts';
import { keysetAfter, keysetOrder } from '../platform/sql.ts';
import {
  ARTICLE_EXAMPLE,
  ARTICLE_SCHEMA,
  EVENT_EXAMPLE,
  EVENT_SCHEMA,
  THEME_ROW_EXAMPLE,
  THEME_ROW_SCHEMA,
} from './news-schemas.ts';

/** News and themes (spec 2.10, 4.8): Fund, 1 credit, envelope A; the theme vocabulary is free. */
const DIRECTIONS = ['bullish', 'bearish', 'neutral'] as const;
const RELATIONS = ['direct', 'knock_on', 'both'] as const;
const iso = (c: unknown) => sql<string>`to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const common = {
  direction: p.oneOf(DIRECTIONS, {
    description: 'bullish, bearish or neutral (our reading, not advice)',
    examples: { 'bearish reads': 'bearish' },
  }),
  min_impact: p.int({
    min: 0,
    max: 100,
    description: 'Lowest impact (0-100; on events the peak)',
    example: 20,
  }),
  relation: p.oneOf(RELATIONS, {
    description:
      'direct (default): the company is named; knock_on: inferred through the relationship graph; both',
    examples: { 'knock-on rows': 'knock_on', 'both kinds': 'both' },
  }),
  min_magnitude: p.int({
    min: 0,
    max: 100,
    description: 'Lowest knock-on magnitude (0-100); applies to knock-on rows only',
    examples: { 'strong knock-ons': 10 },
  }),
  since: p.timestamp({
    description: 'Only rows at or after this time (ISO-8601)',
    example: '2019-01-01T00:00:00Z',
  }),
  include_scheduled: p.boolean({
    description: 'Include scheduled (future-dated calendar) rows; default false',
    examples: { 'with calendar rows': true },
  }),
};

/** The columns the `common` filters read on one route's tables. */
interface CommonColumns {
  relation: AnyColumn;
  direction: AnyColumn;
  impact: AnyColumn;
  magnitude: AnyColumn;
  at: AnyColumn;
  scheduled: AnyColumn;
}

/** The conditions of the `common` filters (relation defaults to direct; min_magnitude spares direct rows). */
function commonConds(query: p.ParsedQuery<typeof common>, col: CommonColumns): (SQL | undefined)[] {
  const relation = query.relation ?? 'direct';
  return [
    relation === 'both' ? undefined : sql`${col.relation} = ${relation}`,
    query.direction ? eq(col.direction, query.direction) : undefined,
    query.min_impact !== undefined ? gte(col.impact, query.min_impact) : undefined,
    query.min_magnitude !== undefined
      ? or(sql`${col.relation} = 'direct'`, gte(col.magnitude, query.min_magnitude))
      : undefined,
    query.since ? gte(col.at, query.since) : undefined,
    query.include_scheduled ? undefined : eq(col.scheduled, false),
  ];
}

const EVENT_ORDER = [
  { column: newsEvents.lastAt, desc: true },
  { column: newsEvents.eventId },
  { column: newsEvents.relation },
];

export const companyNewsEvents = defineRoute({
  path: '/v1/companies/:company_id/news/events',
  summary: "A company's news events",
  description:
    'One row per event and company: articles about the same company and event type within 48 hours form one event; headline, why and link come from its strongest article; `direction` is the most common read across its articles. Knock-on rows (`relation=knock_on`) are inferences from a relationship graph, not reporting: major customers and suppliers the companies disclose in their 10-Ks (XBRL concentration-risk facts, share sentences) and same-industry peers by SIC. `via` names the edge (`major_customer:WMT`: WMT buys from this company; `supplier:SJM`: SJM sells to it; `same_industry:SIC 3674`) and `peak_magnitude` = the article impact x the edge strength (disclosed share / 50, capped at 1; half that the other way; 0.3 for peers). `occurred_on` is read from the words where they state a date (`time_basis` relative or stated), else the publication date. Newest first.',
  tags: ['News'],
  envelope: 'A',
  access: { dataset: 'news' },
  company: 'resolve',
  query: common,
  page: { default: 50, max: 200 },
  cursorKey: (r: { last_at: string; event_id: string; relation: string }) => [
    r.last_at,
    r.event_id,
    r.relation,
  ],
  response: { schema: EVENT_SCHEMA, example: EVENT_EXAMPLE, description: 'Event rows' },
  handler: ({ db, query, company, page }) => {
    const conds: (SQL | undefined)[] = [
      eq(newsEvents.companyId, company!.companyId),
      ...commonConds(query, {
        relation: newsEvents.relation,
        direction: newsEvents.direction,
        impact: newsEvents.peakImpact,
        magnitude: newsEvents.peakMagnitude,
        at: newsEvents.lastAt,
        scheduled: newsEvents.isScheduled,
      }),
      keysetAfter(EVENT_ORDER, page.after),
    ];
    return db
      .select({
        event_id: newsEvents.eventId,
        relation: newsEvents.relation,
        ticker: newsEvents.ticker,
        n_articles: newsEvents.nArticles,
        first_at: iso(newsEvents.firstAt),
        last_at: iso(newsEvents.lastAt),
        peak_impact: newsEvents.peakImpact,
        peak_magnitude: newsEvents.peakMagnitude,
        via: newsEvents.via,
        direction: newsEvents.direction,
        human_reviewed: sql<boolean>`false`,
        headline: newsEvents.headline,
        why: newsEvents.why,
        event_type: newsEvents.eventType,
        link: newsEvents.link,
        publishers: newsEvents.publishers,
        weakest_time_basis: newsEvents.weakestTimeBasis,
        occurred_on: newsEvents.occurredOn,
        reaches: newsEvents.reaches,
      })
      .from(newsEvents)
      .where(and(...conds))
      .orderBy(...keysetOrder(EVENT_ORDER))
      .limit(page.fetch);
  },
});

const ARTICLE_ORDER = [
  { column: newsCompanyRows.eventAt, desc: true },
  { column: newsCompanyRows.newsId },
  { column: newsCompanyRows.relation },
];

export const companyNews = defineRoute({
  path: '/v1/companies/:company_id/news',
  summary: "A company's news articles",
  description:
    'One row per article and company: our reading of the article (title, link, summary, event type, impact, direction for this company, why); the full text is neither stored nor served. `ticker_confirmed` is false when the link rests on a company-name match only; `primary_tickers` lists the companies the article is about. `direction` and `impact_score` are a rule pass and a reader, not price moves or advice; knock-on rows are inferences. Newest first.',
  tags: ['News'],
  envelope: 'A',
  access: { dataset: 'news' },
  company: 'resolve',
  query: {
    ...common,
    event_type: p.string({
      description:
        'One of the 20 coarse event types (earnings, guidance, m&a, fda, management, legal, regulatory, financing, capital_return, contract, product, restructuring, bankruptcy, listing, insider, ownership, analyst, macro, operations, other)',
      max: 40,
      examples: { '8-K results': 'earnings' },
    }),
    until: p.timestamp({
      description: 'Only rows at or before this time (ISO-8601)',
      examples: { 'up to the end of 2025': '2025-12-31T23:59:59Z' },
    }),
  },
  page: { default: 50, max: 200 },
  cursorKey: (r: { event_at: string; news_id: string; relation: string }) => [
    r.event_at,
    r.news_id,
    r.relation,
  ],
  response: { schema: ARTICLE_SCHEMA, example: ARTICLE_EXAMPLE, description: 'Article rows' },
  handler: ({ db, query, company, page }) => {
    const c = newsCompanyRows;
    const a = newsArticles;
    const conds: (SQL | undefined)[] = [
      eq(c.companyId, company!.companyId),
      ...commonConds(query, {
        relation: c.relation,
        direction: c.direction,
        impact: a.impactScore,
        magnitude: c.magnitude,
        at: c.eventAt,
        scheduled: a.isScheduled,
      }),
      query.until ? lte(c.eventAt, query.until) : undefined,
      query.event_type ? eq(a.eventType, query.event_type) : undefined,
      keysetAfter(ARTICLE_ORDER, page.after),
    ];
    return db
      .select({
        news_id: c.newsId,
        event_id: c.eventId,
        relation: c.relation,
        ticker: c.ticker,
        direction: c.direction,
        impact_score: a.impactScore,
        magnitude: c.magnitude,
        via: c.via,
        confidence: a.confidence,
        horizon: a.horizon,
        primary_tickers: sql<
          string[]
        >`coalesce((select jsonb_agg(distinct x.ticker) from news_company_rows x where x.news_id = ${c.newsId} and x.relation = 'direct' and x.is_primary and x.ticker is not null), '[]'::jsonb)`,
        ticker_confirmed: c.tickerConfirmed,
        title: a.title,
        event_type: a.eventType,
        event_subtype: a.eventSubtype,
        subject: sql<string>`case when ${c.relation} = 'knock_on' then 'knock_on' when ${c.primary} then 'about' else 'mentioned' end`,
        why: sql<
          string | null
        >`case when ${c.relation} = 'knock_on' then ${c.via} || ': ' || ${c.evidence} else ${a.why} end`,
        human_reviewed: sql<boolean>`false`,
        link: a.link,
        region: a.region,
        channel: a.channel,
        publisher: a.publisher,
        summary: sql<string | null>`case when ${a.summaryWithheld} then null else ${a.summary} end`,
        summary_withheld: a.summaryWithheld,
        event_at: iso(c.eventAt),
        time_basis: a.timeBasis,
        time_precision: a.timePrecision,
        is_scheduled: a.isScheduled,
        occurred_on: a.occurredOn,
        announced_lag_days: a.announcedLagDays,
        reaches: sql<
          string[]
        >`coalesce((select jsonb_agg(distinct coalesce(x.ticker, x.company_id)) from news_company_rows x where x.news_id = ${c.newsId} and x.relation = 'knock_on'), '[]'::jsonb)`,
      })
      .from(c)
      .innerJoin(a, eq(a.newsId, c.newsId))
      .where(and(...conds))
      .orderBy(...keysetOrder(ARTICLE_ORDER))
      .limit(page.fetch);
  },
});

export const newsThemes = defineRoute({
  path: '/v1/news/themes',
  summary: 'Theme vocabulary',
  description:
    'Every theme with the number of signals (articles) stored under it. Free, no credit. `{themes: [{theme, signals}]}`.',
  tags: ['News'],
  envelope: 'raw',
  access: { minPlan: 'free', creditCost: 0, title: 'News theme vocabulary' },
  response: {
    schema: {
      type: 'object',
      required: ['themes'],
      properties: {
        themes: {
          type: 'array',
          items: {
            type: 'object',
            required: ['theme', 'signals'],
            properties: { theme: { type: 'string' }, signals: { type: 'integer' } },
          },
        },
      },
    },
    example: { themes: [{ theme: 'rates', signals: 12 }] },
  },
  handler: async ({ db }) => {
    const rows = await db
      .select({ theme: newsThemeRows.theme, signals: sql<number>`count(*)::int` })
      .from(newsThemeRows)
      .groupBy(newsThemeRows.theme)
      .orderBy(newsThemeRows.theme);
    return { status: 200, body: { themes: rows } };
  },
});

const THEME_ORDER = [{ column: newsThemeRows.eventAt, desc: true }, { column: newsThemeRows.newsId }];

export const newsThemeStream = defineRoute({
  path: '/v1/news/themes/:theme',
  summary: 'A theme stream',
  description:
    'Articles matched to one theme, newest first: the only route reaching macro items with no company impact. A guessed theme name returns an empty page, not an error. Row fields: theme, news_id, track (macro or company: which kind of theme matched), score (the impact score 0-100; 40 and above were read by the reader), stance (decided: an announced decision; talked: everything else), region (null when the words and the feed language do not say), title, link, publisher, channel, event_at, event_type, direction (null below 40), is_scheduled, companies (tickers of the companies the article names), evidence (the words that matched the theme).',
  tags: ['News'],
  envelope: 'A',
  access: { dataset: 'news' },
  pathParams: {
    theme: p.string({ description: 'A theme from GET /v1/news/themes', max: 60, example: 'rates' }),
  },
  query: {
    track: p.oneOf(['macro', 'company'] as const, {
      description: 'macro or company themes',
      examples: { macro: 'macro' },
    }),
    stance: p.oneOf(['decided', 'talked'] as const, {
      description: 'decided (an announced decision) or talked',
      examples: { decisions: 'decided' },
    }),
    min_score: p.int({
      min: 0,
      max: 100,
      description: 'Lowest impact score (40 and above is the model-read subset)',
      example: 20,
    }),
    region: p.oneOf(['us', 'jp', 'kr', 'tw', 'cn', 'eu', 'in', 'global'] as const, {
      description:
        'Region from the words, else the feed language; null on many rows. global selects the rows with no region',
      examples: { US: 'us' },
    }),
    since: p.timestamp({ description: 'Only rows at or after this time', example: '2018-01-01T00:00:00Z' }),
    until: p.timestamp({
      description: 'Only rows at or before this time',
      examples: { 'before 2027': '2026-12-31T23:59:59Z' },
    }),
    include_scheduled: common.include_scheduled,
  },
  page: { default: 50, max: 200 },
  cursorKey: (r: { event_at: string; news_id: string }) => [r.event_at, r.news_id],
  response: { schema: THEME_ROW_SCHEMA, example: THEME_ROW_EXAMPLE, description: 'Theme stream rows' },
  handler: ({ db, query, path, page }) => {
    const t = newsThemeRows;
    const a = newsArticles;
    const conds: (SQL | undefined)[] = [
      eq(t.theme, path.theme!),
      query.track ? eq(t.track, query.track) : undefined,
      query.stance ? eq(a.stance, query.stance) : undefined,
      query.min_score !== undefined ? gte(a.impactScore, query.min_score) : undefined,
      query.region
        ? query.region === 'global'
          ? sql`${a.region} is null`
          : eq(a.region, query.region)
        : undefined,
      query.since ? gte(t.eventAt, query.since) : undefined,
      query.until ? lte(t.eventAt, query.until) : undefined,
      query.include_scheduled ? undefined : eq(a.isScheduled, false),
      keysetAfter(THEME_ORDER, page.after),
    ];
    return db
      .select({
        theme: t.theme,
        news_id: t.newsId,
        track: t.track,
        score: a.impactScore,
        stance: a.stance,
        region: a.region,
        title: a.title,
        link: a.link,
        publisher: a.publisher,
        channel: a.channel,
        event_at: iso(t.eventAt),
        event_type: a.eventType,
        direction: a.direction,
        is_scheduled: a.isScheduled,
        companies: sql<
          string[]
        >`coalesce((select jsonb_agg(distinct x.ticker) from news_company_rows x where x.news_id = ${t.newsId} and x.relation = 'direct' and x.ticker is not null), '[]'::jsonb)`,
        evidence: t.evidence,
      })
      .from(t)
      .innerJoin(a, eq(a.newsId, t.newsId))
      .where(and(...conds))
      .orderBy(...keysetOrder(THEME_ORDER))
      .limit(page.fetch);
  },
});

export const newsRoutes = [companyNewsEvents, companyNews, newsThemes, newsThemeStream].map(asAnyRoute);
