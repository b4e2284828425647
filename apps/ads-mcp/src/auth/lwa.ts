// Direct Login with Amazon: refresh token → access token on the region's LWA host (or ADS_API_LWA_ENDPOINT), cached per region.
import { UpstreamTransportError } from '@obmcp/contract';
import { formBody, TokenCache } from '@obmcp/http-kit';
import { currentHostedUser } from '@obmcp/mcp-server/hosted';
import { REGION_INFO, type Region } from '../regions.js';
import type { CredentialExchange } from './credential-exchange.js';
import type { AdsCredentials, CredentialSource } from './types.js';

export interface LwaCredentials {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
}

const LWA_HINTS = [
  'Check ADS_API_CLIENT_ID / ADS_API_CLIENT_SECRET (the LWA security profile) and ADS_API_REFRESH_TOKEN.',
  'An invalid_grant means the refresh token was revoked or issued for another client: re-authorize the app in Login with Amazon.',
];

const LWA = { service: 'Login with Amazon', hints: LWA_HINTS };

/** `tokenUrl` replaces the region's LWA host when set (ADS_API_LWA_ENDPOINT). */
export function createLwaSource(
  send: CredentialExchange,
  creds: LwaCredentials,
  tokenUrl?: string,
): CredentialSource {
  const cache = new TokenCache<string>({ refreshEarlyMs: 5 * 60_000 });

  async function exchange(
    region: Region,
    refreshToken: string,
    signal?: AbortSignal,
  ): Promise<{ value: string; expiresAt: number }> {
    const answer = await send(
      {
        operation: 'lwaRefreshGrant',
        method: 'POST',
        path: tokenUrl ?? REGION_INFO[region].tokenUrl,
        contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
        body: formBody({
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: creds.clientId,
          client_secret: creds.clientSecret,
        }),
        ...(signal ? { signal } : {}),
      },
      LWA,
    );
    const body = (answer ?? {}) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string' || body.access_token === '') {
      throw new UpstreamTransportError('UPSTREAM_INVALID_RESPONSE', {
        summary: 'Login with Amazon answered without an access_token.',
        details: [
          {
            path: 'access_token',
            issue: 'missing from token response',
            received_type: typeof body.access_token,
          },
        ],
      });
    }
    const ttl = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
    return { value: body.access_token, expiresAt: Date.now() + ttl * 1000 };
  }

  return {
    mode: 'direct',
    async get(region, signal): Promise<AdsCredentials> {
      // --hosted: the request's user's own refresh token, and a cache entry of their own.
      const user = currentHostedUser();
      const key = user === undefined ? region : `${user.subject}\n${region}`;
      const accessToken = await cache.get(key, () =>
        exchange(region, user?.secret ?? creds.refreshToken, signal),
      );
      return { accessToken, clientId: creds.clientId };
    },
    invalidate(region): void {
      const user = currentHostedUser();
      cache.invalidate(user === undefined ? region : `${user.subject}\n${region}`);
    },
  };
}
