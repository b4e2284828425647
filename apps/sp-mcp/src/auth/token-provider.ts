// SP-API credentials: the LWA refresh grant per identity, sent through the credential pipeline, as the API pipeline's token auth.
import { type Logger, UpstreamHttpError } from '@obmcp/contract';
import {
  credentialFailure,
  credentialPipeline,
  type Fetcher,
  formBody,
  noRateLimitHeaders,
  type Pipeline,
  requestCredential,
  type TokenAuth,
  tokenAuth,
} from '@obmcp/http-kit';
import type { Config } from '../config.js';
import { isExpiredToken, readErrors } from '../http/upstream-error.js';
import type { Identity } from '../session/identities.js';
import type { Session } from '../session/session.js';
import { lwaAuthError, parseLwaError } from './lwa-errors.js';

/** The LWA token endpoint as an upstream: no credentials of its own, two attempts within config.tokenRetry. */
function lwaPipeline(config: Config, fetcher: Fetcher, log?: Logger): Pipeline {
  return credentialPipeline({
    // Stryker disable next-line StringLiteral: the name only prefixes limiter keys, and this pipeline has no limits.
    name: 'sp-lwa',
    service: 'Login with Amazon',
    fetcher,
    baseUrl: () => config.lwaEndpoint,
    headers: noRateLimitHeaders(['x-amzn-requestid']),
    errors: parseLwaError,
    retry: { maxAttempts: 2, ...config.tokenRetry },
    ...(log ? { log } : {}),
  });
}

async function exchange(
  lwa: Pipeline,
  config: Config,
  identity: Identity,
  signal?: AbortSignal,
): Promise<{ value: string; expiresAt: number }> {
  let body: unknown;
  try {
    ({ body } = await requestCredential(lwa, {
      operation: 'lwaRefreshGrant',
      method: 'POST',
      path: '',
      contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
      body: formBody({
        grant_type: 'refresh_token',
        refresh_token: identity.refreshToken,
        client_id: config.clientId,
        client_secret: config.clientSecret,
      }),
      ...(signal ? { signal } : {}),
    }));
  } catch (error) {
    throw error instanceof UpstreamHttpError ? credentialFailure(error) : error;
  }
  const b = (body ?? {}) as { access_token?: unknown; expires_in?: unknown };
  if (typeof b.access_token !== 'string' || b.access_token.length === 0) {
    throw lwaAuthError(200, {
      error: 'invalid_response',
      error_description: 'LWA returned no access_token',
    });
  }
  const expiresIn = typeof b.expires_in === 'number' && b.expires_in > 0 ? b.expires_in : 3600;
  return { value: b.access_token, expiresAt: Date.now() + expiresIn * 1000 };
}

/** Scope = identity id; the token goes out as x-amz-access-token; an expired token is a 403 "Unauthorized … expired". */
export function createSpAuth(
  config: Config,
  fetcher: Fetcher,
  session: Session,
  log?: Logger,
): TokenAuth<string> {
  const lwa = lwaPipeline(config, fetcher, log);
  const identityOf = (id: string): Identity => session.list().find((i) => i.id === id) ?? session.active();
  return tokenAuth<string>({
    refreshEarlyMs: 5 * 60_000,
    toHeaders: (token) => ({ 'x-amz-access-token': token }),
    isExpired: (res) => isExpiredToken(res.status, readErrors(res)),
    fetchToken: (scope, signal) => exchange(lwa, config, identityOf(scope), signal),
  });
}
