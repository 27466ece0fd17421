import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

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

function backendExcludes(): string[] {
  if (process.env.TEST_SCOPE !== 'backend') return [];
  return testFiles('test').filter((file) => {
    const source = readFileSync(file, 'utf8');
    return EMBEDDED_ONLY.test(source) || !BACKEND_SENSITIVE.test(source);
  });
}

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...backendExcludes()],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // the Postgres pass's migrated template database (a no-op without DATABASE_URL)
    globalSetup: ['test/setup/postgres-template.ts'],
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
