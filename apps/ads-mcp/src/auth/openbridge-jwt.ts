// Openbridge refresh token → JWT (POST /auth/api/ref, 200 or 202), cached and refreshed 5 minutes early.
import { UpstreamTransportError } from '@obmcp/contract';
import { type Fetcher, TokenCache } from '@obmcp/http-kit';
import { exchangeFailure } from './exchange-error.js';
import { jwtExpiryMs } from './jwt-expiry.js';
import { OPENBRIDGE } from './openbridge-hosts.js';

export const OPENBRIDGE_AUTH_HINTS = [
  'Check OPENBRIDGE_REFRESH_TOKEN (format key:secret, created in Openbridge Account → API Management).',
  'Create a new refresh token in the Openbridge UI if this one was revoked.',
];

export type JwtProvider = (signal?: AbortSignal) => Promise<string>;

export function createJwtProvider(fetcher: Fetcher, refreshToken: string): JwtProvider {
  const cache = new TokenCache<string>({ refreshEarlyMs: 5 * 60_000 });
  return (signal) =>
    cache.get('jwt', async () => {
      const res = await fetcher.send({
        method: 'POST',
        url: OPENBRIDGE.authUrl,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ data: { type: 'APIAuth', attributes: { refresh_token: refreshToken } } }),
        signal,
      });
      if (res.status !== 200 && res.status !== 202) {
        throw exchangeFailure('Openbridge authentication', res, OPENBRIDGE_AUTH_HINTS, [refreshToken]);
      }
      const body = res.json() as { data?: { attributes?: { token?: unknown } } };
      const token = body.data?.attributes?.token;
      if (typeof token !== 'string' || token === '') {
        throw new UpstreamTransportError('UPSTREAM_INVALID_RESPONSE', {
          summary: 'Openbridge authentication answered without data.attributes.token.',
          details: [
            { path: 'data/attributes/token', issue: 'missing from response', received_type: typeof token },
          ],
        });
      }
      return { value: token, expiresAt: jwtExpiryMs(token) ?? Date.now() + 3600_000 };
    });
}
