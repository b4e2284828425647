// startInProcess: an app object's server factory in this process over an in-memory MCP transport, against the msw mocks.
import { type ClientCapabilities, Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { ContractServer } from '@obmcp/mcp-server/server';
import { type InProcessOptions, openSession } from './in-process-session.js';
import type { TestServer } from './start-server.js';

export type { InProcessOptions } from './in-process-session.js';

export interface InProcessServer extends TestServer {
  transport: InMemoryTransport;
  contract: ContractServer;
}

/**
 * The same shape as startServer's result, with the surroundings of openSession (env isolated, mock switches
 * while it lives, logs as stderr()). Process-level behaviour (framing, signals, exit codes, OBMCP_REDIS_URL)
 * needs startServer.
 */
export async function startInProcess(
  options: InProcessOptions,
  /** What the test client announces in initialize (e.g. the MCP Apps extension). */
  capabilities?: ClientCapabilities,
): Promise<InProcessServer> {
  const session = await openSession(options);
  try {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await session.contract.server.connect(serverSide);
    const client = new Client(
      { name: 'obmcp-test-kit', version: '0.1.0' },
      capabilities === undefined ? undefined : { capabilities },
    );
    await client.connect(clientSide);
    let closed = false;
    return {
      client,
      transport: clientSide,
      contract: session.contract,
      stderr: session.stderr,
      upstreamRequests: session.upstreamRequests,
      close: async () => {
        if (closed) return;
        closed = true;
        await client.close().catch(() => undefined);
        session.end();
      },
    };
  } catch (error) {
    session.end();
    throw error;
  }
}
