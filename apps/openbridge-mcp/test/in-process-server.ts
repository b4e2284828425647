// openbridge-mcp in process (its server factory over an in-memory MCP transport) against the msw mocks, which tests may override.
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/client';
import { createLogger } from '@obmcp/mcp-server/server';
import type { Envelope } from '@obmcp/contract';
import { callTool } from '@obmcp/test-kit';
import { loadConfig } from '../src/config.js';
import { createServer } from '../src/server.js';

export const REFRESH_TOKEN = 'inproc-key-5c1e:INPROC-SECRET-8b20';

export interface InProcessServer {
  call(
    name: string,
    args?: Record<string, unknown>,
  ): Promise<{ result?: Record<string, unknown>; envelope?: Envelope; text: string }>;
  /** Every log line the server wrote. */
  logs: string[];
  close(): Promise<void>;
}

/** A fresh server (its own limiter and JWT cache); msw must already listen (startMockServer). */
export async function inProcessServer(env: Record<string, string> = {}): Promise<InProcessServer> {
  const fullEnv = {
    OPENBRIDGE_REFRESH_TOKEN: REFRESH_TOKEN,
    OPENBRIDGE_MAX_RETRIES: '0',
    OBMCP_MOCK: '1',
    ...env,
  };
  const config = loadConfig(fullEnv);
  const logs: string[] = [];
  const logger = createLogger({
    name: 'openbridge-mcp',
    level: 'debug',
    secrets: [REFRESH_TOKEN],
    write: (l) => logs.push(l),
  });
  const contract = createServer(config, { logger, env: fullEnv });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await contract.server.connect(serverSide);
  const client = new Client({ name: 'openbridge-in-process-test', version: '0.0.0' });
  await client.connect(clientSide);
  return {
    call: (name, args = {}) => callTool(client, name, args),
    logs,
    close: () => client.close(),
  };
}
