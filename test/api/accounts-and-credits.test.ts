import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountError,
  createAccount,
  createApiKey,
  grantCredits,
  ledgerCheck,
  listAccounts,
  listApiKeys,
  revokeApiKey,
} from '../../api/platform/accounts.ts';
import { KeyAuthenticator } from '../../api/platform/auth.ts';
import { CreditMeter, chargeBatch } from '../../api/platform/credits.ts';
import type { Database } from '../../lib/db.ts';
import { createApiTestDatabase } from '../helpers/api.ts';

let database: Database;
beforeAll(async () => {
  database = await createApiTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('accounts and keys', () => {
  it('creates accounts on a known plan, with an opening grant on the ledger', async () => {
    const a = await createAccount(database, { name: 'Acme', plan: 'professional', credits: 250 });
    expect(a).toMatchObject({ name: 'Acme', plan: 'professional', credits: 250, activeKeys: 0 });
    expect(a.id).toMatch(/^acc_[0-9a-f]{16}$/);
    expect(await ledgerCheck(database, a.id)).toMatchObject({ balance: 250, ledgerSum: 250, grants: 1 });
    await expect(createAccount(database, { name: 'x', plan: 'gold' })).rejects.toThrow(AccountError);
    await expect(createAccount(database, { name: ' ', plan: 'free' })).rejects.toThrow(/empty/);
  });

  it('allows at most 5 active keys, names up to 80 characters, and revocation per key', async () => {
    const a = await createAccount(database, { name: 'Keys', plan: 'free' });
    await expect(createApiKey(database, { accountId: a.id, name: 'n'.repeat(81) })).rejects.toThrow(
      /at most 80/,
    );
    const made = await Promise.allSettled(
      Array.from({ length: 7 }, (_, i) =>
        createApiKey(database, { accountId: a.id, name: `k${i}`.padEnd(80, '.') }),
      ),
    );
    const ok = made
      .filter((m) => m.status === 'fulfilled')
      .map((m) => (m as PromiseFulfilledResult<{ prefix: string; key: string }>).value);
    expect(ok).toHaveLength(5);
    expect(
      made.filter((m) => m.status === 'rejected').map((m) => String((m as PromiseRejectedResult).reason)),
    ).toEqual([
      expect.stringMatching(/already has 5 active keys/),
      expect.stringMatching(/already has 5 active keys/),
    ]);
    expect(await revokeApiKey(database, ok[0]!.prefix)).toBe(true);
    expect(await revokeApiKey(database, ok[0]!.prefix)).toBe(false);
    await expect(revokeApiKey(database, 'fd_live_zzzz')).rejects.toThrow(/no key/);
    expect((await createApiKey(database, { accountId: a.id })).name).toBeNull();
    const listed = await listApiKeys(database, a.id);
    expect(listed).toHaveLength(6);
    expect(JSON.stringify(listed)).not.toContain(ok[1]!.key);
    expect(listed.filter((k) => k.revokedAt)).toHaveLength(1);
    expect((await listAccounts(database, a.id))[0]!.activeKeys).toBe(5);
    await expect(createApiKey(database, { accountId: 'acc_missing' })).rejects.toThrow(/no account/);
  });

  it('authenticates with the cache, and sees revocation after the cache bound', async () => {
    const a = await createAccount(database, { name: 'Auth', plan: 'fund' });
    const k = await createApiKey(database, { accountId: a.id });
    const auth = new KeyAuthenticator(database, 1_500);
    expect(await auth.authenticate(k.key)).toEqual({ accountId: a.id, keyPrefix: k.prefix, plan: 'fund' });
    // One character changed (a key ending in 0 gets a 1): a different key, so unknown.
    const tampered = `${k.key.slice(0, 47)}${k.key.endsWith('0') ? '1' : '0'}`;
    expect(await auth.authenticate(tampered)).toBeNull();
    await revokeApiKey(database, k.prefix);
    expect(await auth.authenticate(k.key)).not.toBeNull(); // cached
    await new Promise((r) => setTimeout(r, 1_550));
    expect(await auth.authenticate(k.key)).toBeNull();
  });
});

describe('credits', () => {
  const charge = (accountId: string, i: number, cost = 1) => ({
    accountId,
    keyPrefix: 'fd_live_test',
    cost,
    requestId: `r${i}`,
    route: 'GET /v1/x',
  });

  it('a batch charges the requests that fit, in order, and writes one ledger row each', async () => {
    const a = await createAccount(database, { name: 'Batch', plan: 'free', credits: 5 });
    const result = await chargeBatch(database, a.id, [
      charge(a.id, 1, 2),
      charge(a.id, 2, 2),
      charge(a.id, 3, 2),
      charge(a.id, 4),
    ]);
    expect(result).toEqual([true, true, false, false]);
    expect(await ledgerCheck(database, a.id)).toEqual({
      balance: 1,
      ledgerSum: 1,
      charges: 2,
      refunds: 0,
      grants: 1,
    });
    expect(await chargeBatch(database, a.id, [charge(a.id, 5), charge(a.id, 6)])).toEqual([true, false]);
  });

  it('the meter coalesces concurrent charges and never overdraws, across two meters (two instances)', async () => {
    const a = await createAccount(database, { name: 'Meter', plan: 'free', credits: 100 });
    const [m1, m2] = [new CreditMeter(database, 16), new CreditMeter(database, 16)];
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) => (i % 2 ? m1 : m2).charge(charge(a.id, i))),
    );
    expect(results.filter(Boolean)).toHaveLength(100);
    expect(await ledgerCheck(database, a.id)).toEqual({
      balance: 0,
      ledgerSum: 0,
      charges: 100,
      refunds: 0,
      grants: 1,
    });
    await m1.refund(charge(a.id, 0));
    expect(await ledgerCheck(database, a.id)).toEqual({
      balance: 1,
      ledgerSum: 1,
      charges: 100,
      refunds: 1,
      grants: 1,
    });
  });

  it('grants must be positive whole numbers for an existing account', async () => {
    const a = await createAccount(database, { name: 'Grant', plan: 'free' });
    expect(await grantCredits(database, { accountId: a.id, amount: 10 })).toBe(10);
    expect(await grantCredits(database, { accountId: a.id, amount: 5, note: 'top-up' })).toBe(15);
    await expect(grantCredits(database, { accountId: a.id, amount: 0 })).rejects.toThrow(AccountError);
    await expect(grantCredits(database, { accountId: a.id, amount: 1.5 })).rejects.toThrow(AccountError);
    await expect(grantCredits(database, { accountId: 'acc_nope', amount: 1 })).rejects.toThrow(/no account/);
  });
});
