// startHttpInProcess: an app object's server factory behind the contract's Streamable HTTP server on loopback, in this process.
import { HTTP_DEFAULTS, startHttpServer } from '@obmcp/mcp-server/http';
import type { RecordedRequest } from '@obmcp/upstream-mocks';
import { type InProcessOptions, openSession } from './in-process-session.js';

export interface InProcessHttp {
  /** The /mcp endpoint on 127.0.0.1 and the bound port. */
  url: string;
  stderr(): string;
  upstreamRequests(): RecordedRequest[];
  /** Drains and closes the HTTP server, then ends the session. */
  close(): Promise<void>;
}

/**
 * The HTTP transport's semantics (per-request servers, sessions, SSE framing, host checks) without a child
 * process: what `--http --port 0` serves (the default HTTP settings), with the env of startInProcess.
 * Signals, exit codes and the `server ready` line need startHttp.
 */
export async function startHttpInProcess(options: InProcessOptions): Promise<InProcessHttp> {
  const session = await openSession(options);
  try {
    const http = { ...HTTP_DEFAULTS, port: 0, host: '127.0.0.1' };
    const handle = await startHttpServer(session.contract.newServer, http, session.logger);
    let closed = false;
    return {
      url: `http://127.0.0.1:${handle.port}/mcp`,
      stderr: session.stderr,
      upstreamRequests: session.upstreamRequests,
      close: async () => {
        if (closed) return;
        closed = true;
        await handle.close('test done');
        session.end();
      },
    };
  } catch (error) {
    session.end();
    throw error;
  }
}
