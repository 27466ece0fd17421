/**
 * `npm run test:durations`: runs this pass of the test suite (`embedded` without TEST_SCOPE, `backend` with
 * TEST_SCOPE=backend and DATABASE_URL / REDIS_URL, as `.ci/run` sets them) from an empty vitest results cache, then
 * writes each file's duration (ms, rounded to 100) into test/durations.json under the pass's name, which the
 * sequencer in vitest.config.ts reads to start the longest files first (test/setup/slow-first.ts). The other pass's
 * entry is kept. Extra arguments go to vitest.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DURATIONS_FILE, passName } from './slow-first.ts';

const CACHE_DIR = 'node_modules/.vite/vitest';

function resultsFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return resultsFiles(path);
    return e.name === 'results.json' ? [path] : [];
  });
}

const pass = passName();
for (const f of resultsFiles(CACHE_DIR)) rmSync(f);
const run = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: process.env,
});
const newest = resultsFiles(CACHE_DIR).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
if (!newest) {
  console.error(`no vitest results cache under ${CACHE_DIR}: nothing written (vitest exited ${run.status})`);
  process.exit(1);
}
const { results } = JSON.parse(readFileSync(newest, 'utf8')) as {
  results: [string, { duration: number; failed: boolean }][];
};
const durations = Object.fromEntries(
  results
    .filter(([key]) => existsSync(key.slice(key.indexOf(':') + 1)))
    .map(([key, r]) => [key, Math.round(r.duration / 100) * 100] as const)
    .sort(([a], [b]) => a.localeCompare(b)),
);
const all = existsSync(DURATIONS_FILE)
  ? (JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, unknown>)
  : {};
all.note =
  'Per-file durations (ms) of each pass of .ci/run, only used to start the longest files first (vitest.config.ts); regenerate with `npm run test:durations` (docs/testing.md).';
all[pass] = durations;
writeFileSync(DURATIONS_FILE, `${JSON.stringify(all, null, 1)}\n`);
console.log(
  `${DURATIONS_FILE}: ${Object.keys(durations).length} files for the ${pass} pass (vitest exited ${run.status})`,
);
process.exit(run.status ?? 1);
