import { randomBytes } from 'node:crypto';
import type { Database } from '../../lib/db.ts';
import type { Logger } from '../../lib/logger.ts';
import { type CounterSeries, metrics } from '../../lib/metrics.ts';
import { hotQuery } from './sql.ts';

/**
 * Metering. Every balance change is one statement that locks the account's balance row, never overdraws it,
 * and writes its ledger rows in the same statement, so sum(credit_ledger.delta) equals accounts.credits
 * for every account at every commit, across any number of API instances.
 *
 * Two ways a request is paid for:
 *
 * - **Exact charge** (an account's first requests, and every account at a low rate): the request queues on
 *   its account; while one charge statement for the account is in flight, further requests queue and go
 *   together in the next statement (application-level group commit). The statement takes the requests
 *   that fit, in arrival order, and writes one `charge` row (-cost) for each.
 * - **Hold** (an account whose requests arrive in this instance at >= HOLD_MIN_RATE credits/s, over the last
 *   full second or, after a cold start, over the HOLD_WARM_MS or more of the current one): the same
 *   statement also reserves a block of credits for this instance (a `reserve` row, -h, request_id = the
 *   hold's id), sized to about `holdMs` of the account's recent rate here and capped at 1/balanceShare of
 *   what is left of the balance and at maxHold. Following requests draw from the hold in memory: no
 *   database work on their path. After holdMs (or when the hold runs out and a new one is taken) the hold
 *   is settled in one statement: a `charge` row per request it served, a `refund` row per request refunded,
 *   and one `release` row (+h, same request_id) that ends the hold, the unused part going back to the
 *   balance. Shutdown settles every hold. A hold whose instance died is released whole by the sweeper
 *   (releaseExpiredHolds, HOLD_EXPIRY_S after it was taken); a unique index lets a hold be released once.
 *
 * What this guarantees: the balance never goes below zero and no instance serves a request that no
 * reservation or charge paid for, so across all instances the credits served never exceed the credits
 * granted. A 402 means the balance, less what other instances hold at that moment, does not cover the
 * request; other instances hold at most 1/balanceShare of the balance each and for about holdMs, so a 402
 * can be answered while up to that many credits are still reserved elsewhere, for about a second. Not
 * guaranteed: when an instance dies, the requests it served from a hold but had not settled are never
 * charged (at most one holdMs of that account's traffic in that instance, in the customer's favour); an
 * instance stalled for longer than HOLD_EXPIRY_S finds its hold released by the sweeper, and its settle then
 * writes the charges anyway, so such a stall can overdraw by the part of the hold it had served.
 *
 * Statements commit without waiting for the WAL flush (synchronous_commit off for these transactions
 * only): holding the balance row's lock through an fsync would cap an account at a few hundred statements
 * per second. After a database crash the last fraction of a second of them (with their ledger rows, so the
 * two stay consistent) may be lost, in the customer's favour. Grants stay fully synchronous.
 */
export interface ChargeInput {
  accountId: string;
  keyPrefix: string;
  cost: number;
  requestId: string;
  route: string;
}

/** Below this rate (credits per second of one account in one instance) requests are charged exactly. */
export const HOLD_MIN_RATE = 8;
/**
 * A hold is only taken while at least this many of the account's requests are in flight in this instance
 * (a client firing requests one after the other is charged exactly: its hold would be settled at the end of
 * every request, a second statement each).
 */
export const HOLD_MIN_INFLIGHT = 4;
/**
 * A cold burst (no completed one-second window at the hold rate yet: a new account, or one idle for a second or
 * more) takes a hold once its current window has lasted this long at >= HOLD_MIN_RATE, sized on that window's
 * rate so far. Before, only a completed window counted, and a burst after any idle second was charged exactly
 * for its whole first second: one statement per batch, each request waiting for the one in flight before its
 * own (bench/api-timeline.ts, companies: ~1/3 of the held rate through that second). Bursts shorter than this
 * stay exactly charged.
 */
export const HOLD_WARM_MS = 200;
/** A hold older than this is released whole by the sweeper (its instance is presumed dead). */
export const HOLD_EXPIRY_S = 120;

