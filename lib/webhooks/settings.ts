import type { Config } from '../config.ts';
import { SecretBox } from './signing.ts';

/** Everything the webhook routes, the dispatcher and the sender read from the config. */
export interface WebhookSettings {
  allowPrivate: boolean;
  maxSubscriptions: number;
  timeoutMs: number;
  rotationGraceMs: number;
  disableAfterMs: number;
  retryScale: number;
  concurrency: number;
  pollMs: number;
  box: SecretBox;
}

export function webhookSettings(config: Config): WebhookSettings {
  return {
    // The offline demo (UPSTREAM=fixtures) sends to local receivers by default; a live deployment never does
    // unless the operator says so.
    allowPrivate: (config.WEBHOOKS_ALLOW_PRIVATE ?? (config.UPSTREAM === 'fixtures' ? '1' : '0')) === '1',
    maxSubscriptions: config.WEBHOOKS_MAX_SUBSCRIPTIONS,
    timeoutMs: config.WEBHOOKS_TIMEOUT_MS,
    rotationGraceMs: config.WEBHOOKS_ROTATION_GRACE_MS,
    disableAfterMs: config.WEBHOOKS_DISABLE_AFTER_MS,
    retryScale: config.WEBHOOKS_RETRY_SCALE,
    concurrency: config.WEBHOOKS_CONCURRENCY,
    pollMs: config.WEBHOOKS_POLL_MS,
    box: new SecretBox(config.WEBHOOKS_ENCRYPTION_KEY),
  };
}

/**
 * The retry schedule of Standard Webhooks' example (after the immediate first attempt): 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h, 14 h, 20 h, 24 h: ten attempts over 75.6 hours (about 3 days), each delay with +-20 %
 * jitter so that many receivers failing together do not retry together.
 */
export const RETRY_DELAYS_MS = [
  5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 50_400_000, 72_000_000, 86_400_000,
] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** The delay before attempt `attempt + 1` after `attempt` failed, or null when the schedule is exhausted. */
export function retryDelayMs(attempt: number, scale: number, random = Math.random): number | null {
  const base = RETRY_DELAYS_MS[attempt - 1];
  if (base === undefined) return null;
  return Math.round(base * scale * (0.8 + 0.4 * random()));
}

/** A Retry-After header (seconds or an HTTP date) in ms, capped at 24 h; null when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const v = value.trim();
  let ms: number;
  if (/^\d+$/.test(v)) ms = Number(v) * 1000;
  else {
    const at = Date.parse(v);
    if (Number.isNaN(at)) return null;
    ms = Math.max(0, at - now);
  }
  return Math.min(ms, 86_400_000);
}
