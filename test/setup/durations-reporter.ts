import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { File, Reporter } from 'vitest';

/**
 * Used by `npm run test:durations` (test/setup/save-durations.ts) only: writes `{ "<project>:<path>": ms }` to
 * DURATIONS_OUT when the run ends, a file's ms being its imports (collect), setup files and run with its hooks,
 * which is its time in a worker. Not vitest's results cache: that one is shared by every checkout using the same
 * node_modules, and holds the other pass's durations after the first pass of `.ci/run`.
 */
export default class DurationsReporter implements Reporter {
  onFinished(files: File[] = []): void {
    const out = process.env.DURATIONS_OUT;
    if (!out) return;
    const root = process.cwd();
    const ms = Object.fromEntries(
      files.map((f) => [
        `${f.projectName ?? ''}:${relative(root, f.filepath)}`,
        (f.collectDuration ?? 0) + (f.setupDuration ?? 0) + (f.result?.duration ?? 0),
      ]),
    );
    writeFileSync(out, JSON.stringify(ms));
  }
}
