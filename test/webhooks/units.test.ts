import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../clients/typescript/src/webhooks.ts';
import { matches } from '../../lib/webhooks/match.ts';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, retryAfterMs, retryDelayMs } from '../../lib/webhooks/settings.ts';
import { generateSecret, SecretBox, sign, signatureHeader } from '../../lib/webhooks/signing.ts';
import { isPrivateAddress } from '../../lib/webhooks/url-safety.ts';

// The signing example of the Standard Webhooks / Svix documentation: secret, id, timestamp and payload with
// their published signature.
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

describe('webhook signing (Standard Webhooks)', () => {
  it('signs the published example exactly', () => {
    expect(sign(VECTOR.secret, VECTOR.id, VECTOR.timestamp, VECTOR.body)).toBe(VECTOR.signature);
  });

  it('the typed client verifies it within 5 minutes and refuses it after', () => {
    const headers = {
      'webhook-id': VECTOR.id,
      'webhook-timestamp': String(VECTOR.timestamp),
      'webhook-signature': `v1,bm90IHRoaXMgb25l ${VECTOR.signature}`, // any one valid signature is enough
    };
    expect(verifyWebhook(VECTOR.secret, VECTOR.body, headers, { now: VECTOR.timestamp + 300 })).toEqual({
      test: 2432232314,
    });
    expect(() => verifyWebhook(VECTOR.secret, VECTOR.body, headers, { now: VECTOR.timestamp + 301 })).toThrow(
      /more than 300 s/,
    );
    expect(() =>
      verifyWebhook(
        VECTOR.secret,
        VECTOR.body,
        { ...headers, 'webhook-id': 'msg_other' },
        { now: VECTOR.timestamp },
      ),
    ).toThrow(/no valid v1 signature/);
  });

  it('a rotation header carries one signature per secret, each verifiable alone', () => {
    const [a, b] = [generateSecret(), generateSecret()];
    const h = signatureHeader([a, b], 'evt_1', 1_700_000_000, '{}');
    expect(h.split(' ')).toEqual([
      sign(a, 'evt_1', 1_700_000_000, '{}'),
      sign(b, 'evt_1', 1_700_000_000, '{}'),
    ]);
    for (const s of [a, b])
      expect(
        verifyWebhook(
          s,
          '{}',
          { 'webhook-id': 'evt_1', 'webhook-timestamp': '1700000000', 'webhook-signature': h },
          {
            now: 1_700_000_000,
          },
        ),
      ).toEqual({});
  });

  it('secrets at rest: encrypted with a key (the stored text does not hold the secret), as-is without', () => {
    const secret = generateSecret();
    const box = new SecretBox('a-long-enough-encryption-key-0123');
    const sealed = box.seal(secret);
    expect(sealed).toMatch(/^enc1:/);
    expect(sealed).not.toContain(secret.slice(6, 20));
    expect(box.open(sealed)).toBe(secret);
    expect(() => new SecretBox('another-key-of-enough-length-456').open(sealed)).toThrow();
    expect(new SecretBox(undefined).open(new SecretBox(undefined).seal(secret))).toBe(secret);
  });
});

describe('webhook delivery rules', () => {
  it('retries over about 3 days (75.6 h), ten attempts, with +-20 % jitter', () => {
    expect(MAX_ATTEMPTS).toBe(10);
    expect(RETRY_DELAYS_MS.reduce((a, b) => a + b, 0) / 3_600_000).toBeCloseTo(75.58, 1);
    expect(retryDelayMs(1, 1, () => 0)).toBe(4_000);
    expect(retryDelayMs(1, 1, () => 1)).toBe(6_000);
    expect(retryDelayMs(9, 1, () => 0.5)).toBe(86_400_000);
    expect(retryDelayMs(10, 1)).toBeNull();
  });

  it('reads Retry-After in seconds or as an HTTP date, capped at 24 h', () => {
    const now = Date.parse('2026-01-31T12:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Sat, 31 Jan 2026 12:01:30 GMT', now)).toBe(90_000);
    expect(retryAfterMs('999999', now)).toBe(86_400_000);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(undefined, now)).toBeNull();
  });

  it('refuses loopback, private, link-local, shared and mapped addresses; lets public ones through', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:a00:1',
      '64:ff9b::10.0.0.1',
      '224.0.0.1',
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(ip), ip).toBe(false);
  });

  it('matches types, companies and the filters that apply to the event', () => {
    const filing = { type: 'filing.published', company_id: 'cmp_a', ticker: 'AAPL', data: { form: '8-K' } };
    const news = {
      type: 'news_article.published',
      company_id: 'cmp_a',
      ticker: 'AAPL',
      data: { channel: 'wire', impact_score: 40 },
    };
    const types = ['filing.published', 'news_article.published'];
    expect(matches(types, { forms: ['8-k'] }, filing)).toBe(true);
    expect(matches(types, { forms: ['10-K'] }, filing)).toBe(false);
    expect(matches(types, { forms: ['10-K'] }, news)).toBe(true); // forms do not apply to news
    expect(matches(types, { min_impact: 50 }, news)).toBe(false);
    expect(matches(types, { tickers: ['MSFT'], company_ids: ['cmp_a'] }, filing)).toBe(true);
    expect(matches(types, { tickers: ['MSFT'] }, { ...filing, ticker: null, company_id: null })).toBe(false);
    expect(matches(['filing.published'], {}, news)).toBe(false);
  });
});
