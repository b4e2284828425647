// connectInMemory: a contract server and a real SDK Client (2025 handshake) over InMemoryTransport, logs kept.
import {
  type CallToolResult,
  Client,
  type ClientCapabilities,
  InMemoryTransport,
} from '@modelcontextprotocol/client';
import { exampleProfile } from '@obmcp/contract/internal/example/example-tools.js';
import type { Envelope } from '@obmcp/contract';
import { expect } from 'vitest';
import { type ContractServerOptions, createContractServer } from '../src/server/create-server.js';
import { capturingLogger, expectSchemaValid } from './helpers.js';

export interface InMemorySession {
  client: Client;
  contract: ReturnType<typeof createContractServer>;
  /** tools/call with optional request `_meta` (progressToken, traceparent). */
  call(name: string, args?: Record<string, unknown>, meta?: Record<string, unknown>): Promise<CallToolResult>;
  /** The server's log lines, parsed. */
  records(): Record<string, unknown>[];
  close(): Promise<void>;
}

export async function connectInMemory(
  options: Partial<ContractServerOptions> & Pick<ContractServerOptions, 'tools'>,
  client: { name: string; version: string } = { name: 'in-memory-test', version: '9.8.7' },
  capabilities?: ClientCapabilities,
): Promise<InMemorySession> {
  const captured = capturingLogger();
  const contract = createContractServer({
    profile: exampleProfile,
    env: {},
    logger: captured.logger,
    ...options,
  });
  const sdkClient = new Client(client, capabilities === undefined ? undefined : { capabilities });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([contract.server.connect(serverSide), sdkClient.connect(clientSide)]);
  return {
    client: sdkClient,
    contract,
    call: async (name, args = {}, meta) =>
      (await sdkClient.callTool({
        name,
        arguments: args,
        ...(meta ? { _meta: meta } : {}),
      })) as CallToolResult,
    records: captured.records,
    close: async () => {
      await sdkClient.close();
      await contract.server.close();
    },
  };
}

/** The envelope of an isError result: its only content, the exact JSON text, schema-valid. */
export function envelopeOfResult(result: CallToolResult): Envelope {
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  expect(result.content).toHaveLength(1);
  const item = result.content[0];
  if (item?.type !== 'text') throw new Error('expected text content');
  const envelope = JSON.parse(item.text) as Envelope;
  expectSchemaValid(envelope);
  return envelope;
}
