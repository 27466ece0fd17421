import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * News (spec 2.10): one row per article (our reading of it; the full text is never stored), one row per
 * article and company (direct links and knock-on inferences), one row per event and company, one row per
 * article and theme. Every score keeps the rules that fired (`rules`), every knock-on row its edge (`via`, `evidence`).
 */
export const newsArticles = pgTable(
  'news_articles',
  {
    newsId: text('news_id').primaryKey(),
    title: text('title').notNull(),
    link: text('link'),
    summary: text('summary'),
    summaryWithheld: boolean('summary_withheld').notNull().default(false),
    publisher: text('publisher'),
    channel: text('channel').notNull(),
    language: text('language'),
    region: text('region'),
    eventAt: timestamp('event_at', { withTimezone: true, mode: 'string' }).notNull(),
    timeBasis: text('time_basis').notNull(),
    timePrecision: text('time_precision').notNull(),
    isScheduled: boolean('is_scheduled').notNull(),
    occurredOn: date('occurred_on', { mode: 'string' }),
    announcedLagDays: integer('announced_lag_days'),
    eventType: text('event_type').notNull(),
    eventSubtype: text('event_subtype').notNull(),
    impactScore: integer('impact_score').notNull(),
    rules: jsonb('rules').notNull(),
    stance: text('stance').notNull(),
    direction: text('direction'),
    horizon: text('horizon'),
    confidence: real('confidence'),
    why: text('why'),
    reader: text('reader'),
    ambiguous: jsonb('ambiguous').notNull(),
    sourceUrl: text('source_url').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('news_articles_event_at').on(t.eventAt)],
);

export const newsCompanyRows = pgTable(
  'news_company_rows',
  {
    newsId: text('news_id').notNull(),
    companyId: text('company_id').notNull(),
    relation: text('relation').notNull(),
    eventId: text('event_id'),
    ticker: text('ticker'),
    tickerConfirmed: boolean('ticker_confirmed').notNull(),
    primary: boolean('is_primary').notNull(),
    basis: text('basis').notNull(),
    evidence: text('evidence').notNull(),
    magnitude: integer('magnitude'),
    via: text('via'),
    direction: text('direction'),
    eventAt: timestamp('event_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.newsId, t.companyId, t.relation] }),
    index('news_company_rows_company').on(t.companyId, t.eventAt),
  ],
);

export const newsEvents = pgTable(
  'news_events',
  {
    eventId: text('event_id').notNull(),
    companyId: text('company_id').notNull(),
    relation: text('relation').notNull(),
    ticker: text('ticker'),
    nArticles: integer('n_articles').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true, mode: 'string' }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true, mode: 'string' }).notNull(),
    peakImpact: integer('peak_impact').notNull(),
    peakMagnitude: integer('peak_magnitude'),
    via: text('via'),
    direction: text('direction').notNull(),
    headline: text('headline').notNull(),
    why: text('why'),
    eventType: text('event_type').notNull(),
    link: text('link'),
    publishers: jsonb('publishers').notNull(),
    weakestTimeBasis: text('weakest_time_basis').notNull(),
    occurredOn: date('occurred_on', { mode: 'string' }),
    reaches: jsonb('reaches').notNull(),
    isScheduled: boolean('is_scheduled').notNull(),
    newsIds: jsonb('news_ids').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.companyId, t.relation] }),
    index('news_events_company').on(t.companyId, t.lastAt),
  ],
);

export const newsThemeRows = pgTable(
  'news_theme_rows',
  {
    theme: text('theme').notNull(),
    newsId: text('news_id').notNull(),
    track: text('track').notNull(),
    evidence: text('evidence').notNull(),
    eventAt: timestamp('event_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.theme, t.newsId] }),
    index('news_theme_rows_theme').on(t.theme, t.eventAt),
  ],
);

/**
 * The relationship graph's disclosed edges: one row per filing, source and counterparty a filer names as a
 * major customer or supplier (XBRL concentration-risk facts, share sentences of its 10-K items), with the
 * counterparty linked to the registry by the article linker's name rules (null when ambiguous or unknown).
 */
export const newsRelationships = pgTable(
  'news_relationships',
  {
    accessionNumber: text('accession_number').notNull(),
    source: text('source').notNull(), // xbrl | text
    name: text('name').notNull(),
    side: text('side').notNull(), // customer | supplier
    filerId: text('filer_id').notNull(),
    counterpartyId: text('counterparty_id'),
    unlinked: text('unlinked'),
    pct: real('pct').notNull(),
    periodEnd: date('period_end', { mode: 'string' }),
    filingDate: date('filing_date', { mode: 'string' }).notNull(),
    evidence: text('evidence').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accessionNumber, t.source, t.name, t.side] }),
    index('news_relationships_filer').on(t.filerId),
    index('news_relationships_counterparty').on(t.counterpartyId),
  ],
);

/** Feed poll state per feed URL (conditional GET validators live in the raw archive). */
export type NewsArticleInsert = typeof newsArticles.$inferInsert;
export type NewsCompanyRowInsert = typeof newsCompanyRows.$inferInsert;
export type NewsEventInsert = typeof newsEvents.$inferInsert;
export type NewsThemeRowInsert = typeof newsThemeRows.$inferInsert;
export type NewsRelationshipInsert = typeof newsRelationships.$inferInsert;
