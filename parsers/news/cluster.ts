/** Articles about the same company and event within a window form one event. */
export interface Clusterable {
  news_id: string;
  company_id: string | null;
  event_type: string;
  title: string;
  event_at: string;
  impact_score: number;
}

export const CLUSTER_WINDOW_HOURS = 48;
export const DUPLICATE_WINDOW_HOURS = 24;

export function titleWords(title: string): Set<string> {
  return new Set(
    title
      .toLowerCase()
      .replace(/\s+-\s+[^-]+$/, '')
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 2),
  );
}

/** Jaccard similarity of the titles' word sets (words of 3+ letters). */
export function titleSimilarity(a: string, b: string): number {
  const x = titleWords(a);
  const y = titleWords(b);
  if (x.size === 0 || y.size === 0) return a.trim() === b.trim() ? 1 : 0;
  let inter = 0;
  for (const w of x) if (y.has(w)) inter++;
  return inter / (x.size + y.size - inter);
}

const hours = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / 3_600_000;

/**
 * Assign each article an event key: the same company and event type within the window, or a title at least
 * half alike within the window, joins the earliest open event; otherwise it opens one. Input order does not matter.
 */
export function clusterArticles<T extends Clusterable>(rows: T[]): Map<string, T[]> {
  const sorted = [...rows].sort(
    (a, b) => a.event_at.localeCompare(b.event_at) || a.news_id.localeCompare(b.news_id),
  );
  const events = new Map<string, T[]>();
  const open: { key: string; company: string | null; type: string; members: T[] }[] = [];
  for (const r of sorted) {
    const hit = open.find(
      (e) =>
        e.company === r.company_id &&
        hours((e.members[0] as T).event_at, r.event_at) <= CLUSTER_WINDOW_HOURS &&
        ((e.company !== null && e.type === r.event_type) ||
          e.members.some((m) => titleSimilarity(m.title, r.title) >= 0.5)),
    );
    if (hit) {
      hit.members.push(r);
    } else {
      const key = `${r.company_id ?? 'macro'}:${r.news_id}`;
      const e = { key, company: r.company_id, type: r.event_type, members: [r] };
      open.push(e);
      events.set(key, e.members);
    }
  }
  return events;
}
