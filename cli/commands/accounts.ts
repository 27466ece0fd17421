import { type Command, InvalidArgumentError, Option } from 'commander';
import {
  AccountError,
  createAccount,
  createApiKey,
  grantCredits,
  listAccounts,
  listApiKeys,
  MAX_ACTIVE_KEYS,
  MAX_KEY_NAME,
  revokeApiKey,
  setPlan,
} from '../../api/platform/accounts.ts';
import { PLANS } from '../../api/platform/plans.ts';
import type { Database } from '../../lib/db.ts';

/** Output sinks, replaceable in tests. */
export interface AccountCommandIo {
  out(text: string): void;
  err(text: string): void;
  /** Called with a non-zero code when a command fails (default: sets process.exitCode). */
  fail(code: number): void;
}

const defaultIo: AccountCommandIo = {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
  fail: (code) => {
    process.exitCode = code;
  },
};

function positiveInt(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) <= 0 || !Number.isSafeInteger(Number(value))) {
    throw new InvalidArgumentError('must be a positive whole number');
  }
  return Number(value);
}

function table(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return '(none)\n';
  const cols = Object.keys(rows[0]!);
  const cell = (v: unknown) => (v === null || v === undefined ? '-' : String(v));
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  const line = (vals: string[]) =>
    `${vals
      .map((v, i) => v.padEnd(widths[i]!))
      .join('  ')
      .trimEnd()}\n`;
  return line(cols) + rows.map((r) => line(cols.map((c) => cell(r[c])))).join('');
}

/**
 * `etl accounts create|list`, `etl keys create|list|revoke`, `etl credits grant`. Every command opens the
 * database, does one thing and closes it; `--json` prints machine-readable output.
 */
