import type { Command } from 'commander';
import { redeliver } from '../../api/routes/webhooks.ts';
import type { Database } from '../../lib/db.ts';

export interface SubscriptionCommandIo {
  out(text: string): void;
  err(text: string): void;
  fail(code: number): void;
}

const defaultIo: SubscriptionCommandIo = {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
  fail: (code) => {
    process.exitCode = code;
  },
};

function table(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return '(none)\n';
  const cols = Object.keys(rows[0]!);
  const cell = (v: unknown) =>
    v === null || v === undefined ? '-' : v instanceof Date ? v.toISOString() : String(v);
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  const line = (vals: string[]) =>
    `${vals
      .map((v, i) => v.padEnd(widths[i]!))
      .join('  ')
      .trimEnd()}\n`;
  return line(cols) + rows.map((r) => line(cols.map((c) => cell(r[c])))).join('');
}

/**
 * `etl subscriptions list|disable|redeliver`: the operator's view of every account's webhook subscriptions
 * (docs/webhooks.md). Secrets are never printed. A disabled subscription is re-enabled by its account
 * (PATCH status=enabled), so an operator's disable is visible to the user with its reason.
 */
export function registerSubscriptionCommands(
  program: Command,
  openDb: () => Promise<Database>,
  io: SubscriptionCommandIo = defaultIo,
) {
  const cmd = program
    .command('subscriptions')
    .description('Webhook subscriptions of every account: list, disable, redeliver (docs/webhooks.md)');

  const withDb = async (fn: (db: Database) => Promise<void>) => {
    const db = await openDb();
    try {
      await fn(db);
    } finally {
      await db.close();
    }
  };

  cmd
    .command('list')
    .description('List subscriptions with their state and delivery counts (pending, failed)')
    .option('--account <id>', 'only this account')
    .option('--json', 'machine-readable output')
    .action((opts: { account?: string; json?: boolean }) =>
      withDb(async (db) => {
        const rows = await db.query<Record<string, unknown>>(
          `select s.id, s.account_id, s.family, s.url, s.status, s.disabled_reason, s."cursor"::text as cursor,
                  (select count(*)::int from webhook_deliveries d where d.subscription_id = s.id and d.status = 'pending') as pending,
                  (select count(*)::int from webhook_deliveries d where d.subscription_id = s.id and d.status = 'failed') as failed,
                  s.last_success_at
             from webhook_subscriptions s where ($1::text is null or s.account_id = $1)
            order by s.account_id, s.created_at`,
          [opts.account ?? null],
        );
        io.out(opts.json ? `${JSON.stringify(rows, null, 2)}\n` : table(rows));
      }),
    );

  cmd
    .command('disable')
    .description('Disable a subscription (its deliveries pause); the account re-enables it with PATCH')
    .argument('<subscription_id>', 'whsub_ id')
    .option('--reason <text>', 'shown to the account as disabled_reason', 'disabled by the operator')
    .action((id: string, opts: { reason: string }) =>
      withDb(async (db) => {
        const rows = await db.query(
          `update webhook_subscriptions set status = 'disabled', disabled_reason = $2, disabled_at = now(), updated_at = now()
            where id = $1 returning id`,
          [id, opts.reason],
        );
        if (rows.length === 0) {
          io.err(`no subscription ${id} (etl subscriptions list shows them)\n`);
          return io.fail(1);
        }
        io.out(`${id} disabled: ${opts.reason}\n`);
      }),
    );

  cmd
    .command('redeliver')
    .description('Queue a delivery again (same webhook-id), or every failed delivery of a subscription')
    .argument('<id>', 'a whdel_ delivery id, or a whsub_ subscription id with --failed')
    .option('--failed', 'with a subscription id: redeliver each of its failed deliveries')
    .action((id: string, opts: { failed?: boolean }) =>
      withDb(async (db) => {
        const targets = opts.failed
          ? await db.query<{ id: string; subscription_id: string }>(
              `select id, subscription_id from webhook_deliveries where subscription_id = $1 and status = 'failed'`,
              [id],
            )
          : await db.query<{ id: string; subscription_id: string }>(
              'select id, subscription_id from webhook_deliveries where id = $1',
              [id],
            );
        if (targets.length === 0) {
          io.err(opts.failed ? `no failed deliveries of ${id}\n` : `no delivery ${id}\n`);
          return io.fail(1);
        }
        for (const t of targets) {
          const d = await redeliver(db, t.subscription_id, t.id);
          io.out(`${t.id} -> ${d!.id} queued\n`);
        }
      }),
    );
}
