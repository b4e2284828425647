// An MCP Transport from the test page to Node: messages cross by functions Playwright exposes (no network).
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';

declare global {
  interface Window {
    /** Exposed by the Node side: hands one message to the server's stdio. */
    __relaySend(json: string): Promise<void>;
    /** Set here: the Node side calls it with each message the server wrote. */
    __relayDeliver?: (message: JSONRPCMessage) => void;
  }
}

export class RelayTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;

  async start(): Promise<void> {
    window.__relayDeliver = (message) => this.onmessage?.(message);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    await window.__relaySend(JSON.stringify(message));
  }

  async close(): Promise<void> {
    window.__relayDeliver = undefined;
    this.onclose?.();
  }
}
