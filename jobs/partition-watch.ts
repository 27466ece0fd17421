import { PartitionStalledError } from '../lib/errors.ts';

/** Where a running partition attempt is: its current step, since when, and the documents it has so far. */
export interface PartitionProgress {
  stage: string;
  /** ISO time the step began (the attempt's last progress). */
  at: string;
  /** Documents fetched or read back so far in this attempt. */
  documents: number;
}

export interface PartitionWatch {
  /** Aborted when the attempt stalls, or when `outer` (the runtime's shutdown) aborts. */
  readonly signal: AbortSignal;
  /** Aborted only when the attempt stalls: what the partition's own requests are cut off with. */
  readonly stallSignal: AbortSignal;
  /** Records a step begun (progress): the stall clock starts again. */
  progress(stage: string, opts?: { document?: boolean }): void;
  /** Rejects with PartitionStalledError when the attempt stalls; never resolves. */
  readonly stalled: Promise<never>;
  stop(): void;
}

/**
 * The deadline of one partition attempt: `stallMs` without a step begun aborts it. Each step the pipeline,
 * the fetcher and the HTTP client begin is progress (a document looked up, requested, archived, recorded; a
 * parse, a load), so a slow but moving partition is never cut off, and one waiting on something that will not
 * answer (a promise that never settles, a request nobody answers) fails with the step it stopped at. The
 * timer is re-armed lazily: one timeout per `stallMs` of quiet, not one per step. `stallMs` 0: never.
 */
export function watchPartition(
  dataset: string,
  partition: string,
  stallMs: number,
  outer?: AbortSignal,
  onProgress?: (p: PartitionProgress) => void,
): PartitionWatch {
  const stall = new AbortController();
  const either = new AbortController();
  const onOuter = () => either.abort(outer!.reason);
  if (outer?.aborted) either.abort(outer.reason);
  else outer?.addEventListener('abort', onOuter, { once: true });

  let stage = 'starting';
  let last = Date.now();
  let documents = 0;
  let timer: NodeJS.Timeout | null = null;
  let fail: (err: PartitionStalledError) => void = () => {};
  const stalled = new Promise<never>((_, reject) => {
    fail = reject;
  });
  stalled.catch(() => {}); // observed by the caller's race; never an unhandled rejection

  const check = () => {
    const idle = Date.now() - last;
    if (idle < stallMs) {
      timer = setTimeout(check, stallMs - idle);
      return;
    }
    timer = null;
    const err = new PartitionStalledError(dataset, partition, stage, idle);
    stall.abort(err);
    either.abort(err);
    fail(err);
  };
  if (stallMs > 0) timer = setTimeout(check, stallMs);

  return {
    signal: either.signal,
    stallSignal: stall.signal,
    stalled,
    progress(next, opts) {
      if (stall.signal.aborted) return; // a late step of an abandoned attempt is not progress
      stage = next;
      last = Date.now();
      if (opts?.document) documents++;
      onProgress?.({ stage, at: new Date(last).toISOString(), documents });
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      outer?.removeEventListener('abort', onOuter);
    },
  };
}
