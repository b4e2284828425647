// msw handlers for POST /auth/o2/token on the three LWA hosts (form or JSON body, refresh/client grants).
import { HttpResponse, http, type RequestHandler } from 'msw';
import { withFault } from '../with-fault.js';
import { isDummyCredential } from './credentials.js';
import { lwaError, renderLwaFault } from './render-fault.js';
import { issueAccessToken } from './tokens.js';

export const LWA_HOSTS = [
  'https://api.amazon.com',
  'https://api.amazon.co.uk',
  'https://api.amazon.co.jp',
] as const;

async function readParams(request: Request): Promise<Record<string, string>> {
  const text = await request.text();
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
      }
    } catch {
      return {};
    }
    return {};
  }
  return Object.fromEntries(new URLSearchParams(text));
}

async function tokenEndpoint({ request }: { request: Request }): Promise<Response> {
  const p = await readParams(request);
  const grant = p.grant_type;
  if (grant !== 'refresh_token' && grant !== 'client_credentials') {
    return lwaError(400, 'unsupported_grant_type', 'The authorization grant type is not supported.');
  }
  if (!p.client_id || !p.client_secret) {
    return lwaError(400, 'invalid_request', 'The request is missing a required parameter : client_id');
  }
  if (!isDummyCredential(p.client_id) || !isDummyCredential(p.client_secret)) {
    return lwaError(401, 'invalid_client', 'Client authentication failed');
  }
  if (grant === 'refresh_token' && p.scope !== undefined) {
    return lwaError(400, 'invalid_request', 'scope and refresh_token cannot be sent together');
  }
  if (grant === 'refresh_token' && !isDummyCredential(p.refresh_token)) {
    return lwaError(
      400,
      'invalid_grant',
      "The request has an invalid grant parameter : refresh_token. User may have revoked or didn't grant the permission.",
    );
  }
  const refreshToken = p.refresh_token ?? '';
  const body: Record<string, string | number> = {
    access_token: issueAccessToken(p.client_id, refreshToken || `grantless:${p.scope ?? ''}`),
    token_type: 'bearer',
    expires_in: 3600,
  };
  if (grant === 'refresh_token') body.refresh_token = refreshToken;
  return HttpResponse.json(body, {
    status: 200,
    headers: {
      'content-type': 'application/json;charset=UTF-8',
      'cache-control': 'no-store',
      pragma: 'no-cache',
      'x-amzn-requestid': crypto.randomUUID(),
    },
  });
}

export const lwaHandlers: RequestHandler[] = LWA_HOSTS.map((host) =>
  http.post(`${host}/auth/o2/token`, withFault('auth', renderLwaFault, tokenEndpoint)),
);
