// POST /oauth/token: authorization_code (PKCE S256, exact redirect URI, one use) and refresh_token (rotation, reuse = revoke).
import { json, oauthError, readParams } from '../http/respond.js';
import type { AccessTokens } from './access-token.js';
import { sameResource } from './authorization-request.js';
import { authenticateClient } from './client-auth.js';
import type { ClientRegistry } from './clients.js';
import type { Grants } from './grants.js';
import { isWellFormedVerifier, pkceMatches } from './random.js';

export interface TokenEndpointDeps {
  clients: ClientRegistry;
  grants: Grants;
  tokens: AccessTokens;
  resource: string;
  /** A refresh token was issued: the subject's upstream credential lives as long as it; false when it is gone. */
  renewCredential: (subject: string) => Promise<boolean>;
  log: (event: string, fields: Record<string, string | number | boolean>) => void;
}

export async function tokenEndpoint(request: Request, deps: TokenEndpointDeps): Promise<Response> {
  if (request.method !== 'POST') return oauthError(405, 'invalid_request', 'Use POST', { allow: 'POST' });
  // 'null' without the header: not a form either.
  const type = String(request.headers.get('content-type'));
  if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    return oauthError(
      400,
      'invalid_request',
      'The token request is a form (application/x-www-form-urlencoded)',
    );
  }
  const params = await readParams(request);
  const grantType = params.get('grant_type');
  if (grantType === null) return oauthError(400, 'invalid_request', 'grant_type is missing');
  if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
    return oauthError(
      400,
      'unsupported_grant_type',
      'Only authorization_code and refresh_token are supported',
    );
  }
  const client = await authenticateClient(request, params, deps.clients);
  if (client instanceof Response) return client;
  const resources = params.getAll('resource');
  if (resources.length > 1 || (resources[0] !== undefined && !sameResource(resources[0], deps.resource))) {
    return oauthError(400, 'invalid_target', 'The resource is not this server');
  }
  return grantType === 'authorization_code'
    ? authorizationCode(params, client.client_id, deps)
    : refresh(params, client.client_id, deps);
}

async function authorizationCode(
  params: URLSearchParams,
  clientId: string,
  deps: TokenEndpointDeps,
): Promise<Response> {
  const code = params.get('code');
  const verifier = params.get('code_verifier');
  const redirectUri = params.get('redirect_uri');
  if (code === null || code === '') return oauthError(400, 'invalid_request', 'code is missing');
  if (verifier === null || verifier === '')
    return oauthError(400, 'invalid_request', 'PKCE code_verifier is missing');
  if (!isWellFormedVerifier(verifier))
    return oauthError(400, 'invalid_request', 'The code_verifier is not 43-128 unreserved characters');
  const redeemed = await deps.grants.redeemCode(code);
  if (redeemed.kind === 'replayed') {
    deps.log('code_replayed', { client: clientId });
    return oauthError(
      400,
      'invalid_grant',
      'The authorization code was already used; the grant it started is revoked',
    );
  }
  if (redeemed.kind !== 'ok')
    return oauthError(400, 'invalid_grant', 'The authorization code is unknown or expired');
  const { record } = redeemed;
  if (record.clientId !== clientId)
    return oauthError(400, 'invalid_grant', 'The authorization code was issued to another client');
  if (redirectUri !== record.redirectUri) {
    return oauthError(400, 'invalid_grant', 'redirect_uri does not match the authorization request');
  }
  if (!pkceMatches(verifier, record.codeChallenge)) {
    return oauthError(400, 'invalid_grant', 'The PKCE code_verifier does not match the code_challenge');
  }
  const { grant, refreshToken } = await deps.grants.startGrant(code, {
    subject: record.subject,
    clientId,
    scopes: record.scopes,
    resource: record.resource,
  });
  await deps.renewCredential(record.subject);
  const { token, expiresIn } = await deps.tokens.issue({
    subject: record.subject,
    clientId,
    scopes: record.scopes,
    grant,
  });
  deps.log('token_issued', { client: clientId, grant: grant.slice(0, 8), grant_type: 'authorization_code' });
  return json({
    access_token: token,
    token_type: 'Bearer',
    expires_in: expiresIn,
    refresh_token: refreshToken,
    scope: record.scopes.join(' '),
  });
}

async function refresh(
  params: URLSearchParams,
  clientId: string,
  deps: TokenEndpointDeps,
): Promise<Response> {
  const presented = params.get('refresh_token');
  if (presented === null || presented === '')
    return oauthError(400, 'invalid_request', 'refresh_token is missing');
  const peeked = await deps.grants.grantOfRefreshToken(presented);
  // Stryker disable next-line ConditionalExpression: grant(undefined) reads no grant either (equivalent), see README
  const owner = peeked === undefined ? undefined : await deps.grants.grant(peeked);
  if (owner !== undefined && owner.clientId !== clientId) {
    return oauthError(400, 'invalid_grant', 'The refresh token was issued to another client');
  }
  const requested = (params.get('scope') ?? '').split(' ').filter((s) => s !== '');
  if (owner !== undefined && !requested.every((s) => owner.scopes.includes(s))) {
    return oauthError(400, 'invalid_scope', 'A refresh may narrow the scope, never widen it');
  }
  const outcome = await deps.grants.rotate(presented);
  if (outcome.kind === 'reused') {
    deps.log('refresh_reused', { client: clientId, grant: outcome.grant.slice(0, 8) });
    return oauthError(400, 'invalid_grant', 'The refresh token was already used; the grant is revoked');
  }
  if (outcome.kind === 'unknown') {
    return oauthError(400, 'invalid_grant', 'The refresh token is unknown, expired or revoked');
  }
  if (!(await deps.renewCredential(outcome.record.subject))) {
    await deps.grants.revokeGrant(outcome.grant);
    return oauthError(400, 'invalid_grant', 'The upstream login is gone; log in again');
  }
  const scopes = requested.length > 0 ? requested : outcome.record.scopes;
  const { token, expiresIn } = await deps.tokens.issue({
    subject: outcome.record.subject,
    clientId,
    scopes,
    grant: outcome.grant,
  });
  deps.log('token_issued', {
    client: clientId,
    grant: outcome.grant.slice(0, 8),
    grant_type: 'refresh_token',
  });
  return json({
    access_token: token,
    token_type: 'Bearer',
    expires_in: expiresIn,
    refresh_token: outcome.refreshToken,
    scope: scopes.join(' '),
  });
}
