import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountError,
  createAccount,
  createApiKey,
  grantCredits,
  heldCredits,
  ledgerCheck,
  listAccounts,
  listApiKeys,
  revokeApiKey,
} from '../../api/platform/accounts.ts';
import { KeyAuthenticator } from '../../api/platform/auth.ts';
import { CreditMeter, chargeBatch, HOLD_WARM_MS, releaseExpiredHolds } from '../../api/platform/credits.ts';
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
    // the request path's synchronous answer: the same, the second time from the key already verified
    const principal = auth.cached(k.key);
    expect(principal).toEqual({ accountId: a.id, keyPrefix: k.prefix, plan: 'fund' });
    expect(auth.cached(k.key)).toBe(principal);
    expect(auth.cached(tampered)).toBeNull();
    expect(auth.cached(k.key.slice(0, 47))).toBeNull();
    await revokeApiKey(database, k.prefix);
    expect(await auth.authenticate(k.key)).not.toBeNull(); // cached
    expect(auth.cached(k.key)).toBe(principal);
    await new Promise((r) => setTimeout(r, 1_550));
    expect(auth.cached(k.key)).toBeUndefined(); // expired: looked up again
    expect(await auth.authenticate(k.key)).toBeNull();
    expect(auth.cached(k.key)).toBeNull();
    expect(auth.cached(tampered)).toBeNull();
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
  /** The account's ledger rows of one reason. */
  const ledgerRows = async (accountId: string, reason: string) =>
    (
      await database.query(`select 1 from credit_ledger where account_id = $1 and reason = $2`, [
        accountId,
        reason,
      ])
    ).length;
  /** One second at 40 credits/s with 8 requests in flight at a time, every one charged and answered. */
  const oneSecondAt40 = async (m: CreditMeter, accountId: string) => {
    for (let b = 0; b < 5; b++) {
      const batch = Array.from({ length: 8 }, (_, i) => charge(accountId, b * 8 + i));
      expect(await Promise.all(batch.map((c) => m.charge(c)))).toEqual(Array(8).fill(true));
      for (const _ of batch) await m.done(accountId);
    }
  };

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

  // A busy account (>= 8 credits/s in the last full second) gets holds: a block reserved in one statement,
  // drawn in memory, settled with a charge row per request and the unused part released.
  const busyMeter = () => {
    let t = 1_000_000;
    const clock = { now: () => t, advance: (ms: number) => (t += ms) };
    return {
      clock,
      make: (idleGraceMs?: number) =>
        new CreditMeter(
          database,
          16,
          { holdMs: 60_000, ...(idleGraceMs === undefined ? {} : { idleGraceMs }) },
          undefined,
          clock.now,
        ),
    };
  };
  const check = async (id: string) => ({
    ...(await ledgerCheck(database, id)),
    held: await heldCredits(database, id),
  });
  const balanceOf = async (id: string) =>
    Number(
      (await database.query<{ credits: string }>('select credits from accounts where id = $1', [id]))[0]!
        .credits,
    );

  it('a busy account draws from a hold: no statement per request, the settle writes one charge row each and releases the rest', async () => {
    const a = await createAccount(database, { name: 'Hold', plan: 'fund', credits: 10_000 });
    const { clock, make } = busyMeter();
    const m = make();
    // one second at 40 credits/s, charged exactly
    for (let i = 0; i < 40; i++) expect(await m.charge(charge(a.id, i))).toBe(true);
    expect(await check(a.id)).toMatchObject({ balance: 9_960, charges: 40, held: 0 });
    clock.advance(1_000);
    // the next charge is exact and takes a hold of ~60 s x 40/s, capped at 1/16 of the rest: 622
    expect(await m.charge(charge(a.id, 40))).toBe(true);
    expect(await check(a.id)).toEqual({
      balance: 9_959 - 622,
      ledgerSum: 9_959 - 622,
      charges: 41,
      refunds: 0,
      grants: 1,
      held: 622,
    });
    const served = [];
    for (let i = 41; i < 141; i++) served.push(charge(a.id, i));
    expect(await Promise.all(served.map((c) => m.charge(c)))).toEqual(Array(100).fill(true));
    await m.refund(served[0]!);
    expect(await balanceOf(a.id)).toBe(9_959 - 622); // nothing written yet
    await m.settle();
    // 141 charges, 1 refund: 9,860 left; the unused 523 came back; the refunded request has both rows
    expect(await check(a.id)).toEqual({
      balance: 9_860,
      ledgerSum: 9_860,
      charges: 141,
      refunds: 1,
      grants: 1,
      held: 0,
    });
    const rows = await database.query<{ reason: string; delta: number }>(
      `select reason, delta from credit_ledger where account_id = $1 and request_id = 'r41' order by id`,
      [a.id],
    );
    expect(rows).toEqual([
      { reason: 'charge', delta: -1 },
      { reason: 'refund', delta: 1 },
    ]);
    await m.close();
  });

  it('a cold burst takes a hold once its window has lasted HOLD_WARM_MS at the hold rate; before that it is charged exactly', async () => {
    const a = await createAccount(database, { name: 'Cold', plan: 'fund', credits: 10_000 });
    const { clock, make } = busyMeter();
    const m = make();
    const reserves = async () =>
      (
        await database.query(`select 1 from credit_ledger where account_id = $1 and reason = 'reserve'`, [
          a.id,
        ])
      ).length;
    const burst = async (from: number) => {
      const cs = Array.from({ length: 8 }, (_, i) => charge(a.id, from + i));
      expect(await Promise.all(cs.map((c) => m.charge(c)))).toEqual(Array(8).fill(true));
    };
    // a new account, 8 requests in flight at a time (never done here), 80 credits/s and more: no completed window
    await burst(0);
    clock.advance(HOLD_WARM_MS / 2);
    await burst(8);
    expect(await reserves()).toBe(0); // the burst has lasted less than HOLD_WARM_MS: every request charged exactly
    expect(await check(a.id)).toMatchObject({ balance: 9_984, charges: 16, held: 0 });
    clock.advance(HOLD_WARM_MS / 2);
    await burst(16);
    expect(await reserves()).toBe(1); // HOLD_WARM_MS in: a hold, though the first second is not over
    const open = await check(a.id);
    expect(open.held).toBeGreaterThan(0);
    expect(open.charges).toBeLessThan(24); // some of the third burst drew from it
    // the account's end settles it: the balance counts exactly the 24 requests served
    for (let i = 0; i < 24; i++) await m.done(a.id);
    expect(await check(a.id)).toEqual({
      balance: 10_000 - 24,
      ledgerSum: 10_000 - 24,
      charges: 24,
      refunds: 0,
      grants: 1,
      held: 0,
    });
    await m.close();
  });

  it('two busy meters never serve beyond the balance; after the settle the ledger explains every credit', async () => {
    const a = await createAccount(database, { name: 'Busy', plan: 'fund', credits: 400 });
    const { clock, make } = busyMeter();
    const [m1, m2] = [make(), make()];
    for (let i = 0; i < 40; i++) await (i % 2 ? m1 : m2).charge(charge(a.id, i));
    clock.advance(1_000);
    const results = await Promise.all(
      Array.from({ length: 600 }, (_, i) => (i % 2 ? m1 : m2).charge(charge(a.id, 100 + i))),
    );
    const served = 40 + results.filter(Boolean).length;
    expect(served).toBeLessThanOrEqual(400);
    // a refusal can leave credits in the other meter's holds (its current one and the one it is settling):
    // at most 1/16 of the balance each
    expect(served).toBeGreaterThanOrEqual(400 - 4 * Math.ceil(400 / 16));
    await Promise.all([m1.close(), m2.close()]);
    expect(await check(a.id)).toEqual({
      balance: 400 - served,
      ledgerSum: 400 - served,
      charges: served,
      refunds: 0,
      grants: 1,
      held: 0,
    });
  });

  it("the sweeper releases a dead instance's hold whole, once; a late settle then charges without a second release", async () => {
    const a = await createAccount(database, { name: 'Dead', plan: 'fund', credits: 1_000 });
    const { clock, make } = busyMeter();
    const m = make();
    for (let i = 0; i < 20; i++) await m.charge(charge(a.id, i));
    clock.advance(1_000);
    await m.charge(charge(a.id, 20));
    for (let i = 21; i < 26; i++) await m.charge(charge(a.id, i));
    const open = await check(a.id);
    expect(open.held).toBe(61); // (1,000 - 21) / 16
    // the instance "dies": nothing settles; holds younger than the bound are left alone
    expect(await releaseExpiredHolds(database, 3_600)).toBe(0);
    expect(await releaseExpiredHolds(database, 0)).toBeGreaterThanOrEqual(1);
    expect(await check(a.id)).toMatchObject({ balance: 979, ledgerSum: 979, held: 0 });
    // it was only stalled: its settle writes the 5 charges it served; the hold is not released twice
    await m.close();
    expect(await check(a.id)).toEqual({
      balance: 974,
      ledgerSum: 974,
      charges: 26,
      refunds: 0,
      grants: 1,
      held: 0,
    });
  });

  it('a client firing one request after another is charged exactly, whatever its rate: no hold', async () => {
    const a = await createAccount(database, { name: 'Serial', plan: 'fund', credits: 1_000 });
    const { clock, make } = busyMeter();
    const m = make();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 40; i++) {
        expect(await m.charge(charge(a.id, round * 100 + i))).toBe(true);
        await m.done(a.id);
      }
      clock.advance(1_000);
    }
    expect(await check(a.id)).toEqual({
      balance: 880,
      ledgerSum: 880,
      charges: 120,
      refunds: 0,
      grants: 1,
      held: 0,
    });
    const reserves = await database.query(
      `select 1 from credit_ledger where account_id = $1 and reason = 'reserve'`,
      [a.id],
    );
    expect(reserves).toEqual([]);
    await m.close();
  });

  it("a hold is settled before the account's last request in flight is answered: the balance is then exact", async () => {
    const a = await createAccount(database, { name: 'Idle', plan: 'fund', credits: 10_000 });
    const { clock, make } = busyMeter();
    const m = make();
    // one second at 40 credits/s with 8 requests in flight at a time
    await oneSecondAt40(m, a.id);
    expect(await check(a.id)).toMatchObject({ balance: 9_960, held: 0 });
    clock.advance(1_000);
    const burst = Array.from({ length: 8 }, (_, i) => charge(a.id, 100 + i));
    expect(await Promise.all(burst.map((c) => m.charge(c)))).toEqual(Array(8).fill(true));
    const open = await check(a.id);
    expect(open.held).toBeGreaterThan(0); // a hold was taken with the burst
    for (let i = 0; i < 7; i++) await m.done(a.id);
    expect((await check(a.id)).held).toBe(open.held); // one request still in flight: the hold is open
    await m.done(a.id);
    expect(await check(a.id)).toEqual({
      balance: 9_952,
      ledgerSum: 9_952,
      charges: 48,
      refunds: 0,
      grants: 1,
      held: 0,
    });
    await m.close();
  });

  it('a batch that is every request of the account in flight takes no hold: they end together, it would be released unused', async () => {
    const a = await createAccount(database, { name: 'Wave', plan: 'fund', credits: 10_000 });
    const { clock, make } = busyMeter();
    // no idle grace: the wave below arrives while the hold is being settled (with the grace, it would arrive
    // within it and draw from the hold: the next test)
    const m = make(0);
    const rows = (reason: string) => ledgerRows(a.id, reason);
    // one second at 40 credits/s with 8 requests in flight at a time
    await oneSecondAt40(m, a.id);
    clock.advance(1_000);
    // a burst of 8: the first charged alone, the other 7 (8 in flight) with a hold
    const burst = Array.from({ length: 8 }, (_, i) => charge(a.id, 100 + i));
    expect(await Promise.all(burst.map((c) => m.charge(c)))).toEqual(Array(8).fill(true));
    expect((await check(a.id)).held).toBeGreaterThan(0);
    expect(await rows('reserve')).toBe(1);
    for (let i = 0; i < 7; i++) await m.done(a.id);
    // the burst's last answer waits for the hold's settle; the next 8 requests arrive meanwhile and queue
    // behind it, so they go in one batch that is every request in flight
    const settling = m.done(a.id);
    const wave = Array.from({ length: 8 }, (_, i) => m.charge(charge(a.id, 200 + i)));
    await settling;
    expect(await Promise.all(wave)).toEqual(Array(8).fill(true));
    expect(await rows('reserve')).toBe(1); // no hold with the wave's batch
    for (let i = 0; i < 8; i++) await m.done(a.id);
    expect(await rows('release')).toBe(1); // so nothing to release when the wave ends
    expect(await check(a.id)).toEqual({
      balance: 9_944,
      ledgerSum: 9_944,
      charges: 56,
      refunds: 0,
      grants: 1,
      held: 0,
    });
    await m.close();
  });

  it('a request arriving within the idle grace keeps the hold: no settle, no exact charge; the real end settles', async () => {
    const a = await createAccount(database, { name: 'Grace', plan: 'fund', credits: 10_000 });
    const { clock, make } = busyMeter();
    const m = make();
    const rows = (reason: string) => ledgerRows(a.id, reason);
    // one second at 40 credits/s with 8 requests in flight at a time
    await oneSecondAt40(m, a.id);
    clock.advance(1_000);
    const burst = Array.from({ length: 8 }, (_, i) => charge(a.id, 100 + i));
    expect(await Promise.all(burst.map((c) => m.charge(c)))).toEqual(Array(8).fill(true));
    const held = (await check(a.id)).held;
    expect(held).toBeGreaterThan(0);
    for (let i = 0; i < 7; i++) await m.done(a.id);
    // the burst's last answer waits out the grace; the next request arrives within it (the other clients'
    // next requests, a fraction of a millisecond after their answers)
    const last = m.done(a.id);
    expect(last).toBeInstanceOf(Promise);
    const next = m.chargeNow(charge(a.id, 200));
    expect(next).toBe(true); // paid from the same hold, at once
    await last;
    expect(await rows('release')).toBe(0); // the hold was not settled
    expect((await check(a.id)).held).toBe(held);
    // the account's real end: the grace passes with no request, the hold is settled before the answer
    await m.done(a.id);
    expect(await rows('reserve')).toBe(1);
    expect(await rows('release')).toBe(1);
    expect(await check(a.id)).toEqual({
      balance: 10_000 - 49,
      ledgerSum: 10_000 - 49,
      charges: 49,
      refunds: 0,
      grants: 1,
      held: 0,
    });
    await m.close();
  });

  it('the idle grace ends after the event loop has read what arrived meanwhile: a request waiting in its socket keeps the hold', async () => {
    const a = await createAccount(database, { name: 'Poll', plan: 'fund', credits: 10_000 });
    const { clock, make } = busyMeter();
    const m = make();
    const rows = (reason: string) => ledgerRows(a.id, reason);
    await oneSecondAt40(m, a.id);
    clock.advance(1_000);
    const burst = Array.from({ length: 8 }, (_, i) => charge(a.id, 100 + i));
    expect(await Promise.all(burst.map((c) => m.charge(c)))).toEqual(Array(8).fill(true));
    expect(await rows('reserve')).toBe(1);
    for (let i = 0; i < 7; i++) await m.done(a.id);
    // the next request is a socket's data, as an HTTP request is: it arrives within the grace, but the event
    // loop is busy past the grace (a long turn, or the process descheduled) and reads it only afterwards
    const server = net.createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const accepted = new Promise<net.Socket>((r) => server.once('connection', r));
    const client = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
    await new Promise((r) => client.once('connect', r));
    const conn = await accepted;
    let next: true | Promise<boolean> | null = null;
    conn.once('data', () => {
      next = m.chargeNow(charge(a.id, 200));
    });
    const last = m.done(a.id);
    client.write('GET');
    const until = performance.now() + 20; // 10x the 2 ms grace
    while (performance.now() < until) {}
    await last;
    expect(next).toBe(true); // read after the grace was due, and still paid from the open hold
    expect(await rows('release')).toBe(0);
    client.destroy();
    await new Promise((r) => server.close(r));
    await m.done(a.id);
    expect(await rows('release')).toBe(1);
    expect(await check(a.id)).toMatchObject({
      balance: 10_000 - 49,
      ledgerSum: 10_000 - 49,
      charges: 49,
      held: 0,
    });
    await m.close();
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
