// SP-API credentials: LWA refresh grant per identity (form body), as the pipeline's token auth plug-in.
import { UpstreamHttpError } from '@obmcp/contract';
import { type Fetcher, formBody, type TokenAuth, tokenAuth, withRetry } from '@obmcp/http-kit';
import type { SpConfig } from '../config.js';
import { isExpiredToken, readErrors } from '../http/upstream-error.js';
import type { Identity } from '../identity/identities.js';
import type { Session } from '../identity/session.js';
import { lwaAuthError } from './lwa-errors.js';

async function exchange(config: SpConfig, fetcher: Fetcher, identity: Identity, signal?: AbortSignal) {
  const res = await fetcher.send({
    method: 'POST',
    url: config.lwaEndpoint,
    headers: {
      'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
      accept: 'application/json',
    },
    body: formBody({
      grant_type: 'refresh_token',
      refresh_token: identity.refreshToken,
      client_id: config.clientId,
      client_secret: config.clientSecret,
    }),
    ...(signal ? { signal } : {}),
  });
  if (res.status === 429 || res.status >= 500) {
    // Transient: let withRetry decide; surfaces as AuthError below when it gives up.
    throw new UpstreamHttpError(res.status, { service: 'Login with Amazon' });
  }
  const body = res.json();
  if (!res.ok) throw lwaAuthError(res.status, body);
  const b = body as { access_token?: unknown; expires_in?: unknown };
  if (typeof b.access_token !== 'string' || b.access_token.length === 0) {
    throw lwaAuthError(res.status, {
      error: 'invalid_response',
      error_description: 'LWA returned no access_token',
    });
  }
  const expiresIn = typeof b.expires_in === 'number' && b.expires_in > 0 ? b.expires_in : 3600;
  return { value: b.access_token, expiresAt: Date.now() + expiresIn * 1000 };
}

/** Scope = identity id; the token goes out as x-amz-access-token; an expired token is a 403 "Unauthorized … expired". */
export function createSpAuth(config: SpConfig, fetcher: Fetcher, session: Session): TokenAuth<string> {
  const identityOf = (id: string): Identity => session.list().find((i) => i.id === id) ?? session.active();
  return tokenAuth<string>({
    refreshEarlyMs: 5 * 60_000,
    toHeaders: (token) => ({ 'x-amz-access-token': token }),
    isExpired: (res) => isExpiredToken(res.status, readErrors(res)),
    async fetchToken(scope, signal) {
      try {
        return await withRetry(() => exchange(config, fetcher, identityOf(scope), signal), {
          maxAttempts: 2,
          baseDelayMs: config.mock ? 20 : 500,
          maxDelayMs: config.mock ? 100 : 2_000,
          maxTotalMs: config.mock ? 500 : 5_000,
          shouldRetry: (error) => ({ retry: error instanceof UpstreamHttpError }),
          ...(signal ? { signal } : {}),
        });
      } catch (error) {
        if (error instanceof UpstreamHttpError)
          throw lwaAuthError(error.status, { error: 'temporarily_unavailable' });
        throw error;
      }
    },
  });
}
