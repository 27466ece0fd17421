import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from '../../lib/logger.ts';
import { type KeyAuthenticator, presentedKey } from '../platform/auth.ts';
import { errorBody, STANDARD_UNAUTHORIZED } from '../platform/errors.ts';
import type { Caller, Dispatch } from './dispatch.ts';
import type { ToolCaller } from './server.ts';
import type { McpTool } from './tools.ts';
import type { CallerTransport, classify, Incoming } from './transport.ts';

export const MCP_PATH = '/mcp';
/** The SDK transport's bound on a JSON-RPC batch. */
export const MCP_MAX_BATCH = 100;

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

function refuse(req: FastifyRequest, reply: FastifyReply, status: number, message: string) {
  return reply
    .code(status)
    .send(errorBody('standard', status, message, { path: MCP_PATH, requestId: req.id }));
}

/** A transport-level refusal, in JSON-RPC form as the SDK's Streamable HTTP transport words it. */
function rpcRefusal(reply: FastifyReply, status: number, code: number, message: string) {
  return reply.code(status).send({ jsonrpc: '2.0', error: { code, message }, id: null });
}

const mediaType = (v: string | undefined) => (v ?? '').split(';')[0]!.trim().toLowerCase();

/** The SDK's part of the endpoint: its Server over our transport, the tool caller, the SDK's constants. */
interface McpSdk {
  transport: CallerTransport;
  close: () => Promise<void>;
  call: ToolCaller;
  classify: typeof classify;
  versions: readonly string[];
  internalError: number;
}

