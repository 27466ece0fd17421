import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../lib/db.ts';
import { accounts, apiKeys, creditLedger } from '../../schema/accounts.ts';
import { generateApiKey, hashKey, keyId } from './keys.ts';
import { isPlan, type Plan } from './plans.ts';

/**
 * Account, key and credit administration (operator CLI and tests). The request path never calls these;
 * it authenticates through auth.ts and meters through credits.ts.
 */
export const MAX_ACTIVE_KEYS = 5;
export const MAX_KEY_NAME = 80;

export class AccountError extends Error {
  override name = 'AccountError';
}

export interface AccountSummary {
  id: string;
  name: string;
  plan: Plan;
  credits: number;
  activeKeys: number;
  createdAt: string;
}

export interface KeySummary {
  prefix: string;
  accountId: string;
  name: string | null;
  createdAt: string;
  revokedAt: string | null;
}

export interface CreatedKey extends KeySummary {
  /** The full key. Shown once; only its SHA-256 is stored. */
  key: string;
}

function iso(d: Date | string | null): string | null {
  return d === null ? null : new Date(d).toISOString();
}

export async function createAccount(
  database: Database,
  input: { name: string; plan: string; credits?: number },
): Promise<AccountSummary> {
  const name = input.name.trim();
  if (!name) throw new AccountError('account name must not be empty');
  if (!isPlan(input.plan))
    throw new AccountError(`plan must be one of free, professional, fund (got ${input.plan})`);
  const id = `acc_${randomBytes(8).toString('hex')}`;
  await database.db.insert(accounts).values({ id, name, plan: input.plan, credits: 0 });
  if (input.credits)
    await grantCredits(database, { accountId: id, amount: input.credits, note: 'opening grant' });
  const [row] = await listAccounts(database, id);
  return row!;
}

export async function listAccounts(database: Database, accountId?: string): Promise<AccountSummary[]> {
  const active = database.db
    .select({ accountId: apiKeys.accountId, n: count().as('n') })
    .from(apiKeys)
    .where(isNull(apiKeys.revokedAt))
    .groupBy(apiKeys.accountId)
    .as('active');
  const rows = await database.db
    .select({
      id: accounts.id,
      name: accounts.name,
      plan: accounts.plan,
      credits: accounts.credits,
      createdAt: accounts.createdAt,
      activeKeys: sql<number>`coalesce(${active.n}, 0)`.mapWith(Number),
    })
    .from(accounts)
    .leftJoin(active, eq(active.accountId, accounts.id))
    .where(accountId ? eq(accounts.id, accountId) : undefined)
    .orderBy(asc(accounts.createdAt), asc(accounts.id));
  return rows.map((r) => ({
    ...r,
    plan: r.plan as Plan,
    credits: Number(r.credits),
    createdAt: iso(r.createdAt)!,
  }));
}

export async function setPlan(database: Database, accountId: string, plan: string): Promise<void> {
  if (!isPlan(plan)) throw new AccountError(`plan must be one of free, professional, fund (got ${plan})`);
  const r = await database.db.update(accounts).set({ plan }).where(eq(accounts.id, accountId)).returning();
  if (r.length === 0) throw new AccountError(`no account ${accountId}`);
}

/**
 * Creates a key. The account row is locked for the duration so that two concurrent creations cannot both
 * pass the five-active-keys check. The 12-character identifier is unique, so a (rare) collision of its
 * 4 random hex characters with an existing key simply draws a new key.
 */
export async function createApiKey(
  database: Database,
  input: { accountId: string; name?: string | null },
): Promise<CreatedKey> {
  const name = input.name?.trim() || null;
  if (name && name.length > MAX_KEY_NAME) {
    throw new AccountError(`key name must be at most ${MAX_KEY_NAME} characters (got ${name.length})`);
  }
  return database.db.transaction(async (tx) => {
    const locked = await tx.execute(
      sql`select id from ${accounts} where ${accounts.id} = ${input.accountId} for update`,
    );
    const found = Array.isArray(locked) ? locked : (locked as { rows: unknown[] }).rows;
    if (found.length === 0) throw new AccountError(`no account ${input.accountId}`);
    const [active] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.accountId, input.accountId), isNull(apiKeys.revokedAt)));
    if ((active?.n ?? 0) >= MAX_ACTIVE_KEYS) {
      throw new AccountError(
        `account ${input.accountId} already has ${MAX_ACTIVE_KEYS} active keys; revoke one before creating another`,
      );
    }
    for (let attempt = 0; attempt < 20; attempt++) {
      const key = generateApiKey();
      const inserted = await tx
        .insert(apiKeys)
        .values({ prefix: keyId(key), accountId: input.accountId, keyHash: hashKey(key), name })
        .onConflictDoNothing()
        .returning();
      const row = inserted[0];
      if (row) {
        return {
          key,
          prefix: row.prefix,
          accountId: row.accountId,
          name: row.name,
          createdAt: iso(row.createdAt)!,
          revokedAt: null,
        };
      }
    }
    throw new AccountError('could not draw an unused key identifier; the key space is nearly full');
  });
}

