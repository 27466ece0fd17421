import { DATASETS, type Plan } from '../datasets.ts';
import { eventId } from './log.ts';

/**
 * The event catalog as data (docs/events.md): every type an event can have, the dataset it comes from
 * (which gives its plan: an event type needs the plan of its dataset), the filters it takes besides
 * tickers and company ids, a JSON Schema of its `data`, and a real example built from fixture rows.
 * `GET /v1/events/types` serves this list; the pull feed, the stream and the webhooks gate and filter by it.
 */
export type EventFilter = 'forms' | 'families';

export interface EventType {
  type: string;
  description: string;
  dataset: string;
  /** Filters besides `tickers` / `company_ids`: `forms` matches `data.form`, `families` `data.family`. */
  filters: readonly EventFilter[];
  /** The route family that serves the whole row (`data.links.self` is one of its URLs). */
  route: string;
  dataSchema: Record<string, unknown>;
  /** A delivered event (envelope and data) as the log holds it for a real fixture row. */
  example: DeliveredEvent;
}

/** An event as every consumer receives it (pull feed row, stream `data:`, webhook body). */
export interface DeliveredEvent {
  id: string;
  sequence: number;
  type: string;
  occurred_at: string;
  accepted_at: string | null;
  detected_at: string;
  published_at: string;
  company_id: string | null;
  ticker: string | null;
  data: Record<string, unknown>;
}

const str = { type: 'string' } as const;
const nstr = { type: ['string', 'null'] } as const;
const date = { type: 'string', format: 'date' } as const;
const ndate = { type: ['string', 'null'], format: 'date' } as const;
const ts = { type: 'string', format: 'date-time' } as const;
const nts = { type: ['string', 'null'], format: 'date-time' } as const;
const int = { type: 'integer' } as const;
const links = {
  type: 'object',
  required: ['self'],
  properties: {
    self: {
      type: ['string', 'null'],
      description: 'The route (path and query, relative to the API base URL) that serves the whole row',
    },
  },
} as const;

function object(properties: Record<string, unknown>): Record<string, unknown> {
  return { type: 'object', required: Object.keys(properties), properties };
}

/** The envelope of every event (the `data` schema is the type's own). */
export const EVENT_ENVELOPE_SCHEMA = object({
  id: {
    type: 'string',
    pattern: '^evt_[0-9a-f]{32}$',
    description:
      'Deterministic: a hash of the type and the natural key of the fact, stable across re-ingests and retries (deduplicate on it)',
  },
  sequence: {
    type: 'integer',
    description: 'Gap-free, in commit order: the resume point (`after`, `Last-Event-ID`)',
  },
  type: str,
  occurred_at: { ...ts, description: "The fact's own time (a filing date is its midnight UTC)" },
  accepted_at: { ...nts, description: "Upstream's time for it (EDGAR acceptance), where known" },
  detected_at: { ...ts, description: 'When this platform fetched the document holding it' },
  published_at: { ...ts, description: 'When the event was appended to the log (its commit)' },
  company_id: nstr,
  ticker: nstr,
  data: { type: 'object', description: 'Thin-plus payload of the type (see its schema); under 20 kB' },
});

interface Draft {
  type: string;
  key: string;
  description: string;
  dataset: string;
  filters?: readonly EventFilter[];
  route: string;
  dataSchema: Record<string, unknown>;
  sequence: number;
  occurred_at: string;
  accepted_at: string | null;
  detected_at: string;
  published_at: string;
  company_id: string | null;
  ticker: string | null;
  data: Record<string, unknown>;
}

function entry(d: Draft): EventType {
  if (!DATASETS.some((x) => x.id === d.dataset))
    throw new Error(`event ${d.type}: unknown dataset ${d.dataset}`);
  return {
    type: d.type,
    description: d.description,
    dataset: d.dataset,
    filters: d.filters ?? [],
    route: d.route,
    dataSchema: d.dataSchema,
    example: {
      id: eventId(d.type, d.key),
      sequence: d.sequence,
      type: d.type,
      occurred_at: d.occurred_at,
      accepted_at: d.accepted_at,
      detected_at: d.detected_at,
      published_at: d.published_at,
      company_id: d.company_id,
      ticker: d.ticker,
      data: d.data,
    },
  };
}

const APPLE = 'cmp_256ba6d445efa9b724e6';

