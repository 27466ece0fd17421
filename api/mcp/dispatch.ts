import type { FastifyInstance } from 'fastify';
import type { ToolRequest } from './tools.ts';

/**
 * How a tool call reaches its route. Both ways send the real request, with the caller's key, through the
 * platform (auth, plan, credits and refunds, rate limits, usage, request id, envelope, error body), so the
 * tool can never answer differently from the route.
 */
export interface DispatchResult {
  status: number;
  /** The route's response body, as sent (JSON text). */
  body: string;
  requestId: string;
}

export interface Credentials {
  /** `authorization` and/or `x-api-key`, exactly as the caller presented them. */
  authorization?: string;
  apiKey?: string;
  requestId?: string;
}

export type Dispatch = (req: ToolRequest, creds: Credentials) => Promise<DispatchResult>;

function headersOf(creds: Credentials, json: boolean): Record<string, string> {
  const h: Record<string, string> = {};
  if (creds.authorization !== undefined) h.authorization = creds.authorization;
  if (creds.apiKey !== undefined) h['x-api-key'] = creds.apiKey;
  if (creds.requestId !== undefined) h['x-request-id'] = creds.requestId;
  if (json) h['content-type'] = 'application/json';
  return h;
}

/** In process: the same fastify instance answers the route (no socket, same handlers and hooks). */
export function injectDispatch(app: FastifyInstance): Dispatch {
  return async (req, creds) => {
    const res = await app.inject({
      method: req.method,
      url: req.url,
      query: req.query,
      headers: headersOf(creds, req.body !== undefined),
      ...(req.body !== undefined ? { payload: JSON.stringify(req.body) } : {}),
    });
    return { status: res.statusCode, body: res.body, requestId: String(res.headers['x-request-id'] ?? '') };
  };
}

/** Over HTTP to a running API (`etl mcp --url`): for a stdio agent beside an `etl start` that owns the database. */
export function httpDispatch(baseUrl: string): Dispatch {
  const base = baseUrl.replace(/\/+$/, '');
  return async (req, creds) => {
    const url = new URL(base + req.url);
    for (const [k, v] of Object.entries(req.query)) {
      for (const one of Array.isArray(v) ? v : [v]) url.searchParams.append(k, one);
    }
    const res = await fetch(url, {
      method: req.method,
      headers: headersOf(creds, req.body !== undefined),
      ...(req.body !== undefined ? { body: JSON.stringify(req.body) } : {}),
    });
    return { status: res.status, body: await res.text(), requestId: res.headers.get('x-request-id') ?? '' };
  };
}
