import { randomFillSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * Client request ids (X-Request-ID). A client id is used as given only when it is short and plain:
 * 1-64 characters of `A-Z a-z 0-9 . _ : -`, and nothing that looks like a secret: no `fd_live_` key prefix
 * (any case) and no run of 24 or more hexadecimal digits (a key's secret part is 40). Anything else is
 * replaced by a generated UUID, and the response says so in `X-Request-ID-Refused`. The id is written to
 * the log, the credit ledger and the usage events, so this rule is what keeps a pasted key out of them.
 */
export const REQUEST_ID_MAX = 64;
const PLAIN = /^[A-Za-z0-9._:-]{1,64}$/;
const KEY_LIKE = /fd_live_|[0-9a-f]{24,}/i;

export type RequestIdVerdict = 'ok' | 'absent' | 'too_long' | 'characters' | 'key_like';

export function requestIdVerdict(given: unknown): RequestIdVerdict {
  if (typeof given !== 'string' || given === '') return 'absent';
  if (given.length > REQUEST_ID_MAX) return 'too_long';
  if (!PLAIN.test(given)) return 'characters';
  if (KEY_LIKE.test(given)) return 'key_like';
  return 'ok';
}

const REASON: Record<Exclude<RequestIdVerdict, 'ok' | 'absent'>, string> = {
  too_long: `longer than ${REQUEST_ID_MAX} characters`,
  characters: 'characters other than A-Z a-z 0-9 . _ : -',
  key_like: 'looks like a secret (key prefix or a long hex run)',
};

/** Fastify's genReqId: the client's id when acceptable, else a new UUID. */
export function requestIdFor(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return requestIdVerdict(given) === 'ok' ? (given as string) : newRequestId();
}

const UUIDS_PER_FILL = 128;
const random = Buffer.alloc(16 * UUIDS_PER_FILL);
let used = UUIDS_PER_FILL;
const text = Buffer.from('00000000-0000-4000-8000-000000000000', 'latin1');
/** The text positions of a UUID's 16 bytes (two hex digits each, dashes at 8, 13, 18 and 23). */
const AT = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
const HEX = Buffer.from('0123456789abcdef', 'latin1');

/**
 * A random (version 4) UUID, as node's `crypto.randomUUID()` makes it: 122 bits from the CSPRNG, drawn 128
 * UUIDs' worth at a time, the version nibble 4 and the variant bits 10. The text is written into one buffer and
 * read out as one string: node joins it from 20 pieces, ~500 bytes of garbage per request (bench/api-alloc.ts).
 */
export function newRequestId(): string {
  if (used === UUIDS_PER_FILL) {
    randomFillSync(random);
    used = 0;
  }
  const o = 16 * used++;
  for (let i = 0; i < 16; i++) {
    let b = random[o + i]!;
    if (i === 6) b = (b & 0x0f) | 0x40;
    else if (i === 8) b = (b & 0x3f) | 0x80;
    text[AT[i]!] = HEX[b >> 4]!;
    text[AT[i]! + 1] = HEX[b & 15]!;
  }
  return text.toString('latin1', 0, 36);
}

/** The X-Request-ID-Refused header value when a client id was sent and replaced, else null. */
export function refusedReason(req: { headers: IncomingMessage['headers'] }): string | null {
  const v = requestIdVerdict(req.headers['x-request-id']);
  return v === 'ok' || v === 'absent' ? null : REASON[v];
}
