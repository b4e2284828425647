// --hosted in front of /mcp: discovery documents and /oauth/* go to the gate; /mcp runs as the user the gate names.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HostedGate } from './hosted-user.js';
import { runAsHostedUser } from './hosted-user.js';
import { serveWithSessionChoices } from './session-route.js';
import { sendRpcError } from './http-responses.js';
import { toWebRequest, writeWebResponse } from './web-bridge.js';

/** The largest body an OAuth endpoint takes (forms and registration documents are small). */
const MAX_OAUTH_BODY = 64 * 1024;

/** Paths the gate answers: RFC 9728 / RFC 8414 discovery and the authorization server's endpoints. */
export function isGatePath(path: string): boolean {
  return (
    path.startsWith('/.well-known/oauth-protected-resource') ||
    path === '/.well-known/oauth-authorization-server' ||
    path.startsWith('/oauth/')
  );
}

export async function serveGatePath(
  gate: HostedGate,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_OAUTH_BODY) {
    sendRpcError(res, 413, `Request body exceeds ${MAX_OAUTH_BODY} bytes`, { connection: 'close' });
    return;
  }
  const address = req.socket.remoteAddress;
  // Stryker disable next-line ConditionalExpression: `{ address: undefined }` and no client say the same (equivalent), see README
  const client = address === undefined ? undefined : { address };
  const answer = await gate.handle(toWebRequest(req, gate.origin), client);
  if (answer === undefined) sendRpcError(res, 404, 'Not found');
  else await writeWebResponse(answer, res);
}

/** Checks the request's token (headers only; the body stays for the MCP route), then runs `route` as that user. */
export async function serveAsHostedUser(
  gate: HostedGate,
  req: IncomingMessage,
  res: ServerResponse,
  route: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): Promise<void> {
  const user = await gate.authenticate(toWebRequest(req, gate.origin, false));
  if (user instanceof Response) {
    await writeWebResponse(user, res);
    return;
  }
  const store = gate.sessionChoices;
  if (store === undefined) {
    await runAsHostedUser(user, () => route(req, res));
    return;
  }
  // The user's switches as every replica sees them (loaded per request, never cached in this process).
  await runAsHostedUser(user, () => serveWithSessionChoices(store, user.subject, res, () => route(req, res)));
}
