import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type KeyAuthenticator, presentedKey } from '../platform/auth.ts';
import { errorBody, STANDARD_UNAUTHORIZED } from '../platform/errors.ts';
import { injectDispatch } from './dispatch.ts';
import { createMcpServer } from './server.ts';
import type { McpTool } from './tools.ts';

export const MCP_PATH = '/mcp';

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

function refuse(req: FastifyRequest, reply: FastifyReply, status: number, message: string) {
  return reply
    .code(status)
    .send(errorBody('standard', status, message, { path: MCP_PATH, requestId: req.id }));
}

/**
 * Streamable HTTP at /mcp, stateless (no session: every POST carries its own key, like any API request,
 * so any API instance can answer it and nothing is kept between requests). The key is checked here so
 * a wrong key fails at connect time with the API's 401; each tool call is then sent, with the same key
 * headers and request id, to its route in this process, where it is authenticated, gated, metered and
 * recorded exactly as the HTTP request would be. The /mcp request itself is not metered or recorded.
 */
export function registerMcpEndpoint(app: FastifyInstance, tools: readonly McpTool[], auth: KeyAuthenticator) {
  const dispatch = injectDispatch(app);
  app.decorate('mcpTools', tools);

  app.post(MCP_PATH, async (req, reply) => {
    const principal = await auth.authenticate(presentedKey(req.headers));
    if (!principal) {
      reply.header('www-authenticate', 'Bearer');
      return refuse(req, reply, 401, STANDARD_UNAUTHORIZED);
    }
    req.keyId = principal.keyPrefix;
    const creds = {
      authorization: header(req.headers.authorization),
      apiKey: header(req.headers['x-api-key']),
      requestId: req.id,
    };
    const server = createMcpServer(tools, dispatch, () => creds);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req.raw, reply.raw, req.body);
  });

  // Stateless: no server-initiated stream (GET) and no session to end (DELETE).
  const notAllowed = (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('allow', 'POST');
    return refuse(req, reply, 405, 'This MCP endpoint is stateless: send JSON-RPC messages by POST');
  };
  app.get(MCP_PATH, notAllowed);
  app.delete(MCP_PATH, notAllowed);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The MCP tools of this instance's routes (also served over stdio by `etl mcp`). */
    mcpTools: readonly McpTool[];
  }
}
