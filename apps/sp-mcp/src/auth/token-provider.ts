// LWA access tokens per identity: form-body refresh grant, cached via TokenCache (early refresh, dedupe).
import { UpstreamHttpError } from '@obmcp/contract';
import { type Fetcher, formBody, TokenCache, withRetry } from '@obmcp/http-kit';
import type { SpConfig } from '../config.js';
import type { Identity } from '../identity/identities.js';
import { lwaAuthError } from './lwa-errors.js';

export interface TokenProvider {
  /** The cached access token while fresh (no promise); undefined when get() must fetch one. */
  peek(identity: Identity): string | undefined;
  get(identity: Identity, signal?: AbortSignal): Promise<string>;
  invalidate(identity: Identity): void;
}

export function createTokenProvider(config: SpConfig, fetcher: Fetcher): TokenProvider {
  const cache = new TokenCache<string>({ refreshEarlyMs: 5 * 60_000 });

  const exchange = async (identity: Identity, signal?: AbortSignal) => {
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
  };

  return {
    peek: (identity) => cache.peek(identity.id),
    get(identity, signal) {
      return cache.get(identity.id, async () => {
        try {
          return await withRetry(() => exchange(identity, signal), {
            maxAttempts: 2,
            ...config.tokenRetry,
            shouldRetry: (error) => ({ retry: error instanceof UpstreamHttpError }),
            ...(signal ? { signal } : {}),
          });
        } catch (error) {
          if (error instanceof UpstreamHttpError)
            throw lwaAuthError(error.status, { error: 'temporarily_unavailable' });
          throw error;
        }
      });
    },
    invalidate(identity) {
      cache.invalidate(identity.id);
    },
  };
}
