import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import { errorBody } from '../platform/errors.ts';
import type { Caller, Dispatch } from './dispatch.ts';
import { type McpTool, toRequest } from './tools.ts';

export const MCP_SERVER_INFO = { name: 'findata', version: '0.1.0' };

const INSTRUCTIONS = [
  'Read-only financial data: every tool is one /v1 route of this API and returns that route JSON body unchanged.',
  'A call costs what the route costs (1 credit for data, 0 for discovery lists) and needs the plan the route needs.',
  'company_id accepts a cmp_ id, ticker, CIK or ISIN. List tools with a cursor argument page: pass next_cursor back unchanged with the same arguments.',
  'A failed call returns isError with the route HTTP status and its error body (and is not charged).',
].join(' ');

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** What the MCP protocol lists (the declaration without the route object). */
export function listedTool(t: McpTool) {
  return {
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: t.inputSchema,
    annotations: t.annotations,
  };
}

/** Answers a call of a known tool: its route's response as the tool result (see dispatch.ts). */
export type ToolCaller = (
  tool: McpTool,
  args: Record<string, unknown>,
  caller: Caller,
) => Promise<CallToolResult>;

export function toolCaller(dispatch: Dispatch): ToolCaller {
  return async (tool, args, caller) => {
    const req = toRequest(tool, args);
    if (typeof req === 'string') {
      const requestId = caller.requestId ?? randomUUID();
      const body = errorBody('standard', 400, req, { path: tool.route.path, requestId });
      return {
        content: [{ type: 'text', text: JSON.stringify(body) }],
        isError: true,
        _meta: { status: 400, requestId },
      };
    }
    const res = await dispatch(req, caller);
    return {
      content: [{ type: 'text', text: res.body }],
      ...(res.status >= 400 ? { isError: true } : {}),
      _meta: { status: res.status, requestId: res.requestId },
    };
  };
}

/**
 * A low-level SDK Server (the tools carry JSON Schema generated from the route declarations, so the
 * zod-based McpServer helpers would only add a translation step). One for the life of the process, over
 * HTTP (see transport.ts) as on stdio; `caller` says whose key a request carries.
 */
export function createMcpServer(
  tools: readonly McpTool[],
  call: ToolCaller,
  caller: (extra: Extra) => Caller,
): Server {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const listed = tools.map(listedTool);
  const server = new Server(MCP_SERVER_INFO, {
    capabilities: { tools: { listChanged: false } },
    instructions: INSTRUCTIONS,
  });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const tool = byName.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    return call(tool, request.params.arguments ?? {}, caller(extra));
  });
  return server;
}
