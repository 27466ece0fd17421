import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// Issue 26 (start-up cost): packages a process needs only when a feature is used or configured are not
// imported with the modules every API, job process and test loads. Each is loaded where it is used:
// BullMQ by the BullMQ runtime, delivery queue and operator dashboard (REDIS_URL), the MCP SDK on the first
// /mcp request and by `etl mcp`, swagger-ui on the first /docs request, the AWS SDK with ARCHIVE_URL, Bull
// Board with the dashboard. Their behaviour is tested where they are used (mcp, system, operator,
// bullmq-runtime, archive-s3 tests).
const LAZY = [
  'bullmq',
  '@modelcontextprotocol/sdk',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  '@aws-sdk/client-s3',
  '@bull-board/api',
];

/** The package directories a fresh process resolved while importing `modules` (embedded default env). */
async function packagesImportedBy(modules: string[]): Promise<Set<string>> {
  const dir = mkdtempSync(join(tmpdir(), 'findata-imports-'));
  const file = join(dir, 'imports.txt');
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, RECORD_IMPORTS: file };
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'ARCHIVE_URL', 'OPERATOR_TOKEN']) delete env[name];
    const script = modules.map((m) => `await import(${JSON.stringify(m)});`).join('');
    await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        '--import',
        './test/helpers/record-imports.mjs',
        '--input-type=module',
        '-e',
        script,
      ],
      { env },
    );
    const packages = new Set<string>();
    for (const url of readFileSync(file, 'utf8').split('\n')) {
      const m = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
      if (m) packages.add(m[1]!);
    }
    return packages;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('start-up imports', () => {
  it('the API, the job services and runtime (with every job), the webhook service and `etl mcp` load none of the lazy packages', async () => {
    const packages = await packagesImportedBy([
      './api/server.ts',
      './jobs/services.ts',
      './jobs/runtime/index.ts',
      './lib/webhooks/service.ts',
      './cli/commands/mcp.ts',
    ]);
    expect(packages).toContain('fastify'); // the recorder saw the imports
    expect(LAZY.filter((p) => packages.has(p))).toEqual([]);
  }, 60_000);
});
