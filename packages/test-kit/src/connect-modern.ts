// connectModern: a v2 SDK Client pinned to MCP 2026-07-28 (no initialize, per-request _meta) on an HTTP endpoint.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { directFetch } from './direct-fetch.js';

export const MODERN_PROTOCOL = '2026-07-28';

/** Refuses to fall back to a 2025 handshake: connect() fails against a server without the modern path. */
export async function connectModern(url: string): Promise<Client> {
  const client = new Client(
    { name: 'obmcp-test-kit-modern', version: '0.1.0' },
    { versionNegotiation: { mode: { pin: MODERN_PROTOCOL } } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: directFetch }));
  return client;
}
