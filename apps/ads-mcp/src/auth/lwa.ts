// Direct Login with Amazon: refresh token → access token on the region's LWA host, cached per region.
import { UpstreamTransportError } from '@obmcp/contract';
import { type Fetcher, formBody, TokenCache } from '@obmcp/http-kit';
import { REGION_INFO, type Region } from '../regions.js';
import { exchangeFailure } from './exchange-error.js';
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

export function createLwaSource(fetcher: Fetcher, creds: LwaCredentials): CredentialSource {
  const cache = new TokenCache<string>({ refreshEarlyMs: 5 * 60_000 });
  const secrets = [creds.clientSecret, creds.refreshToken];

  async function exchange(
    region: Region,
    signal?: AbortSignal,
  ): Promise<{ value: string; expiresAt: number }> {
    const res = await fetcher.send({
      method: 'POST',
      url: REGION_INFO[region].tokenUrl,
      headers: {
        'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
        accept: 'application/json',
      },
      body: formBody({
        grant_type: 'refresh_token',
        refresh_token: creds.refreshToken,
        client_id: creds.clientId,
        client_secret: creds.clientSecret,
      }),
      signal,
    });
    if (!res.ok) throw exchangeFailure('Login with Amazon', res, LWA_HINTS, secrets);
    const body = res.json() as { access_token?: unknown; expires_in?: unknown };
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
      const accessToken = await cache.get(region, () => exchange(region, signal));
      return { accessToken, clientId: creds.clientId };
    },
    invalidate(region): void {
      cache.invalidate(region);
    },
  };
}
