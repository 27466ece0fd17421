import { performance } from 'node:perf_hooks';

/**
 * The timing loop the throughput benches share: `warmup` calls first, then `run` again and again until
 * `targetMs` have passed. Results feed a sink that is printed only in an impossible case, so the work
 * stays observable and cannot be optimised away.
 */
export function repeatFor(
  run: () => unknown,
  targetMs: number,
  warmup: number,
): { iterations: number; elapsed: number } {
  let sink = 0;
  for (let i = 0; i < warmup; i++) sink += run() ? 1 : 0;
  let iterations = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < targetMs) {
    sink += run() ? 1 : 0;
    iterations++;
    elapsed = performance.now() - start;
  }
  if (sink < 0) console.error(sink);
  return { iterations, elapsed };
}
