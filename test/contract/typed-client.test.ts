import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSchema, SCHEMA_FILE } from '../../clients/typescript/generate.ts';
import type { Database } from '../../lib/db.ts';
import { createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';

/**
 * The typed client (clients/typescript) is generated, never hand-edited: regenerating its types from the
 * document the API serves gives exactly the committed file. After a route change: `npm run client:generate`.
 */
let database: Database;
let api: RunningApi;

beforeAll(async () => {
  database = await createApiTestDatabase();
  api = await startApi(database);
});

afterAll(async () => {
  await api?.close();
  await database?.close();
});

describe('clients/typescript', () => {
  it('its generated types match the served /v1/openapi.json (run npm run client:generate after a route change)', async () => {
    const served = await (await api.get('/v1/openapi.json')).json();
    const regenerated = await generateSchema(served);
    expect(regenerated === readFileSync(SCHEMA_FILE, 'utf8')).toBe(true);
    expect(regenerated).toContain('"/v1/financials/income-statements"');
  });

  it("the README's example is example.ts (which the typecheck compiles and the demo test runs)", () => {
    const readme = readFileSync('clients/typescript/README.md', 'utf8');
    const block = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block).toBeDefined();
    const example = readFileSync('clients/typescript/example.ts', 'utf8');
    expect(block!.replace("'@findata/client'", "'./src/index.ts'")).toBe(example);
  });
});
