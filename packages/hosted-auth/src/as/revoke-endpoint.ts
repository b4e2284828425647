// POST /oauth/revoke: RFC 7009. A refresh or access token ends its grant; the user's last grant takes the upstream credential with it.
import { json, oauthError, readParams } from '../http/respond.js';
import type { AccessTokens } from './access-token.js';
import { authenticateClient } from './client-auth.js';
import type { ClientRegistry } from './clients.js';
import type { GrantRecord, Grants } from './grants.js';

export interface RevokeDeps {
  clients: ClientRegistry;
  grants: Grants;
  tokens: AccessTokens;
  /** Called with the subject whose grant ended: deletes the upstream credential when no grant is left. */
  grantEnded: (subject: string) => Promise<void>;
}

export async function revokeEndpoint(request: Request, deps: RevokeDeps): Promise<Response> {
  if (request.method !== 'POST') return oauthError(405, 'invalid_request', 'Use POST', { allow: 'POST' });
  const params = await readParams(request);
  const token = params.get('token');
  if (token === null || token === '') return oauthError(400, 'invalid_request', 'token is missing');
  const hint = params.get('token_type_hint');
  if (hint !== null && hint !== 'refresh_token' && hint !== 'access_token') {
    return oauthError(400, 'unsupported_token_type', 'Only refresh_token and access_token can be revoked');
  }
  const client = await authenticateClient(request, params, deps.clients);
  if (client instanceof Response) return client;
  const found = await grantOf(token, deps);
  // RFC 7009 §2.2: an unknown or foreign token is answered 200 like a revoked one (nothing to learn from it).
  if (found?.record.clientId === client.client_id) {
    await deps.grants.revokeGrant(found.id);
    await deps.grantEnded(found.record.subject);
  }
  return json({}, 200);
}

/** The live grant a refresh token or an access token of this server belongs to. */
async function grantOf(
  token: string,
  deps: RevokeDeps,
): Promise<{ id: string; record: GrantRecord } | undefined> {
  const id = (await deps.grants.grantOfRefreshToken(token)) ?? (await grantOfAccessToken(token, deps.tokens));
  // Stryker disable next-line ConditionalExpression: equivalent (no grant is stored as `grant:undefined`), see README
  if (id === undefined) return undefined;
  const record = await deps.grants.grant(id);
  return record === undefined ? undefined : { id, record };
}

async function grantOfAccessToken(token: string, tokens: AccessTokens): Promise<string | undefined> {
  const info = await tokens.verify(token, async () => true).catch(() => undefined);
  // verify names the grant in every AuthInfo it answers.
  return info === undefined ? undefined : (info.extra as { grant: string }).grant;
}
