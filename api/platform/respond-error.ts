import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from '../../lib/logger.ts';
import { isTransientFault } from '../../lib/transient.ts';
import { ApiError, type ErrorFamily, errorBody } from './errors.ts';
import { scrubKeys } from './keys.ts';

/**
 * Error responses: any error a request met becomes its family's body (standard or flat, spec 7) with the
 * right status. A database or network fault that will pass (lib/transient.ts) is a 503 with Retry-After; anything unexpected
 * is a 500 whose details go to the log (keys scrubbed), never to the client.
 */

export interface ErrorResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * The family's error body for `err`, with its status and headers (Retry-After). Unexpected faults are
 * logged, never leaked. `where` names the request in the body (path, request id) and in the log (route).
 */
export function errorResponse(
  err: unknown,
  family: ErrorFamily,
  where: { path: string; requestId: string; route?: string | undefined },
  log: Logger,
): ErrorResponse {
  let status = 500;
  let message: string | undefined;
  let headers: Record<string, string> = {};
  if (err instanceof ApiError) {
    status = err.statusCode;
    message = err.message;
    headers = err.headers;
  } else {
    const e = err as { code?: string; statusCode?: number; message?: string };
    // lib/transient.ts: read through Drizzle's wrapper (the pg error is its cause) and pg's code-less errors
    if (isTransientFault(err)) {
      status = 503;
      headers = { 'retry-after': '5' };
    } else if (typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
      status = e.statusCode;
      message = e.message;
    }
    if (status >= 500) {
      // An error message can quote its input; scrub anything shaped like a key before it reaches a log.
      const e2 = err as { name?: string; message?: string; stack?: string; code?: string };
      const safe = {
        type: e2?.name,
        code: e2?.code,
        message: scrubKeys(String(e2?.message)),
        stack: scrubKeys(String(e2?.stack)),
      };
      log.error({ err: safe, reqId: where.requestId, route: where.route }, 'request failed');
    }
  }
  return {
    status,
    headers,
    body: errorBody(family, status, message, { path: where.path, requestId: where.requestId }),
  };
}

/** Sends the family's error body and returns the status sent. */
export function sendError(
  req: FastifyRequest,
  reply: FastifyReply,
  err: unknown,
  family: ErrorFamily,
  log: Logger,
): number {
  const out = errorResponse(
    err,
    family,
    { path: pathOf(req), requestId: req.id, route: req.routeOptions?.url },
    log,
  );
  reply.code(out.status).headers(out.headers).send(out.body);
  return out.status;
}

export function pathOf(req: FastifyRequest): string {
  const q = req.url.indexOf('?');
  return q === -1 ? req.url : req.url.slice(0, q);
}
