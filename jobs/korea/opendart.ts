import { and, gte, inArray, sql } from 'drizzle-orm';
import { DartKeyError, DartThrottledError } from '../../parsers/korea/status.ts';
import { datasetPartitions } from '../../schema/index.ts';
import { redactUrl } from '../http/client.ts';
import type { JobContext } from '../types.ts';

/** Datasets whose partitions each cost one OpenDART call; they share the key's daily budget. */
export const DART_DATASETS = ['kr_companies', 'kr_financials', 'kr_sections', 'disclosures'];

/**
 * An OpenDART URL. Live calls carry the key (`crtfc_key`, redacted in logs and on rows); the offline mirror
 * needs none. A live call without DART_API_KEY is an operator error, said before any request is made.
 */
export function dartUrl(ctx: JobContext, endpoint: string, params: Record<string, string>): string {
  const q = new URLSearchParams(params);
  if (ctx.config.UPSTREAM === 'live') {
    if (!ctx.config.DART_API_KEY) throw new DartKeyError('010', 'DART_API_KEY is not set');
    q.set('crtfc_key', ctx.config.DART_API_KEY);
  }
  return `https://opendart.fss.or.kr/api/${endpoint}?${q.toString()}`;
}

/**
 * The daily call budget (DART_DAILY_BUDGET, per UTC day) across every worker: counted from the partitions the
 * Korea datasets finished today, which the database shares. Over budget is throttling: the partition fails
 * with a retryable error and runs again after the day turns. The per-second pace is the shared limiter's
 * bucket for the OpenDART host.
 */
export async function assertDartBudget(ctx: JobContext): Promise<void> {
  if (ctx.config.UPSTREAM !== 'live') return;
  const dayStart = new Date(`${ctx.now.toISOString().slice(0, 10)}T00:00:00Z`);
  const [row] = await ctx.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(datasetPartitions)
    .where(
      and(inArray(datasetPartitions.datasetId, DART_DATASETS), gte(datasetPartitions.finishedAt, dayStart)),
    );
  if ((row?.n ?? 0) >= ctx.config.DART_DAILY_BUDGET)
    throw new DartThrottledError(
      `OpenDART daily budget of ${ctx.config.DART_DAILY_BUDGET} calls used; resumes after 00:00 UTC`,
      'https://opendart.fss.or.kr/api/',
      429,
    );
}

export const safeCtx = (doc: { url: string; fetchedAt: string }) => ({
  url: redactUrl(doc.url),
  fetchedAt: doc.fetchedAt,
});
