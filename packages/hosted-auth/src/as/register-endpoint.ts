// POST /oauth/register: RFC 7591 dynamic client registration, for clients that do not use a metadata document.
import { json, oauthError } from '../http/respond.js';
import { type ClientRegistry, RegistrationError } from './clients.js';
import type { RegistrationLimit } from './registration-limit.js';

export async function registerEndpoint(
  request: Request,
  clients: ClientRegistry,
  limit: RegistrationLimit,
  address: string,
): Promise<Response> {
  if (request.method !== 'POST') return oauthError(405, 'invalid_request', 'Use POST', { allow: 'POST' });
  const wait = await limit.take(address);
  if (wait !== undefined) {
    return oauthError(
      429,
      'temporarily_unavailable',
      `Too many client registrations from this address; retry in ${wait} s`,
      { 'retry-after': String(wait) },
    );
  }
  // 'null' without the header: not JSON either.
  if (!String(request.headers.get('content-type')).toLowerCase().startsWith('application/json')) {
    return oauthError(400, 'invalid_client_metadata', 'The registration request is JSON');
  }
  let raw: unknown;
  try {
    raw = await request.json();
  } catch {
    return oauthError(400, 'invalid_client_metadata', 'The registration request is not JSON');
  }
  try {
    const { record, secret } = await clients.register(raw);
    return json(
      {
        client_id: record.client_id,
        client_id_issued_at: Math.floor(Date.now() / 1000),
        client_name: record.client_name,
        redirect_uris: record.redirect_uris,
        token_endpoint_auth_method: record.token_endpoint_auth_method,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        ...(secret === undefined ? {} : { client_secret: secret, client_secret_expires_at: 0 }),
      },
      201,
    );
  } catch (error) {
    if (error instanceof RegistrationError) return oauthError(400, error.code, error.message);
    throw error;
  }
}
