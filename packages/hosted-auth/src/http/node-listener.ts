// Serves a fetch-style handler from node:http (tests and small deployments; the servers' --hosted mode has its own route).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toWebRequest, writeWebResponse } from '@obmcp/mcp-server/hosted';

export type FetchHandler = (request: Request) => Promise<Response>;

/** A node:http listener for `handler`, reading requests against `origin`; a throw answers 500 without detail. */
export function toNodeListener(
  handler: FetchHandler,
  origin: string,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    handler(toWebRequest(req, origin))
      .then((response) => writeWebResponse(response, res))
      .catch(() => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end('{"error":"server_error"}');
      });
  };
}
