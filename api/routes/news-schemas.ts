/** Response schemas and real examples of the news routes (rows from the demo's EDGAR latest-filings feed). */
const s = { type: 'string' };
const ns = { type: ['string', 'null'] };
const ni = { type: ['integer', 'null'] };
const arr = { type: 'array', items: { type: 'string' } };
/**
 * What `occurred_on` rests on (parsers/news/dates.ts), weakest first: the fetch time, a zone-less local
 * publication time, the publication timestamp, a date the text gives relative to publication, a calendar
 * date the text states.
 */
const TIME_BASES = ['fetched', 'published_local_assumed', 'published', 'relative', 'stated'];

export const EVENT_EXAMPLE = {
  event_id: 'evt_3f0c1d2e4b5a6978',
  relation: 'direct',
  ticker: 'VLD',
  n_articles: 1,
  first_at: '2025-12-12T22:30:48Z',
  last_at: '2025-12-12T22:30:48Z',
  peak_impact: 70,
  peak_magnitude: null,
  via: null,
  direction: 'neutral',
  human_reviewed: false,
  headline: '8-K - Velo3D, Inc. (0001825079) (Filer)',
  why: 'neutral: m&a/completed; no directional words',
  event_type: 'm&a',
  link: 'https://www.sec.gov/Archives/edgar/data/1825079/000149315225027594/0001493152-25-027594-index.htm',
  publishers: ['SEC EDGAR'],
  weakest_time_basis: 'published',
  occurred_on: '2025-12-12',
  reaches: [],
};

export const EVENT_SCHEMA = {
  type: 'object',
  required: Object.keys(EVENT_EXAMPLE),
  properties: {
    event_id: s,
    relation: { type: 'string', enum: ['direct', 'knock_on'] },
    ticker: ns,
    n_articles: { type: 'integer' },
    first_at: { type: 'string', format: 'date-time' },
    last_at: { type: 'string', format: 'date-time' },
    peak_impact: { type: 'integer', minimum: 0, maximum: 100 },
    peak_magnitude: {
      ...ni,
      description: 'Knock-on rows: the strongest magnitude (0-100); null on direct rows',
    },
    via: {
      ...ns,
      description:
        'Knock-on rows: the graph edge: major_customer:<ticker> (that company buys from this one), supplier:<ticker> (it sells to this one), same_industry:SIC <code>',
    },
    direction: { type: 'string', enum: ['bullish', 'bearish', 'neutral'] },
    human_reviewed: { type: 'boolean', description: 'Always false: no row is reviewed by a person' },
    headline: s,
    why: {
      ...ns,
      description: "The strongest article's one-line reason (null when it scored under 40 and was not read)",
    },
    event_type: s,
    link: ns,
    publishers: arr,
    weakest_time_basis: { type: 'string', enum: TIME_BASES },
    occurred_on: { ...ns, format: 'date' },
    reaches: { ...arr, description: 'Tickers the event reaches through the relationship graph (inferences)' },
  },
};

export const ARTICLE_EXAMPLE = {
  news_id: 'nws_0a1b2c3d4e5f6071',
  event_id: 'evt_3f0c1d2e4b5a6978',
  relation: 'direct',
  ticker: 'VLD',
  direction: 'neutral',
  impact_score: 70,
  magnitude: null,
  via: null,
  confidence: 0.3,
  horizon: 'weeks',
  primary_tickers: ['VLD'],
  ticker_confirmed: true,
  title: '8-K - Velo3D, Inc. (0001825079) (Filer)',
  event_type: 'm&a',
  event_subtype: 'completed',
  subject: 'about',
  why: 'neutral: m&a/completed; no directional words',
  human_reviewed: false,
  link: 'https://www.sec.gov/Archives/edgar/data/1825079/000149315225027594/0001493152-25-027594-index.htm',
  region: null,
  channel: 'edgar_filing',
  publisher: 'SEC EDGAR',
  summary:
    'Filed: 2025-12-12 AccNo: 0001493152-25-027594 Size: 674 KB Item 1.01: Entry into a Material Definitive Agreement ...',
  summary_withheld: false,
  event_at: '2025-12-12T22:30:48Z',
  time_basis: 'published',
  time_precision: 'second',
  is_scheduled: false,
  occurred_on: '2025-12-12',
  announced_lag_days: 0,
  reaches: [],
};

export const ARTICLE_SCHEMA = {
  type: 'object',
  required: Object.keys(ARTICLE_EXAMPLE),
  properties: {
    ...Object.fromEntries(Object.keys(ARTICLE_EXAMPLE).map((k) => [k, {}])),
    news_id: s,
    event_id: ns,
    relation: { type: 'string', enum: ['direct', 'knock_on'] },
    direction: {
      type: ['string', 'null'],
      enum: ['bullish', 'bearish', 'neutral', null],
      description: 'The read for this company; null when the article scored under 40 (not read)',
    },
    impact_score: { type: 'integer', minimum: 0, maximum: 100 },
    magnitude: { ...ni, description: 'Knock-on rows: impact x edge strength (0-100)' },
    via: ns,
    confidence: { type: ['number', 'null'] },
    horizon: { type: ['string', 'null'], enum: ['intraday', 'days', 'weeks', 'months', null] },
    primary_tickers: arr,
    ticker_confirmed: { type: 'boolean', description: 'false when the link is a company-name match only' },
    subject: {
      type: 'string',
      enum: ['about', 'mentioned', 'knock_on'],
      description: 'about: the article is about this company; mentioned: merely named; knock_on: inferred',
    },
    summary: { ...ns, description: 'Null when withheld (summary_withheld) or the feed gives none' },
    summary_withheld: { type: 'boolean' },
    event_at: { type: 'string', format: 'date-time' },
    time_basis: { type: 'string', enum: TIME_BASES },
    time_precision: { type: 'string', enum: ['second', 'day', 'week', 'month', 'quarter'] },
    is_scheduled: { type: 'boolean' },
    reaches: arr,
  },
};

export const THEME_ROW_EXAMPLE = {
  theme: 'rates',
  news_id: 'nws_205b5c19274ab1e2',
  track: 'macro',
  score: 50,
  stance: 'decided',
  region: 'us',
  title: 'Federal Reserve issues FOMC statement',
  link: 'https://www.federalreserve.gov/newsevents/pressreleases/monetary20260916a.htm',
  publisher: 'FRB: Press Release - All Releases',
  channel: 'central_bank',
  event_at: '2026-09-16T18:00:00Z',
  event_type: 'macro',
  direction: 'neutral',
  is_scheduled: false,
  companies: [],
  evidence: 'Federal Reserve',
};

export const THEME_ROW_SCHEMA = {
  type: 'object',
  required: Object.keys(THEME_ROW_EXAMPLE),
  properties: {
    ...Object.fromEntries(Object.keys(THEME_ROW_EXAMPLE).map((k) => [k, {}])),
    track: { type: 'string', enum: ['macro', 'company'] },
    score: { type: 'integer', minimum: 0, maximum: 100 },
    stance: { type: 'string', enum: ['decided', 'talked'] },
    region: ns,
    direction: { type: ['string', 'null'] },
    companies: arr,
    event_at: { type: 'string', format: 'date-time' },
  },
};
