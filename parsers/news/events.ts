import { createHash } from 'node:crypto';
import { clusterArticles } from './cluster.ts';

/** A company row joined to its article, as the event builder needs it. */
export interface EventMember {
  news_id: string;
  company_id: string;
  relation: 'direct' | 'knock_on';
  ticker: string | null;
  event_type: string;
  title: string;
  event_at: string;
  impact_score: number;
  magnitude: number | null;
  via: string | null;
  direction: string | null;
  why: string | null;
  link: string | null;
  publisher: string | null;
  time_basis: string;
  occurred_on: string | null;
  is_scheduled: boolean;
}

export interface EventRow {
  event_id: string;
  company_id: string;
  relation: 'direct' | 'knock_on';
  ticker: string | null;
  n_articles: number;
  first_at: string;
  last_at: string;
  peak_impact: number;
  peak_magnitude: number | null;
  via: string | null;
  direction: string;
  headline: string;
  why: string | null;
  event_type: string;
  link: string | null;
  publishers: string[];
  weakest_time_basis: string;
  occurred_on: string | null;
  is_scheduled: boolean;
  news_ids: string[];
}

/**
 * Weakest first: a fetch time says less than a zone-less local time, which says less than a published
 * timestamp (the event assumed at publication); a date the text gives relative to publication says more, a
 * calendar date it states most (parsers/news/dates.ts).
 */
const BASIS_RANK: Record<string, number> = {
  fetched: 0,
  published_local_assumed: 1,
  published: 2,
  relative: 3,
  stated: 4,
};

/** Events of one company and relation: clusters within the window; headline, why and link from the strongest article. */
export function buildEventRows(members: EventMember[]): EventRow[] {
  const out: EventRow[] = [];
  const groups = new Map<string, EventMember[]>();
  for (const m of members) {
    const k = `${m.company_id}|${m.relation}`;
    groups.set(k, [...(groups.get(k) ?? []), m]);
  }
  for (const rows of groups.values()) {
    for (const [key, ms] of clusterArticles(rows)) {
      const strongest = ms.reduce((b, m) => (m.impact_score > b.impact_score ? m : b));
      const counts = new Map<string, number>();
      for (const m of ms) if (m.direction) counts.set(m.direction, (counts.get(m.direction) ?? 0) + 1);
      const direction =
        [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? 'neutral';
      const first = ms[0] as EventMember;
      const mags = ms.map((m) => m.magnitude).filter((x): x is number => x !== null);
      out.push({
        event_id: `evt_${createHash('sha1').update(`${key}|${first.relation}`).digest('hex').slice(0, 16)}`,
        company_id: first.company_id,
        relation: first.relation,
        ticker: first.ticker,
        n_articles: ms.length,
        first_at: first.event_at,
        last_at: (ms[ms.length - 1] as EventMember).event_at,
        peak_impact: strongest.impact_score,
        peak_magnitude: mags.length ? Math.max(...mags) : null,
        via: strongest.via,
        direction,
        headline: strongest.title,
        why: strongest.why,
        event_type: strongest.event_type,
        link: strongest.link,
        publishers: [...new Set(ms.map((m) => m.publisher).filter((p): p is string => Boolean(p)))],
        weakest_time_basis:
          ms.map((m) => m.time_basis).sort((a, b) => (BASIS_RANK[a] ?? 0) - (BASIS_RANK[b] ?? 0))[0] ??
          'fetched',
        // the earliest date its articles give (an article may state the day before the first report)
        occurred_on:
          ms
            .map((m) => m.occurred_on)
            .filter((d): d is string => Boolean(d))
            .sort()[0] ?? null,
        is_scheduled: ms.every((m) => m.is_scheduled),
        news_ids: ms.map((m) => m.news_id),
      });
    }
  }
  return out;
}
