import { ParseError, UpstreamError } from '../../lib/errors.ts';

/** OpenDART answers errors with HTTP 200 and a `status` in the body; these are its documented codes. */
export const DART_STATUS = {
  '000': 'ok',
  '010': 'unregistered key',
  '011': 'key not usable (suspended)',
  '012': 'IP not allowed for this key',
  '013': 'no data',
  '014': 'file does not exist',
  '020': 'request limit exceeded',
  '021': 'too many companies requested',
  '100': 'invalid field value',
  '101': 'invalid access',
  '800': 'service under maintenance',
  '900': 'undefined error',
  '901': 'key expired (personal information retention period)',
} as const;

/** A key problem (010, 011, 012, 901): an operator must fix DART_API_KEY; retrying cannot help. */
export class DartKeyError extends Error {
  override name = 'DartKeyError';
  constructor(
    readonly status: string,
    message: string,
  ) {
    super(`OpenDART rejected the API key (status ${status}: ${message}); check DART_API_KEY`);
  }
}

/** Status 020 (daily/minute budget exhausted) and 800 (maintenance): throttling, wait and retry later. */
export class DartThrottledError extends UpstreamError {
  override name = 'DartThrottledError';
}

/**
 * Reads the envelope of an OpenDART JSON body. Returns 'ok' or 'no_data' (status 013: the report or section
 * does not exist, which is an answer, not a failure); throws a typed error for every other status.
 */
export function checkDartStatus(body: unknown, url: string): 'ok' | 'no_data' {
  const env = body as { status?: unknown; message?: unknown } | null;
  // a captured error body nests the envelope one level down: {"message":{"status":"010","message":""}}
  const inner =
    env && typeof env.message === 'object' && env.message !== null ? (env.message as typeof env) : env;
  const status = typeof inner?.status === 'string' ? inner.status : undefined;
  const message = typeof inner?.message === 'string' && inner.message ? inner.message : undefined;
  if (!status) throw new ParseError('OpenDART body without a status', url);
  const known = DART_STATUS[status as keyof typeof DART_STATUS] ?? 'unknown status';
  if (status === '000') return 'ok';
  if (status === '013') return 'no_data';
  if (['010', '011', '012', '901'].includes(status)) throw new DartKeyError(status, message ?? known);
  if (status === '020' || status === '800')
    throw new DartThrottledError(`OpenDART status ${status}: ${message ?? known}`, url, 429);
  throw new UpstreamError(`OpenDART status ${status}: ${message ?? known}`, url, 400);
}

/**
 * Parses an OpenDART JSON body and reads its envelope (checkDartStatus): the body, or null for status 013
 * (no data). A body that is not JSON is a ParseError.
 */
export function readDartBody<T>(bytes: Buffer, url: string): T | null {
  let body: T;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new ParseError('OpenDART body is not JSON', url, { cause: err });
  }
  return checkDartStatus(body, url) === 'no_data' ? null : body;
}
