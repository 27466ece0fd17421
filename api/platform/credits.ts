import type { Database } from '../../lib/db.ts';
import { metrics } from '../../lib/metrics.ts';

/**
 * Metering. Charges are atomic and never overdraw: the balance row is locked, the requests that fit are
 * taken in arrival order, and their ledger rows are written in the same statement, so sum(ledger.delta)
 * always equals the balance, across any number of API instances.
 *
 * Concurrent charges on one account are coalesced: while one charge statement for an account is in flight,
 * further requests for that account queue and go together in the next statement (application-level group
 * commit). Every request queues on its account's balance row anyway; one statement per batch instead of one
 * per request is what keeps a busy key fast.
 *
 * Charges and refunds commit before the response is served, but without waiting for the WAL flush
 * (synchronous_commit off for these transactions only): holding the balance row's lock through an fsync
 * would cap an account at a few hundred requests per second. The trade-off: after a database crash the
 * last fraction of a second of charges (with their ledger rows, so the two stay consistent) may be lost, in
 * the customer's favour. Grants stay fully synchronous.
 */
export interface ChargeInput {
  accountId: string;
  keyPrefix: string;
  cost: number;
  requestId: string;
  route: string;
}

const CHARGE_BATCH = `with req as (
    select * from unnest($2::text[], $3::text[], $4::text[], $5::int[]) with ordinality as r(key_prefix, request_id, route, cost, ord)
  ),
  cur as (select credits from accounts where id = $1 for update),
  fits as (
    select req.*, sum(cost) over (order by ord) as running from req
  ),
  taken as (select * from fits where running <= (select credits from cur)),
  u as (
    update accounts set credits = credits - (select sum(cost) from taken)
     where id = $1 and exists (select 1 from taken)
       and credits >= (select sum(cost) from taken)
       and (select set_config('synchronous_commit', 'off', true)) = 'off'
    returning id
  ),
  ins as (
    insert into credit_ledger (account_id, key_prefix, delta, reason, request_id, route)
    select $1, key_prefix, -cost, 'charge', request_id, route from taken where exists (select 1 from u) order by ord
  )
  select ord from taken where exists (select 1 from u)`;

const REFUND = `with u as (
    update accounts set credits = credits + $2
     where id = $1 and (select set_config('synchronous_commit', 'off', true)) = 'off'
    returning id
  )
  insert into credit_ledger (account_id, key_prefix, delta, reason, request_id, route)
  select id, $3, $2::integer, 'refund', $4, $5 from u returning id`;

interface NamedQueryClient {
  query(q: { name: string; text: string; values: unknown[] }): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * Runs a hot statement as a named prepared statement on Postgres (drizzle's documented `$client` is the
 * pg pool), so each connection parses and plans it once; PGlite runs it as a plain query.
 */
async function hotQuery(
  database: Database,
  name: string,
  text: string,
  values: unknown[],
): Promise<Record<string, unknown>[]> {
  const client = (database.db as unknown as { $client?: NamedQueryClient }).$client;
  if (database.kind === 'postgres' && typeof client?.query === 'function') {
    return (await client.query({ name, text, values })).rows;
  }
  return database.query(text, values);
}

/** Charges a batch for one account; returns for each request whether it was charged (a prefix of the batch). */
export async function chargeBatch(
  database: Database,
  accountId: string,
  batch: readonly ChargeInput[],
): Promise<boolean[]> {
  const rows = await hotQuery(database, 'findata_charge_batch', CHARGE_BATCH, [
    accountId,
    batch.map((c) => c.keyPrefix),
    batch.map((c) => c.requestId),
    batch.map((c) => c.route),
    batch.map((c) => c.cost),
  ]);
  const charged = new Set(rows.map((r) => Number(r.ord)));
  return batch.map((_, i) => charged.has(i + 1));
}

export async function refundCredits(database: Database, c: ChargeInput): Promise<void> {
  await hotQuery(database, 'findata_refund', REFUND, [
    c.accountId,
    c.cost,
    c.keyPrefix,
    c.requestId,
    c.route,
  ]);
}

interface Pending {
  charge: ChargeInput;
  resolve(ok: boolean): void;
  reject(err: unknown): void;
}

export class CreditMeter {
  private readonly queues = new Map<string, Pending[]>();
  /** Accounts whose last charge was refused (out of credits); bounded by the number of accounts. */
  private readonly refused = new Set<string>();

  constructor(
    private readonly database: Database,
    private readonly maxBatch = 256,
  ) {}

  /**
   * Whether the account's last charge here was refused: its next request should wait for the charge before
   * doing any work, so an empty account cannot keep the database busy.
   */
  wasRefused(accountId: string): boolean {
    return this.refused.has(accountId);
  }

  /** Resolves true when the credits were taken, false when the balance does not cover the cost. */
  async charge(c: ChargeInput): Promise<boolean> {
    const ok = await this.enqueue(c);
    if (ok) this.refused.delete(c.accountId);
    else this.refused.add(c.accountId);
    if (ok) metrics.creditsCharged.inc({ route: c.route }, c.cost);
    else metrics.creditRefusals.inc({ route: c.route });
    return ok;
  }

  private enqueue(c: ChargeInput): Promise<boolean> {
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(c.accountId);
      if (queue) {
        queue.push({ charge: c, resolve, reject });
        return;
      }
      this.queues.set(c.accountId, [{ charge: c, resolve, reject }]);
      void this.drain(c.accountId);
    });
  }

  async refund(c: ChargeInput): Promise<void> {
    await refundCredits(this.database, c);
    metrics.creditsRefunded.inc({ route: c.route }, c.cost);
  }

  private async drain(accountId: string): Promise<void> {
    const queue = this.queues.get(accountId)!;
    while (queue.length > 0) {
      const batch = queue.splice(0, this.maxBatch);
      try {
        const charged = await chargeBatch(
          this.database,
          accountId,
          batch.map((p) => p.charge),
        );
        for (const [i, p] of batch.entries()) p.resolve(charged[i]!);
      } catch (err) {
        for (const p of batch) p.reject(err);
      }
    }
    this.queues.delete(accountId);
  }
}
