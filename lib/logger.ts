import { type DestinationStream, type Logger, pino } from 'pino';

export type { Logger };

/** Header and field names whose values must never reach a log line. */
const REDACT = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'headers.authorization',
  'headers["x-api-key"]',
  'apiKey',
  'key',
  '*.apiKey',
];

/**
 * Anything shaped like an API key (`fd_live_` and hex, also percent-encoded), wherever it sits in a line:
 * a message, an error text, a field no redact path names. Every serialized line passes through it.
 */
const KEY_SHAPED = /fd(?:_|%5f)live(?:_|%5f)[0-9a-f]{8,}/gi;

export function scrubLine(line: string): string {
  return line.replace(KEY_SHAPED, '[redacted]');
}

export function createLogger(level = 'info', destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT, censor: '[redacted]' },
      base: { service: 'findata' },
      hooks: { streamWrite: scrubLine },
    },
    destination,
  );
}
