import type { Logger } from '../../lib/logger.ts';
import { metrics } from '../../lib/metrics.ts';
import { scrubUrl } from './keys.ts';

/** One answered request: what the metrics count and the request log line says (never the key itself). */
export interface AnsweredRequest {
  method: string;
  url: string;
  /** The route template (`/v1/companies/:company_id`), undefined when no route matched. */
  route: string | undefined;
  statusCode: number;
  ms: number;
  keyId: string | null;
}

/**
 * Counts the request (by method, route template and status) and writes its log line. Called for every
 * HTTP request (the onResponse hook) and for every MCP tool call, which is one request of its route.
 */
export function observeRequest(log: Logger, r: AnsweredRequest): void {
  const labels = { method: r.method, route: r.route ?? 'unmatched', status: String(r.statusCode) };
  metrics.httpRequests.inc(labels);
  metrics.httpDuration.observe(labels, r.ms / 1000);
  if (!log.isLevelEnabled('info')) return;
  log.info(
    {
      method: r.method,
      url: scrubUrl(r.url),
      route: r.route,
      statusCode: r.statusCode,
      ms: Math.round(r.ms * 10) / 10,
      keyId: r.keyId,
    },
    'request',
  );
}
