import { createHash, hash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * API key format (spec part 5): a fixed 8-character prefix ending in `_live_`, then 40 hex characters from
 * a CSPRNG, 48 characters in all. Only the SHA-256 of the full key is stored; the first 12 characters
 * (the fixed prefix plus 4 random hex) identify a key in listings and usage reports.
 */
export const KEY_PREFIX = 'fd_live_';
export const KEY_LENGTH = 48;
export const KEY_ID_LENGTH = 12;
export const KEY_PATTERN = /^fd_live_[0-9a-f]{40}$/;
/** Anything shaped like one of our keys, anywhere in a string (used to scrub log lines). */
export const KEY_ANYWHERE = /fd_live_[0-9a-fA-F]{8,}/g;

export function generateApiKey(): string {
  return KEY_PREFIX + randomBytes(20).toString('hex');
}

export function isWellFormedKey(key: string): boolean {
  return key.length === KEY_LENGTH && KEY_PATTERN.test(key);
}

export function keyId(key: string): string {
  return key.slice(0, KEY_ID_LENGTH);
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/**
 * Compares a presented key with a stored hash (hex, or its bytes: the key cache decodes it once) in time
 * that does not depend on where they differ. One-shot `crypto.hash` (no Hash object per request).
 */
export function keyMatchesHash(key: string, storedHash: string | Buffer): boolean {
  const presented = hash('sha256', key, 'buffer') as unknown as Buffer;
  const stored = typeof storedHash === 'string' ? Buffer.from(storedHash, 'hex') : storedHash;
  return stored.length === presented.length && timingSafeEqual(presented, stored);
}

export function scrubKeys(text: string): string {
  return text.replace(KEY_ANYWHERE, '[redacted]');
}

/**
 * A request URL fit for a log line. A key can hide behind percent-encoding (`fd%5Flive%5F...`, even
 * encoded twice), so the URL is also looked at decoded; when that reveals a key, the decoded URL is logged
 * with the key redacted.
 */
export function scrubUrl(url: string): string {
  let decoded = url;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded.replaceAll('+', ' '));
    } catch {
      break;
    }
    if (next === decoded) break;
    decoded = next;
  }
  const scrubbed = scrubKeys(decoded);
  return scrubbed === decoded ? scrubKeys(url) : scrubbed;
}
