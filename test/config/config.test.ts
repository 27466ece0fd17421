import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, ConfigError, loadConfig } from '../../lib/config.ts';

describe('config', () => {
  it('lists every variable it reads in .env.example, and nothing else', () => {
    const documented = readFileSync('.env.example', 'utf8')
      .split('\n')
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => l.split('=')[0]);
    expect([...documented].sort()).toEqual([...CONFIG_KEYS].sort());
  });

  it('defaults to the embedded database and the offline mirror, frozen', () => {
    const c = loadConfig({});
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.UPSTREAM).toBe('fixtures');
    expect(c.SEC_MAX_RPS).toBe(9);
    expect(Object.isFrozen(c)).toBe(true);
  });

  it('treats empty values as unset, as an .env copied from .env.example has them', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: '' }).REDIS_URL).toBeUndefined();
  });

  it('refuses live SEC access without a declared User-Agent, saying what to set', () => {
    expect(() => loadConfig({ UPSTREAM: 'live' })).toThrow(ConfigError);
    expect(() => loadConfig({ UPSTREAM: 'live' })).toThrow(/SEC_USER_AGENT/);
    expect(loadConfig({ UPSTREAM: 'live', SEC_USER_AGENT: 'Acme admin@acme.example' }).UPSTREAM).toBe('live');
  });

  it('rejects a SEC rate above fair access and a malformed URL', () => {
    expect(() => loadConfig({ SEC_MAX_RPS: '25' })).toThrow(/SEC_MAX_RPS/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it("reads the credit hold's idle grace (2 ms by default, 0 allowed, more than 100 ms refused)", () => {
    expect(loadConfig({}).CREDIT_IDLE_GRACE_MS).toBe(2);
    expect(loadConfig({ CREDIT_IDLE_GRACE_MS: '0' }).CREDIT_IDLE_GRACE_MS).toBe(0);
    expect(() => loadConfig({ CREDIT_IDLE_GRACE_MS: '500' })).toThrow(/CREDIT_IDLE_GRACE_MS/);
  });
});
