import type { Database } from '../../lib/db.ts';
import type { Logger } from '../../lib/logger.ts';
import { hotQuery } from './sql.ts';

/**
 * Usage events (one per authenticated request) are buffered and written in batches, off the request path.
 * /v1/usage flushes this instance's buffer before it reads, so a caller always sees its own requests.
 */
export interface UsageEvent {
  accountId: string;
  keyPrefix: string;
  route: string;
  status: number;
  chunksReturned: number;
  requestId: string;
  /**
   * When the request was served (epoch ms; not when the batch was written), so usage periods count it
   * correctly: record() sets it. A caller may give it (any number) so that the field is made with the object
   * rather than added to it by record() (an out-of-object property store per event; bench/api-alloc.ts).
   */
  at?: number;
}

interface Recorded extends UsageEvent {
  at: number;
}

export class UsageRecorder {
  private buffer: Recorded[] = [];
  private timer: NodeJS.Timeout | null = null;
  private inflight: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
    private readonly flushMs = 1_000,
    private readonly maxBatch = 500,
  ) {}

  /** Records the event; it takes `e` over (the caller hands a fresh object and does not keep it). */
  record(e: UsageEvent): void {
    const r = e as Recorded;
    r.at = Date.now();
    this.buffer.push(r);
    if (this.buffer.length >= this.maxBatch) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushMs);
      this.timer.unref();
    }
  }

  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.buffer;
    this.buffer = [];
    const previous = this.inflight;
    this.inflight = previous.then(() => (batch.length ? this.write(batch) : undefined));
    await this.inflight;
  }

  private async write(batch: Recorded[]): Promise<void> {
    // The batch as one JSON text, read back by json_to_recordset: one statement text whatever the batch size
    // (Postgres parses and plans it once per connection), and one string the size of the batch made by
    // JSON.stringify, where seven array parameters built element by element cost ~1 kB of garbage per event
    // (bench/api-alloc.ts). `at` is epoch milliseconds, made a timestamptz by the statement:
    // `new Date(ms).toISOString()` per event cost ~7.5k instructions (bench/api-instructions.ts).
    try {
      await hotQuery(this.database, 'findata_usage_events_json', INSERT_USAGE, [JSON.stringify(batch)]);
    } catch (err) {
      this.log.error({ err, events: batch.length }, 'usage events could not be written');
    }
  }
}

const INSERT_USAGE = `insert into usage_events (account_id, key_prefix, route, status, chunks_returned, request_id, created_at)
  select "accountId", "keyPrefix", route, status, "chunksReturned", "requestId",
         to_timestamp(at / 1000) + (at % 1000) * interval '1 millisecond'
    from json_to_recordset($1::json)
      as u("accountId" text, "keyPrefix" text, route text, status int, "chunksReturned" int, "requestId" text, at bigint)`;
