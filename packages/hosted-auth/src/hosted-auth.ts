// createHostedAuth: one server's authorization server (RFC 8414) and resource-server gate (RFC 9728), as fetch handlers.
import {
  type AuthInfo,
  type OAuthTokenVerifier,
  getOAuthProtectedResourceMetadataUrl,
  oauthMetadataResponse,
  requireBearerAuth,
} from '@modelcontextprotocol/server';
import type { SessionChoiceStore } from '@obmcp/mcp-server/hosted';
import { AccessTokens } from './as/access-token.js';
import { guardedClientMetadataFetcher, loopbackClientMetadataFetcher } from './as/client-metadata-fetch.js';
import { ClientRegistry } from './as/clients.js';
import { Grants } from './as/grants.js';
import { LoginFlow } from './as/login-flow.js';
import { registerEndpoint } from './as/register-endpoint.js';
import { RegistrationLimit } from './as/registration-limit.js';
import { revokeEndpoint } from './as/revoke-endpoint.js';
import { tokenEndpoint } from './as/token-endpoint.js';
import { oauthError } from './http/respond.js';
import { UserSessionChoices } from './store/user-session-choices.js';
import type { HostedAuthOptions } from './options.js';
import type { UpstreamCredential } from './vault/vault.js';

/** Who a verified request acts for: the MCP token's subject and that user's upstream credential. */
export interface HostedIdentity {
  auth: AuthInfo;
  /** `<login>:<account>`, e.g. `sp:A1B2C3` (a selling partner), `ads:amzn1.account.X`, `openbridge:123`. */
  subject: string;
  /** The user's upstream credential; undefined when the user logged out in the meantime. */
  credential: UpstreamCredential;
}

export interface HostedAuth {
  /**
   * Answers the discovery documents and /oauth/* endpoints; undefined for any other request (the MCP route's).
   * `client.address` is the connecting address (what the registration limit counts by).
   */
  handle(request: Request, client?: { address?: string }): Promise<Response | undefined>;
  /** The bearer gate of the MCP route: the identity, or the 401/403 answer with its WWW-Authenticate challenge. */
  authenticate(request: Request): Promise<HostedIdentity | Response>;
  /** Ends every grant of the subject and deletes its upstream credential and session choices. */
  logout(subject: string): Promise<void>;
  /** Each user's session choices (region, active profile …) by subject, shared by every replica; they end with the login. */
  readonly sessionChoices: SessionChoiceStore;
  /** The RFC 9728 document's URL (what the challenge points to). */
  readonly resourceMetadataUrl: string;
  readonly issuer: string;
}

const PATHS = {
  authorize: '/oauth/authorize',
  consent: '/oauth/consent',
  callback: '/oauth/callback',
  token: '/oauth/token',
  register: '/oauth/register',
  revoke: '/oauth/revoke',
} as const;

