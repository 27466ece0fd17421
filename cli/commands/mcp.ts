import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Command } from 'commander';
import { type CliContext, cliContext, onShutdown } from '../context.ts';

/**
 * `etl mcp`: the same tools over stdio for a local agent. The key comes from MCP_API_KEY and every tool
 * call goes through its route exactly as over HTTP (credits, plan, usage). By default the routes run in
 * this process over the configured database; with `--url`, the calls are relayed to a running API's
 * /mcp endpoint (the embedded database takes one process, so beside `etl start` use `--url`). The MCP SDK
 * loads when the command runs: `etl --help`, which registers every command, does not import it.
 */
export function registerMcpCommand(program: Command, getCtx: () => CliContext = cliContext) {
  program
    .command('mcp')
    .description(
      'MCP (tool-protocol) server on stdio: one read-only tool per /v1 route, metered on the key in MCP_API_KEY',
    )
    .option(
      '--url <base>',
      'relay to a running API (e.g. http://127.0.0.1:8080) instead of opening the database',
    )
    .action(async (opts: { url?: string }) => {
      const ctx = getCtx();
      const key = ctx.config.MCP_API_KEY;
      if (!key) throw new Error('set MCP_API_KEY to the API key the agent should use (etl keys create)');
      const [{ StdioServerTransport }, { createMcpServer, MCP_SERVER_INFO, toolCaller }] = await Promise.all([
        import('@modelcontextprotocol/sdk/server/stdio.js'),
        import('../../api/mcp/server.ts'),
      ]);
      const stdio = new StdioServerTransport();
      if (opts.url) {
        const [
          { Client },
          { StreamableHTTPClientTransport },
          { Server },
          { CallToolRequestSchema, ListToolsRequestSchema },
        ] = await Promise.all([
          import('@modelcontextprotocol/sdk/client/index.js'),
          import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
          import('@modelcontextprotocol/sdk/server/index.js'),
          import('@modelcontextprotocol/sdk/types.js'),
        ]);
        const client = new Client({ name: 'etl-mcp-relay', version: MCP_SERVER_INFO.version });
        await client.connect(
          new StreamableHTTPClientTransport(new URL(`${opts.url.replace(/\/+$/, '')}/mcp`), {
            requestInit: { headers: { authorization: `Bearer ${key}` } },
          }),
        );
        const relay = new Server(MCP_SERVER_INFO, { capabilities: { tools: { listChanged: false } } });
        relay.setRequestHandler(ListToolsRequestSchema, async () => client.listTools());
        relay.setRequestHandler(
          CallToolRequestSchema,
          async (req) => (await client.callTool(req.params)) as CallToolResult,
        );
        await relay.connect(stdio);
        closeWhenDone(ctx, async () => {
          await relay.close();
          await client.close();
        });
        return;
      }
      // the API and the database load only here: the relay above needs neither (it starts about 1 s of CPU sooner)
      const [{ buildApp }, { openDatabase }] = await Promise.all([
        import('../../api/server.ts'),
        import('../../lib/db.ts'),
      ]);
      const database = await openDatabase({
        databaseUrl: ctx.config.DATABASE_URL,
        dataDir: ctx.config.DATA_DIR,
      });
      await database.migrate();
      const app = await buildApp({ database, config: ctx.config, logger: ctx.logger });
      await app.ready();
      const server = createMcpServer(app.mcpTools, toolCaller(app.mcpDispatch), () => ({
        authorization: `Bearer ${key}`,
      }));
      await server.connect(stdio);
      ctx.logger.info({ tools: app.mcpTools.length }, 'MCP server on stdio');
      closeWhenDone(ctx, async () => {
        await server.close();
        await app.close(); // flushes the usage of the calls made
        await database.close();
      });
    });
}

/**
 * Closes on SIGTERM/SIGINT, and when the client closes our stdin (the MCP stdio shutdown: the client ends
 * the input stream and waits for the server to exit), once either way.
 */
function closeWhenDone(ctx: CliContext, close: () => Promise<void>): void {
  let closing: Promise<void> | null = null;
  const once = () => {
    closing ??= close();
    return closing;
  };
  onShutdown(ctx.logger, once);
  process.stdin.once('end', () => {
    once().then(
      () => process.exit(0),
      (err) => {
        ctx.logger.error({ err: (err as Error).message }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
