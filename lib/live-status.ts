import type { Database } from './db.ts';

/**
 * Filing latency as users feel it: over the filings EDGAR accepted in the last hour, the time from
 * EDGAR's acceptance to our `filing.published` event (the commit that put the filing in /v1/filings and
 * pushed it), p50 and p95; and when the latest-filings feed was last polled. Filings accepted earlier and
 * loaded now (a backfill) are not in the window, so history never skews the figure.
 */
export interface LiveFilingsStatus {
  last_poll_at: string | null;
  lag_seconds: { p50: number | null; p95: number | null; filings: number };
}

export async function liveFilingsStatus(database: Database): Promise<LiveFilingsStatus> {
  const [lag] = await database.query<{ n: number; p50: number | null; p95: number | null }>(
    `select count(*)::int as n,
            percentile_cont(0.5) within group (order by extract(epoch from published_at - accepted_at))::float8 as p50,
            percentile_cont(0.95) within group (order by extract(epoch from published_at - accepted_at))::float8 as p95
       from events
      where type = 'filing.published' and accepted_at > now() - interval '1 hour'`,
  );
  const [poll] = await database.query<{ at: Date | string | null }>(
    `select finished_at as at from dataset_partitions where dataset_id = 'filings_live' and partition_key = 'live'`,
  );
  const round = (v: number | null | undefined) =>
    v === null || v === undefined ? null : Math.round(v * 10) / 10;
  return {
    last_poll_at: poll?.at ? new Date(poll.at).toISOString() : null,
    lag_seconds: { p50: round(lag?.p50), p95: round(lag?.p95), filings: lag?.n ?? 0 },
  };
}
