import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { committedDurations, passName, slowFirst, slowSeconds } from './test/setup/slow-first.ts';

/**
 * `TEST_SCOPE=backend` (the second pass of `.ci/run`, on Postgres + Redis) runs only the test files whose
 * result can depend on the backend: a file is left out when it neither touches the environment nor imports
 * a helper that opens a database, a queue or a server (a pure parser test gives the same answer on both
 * runs), or when it says `@test-scope embedded-only` (it spawns `etl` on the embedded database whatever
 * DATABASE_URL says). Any doubt keeps the file in: a file that mentions DATABASE_URL, REDIS_URL,
 * `process.env` or one of those helpers runs in both passes. Without TEST_SCOPE every file runs.
 */
const BACKEND_SENSITIVE =
  /DATABASE_URL|REDIS_URL|process\.env|helpers\/(db|api|services|webhook[\w-]*|redis-server|staged-upstream|registry)\b|lib\/db\b|jobs\/(services|runtime)\b/;
const EMBEDDED_ONLY = /@test-scope embedded-only/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return testFiles(path);
    return e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** A file whose result cannot depend on the backend: it opens no database, queue or server, reads no env. */
function backendFree(file: string): boolean {
  const source = readFileSync(file, 'utf8');
  return EMBEDDED_ONLY.test(source) || !BACKEND_SENSITIVE.test(source);
}

function backendExcludes(): string[] {
  if (process.env.TEST_SCOPE !== 'backend') return [];
  return testFiles('test').filter(backendFree);
}

/**
 * The files that share their worker: the backend-free ones that are not `@test-scope embedded-only` (parsers,
 * pure functions: no database, server, queue, environment or child process state to leak into the next
 * file). They run first, two worker threads each running many files (`isolate: false`), which saves a
 * process start and a fresh import of their modules per file. Every other file runs alone in a fresh
 * process, as before.
 */
function sharedWorkerFiles(): string[] {
  return testFiles('test').filter((file) => {
    const source = readFileSync(file, 'utf8');
    return !EMBEDDED_ONLY.test(source) && !BACKEND_SENSITIVE.test(source);
  });
}

/**
 * The files of a pool start longest first (test/setup/slow-first.ts): by the committed durations of this pass
 * (test/durations.json), else vitest's results cache, else a file's `@test-slow <seconds>` marker. Vitest's own order
 * needs its results cache (`node_modules/.vite/vitest`), which a fresh clone (CI) does not have, and without it the
 * long files could start last and set the tail of the pass.
 */
const slowSecondsOf = new Map<string, number>();
function slowness(file: string): number {
  let s = slowSecondsOf.get(file);
  if (s === undefined) {
    s = slowSeconds(readFileSync(file, 'utf8'));
    slowSecondsOf.set(file, s);
  }
  return s;
}
const committed = committedDurations(passName());

class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const key = (f: TestSpecification) => `${f.project.name}:${relative(this.ctx.config.root, f.moduleId)}`;
    return slowFirst(await super.sort(files), {
      committedMs: (f) => committed.get(key(f)),
      cachedMs: (f) => this.ctx.cache.getFileTestResults(key(f))?.duration,
      seconds: (f) => slowness(f.moduleId),
    });
  }
}

const shared = process.env.TEST_SCOPE === 'backend' ? [] : sharedWorkerFiles();
const exclude = ['**/node_modules/**', ...backendExcludes()];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    sequence: { sequencer: SlowFirstSequencer },
    hookTimeout: 60_000,
    poolOptions: {
      // three test files at once on the CI's 2 cores (TEST_MAX_FORKS to change it): a file waits on timers, sockets,
      // child processes or the Postgres server for much of its wall time (docs/testing.md), and a third
      // process fills those waits
      forks: { maxForks: Number(process.env.TEST_MAX_FORKS ?? 3), minForks: 1 },
      threads: { maxThreads: 2, minThreads: 1, isolate: false },
    },
    projects: [
      ...(shared.length
        ? [
            {
              extends: true as const,
              test: {
                name: 'shared',
                include: shared,
                pool: 'threads' as const,
                sequence: { groupOrder: 0 },
              },
            },
          ]
        : []),
      {
        extends: true as const,
        test: {
          name: 'isolated',
          include: ['test/**/*.test.ts'],
          exclude: [...exclude, ...shared],
          pool: 'forks' as const,
          sequence: { groupOrder: 1 },
          // the Postgres pass's migrated template database (a no-op without DATABASE_URL)
          globalSetup: ['test/setup/postgres-template.ts'],
          // per-file CPU time (TEST_CPU_LOG=<file>; a no-op without it)
          setupFiles: process.env.TEST_CPU_LOG ? ['test/setup/cpu-log.ts'] : [],
        },
      },
    ],
  },
});
