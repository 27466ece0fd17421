import type { SubscriptionFilters } from '../../schema/webhooks.ts';

/** An event as the matcher sees it (a row of the log). */
export interface MatchableEvent {
  type: string;
  company_id: string | null;
  ticker: string | null;
  data: Record<string, unknown>;
}

/** The payload fields a filter reads, in order of preference (the first present one counts). */
const FIELDS = {
  forms: ['form'],
  families: ['family', 'families'],
  channels: ['channel'],
  regions: ['region'],
  min_impact: ['impact_score', 'peak_impact', 'impact'],
} as const;

function field(data: Record<string, unknown>, names: readonly string[]): unknown {
  for (const n of names) if (data[n] !== undefined && data[n] !== null) return data[n];
  return undefined;
}

const lower = (v: unknown) => String(v).toLowerCase();

/** True when a list filter accepts the value (a list value matches when any element is listed). */
function listed(filter: string[] | undefined, value: unknown): boolean {
  if (!filter || filter.length === 0 || value === undefined) return true;
  const wanted = new Set(filter.map(lower));
  const values = Array.isArray(value) ? value : [value];
  return values.some((v) => wanted.has(lower(v)));
}

/**
 * Whether a subscription receives an event. `types` must list the event's type. `tickers` and
 * `company_ids` together name companies: when either is given, the event must be about one of them (an
 * event about no company does not match). The other filters apply to the events whose payload carries the
 * field they read (`forms`: data.form; `families`: data.family; `channels`: data.channel; `regions`:
 * data.region; `min_impact`: data.impact_score or data.peak_impact), and pass the others: a subscription to
 * filings and news with `forms: ["8-K"]` still gets its news.
 */
export function matches(types: readonly string[], f: SubscriptionFilters, e: MatchableEvent): boolean {
  if (!types.includes(e.type)) return false;
  const companies = (f.tickers?.length ?? 0) + (f.company_ids?.length ?? 0) > 0;
  if (companies) {
    const byTicker = e.ticker !== null && (f.tickers ?? []).some((t) => lower(t) === lower(e.ticker));
    const byId = e.company_id !== null && (f.company_ids ?? []).includes(e.company_id);
    if (!byTicker && !byId) return false;
  }
  const d = e.data ?? {};
  if (!listed(f.forms, field(d, FIELDS.forms))) return false;
  if (!listed(f.families, field(d, FIELDS.families))) return false;
  if (!listed(f.channels, field(d, FIELDS.channels))) return false;
  if (!listed(f.regions, field(d, FIELDS.regions))) return false;
  if (f.min_impact !== undefined) {
    const impact = field(d, FIELDS.min_impact);
    if (impact !== undefined && Number(impact) < f.min_impact) return false;
  }
  return true;
}
