import { describe, expect, it } from 'vitest';
import { presentedKey } from '../../api/platform/auth.ts';
import { CursorCodec } from '../../api/platform/cursors.ts';
import { ApiError } from '../../api/platform/errors.ts';
import {
  generateApiKey,
  hashKey,
  isWellFormedKey,
  keyId,
  keyMatchesHash,
  scrubKeys,
} from '../../api/platform/keys.ts';

describe('API keys', () => {
  it('are 48 characters of fixed prefix and CSPRNG hex, all distinct', () => {
    const keys = new Set(Array.from({ length: 1000 }, generateApiKey));
    expect(keys.size).toBe(1000);
    for (const k of keys) {
      expect(k).toMatch(/^fd_live_[0-9a-f]{40}$/);
      expect(isWellFormedKey(k)).toBe(true);
      expect(keyId(k)).toBe(k.slice(0, 12));
    }
  });

  it('match only their own SHA-256', () => {
    const k = generateApiKey();
    const h = hashKey(k);
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(keyMatchesHash(k, h)).toBe(true);
    expect(keyMatchesHash(generateApiKey(), h)).toBe(false);
    expect(keyMatchesHash(k, 'abcd')).toBe(false);
  });

  it('are read from Bearer or X-API-Key headers', () => {
    expect(presentedKey({ authorization: 'Bearer abc' })).toBe('abc');
    expect(presentedKey({ authorization: 'bearer   abc ' })).toBe('abc');
    expect(presentedKey({ authorization: 'BEARER\tfd_live_0a1b\t \t' })).toBe('fd_live_0a1b');
    // a key with white space in it, or a scheme without its blank, is not a Bearer key
    expect(presentedKey({ authorization: 'Bearer ab c' })).toBe('');
    expect(presentedKey({ authorization: 'Bearer\u00a0abc' })).toBe('');
    expect(presentedKey({ authorization: 'Bearer abc\u00a0' })).toBe('');
    expect(presentedKey({ authorization: 'Bearerabc' })).toBe('');
    expect(presentedKey({ authorization: 'Bearer ' })).toBe('');
    expect(presentedKey({ authorization: 'Bearer ab c', 'x-api-key': 'xyz' })).toBe('xyz');
    expect(presentedKey({ authorization: 'Basic abc' })).toBe('');
    expect(presentedKey({ 'x-api-key': ' abc ' })).toBe('abc');
    expect(presentedKey({})).toBeNull();
    // more forms: several blanks, trailing blanks, non-ASCII, DEL and control characters (not white space)
    expect(presentedKey({ authorization: 'Bearer fd_live_0a1b~!' })).toBe('fd_live_0a1b~!');
    expect(presentedKey({ authorization: 'Bearer  abc' })).toBe('abc');
    expect(presentedKey({ authorization: 'Bearer abc \t' })).toBe('abc');
    expect(presentedKey({ authorization: 'Bearer abcé' })).toBe('abcé');
    expect(presentedKey({ authorization: 'Bearer ab\u007fc' })).toBe('ab\u007fc');
    expect(presentedKey({ authorization: 'Bearer ab\u001fc' })).toBe('ab\u001fc');
    expect(presentedKey({ authorization: 'Bearer ab\u2028c' })).toBe('');
    expect(presentedKey({ authorization: 'Bearer\tabc' })).toBe('abc');
  });

  it('are scrubbed from any text', () => {
    const k = generateApiKey();
    expect(scrubKeys(`url=/x?api_key=${k}&y=1`)).toBe('url=/x?api_key=[redacted]&y=1');
    expect(scrubKeys('fd_live_')).toBe('fd_live_');
  });
});

describe('cursors', () => {
  const codec = new CursorCodec('0123456789abcdef0123');
  const filters = { q: 'co', company: undefined };

  it('round-trip the keyset position for the same route and filters', () => {
    const c = codec.encode('GET /v1/companies', filters, ['Apple Inc.', 'cmp_1', 3, null]);
    expect(c).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(codec.decode(c, 'GET /v1/companies', { company: undefined, q: 'co' })).toEqual([
      'Apple Inc.',
      'cmp_1',
      3,
      null,
    ]);
  });

  it('are refused on another route, other filters or with another secret', () => {
    const c = codec.encode('GET /v1/companies', filters, ['a']);
    const refuse = (fn: () => unknown) => {
      try {
        fn();
        expect.unreachable();
      } catch (err) {
        expect(err).toBeInstanceOf(ApiError);
        expect((err as ApiError).statusCode).toBe(400);
        expect((err as ApiError).message).toMatch(/^Malformed cursor/);
      }
    };
    refuse(() => codec.decode(c, 'GET /v1/other', filters));
    refuse(() => codec.decode(c, 'GET /v1/companies', { q: 'inc' }));
    refuse(() => new CursorCodec('another-secret-0000000').decode(c, 'GET /v1/companies', filters));
    refuse(() => codec.decode(`${c}x`, 'GET /v1/companies', filters));
    refuse(() => codec.decode('', 'GET /v1/companies', filters));
  });
});
