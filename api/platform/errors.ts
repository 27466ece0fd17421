import { STATUS_CODES } from 'node:http';

/**
 * Error bodies (spec 7). Two families: the standard body on envelope A and C routes (and on anything that
 * is not a declared route), and the flat body on the statement family and /v1/_status.
 */
export type ErrorFamily = 'standard' | 'flat';

/** Default flat messages (spec 7.2); a more specific message replaces them when one is available. */
export const FLAT_DEFAULT_MESSAGE: Record<number, string> = {
  400: 'Invalid request parameters',
  401: 'Invalid API key provided',
  402: 'This endpoint requires a paid subscription. Please upgrade your plan.',
  404: 'The requested resource was not found',
  500: 'An unexpected error occurred',
  503: 'The service is temporarily unavailable. Please retry shortly.',
};

export const STANDARD_UNAUTHORIZED = 'Invalid or missing API key';
export const MALFORMED_CURSOR = 'Malformed cursor';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const notFound = (message: string) => new ApiError(404, message);

export function reasonPhrase(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

export interface StandardErrorBody {
  success: false;
  error: {
    statusCode: number;
    message: string;
    error: string;
    path: string;
    timestamp: string;
    requestId: string;
  };
}

export interface FlatErrorBody {
  error: string;
  message: string;
}

export function errorBody(
  family: ErrorFamily,
  status: number,
  message: string | undefined,
  ctx: { path: string; requestId: string },
): StandardErrorBody | FlatErrorBody {
  if (family === 'flat') {
    return {
      error: reasonPhrase(status),
      message: message || FLAT_DEFAULT_MESSAGE[status] || reasonPhrase(status),
    };
  }
  return {
    success: false,
    error: {
      statusCode: status,
      message: message || FLAT_DEFAULT_MESSAGE[status] || reasonPhrase(status),
      error: reasonPhrase(status),
      path: ctx.path,
      timestamp: new Date().toISOString(),
      requestId: ctx.requestId,
    },
  };
}

/** The 401 message of each family (spec 5.4). */
export function unauthorized(family: ErrorFamily): ApiError {
  return new ApiError(401, family === 'flat' ? FLAT_DEFAULT_MESSAGE[401]! : STANDARD_UNAUTHORIZED);
}

// The three kinds of 402 must be told apart by their message (spec 7.3).
export function planRequired(datasetTitle: string, minPlanTitle: string, planTitle: string): ApiError {
  return new ApiError(
    402,
    `The ${datasetTitle} dataset requires the ${minPlanTitle} plan or higher; this key's account is on the ${planTitle} plan. Please upgrade your plan.`,
  );
}

export function outOfCredits(cost: number): ApiError {
  return new ApiError(
    402,
    `Insufficient credits: this request costs ${cost} credit${cost === 1 ? '' : 's'} and the account balance does not cover it. Add credits to continue; retrying will not help.`,
  );
}

export function rateLimited(status: 402 | 429, limit: number, resetSeconds: number): ApiError {
  return new ApiError(
    status,
    `Rate limit exceeded: this API key is limited to ${limit} requests per minute across the rate-limited routes. Retry after the current minute window (in ${resetSeconds} s).`,
    { 'retry-after': String(resetSeconds) },
  );
}
