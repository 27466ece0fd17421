import { datasetDecl, type Plan } from '../datasets.ts';

/**
 * The event types a subscription may name, the dataset each comes from (its plan gates delivery) and an
 * example payload for `POST .../test`.
 *
 * NOTE for the merge: lib/events/catalog.ts (branch i24a) is the catalog of record (JSON Schema and a real
 * example per type). This branch did not have it, so this small map stands in; after the merge, build
 * EVENT_TYPES from the catalog (type, dataset, example) and delete the local examples.
 */
export interface WebhookEventType {
  type: string;
  dataset: string;
  /** Types a news subscription (/v1/news/subscriptions) may name. */
  news: boolean;
  example: Record<string, unknown>;
}

const APPLE = { company_id: 'cmp_example_apple', ticker: 'AAPL' };

const base = (type: string, occurred: string, data: Record<string, unknown>, company = APPLE) => ({
  id: `evt_example_${type.replace(/\W/g, '_')}`,
  type,
  sequence: 0,
  occurred_at: occurred,
  accepted_at: null as string | null,
  detected_at: '2026-01-31T12:00:00.000Z',
  published_at: '2026-01-31T12:00:01.000Z',
  ...company,
  data,
});

export const EVENT_TYPES: readonly WebhookEventType[] = [
  {
    type: 'filing.published',
    dataset: 'filings',
    news: false,
    // Apple's 10-Q for the quarter ended 2023-07-01 (the filings fixture's newest indexed filing).
    example: {
      ...base('filing.published', '2023-08-04T00:00:00.000Z', {
        accession_number: '0000320193-23-000077',
        form: '10-Q',
        cik: '0000320193',
        company_name: 'Apple Inc.',
        links: { self: '/v1/filings?ticker=AAPL&filing_type=10-Q' },
      }),
      accepted_at: '2023-08-04T20:31:04.000Z',
    },
  },
  {
    type: 'filing_items.published',
    dataset: 'filing_items',
    news: false,
    example: base('filing_items.published', '2023-08-04T00:00:00.000Z', {
      accession_number: '0000320193-23-000077',
      form: '10-Q',
      items: ['part1item2', 'part2item1a'],
      links: { self: '/v1/filings/items?ticker=AAPL&filing_type=10-Q&year=2023&quarter=3' },
    }),
  },
  {
    type: '8k_event.published',
    dataset: '8k_events',
    news: false,
    example: base('8k_event.published', '2023-08-03T00:00:00.000Z', {
      accession_number: '0000320193-23-000074',
      form: '8-K',
      item: '2.02',
      family: 'earnings',
      links: { self: '/v1/8k-events?ticker=AAPL' },
    }),
  },
  {
    type: 'insider_trade.published',
    dataset: 'insider_trades',
    news: false,
    example: base('insider_trade.published', '2023-08-08T00:00:00.000Z', {
      accession_number: '0000320193-23-000079',
      form: '4',
      links: { self: '/v1/insider-trades?ticker=AAPL' },
    }),
  },
  {
    type: 'institutional_holdings.published',
    dataset: 'institutional_holdings',
    news: false,
    example: base('institutional_holdings.published', '2023-06-30T00:00:00.000Z', {
      accession_number: '0000950123-23-007841',
      form: '13F-HR',
      links: { self: '/v1/institutional-ownership?ticker=AAPL' },
    }),
  },
  {
    type: 'financials.updated',
    dataset: 'financials',
    news: false,
    example: base('financials.updated', '2023-07-01T00:00:00.000Z', {
      accession_number: '0000320193-23-000077',
      period: 'quarterly',
      report_period: '2023-07-01',
      links: { self: '/v1/financials/income-statements?ticker=AAPL&period=quarterly' },
    }),
  },
  {
    type: 'news_event.published',
    dataset: 'news',
    news: true,
    example: base('news_event.published', '2026-01-30T14:05:00.000Z', {
      event_id: 'nev_example',
      event_type: 'earnings',
      peak_impact: 72,
      links: { self: '/v1/news/events?ticker=AAPL' },
    }),
  },
  {
    type: 'news_article.published',
    dataset: 'news',
    news: true,
    example: base('news_article.published', '2026-01-30T14:00:00.000Z', {
      news_id: 'nws_example',
      title: 'Apple reports first-quarter results',
      channel: 'press_release',
      region: 'US',
      impact_score: 72,
      links: { self: '/v1/news?ticker=AAPL' },
    }),
  },
  {
    type: 'corporate_event.published',
    dataset: 'companies',
    news: false,
    example: base('corporate_event.published', '2026-01-30T00:00:00.000Z', {
      kind: 'name_change',
      links: { self: '/v1/companies/cmp_example_apple' },
    }),
  },
];

const BY_TYPE = new Map(EVENT_TYPES.map((t) => [t.type, t]));

export function eventType(type: string): WebhookEventType | undefined {
  return BY_TYPE.get(type);
}

/** The plan an event type needs: its dataset's. Unknown types need the highest plan (never leaked). */
export function planForType(type: string): Plan {
  const t = BY_TYPE.get(type);
  return t ? datasetDecl(t.dataset).minPlan : 'fund';
}