export interface HoldOptions {
  /** How long a hold serves requests before it is settled; 0 turns holds off (every request charged exactly). */
  holdMs: number;
  /** A hold takes at most 1/balanceShare of the balance left after the batch it came with. */
  balanceShare: number;
  /** A hold's upper bound in credits. */
  maxHold: number;
  /**
   * How long the answer of the account's last request in flight here waits for another request of the
   * account before the hold is settled (0: settled at once). See `done()`.
   */
  idleGraceMs: number;
}

export const DEFAULT_HOLDS: HoldOptions = {
  holdMs: 1_000,
  balanceShare: 16,
  maxHold: 20_000,
  idleGraceMs: 2,
};

const RESERVE = `with req as (
    select * from unnest($2::text[], $3::text[], $4::text[], $5::int[]) with ordinality as r(key_prefix, request_id, route, cost, ord)
  ),
  cur as (select credits from accounts where id = $1 for update),
  fits as (
    select req.*, sum(cost) over (order by ord) as running from req
  ),
  taken as (select * from fits where running <= (select credits from cur)),
  need as (select coalesce(sum(cost), 0)::bigint as n, count(*) as k from taken),
  extra as (
    select case when (select k from need) = (select count(*) from req)
      then greatest(0, least($6::bigint, ((select credits from cur) - (select n from need)) / $7::bigint))
      else 0 end::bigint as h
  ),
  u as (
    update accounts set credits = credits - (select n from need) - (select h from extra)
     where id = $1 and ((select n from need) > 0 or (select h from extra) > 0)
       and (select set_config('synchronous_commit', 'off', true)) = 'off'
    returning id
  ),
  ins as (
    insert into credit_ledger (account_id, key_prefix, delta, reason, request_id, route)
    select $1, key_prefix, -cost, 'charge', request_id, route from taken where exists (select 1 from u)
    union all
    select $1, null, -(select h from extra), 'reserve', $8, null
     where (select h from extra) > 0 and exists (select 1 from u)
  )
  select array(select ord from taken where exists (select 1 from u) order by ord) as ords,
         case when exists (select 1 from u) then (select h from extra) else 0 end as held`;

const SETTLE = `with req as (
    select * from unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::text[]) with ordinality as r(key_prefix, request_id, route, delta, reason, ord)
  ),
  rel as (
    insert into credit_ledger (account_id, key_prefix, delta, reason, request_id, route)
    values ($1, null, $7::integer, 'release', $8, null)
    on conflict (request_id) where reason = 'release' do nothing
    returning delta
  ),
  u as (
    update accounts set credits = credits + coalesce((select delta from rel), 0) + (select coalesce(sum(delta), 0) from req)
     where id = $1 and (select set_config('synchronous_commit', 'off', true)) = 'off'
    returning id
  ),
  ins as (
    insert into credit_ledger (account_id, key_prefix, delta, reason, request_id, route)
    select $1, key_prefix, delta, reason, request_id, route from req where exists (select 1 from u) order by ord
  )
  select (select count(*) from rel) as released`;

const REFUND = `with u as (
    update accounts set credits = credits + $2
     where id = $1 and (select set_config('synchronous_commit', 'off', true)) = 'off'
    returning id
  )
  insert into credit_ledger (account_id, key_prefix, delta, reason, request_id, route)
  select id, $3, $2::integer, 'refund', $4, $5 from u returning id`;

const SWEEP = `with open as (
    select r.account_id, r.request_id, -r.delta as h from credit_ledger r
     where r.reason = 'reserve' and r.created_at < now() - make_interval(secs => $1)
       and r.created_at > now() - make_interval(secs => $2)
       and not exists (select 1 from credit_ledger x where x.reason = 'release' and x.request_id = r.request_id)
     order by r.created_at limit 1000
  ),
  rel as (
    insert into credit_ledger (account_id, key_prefix, delta, reason, request_id, route)
    select account_id, null, h, 'release', request_id, 'expired hold' from open
    on conflict (request_id) where reason = 'release' do nothing
    returning account_id, delta
  ),
  sums as (select account_id, sum(delta) as d from rel group by account_id),
  u as (update accounts a set credits = a.credits + sums.d from sums where a.id = sums.account_id returning a.id)
  select count(*)::int as released from rel`;

