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
   * Not read: record() stamps the event with the time the request was served (epoch ms; not when the batch
   * was written), so usage periods count it correctly, whatever is given here.
   */
  at?: number;
}

/**
 * An event as the batch's JSON sends it: an array (account id, key prefix, route, status, chunks returned,
 * request id, milliseconds since the batch's first event), read by position by INSERT_USAGE.
 */
type Row = [string, string, string, number, number, string, number];

export class UsageRecorder {
  private buffer: Row[] = [];
  /** The epoch milliseconds of the buffer's first event: each row's time is an offset from it. */
  private base = 0;
  private timer: NodeJS.Timeout | null = null;
  private inflight: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
    private readonly flushMs = 1_000,
    private readonly maxBatch = 500,
  ) {}

  /** Records the event (its fields are copied: the object is not kept). */
  record(e: UsageEvent): void {
    const at = Date.now();
    if (this.buffer.length === 0) this.base = at;
    this.buffer.push([
      e.accountId,
      e.keyPrefix,
      e.route,
      e.status,
      e.chunksReturned,
      e.requestId,
      at - this.base,
    ]);
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
    const base = this.base;
    this.buffer = [];
    const previous = this.inflight;
    this.inflight = previous.then(() => (batch.length ? this.write(batch, base) : undefined));
    await this.inflight;
  }

  private async write(batch: Row[], base: number): Promise<void> {
    // The batch as one JSON text, read back by json_array_elements: one statement text whatever the batch
    // size (Postgres parses and plans it once per connection), and one string the size of the batch made by
    // JSON.stringify, where seven array parameters built element by element cost ~1 kB of garbage per event
    // (bench/api-alloc.ts). Each event is an array, not an object: JSON.stringify wrote the seven keys of
    // every event (~2.2k instructions an event, under callgrind). Its time is epoch milliseconds (`base`, a
    // parameter of its own) plus the row's offset, made a timestamptz by the statement: an offset of a few
    // seconds is a small integer, where an epoch millisecond is a double that JSON.stringify formats (~0.7k
    // instructions an event); `new Date(ms).toISOString()` per event cost ~7.5k (bench/api-instructions.ts).
    // Postgres reads the text as jsonb, parsed once: each `->>` of an element of a `json` value parses that
    // element's text again, seven times a row (9.0 µs of the backend's CPU a row, 4.7 µs as jsonb: 500-row
    // batches on one connection, /proc/<pid>/schedstat; bench/api.bench.ts `db_cpu_us_per_req`).
    try {
      await hotQuery(this.database, 'findata_usage_events_rows', INSERT_USAGE, [JSON.stringify(batch), base]);
    } catch (err) {
      this.log.error({ err, events: batch.length }, 'usage events could not be written');
    }
  }
}

const INSERT_USAGE = `insert into usage_events (account_id, key_prefix, route, status, chunks_returned, request_id, created_at)
  select e->>0, e->>1, e->>2, (e->>3)::int, (e->>4)::int, e->>5,
         to_timestamp(at / 1000) + (at % 1000) * interval '1 millisecond'
    from (select e, $2::bigint + (e->>6)::bigint as at from jsonb_array_elements($1::jsonb) as e) u`;
