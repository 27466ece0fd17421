import { datasetDecl, type Plan } from '../datasets.ts';
import { EVENT_TYPES as CATALOG } from '../events/catalog.ts';

/**
 * The event types a subscription may name, read from the event catalog (lib/events/catalog.ts): the dataset
 * each comes from (its plan gates delivery) and the catalog's real example, which `POST .../test` sends.
 * News subscriptions (/v1/news/subscriptions) take the news types only.
 */
export interface WebhookEventType {
  type: string;
  dataset: string;
  /** Types a news subscription (/v1/news/subscriptions) may name. */
  news: boolean;
  example: Record<string, unknown>;
}

const NEWS_TYPES = new Set(['news_article.published', 'news_event.published']);

export const EVENT_TYPES: readonly WebhookEventType[] = CATALOG.map((t) => ({
  type: t.type,
  dataset: t.dataset,
  news: NEWS_TYPES.has(t.type),
  example: t.example as unknown as Record<string, unknown>,
}));

const BY_TYPE = new Map(EVENT_TYPES.map((t) => [t.type, t]));

export function eventType(type: string): WebhookEventType | undefined {
  return BY_TYPE.get(type);
}

/** The plan an event type needs: its dataset's. Unknown types need the highest plan (never leaked). */
export function planForType(type: string): Plan {
  const t = BY_TYPE.get(type);
  return t ? datasetDecl(t.dataset).minPlan : 'fund';
}