/**
 * Charges a batch for one account and, when `hold` > 0 and the whole batch fits, reserves up to `hold`
 * more credits (capped at 1/balanceShare of the rest of the balance) under the id `holdId`. Returns for each
 * request whether it was charged (a prefix of the batch) and the credits reserved.
 */
export async function reserveBatch(
  database: Database,
  accountId: string,
  batch: readonly ChargeInput[],
  hold = 0,
  holdId: string | null = null,
  balanceShare = DEFAULT_HOLDS.balanceShare,
): Promise<{ charged: boolean[]; held: number }> {
  const rows = await hotQuery(database, 'findata_reserve_batch', RESERVE, [
    accountId,
    batch.map((c) => c.keyPrefix),
    batch.map((c) => c.requestId),
    batch.map((c) => c.route),
    batch.map((c) => c.cost),
    holdId ? hold : 0,
    Math.max(1, Math.floor(balanceShare)),
    holdId,
  ]);
  const ords = (rows[0]?.ords ?? []) as (number | string)[];
  const charged = new Set(ords.map(Number));
  return { charged: batch.map((_, i) => charged.has(i + 1)), held: Number(rows[0]?.held ?? 0) };
}

/** Charges a batch exactly (no hold); returns for each request whether it was charged (a prefix of the batch). */
export async function chargeBatch(
  database: Database,
  accountId: string,
  batch: readonly ChargeInput[],
): Promise<boolean[]> {
  return (await reserveBatch(database, accountId, batch)).charged;
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

/**
 * Releases, whole, the holds taken more than `olderThanS` seconds ago (and less than `withinS`) that no
 * instance settled: their instance died. Returns the number of holds released. Safe to run from every
 * instance at once (a hold is released once).
 */
export async function releaseExpiredHolds(
  database: Database,
  olderThanS = HOLD_EXPIRY_S,
  withinS = 3_600,
): Promise<number> {
  const rows = await database.query<{ released: number }>(SWEEP, [olderThanS, withinS]);
  return Number(rows[0]?.released ?? 0);
}

/** What a hold's settle writes: its id, account and amount, and one ledger row per request it served or refunded. */
export interface HoldRows {
  id: string;
  accountId: string;
  amount: number;
  /**
   * The ledger rows, one per request served or refunded, as the statement's columns: a hold keeps them as five
   * arrays rather than an object per row that holds the request's charge, so what a request leaves alive until
   * the settle (up to holdMs, past a few young-generation collections) is five array slots (bench/api-alloc.ts).
   */
  keyPrefixes: string[];
  requestIds: string[];
  routes: string[];
  /** -cost for a charge, +cost for a refund. */
  deltas: number[];
  reasons: ('charge' | 'refund')[];
}

/**
 * Settles a hold in one statement: its rows (a `charge` row per request served, a `refund` row per refund) and
 * the `release` row that gives the unused part back (a no-op when the hold was already released).
 */
export async function settleHold(database: Database, hold: HoldRows): Promise<void> {
  await hotQuery(database, 'findata_settle_hold', SETTLE, [
    hold.accountId,
    hold.keyPrefixes,
    hold.requestIds,
    hold.routes,
    hold.deltas,
    hold.reasons,
    hold.amount,
    hold.id,
  ]);
}

interface Hold extends HoldRows {
  /** When its successor is taken in the background (3/4 of holdMs), if it has not run low before. */
  renewAt: number;
  left: number;
  /** Set when it stops serving: requests it served are then refunded through the database. */
  closed: boolean;
  timer: NodeJS.Timeout | null;
}

interface AccountState {
  hold: Hold | null;
  /** The account's requests between charge() and done() here. */
  inflight: number;
  /** This account's settles and renewals in flight (what done() waits for when the account goes idle). */
  pending: Set<Promise<void>>;
  /** A successor hold is being reserved in the background. */
  renewing: boolean;
  /** Credits asked in the current one-second window, and the rate of the last window. */
  windowStart: number;
  windowCredits: number;
  rate: number;
  /** The account went idle here and its hold waits out the idle grace: called with true when a request arrives. */
  idle: ((busy: boolean) => void) | null;
  /**
   * Requests charged while a settle of the account's hold was in flight, less one per done() since (they
   * started first, so they are taken to end first): with the next batch, they may be every request in flight.
   */
  wave: number;
}

interface Pending {
  charge: ChargeInput;
  resolve(ok: boolean): void;
  reject(err: unknown): void;
}

const ok = Promise.resolve(true);

/** The credits-charged counter's series of each route (lib/metrics.ts DeferredCounter), made once. */
const chargedByRoute = new Map<string, CounterSeries<'route'>>();
function chargedSeries(route: string): CounterSeries<'route'> {
  let s = chargedByRoute.get(route);
  if (s === undefined) {
    s = metrics.creditsCharged.seriesOf({ route });
    chargedByRoute.set(route, s);
  }
  return s;
}

/** A ledger row of the hold's settle: the request's key prefix, id and route, the delta and the reason. */
function addRow(h: Hold, c: ChargeInput, delta: number, reason: 'charge' | 'refund'): void {
  h.keyPrefixes.push(c.keyPrefix);
  h.requestIds.push(c.requestId);
  h.routes.push(c.route);
  h.deltas.push(delta);
  h.reasons.push(reason);
}

/**
 * The hold that paid for a request, kept on the request's charge itself (a WeakMap entry per request cost
 * about 1 µs and weak-reference work in every garbage collection).
 */
const SERVED_BY = Symbol('servedBy');
type Drawn = ChargeInput & { [SERVED_BY]?: Hold | undefined };

export class CreditMeter {
  private readonly queues = new Map<string, Pending[]>();
  private readonly accounts = new Map<string, AccountState>();
  private readonly settling = new Set<Promise<void>>();
  /** Accounts whose last charge was refused (out of credits); bounded by the number of accounts. */
  private readonly refused = new Set<string>();
  private readonly holds: HoldOptions;
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly maxBatch = 256,
    holds: Partial<HoldOptions> = {},
    private readonly log?: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.holds = { ...DEFAULT_HOLDS, ...holds };
  }

  /**
   * Whether the account's last charge here was refused: its next request should wait for the charge before
   * doing any work, so an empty account cannot keep the database busy.
   */
  wasRefused(accountId: string): boolean {
    return this.refused.has(accountId);
  }

  /**
   * A request's charge, as the pipeline hands it to chargeNow(): the slot draw() marks with the hold that paid
   * is made with the object (in it), where setting a symbol on a five-field literal after the fact costs an
   * out-of-object property store and a map transition per request (~30 B; bench/api-alloc.ts).
   */
  chargeInput(
    accountId: string,
    keyPrefix: string,
    cost: number,
    requestId: string,
    route: string,
  ): ChargeInput {
    return { accountId, keyPrefix, cost, requestId, route, [SERVED_BY]: undefined } as Drawn;
  }

  /** Resolves true when the credits were taken, false when the balance does not cover the cost. */
  charge(c: ChargeInput): Promise<boolean> {
    const paid = this.chargeNow(c);
    return paid === true ? ok : paid;
  }

  /**
   * charge() without a promise when the account's hold pays for the request (the common case under load):
   * `true` at once; otherwise the charge's promise.
   */
  chargeNow(c: ChargeInput): true | Promise<boolean> {
    const s = this.state(c.accountId);
    s.inflight++;
    // The account is busy again: the answer waiting out the idle grace goes without settling the hold.
    if (s.idle !== null) s.idle(true);
    this.tick(s, c.cost);
    if (s.hold && this.draw(s.hold, c)) {
      chargedSeries(c.route).inc(c.cost);
      if (!s.renewing && (s.hold.left * 4 < s.hold.amount || this.now() >= s.hold.renewAt))
        this.renew(s, c.accountId);
      return true;
    }
    return this.enqueue(c).then((charged) => {
      if (charged) this.refused.delete(c.accountId);
      else this.refused.add(c.accountId);
      if (charged) chargedSeries(c.route).inc(c.cost);
      else metrics.creditRefusals.inc({ route: c.route });
      return charged;
    });
  }

  /** Pays for the request from the hold when it covers it. */
  private draw(h: Hold, c: ChargeInput): boolean {
    if (h.left < c.cost) return false;
    h.left -= c.cost;
    addRow(h, c, -c.cost, 'charge');
    (c as Drawn)[SERVED_BY] = h;
    return true;
  }

  async refund(c: ChargeInput): Promise<void> {
    const h = (c as Drawn)[SERVED_BY];
    if (h && !h.closed) {
      // Paid from a hold not yet settled: the credit goes back into the hold; the settle writes the charge
      // and its refund.
      (c as Drawn)[SERVED_BY] = undefined;
      h.left += c.cost;
      addRow(h, c, c.cost, 'refund');
    } else {
      await refundCredits(this.database, c);
    }
    metrics.creditsRefunded.inc({ route: c.route }, c.cost);
  }

  /**
   * The request charged by charge() has been answered (or is about to be: the pipeline calls this before it
   * hands the response over). When it was the account's last request in flight here, the account's hold is
   * settled before this resolves, so once a client has every answer it asked for, the stored balance counts
   * exactly the requests served (no credits left reserved). Never rejects: a settle that fails is retried in
   * the background.
   *
   * The idle grace: before settling, the last request waits up to `idleGraceMs` for another request of the
   * account. If one arrives, the account is not idle (a request of it is in flight again), the hold keeps
   * serving and this resolves at once, without a statement; that request's own done() settles when the
   * account does go idle. Under steady load, concurrent clients' answers often go out in the same event-loop
   * turn and their next requests arrive a fraction of a millisecond later: without the grace the account
   * looked idle at every such turn, its hold was settled, and the next requests were charged exactly in
   * waves (bench/api-syscalls.ts counted 0.11 charge and 0.02 settle statements a request on the companies
   * route, against one hold and one settle a second).
   */
  done(accountId: string): Promise<void> | undefined {
    const s = this.accounts.get(accountId);
    if (!s) return undefined;
    s.inflight = Math.max(0, s.inflight - 1);
    if (s.wave > 0) s.wave--;
    // Requests still in flight (the usual case under load) or nothing to settle: nothing to wait for, and
    // no promise made.
    if (s.inflight > 0 || (!s.hold && s.pending.size === 0)) return undefined;
    return this.settleIdle(s);
  }

  /** done() for the account's last request in flight here: settles its hold and waits for it. */
  private async settleIdle(s: AccountState): Promise<void> {
    if (s.hold && this.holds.idleGraceMs > 0 && !this.closed && s.idle === null) {
      const busy = await new Promise<boolean>((resolve) => {
        // The grace ends after the event loop has polled for I/O once more (setImmediate runs after the
        // poll phase): timers run before it, so a loop busy or descheduled past the grace would otherwise
        // find its timer due and the account idle while the account's next requests sit unread in their
        // sockets (on a loaded host most idle settles were that: bench/api-tail.ts, the companies route).
        let immediate: NodeJS.Immediate | null = null;
        const timer = setTimeout(() => {
          immediate = setImmediate(() => {
            s.idle = null;
            resolve(false);
          });
        }, this.holds.idleGraceMs);
        s.idle = (b) => {
          clearTimeout(timer);
          if (immediate !== null) clearImmediate(immediate);
          s.idle = null;
          resolve(b);
        };
      });
      if (busy) return;
    }
    for (let pass = 0; pass < 3 && s.inflight === 0 && (s.hold || s.pending.size > 0); pass++) {
      if (s.hold) this.retire(s);
      await Promise.all([...s.pending]);
    }
  }

  /** Settles every hold (used credits charged, the rest released) and waits for it; no hold is taken after. */
  async close(): Promise<void> {
    this.closed = true;
    await this.settle();
  }

  /** Settles this instance's holds now (tests, and readers of the balance that must see it exact). */
  async settle(): Promise<void> {
    // A renewal in flight opens a hold when it lands: wait for it, then retire what is open.
    for (let pass = 0; pass < 3; pass++) {
      for (const s of this.accounts.values()) if (s.hold) this.retire(s);
      while (this.settling.size) await Promise.all([...this.settling]);
      if (![...this.accounts.values()].some((s) => s.hold)) break;
    }
  }

  private state(accountId: string): AccountState {
    let s = this.accounts.get(accountId);
    if (!s) {
      s = {
        hold: null,
        inflight: 0,
        pending: new Set(),
        renewing: false,
        windowStart: this.now(),
        windowCredits: 0,
        rate: 0,
        idle: null,
        wave: 0,
      };
      this.accounts.set(accountId, s);
    }
    return s;
  }

  /** Counts a request's credits in its account's rate (one-second windows). */
  private tick(s: AccountState, cost: number): void {
    const now = this.now();
    const elapsed = now - s.windowStart;
    if (elapsed >= 1_000) {
      s.rate = elapsed < 2_000 ? (s.windowCredits * 1_000) / elapsed : 0;
      s.windowStart = now;
      s.windowCredits = 0;
    }
    s.windowCredits += cost;
  }

  /**
   * The hold to ask for: about holdMs of the account's rate in the last full second (0: exact charging).
   * A cold burst (the last window below the hold rate) counts its current window once it has lasted
   * HOLD_WARM_MS, so a burst shorter than that is charged exactly.
   */
  private holdSize(s: AccountState): number {
    if (this.closed || this.holds.holdMs <= 0 || s.inflight < HOLD_MIN_INFLIGHT) return 0;
    let rate = s.rate;
    if (rate < HOLD_MIN_RATE) {
      const elapsed = this.now() - s.windowStart;
      rate = elapsed >= HOLD_WARM_MS ? (s.windowCredits * 1_000) / elapsed : 0;
      if (rate < HOLD_MIN_RATE) return 0;
    }
    return Math.min(this.holds.maxHold, Math.ceil((rate * this.holds.holdMs) / 1_000));
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

  private async drain(accountId: string): Promise<void> {
    const queue = this.queues.get(accountId)!;
    const s = this.state(accountId);
    while (queue.length > 0) {
      // Requests that queued while the hold was being taken draw from it first.
      while (s.hold && queue.length > 0 && this.draw(s.hold, queue[0]!.charge)) queue.shift()!.resolve(true);
      if (queue.length === 0) break;
      // The hold (if any) ran out, or the account went idle here and its hold is being settled (done()): the
      // charge does not wait for that settle, a statement of a ledger row per request the hold served (waiting
      // made the next requests' answers wait for it: bench/api-tail.ts, the statements route's tail). A
      // request the charge refuses while a settle was in flight is charged again once it has landed, so a 402
      // still sees every credit this instance is not using.
      if (s.hold) this.retire(s);
      // A renewal in flight brings the hold the queue draws from: that one is waited for.
      if (s.renewing) {
        await Promise.all([...s.pending]);
        continue;
      }
      const inFlight = s.pending.size > 0 ? [...s.pending] : null;
      const batch = queue.splice(0, this.maxBatch);
      // No hold with a batch that is every request of the account in flight here: the batch pays for them
      // all, and they end together when it lands (their queries ran meanwhile), so the account goes idle at
      // once and done() would release the hold unused: a reserve and a release statement for nothing, the
      // last answer waiting for the second. Requests that arrive meanwhile queue for the next batch, which
      // is taken while this one's requests are still in flight and may take a hold. No hold either while a
      // settle is in flight, nor with a batch that is, with the requests charged while one was (`wave`), every
      // request in flight: as if they had all waited for the settle in one batch.
      const want =
        s.renewing || inFlight !== null || batch.length + s.wave >= s.inflight ? 0 : this.holdSize(s);
      if (inFlight !== null) s.wave += batch.length;
      const holdId = want > 0 ? `hold_${randomBytes(8).toString('hex')}` : null;
      try {
        const { charged, held } = await reserveBatch(
          this.database,
          accountId,
          batch.map((p) => p.charge),
          want,
          holdId,
          this.holds.balanceShare,
        );
        if (held > 0 && holdId) this.open(s, accountId, holdId, held);
        const retry: Pending[] = [];
        for (let i = 0; i < batch.length; i++) {
          const p = batch[i]!;
          if (charged[i] || inFlight === null) p.resolve(charged[i]!);
          else retry.push(p);
        }
        if (retry.length > 0) {
          // Refused while a settle was in flight: charged again, first, once it has landed.
          await Promise.all(inFlight!);
          queue.unshift(...retry);
        }
      } catch (err) {
        for (const p of batch) p.reject(err);
      }
    }
    this.queues.delete(accountId);
  }

  /**
   * Takes the account's next hold in the background while the current one still serves, so a busy account's
   * requests never wait for a reservation (the current hold is settled when its successor arrives).
   */
  private renew(s: AccountState, accountId: string): void {
    const want = this.holdSize(s);
    if (want <= 0 || this.closed) return;
    s.renewing = true;
    const id = `hold_${randomBytes(8).toString('hex')}`;
    const p: Promise<void> = reserveBatch(this.database, accountId, [], want, id, this.holds.balanceShare)
      .then(({ held }) => {
        if (held > 0) this.open(s, accountId, id, held);
      })
      .catch((err) => this.log?.warn({ err }, 'credit hold renewal failed; requests charge exactly'))
      .finally(() => {
        s.renewing = false;
        this.settling.delete(p);
        s.pending.delete(p);
      });
    this.settling.add(p);
    s.pending.add(p);
  }

  private open(s: AccountState, accountId: string, id: string, amount: number): void {
    const hold: Hold = {
      id,
      accountId,
      amount,
      left: amount,
      keyPrefixes: [],
      requestIds: [],
      routes: [],
      deltas: [],
      reasons: [],
      closed: false,
      timer: null,
      renewAt: this.now() + (this.holds.holdMs * 3) / 4,
    };
    // Closing, or the account's requests here were all answered while this hold was being taken (a
    // renewal): it is settled at once, so an idle account holds nothing.
    if (this.closed || s.inflight === 0) {
      this.retireHold(hold);
      return;
    }
    if (s.hold) this.retire(s);
    // At holdMs the hold is settled unless a successor is on its way (that one retires it on arrival).
    const expire = () => {
      if (s.hold !== hold) return;
      if (s.renewing) {
        hold.timer = setTimeout(expire, 50);
        hold.timer.unref();
      } else this.retire(s);
    };
    hold.timer = setTimeout(expire, this.holds.holdMs);
    hold.timer.unref();
    s.hold = hold;
  }

  private retire(s: AccountState): void {
    const hold = s.hold!;
    s.hold = null;
    this.retireHold(hold);
  }

  private retireHold(hold: Hold): void {
    hold.closed = true;
    if (hold.timer) clearTimeout(hold.timer);
    const s = this.accounts.get(hold.accountId);
    // The first attempt is what done() waits for; retries (the database unreachable) run in the background.
    const first: Promise<void> = this.trySettle(hold)
      .then((settled) => {
        if (!settled) this.track(this.retrySettle(hold));
      })
      .finally(() => {
        this.settling.delete(first);
        s?.pending.delete(first);
      });
    this.settling.add(first);
    s?.pending.add(first);
  }

  private track(p: Promise<void>): void {
    this.settling.add(p);
    void p.finally(() => this.settling.delete(p));
  }

  private async trySettle(hold: Hold): Promise<boolean> {
    try {
      await settleHold(this.database, hold);
      return true;
    } catch (err) {
      this.log?.warn({ err, hold: hold.id }, 'credit hold settle failed; retrying');
      return false;
    }
  }

  private async retrySettle(hold: Hold): Promise<void> {
    for (let attempt = 1; attempt <= 5 && !this.closed; attempt++) {
      await new Promise((r) => setTimeout(r, 1_000 * attempt).unref());
      if (await this.trySettle(hold)) return;
    }
    // The sweeper releases the hold whole after HOLD_EXPIRY_S: the requests it served go uncharged.
    this.log?.error({ hold: hold.id, requests: hold.requestIds.length }, 'credit hold could not be settled');
  }
}