export function registerAccountCommands(
  program: Command,
  openDb: () => Promise<Database>,
  io: AccountCommandIo = defaultIo,
): void {
  async function run(fn: (db: Database) => Promise<void>): Promise<void> {
    const db = await openDb();
    try {
      await fn(db);
    } catch (err) {
      if (!(err instanceof AccountError)) throw err;
      io.err(`error: ${err.message}\n`);
      io.fail(1);
    } finally {
      await db.close();
    }
  }
  const print = (json: boolean | undefined, value: unknown, text: string) =>
    io.out(json ? `${JSON.stringify(value, null, 2)}\n` : text);

  const accounts = program
    .command('accounts')
    .description(
      'API accounts: a plan (free < professional < fund) and a credit balance, shared by its keys',
    );

  accounts
    .command('create')
    .description('Create an account (optionally with an opening credit grant)')
    .requiredOption('--name <name>', 'account holder, for the operator')
    .addOption(new Option('--plan <plan>', 'plan tier').choices(PLANS).default('free'))
    .option('--credits <n>', 'opening credit grant (written to the ledger)', positiveInt)
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      '\nExample:\n  etl accounts create --name "Acme Research" --plan professional --credits 5000',
    )
    .action((opts: { name: string; plan: string; credits?: number; json?: boolean }) =>
      run(async (db) => {
        const a = await createAccount(db, { name: opts.name, plan: opts.plan, credits: opts.credits ?? 0 });
        print(
          opts.json,
          a,
          `created account ${a.id} (${a.name}, plan ${a.plan}, ${a.credits} credits)\nnext: etl keys create --account ${a.id}\n`,
        );
      }),
    );

  accounts
    .command('list')
    .description('List accounts with plan, credit balance and number of active keys')
    .option('--json', 'print JSON')
    .action((opts: { json?: boolean }) =>
      run(async (db) => {
        const rows = await listAccounts(db);
        print(
          opts.json,
          rows,
          table(
            rows.map((r) => ({
              id: r.id,
              name: r.name,
              plan: r.plan,
              credits: r.credits,
              active_keys: r.activeKeys,
              created: r.createdAt,
            })),
          ),
        );
      }),
    );

  accounts
    .command('set-plan')
    .description('Move an account to another plan (takes effect on its keys within the key cache bound)')
    .requiredOption('--account <id>', 'account id (acc_...)')
    .addOption(new Option('--plan <plan>', 'plan tier').choices(PLANS).makeOptionMandatory())
    .action((opts: { account: string; plan: string }) =>
      run(async (db) => {
        await setPlan(db, opts.account, opts.plan);
        io.out(`account ${opts.account} is now on plan ${opts.plan}\n`);
      }),
    );

  const keys = program
    .command('keys')
    .description(
      `API keys: 48 characters, shown once at creation, stored only as a SHA-256 hash, identified by their first 12 characters; at most ${MAX_ACTIVE_KEYS} active per account`,
    );

  keys
    .command('create')
    .description('Create a key for an account and print it (the only time it is shown)')
    .requiredOption('--account <id>', 'account id (acc_...)')
    .option('--name <name>', `label for the key, at most ${MAX_KEY_NAME} characters`)
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      '\nThe full key cannot be recovered later: store it now. A lost key is revoked and replaced.',
    )
    .action((opts: { account: string; name?: string; json?: boolean }) =>
      run(async (db) => {
        const k = await createApiKey(db, { accountId: opts.account, name: opts.name ?? null });
        print(
          opts.json,
          k,
          `${k.key}\n\nkey ${k.prefix} created for ${k.accountId}. This is the only time the full key is shown; store it now.\n` +
            'Use it as "Authorization: Bearer <key>" or "X-API-Key: <key>".\n',
        );
      }),
    );

  keys
    .command('list')
    .description('List keys (identifier, account, name, created, revoked); never the keys themselves')
    .option('--account <id>', 'only this account')
    .option('--json', 'print JSON')
    .action((opts: { account?: string; json?: boolean }) =>
      run(async (db) => {
        const rows = await listApiKeys(db, opts.account);
        print(
          opts.json,
          rows,
          table(
            rows.map((r) => ({
              key: r.prefix,
              account: r.accountId,
              name: r.name,
              created: r.createdAt,
              revoked: r.revokedAt,
            })),
          ),
        );
      }),
    );

  keys
    .command('revoke')
    .description(
      'Revoke one key by its 12-character identifier; API instances stop accepting it within KEY_CACHE_TTL_MS',
    )
    .argument('<key-id>', 'first 12 characters of the key, as shown by `etl keys list`')
    .option('--json', 'print JSON')
    .action((keyId: string, opts: { json?: boolean }) =>
      run(async (db) => {
        const changed = await revokeApiKey(db, keyId.slice(0, 12));
        print(
          opts.json,
          { key: keyId.slice(0, 12), revoked: true, alreadyRevoked: !changed },
          changed ? `revoked ${keyId.slice(0, 12)}\n` : `${keyId.slice(0, 12)} was already revoked\n`,
        );
      }),
    );

  const credits = program.command('credits').description('Credit balances: every change is a ledger row');

  credits
    .command('grant')
    .description("Add credits to an account's balance (one ledger row, reason grant)")
    .requiredOption('--account <id>', 'account id (acc_...)')
    .requiredOption('--amount <n>', 'credits to add', positiveInt)
    .option('--note <text>', 'why (kept on the ledger row)')
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      '\nExample:\n  etl credits grant --account acc_0123456789abcdef --amount 10000 --note "January top-up"',
    )
    .action((opts: { account: string; amount: number; note?: string; json?: boolean }) =>
      run(async (db) => {
        const balance = await grantCredits(db, {
          accountId: opts.account,
          amount: opts.amount,
          note: opts.note ?? 'grant',
        });
        print(
          opts.json,
          { account: opts.account, granted: opts.amount, balance },
          `granted ${opts.amount} credits to ${opts.account}; balance ${balance}\n`,
        );
      }),
    );
}
