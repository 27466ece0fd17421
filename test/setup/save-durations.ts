/**
 * `npm run test:durations`: runs this pass of the test suite (`embedded` without TEST_SCOPE, `backend` with
 * TEST_SCOPE=backend and DATABASE_URL / REDIS_URL, as `.ci/run` sets them) and writes each file's time in its worker
 * (ms, rounded to 100; test/setup/durations-reporter.ts) into test/durations.json under the pass's name, which the
 * sequencer in vitest.config.ts reads to start the longest files first (test/setup/slow-first.ts). The other pass's
 * entry is kept. Extra arguments go to vitest.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DURATIONS_FILE, passName } from './slow-first.ts';

const pass = passName();
const out = join(mkdtempSync(join(tmpdir(), 'test-durations-')), 'durations.json');
const run = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=./test/setup/durations-reporter.ts',
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', env: { ...process.env, DURATIONS_OUT: out } },
);
if (!existsSync(out)) {
  console.error(`the run wrote no durations (vitest exited ${run.status}): ${DURATIONS_FILE} unchanged`);
  process.exit(1);
}
const measured = JSON.parse(readFileSync(out, 'utf8')) as Record<string, number>;
const durations = Object.fromEntries(
  Object.entries(measured)
    .map(([key, ms]) => [key, Math.round(ms / 100) * 100] as const)
    .sort(([a], [b]) => a.localeCompare(b)),
);
const all = existsSync(DURATIONS_FILE)
  ? (JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, unknown>)
  : {};
all.note =
  'Per-file time in a worker (ms) for each pass of .ci/run, only used to start the longest files first (vitest.config.ts); regenerate with `npm run test:durations` (docs/testing.md).';
all[pass] = durations;
writeFileSync(DURATIONS_FILE, `${JSON.stringify(all, null, 2)}\n`);
console.log(
  `${DURATIONS_FILE}: ${Object.keys(durations).length} files for the ${pass} pass (vitest exited ${run.status})`,
);
process.exit(run.status ?? 1);