export function createHostedAuth(options: HostedAuthOptions): HostedAuth {
  const now = options.now ?? Date.now;
  const issuerUrl = options.issuer ?? new URL(options.resource.origin);
  const issuer = issuerUrl.href.replace(/\/$/, '');
  const resource = options.resource.href;
  const scopes = options.scopes ?? ['mcp'];
  const log = options.log ?? ignore;
  const endpoint = (path: string): string => new URL(path, `${issuer}/`).href;
  const clients = new ClientRegistry(
    options.store,
    options.fetchClientMetadata ?? guardedClientMetadataFetcher(),
    // A loopback test deployment (http issuer) also takes a test host's document served on loopback.
    options.dangerouslyAllowInsecureIssuerUrl === true ? loopbackClientMetadataFetcher() : undefined,
  );
  const registrations = new RegistrationLimit(options.store, options.registrationsPerMinute ?? 20, now);
  const refreshTtl = options.refreshTokenTtlSeconds ?? 30 * 24 * 3600;
  const grants = new Grants(options.store, options.codeTtlSeconds ?? 60, refreshTtl);
  const sessionChoices = new UserSessionChoices(options.store, refreshTtl);
  const tokens = new AccessTokens(
    options.signingKey,
    issuer,
    resource,
    options.accessTokenTtlSeconds ?? 300,
    now,
  );
  const flow = new LoginFlow({
    serverName: options.serverName,
    issuer,
    resource,
    scopes,
    clients,
    grants,
    store: options.store,
    vault: options.vault,
    upstream: options.upstream,
    loginTtl: options.loginTtlSeconds ?? 600,
    credentialTtl: refreshTtl,
    secureCookies: issuerUrl.protocol === 'https:',
    log,
  });
  const metadataOptions = {
    oauthMetadata: {
      issuer,
      authorization_endpoint: endpoint(PATHS.authorize),
      token_endpoint: endpoint(PATHS.token),
      registration_endpoint: endpoint(PATHS.register),
      revocation_endpoint: endpoint(PATHS.revoke),
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      revocation_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      scopes_supported: scopes,
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: true,
    },
    resourceServerUrl: options.resource,
    scopesSupported: scopes,
    resourceName: options.serverName,
    ...(options.dangerouslyAllowInsecureIssuerUrl === true
      ? { dangerouslyAllowInsecureIssuerUrl: true }
      : {}),
  };
  const resourceMetadataUrl = getOAuthProtectedResourceMetadataUrl(options.resource);
  const grantAlive = async (grant: string): Promise<boolean> => (await grants.grant(grant)) !== undefined;
  const verifier: OAuthTokenVerifier = { verifyAccessToken: (token) => tokens.verify(token, grantAlive) };
  const gate = requireBearerAuth({
    verifier,
    requiredScopes: scopes,
    resourceMetadataUrl,
    expectedResource: options.resource,
  });

  const grantEnded = async (subject: string): Promise<void> => {
    const live = [];
    for (const grant of await options.store.members(`subject-grants:${subject}`))
      if (await grantAlive(grant)) live.push(grant);
    if (live.length === 0) {
      await grants.revokeSubject(subject);
      await options.vault.delete(subject);
      await sessionChoices.delete(subject);
      log('credential_deleted', { subject_kind: subjectKind(subject) });
    }
  };

  const routes: Record<string, (request: Request, address: string) => Promise<Response>> = {
    [PATHS.authorize]: (r) =>
      r.method === 'GET'
        ? flow.authorize(r)
        : Promise.resolve(oauthError(405, 'invalid_request', 'Use GET', { allow: 'GET' })),
    [PATHS.consent]: (r) =>
      r.method === 'POST'
        ? flow.consent(r)
        : Promise.resolve(oauthError(405, 'invalid_request', 'Use POST', { allow: 'POST' })),
    [PATHS.callback]: (r) => flow.callback(r),
    [PATHS.token]: (r) =>
      tokenEndpoint(r, {
        clients,
        grants,
        tokens,
        resource,
        log,
        renewCredential: (s) => options.vault.renew(s, refreshTtl),
      }),
    [PATHS.register]: (r, address) => registerEndpoint(r, clients, registrations, address),
    [PATHS.revoke]: (r) => revokeEndpoint(r, { clients, grants, tokens, grantEnded }),
  };

  return {
    issuer,
    resourceMetadataUrl,
    sessionChoices,
    async handle(request, client) {
      const discovered = oauthMetadataResponse(request, metadataOptions);
      if (discovered !== undefined) return discovered;
      const route = routes[new URL(request.url).pathname];
      return route === undefined ? undefined : route(request, client?.address ?? 'unknown');
    },
    async authenticate(request) {
      const auth = await gate(request);
      if (auth instanceof Response) return auth;
      // verify names the subject in every AuthInfo it answers.
      const subject = (auth.extra as { subject: string }).subject;
      const credential = await options.vault.get(subject);
      if (credential === undefined) {
        return new Response(
          JSON.stringify({
            error: 'invalid_token',
            error_description: 'The upstream login is gone; log in again',
          }),
          {
            status: 401,
            headers: {
              'content-type': 'application/json',
              'www-authenticate': `Bearer error="invalid_token", error_description="The upstream login is gone; log in again", resource_metadata="${resourceMetadataUrl}"`,
            },
          },
        );
      }
      return { auth, subject, credential };
    },
    async logout(subject) {
      await grants.revokeSubject(subject);
      await options.vault.delete(subject);
      await sessionChoices.delete(subject);
      log('credential_deleted', { subject_kind: subjectKind(subject) });
    },
  };
}

/** The login a subject belongs to (`sp` of `sp:A1B2C3`): what a log line may say about a user. */
function subjectKind(subject: string): string {
  return subject.slice(0, subject.indexOf(':'));
}

/** The audit log when none is given. */
function ignore(): void {}
