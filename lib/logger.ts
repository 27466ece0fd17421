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

export function createLogger(level = 'info', destination?: DestinationStream): Logger {
  return pino(
    { level, redact: { paths: REDACT, censor: '[redacted]' }, base: { service: 'findata' } },
    destination,
  );
}
