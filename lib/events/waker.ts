import type { Database } from '../db.ts';
import type { Logger } from '../logger.ts';
import { lastSequence } from './feed.ts';

/**
 * Wakes the consumers of one process (stream clients) when the log grows. A wake-up carries no event: each
 * consumer then reads `sequence > last sent` from the log, which is the truth, so a lost or duplicated
 * wake-up costs latency at most. Sources: LISTEN 'events' (appendEvents notifies at commit; on Postgres a
 * dedicated connection, so every API instance hears every worker; on PGlite the instance's own listener),
 * and one shared poll of the log's counter as a safety net (a dropped LISTEN connection, a missed notify).
 */
export class EventWaker {
  private readonly listeners = new Set<() => void>();
  private unlisten: (() => Promise<void>) | null = null;
  private poll: NodeJS.Timeout | null = null;
  private last = -1;
  private started: Promise<void> | null = null;

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
    private readonly pollMs = 2_000,
  ) {}

  /** Starts listening on first use (an API that never streams opens no connection). */
  private start(): Promise<void> {
    this.started ??= (async () => {
      if (this.database.listen) {
        try {
          this.unlisten = await this.database.listen('events', () => this.wake());
        } catch (err) {
          this.log.warn(
            { err: (err as Error).message },
            'events: LISTEN failed; stream clients wake by polling',
          );
        }
      }
      this.poll = setInterval(() => {
        lastSequence(this.database)
          .then((n) => {
            if (this.last >= 0 && n !== this.last) this.wake();
            this.last = n;
          })
          .catch(() => undefined);
      }, this.pollMs);
      this.poll.unref();
    })();
    return this.started;
  }

  /** Calls `fn` on every wake-up until the returned function is called. */
  async subscribe(fn: () => void): Promise<() => void> {
    await this.start();
    this.listeners.add(fn);
    return () => {
      this.listeners.delete(fn);
    };
  }

  get size(): number {
    return this.listeners.size;
  }

  private wake(): void {
    for (const fn of this.listeners) fn();
  }

  async close(): Promise<void> {
    if (this.poll) clearInterval(this.poll);
    this.poll = null;
    this.listeners.clear();
    const u = this.unlisten;
    this.unlisten = null;
    if (u) await u().catch(() => undefined);
  }
}