export const EVENT_TYPES: readonly EventType[] = [
  entry({
    type: 'filing.published',
    key: '0000320193-23-000077:0000320193',
    description:
      'A filing of a spec 2.3 form (10-K, 10-Q, 8-K, 20-F, 6-K, DEF 14A, S-1, 424B4, 13F-HR and amendments) entered the filing index: one event per accession and filer. Filter by form.',
    dataset: 'filings',
    filters: ['forms'],
    route: '/v1/filings',
    dataSchema: object({
      accession_number: str,
      cik: str,
      company_id: nstr,
      ticker: nstr,
      company_name: nstr,
      form: { ...str, description: 'The spec 2.3 type (historical spellings mapped)' },
      form_as_filed: str,
      filing_date: date,
      report_date: ndate,
      accepted_at: nts,
      url: str,
      links,
    }),
    sequence: 361,
    occurred_at: '2023-08-04T00:00:00.000Z',
    accepted_at: '2023-08-03T22:04:43.000Z',
    detected_at: '2026-11-29T01:48:42.923Z',
    published_at: '2026-11-29T01:48:43.101Z',
    company_id: APPLE,
    ticker: 'AAPL',
    data: {
      accession_number: '0000320193-23-000077',
      cik: '0000320193',
      company_id: APPLE,
      ticker: 'AAPL',
      company_name: 'Apple Inc.',
      form: '10-Q',
      form_as_filed: '10-Q',
      filing_date: '2023-08-04',
      report_date: '2023-07-01',
      accepted_at: '2023-08-03T22:04:43.000Z',
      url: 'https://www.sec.gov/Archives/edgar/data/320193/000032019323000077/',
      links: {
        self: '/v1/filings?cik=320193&filing_type=10-Q&filed_at_gte=2023-08-04&filed_at_lte=2023-08-04',
      },
    },
  }),
  entry({
    type: 'filing_items.published',
    key: '0000320193-99-000010',
    description:
      'A 10-K, 10-Q or 8-K (amendments included) was split into its items: the item numbers are ready at /v1/filings/items. Filter by form.',
    dataset: 'filing_items',
    filters: ['forms'],
    route: '/v1/filings/items',
    dataSchema: object({
      accession_number: str,
      cik: str,
      company_id: nstr,
      ticker: nstr,
      form: str,
      filing_date: date,
      report_date: ndate,
      status: { ...str, description: 'ok | unparseable_document' },
      items: { type: 'array', items: str },
      n_exhibits: int,
      document_url: str,
      links,
    }),
    sequence: 368,
    occurred_at: '1999-09-07T00:00:00.000Z',
    accepted_at: '1999-09-07T04:00:00.000Z',
    detected_at: '2026-11-29T01:47:35.995Z',
    published_at: '2026-11-29T01:47:36.140Z',
    company_id: APPLE,
    ticker: 'AAPL',
    data: {
      accession_number: '0000320193-99-000010',
      cik: '0000320193',
      company_id: APPLE,
      ticker: 'AAPL',
      form: '8-K',
      filing_date: '1999-09-07',
      report_date: '1999-09-03',
      status: 'ok',
      items: ['Item-5', 'Item-7'],
      n_exhibits: 0,
      document_url:
        'https://www.sec.gov/Archives/edgar/data/320193/000032019399000010/0000320193-99-000010.txt',
      links: {
        self: '/v1/filings/items?ticker=AAPL&filing_type=8-K&year=1999&accession_number=0000320193-99-000010',
      },
    },
  }),
  entry({
    type: '8k_event.published',
    key: '0000320193-99-000010:5',
    description:
      'One item of an 8-K or 8-K/A, under its current number and family (see /v1/8k-events/families). Filter by family and form.',
    dataset: '8k_events',
    filters: ['families', 'forms'],
    route: '/v1/8k-events',
    dataSchema: object({
      event_id: { ...str, description: 'The /v1/8k-events row id: accession:item as filed' },
      accession_number: str,
      cik: str,
      company_id: nstr,
      ticker: nstr,
      form: str,
      filing_date: date,
      item: str,
      item_as_filed: str,
      item_name: str,
      family: str,
      links,
    }),
    sequence: 369,
    occurred_at: '1999-09-07T00:00:00.000Z',
    accepted_at: '1999-09-07T04:00:00.000Z',
    detected_at: '2026-11-29T01:47:35.995Z',
    published_at: '2026-11-29T01:47:36.141Z',
    company_id: APPLE,
    ticker: 'AAPL',
    data: {
      event_id: '0000320193-99-000010:5',
      accession_number: '0000320193-99-000010',
      cik: '0000320193',
      company_id: APPLE,
      ticker: 'AAPL',
      form: '8-K',
      filing_date: '1999-09-07',
      item: '8.01',
      item_as_filed: '5',
      item_name: 'Other Events',
      family: 'other',
      links: {
        self: `/v1/companies/${APPLE}/8k-events?item=8.01&filed_at_gte=1999-09-07&filed_at_lte=1999-09-07`,
      },
    },
  }),
  entry({
    type: 'insider_trade.published',
    key: '0001617553-25-000024',
    description:
      'A Form 3, 4 or 5 (or amendment) of an issuer was loaded: its reporting owners and up to 25 of its transactions (all of them at links.self). Filter by form.',
    dataset: 'insider_trades',
    filters: ['forms'],
    route: '/v1/insider-trades',
    dataSchema: object({
      accession_number: str,
      issuer_cik: str,
      company_id: nstr,
      ticker: nstr,
      form: str,
      filing_date: date,
      period_of_report: ndate,
      reporting_owners: { type: 'array', items: str },
      n_transactions: int,
      transactions: {
        type: 'array',
        maxItems: 25,
        items: {
          type: 'object',
          properties: {
            name: str,
            title: nstr,
            transaction_date: ndate,
            transaction_type: nstr,
            transaction_shares: { type: ['number', 'null'] },
            transaction_price_per_share: { type: ['number', 'null'] },
            transaction_value: { type: ['number', 'null'] },
            shares_owned_after_transaction: { type: ['number', 'null'] },
          },
        },
      },
      links,
    }),
    sequence: 392,
    occurred_at: '2025-03-18T00:00:00.000Z',
    accepted_at: null,
    detected_at: '2026-11-29T01:48:54.959Z',
    published_at: '2026-11-29T01:48:55.020Z',
    company_id: 'cmp_4c64c141c2ec947b1474',
    ticker: 'ZIP',
    data: {
      accession_number: '0001617553-25-000024',
      issuer_cik: '0001617553',
      company_id: 'cmp_4c64c141c2ec947b1474',
      ticker: 'ZIP',
      form: '4',
      filing_date: '2025-03-18',
      period_of_report: '2025-03-15',
      reporting_owners: ['TRAVERS DAVID'],
      n_transactions: 9,
      transactions: [
        {
          name: 'TRAVERS DAVID',
          title: 'President',
          transaction_date: '2025-03-15',
          transaction_type: 'M',
          transaction_shares: 6250,
          transaction_price_per_share: 0,
          transaction_value: 0,
          shares_owned_after_transaction: 1114607,
        },
      ],
      links: { self: '/v1/insider-trades?ticker=ZIP' },
    },
  }),
  entry({
    type: 'institutional_holdings.published',
    key: '0001619124-21-000002',
    description:
      "A 13F-HR or 13F-HR/A was loaded: the filer, the quarter and the number of holdings (the holdings at links.self). company_id/ticker are the filer's when it is in the registry. Filter by form.",
    dataset: 'institutional_holdings',
    filters: ['forms'],
    route: '/v1/institutional-holdings',
    dataSchema: object({
      accession_number: str,
      filer_cik: str,
      filer_name: nstr,
      company_id: nstr,
      ticker: nstr,
      form: str,
      amendment_type: nstr,
      report_period: date,
      filing_date: date,
      rows: int,
      links,
    }),
    sequence: 397,
    occurred_at: '2021-02-12T00:00:00.000Z',
    accepted_at: null,
    detected_at: '2026-11-29T01:48:55.522Z',
    published_at: '2026-11-29T01:48:55.610Z',
    company_id: null,
    ticker: null,
    data: {
      accession_number: '0001619124-21-000002',
      filer_cik: '0001619124',
      filer_name: 'ACTIAM N.V.',
      company_id: null,
      ticker: null,
      form: '13F-HR',
      amendment_type: null,
      report_period: '2020-12-31',
      filing_date: '2021-02-12',
      rows: 5,
      links: { self: '/v1/institutional-holdings?filer_cik=1619124&report_period=2020-12-31' },
    },
  }),
  entry({
    type: 'financials.updated',
    key: '1652044:ttm:2026-03-31:2026-04-30',
    description:
      'A new version of a company’s statements for one period: first filed, or restated (`restated: true`, an earlier version of the same period exists; the point-in-time history keeps both, see as_of).',
    dataset: 'financials',
    route: '/v1/financials',
    dataSchema: object({
      cik: str,
      company_id: nstr,
      ticker: nstr,
      period: { ...str, description: 'annual | quarterly | ttm' },
      report_period: date,
      fiscal_period: nstr,
      known_from: { ...date, description: 'The filing date of this version' },
      restated: { type: 'boolean' },
      statements: { type: 'array', items: { enum: ['income', 'balance', 'cash_flow'] } },
      currency: nstr,
      accession_number: nstr,
      filing_url: nstr,
      links,
    }),
    sequence: 603,
    occurred_at: '2026-04-30T00:00:00.000Z',
    accepted_at: null,
    detected_at: '2026-11-29T01:48:56.951Z',
    published_at: '2026-11-29T01:48:57.310Z',
    company_id: 'cmp_638d4358b64fd3656708',
    ticker: 'GOOGL',
    data: {
      cik: '0001652044',
      company_id: 'cmp_638d4358b64fd3656708',
      ticker: 'GOOGL',
      period: 'ttm',
      report_period: '2026-03-31',
      fiscal_period: 'Q1',
      known_from: '2026-04-30',
      restated: false,
      statements: ['balance', 'cash_flow', 'income'],
      currency: 'USD',
      accession_number: '0001652044-26-000048',
      filing_url: 'https://www.sec.gov/Archives/edgar/data/1652044/000165204426000048/',
      links: { self: '/v1/financials?ticker=GOOGL&period=ttm&report_period=2026-03-31' },
    },
  }),
  entry({
    type: 'news_event.published',
    key: 'evt_d8e168d5f406a852:cmp_bb0200270cc5d3a97386:direct:20',
    description:
      'A news event reached a company (one per event, company and relation), with its peak impact; published again (a new id) when its peak impact rises, so a min_impact filter hears of it when it crosses.',
    dataset: 'news',
    route: '/v1/companies/{company_id}/news/events',
    dataSchema: object({
      event_id: str,
      company_id: str,
      ticker: nstr,
      relation: str,
      event_type: str,
      headline: str,
      peak_impact: { ...int, minimum: 0, maximum: 100 },
      direction: str,
      n_articles: int,
      first_at: ts,
      last_at: ts,
      link: nstr,
      links,
    }),
    sequence: 1212,
    occurred_at: '2026-03-14T20:14:02.587Z',
    accepted_at: null,
    detected_at: '2026-11-29T01:49:17.206Z',
    published_at: '2026-11-29T01:49:17.900Z',
    company_id: 'cmp_bb0200270cc5d3a97386',
    ticker: 'CNC',
    data: {
      event_id: 'evt_d8e168d5f406a852',
      company_id: 'cmp_bb0200270cc5d3a97386',
      ticker: 'CNC',
      relation: 'direct',
      event_type: 'other',
      headline: 'Stock Movers: CF Industries, Centene, Hims (Podcast)',
      peak_impact: 20,
      direction: 'neutral',
      n_articles: 1,
      first_at: '2026-03-14T20:14:02.587Z',
      last_at: '2026-03-14T20:14:02.587Z',
      link: 'https://www.bloomberg.com/news/audio/2026-03-14/stock-movers-cf-industries-centene-hims-podcast',
      links: {
        self: '/v1/companies/cmp_bb0200270cc5d3a97386/news/events?since=2026-03-14T20%3A14%3A02.587Z',
      },
    },
  }),
  entry({
    type: 'news_article.published',
    key: 'nws_4ca9dc5048a79ef1',
    description:
      'A news article was stored (deduplicated across feeds), with its classification, impact score and the companies it names (for news subscriptions: channel, region, min_impact).',
    dataset: 'news',
    route: '/v1/companies/{company_id}/news',
    dataSchema: object({
      news_id: str,
      title: str,
      link: nstr,
      publisher: nstr,
      channel: str,
      region: nstr,
      language: nstr,
      event_at: ts,
      event_type: str,
      event_subtype: str,
      impact_score: int,
      stance: str,
      companies: {
        type: 'array',
        items: object({ company_id: str, ticker: nstr, relation: str }),
      },
      links,
    }),
    sequence: 780,
    occurred_at: '2026-03-15T00:48:24.900Z',
    accepted_at: null,
    detected_at: '2026-11-29T01:49:17.206Z',
    published_at: '2026-11-29T01:49:17.880Z',
    company_id: null,
    ticker: null,
    data: {
      news_id: 'nws_4ca9dc5048a79ef1',
      title: 'Trump Wants Countries to Send Warships, UAE Port Suspends, More',
      link: 'https://www.bloomberg.com/news/audio/2026-03-15/trump-wants-countries-to-send-warships-uae-port-suspends-more',
      publisher: 'Bloomberg',
      channel: 'wire',
      region: null,
      language: 'en',
      event_at: '2026-03-15T00:48:24.900Z',
      event_type: 'macro',
      event_subtype: 'geopolitics',
      impact_score: 35,
      stance: 'talked',
      companies: [],
      links: { self: null },
    },
  }),
  entry({
    type: 'corporate_event.published',
    key: 'cmp_256ba6d445efa9b724e6:name_change:2019-08-05:formerly APPLE INC',
    description:
      'A corporate event entered the company registry (splits, mergers, ticker and name changes; /v1/companies/{company_id}/events).',
    dataset: 'companies',
    route: '/v1/companies/{company_id}/events',
    dataSchema: object({
      company_id: str,
      ticker: nstr,
      event_type: str,
      event_date: date,
      symbol: nstr,
      ratio: nstr,
      counterpart_company_id: nstr,
      counterpart_name: nstr,
      detail: str,
      source: str,
      links,
    }),
    sequence: 2,
    occurred_at: '2019-08-05T00:00:00.000Z',
    accepted_at: null,
    detected_at: '2026-11-29T01:47:37.289Z',
    published_at: '2026-11-29T01:47:37.402Z',
    company_id: APPLE,
    ticker: 'AAPL',
    data: {
      company_id: APPLE,
      ticker: 'AAPL',
      event_type: 'name_change',
      event_date: '2019-08-05',
      symbol: null,
      ratio: null,
      counterpart_company_id: null,
      counterpart_name: null,
      detail: 'formerly APPLE INC',
      source: 'sec_submissions',
      links: { self: `/v1/companies/${APPLE}/events` },
    },
  }),
  // issue 25 (docs/earnings.md): Apple's Q1 FY2011 release and Adobe's Q1 FY2023 target table, as loaded
  // by the earnings_releases job from the mirror (test/contract/earnings.test.ts)
  entry({
    type: 'earnings.published',
    key: '0001193125-11-009392',
    description:
      'An earnings press release (8-K Item 2.02, or Item 12 before August 2004) was read: the fiscal period it reports and its figures (metric, basis gaap / non_gaap / unspecified, value in full units). One event per release; the measures and guidance it states are counted (GET the link for all of it, with evidence).',
    dataset: 'earnings_releases',
    route: '/v1/companies/{company_id}/earnings',
    dataSchema: object({
      accession_number: str,
      cik: str,
      company_id: nstr,
      ticker: nstr,
      form: str,
      filing_date: date,
      announced_at: nts,
      fiscal_year: { type: ['integer', 'null'] },
      fiscal_period: nstr,
      period_end: ndate,
      currency: nstr,
      exhibit_url: nstr,
      figures: {
        type: 'array',
        items: object({
          fiscal_period: str,
          metric: str,
          basis: { enum: ['gaap', 'non_gaap', 'unspecified'] },
          label: str,
          value: { type: 'number' },
          unit: str,
        }),
      },
      n_measures: int,
      n_guidance: int,
      links,
    }),
    sequence: 1423,
    occurred_at: '2011-01-18T21:30:27.000Z',
    accepted_at: '2011-01-18T21:30:27.000Z',
    detected_at: '2026-11-29T04:55:02.114Z',
    published_at: '2026-11-29T04:55:02.310Z',
    company_id: APPLE,
    ticker: 'AAPL',
    data: {
      accession_number: '0001193125-11-009392',
      cik: '0000320193',
      company_id: APPLE,
      ticker: 'AAPL',
      form: '8-K',
      filing_date: '2011-01-18',
      announced_at: '2011-01-18T21:30:27.000Z',
      fiscal_year: 2011,
      fiscal_period: 'Q1',
      period_end: '2010-12-25',
      currency: 'USD',
      exhibit_url: 'https://www.sec.gov/Archives/edgar/data/320193/000119312511009392/dex991.htm',
      figures: [
        {
          fiscal_period: 'Q1',
          metric: 'eps_basic',
          basis: 'gaap',
          label: 'Basic',
          value: 6.53,
          unit: 'currency_per_share',
        },
        {
          fiscal_period: 'Q1',
          metric: 'eps_diluted',
          basis: 'gaap',
          label: 'Diluted',
          value: 6.43,
          unit: 'currency_per_share',
        },
        {
          fiscal_period: 'Q1',
          metric: 'gross_profit',
          basis: 'gaap',
          label: 'Gross margin',
          value: 10_298_000_000,
          unit: 'currency',
        },
        {
          fiscal_period: 'Q1',
          metric: 'net_income',
          basis: 'gaap',
          label: 'Net income',
          value: 6_004_000_000,
          unit: 'currency',
        },
        {
          fiscal_period: 'Q1',
          metric: 'operating_income',
          basis: 'gaap',
          label: 'Operating income',
          value: 7_827_000_000,
          unit: 'currency',
        },
        {
          fiscal_period: 'Q1',
          metric: 'revenue',
          basis: 'gaap',
          label: 'Net sales',
          value: 26_741_000_000,
          unit: 'currency',
        },
      ],
      n_measures: 2,
      n_guidance: 2,
      links: {
        self: `/v1/companies/${APPLE}/earnings?filed_at_gte=2011-01-18&filed_at_lte=2011-01-18`,
      },
    },
  }),
  entry({
    type: 'guidance.changed',
    key: '0000796343-23-000044:1:initiated',
    description:
      "A release's guidance statement differs from the company's previous statement for the same metric, basis, target period and unit (every change of /guidance/changes but `maintained`: raised, lowered, narrowed, widened, withdrawn, changed, or initiated when there is no earlier one), with the release's own worded status beside it and `disagrees` when the two differ.",
    dataset: 'earnings_guidance',
    route: '/v1/companies/{company_id}/guidance/changes',
    dataSchema: object({
      accession_number: str,
      cik: str,
      company_id: nstr,
      ticker: nstr,
      filing_date: date,
      issued_at: nts,
      metric: str,
      label: str,
      basis: { enum: ['gaap', 'non_gaap', 'unspecified'] },
      target_fiscal_year: { type: ['integer', 'null'] },
      target_fiscal_period: nstr,
      unit: str,
      currency: nstr,
      scale: str,
      previous: {
        type: ['object', 'null'],
        description: 'The previous statement (null for a first one)',
        properties: {
          low: { type: ['number', 'null'] },
          high: { type: ['number', 'null'] },
          point: { type: ['number', 'null'] },
          text_value: nstr,
          accession_number: str,
          issued_at: nts,
        },
      },
      current: object({
        low: { type: ['number', 'null'] },
        high: { type: ['number', 'null'] },
        point: { type: ['number', 'null'] },
        text_value: nstr,
        accession_number: str,
        issued_at: nts,
      }),
      change: { enum: ['raised', 'lowered', 'initiated', 'withdrawn', 'narrowed', 'widened', 'changed'] },
      worded_status: nstr,
      disagrees: { type: 'boolean' },
      links,
    }),
    sequence: 1427,
    occurred_at: '2023-03-15T20:05:08.000Z',
    accepted_at: '2023-03-15T20:05:08.000Z',
    detected_at: '2026-11-29T04:55:03.020Z',
    published_at: '2026-11-29T04:55:03.233Z',
    company_id: 'cmp_9e0f5193b1b5178e9241',
    ticker: 'ADBE',
    data: {
      accession_number: '0000796343-23-000044',
      cik: '0000796343',
      company_id: 'cmp_9e0f5193b1b5178e9241',
      ticker: 'ADBE',
      filing_date: '2023-03-15',
      issued_at: '2023-03-15T20:05:08.000Z',
      metric: 'eps_diluted',
      label: 'Earnings per share',
      basis: 'gaap',
      target_fiscal_year: 2023,
      target_fiscal_period: 'FY',
      unit: 'currency_per_share',
      currency: 'USD',
      scale: 'units',
      previous: null,
      current: {
        low: 10.85,
        high: 11.15,
        point: null,
        text_value: null,
        accession_number: '0000796343-23-000044',
        issued_at: '2023-03-15T20:05:08.000Z',
      },
      change: 'initiated',
      worded_status: 'raised',
      disagrees: true,
      links: {
        self: '/v1/companies/cmp_9e0f5193b1b5178e9241/guidance/changes?metric=eps_diluted&filed_at_gte=2023-03-15&filed_at_lte=2023-03-15',
      },
    },
  }),
  // --- issue 27: private offerings (Form D) and fund holdings (N-PORT) ---
  entry({
    type: 'private_offering.published',
    key: '0001968399-23-000002',
    description:
      "A Form D or D/A (Regulation D offering notice) was loaded: the issuer (`private_company_id`, and the registry company when the issuer's CIK is a listed company), the exemptions claimed and the amounts as filed (`Indefinite` kept as the string, never a number). The whole offering history is at links.self. Filter by form (`D`, `D/A`).",
    dataset: 'private_companies',
    filters: ['forms'],
    route: '/v1/private-companies',
    dataSchema: object({
      filing_id: { ...str, description: 'The accession number (a document captured without one: its URL)' },
      accession_number: nstr,
      private_company_id: str,
      cik: str,
      company_id: nstr,
      ticker: nstr,
      entity_name: str,
      form: { ...str, description: 'D | D/A' },
      filing_date: ndate,
      is_amendment: { type: ['boolean', 'null'] },
      previous_accession_number: nstr,
      state_or_country: nstr,
      industry_group: nstr,
      is_pooled_fund: { type: ['boolean', 'null'] },
      exemptions: {
        type: 'array',
        items: str,
        description: '`506(b)`, `506(c)`, `504`, `4(a)(5)`, `3(c)(7)`...',
      },
      date_of_first_sale: ndate,
      first_sale_yet_to_occur: { type: ['boolean', 'null'] },
      total_offering_amount: {
        type: ['number', 'string', 'null'],
        description: 'USD as filed, or `Indefinite`',
      },
      total_amount_sold: { type: ['number', 'null'] },
      total_remaining: { type: ['number', 'string', 'null'], description: 'USD as filed, or `Indefinite`' },
      url: str,
      links,
    }),
    sequence: 1,
    occurred_at: '2023-03-13T00:00:00.000Z',
    accepted_at: '2023-03-10T23:07:59.000Z',
    detected_at: '2026-01-30T08:15:00.000Z',
    published_at: '2026-01-30T08:15:00.412Z',
    company_id: null,
    ticker: null,
    data: {
      filing_id: '0001968399-23-000002',
      accession_number: '0001968399-23-000002',
      private_company_id: 'pvt_1b599d28b326c9977c4b',
      cik: '0001968399',
      company_id: null,
      ticker: null,
      entity_name: 'Hashnote Stablecoin Fund LP',
      form: 'D',
      filing_date: '2023-03-13',
      is_amendment: false,
      previous_accession_number: null,
      state_or_country: 'FL',
      industry_group: 'Pooled Investment Fund',
      is_pooled_fund: true,
      exemptions: ['506(c)'],
      date_of_first_sale: '2023-02-24',
      first_sale_yet_to_occur: false,
      total_offering_amount: 'Indefinite',
      total_amount_sold: 100000,
      total_remaining: 'Indefinite',
      url: 'https://www.sec.gov/Archives/edgar/data/1968399/000196839923000002/0001968399-23-000002.txt',
      links: { self: '/v1/private-companies/pvt_1b599d28b326c9977c4b' },
    },
  }),
  entry({
    type: 'fund_holdings.published',
    key: 'url:https://raw.githubusercontent.com/dgunning/edgartools/ca5a70094da7fc34890161dae9c256bb1f4c3d26/data/NPORT.Dupree.xml',
    description:
      'A fund or ETF report (NPORT-P, or an NPORT-P/A replacing the report it amends: `amends`) was loaded and is in force: the fund, the report date, net assets, the number of positions and the five largest by value (`pct_of_net_assets` in percent, 1.23 = 1.23 %). The whole report is at links.self. Filter by form.',
    dataset: 'fund_holdings',
    filters: ['forms'],
    route: '/v1/funds',
    dataSchema: object({
      accession_number: {
        ...str,
        description:
          'The accession number (the demo captures read without a filing index: `url:` + their address)',
      },
      fund_id: str,
      series_id: nstr,
      series_name: nstr,
      reg_cik: str,
      reg_name: nstr,
      form: { ...str, description: 'NPORT-P | NPORT-P/A' },
      report_date: date,
      filing_date: ndate,
      amends: {
        type: 'array',
        items: str,
        description: 'The filings of the same fund and report date this one replaces',
      },
      is_final_filing: { type: ['boolean', 'null'] },
      net_assets: { type: ['number', 'null'] },
      positions: int,
      top_positions: {
        type: 'array',
        items: object({
          name: nstr,
          cusip: nstr,
          isin: nstr,
          company_id: nstr,
          value_usd: { type: ['number', 'null'] },
          pct_of_net_assets: { type: ['number', 'null'] },
          asset_category: nstr,
        }),
      },
      links,
    }),
    sequence: 2,
    occurred_at: '2022-12-31T00:00:00.000Z',
    accepted_at: null,
    detected_at: '2026-01-30T08:15:00.000Z',
    published_at: '2026-01-30T08:15:00.690Z',
    company_id: null,
    ticker: null,
    data: {
      accession_number:
        'url:https://raw.githubusercontent.com/dgunning/edgartools/ca5a70094da7fc34890161dae9c256bb1f4c3d26/data/NPORT.Dupree.xml',
      fund_id: 'fnd_S000012000',
      series_id: 'S000012000',
      series_name: 'Kentucky Tax-Free Short-to-Medium Series',
      reg_cik: '0000311101',
      reg_name: 'Dupree Mutual Funds',
      form: 'NPORT-P',
      report_date: '2022-12-31',
      filing_date: null,
      amends: [],
      is_final_filing: false,
      net_assets: 41349926.01,
      positions: 55,
      top_positions: [
        {
          name: 'UNIVERSITY LOUISVILLE KY',
          cusip: '914391Q83',
          isin: 'US914391Q837',
          company_id: null,
          value_usd: 2041380,
          pct_of_net_assets: 4.9368407564,
          asset_category: 'DBT',
        },
        {
          name: 'KENTUCKY ST PPTY & BLDGS COMMN',
          cusip: '49151FKY5',
          isin: 'US49151FKY50',
          company_id: null,
          value_usd: 1771052.5,
          pct_of_net_assets: 4.2830850521,
          asset_category: 'DBT',
        },
        {
          name: 'KENTUCKY ST TPK AUTH',
          cusip: '491552Q73',
          isin: 'US491552Q736',
          company_id: null,
          value_usd: 1483598.15,
          pct_of_net_assets: 3.5879100476,
          asset_category: 'DBT',
        },
        {
          name: 'WARREN CNTY KY',
          cusip: '934864BJ7',
          isin: 'US934864BJ78',
          company_id: null,
          value_usd: 1388400,
          pct_of_net_assets: 3.3576843636,
          asset_category: 'DBT',
        },
        {
          name: 'JEFFERSON CNTY KY SCH DIST FIN CORP',
          cusip: '47309QBG5',
          isin: 'US47309QBG55',
          company_id: null,
          value_usd: 1286794.65,
          pct_of_net_assets: 3.1119636095,
          asset_category: 'DBT',
        },
      ],
      links: { self: '/v1/funds/fnd_S000012000/holdings?report_date=2022-12-31' },
    },
  }),
  // --- end issue 27 ---
];

export const EVENT_TYPE_BY_NAME: ReadonlyMap<string, EventType> = new Map(
  EVENT_TYPES.map((t) => [t.type, t]),
);
export const EVENT_TYPE_NAMES: readonly string[] = EVENT_TYPES.map((t) => t.type);

/** The plan an event type needs: its dataset's. */
export function eventTypePlan(type: EventType): Plan {
  return DATASETS.find((d) => d.id === type.dataset)!.minPlan;
}

export function eventTypeDatasetTitle(type: EventType): string {
  return DATASETS.find((d) => d.id === type.dataset)!.title;
}
