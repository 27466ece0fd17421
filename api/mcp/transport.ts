import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type JSONRPCNotification,
  type JSONRPCRequest,
  type MessageExtraInfo,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import type { Caller } from './dispatch.ts';

/** A client message, by the SDK's own schemas (the kinds its Streamable HTTP transport accepts). */
export type Incoming =
  | { kind: 'request'; message: JSONRPCRequest }
  | { kind: 'notification'; message: JSONRPCNotification }
  | { kind: 'response' };

/**
 * What a JSON value is as a JSON-RPC message, or null when it is none. The checks are the SDK's, in the
 * order a request (the common case) passes first: its schema failures build error objects, so a message is
 * never tried against a schema it is known not to be (initialize is told by its method alone).
 */
export function classify(value: unknown): Incoming | null {
  if (isJSONRPCRequest(value)) return { kind: 'request', message: value };
  if (isJSONRPCNotification(value)) return { kind: 'notification', message: value };
  if (isJSONRPCResultResponse(value) || isJSONRPCErrorResponse(value)) return { kind: 'response' };
  return null;
}

interface Pending {
  /** The id the client gave the request. */
  id: RequestId;
  caller: Caller;
  resolve: (response: JSONRPCMessage) => void;
}

/**
 * The transport between the /mcp HTTP endpoint and one long-lived SDK Server (the SDK's own
 * StreamableHTTPServerTransport wants a new transport and Server per stateless request, and converts each
 * request to a web Request and back: that was most of a tool call's overhead). Each POST hands its
 * messages to `deliver` with its caller; requests get an id unique in this process (every client counts
 * from 0 or 1) and the response gets the client's id back. The server never starts requests or streams of
 * its own (stateless: there is no channel to the client between POSTs), so anything else it sends is dropped.
 */
export class CallerTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  private next = 0;
  private readonly pending = new Map<number, Pending>();

  async start(): Promise<void> {}

  async close(): Promise<void> {
    this.pending.clear();
    this.onclose?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if ('method' in message || !('id' in message) || typeof message.id !== 'number') return;
    const p = this.pending.get(message.id);
    if (!p) return;
    this.pending.delete(message.id);
    p.resolve({ ...message, id: p.id });
  }

  /** The caller of a request the server is handling (by the id the server sees). */
  callerOf(id: RequestId): Caller {
    return (typeof id === 'number' ? this.pending.get(id)?.caller : undefined) ?? {};
  }

  /**
   * Hands one client message to the server: a request resolves with its response; a notification resolves
   * with null. A response is dropped (the server sends no requests). A cancellation refers to a request of
   * an earlier POST, which a stateless server no longer tracks, so it is dropped rather than matched against
   * another client's ids.
   */
  deliver(incoming: Incoming, caller: Caller): Promise<JSONRPCMessage | null> {
    if (incoming.kind !== 'request') {
      if (incoming.kind === 'notification' && incoming.message.method !== 'notifications/cancelled')
        this.onmessage?.(incoming.message);
      return Promise.resolve(null);
    }
    const { message } = incoming;
    const id = ++this.next;
    return new Promise((resolve) => {
      this.pending.set(id, { id: message.id, caller, resolve });
      this.onmessage?.({ ...message, id });
    });
  }
}