async function openSdk(tools: readonly McpTool[], dispatch: Dispatch): Promise<McpSdk> {
  const [
    { createMcpServer, toolCaller },
    { CallerTransport, classify },
    { ErrorCode, SUPPORTED_PROTOCOL_VERSIONS },
  ] = await Promise.all([
    import('./server.ts'),
    import('./transport.ts'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  const transport = new CallerTransport();
  const call = toolCaller(dispatch);
  const server = createMcpServer(tools, call, (extra) => transport.callerOf(extra.requestId));
  await server.connect(transport);
  return {
    transport,
    close: () => server.close(),
    call,
    classify,
    versions: SUPPORTED_PROTOCOL_VERSIONS,
    internalError: ErrorCode.InternalError,
  };
}

/**
 * Streamable HTTP at /mcp, stateless (no session: every POST carries its own key, like any API request,
 * so any API instance can answer it and nothing is kept between requests), JSON responses. The key is
 * checked here so that a wrong key fails at connect time with the API's 401. The request's checks are the
 * SDK transport's (Accept 406, Content-Type 415, JSON-RPC shape, one initialize per request, protocol
 * version header); its messages then go to the one SDK Server of this instance, and each tool call to its
 * route's pipeline (api/platform/pipeline.ts, entered in process) with that account (the key is looked up
 * once per request), the key headers and the request id, where it is gated, metered and recorded exactly
 * as the HTTP request would be. The /mcp request itself is not metered or recorded. The SDK and that Server
 * load on the first request with a valid key, not with the API: an instance nobody asks over MCP (and every
 * test file that builds an API) does not pay the SDK's import (about 0.2-0.3 s of CPU).
 */
export async function registerMcpEndpoint(
  app: FastifyInstance,
  tools: readonly McpTool[],
  dispatch: Dispatch,
  auth: KeyAuthenticator,
): Promise<void> {
  const byName = new Map(tools.map((t) => [t.name, t]));
  let sdk: McpSdk | null = null;
  let loading: Promise<McpSdk> | null = null;
  const load = () => {
    loading ??= openSdk(tools, dispatch).then((s) => {
      sdk = s;
      return s;
    });
    return loading;
  };
  app.addHook('onClose', async () => {
    const opened = await loading?.catch(() => null);
    await opened?.close();
  });
  app.decorate('mcpTools', tools);
  app.decorate('mcpDispatch', dispatch);

  app.post(MCP_PATH, async (req, reply) => {
    const principal = await auth.authenticate(presentedKey(req.headers));
    if (!principal) {
      reply.header('www-authenticate', 'Bearer');
      return refuse(req, reply, 401, STANDARD_UNAUTHORIZED);
    }
    req.keyId = principal.keyPrefix;
    const accept = header(req.headers.accept) ?? '';
    if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
      return rpcRefusal(
        reply,
        406,
        -32000,
        'Not Acceptable: Client must accept both application/json and text/event-stream',
      );
    }
    if (mediaType(header(req.headers['content-type'])) !== 'application/json') {
      return rpcRefusal(reply, 415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
    }
    const { transport, call, classify, versions, internalError } = sdk ?? (await load());
    const raw = req.body;
    // The common request, one call of a known tool with plain arguments, is answered by the tool's
    // handler directly: the one the SDK Server runs, without the SDK's zod validations of the message, the
    // request and the result (the shape is checked here, at least as strictly; the result is built by that
    // handler). Anything else (a batch, another method, an unknown tool, arguments that are not an object,
    // _meta or task fields) goes through the SDK.
    const direct = plainToolCall(raw, byName);
    const messages: Incoming[] = [];
    if (!direct) {
      const batch = Array.isArray(raw) ? raw : [raw];
      if (batch.length > MCP_MAX_BATCH) {
        return rpcRefusal(
          reply,
          400,
          -32600,
          `Invalid Request: Batch must not exceed ${MCP_MAX_BATCH} messages`,
        );
      }
      for (const one of batch) {
        const m = classify(one);
        if (!m) return rpcRefusal(reply, 400, -32700, 'Parse error: Invalid JSON-RPC message');
        messages.push(m);
      }
    }
    const initializing = messages.some((m) => m.kind === 'request' && m.message.method === 'initialize');
    if (initializing && messages.length > 1) {
      return rpcRefusal(reply, 400, -32600, 'Invalid Request: Only one initialization request is allowed');
    }
    const version = header(req.headers['mcp-protocol-version']);
    if (!initializing && version !== undefined && !versions.includes(version)) {
      return rpcRefusal(
        reply,
        400,
        -32000,
        `Bad Request: Unsupported protocol version: ${version} (supported versions: ${versions.join(', ')})`,
      );
    }
    const caller: Caller = {
      authorization: header(req.headers.authorization),
      apiKey: header(req.headers['x-api-key']),
      principal,
      requestId: req.id,
      log: req.log as unknown as Logger,
    };
    if (direct) {
      try {
        const result = await call(direct.tool, direct.args, caller);
        return reply.code(200).send({ jsonrpc: '2.0', id: direct.id, result });
      } catch (err) {
        // As the SDK's Protocol answers a handler that throws (route errors are results, not throws).
        req.log.error({ err: (err as Error).message }, 'MCP tool call failed');
        const error = { code: internalError, message: (err as Error).message || 'Internal error' };
        return reply.code(200).send({ jsonrpc: '2.0', id: direct.id, error });
      }
    }
    const answers = await Promise.all(messages.map((m) => transport.deliver(m, caller)));
    const responses = answers.filter((r) => r !== null);
    // Only notifications (or responses): accepted, nothing to answer.
    if (responses.length === 0) return reply.code(202).send();
    return reply.code(200).send(responses.length === 1 ? responses[0] : responses);
  });

  // Stateless: no server-initiated stream (GET) and no session to end (DELETE).
  const notAllowed = (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('allow', 'POST');
    return refuse(req, reply, 405, 'This MCP endpoint is stateless: send JSON-RPC messages by POST');
  };
  app.get(MCP_PATH, notAllowed);
  app.delete(MCP_PATH, notAllowed);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `{jsonrpc: '2.0', id, method: 'tools/call', params: {name, arguments?}}` naming a known tool with an
 * object of arguments, and nothing else: a message the SDK's JSONRPCRequestSchema (strict) and
 * CallToolRequestSchema both accept. Else null.
 */
function plainToolCall(value: unknown, byName: ReadonlyMap<string, McpTool>) {
  if (!isPlainObject(value) || value.jsonrpc !== '2.0' || value.method !== 'tools/call') return null;
  const { id, params } = value;
  if (typeof id !== 'string' && !Number.isInteger(id)) return null;
  if (Object.keys(value).some((k) => k !== 'jsonrpc' && k !== 'id' && k !== 'method' && k !== 'params'))
    return null;
  if (!isPlainObject(params) || Object.keys(params).some((k) => k !== 'name' && k !== 'arguments'))
    return null;
  const tool = typeof params.name === 'string' ? byName.get(params.name) : undefined;
  const args = params.arguments ?? {};
  if (!tool || !isPlainObject(args)) return null;
  return { id: id as string | number, tool, args };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The MCP tools of this instance's routes (also served over stdio by `etl mcp`). */
    mcpTools: readonly McpTool[];
    /** How those tools reach their routes in this process. */
    mcpDispatch: Dispatch;
  }
}
