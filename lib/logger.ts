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
  // webhook signing secrets (lib/webhooks): never logged, wherever they sit
  'secret',
  '*.secret',
  'previous_secret',
  '*.previous_secret',
];

/**
 * Anything shaped like an API key (`fd_live_` and hex, also percent-encoded), wherever it sits in a line:
 * a message, an error text, a field no redact path names. Every serialized line passes through it.
 */
const KEY_SHAPED = /fd(?:_|%5f)live(?:_|%5f)[0-9a-f]{8,}/gi;

/** A webhook signing secret (Standard Webhooks `whsec_` + base64), however it reached a line. */
const SECRET_SHAPED = /whsec_[A-Za-z0-9+/=%]{16,}/g;

export function scrubLine(line: string): string {
  return line.replace(KEY_SHAPED, '[redacted]').replace(SECRET_SHAPED, '[redacted]');
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
