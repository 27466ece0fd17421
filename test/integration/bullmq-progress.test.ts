import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PartitionProgress } from '../../jobs/partition-watch.ts';
import { jobProgress } from '../../jobs/runtime/bullmq.ts';

const step = (stage: string): PartitionProgress => ({ stage, at: new Date().toISOString(), documents: 0 });

describe("a partition's BullMQ progress (the dashboard's current step)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes a step begun within a second of the last write once that second is over', async () => {
    // the 10% rehearsal (docs/scale.md, "What broke" 12): a partition showed `fetch` for its 10-minute stall
    // while it waited at `attempt 1 sent`, begun within the second after `fetch` was written
    vi.useFakeTimers();
    const written: string[] = [];
    const progress = jobProgress({
      updateProgress: async (p: unknown) => {
        written.push((p as PartitionProgress).stage);
      },
    });
    progress(step('fetch'));
    vi.advanceTimersByTime(100);
    progress(step('look up the raw index'));
    progress(step('attempt 1 sent'));
    expect(written).toEqual(['fetch']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(written).toEqual(['fetch', 'attempt 1 sent']);
    // still at most one write a second, and nothing more once the last step is written
    await vi.advanceTimersByTimeAsync(5_000);
    expect(written).toEqual(['fetch', 'attempt 1 sent']);
    progress(step('parse'));
    expect(written).toEqual(['fetch', 'attempt 1 sent', 'parse']);
  });
});
