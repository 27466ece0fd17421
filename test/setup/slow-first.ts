import { existsSync, readFileSync } from 'node:fs';

/**
 * The order `vitest.config.ts` gives the files of a pool: longest first, so that no long file starts near the end of
 * a pass and sets its tail. A file's time is, in this order of trust: its duration in the committed
 * `test/durations.json` for this pass (`embedded` or `backend`, written by `npm run test:durations`), its duration
 * in vitest's own results cache (`node_modules/.vite/vitest`, which a fresh clone such as CI's does not have, and
 * which after the first pass of `.ci/run` holds the other backend's durations), and the seconds its source declares
 * with `@test-slow <seconds>`. Files with none of the three run after the others, in the order vitest chose.
 */
export const SLOW_MARKER = /@test-slow (\d+)/;

/** The seconds a file's source declares with `@test-slow`, 0 when unmarked. */
export function slowSeconds(source: string): number {
  return Number(SLOW_MARKER.exec(source)?.[1] ?? 0);
}

export interface FileTimes<T> {
  /** ms from test/durations.json for this pass */
  committedMs: (file: T) => number | undefined;
  /** ms from vitest's results cache */
  cachedMs: (file: T) => number | undefined;
  /** seconds from the `@test-slow` marker, 0 when unmarked */
  seconds: (file: T) => number;
}

export function slowFirst<T>(ordered: readonly T[], times: FileTimes<T>): T[] {
  const ms = (f: T) =>
    times.committedMs(f) ?? times.cachedMs(f) ?? (times.seconds(f) > 0 ? times.seconds(f) * 1000 : undefined);
  const timed = ordered.filter((f) => ms(f) !== undefined);
  timed.sort((a, b) => (ms(b) ?? 0) - (ms(a) ?? 0));
  return [...timed, ...ordered.filter((f) => ms(f) === undefined)];
}

/** The pass `.ci/run` is in: `backend` for its Postgres + Redis pass (TEST_SCOPE=backend), `embedded` otherwise. */
export const passName = (scope = process.env.TEST_SCOPE): 'backend' | 'embedded' =>
  scope === 'backend' ? 'backend' : 'embedded';

export const DURATIONS_FILE = 'test/durations.json';

/** `{ "<project>:<path>": ms }` for a pass from test/durations.json; empty when the file or the pass is missing. */
export function committedDurations(pass: 'backend' | 'embedded', file = DURATIONS_FILE): Map<string, number> {
  if (!existsSync(file)) return new Map();
  const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const one = all[pass];
  if (!one || typeof one !== 'object') return new Map();
  return new Map(Object.entries(one as Record<string, number>).filter(([, v]) => typeof v === 'number'));
}
