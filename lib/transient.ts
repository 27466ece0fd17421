/**
 * Faults that pass by themselves: the database or Redis restarting, a connection cut, the server refusing
 * connections while it starts, a serialization conflict. The API answers them with a 503 + Retry-After
 * (never a 500), and a partition meeting one waits for the database instead of spending its retries.
 *
 * Drizzle wraps a driver error in DrizzleQueryError ("Failed query: ...") with the pg error as `cause`, so
 * the whole cause chain is read. Codes: Node socket errors; SQLSTATE class 08 (connection exception),
 * 57P01-57P03 (admin/crash shutdown, cannot connect now), 53300 (too many connections), 40001/40P01
 * (serialization failure, deadlock: retrying succeeds). Messages: what node-postgres throws without a code
 * when a connection dies under a query or the pool cannot connect in time.
 */
const CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '40001',
  '40P01',
]);

const MESSAGES = [
  /^Connection terminated( unexpectedly| due to connection timeout)?$/,
  /Client has encountered a connection error and is not queryable/,
  /^timeout exceeded when trying to connect$/,
  /^Connection is closed\.?$/, // ioredis, a command sent while Redis is down
  /^Reached the max retries per request limit/, // ioredis
];

export function isTransientFault(err: unknown): boolean {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (CODES.has(code) || code.startsWith('08')) return true;
    if (typeof e.message === 'string' && MESSAGES.some((m) => m.test(e!.message as string))) return true;
    e = e.cause as typeof e;
  }
  return false;
}
