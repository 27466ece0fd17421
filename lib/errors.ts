/** The upstream document is not in a format the parser understands. Never retried. */
export class ParseError extends Error {
  override name = 'ParseError';
  constructor(
    message: string,
    readonly document?: string,
    options?: { cause?: unknown },
  ) {
    super(document ? `${message} (${document})` : message, options);
  }
}

/**
 * A partition that fails for good: retrying cannot help (a parse error, once quarantined; a full archive
 * disk; a key that is no partition). Both job runtimes stop retrying it: the in-process one by this class,
 * the BullMQ one by BullMQ's own UnrecoverableError, into which its worker turns this one (jobs/runtime/
 * bullmq.ts). Ours, not BullMQ's, so that a job or the embedded runtime does not load BullMQ (about 0.4 s of
 * CPU per process) for one error class; the name is BullMQ's, which BullMQ also recognises by name.
 */
export class UnrecoverableError extends Error {
  override name = 'UnrecoverableError';
}

/** The upstream answered but does not have the document (404, S3 NoSuchKey). Recorded, not retried. */
export class UpstreamNotFoundError extends Error {
  override name = 'UpstreamNotFoundError';
  constructor(readonly url: string) {
    super(`upstream has no document at ${url}`);
  }
}

/** The upstream failed or throttled past the retry budget. Retried later by the job runtime. */
export class UpstreamError extends Error {
  override name = 'UpstreamError';
  constructor(
    message: string,
    readonly url: string,
    readonly status?: number,
    readonly attempts?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * A partition attempt made no progress for PARTITION_STALL_MS (no document fetched, archived or recorded, no
 * step of parse or load begun): it is aborted through its AbortSignal and fails with the step it was in, so
 * the job runtime retries it (BullMQ's attempts, the in-process queue's own). Nothing of the attempt is
 * loaded: the load is one transaction, and an aborted attempt never commits it.
 */
export class PartitionStalledError extends Error {
  override name = 'PartitionStalledError';
  constructor(
    readonly dataset: string,
    readonly partition: string,
    /** The step the attempt was in when it stopped moving (e.g. `GET <url>: archiving 210414 bytes`). */
    readonly stage: string,
    readonly idleMs: number,
  ) {
    super(
      `${dataset}/${partition} made no progress for ${Math.round(idleMs / 1000)} s (PARTITION_STALL_MS): stalled at ${stage}`,
    );
  }
  /**
   * What the process was waiting on when the attempt stalled (set by the pipeline, logged with the error): the
   * database pool's clients (Postgres) and Node's active handles and requests by type, e.g. `{ pool: { total:
   * 10, idle: 0, waiting: 3 }, resources: { TCPSocketWrap: 12, FSReqCallback: 4, Timeout: 9 } }`. A stall with
   * no free client and callers waiting is the pool; one with a socket per request sent is the network.
   */
  waits?: StallWaits;
}

export interface StallWaits {
  pool: { total: number; idle: number; waiting: number } | null;
  resources: Record<string, number>;
}
