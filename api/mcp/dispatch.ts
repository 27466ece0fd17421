import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Logger } from '../../lib/logger.ts';
import type { KeyPrincipal } from '../platform/auth.ts';
import type { RouteEntry } from '../platform/pipeline.ts';
import { observeRequest } from '../platform/request-log.ts';
import type { AnyRoute } from '../platform/route.ts';
import type { ToolRequest } from './tools.ts';

/**
 * How a tool call reaches its route: the route's own pipeline, entered in process (the same function the
 * HTTP handler calls), with the caller's key headers and request id. Auth, plan, parameter checks, rate
 * limit, credits and refunds, usage, envelope and error body are all the route's, so the tool can never
 * answer differently from the route; and the call is counted and logged as one request of that route.
 */
export interface DispatchResult {
  status: number;
  /** The route's response body (JSON text). */
  body: string;
  requestId: string;
}

/** Who is calling: the key headers exactly as presented, the request id, and the request's logger. */
export interface Caller {
  authorization?: string | undefined;
  apiKey?: string | undefined;
  /** The account of those headers, when the MCP endpoint has authenticated them in this request. */
  principal?: KeyPrincipal | undefined;
  requestId?: string | undefined;
  log?: Logger | undefined;
}

export type Dispatch = (req: ToolRequest, caller: Caller) => Promise<DispatchResult>;

function urlOf(req: ToolRequest): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(req.query))
    for (const one of Array.isArray(v) ? v : [v]) q.append(k, one);
  const s = q.toString();
  return s ? `${req.url}?${s}` : req.url;
}

export function directDispatch(entries: ReadonlyMap<AnyRoute, RouteEntry>, log: Logger): Dispatch {
  return async (req, caller) => {
    const entry = entries.get(req.route);
    if (!entry) throw new Error(`No route registered for the tool of ${req.route.path}`);
    const id = caller.requestId ?? randomUUID();
    const reqLog = caller.log ?? log.child({ reqId: id });
    const headers: IncomingHttpHeaders = {};
    if (caller.authorization !== undefined) headers.authorization = caller.authorization;
    if (caller.apiKey !== undefined) headers['x-api-key'] = caller.apiKey;
    const start = performance.now();
    const res = await entry({
      headers,
      ...(caller.principal ? { principal: caller.principal } : {}),
      query: req.query,
      params: req.params,
      body: req.body,
      id,
      path: req.url,
      log: reqLog,
    });
    const body = JSON.stringify(res.body);
    observeRequest(reqLog, {
      method: req.method,
      url: reqLog.isLevelEnabled('info') ? urlOf(req) : req.url,
      route: req.route.path,
      statusCode: res.status,
      ms: performance.now() - start,
      keyId: res.keyId,
    });
    return { status: res.status, body, requestId: id };
  };
}
