// A contract server with Code Mode applied, over an in-memory transport, and the SDK Client connected to it.
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/client';
import type { ToolDefinition } from '@obmcp/contract';
import { createContractServer } from '@obmcp/mcp-server/server';
import { silentLogger } from '@obmcp/mcp-server/testing';
import { applyCodeMode, type CodeMode } from '../src/mode.js';
import { profile } from './fake-host.js';

export async function connectCodeModeClient(
  direct: readonly ToolDefinition[],
  mode: CodeMode,
  codeTools: readonly ToolDefinition[],
  clientName: string,
): Promise<Client> {
  const { listed, internal } = applyCodeMode(direct, mode, codeTools);
  const { server } = createContractServer({
    profile,
    tools: listed,
    internalTools: internal,
    env: {},
    logger: silentLogger,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: clientName, version: '0.0.0' });
  await client.connect(clientSide);
  return client;
}
