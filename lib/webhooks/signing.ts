import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com, "Signature scheme"): the secret is
 * `whsec_` + base64 of random bytes (24 to 64; we use 32); the signed content is `{webhook-id}.{webhook-timestamp}.{body}`
 * with the exact bytes sent; the signature is `v1,` + base64(HMAC-SHA256(key = the base64-decoded secret)).
 * Several signatures (secret rotation) are joined with single spaces in `webhook-signature`.
 */
export const SECRET_PREFIX = 'whsec_';
export const SECRET_BYTES = 32;

export function generateSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

function secretKey(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('a signing secret starts with whsec_');
  return Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
}

/** One `v1,<base64>` signature of `id.timestamp.body`. */
export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The `webhook-signature` header: one signature per active secret, space-separated (current first). */
export function signatureHeader(secrets: readonly string[], id: string, timestamp: number, body: string) {
  return secrets.map((s) => sign(s, id, timestamp, body)).join(' ');
}

/**
 * Secrets at rest. HMAC signing needs the secret itself, so it cannot be stored as a hash. With
 * WEBHOOKS_ENCRYPTION_KEY set it is stored AES-256-GCM encrypted (`enc1:iv:tag:ciphertext`, key = SHA-256 of
 * the setting), so a database dump alone does not reveal it; without it, as-is (`raw1:`), which the start-up
 * log states (docs/webhooks.md). Either way it is never logged and answered only at create and rotation.
 */
export class SecretBox {
  private readonly key: Buffer | null;
  constructor(encryptionKey: string | undefined) {
    this.key = encryptionKey ? createHash('sha256').update(encryptionKey).digest() : null;
  }

  get encrypted(): boolean {
    return this.key !== null;
  }

  seal(secret: string): string {
    if (!this.key) return `raw1:${secret}`;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ct = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return `enc1:${iv.toString('base64')}:${cipher.getAuthTag().toString('base64')}:${ct.toString('base64')}`;
  }

  open(stored: string): string {
    if (stored.startsWith('raw1:')) return stored.slice(5);
    if (!stored.startsWith('enc1:')) throw new Error('unknown webhook secret storage format');
    if (!this.key)
      throw new Error('webhook secrets are encrypted but WEBHOOKS_ENCRYPTION_KEY is not set in this process');
    const [, iv, tag, ct] = stored.split(':');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv!, 'base64'));
    decipher.setAuthTag(Buffer.from(tag!, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(ct!, 'base64')), decipher.final()]).toString('utf8');
  }
}
