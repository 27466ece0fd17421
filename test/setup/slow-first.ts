/**
 * The order `vitest.config.ts` gives the files of a pool: those marked `@test-slow <seconds>` first (the number
 * is the file's rough wall time alone, only used to order), the slowest first; then the unmarked files in the
 * order vitest chose (failed first, then longest, when its results cache knows them). Among the marked files,
 * the cache's durations win over the markers when it holds them all.
 */
export const SLOW_MARKER = /@test-slow (\d+)/;

/** The seconds a file's source declares with `@test-slow`, 0 when unmarked. */
export function slowSeconds(source: string): number {
  return Number(SLOW_MARKER.exec(source)?.[1] ?? 0);
}

export function slowFirst<T>(
  ordered: readonly T[],
  seconds: (file: T) => number,
  cachedMs: (file: T) => number | undefined,
): T[] {
  const slow = ordered.filter((f) => seconds(f) > 0);
  const cached = slow.every((f) => cachedMs(f) !== undefined);
  slow.sort((a, b) => (cached ? (cachedMs(b) ?? 0) - (cachedMs(a) ?? 0) : seconds(b) - seconds(a)));
  return [...slow, ...ordered.filter((f) => seconds(f) === 0)];
}
