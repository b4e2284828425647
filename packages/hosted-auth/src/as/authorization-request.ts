// The authorization endpoint's checks (RFC 6749 §4.1.1, RFC 7636, RFC 8707): which failures show a page, which redirect.
import type { ClientRecord, ClientRegistry } from './clients.js';
import { isWellFormedChallenge } from './random.js';
import { redirectUriMatches } from './redirect-uris.js';

export interface AuthorizationRequest {
  client: ClientRecord;
  redirectUri: string;
  state: string | undefined;
  codeChallenge: string;
  scopes: string[];
  resource: string;
}

export type Checked =
  | { kind: 'ok'; request: AuthorizationRequest }
  /** Unknown client or a redirect URI not registered: never redirect (§4.1.2.1), show a page. */
  | { kind: 'page'; title: string; message: string }
  /** Anything else: back to the client's redirect URI with the error. */
  | { kind: 'redirect'; redirectUri: string; state: string | undefined; error: string; description: string };

/** Two resource URLs name the same resource when they differ at most by a fragment or one trailing slash. */
export function sameResource(a: string, b: string): boolean {
  const norm = (value: string): string | undefined => {
    if (!URL.canParse(value)) return undefined;
    const url = new URL(value);
    url.hash = '';
    return url.href.replace(/\/$/, '');
  };
  const left = norm(a);
  return left !== undefined && left === norm(b);
}

export async function checkAuthorizationRequest(
  params: URLSearchParams,
  clients: ClientRegistry,
  supportedScopes: string[],
  resource: string,
): Promise<Checked> {
  const clientId = params.get('client_id');
  if (clientId === null || clientId === '') {
    return { kind: 'page', title: 'Missing client', message: 'The request names no client_id.' };
  }
  const client = await clients.find(clientId);
  if (client === undefined) {
    return {
      kind: 'page',
      title: 'Unknown client',
      message: 'This client is not registered and its client_id names no usable metadata document.',
    };
  }
  const redirectUri =
    params.get('redirect_uri') ?? (client.redirect_uris.length === 1 ? client.redirect_uris[0] : undefined);
  // Stryker disable next-line ConditionalExpression: no registered URI matches undefined either (equivalent), see README
  if (redirectUri === undefined || !redirectUriMatches(client.redirect_uris, redirectUri)) {
    return {
      kind: 'page',
      title: 'Redirect URI mismatch',
      message: 'The redirect_uri is not one this client registered (they must match exactly).',
    };
  }
  const state = params.get('state') ?? undefined;
  const back = (error: string, description: string): Checked => ({
    kind: 'redirect',
    redirectUri,
    state,
    error,
    description,
  });
  if (params.get('response_type') !== 'code')
    return back('unsupported_response_type', 'Only response_type=code is supported');
  const challenge = params.get('code_challenge');
  if (challenge === null || challenge === '')
    return back('invalid_request', 'PKCE is required: code_challenge is missing');
  if (params.get('code_challenge_method') !== 'S256') {
    return back('invalid_request', 'PKCE code_challenge_method must be S256');
  }
  if (!isWellFormedChallenge(challenge))
    return back('invalid_request', 'The code_challenge is not an S256 challenge');
  const requested = (params.get('scope') ?? '').split(' ').filter((s) => s !== '');
  if (!requested.every((s) => supportedScopes.includes(s)))
    return back('invalid_scope', 'A requested scope is not supported');
  const resources = params.getAll('resource');
  if (resources.length > 1 || (resources[0] !== undefined && !sameResource(resources[0], resource))) {
    return back('invalid_target', 'The resource is not this server');
  }
  return {
    kind: 'ok',
    request: {
      client,
      redirectUri,
      state,
      codeChallenge: challenge,
      scopes: requested.length > 0 ? requested : supportedScopes,
      resource,
    },
  };
}

/** The client's redirect URI with the response parameters (and `iss`, RFC 9207, against mix-up attacks). */
export function responseUri(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(name, value);
  return url.href;
}