export async function listApiKeys(database: Database, accountId?: string): Promise<KeySummary[]> {
  const rows = await database.db
    .select({
      prefix: apiKeys.prefix,
      accountId: apiKeys.accountId,
      name: apiKeys.name,
      createdAt: apiKeys.createdAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(accountId ? eq(apiKeys.accountId, accountId) : undefined)
    .orderBy(asc(apiKeys.accountId), asc(apiKeys.createdAt), asc(apiKeys.prefix));
  return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt)!, revokedAt: iso(r.revokedAt) }));
}

/** Revokes one key by its 12-character identifier. Returns false when it was already revoked. */
export async function revokeApiKey(database: Database, prefix: string): Promise<boolean> {
  const [key] = await database.db.select().from(apiKeys).where(eq(apiKeys.prefix, prefix));
  if (!key) throw new AccountError(`no key with identifier ${prefix}`);
  const r = await database.db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.prefix, prefix), isNull(apiKeys.revokedAt)))
    .returning({ prefix: apiKeys.prefix });
  return r.length > 0;
}

/** Adds credits and writes the matching ledger row in one statement. Returns the new balance. */
export async function grantCredits(
  database: Database,
  input: { accountId: string; amount: number; note?: string },
): Promise<number> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0 || input.amount > 2_000_000_000) {
    throw new AccountError(`amount must be a positive whole number of credits (got ${input.amount})`);
  }
  const rows = await database.query<{ credits: string }>(
    `with u as (update accounts set credits = credits + $2 where id = $1 returning id, credits)
     insert into credit_ledger (account_id, delta, reason, route)
     select id, $2, 'grant', $3 from u returning (select credits from u)`,
    [input.accountId, input.amount, input.note ?? null],
  );
  const row = rows[0];
  if (!row) throw new AccountError(`no account ${input.accountId}`);
  return Number(row.credits);
}

/** Balance and ledger sum side by side: they are equal for every account (the ledger explains it). */
export async function ledgerCheck(
  database: Database,
  accountId: string,
): Promise<{ balance: number; ledgerSum: number; charges: number; refunds: number; grants: number }> {
  const [a] = await database.db
    .select({ credits: accounts.credits })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const [l] = await database.db
    .select({
      sum: sql<number>`coalesce(sum(${creditLedger.delta}), 0)`.mapWith(Number),
      charges: sql<number>`count(*) filter (where ${creditLedger.reason} = 'charge')`.mapWith(Number),
      refunds: sql<number>`count(*) filter (where ${creditLedger.reason} = 'refund')`.mapWith(Number),
      grants: sql<number>`count(*) filter (where ${creditLedger.reason} = 'grant')`.mapWith(Number),
    })
    .from(creditLedger)
    .where(eq(creditLedger.accountId, accountId));
  return {
    balance: Number(a?.credits ?? 0),
    ledgerSum: l?.sum ?? 0,
    charges: l?.charges ?? 0,
    refunds: l?.refunds ?? 0,
    grants: l?.grants ?? 0,
  };
}

/**
 * Credits API instances have reserved for the account and not yet settled (credits.ts holds: `reserve`
 * rows without their `release`). They are out of the balance while the hold is open; an instance settles
 * its hold before it answers the last of the account's requests in flight there, so this is 0 whenever no
 * request of the account is being served.
 */
export async function heldCredits(database: Database, accountId: string): Promise<number> {
  const [row] = await database.query<{ held: string | number }>(
    `select -coalesce(sum(delta), 0) as held from credit_ledger
      where account_id = $1 and reason in ('reserve', 'release')`,
    [accountId],
  );
  return Number(row?.held ?? 0);
}
