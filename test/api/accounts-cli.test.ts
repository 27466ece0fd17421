import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerCheck } from '../../api/platform/accounts.ts';
import { registerAccountCommands } from '../../cli/commands/accounts.ts';
import type { Database } from '../../lib/db.ts';
import { createApiTestDatabase } from '../helpers/api.ts';

// `etl accounts|keys|credits`: each command opens the database (here a shared test one) and closes it.
let database: Database;
beforeAll(async () => {
  database = await createApiTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function etl(...args: string[]): Promise<{ out: string; err: string; code: number }> {
  const io = { out: '', err: '', code: 0 };
  const program = new Command('etl').exitOverride();
  program.configureOutput({
    writeOut: (s) => {
      io.out += s;
    },
    writeErr: (s) => {
      io.err += s;
    },
  });
  registerAccountCommands(program, async () => ({ ...database, close: async () => undefined }), {
    out: (s) => {
      io.out += s;
    },
    err: (s) => {
      io.err += s;
    },
    fail: (c) => {
      io.code = c;
    },
  });
  try {
    await program.parseAsync(['node', 'etl', ...args]);
  } catch (e) {
    io.code = (e as { exitCode?: number }).exitCode ?? 1;
  }
  return io;
}

describe('etl accounts / keys / credits', () => {
  it('create an account, a key (shown once), grant credits, list and revoke', async () => {
    const created = JSON.parse(
      (
        await etl(
          'accounts',
          'create',
          '--name',
          'Acme Research',
          '--plan',
          'professional',
          '--credits',
          '500',
          '--json',
        )
      ).out,
    );
    expect(created).toMatchObject({ name: 'Acme Research', plan: 'professional', credits: 500 });

    const keyOut = await etl('keys', 'create', '--account', created.id, '--name', 'backtests');
    const key = keyOut.out.split('\n')[0]!;
    expect(key).toMatch(/^fd_live_[0-9a-f]{40}$/);
    expect(keyOut.out).toMatch(/only time the full key is shown/);

    const keys = await etl('keys', 'list', '--account', created.id);
    expect(keys.out).toContain(key.slice(0, 12));
    expect(keys.out).toContain('backtests');
    expect(keys.out).not.toContain(key.slice(12));

    const granted = await etl(
      'credits',
      'grant',
      '--account',
      created.id,
      '--amount',
      '250',
      '--note',
      'top-up',
    );
    expect(granted.out).toBe(`granted 250 credits to ${created.id}; balance 750\n`);
    expect(await ledgerCheck(database, created.id)).toMatchObject({
      balance: 750,
      ledgerSum: 750,
      grants: 2,
    });

    const accounts = await etl('accounts', 'list');
    expect(accounts.out).toMatch(new RegExp(`${created.id}\\s+Acme Research\\s+professional\\s+750\\s+1`));

    expect((await etl('keys', 'revoke', key.slice(0, 12))).out).toBe(`revoked ${key.slice(0, 12)}\n`);
    expect((await etl('keys', 'revoke', key)).out).toBe(`${key.slice(0, 12)} was already revoked\n`);
  });

  it('explain mistakes instead of failing silently', async () => {
    const badPlan = await etl('accounts', 'create', '--name', 'x', '--plan', 'gold');
    expect(badPlan.code).not.toBe(0);
    expect(badPlan.err).toMatch(/Allowed choices are free, professional, fund/);
    const badAmount = await etl('credits', 'grant', '--account', 'acc_x', '--amount', '-5');
    expect(badAmount.code).not.toBe(0);
    const noAccount = await etl('keys', 'create', '--account', 'acc_missing');
    expect(noAccount.code).toBe(1);
    expect(noAccount.err).toBe('error: no account acc_missing\n');
  });

  it('have help text', async () => {
    const help = await etl('keys', 'create', '--help');
    expect(help.out).toMatch(/only time it is shown/);
    expect(help.out).toMatch(/at most 80 characters/);
    expect((await etl('credits', 'grant', '--help')).out).toMatch(/Example:/);
    expect((await etl('keys', '--help')).out).toMatch(/SHA-256/);
  });

  it('moves an account to another plan, and refuses an unknown account or plan', async () => {
    const created = JSON.parse((await etl('accounts', 'create', '--name', 'Upgrader', '--json')).out);
    expect(created.plan).toBe('free');
    const r = await etl('accounts', 'set-plan', '--account', created.id, '--plan', 'fund');
    expect(r.out).toBe(`account ${created.id} is now on plan fund\n`);
    const listed = JSON.parse((await etl('accounts', 'list', '--json')).out) as {
      id: string;
      plan: string;
    }[];
    expect(listed.find((a) => a.id === created.id)?.plan).toBe('fund');
    const missing = await etl('accounts', 'set-plan', '--account', 'acc_nope', '--plan', 'fund');
    expect(missing.err).toContain('no account acc_nope');
    expect(missing.code).toBe(1);
    const badPlan = await etl('accounts', 'set-plan', '--account', created.id, '--plan', 'gold');
    expect(badPlan.code).not.toBe(0);
  });
});
