import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATASET_ROUTES } from '../../api/routes/index.ts';
import { type Database, openDatabase } from '../../lib/db.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';
import { awaitingChild, CHILD_TEST_TIMEOUT_MS, ChildDeadline, childExit } from '../helpers/child-wait.ts';
import { seedEmbeddedDataDir } from '../helpers/db.ts';
import { APPLE_ID, seedRegistry } from '../helpers/registry.ts';
import { failingRoute, fundRoute } from '../helpers/test-routes.ts';

// @test-slow 20 (its rough wall seconds alone: vitest.config.ts starts the slow files first)
// Issue 15: the MCP door over every route, with the SDK's own client over real HTTP.
let database: Database;
let api: RunningApi;
const clients: Client[] = [];

beforeAll(async () => {
  database = await createApiTestDatabase();
  await seedRegistry(database, 30);
  api = await startApi(database, { routes: [fundRoute, failingRoute], logLevel: 'warn' });
}, CHILD_TEST_TIMEOUT_MS); // a database opened and seeded: over 60 s on a loaded host is not a failure

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => undefined);
  await api?.close();
  await database?.close();
}, CHILD_TEST_TIMEOUT_MS);

async function connect(headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'contract-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${api.url}/mcp`), {
    requestInit: { headers },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const balance = async (accountId: string) =>
  Number(
    (await database.query<{ credits: string }>('select credits from accounts where id = $1', [accountId]))[0]!
      .credits,
  );

// biome-ignore lint/suspicious/noExplicitAny: tool results are checked by the assertions
const textOf = (r: any) => JSON.parse((r.content as { text: string }[])[0]!.text);

describe('MCP over Streamable HTTP', () => {
  it('lists one read-only tool per keyed route, with the route parameters as the input schema', async () => {
    const { key } = await accountWithKey(database, 'free', 10);
    const client = await connect({ Authorization: `Bearer ${key}` });
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    // Every dataset route is a tool: a new route family needs no MCP code.
    expect(tools.length).toBeGreaterThanOrEqual(DATASET_ROUTES.length);
    expect(names).toEqual(
      expect.arrayContaining(['companies', 'companies_get', 'financials_income_statements']),
    );
    expect(names).not.toContain('health');
    const search = tools.find((t) => t.name === 'companies')!;
    expect(search.annotations?.readOnlyHint).toBe(true);
    expect(search.description).toContain('Free or higher; 1 credit per call');
    expect(search.inputSchema.properties).toMatchObject({
      ticker: { type: 'string' },
      limit: { type: 'integer', minimum: 1, maximum: 1000 },
      cursor: { type: 'string' },
    });
    const get = tools.find((t) => t.name === 'companies_get')!;
    expect(get.inputSchema.required).toEqual(['company_id']);
  });

  it('charges a metered tool exactly one credit, returns the route body, and records one usage of the route', async () => {
    const { key, accountId } = await accountWithKey(database, 'free', 10);
    const client = await connect({ Authorization: `Bearer ${key}` });
    await client.listTools(); // listing is not a data call
    expect(await balance(accountId)).toBe(10);
    const r = await client.callTool({ name: 'companies', arguments: { ticker: 'AAPL', limit: 5 } });
    expect(r.isError).toBeFalsy();
    const body = textOf(r);
    expect(body.data[0]).toMatchObject({
      company_id: APPLE_ID,
      company_name: 'Apple Inc.',
      cik: '0000320193',
    });
    expect(body).toHaveProperty('coverage');
    expect(await balance(accountId)).toBe(9);
    expect((r._meta as { status: number }).status).toBe(200);
    // Same body as the HTTP route itself (credits aside).
    const http = await (await api.get('/v1/companies?ticker=AAPL&limit=5', { key })).json();
    expect(body.data).toEqual(http.data);
    expect(await balance(accountId)).toBe(8);
    // Usage: each call is one request of GET /v1/companies; the /mcp transport adds none.
    const usage = textOf(await client.callTool({ name: 'usage', arguments: {} }));
    expect(usage.totals.requests).toBe(2); // the two companies calls; listing and /mcp add none
    const rows = await database.query<{ route: string; n: string }>(
      `select route, count(*)::int as n from usage_events u join api_keys k on k.prefix = u.key_prefix
       where k.account_id = $1 group by route order by route`,
      [accountId],
    );
    expect(rows.find((x) => x.route === 'GET /v1/companies')?.n).toBe(2);
    expect(rows.some((x) => x.route.includes('mcp'))).toBe(false);
  });

  it('pages with the route cursor and reads a company by path argument (ticker resolved, registry needs cmp_)', async () => {
    const { key } = await accountWithKey(database, 'free', 10);
    const client = await connect({ 'X-API-Key': key });
    const first = textOf(await client.callTool({ name: 'companies', arguments: { q: 'in', limit: 2 } }));
    expect(first.data).toHaveLength(2);
    const second = textOf(
      await client.callTool({
        name: 'companies',
        arguments: { q: 'in', limit: 2, cursor: first.next_cursor },
      }),
    );
    expect(second.data[0].company_id).not.toBe(first.data[0].company_id);
    const one = await client.callTool({ name: 'companies_get', arguments: { company_id: APPLE_ID } });
    expect(textOf(one).data.company_name).toBe('Apple Inc.');
    const byTicker = await client.callTool({ name: 'companies_get', arguments: { company_id: 'AAPL' } });
    expect(byTicker.isError).toBe(true);
    expect(textOf(byTicker).error.statusCode).toBe(404);
  });

  it('refuses a tool outside the plan with the route 402 body, uncharged', async () => {
    const { key, accountId } = await accountWithKey(database, 'professional', 10);
    const client = await connect({ Authorization: `Bearer ${key}` });
    const r = await client.callTool({ name: 'test_screen', arguments: {} });
    expect(r.isError).toBe(true);
    const body = textOf(r);
    expect(body.success).toBe(false);
    expect(body.error).toMatchObject({ statusCode: 402, error: 'Payment Required', path: '/v1/test/screen' });
    expect(body.error.message).toMatch(/Screening dataset requires the Fund plan/);
    expect((r._meta as { status: number }).status).toBe(402);
    expect(await balance(accountId)).toBe(10);
  });

  it('answers bad arguments with the route validation message, uncharged; a failing route is refunded', async () => {
    const { key, accountId } = await accountWithKey(database, 'free', 10);
    const client = await connect({ Authorization: `Bearer ${key}` });
    const bad = await client.callTool({ name: 'companies', arguments: { ticker: 'AAPL', limit: 5000 } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad).error).toMatchObject({
      statusCode: 400,
      message: "Invalid query parameter 'limit': must be an integer between 1 and 1000",
    });
    const unknown = await client.callTool({ name: 'companies', arguments: { tickr: 'AAPL' } });
    expect(textOf(unknown).error.message).toMatch(/^Unknown query parameter 'tickr'/);
    const missing = await client.callTool({ name: 'companies_get', arguments: {} });
    expect(textOf(missing).error).toMatchObject({
      statusCode: 400,
      message: "Missing required argument 'company_id'",
    });
    const failing = await client.callTool({ name: 'test_fail', arguments: { mode: 'notfound' } });
    expect(textOf(failing).error).toMatchObject({ statusCode: 404, message: 'No such document' });
    expect(await balance(accountId)).toBe(10);
  });

  it('echoes the request id of the MCP request on the wrapped route', async () => {
    const { key } = await accountWithKey(database, 'free', 10);
    const client = await connect({ Authorization: `Bearer ${key}`, 'X-Request-ID': 'agent-trace-42' });
    const r = await client.callTool({ name: 'companies', arguments: { ticker: 'MSFT' } });
    expect((r._meta as { requestId: string }).requestId).toBe('agent-trace-42');
    const [row] = await database.query<{ n: number }>(
      `select count(*)::int as n from credit_ledger where request_id = 'agent-trace-42' and route = 'GET /v1/companies'`,
    );
    expect(row!.n).toBe(1);
  });

  it('answers concurrent calls of two keys that reuse the same JSON-RPC id, each with its own body and charge', async () => {
    // One SDK Server serves every POST: request ids are made unique inside and given back on the way out.
    const a = await accountWithKey(database, 'free', 20);
    const b = await accountWithKey(database, 'free', 20);
    const post = (key: string, ticker: string) =>
      fetch(`${api.url}/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'companies', arguments: { ticker } },
        }),
      }).then((r) => r.json() as Promise<{ id: number; result: { content: { text: string }[] } }>);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? post(b.key, 'MSFT') : post(a.key, 'AAPL'))),
    );
    answers.forEach((r, i) => {
      expect(r.id).toBe(1);
      expect(JSON.parse(r.result.content[0]!.text).data[0].primary_ticker).toBe(i % 2 ? 'MSFT' : 'AAPL');
    });
    expect(await balance(a.accountId)).toBe(14);
    expect(await balance(b.accountId)).toBe(14);
  });

  it('answers a plain tool call directly exactly as the SDK Server answers it (a batch of one goes through the Server)', async () => {
    const { key, accountId } = await accountWithKey(database, 'free', 10);
    const post = (body: unknown) =>
      fetch(`${api.url}/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'x-request-id': 'same-call',
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify(body),
      })
        .then((r) => r.text())
        // Error bodies carry the time they were made.
        .then((t) => JSON.parse(t.replace(/\\"timestamp\\":\\"[^\\]+\\"/g, 'TIME')));
    for (const args of [{ ticker: 'AAPL', limit: 2 }, { limit: 5000 }, { tickr: 'X' }]) {
      const one = {
        jsonrpc: '2.0',
        id: 9,
        method: 'tools/call',
        params: { name: 'companies', arguments: args },
      };
      const direct = await post(one);
      // A batch of one is answered with its one response (as the SDK transport does).
      const viaSdk = await post([one]);
      expect(direct).toEqual(viaSdk);
    }
    // The two AAPL calls are charged; the two refusals are not.
    expect(await balance(accountId)).toBe(8);
    // An unknown tool and a malformed call are the SDK's JSON-RPC errors.
    const unknown = await post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'nope' } });
    expect(unknown).toMatchObject({
      id: 1,
      error: { code: -32602, message: expect.stringContaining('Unknown tool: nope') },
    });
    const bad = await post({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'companies', arguments: [1] },
    });
    // (the SDK's own answer to arguments that are not an object: a JSON-RPC error, never a tool call)
    expect(bad).toMatchObject({ id: 2, error: { message: expect.stringContaining('expected record') } });
    expect(bad).not.toHaveProperty('result');
  });

  it('applies the Streamable HTTP checks of the SDK transport: Accept, Content-Type, protocol version, batches, notifications', async () => {
    const { key } = await accountWithKey(database, 'free', 10);
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${api.url}/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    const ping = (id: number | string) => ({ jsonrpc: '2.0', id, method: 'ping' });
    const notAcceptable = await post(ping(1), { accept: 'application/json' });
    expect(notAcceptable.status).toBe(406);
    expect(((await notAcceptable.json()) as { error: { code: number } }).error.code).toBe(-32000);
    expect(
      (await post('{"jsonrpc":"2.0","id":1,"method":"ping"}', { 'content-type': 'text/plain' })).status,
    ).toBe(415);
    const version = await post(ping(1), { 'mcp-protocol-version': '1999-01-01' });
    expect(version.status).toBe(400);
    expect(await version.text()).toContain('Unsupported protocol version: 1999-01-01');
    const shape = await post({ jsonrpc: '2.0', id: 1 });
    expect(shape.status).toBe(400);
    expect(((await shape.json()) as { error: { code: number } }).error.code).toBe(-32700);
    // Only a notification: accepted, no body.
    const note = await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(note.status).toBe(202);
    expect(await note.text()).toBe('');
    // A batch: one answer per request, each with its own id.
    const batch = await post([ping(7), { jsonrpc: '2.0', method: 'notifications/initialized' }, ping('x')]);
    expect(batch.status).toBe(200);
    expect(((await batch.json()) as { id: unknown }[]).map((r) => r.id)).toEqual([7, 'x']);
    const unknownMethod = (await (await post({ jsonrpc: '2.0', id: 3, method: 'no/such' })).json()) as {
      id: number;
      error: { code: number };
    };
    expect(unknownMethod).toMatchObject({ id: 3, error: { code: -32601 } });
  });

  it('refuses a missing or wrong key at connect time with the standard 401 body', async () => {
    await expect(connect({})).rejects.toThrow(/401|Invalid or missing API key/);
    const r = await fetch(`${api.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(r.status).toBe(401);
    expect(((await r.json()) as { error: unknown }).error).toMatchObject({
      statusCode: 401,
      message: 'Invalid or missing API key',
      path: '/mcp',
    });
    expect((await fetch(`${api.url}/mcp`)).status).toBe(405);
  });
});

/**
 * `etl mcp` over stdio, as a child process: on a loaded host its start (and, without --url, opening the
 * embedded database) can take longer than the SDK's default 60 s request timeout, which is not a failure.
 * Every request gets what remains of the test's bound as its timeout, and a failed request says what was
 * awaited with the child's stderr tail.
 */
function stdioChild(transport: StdioClientTransport, deadline: ChildDeadline) {
  let stderr = '';
  transport.stderr?.on('data', (d) => {
    stderr += d;
  });
  const errTail = () => stderr;
  return {
    stderr: errTail,
    /** Request options bounded by the test's deadline (the SDK's own default is a fixed 60 s). */
    options: () => ({ timeout: deadline.remaining() }),
    awaiting: <T>(what: string, p: Promise<T>) => awaitingChild(`${what} (etl mcp over stdio)`, p, errTail),
    /**
     * The MCP stdio shutdown, waited for: end the child's stdin and wait for its exit (it flushes its usage
     * first). The SDK's `close()` does the same but sends SIGTERM after 2 s and SIGKILL after 4 s, which on a
     * loaded host can kill the child before it has flushed.
     */
    async shutdown(): Promise<number | null> {
      const child = (transport as unknown as { _process?: ChildProcess })._process;
      if (!child) throw new Error('StdioClientTransport no longer holds its child process (SDK change?)');
      child.stdin!.end();
      return childExit('etl mcp exiting once its stdin is closed', child, errTail, deadline);
    },
  };
}

describe('MCP over stdio (etl mcp)', () => {
  it(
    'relays to a running API with the key of MCP_API_KEY: same tools, same metering',
    async () => {
      const deadline = new ChildDeadline();
      const { key, accountId } = await accountWithKey(database, 'free', 5);
      const client = new Client({ name: 'stdio-test', version: '1.0.0' });
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: ['bin/etl.js', 'mcp', '--url', api.url],
        env: { PATH: process.env.PATH ?? '', MCP_API_KEY: key, LOG_LEVEL: 'warn' },
        stderr: 'pipe',
      });
      const child = stdioChild(transport, deadline);
      clients.push(client);
      await child.awaiting('connect (initialize)', client.connect(transport, child.options()));
      const { tools } = await child.awaiting('tools/list', client.listTools(undefined, child.options()));
      expect(tools.map((t) => t.name)).toContain('financials_income_statements');
      const r = await child.awaiting(
        'tools/call companies',
        client.callTool({ name: 'companies', arguments: { ticker: 'AAPL' } }, undefined, child.options()),
      );
      expect(textOf(r).data[0].company_id).toBe(APPLE_ID);
      expect(await balance(accountId)).toBe(4);
    },
    CHILD_TEST_TIMEOUT_MS,
  );
});

describe('MCP over stdio (etl mcp) on the embedded database', () => {
  it(
    'opens the database itself (no --url): lists the tools, answers a call, charges the credit and records the usage',
    async () => {
      const deadline = new ChildDeadline();
      const dataDir = mkdtempSync(join(tmpdir(), 'findata-mcp-'));
      try {
        await seedEmbeddedDataDir(dataDir); // migrated: the test is about `etl mcp`, not a first start
        let embedded = await openDatabase({ dataDir });
        await embedded.migrate(); // a no-op on the seeded directory
        await seedRegistry(embedded, 30);
        const { key, accountId } = await accountWithKey(embedded, 'free', 5);
        await embedded.close();

        const client = new Client({ name: 'stdio-embedded-test', version: '1.0.0' });
        const transport = new StdioClientTransport({
          command: process.execPath,
          args: ['bin/etl.js', 'mcp'],
          env: { PATH: process.env.PATH ?? '', MCP_API_KEY: key, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
          stderr: 'pipe',
        });
        const child = stdioChild(transport, deadline);
        clients.push(client); // closed in afterAll if a wait below fails
        // the child opens the embedded database before it answers `initialize`
        await child.awaiting('connect (initialize)', client.connect(transport, child.options()));
        const { tools } = await child.awaiting('tools/list', client.listTools(undefined, child.options()));
        expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['companies', 'screen', 'usage']));
        const r = await child.awaiting(
          'tools/call companies',
          client.callTool({ name: 'companies', arguments: { ticker: 'AAPL' } }, undefined, child.options()),
        );
        expect(textOf(r).data[0]).toMatchObject({ company_id: APPLE_ID, company_name: 'Apple Inc.' });
        const refused = await child.awaiting(
          'tools/call screen',
          client.callTool({ name: 'screen', arguments: {} }, undefined, child.options()),
        );
        expect(refused.isError).toBe(true);
        expect(textOf(refused).error.statusCode).toBe(402);
        // Closing stdin ends the server, which flushes its usage before exiting (MCP stdio shutdown).
        expect(await child.shutdown()).toBe(0);

        embedded = await openDatabase({ dataDir });
        try {
          const [acct] = await embedded.query<{ credits: string }>(
            'select credits from accounts where id = $1',
            [accountId],
          );
          expect(Number(acct!.credits)).toBe(4);
          const usage = await embedded.query<{ route: string; status: number }>(
            'select route, status from usage_events order by route',
          );
          expect(usage).toEqual([
            { route: 'GET /v1/companies', status: 200 },
            { route: 'GET /v1/screen', status: 402 },
          ]);
        } finally {
          await embedded.close();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    CHILD_TEST_TIMEOUT_MS,
  );
});
