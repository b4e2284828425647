// Who is calling the token and revocation endpoints (RFC 6749 §2.3): HTTP Basic, a posted secret, or a public client's id.
import { oauthError } from '../http/respond.js';
import { type ClientRecord, ClientRegistry } from './clients.js';

/** The authenticated client, or the 400/401 answer (`invalid_client` carries a Basic challenge when Basic was tried). */
export async function authenticateClient(
  request: Request,
  params: URLSearchParams,
  clients: ClientRegistry,
): Promise<ClientRecord | Response> {
  let clientId = params.get('client_id') ?? undefined;
  let secret = params.get('client_secret') ?? undefined;
  // 'null' without the header: not Basic.
  const header = String(request.headers.get('authorization'));
  const basic = header.toLowerCase().startsWith('basic ');
  if (basic) {
    // The base64 decoder skips the spaces around the credentials.
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const at = decoded.indexOf(':');
    if (at < 0 || secret !== undefined) {
      return oauthError(400, 'invalid_request', 'Use one client authentication method');
    }
    clientId = decodeURIComponent(decoded.slice(0, at));
    secret = decodeURIComponent(decoded.slice(at + 1));
  }
  const challenge: Record<string, string> = basic ? { 'www-authenticate': 'Basic realm="obmcp"' } : {};
  if (clientId === undefined || clientId === '')
    return oauthError(401, 'invalid_client', 'No client identified', challenge);
  const client = await clients.find(clientId);
  if (client === undefined) return oauthError(401, 'invalid_client', 'Unknown client', challenge);
  if (!ClientRegistry.authenticates(client, secret)) {
    return oauthError(401, 'invalid_client', 'Client authentication failed', challenge);
  }
  const method = basic ? 'client_secret_basic' : secret !== undefined ? 'client_secret_post' : 'none';
  if (method !== client.token_endpoint_auth_method) {
    return oauthError(
      401,
      'invalid_client',
      `This client authenticates with ${client.token_endpoint_auth_method}`,
      challenge,
    );
  }
  return client;
}
