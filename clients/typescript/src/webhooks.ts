import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Verifies a findata webhook (Standard Webhooks, https://www.standardwebhooks.com): the signature in
 * `webhook-signature` over `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with your subscription's
 * `whsec_` secret, and a `webhook-timestamp` within the tolerance (5 minutes by default) of your clock, so a
 * captured request cannot be replayed later.
 *
 * Pass the raw body exactly as received (a string or the bytes), never a re-serialized JSON object: one
 * changed space breaks the signature. During a secret rotation the header carries one signature per active
 * secret; any one valid signature is enough. Deliveries are at least once: deduplicate on `webhook-id` (the
 * event id, the same on every retry and redelivery) and order by the payload's `sequence`.
 *
 * Returns the parsed payload; throws WebhookVerificationError (with a reason) otherwise.
 */
/** Request headers as a plain object with lower-case names (Node's IncomingHttpHeaders, Express, Fastify). */
export type WebhookHeaders = Record<string, string | string[] | null | undefined>;

export interface VerifyOptions {
  /** Largest accepted distance between webhook-timestamp and now, in seconds (default 300). */
  toleranceSeconds?: number;
  /** Now, in unix seconds (tests). */
  now?: number;
}

/** The body findata sends: one event of the log (GET /v1/events serves the same objects). */
export interface WebhookEvent {
  id: string;
  type: string;
  sequence: number;
  occurred_at: string;
  accepted_at: string | null;
  detected_at: string;
  published_at: string;
  company_id: string | null;
  ticker: string | null;
  data: Record<string, unknown>;
}

export const WEBHOOK_TOLERANCE_SECONDS = 300;

export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
}

function header(headers: WebhookHeaders | Headers, name: string): string {
  const v =
    typeof (headers as Headers).get === 'function'
      ? (headers as Headers).get(name)
      : (headers as WebhookHeaders)[name];
  const s = Array.isArray(v) ? v[0] : v;
  if (!s) throw new WebhookVerificationError(`missing ${name} header`);
  return s;
}

export function verifyWebhook(
  secret: string,
  rawBody: string | Uint8Array,
  headers: WebhookHeaders | Headers,
  options: VerifyOptions = {},
): WebhookEvent {
  if (!secret.startsWith('whsec_')) throw new WebhookVerificationError('the secret must start with whsec_');
  const key = Buffer.from(secret.slice(6), 'base64');
  const id = header(headers, 'webhook-id');
  const ts = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!/^\d+$/.test(ts)) throw new WebhookVerificationError('webhook-timestamp is not unix seconds');
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const tolerance = options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS;
  if (Math.abs(now - Number(ts)) > tolerance)
    throw new WebhookVerificationError(`webhook-timestamp is more than ${tolerance} s from now`);
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody);
  const expected = createHmac('sha256', key)
    .update(Buffer.concat([Buffer.from(`${id}.${ts}.`, 'utf8'), body]))
    .digest();
  const valid = signatures.split(' ').some((entry) => {
    const [version, sig] = entry.split(',', 2);
    if (version !== 'v1' || !sig) return false;
    const given = Buffer.from(sig, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!valid) throw new WebhookVerificationError('no valid v1 signature for this secret');
  return JSON.parse(body.toString('utf8')) as WebhookEvent;
}
