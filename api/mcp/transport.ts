import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  isJSONRPCRequest,
  type JSONRPCMessage,
  type MessageExtraInfo,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import type { Caller } from './dispatch.ts';

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
    if (!('id' in message) || typeof message.id !== 'number' || isJSONRPCRequest(message)) return;
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
   * Hands one client message to the server: a request resolves with its response; a notification (or a
   * stray response) resolves with null. A cancellation refers to a request of an earlier POST, which a
   * stateless server no longer tracks, so it is dropped rather than matched against another client's ids.
   */
  deliver(message: JSONRPCMessage, caller: Caller): Promise<JSONRPCMessage | null> {
    if (!isJSONRPCRequest(message)) {
      if ('method' in message && message.method !== 'notifications/cancelled') this.onmessage?.(message);
      return Promise.resolve(null);
    }
    const id = ++this.next;
    return new Promise((resolve) => {
      this.pending.set(id, { id: message.id, caller, resolve });
      this.onmessage?.({ ...message, id });
    });
  }
}
